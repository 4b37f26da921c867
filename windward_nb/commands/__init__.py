"""The subcommands of the windward command line."""

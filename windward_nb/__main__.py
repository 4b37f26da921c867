"""``python -m windward_nb``: the ``windward`` command line (see :mod:`windward_nb.cli`)."""

if __name__ == "__main__":
    from windward_nb.cli import main

    raise SystemExit(main())

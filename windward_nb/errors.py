"""Error classes of the engine."""


class IllegalActionError(ValueError):
    """An action that the rules forbid in this position.

    The message names the rule (rulebook section) that forbids it. The state
    is never changed by an action that raises this error.
    """

    def __init__(self, rule: str, reason: str):
        self.rule = rule
        self.reason = reason
        super().__init__(f"{reason} [{rule}]")


class RecordError(ValueError):
    """A game record that cannot be read or replayed; the message names the field or ply."""

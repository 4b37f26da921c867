"""The error classes every game of the family raises.

All are ``ValueError`` subclasses, so code that catches ``ValueError`` keeps
working, and each names what went wrong in words a player can act on.
"""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action that the rules forbid in this position.

    ``rule`` names the section of the rules that forbids it and ``reason``
    says why. The state is never changed by an action that raises this error.

    >>> str(IllegalActionError("Battle", "you have 2 cannons"))
    'you have 2 cannons [Battle]'
    """

    def __init__(self, rule: str, reason: str):
        self.rule = rule
        self.reason = reason
        super().__init__(f"{reason} [{rule}]")

    def __reduce__(self):  # picklable across process pools
        return (type(self), (self.rule, self.reason))


class ActionSyntaxError(ValueError):
    """Text that is not an action of the game at all (a typo, a missing word).

    ``suggestions`` may hold the closest valid action texts.
    """

    def __init__(self, message: str, suggestions: tuple[str, ...] = ()):
        self.suggestions = tuple(suggestions)
        super().__init__(message)

    def __reduce__(self):
        return (type(self), (self.args[0], self.suggestions))


class RecordError(ValueError):
    """A game record that cannot be read or replayed.

    The message names the field or the ply; ``field`` and ``ply`` carry them
    as data (``None`` when not about one).
    """

    def __init__(self, message: str, *, field: str | None = None, ply: int | None = None):
        self.field = field
        self.ply = ply
        super().__init__(message)

    def __reduce__(self):
        return (_record_error, (self.args[0], self.field, self.ply))


def _record_error(message: str, field: str | None, ply: int | None) -> RecordError:
    return RecordError(message, field=field, ply=ply)


class OptionError(ValueError):
    """Options a game cannot be set up with (player count, mode, variant ...)."""


class NoDecisionError(ValueError):
    """A question about the decision to take (a hint, a bot's move) asked where no seat
    decides: chance is pending or the game is over."""


class PlyError(IndexError, ValueError):
    """A ply a record or a replay does not have (or that is not a ply number at all): an
    ``IndexError``, as for a list, and a ``ValueError``, as for every bad argument here."""

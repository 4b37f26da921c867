"""The error classes the workbook raises (the core's, shared by every game of the family).

``IllegalActionError(rule, reason)`` for an action the rules forbid (its message
is ``"reason [rule]"``), ``ActionSyntaxError`` for text that is no action at all,
``RecordError`` for a record that cannot be read or replayed, ``OptionError`` for
options a game cannot be set up with, ``NoDecisionError`` for a hint asked where nobody
decides. All are ``ValueError`` subclasses.
"""

from .core.errors import ActionSyntaxError, IllegalActionError, NoDecisionError, OptionError, RecordError

__all__ = ["ActionSyntaxError", "IllegalActionError", "NoDecisionError", "OptionError", "RecordError"]

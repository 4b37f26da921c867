"""The integer action table: every action a game can ever take, numbered once.

OpenSpiel numbers actions with small integers that mean the same thing in
every state of a game. :class:`ActionTable` holds two such numberings, built
from lists of action *texts* that a game derives from its rules and component
data (never from games it has seen):

- player actions, ``0 .. num_distinct_actions - 1``;
- chance outcomes, ``0 .. max_chance_outcomes - 1``: first the listed outcomes
  (``wind 4``, ``dice 1,2,2``), then ``draws`` numbers for the draws of sampled
  chance (a shuffle card by card, see :mod:`windward_nb.openspiel.draws`).

Each text must read back as itself, and no action may appear twice.

>>> from windward_nb.windward.actions import Action
>>> t = ActionTable(Action, ["move N", "end turn"], ["wind 1", "wind 2"], draws=3)
>>> t.num_distinct_actions, t.max_chance_outcomes
(2, 5)
>>> t.player_id(Action.parse("end turn")), t.player_action(0)
(1, Action('move N'))
>>> t.chance_text(1), t.chance_text(4)
('wind 2', 'draw 2')
>>> t.player_id(Action.parse("move S"))
Traceback (most recent call last):
...
windward_nb.openspiel.table.ActionNotInTable: 'move S' is not in the OpenSpiel action table of windward
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.actions import Action


class ActionNotInTable(KeyError):
    """An action that the table does not number (a bug in the game's enumeration)."""

    def __str__(self) -> str:
        return str(self.args[0])


class ActionTable:
    """Player actions and chance outcomes of one game numbered from 0 (see the module)."""

    def __init__(self, action_type: type[Action], player_texts: Iterable[str], chance_texts: Iterable[str],
                 draws: int):
        self.action_type = action_type
        self.game = action_type.grammar.game
        self.player_actions: tuple[Action, ...] = self._read(player_texts)
        self.chance_actions: tuple[Action, ...] = self._read(chance_texts)
        for a in self.player_actions:
            if a.is_chance:
                raise ValueError(f"{str(a)!r} is a chance outcome, listed among the player actions")
        for a in self.chance_actions:
            if not a.is_chance:
                raise ValueError(f"{str(a)!r} is a player action, listed among the chance outcomes")
        if draws < 0:
            raise ValueError("draws must be 0 or more")
        self.draws = draws
        self._player_ids = {a: i for i, a in enumerate(self.player_actions)}
        self._chance_ids = {a: i for i, a in enumerate(self.chance_actions)}

    def _read(self, texts: Iterable[str]) -> tuple[Action, ...]:
        out: list[Action] = []
        seen: set[Action] = set()
        for text in texts:
            a = self.action_type.parse(text)
            if str(a) != text:
                raise ValueError(f"the action text {text!r} reads back as {str(a)!r}")
            if a in seen:
                raise ValueError(f"{text!r} is listed twice")
            seen.add(a)
            out.append(a)
        return tuple(out)

    # ------------------------------------------------------------------ sizes
    @property
    def num_distinct_actions(self) -> int:
        return len(self.player_actions)

    @property
    def max_chance_outcomes(self) -> int:
        return len(self.chance_actions) + self.draws

    # ------------------------------------------------------------------ player actions
    def player_id(self, a: Action) -> int:
        try:
            return self._player_ids[a]
        except KeyError:
            raise ActionNotInTable(f"{str(a)!r} is not in the OpenSpiel action table of {self.game}") from None

    def player_action(self, i: int) -> Action:
        if not 0 <= i < len(self.player_actions):
            raise ActionNotInTable(f"{i} is not a player action of {self.game} (0-{len(self.player_actions) - 1})")
        return self.player_actions[i]

    # ------------------------------------------------------------------ chance
    def chance_id(self, a: Action) -> int:
        try:
            return self._chance_ids[a]
        except KeyError:
            raise ActionNotInTable(f"{str(a)!r} is not in the OpenSpiel chance table of {self.game}") from None

    def draw_id(self, j: int) -> int:
        if not 0 <= j < self.draws:
            raise ActionNotInTable(f"draw {j} is beyond the {self.draws} draws the table of {self.game} numbers")
        return len(self.chance_actions) + j

    def is_draw(self, i: int) -> bool:
        return len(self.chance_actions) <= i < self.max_chance_outcomes

    def chance_action(self, i: int) -> Action:
        if not 0 <= i < len(self.chance_actions):
            raise ActionNotInTable(f"{i} is not a listed chance outcome of {self.game}")
        return self.chance_actions[i]

    def draw_of(self, i: int) -> int:
        if not self.is_draw(i):
            raise ActionNotInTable(f"{i} is not a draw of {self.game}")
        return i - len(self.chance_actions)

    def chance_text(self, i: int) -> str:
        return f"draw {self.draw_of(i)}" if self.is_draw(i) else str(self.chance_action(i))

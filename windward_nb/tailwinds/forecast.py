"""Whether the wind can blow you back: the rolling winds of Tailwinds, worked out by the rules.

When the last boat leaves the rearmost track card in play, the wind die is rolled: the leading
boat falls back as many spaces and the boat that left sails on as many. Which move calls the
wind and what each face of the die then does are questions the rules answer exactly, so
:func:`wind_if` answers them by applying the move and then every face of the die through the
engine itself (on copies): where the leader ends for each face, and where the boat that left
ends. :func:`wind_threat` says whether a wind roll can still come this round while one of your
boats leads (it depends on the moves other captains will choose, so it is said as a
possibility, with what each face would do).

Player 2's aft boat is the only boat on the first track card (spaces 1-7); moving it 5 spaces
calls the wind, which blows player 2's own fore boat back:

>>> from windward_nb.tailwinds.scenario import scenario
>>> s = scenario(characters=["sailor", "pirate"], boats=[[(10, 1), (9, 1)], [(15, 1), (3, 1)]], turn=1, card="5")
>>> w = wind_if(s, "move aft 5")
>>> w.leader, [(face, back + 1) for face, back, _ in w.faces]
((1, 0), [(1, 14), (2, 13), (3, 12), (4, 11), (5, 10), (6, 9)])
>>> for part in move_warning(s, "move aft 5").replace(": ", ";").split(";"):
...     print(part.strip())
This leaves the rearmost track card behind
the wind die is rolled and blows your fore boat, the leader, back 1-6 spaces (to spaces 9-14, each face 1 in 6)
the boat that left sails on as far.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from windward_nb.core.rules import CHANCE

from . import board
from .actions import TailwindsAction as A
from .state import TailwindsState

__all__ = ["WindRoll", "wind_if", "wind_threat", "wind_words", "move_warning"]


@dataclass(frozen=True)
class WindRoll:
    """A wind roll a move would call: the ``leader`` it blows back (seat, boat id), the boat
    that left the card (``mover``), and for each face of the die ``(face, the space the leader
    ends on, the space the mover ends on)`` (spaces 0-based, as the state keeps them; the
    leader's or the mover's start space if it cannot move)."""

    leader: tuple[int, int] | None
    mover: tuple[int, int]
    start: int  # the leader's space before the roll
    faces: tuple[tuple[int, int, int], ...]


def _rules(s: TailwindsState) -> Any:
    return type(s).rules


def wind_if(s: TailwindsState, action: Any) -> WindRoll | None:
    """The wind roll ``action`` (legal now) would call at once, or ``None`` if it calls none."""
    rules = _rules(s)
    a = rules.parse(action) if isinstance(action, str) else action
    if rules.why_illegal(s, a) is not None:
        return None
    t = s.clone()
    rules.apply(t, a)
    if not (t.pending and t.pending[-1]["kind"] == "die" and t.pending[-1]["for"] == "wind"
            and rules.decider(t) == CHANCE):
        return None
    top = t.pending[-1]
    mover = (top["seat"], top["boat"])
    lead = board.leader(t, exclude=mover)
    start = board.find(t, *lead)[0] if lead else -1  # type: ignore[index]
    faces = []
    for out, _p in rules.chance_outcomes(t) or ():
        u = t.clone()
        rules.apply(u, out)
        lb = board.find(u, *lead) if lead else None
        mb = board.find(u, *mover)
        faces.append((out.arg, lb[0] if lb else u.track.finish, mb[0] if mb else u.track.finish))
    return WindRoll(lead, mover, start, tuple(faces))


def _spaces(s: TailwindsState, ends: list[int]) -> str:
    """Spaces as players count them along the whole track (from 1)."""
    lo, hi = min(ends), max(ends)
    return f"space {lo + 1}" if lo == hi else f"spaces {lo + 1}-{hi + 1}"


def move_warning(s: TailwindsState, action: Any) -> str | None:
    """Why a move deserves a second look: it calls the wind while one of the mover's own boats
    leads, so the wind blows that boat back (``None`` otherwise)."""
    w = wind_if(s, action)
    if w is None or w.leader is None or w.leader[0] != s.turn:
        return None
    name = board.boat_name(s, *w.leader)
    backs = [b for _, b, _ in w.faces]
    lost = sorted({w.start - b for b in backs})
    return (f"This leaves the rearmost track card behind: the wind die is rolled and blows your {name} boat, "
            f"the leader, back {_range(lost)} (to {_spaces(s, backs)}, each face 1 in {len(w.faces)}); the boat "
            "that left sails on as far.")


def wind_threat(s: TailwindsState, seat: int) -> str | None:
    """Whether a wind roll can still blow ``seat``'s leading boat back this round: the leader is
    theirs, and every boat on the rearmost track card in play belongs to a captain who still
    moves this round (the current one included), so those boats may all leave it. What each
    face would do is the engine's own wind (:func:`board.blow` on a copy, face by face)."""
    if s.phase not in ("turn", "choose") or s.options.get("wind", "roll") == "off":
        return None
    boats = board.all_boats(s)
    if not boats:
        return None
    lead = board.leader(s)
    if lead is None or lead[0] != seat:
        return None
    rear = s.track.card_of(boats[0][1][0])
    behind = [(p, b) for p, b in boats if s.track.card_of(b[0]) == rear]
    if any((p, b[2]) == lead for p, b in behind):
        return None
    movers = set(s.to_go) | ({s.turn} if s.phase == "turn" else set())
    if not {p for p, _ in behind} <= movers:
        return None
    last_seat, last = behind[-1]  # the last to leave: whichever it is, the leader is blown back alike
    start = board.find(s, *lead)[0]  # type: ignore[index]
    backs = []
    for d in range(1, 7):
        t = s.clone()
        board.blow(t, d, last_seat, last[2], [])
        b = board.find(t, *lead)
        backs.append(b[0] if b else start)
    name = board.boat_name(s, *lead)
    lost = sorted({start - b for b in backs})
    return (f"Wind: your {name} boat leads; if the boats on track card {rear + 1} all leave it this round, the "
            f"wind die blows your {name} boat back {_range(lost)} (to {_spaces(s, backs)}).")


def _range(lost: list[int]) -> str:
    if lost[0] == lost[-1]:
        return f"{lost[0]} space{'s' if lost[0] != 1 else ''}"
    return f"{lost[0]}-{lost[-1]} spaces"


def wind_words(s: TailwindsState, seat: int) -> list[str]:
    """The coach's lines about the wind for ``seat`` now: moves that would call it against your
    own leader, and whether a roll can still come this round."""
    out = []
    rules = _rules(s)
    if s.phase == "turn" and not s.pending and rules.decider(s) == seat == s.turn:
        calling = []
        for a in rules.legal_actions(s):
            if a.verb not in ("fore", "aft"):
                continue
            w = wind_if(s, a)
            if w is not None and w.leader is not None and w.leader[0] == seat:
                calling.append(str(a))
        if calling:
            out.append("Calls the wind against your own leader: " + ", ".join(calling) + ".")
    threat = wind_threat(s, seat)
    if threat:
        out.append(threat)
    return out


_ = A  # the action type is what rules.parse returns

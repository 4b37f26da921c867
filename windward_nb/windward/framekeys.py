"""The frames' keys: the decisions and automatic steps that interrupt the plain flow of a turn, as data.

The state keeps a stack of frames, innermost last (a battle, taking supply cards,
the rest at sky, a chance roll ...). Each frame is a plain ``dict`` (so a state
clones cheaply and its fingerprint is a hash of plain JSON); the ``TypedDict``
classes below say which keys each kind carries, and ``k`` names the kind. How
each kind is played is in :mod:`windward_nb.windward.frames`.

>>> f: TakeFrame = {"k": "take", "n": 3}
>>> f["n"]
3
"""

from __future__ import annotations

from typing import Literal, TypedDict


# =============================================================================== the frames' keys
class _BattleKeys(TypedDict):
    k: Literal["battle"]
    step: str  # one of battle.STEPS
    att: str  # attacker kind: ship, longboat, red, white
    a_seat: int  # attacking seat, -1 for a crester
    a_boat: int
    a_from: int  # the space the attacker came from (it falls back there)
    a_tow: bool  # the attacking longboat tows a defeated grey crester
    a_n: int  # attacking pieces (several red cresters attack together in the Solo Adventure)
    d_n: int  # defending pieces (red cresters sharing a space)
    a_str: int
    d_str: int
    a_dice: tuple[int, ...]
    d_dice: tuple[int, ...]
    a_bonus: int
    d_bonus: int
    d_seat: int
    d_boat: int
    hex: int


# "def" is a Python keyword, so the defender's kind is declared with the functional syntax
_BattleDefender = TypedDict("_BattleDefender", {"def": str})  # defender kind: ship, longboat, grey, red, white


class _BattleOptional(TypedDict, total=False):
    a_froms: tuple[int, ...]  # Solo Adventure: where each attacking red crester came from


class BattleFrame(_BattleKeys, _BattleDefender, _BattleOptional):
    """A battle in progress (see :mod:`windward_nb.windward.battle`)."""


class TakeFrame(TypedDict):
    """Taking supply cards one at a time: ``n`` left to take."""

    k: Literal["take"]
    n: int


class RestFrame(TypedDict):
    """The rest at sky: discard a supply card or lose 1 morale."""

    k: Literal["rest"]


class EndFrame(TypedDict):
    """The end of a turn (``rested`` is False when a lost ship ended it)."""

    k: Literal["end"]
    rested: bool


class StartFrame(TypedDict):
    k: Literal["start"]


class WindFrame(TypedDict):
    """Chance: the wind die changes the wind at the start of a round."""

    k: Literal["wind"]


class GreyFrame(TypedDict):
    """Chance: a grey crester respawns on a rolled feeding ground (dropped when none is due)."""

    k: Literal["grey"]


class ShuffleFrame(TypedDict):
    """Chance: the supply cards are shuffled and dealt into three new stacks."""

    k: Literal["shuffle"]


class PlaceRedFrame(TypedDict):
    """The winner over a red crester places a new one in territory ``t``."""

    k: Literal["place_red"]
    seat: int
    t: int


class PlunderFrame(TypedDict):
    """The winner over a ship takes ``n`` items of its cargo (red teeth, grey teeth, tokens left)."""

    k: Literal["plunder"]
    seat: int
    loser: int
    n: int
    red: int
    grey: int
    tok: int


class _RedsKeys(TypedDict):
    k: Literal["reds"]


class RedsFrame(_RedsKeys, total=False):
    """The red cresters of the territory move at the rest at sky, one at a time."""

    queue: tuple[int, ...]  # cresters still to move (their spaces), nearest first
    arrived: tuple[int, ...]  # Solo Adventure: where the cresters that reached the ship came from


class SkyBonusFrame(TypedDict):
    """+1 notoriety for a turn ended at sky."""

    k: Literal["sky_bonus"]


class WhiteMoveFrame(TypedDict):
    """The White Crester's move at the end of a turn."""

    k: Literal["white_move"]


class WhiteRollFrame(TypedDict):
    """Chance: the White Crester appears on a rolled corner."""

    k: Literal["white_roll"]


class PlaceWhiteFrame(TypedDict):
    """A captain places the White Crester on a free corner."""

    k: Literal["place_white"]
    seat: int


class TeethFrame(TypedDict):
    """Solo and co-op: the teeth in the hold become notoriety or gas."""

    k: Literal["teeth"]


class ReleaseFrame(TypedDict):
    """The Naturalist releases the tagged crester next to the ship."""

    k: Literal["release"]
    crester: str


Frame = (BattleFrame | TakeFrame | RestFrame | EndFrame | StartFrame | WindFrame | GreyFrame | ShuffleFrame |
         PlaceRedFrame | PlunderFrame | RedsFrame | SkyBonusFrame | WhiteMoveFrame | WhiteRollFrame |
         PlaceWhiteFrame | TeethFrame | ReleaseFrame)

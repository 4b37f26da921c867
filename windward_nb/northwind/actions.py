"""North Wind's actions and their text.

Every decision and every chance outcome is an action with a short text that
parses back. A captain's decisions:

>>> [str(NWAction.parse(t)) for t in ["sail olsand", "BUY salt,salt", "swap lumber for wine", "hire lookout"]]
['sail olsand', 'buy salt,salt', 'swap lumber for wine', 'hire lookout']
>>> NWAction.parse("buy wine,salt").arg        # commodities are listed in the rules' order
('salt', 'wine')

Chance outcomes (drawn by the game from its seed, stored in the record):

>>> [str(NWAction.parse(t)) for t in ["event pirate 2", "event treasure", "battle pip,blank,double"]]
['event pirate 2', 'event treasure', 'battle pip,double,blank']
>>> NWAction.parse("battle pip").is_chance
True
"""

from __future__ import annotations

import re

from ..core.actions import Action, Arg, Grammar
from .components import ABILITIES, BATTLE_FACES, GOODS

_ID = re.compile(r"[a-z][a-z0-9-]{0,23}\Z")


def _goods_arg(most: int = 2) -> Arg:
    def parse(words: list[str]) -> tuple[str, ...]:
        if len(words) != 1:
            raise ValueError("list the commodities with commas, no spaces")
        items = [w.lower() for w in words[0].split(",")]
        bad = [w for w in items if w not in GOODS]
        if bad:
            raise ValueError(f"{bad[0]!r} is not a commodity ({', '.join(GOODS)})")
        if not 1 <= len(items) <= most:
            raise ValueError(f"1 to {most} commodities")
        return tuple(sorted(items, key=GOODS.index))

    return Arg(format=",".join, parse=parse, hint=f"1-{most} of {', '.join(GOODS)}, e.g. salt,salt")


def _good_arg() -> Arg:
    return Arg.word(GOODS)


def _swap_arg() -> Arg:
    def parse(words: list[str]) -> tuple[str, str]:
        w = [x.lower() for x in words]
        if len(w) != 3 or w[1] != "for" or w[0] not in GOODS or w[2] not in GOODS:
            raise ValueError("write 'swap SOLD for BOUGHT' with two commodities")
        return (w[0], w[2])

    return Arg(format=lambda v: f"{v[0]} for {v[1]}", parse=parse, hint="a commodity sold, 'for', a commodity bought")


def _id_word(word: str) -> str:
    w = word.lower()
    if not _ID.match(w):
        raise ValueError(f"{word!r} is not a tile name")
    return w


def _stack_arg() -> Arg:
    def parse(words: list[str]) -> str:
        if len(words) != 1:
            raise ValueError("name one stack by its destination harbour")
        return _id_word(words[0])

    return Arg(format=str, parse=parse, hint="a destination harbour, e.g. north-cape")


def _ids(word: str) -> tuple[str, ...]:
    parts = word.split(",")
    if len(parts) > 200:
        raise ValueError("too many tiles")
    return tuple(_id_word(p) for p in parts)


def _deal_arg() -> Arg:
    def parse(words: list[str]) -> tuple[str, ...]:
        if len(words) != 1:
            raise ValueError("list the tiles with commas, no spaces")
        return _ids(words[0])

    return Arg(format=",".join, parse=parse, hint="tile names separated by commas")


def _shuffle_arg() -> Arg:
    def parse(words: list[str]) -> tuple[str, tuple[str, ...]]:
        if len(words) != 2:
            raise ValueError("write 'shuffle STACK tile,tile,...' (top tile first)")
        return (_id_word(words[0]), _ids(words[1]))

    return Arg(format=lambda v: f"{v[0]} {','.join(v[1])}", parse=parse,
               hint="a stack, then its tiles from the top, separated by commas")


def _event_arg() -> Arg:
    def fmt(v: int) -> str:
        return "treasure" if v == 0 else f"pirate {v}"

    def parse(words: list[str]) -> int:
        w = [x.lower() for x in words]
        if w == ["treasure"]:
            return 0
        if len(w) == 2 and w[0] == "pirate" and w[1] in ("1", "2", "3"):
            return int(w[1])
        raise ValueError("'treasure' or 'pirate 1'-'pirate 3'")

    return Arg(format=fmt, parse=parse, hint="treasure, or pirate and a strength 1-3")


def _battle_arg() -> Arg:
    def parse(words: list[str]) -> tuple[str, ...]:
        if len(words) != 1:
            raise ValueError("list the faces with commas, no spaces")
        faces = [f.lower() for f in words[0].split(",")]
        bad = [f for f in faces if f not in BATTLE_FACES]
        if bad:
            raise ValueError(f"{bad[0]!r} is not a battle die face ({', '.join(BATTLE_FACES)})")
        if len(faces) > 12:
            raise ValueError("at most 12 dice")
        return tuple(sorted(faces, key=BATTLE_FACES.index))

    return Arg(format=",".join, parse=parse, hint="one face per cannon: pip, double or blank")


GRAMMAR = Grammar("north-wind")
# -- setting up and shuffling (chance)
GRAMMAR.verb("deal", "deal", arg=_deal_arg(), chance=True, usage="deal TILE,TILE,...")
GRAMMAR.verb("shuffle", "shuffle", arg=_shuffle_arg(), chance=True, usage="shuffle STACK TILE,TILE,...")
# -- the voyage
GRAMMAR.verb("sail", "sail", arg=_stack_arg(), usage="sail STACK")
GRAMMAR.verb("cut", "cut", arg=Arg.integer(1, 99), usage="cut N")
GRAMMAR.verb("look", "look")
GRAMMAR.verb("keep", "keep")
GRAMMAR.verb("under", "under")
GRAMMAR.verb("reveal", "reveal")
GRAMMAR.verb("end", "end voyage")
GRAMMAR.verb("pass", "pass")
# -- trade and equipment (also with a letter)
GRAMMAR.verb("buy", "buy", arg=_goods_arg(), usage="buy GOOD[,GOOD]")
GRAMMAR.verb("sell", "sell", arg=_goods_arg(), usage="sell GOOD[,GOOD]")
GRAMMAR.verb("swap", "swap", arg=_swap_arg(), usage="swap GOOD for GOOD")
GRAMMAR.verb("sail_up", "buy sail")
GRAMMAR.verb("cannon", "buy cannon")
GRAMMAR.verb("hire", "hire", arg=Arg.word(ABILITIES), usage="hire CREW")
GRAMMAR.verb("throw", "throw", arg=_good_arg(), usage="throw GOOD")
# -- other tiles
GRAMMAR.verb("deliver", "deliver")
GRAMMAR.verb("salvage", "salvage")
GRAMMAR.verb("pay", "pay")
GRAMMAR.verb("fight", "fight")
# -- dice (chance)
GRAMMAR.verb("event", "event", arg=_event_arg(), chance=True, usage="event treasure|pirate N")
GRAMMAR.verb("battle", "battle", arg=_battle_arg(), chance=True, usage="battle FACE,FACE,...")

TRADE_VERBS = frozenset({"buy", "sell", "swap", "sail_up", "cannon", "hire"})


class NWAction(Action):
    """A North Wind action or chance outcome."""

    __slots__ = ()
    grammar = GRAMMAR

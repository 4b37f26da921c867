"""Build a teaching or test position directly, by colour and port names.

Everything not named keeps its setup value, and every piece stays accounted
for (cards come out of the decks, tiles swap places, cubes come from the
reserve), so the invariants hold:

>>> g = scenario(3, ships={"red": "jamaica", "blue": "nassau", "green": "belize"}, wind="E",
...              turn="red", hands={"red": ["mutiny", "hire-crew-a"]}, tally={"blue": {"crew": 2}},
...              tiles={"santo-domingo": (5, "crew")})
>>> [str(a) for a in g.legal_actions()][:3]
['sail san-salvador', 'sail turks-caicos', 'sail santo-domingo']
>>> g.apply("sail santo-domingo")[2].text
'Red scores 5 VP for the tile.'

The game's record keeps the description (``options.scenario``, seats by colour), so the position
saves, loads and replays like any game; loading builds it again, and a description this function
refuses is refused as a :class:`~windward_nb.core.errors.RecordError`:

>>> from windward_nb.plunder.record import Record
>>> again = Record.from_json(g.record.to_json()).replay()
>>> again.state.fingerprint() == g.state.fingerprint()
True
"""

from __future__ import annotations

from typing import Any
from collections.abc import Mapping

from windward_nb.core import registry
from windward_nb.core.game import Game
from windward_nb.core.sealed import Sealed

from .actions import COLOURS
from .advantages import TALLY_MAX
from .arrival import BOOTY_TRACK

from .advantages import update_markers
from .components import COMPONENTS, DIRECTIONS, ITEMS
from .flow import begin_turn
from .rules import RULES
from .setup import start_state
from .state import PlunderState

_C = COMPONENTS
MAX_VP = 1_000  #: the most VP a player of a built position may have
#: the description's parts other than the game's options, in the order they are written
PARTS = ("ships", "wind", "round", "turn", "phase", "blackbeard", "vp", "tally", "booty", "wind_cubes", "hands",
         "treasures", "tiles", "reputation", "ap", "sailed", "deck_top")


def _seat(s: PlunderState, who: Any) -> int:
    if isinstance(who, int) and not isinstance(who, bool) and 0 <= who < s.players:
        return who
    if isinstance(who, str) and who.lower() in COLOURS[: s.players]:
        return COLOURS.index(who.lower())
    raise ValueError(f"no player {str(who)[:40]!r} in a {s.players}-player game "
                     f"(colours: {', '.join(COLOURS[:s.players])})")


def _port(name: Any) -> int:
    if not isinstance(name, str) or name not in _C.port_index:
        raise ValueError(f"no port {str(name)[:40]!r}; ports: {', '.join(_C.port_index)}")
    return _C.port_index[name]


def scenario(players: int = 3, *, ships: Mapping[Any, str] | None = None, wind: str = "N", round: int = 1,
             turn: Any = None, phase: str | None = None, blackbeard: Any = 0, vp: Mapping[Any, int] | None = None,
             tally: Mapping[Any, Mapping[str, int]] | None = None, booty: Mapping[Any, int] | None = None,
             wind_cubes: Mapping[Any, int] | None = None, hands: Mapping[Any, list[str]] | None = None,
             treasures: Mapping[Any, list[str]] | None = None, tiles: Mapping[str, Any] | None = None,
             reputation: Mapping[str, list[Any]] | None = None, ap: int = 0, sailed: bool = False,
             deck_top: list[str] | None = None, seed: int | None = 0, names: Any = None, **options: Any) -> Game:
    """A Game at the position described (``phase``: ``"plunder"`` when ``turn`` names a player,
    else ``"compass"``, the start of the round's vote), with a record that holds the description.
    ``seed`` draws the chance after it; ``names`` names the players in the record. A description
    that breaks the rules raises ``ValueError``."""
    args = {"ships": ships, "wind": wind, "round": round, "turn": turn, "phase": phase, "blackbeard": blackbeard,
            "vp": vp, "tally": tally, "booty": booty, "wind_cubes": wind_cubes, "hands": hands,
            "treasures": treasures, "tiles": tiles, "reputation": reputation, "ap": ap, "sailed": sailed,
            "deck_top": deck_top}
    s = build(players, args, options)
    Record = registry.part("winds-of-plunder", "record")  # the record builds its start here: ask, do not import
    record = Record(options={"players": s.players, **s.options, "scenario": written(s, args)},
                    players=Record.default_players(s.players, names), seed=seed)
    return Game(s, record, seed=seed)


def written(s: PlunderState, args: Mapping[str, Any]) -> dict[str, Any]:
    """A description as a record keeps it: JSON, seats by colour, the parts left at their defaults left out."""
    defaults = {"wind": "N", "round": 1, "turn": None, "phase": None, "blackbeard": 0, "ap": 0, "sailed": False}
    out: dict[str, Any] = {}
    for key in PARTS:
        v = args.get(key)
        if v is None or (key in defaults and v == defaults[key] and type(v) is type(defaults[key])):
            continue
        if key in ("turn", "blackbeard"):
            v = COLOURS[_seat(s, v)]
        elif key in ("ships", "vp", "booty", "wind_cubes", "hands", "treasures", "tally"):
            v = {COLOURS[_seat(s, who)]: (dict(x) if isinstance(x, Mapping) else list(x) if isinstance(x, (list, tuple))
                                          else x) for who, x in v.items()}
        elif key == "reputation":
            v = {port: [COLOURS[_seat(s, who)] for who in whos] for port, whos in v.items()}
        elif key == "tiles":
            v = {where: list(t) if isinstance(t, (tuple, list)) else t for where, t in v.items()}
        elif key == "deck_top":
            v = list(v)
        out[key] = v
    return out


def _mapping(v: Any, what: str) -> Mapping:
    if v is None:
        return {}
    if not isinstance(v, Mapping):
        raise ValueError(f"{what} maps players (or places) to values, not {type(v).__name__}")
    return v


def _names(v: Any, what: str) -> list[str]:
    if not isinstance(v, (list, tuple)) or not all(isinstance(x, str) for x in v):
        raise ValueError(f"{what} is a list of names, not {v!r}"[:200])
    return list(v)


def _count(v: Any, what: str, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise ValueError(f"{what} is a whole number {lo}-{hi}, not {v!r}"[:200])
    return v


def build(players: int, args: Mapping[str, Any], options: Mapping[str, Any]) -> PlunderState:
    """The position a description gives (see :func:`scenario`); ``ValueError`` when it breaks the rules."""
    unknown = sorted(set(args) - set(PARTS))
    if unknown:
        raise ValueError(f"a scenario has no part {unknown[0]!r}; its parts: {', '.join(PARTS)}")
    a = {"ships": None, "wind": "N", "round": 1, "turn": None, "phase": None, "blackbeard": 0, "vp": None,
         "tally": None, "booty": None, "wind_cubes": None, "hands": None, "treasures": None, "tiles": None,
         "reputation": None, "ap": 0, "sailed": False, "deck_top": None, **args}
    ships, wind, round, turn, phase = a["ships"], a["wind"], a["round"], a["turn"], a["phase"]
    blackbeard, vp, tally, booty, wind_cubes = a["blackbeard"], a["vp"], a["tally"], a["booty"], a["wind_cubes"]
    hands, treasures, tiles, reputation, ap = a["hands"], a["treasures"], a["tiles"], a["reputation"], a["ap"]
    sailed, deck_top = a["sailed"], a["deck_top"]
    s = start_state(players, **options)
    n = s.players
    # the setup, without chance: start ports in order, decks and tiles in number order
    starts = [_C.ports[p].id for p in _C.start_ports]
    RULES.apply(s, RULES.parse("deal " + ",".join(starts[:n])))
    for verb, size in (("shuffle treasure", len(_C.ports)), ("shuffle actions", len(_C.cards)),
                       ("place tiles", len(_C.tiles))):
        RULES.apply(s, RULES.parse(f"{verb} " + ",".join(map(str, range(size)))))
    s.round = _count(round, "round", 1, s.options["rounds"])
    s.blackbeard = _seat(s, blackbeard)
    if not isinstance(wind, str) or wind not in DIRECTIONS:
        raise ValueError(f"wind is one of {', '.join(DIRECTIONS)}")
    s.wind = wind
    for who, port in _mapping(ships, "ships").items():
        s.ship[_seat(s, who)] = _port(port)
    for who, v in _mapping(vp, "vp").items():
        s.vp[_seat(s, who)] = _count(v, "vp", 0, MAX_VP)
    for who, items in _mapping(tally, "tally").items():
        for k, v in _mapping(items, "a tally").items():
            if k not in ITEMS:
                raise ValueError(f"no tally {str(k)[:40]!r}; tallies: {', '.join(ITEMS)}")
            s.tally[k][_seat(s, who)] = _count(v, f"the {k} tally", 0, TALLY_MAX)
    for who, v in _mapping(booty, "booty").items():
        s.booty[_seat(s, who)] = _count(v, "booty", 0, len(BOOTY_TRACK) - 1)
    for who, v in _mapping(wind_cubes, "wind_cubes").items():
        i = _seat(s, who)
        v = _count(v, "wind_cubes", 0, s.wind_cubes[i] + s.reserve[i])
        s.reserve[i] += s.wind_cubes[i] - v
        s.wind_cubes[i] = v
    for port, whos in _mapping(reputation, "reputation").items():
        if not isinstance(whos, (list, tuple)):
            raise ValueError(f"reputation maps a port to a list of players, not {str(whos)[:40]!r}")
        for who in whos:
            i = _seat(s, who)
            if i in s.reputation[_port(port)]:
                raise ValueError(f"reputation: {COLOURS[i]} has one cube at a port, not two")
            s.reputation[_port(port)].append(i)
            s.reserve[i] -= 1
            if s.reserve[i] < 0:
                raise ValueError(f"reputation: {COLOURS[i]} has no reserve cube left for it")
    for who, names in _mapping(hands, "hands").items():
        i = _seat(s, who)
        for name in _names(names, "a hand"):
            card = next((c for c in s.action_deck if _C.cards[c].name == name), None)
            if card is None:
                raise ValueError(f"no {name!r} card left in the action deck")
            s.action_deck.remove(card)
            s.hands[i].append(card)
        s.hands[i].sort()
    for name in reversed(_names(deck_top or [], "deck_top")):
        card = next((c for c in s.action_deck if _C.cards[c].name == name), None)
        if card is None:
            raise ValueError(f"no {name!r} card left in the action deck")
        s.action_deck.remove(card)
        s.action_deck.insert(0, card)
    for who, ports in _mapping(treasures, "treasures").items():
        i = _seat(s, who)
        for port in _names(ports, "treasures"):
            if _port(port) not in s.treasure_deck:
                raise ValueError(f"treasures: the {port} card is dealt twice")
            s.treasure_deck.remove(_port(port))
            s.treasures[i].append(_port(port))
        s.treasures[i].sort()
    for where, want in _mapping(tiles, "tiles").items():
        _put_tile(s, where, want)
    update_markers(s, [])
    if phase not in (None, "compass", "plunder"):
        raise ValueError("phase is 'compass' (the start of a round) or 'plunder' (a player's turn)")
    if turn is not None or phase == "plunder":
        first = _seat(s, turn if turn is not None else 0)
        s.compass = None
        s.order = [(first + k) % n for k in range(n)]
        s.turn = 0
        begin_turn(s, [])
        if not isinstance(sailed, bool):
            raise ValueError(f"sailed is true or false, not {sailed!r}")
        s.ap, s.sailed = _count(ap, "ap", 0, 3), sailed
    else:
        s.compass = Sealed.open(list(range(n)))
    problems = RULES.invariants(s)
    if problems:
        raise ValueError("this position breaks the rules: " + "; ".join(problems))
    return s


def _put_tile(s: PlunderState, where: str, want: Any) -> None:
    """Bring the tile ``want`` (a number, or ``(vp, item)``) to ``where`` (a port or ``bar-N``)."""
    places = _C.locations()
    if not isinstance(where, str) or where not in places:
        raise ValueError(f"no tile place {str(where)[:40]!r}")
    if isinstance(want, (tuple, list)):
        if len(want) != 2:
            raise ValueError(f"a tile is its number or (VP, item), not {want!r}"[:200])
        vp, item = want
        matches = [t.index for t in _C.tiles if t.vp == vp and t.item == item and type(t.vp) is type(vp)]
        if not matches:
            raise ValueError(f"no tile {vp} VP + {item}"[:200])
        tile = matches[0]
    else:
        tile = _count(want, "a tile", 0, len(_C.tiles) - 1)
    board = s.port_tiles + s.bar
    i, j = places.index(where), board.index(tile)
    board[i], board[j] = board[j], board[i]
    s.port_tiles, s.bar = board[: len(s.port_tiles)], board[len(s.port_tiles):]


__all__ = ["build", "scenario", "written"]

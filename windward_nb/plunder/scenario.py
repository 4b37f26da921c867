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
"""

from __future__ import annotations

from typing import Any
from collections.abc import Mapping

from windward_nb.core.game import Game
from windward_nb.core.sealed import Sealed

from .actions import COLOURS
from .advantages import update_markers
from .components import COMPONENTS, DIRECTIONS, ITEMS
from .flow import begin_turn
from .rules import RULES
from .setup import start_state
from .state import PlunderState

_C = COMPONENTS


def _seat(s: PlunderState, who: Any) -> int:
    if isinstance(who, int) and not isinstance(who, bool) and 0 <= who < s.players:
        return who
    if isinstance(who, str) and who.lower() in COLOURS[: s.players]:
        return COLOURS.index(who.lower())
    raise ValueError(f"no player {who!r} in a {s.players}-player game (colours: {', '.join(COLOURS[:s.players])})")


def _port(name: str) -> int:
    if name not in _C.port_index:
        raise ValueError(f"no port {name!r}; ports: {', '.join(_C.port_index)}")
    return _C.port_index[name]


def scenario(players: int = 3, *, ships: Mapping[Any, str] | None = None, wind: str = "N", round: int = 1,
             turn: Any = None, phase: str | None = None, blackbeard: Any = 0, vp: Mapping[Any, int] | None = None,
             tally: Mapping[Any, Mapping[str, int]] | None = None, booty: Mapping[Any, int] | None = None,
             wind_cubes: Mapping[Any, int] | None = None, hands: Mapping[Any, list[str]] | None = None,
             treasures: Mapping[Any, list[str]] | None = None, tiles: Mapping[str, Any] | None = None,
             reputation: Mapping[str, list[Any]] | None = None, ap: int = 0, sailed: bool = False,
             deck_top: list[str] | None = None, **options: Any) -> Game:
    """A Game at the position described (``phase``: ``"plunder"`` when ``turn`` names a player,
    else ``"compass"``, the start of the round's vote)."""
    s = start_state(players, **options)
    n = s.players
    # the setup, without chance: start ports in order, decks and tiles in number order
    starts = [_C.ports[p].id for p in _C.start_ports]
    RULES.apply(s, RULES.parse("deal " + ",".join(starts[:n])))
    for verb, size in (("shuffle treasure", len(_C.ports)), ("shuffle actions", len(_C.cards)),
                       ("place tiles", len(_C.tiles))):
        RULES.apply(s, RULES.parse(f"{verb} " + ",".join(map(str, range(size)))))
    s.round = round
    s.blackbeard = _seat(s, blackbeard)
    if wind not in DIRECTIONS:
        raise ValueError(f"wind is one of {', '.join(DIRECTIONS)}")
    s.wind = wind
    for who, port in (ships or {}).items():
        s.ship[_seat(s, who)] = _port(port)
    for who, v in (vp or {}).items():
        s.vp[_seat(s, who)] = v
    for who, items in (tally or {}).items():
        for k, v in items.items():
            if k not in ITEMS:
                raise ValueError(f"no tally {k!r}; tallies: {', '.join(ITEMS)}")
            s.tally[k][_seat(s, who)] = v
    for who, v in (booty or {}).items():
        s.booty[_seat(s, who)] = v
    for who, v in (wind_cubes or {}).items():
        i = _seat(s, who)
        s.reserve[i] += s.wind_cubes[i] - v
        s.wind_cubes[i] = v
    for port, whos in (reputation or {}).items():
        for who in whos:
            i = _seat(s, who)
            s.reputation[_port(port)].append(i)
            s.reserve[i] -= 1
    for who, names in (hands or {}).items():
        i = _seat(s, who)
        for name in names:
            card = next((c for c in s.action_deck if _C.cards[c].name == name), None)
            if card is None:
                raise ValueError(f"no {name!r} card left in the action deck")
            s.action_deck.remove(card)
            s.hands[i].append(card)
        s.hands[i].sort()
    for name in reversed(deck_top or []):
        card = next((c for c in s.action_deck if _C.cards[c].name == name), None)
        if card is None:
            raise ValueError(f"no {name!r} card left in the action deck")
        s.action_deck.remove(card)
        s.action_deck.insert(0, card)
    for who, ports in (treasures or {}).items():
        i = _seat(s, who)
        for port in ports:
            s.treasure_deck.remove(_port(port))
            s.treasures[i].append(_port(port))
        s.treasures[i].sort()
    for where, want in (tiles or {}).items():
        _put_tile(s, where, want)
    update_markers(s, [])
    if turn is not None or phase == "plunder":
        first = _seat(s, turn if turn is not None else 0)
        s.compass = None
        s.order = [(first + k) % n for k in range(n)]
        s.turn = 0
        begin_turn(s, [])
        s.ap, s.sailed = ap, sailed
    elif phase not in (None, "compass"):
        raise ValueError("phase is 'compass' (the start of a round) or 'plunder' (a player's turn)")
    else:
        s.compass = Sealed.open(list(range(n)))
    problems = RULES.invariants(s)
    if problems:
        raise ValueError("this position breaks the rules: " + "; ".join(problems))
    return Game(s, None, seed=0)


def _put_tile(s: PlunderState, where: str, want: Any) -> None:
    """Bring the tile ``want`` (a number, or ``(vp, item)``) to ``where`` (a port or ``bar-N``)."""
    places = _C.locations()
    if where not in places:
        raise ValueError(f"no tile place {where!r}")
    if isinstance(want, tuple):
        vp, item = want
        matches = [t.index for t in _C.tiles if t.vp == vp and t.item == item]
        if not matches:
            raise ValueError(f"no tile {vp} VP + {item}")
        tile = matches[0]
    else:
        tile = int(want)
    board = s.port_tiles + s.bar
    i, j = places.index(where), board.index(tile)
    board[i], board[j] = board[j], board[i]
    s.port_tiles, s.bar = board[: len(s.port_tiles)], board[len(s.port_tiles):]


__all__ = ["scenario"]

"""Bots for Winds of Plunder: the core's RandomBot and a GreedyBot with a bid rule you can read.

GreedyBot values each port by what arriving there would bring now (the
tile's VP and item, a Treasure card it can dig up there, a new Reputation
cube, a ship it could board), and then:

- **compass**: the direction whose best reachable port is worth most;
- **bid rule**: one cube for every 2 VP its wind is worth over the worst wind
  another compass shows (nothing if every compass agrees with it), at most
  half its wind cubes (all of them in the last round). ``GreedyBot(bid=k)``
  bids ``k`` cubes every round instead (the experiments vary it);
- **turn**: an Intrigue that brings a better tile to where it will sail, then
  the most valuable sailing (a Gust of Wind when it is worth 4 VP more than the
  wind allows), free Buy cards, Mutiny/Misfire on the leader, then cubes or
  cards with the points left;
- **boarding**: the item that wins it (or costs the victim) an advantage
  marker, else 2 VP.

>>> from windward_nb.core.simulate import play_game
>>> r = play_game("winds-of-plunder", players=3, bots="greedy", seed=1)
>>> r.over, len(r.scores)
(True, 3)
"""

from __future__ import annotations

from typing import Any

from windward_nb.core.bots import Bot, RandomBot
from windward_nb.core.mcts import MCTSBot

from .actions import COLOURS, LOCATIONS, PlunderAction
from .arrival import BOOTY_TRACK, REPUTATION_BONUS
from .cards import place_tile
from .components import COMPONENTS, DIRECTIONS
from .sailing import wind_destinations

_C = COMPONENTS
#: what an item is worth to the greedy player, in VP
ITEM_VALUE = {"weapons": 1.5, "crew": 1.5, "provisions": 2.0, "treasure": 2.0}
WINDLOCKED = -3.0  #: how a windlocked turn feels: no tile at all


def tile_value(tile: int) -> float:
    t = _C.tiles[tile]
    return t.vp + ITEM_VALUE[t.item]


def port_value(s: Any, seat: int, port: int, tile: int | None = None) -> float:
    """What arriving in ``port`` would bring ``seat`` now, in VP (roughly)."""
    v = tile_value(s.port_tiles[port] if tile is None else tile)
    if s.markers["provisions"] == seat:
        v += 1
    if port in s.treasures[seat]:
        v += BOOTY_TRACK[min(s.booty[seat] + 1, len(BOOTY_TRACK) - 1)]
    if seat not in s.reputation[port] and s.reserve[seat] > 0:
        v += 1.5
        area = _C.ports[port].area
        others = [p for p in _C.areas[area] if p != port]
        if all(seat in s.reputation[p] for p in others) and seat not in s.area_bonus[area]:
            k = len(s.area_bonus[area])
            v += REPUTATION_BONUS[k] if k < len(REPUTATION_BONUS) else 0
    w = s.tally["weapons"]
    if any(t != seat and s.ship[t] == port and (s.markers["weapons"] == seat or w[t] < w[seat])
           for t in range(s.players)):
        v += 2
    return v


def wind_worth(s: Any, seat: int, direction: str) -> float:
    ports = wind_destinations(s.ship[seat], direction)
    return max((port_value(s, seat, p) for p in ports), default=WINDLOCKED)


class GreedyBot(Bot):
    """Takes the best port now and bids by a simple rule (see the module doc)."""

    name = "GreedyBot"

    def __init__(self, seed: Any = None, bid: int | None = None):
        super().__init__(seed)
        if bid is not None and (not isinstance(bid, int) or isinstance(bid, bool) or bid < 0):
            raise ValueError(f"bid is a number of cubes (0 or more), not {bid!r}")
        self.fixed_bid = bid

    # --------------------------------------------------------------------------- the wind phase
    def preferred_wind(self, s: Any, seat: int, among: Any = DIRECTIONS) -> str:
        return max(among, key=lambda d: (wind_worth(s, seat, d), -DIRECTIONS.index(d)))

    def bid(self, s: Any, seat: int) -> int:
        """How many wind cubes to put in the fist (the bid rule)."""
        have = s.wind_cubes[seat]
        if self.fixed_bid is not None:
            return min(self.fixed_bid, have)
        mine = s.votes[seat]
        others = [d for i, d in enumerate(s.votes) if i != seat and d is not None]
        rivals = [d for d in others if d != mine]
        if not rivals:
            return 0
        stake = wind_worth(s, seat, mine) - min(wind_worth(s, seat, d) for d in rivals)
        cap = have if s.round >= s.options["rounds"] else have // 2
        return max(0, min(cap, int(stake // 2)))

    def explain(self, state: Any, action: Any) -> str:
        """Why GreedyBot plays ``action`` here, in a sentence."""
        s = state
        rules = type(s).rules
        seat = rules.decider(s)
        who = rules.seat_name(s, seat) if seat >= 0 else "GreedyBot"
        if action.verb == "compass":
            worth = {d: wind_worth(s, seat, d) for d in DIRECTIONS}
            return (f"{who} wants the wind {action.arg}: its best port that way is worth about "
                    f"{worth[action.arg]:.1f} VP (" + ", ".join(f"{d} {v:.1f}" for d, v in worth.items()) + ").")
        if action.verb == "bid":
            mine = s.votes[seat]
            rivals = [d for i, d in enumerate(s.votes) if i != seat and d is not None and d != mine]
            if self.fixed_bid is not None:
                return f"{who} always bids {self.fixed_bid} (fewer if it has fewer)."
            if not rivals:
                return f"{who} bids nothing: every compass shows its wind {mine}."
            stake = wind_worth(s, seat, mine) - min(wind_worth(s, seat, d) for d in rivals)
            return (f"{who} bids {action.arg}: its wind {mine} is worth {stake:.1f} VP more than the worst other "
                    f"compass, one cube per 2 VP, at most half its cubes (all in the last round).")
        if action.verb in ("sail", "gust"):
            v = port_value(s, seat, _C.port_index[action.arg])
            extra = " (minus 4 for the gust's action points)" if action.verb == "gust" else ""
            return f"{who} sails to {_C.ports[_C.port_index[action.arg]].name}: worth about {v:.1f} VP now{extra}."
        return f"{who} plays {action}."

    # --------------------------------------------------------------------------- choosing
    def choose(self, state: Any, seat: int, legal: list) -> Any:
        s = state
        ph = s.phase
        if ph == "compass":
            return PlunderAction("compass", self.preferred_wind(s, seat))
        if ph == "bid":
            return PlunderAction("bid", self.bid(s, seat))
        if ph == "blackbeard":
            pick = seat if seat in s.tied else min(s.tied, key=lambda i: (s.vp[i], i))
            return PlunderAction("blackbeard", COLOURS[pick])
        if ph == "wind":
            return PlunderAction("wind", self.preferred_wind(s, seat, s.tied))
        if ph == "first":
            return PlunderAction("first", COLOURS[seat])
        if ph == "board":
            return self._board(s, seat, legal)
        return self._turn(s, seat, legal)

    def _board(self, s: Any, seat: int, legal: list) -> Any:
        best, score = PlunderAction("no-boarding"), 0.0
        for a in legal:
            if a.verb != "board":
                continue
            who, what = a.arg
            t = COLOURS.index(who)
            if what == "vp":
                v = min(2, s.vp[t]) * 2.0  # 2 VP for us and 2 fewer for them
            else:
                v = ITEM_VALUE[what]
                mine, theirs = s.tally[what][seat], s.tally[what][t]
                if s.markers[what] != seat and mine + 1 > max(x for i, x in enumerate(s.tally[what]) if i != seat):
                    v += 3  # takes the marker
                if s.markers[what] == t and theirs - 1 < max(x for i, x in enumerate(s.tally[what]) if i != t):
                    v += 2  # they lose it
            v += s.vp[t] / 100  # prefer the leader
            if v > score:
                best, score = a, v
        return best

    def _turn(self, s: Any, seat: int, legal: list) -> Any:
        by: dict[str, list[Any]] = {}
        for a in legal:
            by.setdefault(a.verb, []).append(a)
        plays = by.get("play", [])
        if not s.sailed and not s.bonus and ("sail" in by or "gust" in by):
            swap = self._intrigue(s, seat, plays)
            if swap is not None:
                return swap
            return self._sail(s, seat, by)
        for a in plays:  # a free item first
            card = _C.cards[_C.card_names[a.arg[0]][0]]
            if card.item and s.ship[seat] in card.free_in:
                return a
        heave = [a for a in plays if a.arg[0] == "heave"]
        if heave:
            return max(heave, key=lambda a: port_value(s, seat, _C.port_index[a.arg[1]]))
        hit = self._hit_leader(s, seat, plays)
        if hit is not None:
            return hit
        for a in plays:  # a paid item that wins a marker
            card = _C.cards[_C.card_names[a.arg[0]][0]]
            if card.item and s.markers[card.item] != seat:
                mine = s.tally[card.item][seat] + 1
                if mine > max(x for i, x in enumerate(s.tally[card.item]) if i != seat):
                    return a
        adds = {a.arg: a for a in by.get("add", [])}
        if s.wind_cubes[seat] < 8 and 5 in adds:
            return adds[5]
        if s.wind_cubes[seat] < 12 and 2 in adds:
            return adds[2]
        if "draw" in by and len(s.hands[seat]) < 4:
            return by["draw"][0]
        return by["end"][0] if "end" in by else legal[0]

    def _sail(self, s: Any, seat: int, by: dict) -> Any:
        options = [(port_value(s, seat, _C.port_index[a.arg]), a) for a in by.get("sail", [])]
        options += [(port_value(s, seat, _C.port_index[a.arg]) - 4, a) for a in by.get("gust", [])]
        if not options:
            return by["end"][0]
        return max(options, key=lambda x: x[0])[1]

    def _intrigue(self, s: Any, seat: int, plays: list) -> Any:
        if not any(a.arg[0] == "intrigue" for a in plays):
            return None
        here = s.ship[seat]
        targets = wind_destinations(here, s.wind)
        if not targets:
            return None
        best_now = max(port_value(s, seat, p) for p in targets)
        best_tile = max(LOCATIONS, key=lambda w: (tile_value(place_tile(s, w)), w))
        tile = place_tile(s, best_tile)
        gain, where = 0.0, None
        for p in targets:
            if _C.ports[p].id == best_tile:
                continue
            v = port_value(s, seat, p, tile=tile) - best_now
            if v > gain:
                gain, where = v, _C.ports[p].id
        if where is None or gain < 2:
            return None
        a, b = sorted((where, best_tile), key=LOCATIONS.index)
        return PlunderAction("play", ("intrigue", a, b))

    def _hit_leader(self, s: Any, seat: int, plays: list) -> Any:
        hits = [a for a in plays if a.arg[0] in ("mutiny", "misfire")]
        if not hits:
            return None
        return max(hits, key=lambda a: (s.vp[COLOURS.index(a.arg[1])], -COLOURS.index(a.arg[1])))

#: the rule-based bots (the package's ``BOTS`` adds the search bot of :mod:`.search`, which plays
#: GreedyBot's choices and so sits above this module)
BOTS = {"random": RandomBot, "greedy": GreedyBot}

__all__ = ["BOTS", "GreedyBot", "MCTSBot", "RandomBot", "port_value", "wind_worth"]

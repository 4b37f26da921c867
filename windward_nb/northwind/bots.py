"""Bots for North Wind: :class:`RandomBot` (from the core) and a readable :class:`GreedyBot`.

GreedyBot plays one step at a time with plain rules of thumb:

- **Where to sail**: to a destination whose current task it can complete now;
  else to the one whose task it is closest to (fewest items missing), fewer
  fogs expected breaking ties.
- **On the way**: complete a task whenever it can; examine shipwrecks; buy
  the commodities its shopping list lacks (the current tasks' needs), sell
  surplus commodities dear, and buy cheap ones to resell when it has room;
  at an equipment harbour, buy the first item of its ``upgrades`` order it can
  afford while keeping ``reserve`` gold. With one action done and its target
  destination still ahead, it saves the second action for the task.
- **Pirates**: fight when the exact chance of winning is at least ``fight_at``
  (lower when Fort Haven wants pirate captains), else pay.
- **Letters**: spend one on a deal worth having (a commodity it needs, an upgrade).

>>> from windward_nb.northwind import new_game
>>> g = new_game(players=2, seed=1)
>>> bot = GreedyBot(seed=0)
>>> str(bot.act(g.state)) in {"sail north-cape", "sail fort-haven", "sail olsand"}
True
"""

from __future__ import annotations

from typing import Any
from collections.abc import Sequence

from ..core.bots import Bot, RandomBot
from .actions import NWAction
from .components import GOODS
from .odds import pirate_odds, stack_outlook
from .state import NWState
from .tasks import current

UPGRADES = ("cannon", "sail", "lookout", "cannoneer", "boatswain", "bookkeeper", "treasurer")
_UPGRADE_ACTION = {"cannon": "buy cannon", "sail": "buy sail"}


class GreedyBot(Bot):
    """Rules of thumb, one decision at a time (see the module docstring).

    ``upgrades``: the order to buy equipment in, a tuple or a text like
    ``"sail-cannon-lookout"`` (any of cannon, sail and the five crew abilities);
    ``fight_at``: the least chance of winning for which it fights a pirate;
    ``reserve``: gold it keeps when buying equipment.
    """

    name = "GreedyBot"

    def __init__(self, seed: Any = None, upgrades: Sequence[str] | str = UPGRADES, fight_at: float = 0.5,
                 reserve: int = 1):
        super().__init__(seed)
        if isinstance(upgrades, str):
            upgrades = tuple(u for u in upgrades.replace(",", "-").split("-") if u)
        bad = [u for u in upgrades if u not in UPGRADES]
        if bad:
            raise ValueError(f"upgrades: {bad[0]!r} is not one of {', '.join(UPGRADES)}")
        self.upgrades = tuple(upgrades)
        self.fight_at = float(fight_at)
        self.reserve = int(reserve)
        if self.upgrades != UPGRADES:
            self.name = "GreedyBot(" + "-".join(self.upgrades) + ")"

    # ------------------------------------------------------------------ the choice
    def choose(self, state: NWState, seat: int, legal: list[Any]) -> NWAction:
        texts = {str(a): a for a in legal}
        ph = state.phase
        if ph == "choose":
            return texts[f"sail {self._best_stack(state, seat)}"]
        if ph == "prepare":
            return texts.get("look") or texts["reveal"]
        if ph == "peek":
            return texts["under" if state.comp.tile(state.peek).kind == "fog" else "keep"]
        if ph == "sail":
            return texts["reveal"]
        if ph == "pirate":
            return texts.get(self._pirate(state, seat)) or legal[0]
        # a tile: on the voyage or with a letter
        scored = [(self.value(state, seat, a), i, a) for i, a in enumerate(legal)]
        best = max(scored, key=lambda x: (x[0], -x[1]))
        threshold = 3 if ph == "letter" else 0.5
        if best[0] >= threshold:
            return best[2]
        return texts["pass"]

    # ------------------------------------------------------------------ what it wants
    def wants(self, state: NWState, seat: int) -> dict[str, int]:
        """Items the current tasks ask for, beyond what the ship has (the shopping list)."""
        need: dict[str, int] = {}
        for col in range(len(state.tasks)):
            task = current(state, col)
            if not task:
                continue
            for k, n in task.items():
                if k in GOODS:
                    need[k] = max(need.get(k, 0), n)
        return {g: n - state.held(seat, g) for g, n in need.items() if n > state.held(seat, g)}

    def surplus(self, state: NWState, seat: int, good: str) -> int:
        """Pieces of ``good`` no current task asks for."""
        need = 0
        for col in range(len(state.tasks)):
            task = current(state, col)
            if task:
                need = max(need, task.get(good, 0))
        return max(0, state.held(seat, good) - need)

    def missing(self, state: NWState, seat: int, col: int) -> int | None:
        """How many items the current task of column ``col`` still lacks (None if the column is full)."""
        task = current(state, col)
        if task is None:
            return None
        lack = 0
        for k, n in task.items():
            have = state.gold[seat] if k == "gold" else state.brig[seat] if k == "captain" else state.held(seat, k)
            lack += max(0, n - have) if k != "gold" else (1 if have < n else 0)
        return lack

    # ------------------------------------------------------------------ decisions
    def _best_stack(self, state: NWState, seat: int) -> str:
        """The stack with the lowest score: items its task still lacks, minus a known place to buy
        what the shopping list lacks, plus expected fogs; a little noise breaks ties and loops."""
        outlook = stack_outlook(state, seat)
        wants = self.wants(state, seat)
        best = None
        for col, dest in enumerate(state.comp.destinations):
            lack = self.missing(state, seat, col)
            if lack == 0:
                return dest
            seen = set(state.known[col]) | set(state.secret[seat][col])
            tiles = [state.comp.tile(t) for t in seen]
            source = any(self._sells(t, wants) for t in tiles)
            poor = state.gold[seat] < 3
            money = poor and any(t.kind == "shipwreck" or self._buys(state, seat, t) for t in tiles)
            score = ((lack if lack is not None else 9) - 2.0 * source - 1.5 * money
                     + 0.5 * float(outlook[col].fog_expected))
            score += 0.75 * float(self.rng.random())
            if best is None or score < best[0]:
                best = (score, dest)
        assert best is not None  # there is always a destination to sail for
        return best[1]

    def _buys(self, state: NWState, seat: int, tile: Any) -> bool:
        """Whether ``tile`` would buy a commodity the ship has to spare."""
        spare = [g for g in GOODS if self.surplus(state, seat, g)]
        return bool(spare) and (tile.kind == "merchant" or (tile.kind == "harbour"
                                                            and any(tile.goods.get(g, 0) >= 2 for g in spare)))

    @staticmethod
    def _sells(tile: Any, wants: dict[str, int]) -> bool:
        if not wants:
            return False
        return tile.kind == "merchant" or (tile.kind == "harbour" and any(g in tile.goods for g in wants))

    def _pirate(self, state: NWState, seat: int) -> str:
        if state.gold[seat] < state.comp.ransom:
            return "fight"
        odds = pirate_odds(state.cannons[seat], state.pirate, state.has(seat, "cannoneer"),
                           state.comp.battle_die)
        want_captain = state.brig[seat] < state.comp.brig and any(
            (current(state, c) or {}).get("captain", 0) > state.brig[seat] for c in range(len(state.tasks)))
        bar = self.fight_at - (0.2 if want_captain else 0.0)
        return "fight" if odds.winnable and odds.win >= bar else "pay"

    def value(self, state: NWState, seat: int, a: NWAction) -> float:
        """How much ``seat`` likes action ``a`` at the tile in front of it (0 = indifferent)."""
        v = a.verb
        tile = state.comp.tile(state.tile_id)
        if v == "deliver":
            return 100.0
        if v == "pass":
            return 0.0
        own_voyage = state.phase == "tile"
        if own_voyage and state.actions == 1 and self._task_ahead(state, seat):
            return -1.0  # keep the second action for the task at this stack's destination
        if v == "salvage":
            return 2.0
        if v in ("buy", "sell", "swap"):
            price = tile.price if tile.kind == "merchant" else None
            sold = a.arg if v == "sell" else a.arg[:1] if v == "swap" else ()
            bought = a.arg if v == "buy" else a.arg[1:] if v == "swap" else ()
            total = 0.0
            wants = dict(self.wants(state, seat))
            for g in sold:
                p = price if price is not None else tile.goods[g]
                if self.surplus(state, seat, g):
                    total += (p - 1.5) + (1 if state.has(seat, "bookkeeper") else 0) + (1 if state.gold[seat] < 3 else 0)
                else:
                    total -= 5
            for g in bought:
                p = price if price is not None else tile.goods[g]
                if wants.get(g, 0) > 0:
                    wants[g] -= 1
                    total += 6 - p
                elif p == 1 and state.comp.hold - state.cargo(seat) >= 3:
                    total += 0.75  # cheap: to resell
                else:
                    total -= 2
            return total / max(1, len(sold) + len(bought)) * (1 + 0.1 * (len(sold) + len(bought)))
        if v == "throw":
            wants = self.wants(state, seat)
            room = state.comp.hold - state.cargo(seat)
            buyable = [g for g in wants if tile.kind == "merchant" or g in tile.goods]
            if room == 0 and buyable and self.surplus(state, seat, a.arg):
                return 3.5
            return -3.0
        if v in ("sail_up", "cannon", "hire"):
            item = "sail" if v == "sail_up" else "cannon" if v == "cannon" else a.arg
            cost = state.comp.sail_price if v == "sail_up" else tile.cannon if v == "cannon" else tile.crew
            if state.gold[seat] - cost < self.reserve:
                return -1.0
            for _rank, want in enumerate(self.upgrades):
                if self._could_upgrade(state, seat, want):
                    return 4.0 if want == item else -1.0
            return -1.0
        return -1.0

    def _could_upgrade(self, state: NWState, seat: int, item: str) -> bool:
        comp = state.comp
        if item == "sail":
            return state.sail[seat] < comp.sail_max
        if item == "cannon":
            return state.cannons[seat] < min(comp.cannon_slots, comp.cannons)
        return item not in state.crew[seat] and len(state.crew[seat]) < comp.crew

    def _task_ahead(self, state: NWState, seat: int) -> bool:
        dest = state.comp.destinations[state.stack]
        return dest not in state.row and self.missing(state, seat, state.stack) == 0

    def explain(self, state: NWState, action: Any) -> str:
        seat = type(state).rules.decider(state)
        if action.verb == "sail":
            return f"{self.name} sails where a task is closest to done ({action.arg})"
        if action.verb in ("pay", "fight"):
            o = pirate_odds(state.cannons[seat], state.pirate, state.has(seat, "cannoneer"), state.comp.battle_die)
            return f"{self.name} {'fights' if action.verb == 'fight' else 'pays'}: {float(o.win):.0%} to win"
        return f"{self.name} plays {action} (worth {self.value(state, seat, action):.1f} to it)"


#: the rule-based bots (the package's ``BOTS`` adds the search bot of :mod:`.search`, which plays
#: GreedyBot's plans and so sits above this module)
BOTS = {"random": RandomBot, "greedy": GreedyBot}

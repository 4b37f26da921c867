"""What a wind cube is worth: fixed bids against bot policies, with confidence intervals.

One seat plays :class:`~.bots.GreedyBot` with a fixed bid (``bid=k`` cubes
every round, or all it has if fewer); the others play a policy (GreedyBot's
own bid rule by default). The test seat moves round the table so that no
seat's position favours one bid. For each bid we report the win rate (Wilson
interval), the mean final VP and the margin over the best opponent (normal
intervals), how many cubes the seat really spent, and how often the wind blew
its way.

>>> t = cube_worth(bids=(0, 3), games=8, players=3, seed=1)
>>> [row.bid for row in t.rows], t.rows[0].games
([0, 3], 8)
>>> t.rows[0].spent.mean
0.0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from collections.abc import Sequence

import numpy as np

from windward_nb.core.events import Event
from windward_nb.core.simulate import play_many
from windward_nb.core.stats import Interval, mean_interval, wilson

GAME = "winds-of-plunder"


class Tally:
    """Per-game figures a simulation keeps (the core calls it through ``simulation_tally``)."""

    def __init__(self, players: int):
        self.spent = [0] * players
        self.winds = [0] * players  # rounds in which the wind blew the way the seat's compass showed
        self.blackbeard = [0] * players  # rounds won holding Blackbeard's tile after the vote
        self.treasures = [0] * players
        self._votes: list[str] = []

    def events(self, state: Any, events: list[Event]) -> None:
        for e in events:
            if e.kind == "CompassesRevealed":
                self._votes = list(e.data["votes"])
            elif e.kind == "CubesRevealed":
                for i, n in enumerate(e.data["spent"]):
                    self.spent[i] += n
            elif e.kind == "WindSet":
                for i, d in enumerate(self._votes):
                    self.winds[i] += d == e.data["wind"]
            elif e.kind == "OrderSet":
                self.blackbeard[e.data["seat"]] += 1
            elif e.kind == "TreasureFound":
                self.treasures[e.data["seat"]] += 1

    def final(self, state: Any) -> dict[str, list[int]]:
        return {"spent": list(self.spent), "winds": list(self.winds), "blackbeard": list(self.blackbeard),
                "treasures": list(self.treasures)}


def simulation_tally(players: int, state: Any) -> Tally:
    return Tally(players)


@dataclass
class BidRow:
    bid: int
    games: int
    wins: int
    win_low: float
    win_high: float
    vp: Interval
    margin: Interval  # final VP minus the best opponent's
    spent: Interval  # cubes spent over the game
    winds: Interval  # rounds the wind blew the seat's way

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else float("nan")


@dataclass
class CubeTable:
    players: int
    opponents: str
    rows: list[BidRow]

    def vp_per_cube(self) -> float:
        """The least-squares slope of mean final VP against cubes spent, across the bids."""
        x = np.array([r.spent.mean for r in self.rows])
        y = np.array([r.vp.mean for r in self.rows])
        if len(x) < 2 or np.ptp(x) == 0:
            return float("nan")
        return float(np.polyfit(x, y, 1)[0])

    def to_text(self) -> str:
        lines = [f"{'bid':>3}  {'games':>5}  {'win rate (95% CI)':<19} {'final VP':<21} {'margin':<22} "
                 f"{'cubes spent':<12} {'wind its way':<12}"]
        for r in self.rows:
            win = f"{r.win_rate:.0%} ({r.win_low:.0%}-{r.win_high:.0%})"
            lines.append(f"{r.bid:>3}  {r.games:>5}  {win:<19} {r.vp!s:<21} {r.margin!s:<22} "
                         f"{r.spent.mean:<12.1f} {r.winds.mean:.1f}")
        return "\n".join(line.rstrip() for line in lines)

    def __str__(self) -> str:
        return self.to_text()


def _interval(values: Sequence[float]) -> Interval:
    if len(values) >= 2:
        return mean_interval(values)
    m = float(values[0]) if values else float("nan")
    return Interval(m, m, m, len(values))


def cube_worth(bids: Sequence[int] = (0, 1, 2, 3, 4, 6), games: int = 200, players: int = 4,
               opponents: str = "greedy", seed: int = 0, workers: int = 1, progress: bool = False,
               **options: Any) -> CubeTable:
    """Play ``games`` games per bid (spread evenly over the seats) and tabulate the test seat's results;
    ``progress`` shows a bar of the games played (tqdm)."""
    from ..core.simulate import _progress_bar

    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games is a whole number of games per bid (1 or more), not {games!r}")
    bar = _progress_bar(games * len(bids), progress, "cube worth")
    rows = []
    for bid in bids:
        per_seat = [games // players + (1 if j < games % players else 0) for j in range(players)]
        wins = 0
        vp: list[float] = []
        margin: list[float] = []
        spent: list[float] = []
        winds: list[float] = []
        for j, n in enumerate(per_seat):
            if n == 0:
                continue
            bots = [opponents] * players
            bots[j] = f"greedy:bid={bid}"
            res = play_many(n, players=players, bots=bots, seed=seed + 1000 * j + 17 * bid, game=GAME,
                            workers=workers, progress=False, **options)
            for g in range(len(res)):
                sc = res.scores[g]
                wins += int(res.returns[g][j] > 0 and res.returns[g].sum() == 1)
                vp.append(float(sc[j]))
                margin.append(float(sc[j] - max(sc[k] for k in range(players) if k != j)))
                spent.append(float(res.stats["spent"][g][j]))
                winds.append(float(res.stats["winds"][g][j]))
            if bar is not None:
                bar.update(n)
        total = len(vp)
        low, high = wilson(wins, total)
        rows.append(BidRow(bid=bid, games=total, wins=wins, win_low=low, win_high=high, vp=_interval(vp),
                           margin=_interval(margin), spent=_interval(spent), winds=_interval(winds)))
    if bar is not None:
        bar.close()
    return CubeTable(players=players, opponents=opponents, rows=rows)

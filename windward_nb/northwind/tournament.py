"""Bot tournaments for North Wind: which upgrade order wins more often?

Every pair of entrants meets in two-captain games, each taking the first
seat in half of them (the first captain has a small edge), all seeded, so a
tournament is the same every time it is run. Win rates come with 95% Wilson
intervals (:func:`windward_nb.core.report.wilson`).

>>> t = upgrade_tournament({"cannons first": "cannon-cannon", "sail first": "sail-cannon"}, games=4, seed=1)
>>> [row.name for row in t.rows], t.rows[0].games
(['cannons first', 'sail first'], 4)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any
from collections.abc import Mapping

from ..core.simulate import play_many
from ..core.report import rate as rate_text, wilson


@dataclass
class Entry:
    name: str
    spec: str
    games: int = 0
    wins: int = 0
    turns: list[int] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


@dataclass
class Tournament:
    rows: list[Entry]
    pairs: dict[tuple[str, str], tuple[int, int, int]]  #: (a, b) -> (a's wins, b's wins, games)

    def to_text(self) -> str:
        """A table: entrant, games, wins, win rate with its 95% interval."""
        width = max(len(r.name) for r in self.rows)
        lines = [f"{'entrant':<{width}}  games  wins  win rate (95% interval)"]
        for r in sorted(self.rows, key=lambda r: -r.rate):
            lines.append(f"{r.name:<{width}}  {r.games:>5}  {r.wins:>4}  {rate_text(r.wins, r.games)}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()


def _spec(order: Any) -> str:
    if isinstance(order, str) and order.startswith(("greedy", "random", "mcts")):
        return order
    text = order if isinstance(order, str) else "-".join(order)
    return f"greedy:upgrades={text}"


def upgrade_tournament(entrants: Mapping[str, Any], games: int = 20, seed: int = 0, *, workers: int = 1,
                       progress: bool = False, **options: Any) -> Tournament:
    """Round robin between GreedyBots that differ in the order they buy equipment.

    ``entrants`` maps a label to an upgrade order (``"sail-cannon-lookout"``, a
    list of items, or a whole bot spec such as ``"random"``). Each pair plays
    ``games`` two-captain games (an even number: half with each in the first
    seat). ``progress`` shows a bar of the games played (tqdm). Keywords go to
    ``new_game`` (e.g. ``stop_early=False``).
    """
    from ..core.simulate import _progress_bar

    if isinstance(games, bool) or not isinstance(games, int) or games < 2 or games % 2:
        raise ValueError(f"games must be an even number of at least 2, got {games!r}")
    if len(entrants) < 2:
        raise ValueError("a tournament needs at least two entrants")
    rows = {name: Entry(name, _spec(order)) for name, order in entrants.items()}
    pairs = {}
    bar = _progress_bar(games * len(entrants) * (len(entrants) - 1) // 2, progress, "upgrade tournament")
    for k, (a, b) in enumerate(combinations(rows, 2)):
        won = {a: 0, b: 0}
        for half, seats in enumerate(((a, b), (b, a))):
            res = play_many(games // 2, players=2, bots=[rows[x].spec for x in seats], seed=seed * 1000 + 2 * k + half,
                            game="north-wind", workers=workers, progress=False, **options)
            for w, t in zip(res.winner, res.turns):
                for x in seats:
                    rows[x].games += 1
                    rows[x].turns.append(int(t))
                if w >= 0:
                    won[seats[w]] += 1
                    rows[seats[w]].wins += 1
            if bar is not None:
                bar.update(games // 2)
        pairs[(a, b)] = (won[a], won[b], games)
    if bar is not None:
        bar.close()
    return Tournament(rows=list(rows.values()), pairs=pairs)

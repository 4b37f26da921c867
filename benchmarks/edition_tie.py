"""Edition b's tie (issue 27, item 3; docs/rulings.md D5): how many more "+2" tokens it hands out.

Edition a gives tokens after a tie only when a ship or longboat attacked; edition b gives every
player's ship or longboat in the tie a token whoever attacked, so a resting ship that ties a red
crester (or the White Crester) takes one. The same seeded games are played under both editions
by the usual bots on the default planet; a tie token is a token taken in the same action as a
tied battle's end.

    nice -n 10 python benchmarks/edition_tie.py --games 200      # prints the table

Game seeds start at 70,000.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from windward_nb.core.simulate import play_game  # noqa: E402

SEED0 = 70_000
#: name, players, bot, options, games per --games (the Solo Adventure is cheaper per game)
ARMS = [("4-player race", 4, "greedy", {}, 1.0),
        ("Solo Adventure", 1, "careful", {}, 1.5),
        ("Cooperative, easy", 2, "careful", dict(mode="cooperative", difficulty="easy"), 1.0)]


def count(players: int, bot: str, options: dict, edition: str, games: int) -> dict[str, Any]:
    """Ties and the tokens they gave over ``games`` seeded games."""
    tally = {"ties": 0, "tokens": 0, "team_wins": 0}

    def observe(state: Any, action: Any, events: list) -> None:
        after_tie = False
        for e in events:
            if e.kind == "BattleEnded":
                after_tie = e.data.get("winner") == "tie"
                tally["ties"] += after_tie
            elif after_tie and e.kind == "PickedUp" and e.data.get("item") == "token":
                tally["tokens"] += 1
            elif e.kind != "PickedUp":
                after_tie = False

    t0 = time.process_time()
    for g in range(games):
        r = play_game("windward", players=players, bots=bot, seed=SEED0 + g, edition=edition, observer=observe,
                      **options)
        tally["team_wins"] += bool(r.stats.get("team") and r.stats.get("team_won"))
    return dict(tally, games=games, seconds=round(time.process_time() - t0, 1))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args(argv)
    if args.games < 1:
        print("--games is 1 or more", file=sys.stderr)
        return 2
    print("| game | bot | games | edition a: ties, tie tokens per game | edition b: ties, tie tokens per game |")
    print("|---|---|---|---|---|")
    for name, players, bot, options, scale in ARMS:
        n = max(1, round(args.games * scale))
        a, b = (count(players, bot, options, ed, n) for ed in ("a", "b"))
        cells = [f"{r['ties']}, {r['tokens'] / n:.2f}" for r in (a, b)]
        print(f"| {name} | {bot} | {n} | {cells[0]} | {cells[1]} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

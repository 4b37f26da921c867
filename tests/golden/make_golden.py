"""Write tests/golden/windward_golden.json: how Windward behaved before it moved onto the core.

Run once on the commit before the move (it imports only public paths that exist before and after),
and again only for an intended rule change (so far: ruling R31, issue 31; see tests/test_golden.py):

    python tests/golden/make_golden.py

For a spread of option sets and seeds it plays bot games (RandomBot and GreedyBot) and keeps,
for every game: a hash of the action texts, of every event (kind, text, data), the final
fingerprint and scores and returns, and at every 9th decision a hash of the legal action texts,
of their descriptions, and of the refusals of a fixed list of probe texts. The test
``tests/test_golden.py`` plays the same games with the current code and compares.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import numpy as np

import windward_nb as ww
from windward_nb.windward import engine, view
from windward_nb.simulate import play_game

ALL = ["white", "naturalist", "achievements"]

CONFIGS = [
    {"players": 1},
    {"players": 1, "planet": "small", "edition": "b"},
    {"players": 1, "mode": "cooperative", "edition": "b", "difficulty": "easy"},
    {"players": 2, "mode": "cooperative", "difficulty": "normal"},
    {"players": 3, "mode": "cooperative", "edition": "b", "difficulty": "hard"},
    {"players": 4, "mode": "cooperative", "difficulty": "impossible"},
    {"players": 2},
    {"players": 2, "planet": "small"},
    {"players": 3},
    {"players": 3, "edition": "b", "variants": ["naturalist"]},
    {"players": 4, "variants": ["white"]},
    {"players": 4, "variants": ["achievements"]},
    {"players": 5, "variants": ALL},
    {"players": 2, "variants": ALL, "edition": "b"},
    {"players": 3, "planet": "small", "variants": ALL},
]

#: what a config meant when the golden file was written (the large planet of radius 5, reds moved
#: by the fixed direction order); later defaults do not change these games
OLD_DEFAULTS = {"planet": "large", "red_routes": "fixed"}

PROBES = ["move N", "move SE", "enter port", "leave port S", "leave port N", "zephyr 0,-4", "around", "row 1 N",
          "row 2 SE", "order process", "order research", "order drop", "order rowers", "order speed",
          "order supplies", "order morale", "order cannon", "order hire Marine", "order hire Nobody",
          "buy crew Marine", "buy notoriety", "buy rum", "buy cannon", "buy supplies", "play fuel", "play coffee",
          "play bait 0,-2", "play aerogenerator 3", "play false flag", "play harpoon", "pick up gas",
          "pick up crester", "pick up teeth", "pick up longboat", "pick up tokens", "drop crester", "drop teeth",
          "drop tokens", "end turn", "take 1", "take 3", "battle cannons 0", "battle cannons 9", "battle token",
          "battle done", "rest morale", "rest discard fuel", "place red 0,-2", "place white 0,-5",
          "plunder token", "plunder red tooth", "trade 1 fuel 2", "cash teeth for gas", "cash teeth for notoriety",
          "release 0,-2", "wind 1", "wind 4", "grey 2", "white 3", "dice -", "dice 1,2,3", "dice 1"]


#: verbs that view.describe_action could not describe before the move (it raised AttributeError)
UNDESCRIBED = ("trade", "cash", "release")


def h(obj) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True, default=str).encode()).hexdigest()[:16]


def describe(s, a) -> str:
    try:
        return view.describe_action(s, a)
    except Exception as exc:  # noqa: BLE001 - the record says so
        return f"ERROR {type(exc).__name__}"


def why(s, text: str):
    try:
        a = ww.Action.parse(text)
    except ValueError:
        return "syntax"
    try:
        r = engine.why_illegal(s, a)
    except Exception as exc:  # noqa: BLE001
        return f"ERROR {type(exc).__name__}"
    return list(r) if r else None


def one(config: dict, bots: str, seed: int, max_actions: int) -> dict:
    events: list = []
    samples: list = []
    n = [0]

    def observe(state, action, evs):
        events.append([action.__str__(), [[e.kind, e.text, e.data] for e in evs]])
        who = engine.decider(state)
        if who >= 0:
            n[0] += 1
            if n[0] % 9 == 0:
                legal = engine.legal_actions(state)
                samples.append([state.fingerprint(), who, [str(a) for a in legal],
                                h([describe(state, a) for a in legal if a.verb not in UNDESCRIBED]),
                                h([why(state, t) for t in PROBES])])

    # the golden games were recorded before the planet's size study and the chosen red routes: a
    # config that does not name them means the planet and the routes of then
    options = {**OLD_DEFAULTS, **config}
    res = play_game(bots=bots, seed=seed, max_actions=max_actions, record=True, observer=observe, **options)
    rec = res.record
    final = rec.replay()
    return {
        "config": config, "bots": bots, "seed": seed, "max_actions": max_actions,
        "plies": res.plies, "actions": h(rec.actions), "events": h(events),
        "fingerprint": final.state.fingerprint(), "scores": final.scores(), "returns": final.returns(),
        "winner": res.winner, "team_won": res.team_won, "rounds": res.rounds, "sources": res.sources,
        "samples": h(samples), "sample_count": len(samples),
        "first_samples": samples[:3],
    }


def games():
    for i, config in enumerate(CONFIGS):
        team = config["players"] == 1 or config.get("mode") == "cooperative"
        for bots in ("random", "greedy"):
            for k in range((6 if team else 2) if bots == "random" else (3 if team else 1)):
                yield config, bots, 100 + 17 * i + k, 700 if bots == "random" else 2500


def main(path: str) -> None:
    out = [one(c, b, s, m) for c, b, s, m in games()]
    Path(path).write_text(json.dumps(out, indent=1, default=str) + "\n")
    print(f"wrote {len(out)} games to {path}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else str(Path(__file__).with_name("windward_golden.json")))

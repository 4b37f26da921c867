"""The differential test's oracle: a battle's exact results, found by the engine alone.

From a position with a battle on top, every chance outcome the rules list (each sorted roll of
the battle dice, ``engine.chance_outcomes``) is applied through ``engine.apply`` and the
battle is fought to its end; what the engine's own events say (who won, morale lost, ships
lost) is weighed by the probabilities the rules give. Nothing here uses ``windward.odds`` or
``windward.outlook``: the decisions are made on engine states only.

The decisions follow what the table's odds say they assume:

* a ship still to fire fires all its cannons, except at the step the odds are asked for, which
  fires the ``cannons`` being weighed;
* nobody plays False Flag;
* bonuses by backward induction over the engine's own actions: each side's choices are every
  set of bonuses it can play (found by playing them, one action at a time); the defender picks,
  for each set the attacker could play, the one whose result it prefers; the attacker picks the
  set whose result, with that reply, it prefers. A side prefers a win, then a tie, then (a ship)
  keeping its ship and losing as little morale as possible; among equal results, the cheapest
  set: fewest items, then fewest cards, then the weakest cards.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from windward_nb.windward import engine
from windward_nb.windward.engine import CHANCE

Outcome = tuple[str, bool, bool, int, int]  # winner, attacker ship lost, defender ship lost, morale lost a, d


def _frame(s: Any) -> Any:
    return s.frames[-1] if s.frames and s.frames[-1]["k"] == "battle" else None


def _outcome(f: Any, events: list[Any]) -> Outcome | None:
    """The battle's result from the events of the action that ended it (``None`` if it did not)."""
    ends = [i for i, e in enumerate(events) if e.kind in ("BattleEnded", "BattleCalledOff")]
    if not ends:
        return None
    i = ends[0]
    if events[i].kind == "BattleCalledOff":
        return ("called off", False, False, 0, 0)
    winner = events[i].data["winner"]
    lost = {e.data["seat"] for e in events[i:] if e.kind == "ShipLost"}
    morale = Counter()
    for e in events[i:]:
        if e.kind == "MoraleChanged":
            morale[e.data["seat"]] -= e.data["change"]
    a_ship = f["att"] == "ship"
    d_ship = f["def"] == "ship"
    return (winner, a_ship and f["a_seat"] in lost, d_ship and f["d_seat"] in lost,
            morale[f["a_seat"]] if a_ship else 0, morale[f["d_seat"]] if d_ship else 0)


def _key(o: Outcome, side: str) -> tuple[int, int, int]:
    winner = o[0]
    me = "attacker" if side == "a" else "defender"
    if winner == me:
        return (2, 0, 0)
    if winner == "tie":
        return (1, 0, 0)
    return (0, 0, 0)


def _prefer(f: Any, o: Outcome, side: str) -> tuple[int, int, int]:
    key = _key(o, side)
    if key[0] > 0:
        return key
    kind = f["att"] if side == "a" else f["def"]
    lost = o[1] if side == "a" else o[2]
    if kind == "ship" and not lost:
        return (0, 1, -(o[3] if side == "a" else o[4]))
    return (0, 0, 0)


def _hits_of(s: Any, card: str) -> int:
    return s.components.card(card).hits


def _bonus_sets(s: Any, side: str) -> list[tuple[tuple, Any, list[Any]]]:
    """Every way ``side`` can finish its bonus step from ``s``: (cost, state after, events)."""
    found: dict[tuple, tuple[tuple, Any, list[Any]]] = {}
    seen: set[tuple] = set()

    def rec(u: Any, cards: tuple[str, ...], tokens: int, events: list[Any]) -> None:
        key = (tokens, tuple(sorted(cards)))
        if key in seen:
            return
        seen.add(key)
        for a in engine.legal_actions(u):
            v = u.clone()
            ev = engine.apply(v, a, check=False)
            c, t = cards, tokens
            if a.verb == "token":
                t += 1
            elif a.verb == "play":
                c = cards + (a.arg,)
            k = (t, tuple(sorted(c)))
            f = _frame(v)
            finished = a.verb == "done" or _outcome(_frame(u), ev) is not None or f is None \
                or f["step"] != side + "_bonus"
            if finished:
                if k not in found:
                    ids = tuple(sorted(c, key=lambda x: (_hits_of(s, x), x)))
                    cost = (t + len(c), len(c), sum(_hits_of(s, x) for x in c), ids)
                    found[k] = (cost, v, events + ev)
            elif k != key:
                rec(v, c, t, events + ev)

    rec(s, (), 0, [])
    return sorted(found.values(), key=lambda item: item[0])


def _after_bonuses(s: Any, f: Any) -> Outcome:
    """The result once both rolls are known, by backward induction over the bonus steps."""
    return bonus_play(s, f)[0]


def bonus_play(s: Any, f: Any) -> tuple[Outcome, Any, list[Any]]:
    """The bonus steps played by backward induction: the result, the position once the battle
    is over, and the events on the way there."""
    step = _frame(s)["step"]
    if step == "d_bonus":
        best = None
        for _cost, v, ev in _bonus_sets(s, "d"):
            o = _outcome(f, ev)
            assert o is not None, "the battle ends once the defender stops"
            if best is None or _prefer(f, o, "d") > _prefer(f, best[0], "d"):
                best = (o, v, ev)
        assert best is not None
        return best
    assert step == "a_bonus", step
    best = None
    for _cost, u, ev in _bonus_sets(s, "a"):
        o = _outcome(f, ev)
        got = (o, u, ev) if o is not None else None
        if got is None:
            o2, v, ev2 = bonus_play(u, f)
            got = (o2, v, ev + ev2)
        if best is None or _prefer(f, got[0], "a") > _prefer(f, best[0], "a"):
            best = got
    assert best is not None
    return best


def _fight(s: Any, f: Any, first: str, cannons: int | None, weight: float, out: Counter) -> None:
    g = _frame(s)
    step = g["step"]
    if engine.decider(s) == CHANCE:
        for a, p in engine.chance_outcomes(s):
            t = s.clone()
            ev = engine.apply(t, a, check=False)
            o = _outcome(f, ev)
            if o is not None:
                out[o] += weight * p
            else:
                _fight(t, f, first, cannons, weight * p, out)
        return
    if step in ("a_bonus", "d_bonus"):
        out[_after_bonuses(s, f)] += weight
        return
    legal = [a for a in engine.legal_actions(s) if not (a.verb == "play" and a.arg == "false_flag")]
    if step.endswith("cannons"):
        n = cannons if (step == first and cannons is not None) else max(a.arg for a in legal)
        a = next(x for x in legal if x.arg == n)
    else:  # a False Flag window: let the battle go on
        a = next(x for x in legal if x.verb == "done")
    t = s.clone()
    ev = engine.apply(t, a, check=False)
    o = _outcome(f, ev)
    if o is not None:
        out[o] += weight
    else:
        _fight(t, f, first, cannons, weight, out)


def engine_results(s: Any, cannons: int | None = None) -> Counter:
    """``{outcome: probability}`` of the battle on top of ``s``, fought through the engine.

    An outcome is ``(winner, attacker ship lost, defender ship lost, morale the attacker loses,
    morale the defender loses)``; ``winner`` is ``"attacker"``, ``"tie"`` or ``"defender"``.
    ``cannons``: what the ship firing now fires (default all).
    """
    f = _frame(s)
    assert f is not None, "no battle on top"
    key = (s.fingerprint(), cannons)
    if key in _RESULTS:
        return _RESULTS[key]
    out: Counter = Counter()
    _fight(s.clone(), dict(f), f["step"], cannons, 1.0, out)
    if len(_RESULTS) > 20_000:
        _RESULTS.clear()
    _RESULTS[key] = out
    return out


_RESULTS: dict[tuple, Counter] = {}  # results by (position, cannons): the engine does not change within a run


def summary(results: Counter) -> dict[str, Any]:
    """win/tie/loss (the attacker's), ship_lost per ship side and morale loss distributions."""
    total = sum(results.values())
    out: dict[str, Any] = {"win": 0.0, "tie": 0.0, "loss": 0.0, "total": total,
                           "ship_lost": {"attacker": 0.0, "defender": 0.0},
                           "morale_loss": {"attacker": Counter(), "defender": Counter()}}
    for (winner, a_lost, d_lost, a_m, d_m), p in results.items():
        out[{"attacker": "win", "tie": "tie", "defender": "loss"}[winner]] += p
        out["ship_lost"]["attacker"] += p * a_lost
        out["ship_lost"]["defender"] += p * d_lost
        out["morale_loss"]["attacker"][a_m] += p
        out["morale_loss"]["defender"][d_m] += p
    return out


# =============================================================================== positions from real games
def game_positions(config: dict[str, Any], bots: str, seed: int, max_actions: int = 3000) -> list[Any]:
    """A copy of the position at every step of every battle of one bot game (``config`` as in
    ``tests/golden/make_golden.py``: players, mode, planet, variants, edition ...)."""
    from windward_nb.simulate import play_game

    found: list[Any] = []

    def observe(s: Any, a: Any, ev: Any) -> None:
        if _frame(s) is not None and engine.decider(s) != engine.TERMINAL:
            found.append(s.clone())

    options = dict(config)
    players = options.pop("players")
    play_game(players=players, bots=bots, seed=seed, observer=observe, max_actions=max_actions, **options)
    return found


def category(s: Any) -> tuple:
    """What kind of battle step a position is: (attacker, defender, reds together, step,
    bonuses held by a side still to play them, a bonus played already)."""
    f = _frame(s)
    held = any(
        (f["att"] if side == "a" else f["def"]) in ("ship", "longboat")
        and (s.ships[f[side + "_seat"]].tokens or any(s.components.card(c).kind == "hits"
                                                      for c in s.ships[f[side + "_seat"]].hand))
        for side in ("a", "d"))
    together = max(f.get("a_n", 1), f.get("d_n", 1)) > 1  # reds attacking together, or sharing the space attacked
    return (f["att"], f["def"], together, f["step"], bool(held), bool(f["a_bonus"] or f["d_bonus"]))


def cannon_choices(s: Any) -> list[int | None]:
    """The cannons the ship firing now may fire (``[None]`` at any other step)."""
    f = _frame(s)
    if not f["step"].endswith("cannons"):
        return [None]
    seat = f["a_seat"] if f["step"] == "a_cannons" else f["d_seat"]
    return list(range(s.ships[seat].cannons + 1))


def differences(s: Any, display: Any, tol: float = 1e-9) -> list[str]:
    """Every figure ``display(s, cannons)`` (a dict like ``view.battle_outlook``'s) gets wrong
    at this battle step, for every cannons choice open now, against :func:`engine_results`."""
    out = []
    f = _frame(s)
    for n in cannon_choices(s):
        want = summary(engine_results(s, n))
        got = display(s, n)
        where = f"{category(s)} cannons={n}"
        for key in ("win", "tie", "loss"):
            if abs(got[key] - want[key]) > tol:
                out.append(f"{where}: {key} shown {got[key]:.6f}, the engine gives {want[key]:.6f}")
        for side in ("attacker", "defender"):
            kind = f["att"] if side == "attacker" else f["def"]
            if kind != "ship":
                continue
            shown = got["ship_lost"].get(side)
            if shown is None or abs(shown - want["ship_lost"][side]) > tol:
                out.append(f"{where}: {side}'s ship lost shown {shown}, the engine gives "
                           f"{want['ship_lost'][side]:.6f}")
    return out

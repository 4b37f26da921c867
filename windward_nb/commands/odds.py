"""``windward odds``: exact odds tables, worked out from whole-number counts (never sampled).

Windward (the default): a battle between two parties (``ship``, ``longboat``, ``grey``, ``red``,
``white``, or a plain number of dice), with cannons, crew, "+2" tokens, hit cards and morale,
through :func:`windward_nb.odds.battle_odds`: the chance to win, tie and lose, the distribution
of the margin, each ship's morale loss and the chance it is lost.

North Wind (``--game north-wind``): a pirate battle (``--cannons`` against ``--strength``) or a
voyage into a shuffled stack (``--sail``, ``--fog``, ``--other``), through
:mod:`windward_nb.northwind.odds`. The other games have no odds tables.
"""

from __future__ import annotations

import argparse
import re
from fractions import Fraction
from typing import Any

from .base import EXIT_OK, add_json_flag, game_type, natural_int, new_parser, print_json, usage_error

EXAMPLES = """\
examples:
  windward odds --attacker ship --defender red --cannons 3
  windward odds --attacker ship --defender ship --cannons 1 --crew Sergeant --defender-tokens 1 --defender-morale 2
  windward odds --attacker 5 --defender 2                 bare pools of battle dice
  windward odds --attacker ship --defender red --cannons 3 --json
  windward odds --game north-wind --cannons 3 --strength 2 --cannoneer       a pirate battle
  windward odds --game north-wind --sail 4 --fog 2 --other 5 --lookout       a voyage
"""

#: options of a Windward battle, per side: (suffix, argparse keywords)
_SIDE_OPTIONS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("cannons", dict(type=natural_int, metavar="N", help="cannons the {side} ship spends (a die each)")),
    ("crew", dict(action="append", metavar="NAME", help="a crew member the {side} ship has hired (repeat)")),
    ("tokens", dict(type=natural_int, metavar="N", help='"+2" tokens the {side} holds')),
    ("cards", dict(action="append", metavar="CARD", help="a battle hit card the {side} holds (repeat)")),
    ("morale", dict(type=natural_int, metavar="N", help="the {side} ship's morale (to get the chance it is lost)")),
    ("count", dict(type=natural_int, metavar="N", help="red cresters fighting together on the {side}'s side")),
)
_NORTH_WIND_OPTIONS = ("strength", "cannoneer", "sail", "destination", "fog", "other", "lookout")
_GAMES_WITH_ODDS = ("windward", "north-wind")


def add_parser(subparsers) -> argparse.ArgumentParser:
    p = new_parser(subparsers, "odds", help="exact battle (and voyage) odds",
                   description="Exact odds tables: a Windward battle by default; pirate battles and voyages "
                               "with --game north-wind.", epilog=EXAMPLES)
    p.add_argument("--game", default="windward", metavar="GAME",
                   help=f"the game ({', '.join(_GAMES_WITH_ODDS)}; default: windward)")
    w = p.add_argument_group("Windward battles")
    w.add_argument("--attacker", metavar="PARTY", help="ship, longboat, grey, red, white, or a number of dice "
                                                        "(default: ship)")
    w.add_argument("--defender", metavar="PARTY", help="the same choices (default: ship)")
    for name, kw in _SIDE_OPTIONS:
        w.add_argument(f"--{name}", dest=f"attacker_{name}", **{**kw, "help": kw["help"].format(side="attacking")})
        w.add_argument(f"--defender-{name}", dest=f"defender_{name}",
                       **{**kw, "help": kw["help"].format(side="defending")})
    w.add_argument("--play", choices=("best", "all", "none"),
                   help="how bonuses are played: best (default), all, none")
    n = p.add_argument_group("North Wind (--game north-wind)")
    n.add_argument("--strength", type=natural_int, metavar="N", help="a pirate ship's strength (with --cannons)")
    n.add_argument("--cannoneer", action="store_true", help="a Cannoneer on board (blue faces hit twice)")
    n.add_argument("--sail", type=natural_int, metavar="N", help="tiles a voyage reveals")
    n.add_argument("--destination", type=natural_int, metavar="0|1", help="destination harbours in the stack "
                                                                         "(default: 1)")
    n.add_argument("--fog", type=natural_int, metavar="N", help="fog tiles in the stack (default: 0)")
    n.add_argument("--other", type=natural_int, metavar="N", help="other tiles in the stack (default: 0)")
    n.add_argument("--lookout", action="store_true", help="a Lookout sends a fog on top under the stack")
    add_json_flag(p, "the odds")
    return p


# =============================================================================== numbers
def _cell(p: Any) -> dict[str, Any]:
    p = Fraction(p)
    return {"fraction": f"{p.numerator}/{p.denominator}", "probability": float(p)}


def _pct(p: Any) -> str:
    return f"{100 * float(p):7.2f}%"


def _table(title: str, rows: list[tuple[str, Any]], head: str = "") -> list[str]:
    width = max([len(label) for label, _ in rows] + [len(head), 6])
    fracs = [str(Fraction(p)) for _, p in rows]
    fw = max([len(f) for f in fracs] + [5])
    out = [title, f"  {head:<{width}}  {'exact':>{fw}}  {'percent':>8}"]
    out += [f"  {label:<{width}}  {frac:>{fw}}  {_pct(p)}" for (label, p), frac in zip(rows, fracs)]
    return out


def _given(args: argparse.Namespace, names: Any) -> list[str]:
    return [n for n in names if getattr(args, n) not in (None, False)]


# =============================================================================== Windward
def _flag_names(message: str) -> str:
    """The library's argument names in a message (``attacker_crew``) as this command's options."""
    def flag(m: re.Match) -> str:
        return f"--{m[2]}" if m[1] == "attacker" else f"--defender-{m[2]}"

    return re.sub(r"\b(attacker|defender)_(cannons|crew|tokens|cards|morale|count)\b", flag, message)


def _party(text: str | None) -> str | int:
    if text is None:
        return "ship"
    return int(text) if text.strip().isdigit() else text


def windward_odds(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    from ..odds import battle_odds

    kw: dict[str, Any] = {}
    for side in ("attacker", "defender"):
        for name, _ in _SIDE_OPTIONS:
            value = getattr(args, f"{side}_{name}")
            if value is not None:
                kw[f"{side}_{name}"] = value
    try:
        o = battle_odds(_party(args.attacker), _party(args.defender), play=args.play or "best", exact=True, **kw)
    except ValueError as exc:
        raise usage_error(_flag_names(str(exc))) from None
    data: dict[str, Any] = {
        "game": "windward", "attacker": o.attacker, "defender": o.defender, "play": o.play,
        "attacker_dice": o.attacker_dice, "defender_dice": o.defender_dice,
        "attacker_extra_hits": o.attacker_extra_hits, "defender_extra_hits": o.defender_extra_hits,
        "win": _cell(o.win), "tie": _cell(o.tie), "loss": _cell(o.loss),
        "expected_margin": float(o.expected_margin),
        "margin": [{"margin": m, **_cell(p)} for m, p in o.margin.items()],
        "morale_loss": {side: [{"loss": k, **_cell(p)} for k, p in d.items()] for side, d in o.morale_loss.items()},
        "ship_lost": {side: _cell(p) for side, p in o.ship_lost.items()},
    }
    extra = lambda n: f" (+{n} hits)" if n else ""  # noqa: E731
    lines = [f"Windward: {o.attacker} attacks {o.defender} (bonuses played: {o.play})",
             f"dice: attacker {o.attacker_dice}{extra(o.attacker_extra_hits)}, "
             f"defender {o.defender_dice}{extra(o.defender_extra_hits)}", ""]
    lines += _table("outcome", [("attacker wins", o.win), ("tie", o.tie), ("defender wins", o.loss)])
    lines += ["", f"expected margin {float(o.expected_margin):+.3f} hits", ""]
    lines += _table("margin (attacker's total minus the defender's)",
                    [(f"{m:+d}", p) for m, p in o.margin.items() if p], "margin")
    for side, dist in o.morale_loss.items():
        lines += [""] + _table(f"{side} ship: morale lost", [(str(k), p) for k, p in dist.items() if p], "morale")
        if side in o.ship_lost:
            lines.append(f"  ship lost: {Fraction(o.ship_lost[side])} = {_pct(o.ship_lost[side]).strip()}")
    return data, "\n".join(lines)


# =============================================================================== North Wind
def north_wind_odds(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    from ..northwind.odds import pirate_odds, voyage_odds

    pirate = args.strength is not None
    voyage = any(getattr(args, n) is not None for n in ("sail", "fog", "other", "destination")) or args.lookout
    if pirate == voyage:
        raise usage_error("North Wind odds are for a pirate battle (--cannons N --strength N) "
                          "or a voyage (--sail N --fog N --other N), one at a time")
    try:
        if pirate:
            if args.attacker_cannons is None:
                raise usage_error("a pirate battle needs --cannons N (the battle dice you roll)")
            o = pirate_odds(args.attacker_cannons, args.strength, cannoneer=args.cannoneer)
        else:
            if args.sail is None:
                raise usage_error("a voyage needs --sail N (the tiles it reveals)")
            stack = {"destination": 1 if args.destination is None else args.destination,
                     "fog": args.fog or 0, "other": args.other or 0}
            v = voyage_odds(stack, args.sail, lookout=args.lookout)
    except ValueError as exc:
        raise usage_error(str(exc)) from None
    if pirate:
        crew = " with a Cannoneer" if o.cannoneer else ""
        data = {"game": "north-wind", "kind": "pirate battle", "cannons": o.cannons, "strength": o.strength,
                "cannoneer": o.cannoneer, "win": _cell(o.win), "loss": _cell(o.loss),
                "expected_hits": float(o.expected_hits),
                "hits": [{"hits": k, **_cell(p)} for k, p in enumerate(o.hits)]}
        lines = [f"North Wind: {o.cannons} cannons{crew} against a pirate ship of strength {o.strength}", ""]
        lines += _table("outcome", [("you win", o.win), ("the pirate wins", o.loss)])
        lines += ["", f"expected hits {float(o.expected_hits):.3f}", ""]
        lines += _table("hits scored", [(str(k), p) for k, p in enumerate(o.hits) if p], "hits")
        return data, "\n".join(lines)
    data = {"game": "north-wind", "kind": "voyage", "sail": v.sail, "lookout": v.lookout, "tiles": v.tiles,
            "stack": stack, "reach": _cell(v.reach), "reach_clear": _cell(v.reach_clear),
            "sent_under": _cell(v.sent_under), "expected_fog": float(v.fog_expected),
            "fogs": [{"fog": k, **_cell(p)} for k, p in enumerate(v.fogs)]}
    look = " with a Lookout" if v.lookout else ""
    lines = [f"North Wind: a voyage of {v.sail} tiles{look} into a stack of {v.tiles} "
             f"({stack['destination']} destination, {stack['fog']} fog, {stack['other']} other)", ""]
    rows = [("reach the destination", v.reach), ("... before any fog", v.reach_clear)]
    if v.lookout:
        rows.append(("the Lookout sends a tile under", v.sent_under))
    lines += _table("outcome", rows)
    lines += ["", f"expected fog tiles {float(v.fog_expected):.3f}", ""]
    lines += _table("fog tiles met", [(str(k), p) for k, p in enumerate(v.fogs) if p], "fog")
    return data, "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    game = game_type(args.game)
    if game.name not in _GAMES_WITH_ODDS:
        raise usage_error(f"{game.title} has no odds tables; games with odds: {', '.join(_GAMES_WITH_ODDS)}")
    if game.name == "windward":
        wrong = _given(args, _NORTH_WIND_OPTIONS)
        if wrong:
            raise usage_error(f"--{wrong[0]} is a North Wind option; add --game north-wind")
        data, text = windward_odds(args)
    else:
        windward_only = ["attacker", "defender", "play"] + [f"{side}_{name}" for side in ("attacker", "defender")
                                                            for name, _ in _SIDE_OPTIONS]
        wrong = [n for n in _given(args, windward_only) if n != "attacker_cannons"]
        if wrong:
            raise usage_error(f"--{wrong[0].replace('attacker_', '').replace('_', '-')} is a Windward battle "
                              f"option, not one of {game.title}")
        data, text = north_wind_odds(args)
    if args.json:
        print_json(data)
    else:
        print(text)
    return EXIT_OK

"""Helpers for Windward's lesson notebooks: narrate actions, show a captain's status, check a try-it.

A try-it cell gives the learner a goal and an empty answer (``...``). The
checker plays the answer on a **copy** of the game, with the engine, so the
lesson's position never changes, and says either what was achieved or, starting
with "Not yet:", what is missing: a placeholder still in place, an action it
cannot read (with the closest legal ones), the rule that refuses an action, or
how far the result is from the goal.

>>> import windward_nb as ww
>>> game = ww.scenario(players=2, wind=3, ships=[{"pos": "2,1"}, {}])
>>> check(game, ..., goals.ship(at="1,1", max_speed=2))
Not yet: write your actions in place of the ... (a list in quotes, like ["move N", "pick up gas"]), then run the cell.
>>> check(game, ["move NW"], goals.ship(at="1,1", max_speed=2))   # doctest: +ELLIPSIS
Not yet: 'move NW' (action 1) is refused: ... straight into the wind [Wind].
>>> check(game, ["mvoe SW"], goals.ship(at="1,1", max_speed=2))
Not yet: I cannot read 'mvoe SW' (action 1): unknown action 'mvoe SW'. Did you mean: move SW, move S, move SE?
>>> check(game, ["move SW", "move N"], goals.ship(at="1,1", max_speed=2))
✓ Done: your ship is at 1,1 and used 2 speed (goal: at 1,1, at most 2 speed).

Goals are small values built by the functions in :data:`goals`; each measures
the learner's captain (the one deciding when the try-it starts) before and
after the answer.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from fractions import Fraction
from types import SimpleNamespace
from typing import Any
from collections.abc import Callable, Iterable, Sequence

from ..core.errors import IllegalActionError
from ..core.events import Event
from ..core.lesson import Verdict, _not_yet, placeholder, read_answer
from ..core.report import Table, pct, plural, table
from . import movement
from .actions import Action
from .hexgrid import direction_name, distance
from .odds import battle_odds
from .scenario import scenario
from .state import ABOARD, PORT
from .view import crew_effect, decision_prompt, max_cannons, text_summary

__all__ = ["Goal", "Verdict", "card_table", "check", "check_cannons", "check_map", "choices", "crew_table", "demo",
           "directions_table", "goals", "planet_table", "play", "price_table", "processing_table", "route", "status",
           "terrain_table"]

EXAMPLE = '"move N", "pick up gas"'
PLACEHOLDER = placeholder(EXAMPLE)


# =============================================================================== narration
def play(game, actions: Iterable[Any]) -> None:
    """Apply ``actions`` to ``game`` one by one, printing what happened after each."""
    for text in _as_list(actions, "play"):
        events = game.apply(text)
        print(f"{text!s:<18} → {' '.join(e.text for e in events) or '(done)'}")


def demo(game, actions: Iterable[Any]) -> None:
    """Play ``actions`` on a copy of ``game``, printing what happened and what is decided next."""
    trial = game.clone()
    play(trial, actions)
    print(f"{'':<18}   now: {decision_prompt(trial.state)}")


def status(game, seat: int | None = None) -> None:
    """Print the lines of the text summary about the wind, the next decision and one captain."""
    seat = _seat(game) if seat is None else seat
    for line in text_summary(game.state).splitlines():
        line = line.strip()
        if line.startswith(("Wind ", "Now:", f"Player {seat + 1} ", f"Player {seat + 1},")):
            print(line)


def choices(game, prefix: str = "") -> Table:
    """The legal actions starting with ``prefix``, each with what it would do."""
    rows = [[f"`{a}`", game.describe(a)] for a in map(str, game.legal_actions()) if a.startswith(prefix)]
    return table(["action", "what it does"], rows)


def planet_table(planet) -> Table:
    """Each territory's tile and special spaces."""
    def spaces(indices: Iterable[int]) -> str:
        return ", ".join(planet.label(i) for i in indices) or "–"

    rows = []
    for t in range(1, 7):
        cells = planet.territory_cells[t]
        rows.append([t, planet.tile_names[t], spaces([planet.feeding_ground[t]]), spaces([planet.red_start[t]]),
                     spaces([planet.gas_pocket[t]]), spaces(i for i in cells if planet.terrain[i] == "zephyr"),
                     spaces(i for i in cells if planet.terrain[i] == "drift"), spaces([planet.corner[t]])])
    return table(["territory", "tile", "feeding ground", "red start", "gas pocket", "zephyr", "drift", "corner"],
                 rows, left=8)


TERRAINS = ("plain", "drift", "zephyr", "gas", "feeding", "red_start", "corner")


def terrain_table(planet) -> Table:
    """How many spaces of each terrain the planet has."""
    return table(["terrain", "spaces"], [[k.replace("_", " "), planet.terrain.count(k)] for k in TERRAINS])


def directions_table(game) -> Table:
    """What a ship move in each of the six directions would do, or why the engine refuses it."""
    rows = []
    for d in range(1, 7):
        action = f"move {direction_name(d)}"
        rows.append([direction_name(d), game.why_illegal(action) or game.describe(action)])
    return table(["direction", "what the engine says"], rows)


def route(start: str, target: str, wind: int, *, planet: str = "large:ABCDEF") -> list[str]:
    """The engine's cheapest route for a ship from ``start`` to ``target`` (``"q,r"`` or ``"port"``)
    under ``wind``, on an empty sky, as a list of actions.

    The ship gets unlimited speed so that routes longer than one turn can be followed; every step
    is still applied, and so checked, by the engine.

    >>> route("2,3", "0,3", wind=3)
    ['move N', 'move N', 'move SW', 'move SW']
    """
    game = scenario(players=2, planet=planet, wind=wind, reds=[], items={}, ships=[{"pos": start}, {}],
                    turn={"speed": 99})
    goal = PORT if target == "port" else game.state.planet.cell(target)
    steps: list[str] = []
    while game.state.ships[0].pos != goal:
        nxt = movement.routes(game.state)[1].get(goal)
        if nxt is None or len(steps) > 4 * len(game.state.planet.cells):
            raise ValueError(f"no route from {start} to {target} with wind {wind}")
        game.apply(nxt)
        steps.append(str(nxt))
    return steps


def crew_table(game) -> Table:
    """Every crew member: the slot it takes on the ship board and what it gives."""
    comp = game.state.components
    return table(["crew member", "slot", "what it gives"],
                 [[name, comp.crew_slot[name], crew_effect(game.state, name)] for name in comp.crew_names])


def price_table(game) -> Table:
    """What the Trading Post sells, for how much gas, and which order does the same."""
    comp = game.state.components
    board = comp.board(game.state.ships[_seat(game)].colour)
    what = {
        "cannon": ("`buy cannon`", "loads a cannon, like the Fill Cannon order"),
        "crew": ("`buy crew Marine` (any crew)", "hires a crew member, like the Hire Crew order"),
        "rum": ("`buy rum`", f"+{board.morale_order} morale, like the +{board.morale_order} Morale order"),
        "notoriety": ("`buy notoriety`", "+1 notoriety (no order does this)"),
        "supplies": ("`buy supplies`", f"takes {board.supplies} supply cards, like the Take Supplies order"),
    }
    return table(["action", "price", "what you get"],
                 [[what[item][0], f"{price} gas", what[item][1]] for item, price in comp.prices.items()])


CARD_TIMES = {"turn": "your turn", "battle_start": "a battle, before the dice", "hits": "a battle, after the dice"}


def card_table(game) -> Table:
    """The kinds of supply card: how many the deck holds, when each is played, what it does."""
    return table(["card", "in the deck", "played during", "effect"],
                 [[c.name, c.count, CARD_TIMES.get(c.kind, c.kind), c.effect] for c in game.state.components.cards])


def processing_table(game, crester: str = "grey") -> Table:
    """Gas and teeth from processing one crester, at each morale (on a ship with empty gas storage)."""
    comp = game.state.components
    rows = []
    for morale in range(1, comp.limits["morale_max"] + 1):
        g = scenario(players=2, ships=[{"pos": "0,1", "morale": morale, "hold": crester}, {}], components=comp)
        g.apply("order process")
        me = g.state.ships[0]
        rows.append([morale, me.gas, getattr(me, crester + "_teeth")])
    return table(["morale", "gas gained", f"{crester} teeth"], rows)


# =============================================================================== verdicts
# Verdict and the reading of an answer are the core's (windward_nb.core.lesson), shared by every game.


def _seat(game) -> int:
    who = game.current_player
    return who if who >= 0 else game.state.current


def _as_list(answer: Any, what: str) -> list:
    if isinstance(answer, (str, Action)):
        return [answer]
    return list(answer)


def _read_answer(answer: Any) -> tuple[list | None, Verdict | None]:
    """The answer as a list of actions, or the verdict explaining why it cannot be read (one
    :class:`Action` is an answer too)."""
    if isinstance(answer, Action):
        return [answer], None
    return read_answer(answer, EXAMPLE)


def _suggest(game, text: str) -> str:
    legal = [str(a) for a in game.legal_actions()] if game.current_player >= 0 else []
    close = difflib.get_close_matches(str(text).strip().lower(), [x.lower() for x in legal], n=3, cutoff=0.6)
    by_lower = {x.lower(): x for x in legal}
    if close:
        return " Did you mean: " + ", ".join(by_lower[c] for c in close) + "?"
    return ""


def check(game, answer: Any, goal: Goal) -> Verdict:
    """Play ``answer`` (a list of actions) on a copy of ``game`` and judge it against ``goal``.

    Never changes ``game`` and never raises for anything a learner can write.
    """
    if not isinstance(goal, Goal):
        raise TypeError("check() needs a goal from windward_nb.windward.lessons.goals")
    actions, verdict = _read_answer(answer)
    if verdict is not None:
        return verdict
    assert actions is not None  # no verdict: the answer was read as a list of actions
    seat = _seat(game)
    trial = game.clone()
    events: list[Event] = []
    for n, text in enumerate(actions, 1):
        label = f"{str(text).strip()!r} (action {n})"
        try:
            action = Action.parse(text)
        except ValueError as err:
            return _not_yet(f"I cannot read {label}: {err}.{_suggest(trial, str(text))}")
        if trial.state.over:
            return _not_yet(f"the game is over before {label}.")
        try:
            events += trial.apply(action)
        except IllegalActionError as err:
            return _not_yet(f"{label} is refused: {err}.")
    ok, message = goal.judge(game, trial, events, seat)
    return Verdict(True, "✓ Done: " + message) if ok else _not_yet(message)


def check_cannons(answer: Any, *, crew: Sequence[str] = (), at_least: float = 0.5, defender: str = "red") -> Verdict:
    """Is ``answer`` the fewest cannons with which a ship (with ``crew``) wins at least ``at_least``
    of its attacks on ``defender``? The odds come from :func:`windward_nb.odds.battle_odds`."""
    if answer is ... or answer is None:
        return Verdict(None, "Not yet: write your answer, a whole number of cannons, in place of the ..., "
                             "then run the cell.")
    if isinstance(answer, bool) or not isinstance(answer, int):
        return _not_yet(f"write a whole number of cannons, like 2 (got {answer!r}).")
    most = max_cannons(crew)
    who = "a ship" + (f" with a {' and a '.join(crew)}" if crew else "")
    if not 0 <= answer <= most:
        return _not_yet(f"{who} can fire 0 to {most} cannons, not {answer}.")

    def win(n: int) -> float | Fraction:
        return battle_odds("ship", defender, attacker_cannons=n, attacker_crew=list(crew)).win

    goal = f"win at least {pct(at_least, 0)} of the time"
    if win(answer) < at_least:
        return _not_yet(f"with {plural(answer, 'cannon')} {who} wins {pct(win(answer))}; the goal is to {goal}.")
    if answer > 0 and win(answer - 1) >= at_least:
        return _not_yet(f"{plural(answer, 'cannon')} win {pct(win(answer))}, but {answer - 1} already win "
                        f"{pct(win(answer - 1))}: fewer will do.")
    return Verdict(True, f"✓ Done: {plural(answer, 'cannon')} is the fewest: {who} wins {pct(win(answer))}"
                         + (f", and {answer - 1} would win only {pct(win(answer - 1))}." if answer else "."))


def check_map(planet, guesses: Any) -> Verdict:
    """Check guesses of terrain, ``{"2,1": "zephyr", ...}``, against the planet."""
    if guesses is ... or guesses is None:
        return Verdict(None, 'Not yet: write your guesses in place of the ..., like {"2,1": "plain"}, then run '
                             "the cell.")
    if not isinstance(guesses, dict) or not guesses:
        return _not_yet('write your guesses as a dictionary of space to terrain, like {"2,1": "plain"}.')
    lines, right = [], 0
    for space, guess in guesses.items():
        try:
            i = planet.cell(str(space))
        except (ValueError, KeyError, TypeError):
            lines.append(f"✗ {space!r} is not a space of this planet (write spaces like \"2,1\")")
            continue
        truth = planet.terrain[i]
        if str(guess).strip().lower().replace(" ", "_") == truth:
            right += 1
            lines.append(f"✓ {space}: {planet.describe(i)}")
        else:
            lines.append(f"✗ {space}: you said {guess!r}; it is {planet.describe(i)}")
    head = (f"✓ Done: all {right} right." if right == len(guesses)
            else f"Not yet: {right} of {len(guesses)} right.")
    return Verdict(right == len(guesses), "\n".join([head, *lines]))


# =============================================================================== goals
Judge = Callable[[Any, Any, list, int], "tuple[bool, str]"]


@dataclass(frozen=True)
class Goal:
    """What a try-it asks for: ``judge(before, after, events, seat) -> (met, message)``."""

    text: str
    judge: Judge

    def __repr__(self) -> str:
        return f"<Goal: {self.text}>"


def _where(s, pos: int) -> str:
    return "port" if pos == PORT else s.planet.label(pos)


def _resting(events: list, seat: int) -> bool:
    """Has the learner's turn reached its end (the rest, or the next captain's turn)?"""
    return any(e.kind in ("RestBegins", "Rested", "TurnEnded") and e.data.get("seat", seat) == seat
               for e in events)


def _measures(before, after, events: list, seat: int) -> dict[str, Any]:
    s, ship, old = after.state, after.state.ships[seat], before.state.ships[seat]
    same_turn = s.current == before.state.current and s.round == before.state.round and not _resting(events, seat)
    return {
        "at": _where(s, ship.pos),
        "speed": (before.state.turn.speed - s.turn.speed) if same_turn else None,
        "gas": ship.gas, "cannons": ship.cannons, "morale": ship.morale, "notoriety": ship.notoriety,
        "gained": ship.notoriety - old.notoriety, "cannon_slots": s.cannon_slots(seat),
        "hand_limit": s.hand_limit(seat), "cards": len(ship.hand), "crew": len(ship.crew),
        "grey_teeth": ship.grey_teeth, "red_teeth": ship.red_teeth, "tokens": ship.tokens,
        "hold": ship.hold or "nothing", "boats_aboard": all(b == ABOARD for b in ship.boats),
    }


_NAMES = {
    "gas": ("gas", "gas"), "cannons": ("cannon", "cannons"), "morale": ("morale", "morale"),
    "notoriety": ("notoriety", "notoriety"), "gained": ("notoriety gained", "notoriety gained"),
    "cannon_slots": ("cannon slot", "cannon slots"), "hand_limit": ("card hand limit", "card hand limit"),
    "cards": ("card in hand", "cards in hand"), "crew": ("crew member", "crew members"),
    "grey_teeth": ("grey tooth", "grey teeth"), "red_teeth": ("red tooth", "red teeth"),
    "tokens": ("+2 token", "+2 tokens"),
}


def _amount(key: str, n: int) -> str:
    one, many = _NAMES[key]
    if key in ("morale", "notoriety", "hand_limit"):
        return f"{one} {n}"
    return f"{n} {one if n == 1 else many}"


def ship(*, at: str | None = None, max_speed: int | None = None, hold: str | None = None,
         boats_aboard: bool | None = None, **at_least: int) -> Goal:
    """The learner's ship ends ``at`` a space (``"q,r"`` or ``"port"``), having used at most
    ``max_speed`` speed this turn, with at least the amounts given (``gas=4``, ``cannons=2``,
    ``morale=3``, ``gained=3`` notoriety, ``cannon_slots=5``, ``red_teeth=1`` ...), a ``hold``
    holding that crester and its longboats aboard if ``boats_aboard``.
    """
    unknown = set(at_least) - set(_NAMES)
    if unknown:
        raise ValueError(f"unknown goal amounts {sorted(unknown)}; known: {', '.join(_NAMES)}")
    wants = []
    if at is not None:
        wants.append(f"at {at}")
    if max_speed is not None:
        wants.append(f"at most {max_speed} speed")
    wants += [f"gain at least {v} notoriety" if k == "gained" else f"at least {_amount(k, v)}"
              for k, v in at_least.items()]
    if hold is not None:
        wants.append(f"a {hold} crester in the hold")
    if boats_aboard:
        wants.append("every longboat aboard")
    text = ", ".join(wants)

    def judge(before, after, events, seat):
        m = _measures(before, after, events, seat)
        ok, said = True, []
        if at is not None:
            ok &= m["at"] == at
            said.append("your ship is at the Trading Post" if m["at"] == "port" else f"your ship is at {m['at']}")
        if max_speed is not None:
            if m["speed"] is None:
                ok = False
                said.append("your turn is already over")
            else:
                ok &= m["speed"] <= max_speed
                said.append(f"used {m['speed']} speed")
        have = []
        for k, v in at_least.items():
            ok &= m[k] >= v
            if k == "gained":
                said.append(f"gained {m[k]} notoriety")
            else:
                have.append(_amount(k, m[k]))
        if have:
            said.append("you have " + _join(have))
        if hold is not None:
            ok &= m["hold"] == hold
            said.append(f"the hold has {m['hold'] if m['hold'] == 'nothing' else 'a ' + m['hold'] + ' crester'}")
        if boats_aboard:
            ok &= m["boats_aboard"]
            said.append("the longboat is " + ("aboard" if m["boats_aboard"] else "still out"))
        return ok, f"{_join(said)} (goal: {text})."

    return Goal(text, judge)


def _join(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def red_defeated(min_gap: int) -> Goal:
    """A defeated Red Crester in the hold, and the new one placed at least ``min_gap`` spaces away."""
    text = f"a Red Crester in your hold, the new one at least {min_gap} spaces from your ship"

    def judge(before, after, events, seat):
        s = after.state
        me = s.ships[seat]
        if me.hold != "red":
            return False, f"the hold has {me.hold + ' crester' if me.hold else 'nothing'} (goal: {text})."
        if s.frames:
            return False, f"the crester is yours; now place the new Red Crester (goal: {text})."
        if me.pos == PORT:
            return False, f"your ship is back at port (goal: {text})."
        t = s.planet.territory[me.pos]
        new = [h for h in s.reds if s.planet.territory[h] == t]
        gap = min((distance(s.planet.cells[me.pos], s.planet.cells[h]) for h in new), default=99)
        return gap >= min_gap, f"a Red Crester in your hold and the new one {gap} spaces away (goal: {text})."

    return Goal(text, judge)


def turn_over(*, at: str, keep_morale: bool = False, no_battle: bool = False, **at_least: int) -> Goal:
    """The learner's turn is over, the ship rested ``at`` ``"port"`` or ``"sky"``; optionally
    without losing morale, without any battle, and with at least the amounts given."""
    wants = [f"your turn over, resting at {at}"]
    if keep_morale:
        wants.append("no morale lost")
    if no_battle:
        wants.append("no battle")
    wants += [f"at least {_amount(k, v)}" for k, v in at_least.items()]
    text = ", ".join(wants)

    def judge(before, after, events, seat):
        s = after.state
        me, old = s.ships[seat], before.state.ships[seat]
        battles = sum(1 for e in events if e.kind == "BattleStarted")
        if not any(e.kind == "TurnEnded" and e.data.get("seat") == seat for e in events) and not s.over:
            if not _resting(events, seat):
                return False, f"it is still your turn: end it with 'end turn' (goal: {text})."
            now = decision_prompt(s)
            where = f"{battles} battle{'s' if battles > 1 else ''} under way" if s.frames and battles else "your rest"
            return False, f"{where} is not finished ({now[0].lower() + now[1:]}) (goal: {text})."
        place = "port" if me.pos == PORT else "sky"
        lost = any(e.kind == "ShipLost" for e in events)
        morale = f"morale {me.morale}" + (f" (was {old.morale})" if me.morale != old.morale else "")
        said = [f"your ship was lost; {morale}" if lost else
                f"your ship ended the turn {'at the Trading Post' if place == 'port' else 'at sky'} with {morale}"]
        ok = not lost and place == at
        if keep_morale:
            ok &= me.morale >= old.morale
        if no_battle:
            ok &= battles == 0
            if battles:
                said.append(f"{battles} battle{'s' if battles > 1 else ''}")
        m = _measures(before, after, events, seat)
        for k, v in at_least.items():
            ok &= m[k] >= v
            if k != "morale":
                said.append(_amount(k, m[k]))
        return ok, f"{_join(said)} (goal: {text})."

    return Goal(text, judge)


def new_round(*, round: int, wind: int) -> Goal:
    """Round ``round`` has begun with the wind blowing toward territory ``wind``."""
    text = f"round {round}, wind {wind}, the first player to play"

    def judge(before, after, events, seat):
        s = after.state
        if after.current_player < 0:
            return False, f"a roll is still pending (goal: {text})."
        ok = s.round == round and s.wind == wind and after.current_player == s.first
        return ok, f"round {s.round}, wind {s.wind}, and it is Player {after.current_player + 1}'s turn (goal: {text})."

    return Goal(text, judge)


#: The goal builders, used as ``goals.ship(...)`` in the notebooks.
goals = SimpleNamespace(ship=ship, red_defeated=red_defeated, turn_over=turn_over, new_round=new_round)

"""North Wind game records (``*.nwr.json``, format ``north-wind-record`` version 1).

A record holds the options and every action, the deal, the shuffles and the
dice included, so it replays exactly without the seed. Games played with
your own components carry them in ``options.data``.

>>> from windward_nb.northwind import new_game
>>> g = new_game(players=2, seed=5)
>>> _ = g.apply("sail olsand")
>>> again = Record.from_json(g.record.to_json()).replay()
>>> again.state.fingerprint() == g.state.fingerprint()
True
>>> Record.from_dict(dict(g.record.to_dict(), options={"players": 5}))
Traceback (most recent call last):
...
windward_nb.core.errors.RecordError: options.players must be at most 4, got 5
"""

from __future__ import annotations

from typing import Any

from ..core.errors import OptionError, RecordError
from ..core.record import GameRecord
from ..core.schema import check
from .components import ABILITIES, GOODS, Components, load_components
from .setup import DEFAULTS, start_state
from .state import NWState, slot_order

MAX_GOLD = 10_000  #: the most gold a captain of a built position may hold


class Record(GameRecord):
    """A North Wind record: options (players, rule options, components) and every action."""

    GAME = "north-wind"
    TITLE = "North Wind"
    FORMAT = "north-wind-record"
    VERSION = 1
    SUFFIX = ".nwr.json"
    PLAYERS = (2, 4)

    @classmethod
    def options_schema(cls) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {
                "players": {"type": "integer", "minimum": 2, "maximum": 4},
                "stop_early": {"type": "boolean"},
                "exclusive_bonuses": {"type": "boolean"},
                "max_turns": {"type": ["integer", "null"], "minimum": 1, "maximum": 100_000},
                "data": {"type": "object", "x-free-json": {"depth": 12, "items": 20_000},
                         "description": "the game's own components (parts components, tiles, tasks)"},
                "start": {"type": "object", "x-free-json": {"depth": 8, "items": 20_000},
                          "description": "a game started from a built position (a scenario): that state"},
            },
            "required": ["players"],
            "additionalProperties": False,
        }

    @classmethod
    def check_game(cls, d: dict[str, Any]) -> None:
        data = d["options"].get("data")
        comp = None
        if data is not None:
            try:
                comp = load_components(data)
            except OptionError as exc:
                raise RecordError(f"options.data: {exc}", field="options.data") from None
        start = d["options"].get("start")
        if start is not None:
            opts = {k: v for k, v in d["options"].items() if k not in ("players", "data", "start")}
            try:
                state = start_state(d["options"]["players"], data, **opts)
            except OptionError as exc:
                raise RecordError(f"options: {exc}", field="options") from None
            check_start(start, comp or state.comp, d["options"]["players"], state.options)

    def start_state(self):
        opts = dict(self.options)
        # N6: a record written before the voyage ran to its range by default does not name
        # stop_early; it was played with the old default, so it replays with it
        opts.setdefault("stop_early", True)
        players = opts.pop("players")
        data = opts.pop("data", None)
        start = opts.pop("start", None)
        try:
            state = start_state(players, data, **opts)
        except OptionError as exc:
            raise RecordError(f"options: {exc}", field="options") from None
        if start is None:
            return state, []
        check_start(start, state.comp, players, state.options)
        try:
            built = NWState.from_dict(start, comp=state.comp)
            problems = built.rules.invariants(built)
        except Exception as exc:  # noqa: BLE001 - any malformed start is the file's fault
            raise RecordError(f"options.start is not a North Wind position ({type(exc).__name__}: {exc})",
                              field="options.start") from None
        if problems or built.players != players or built.options != state.options:
            why = "; ".join(problems) or "its players or options differ from the record's"
            raise RecordError(f"options.start is not a valid position: {why}", field="options.start")
        return built, []

    @classmethod
    def for_game(cls, players: int, comp: Components, options: dict[str, Any], seed: int | None,
                 names: Any = None, start: NWState | None = None) -> Record:
        """The empty record of a new game (every option written out; components only when not the
        default; ``start``: the built position a scenario starts from)."""
        opts: dict[str, Any] = {"players": players}
        opts.update({k: options.get(k, v) for k, v in DEFAULTS.items()})
        if not comp.is_default():
            opts["data"] = comp.raw
        if start is not None:
            opts["start"] = start.to_dict()
        return cls(options=opts, players=cls.default_players(players, names), seed=seed)


# =============================================================================== a built start position
def start_schema(comp: Components, players: int) -> dict[str, Any]:
    """The JSON Schema of a built start position (``options.start``) for these components and players:
    the start of a captain's turn, before they choose a stack (what :func:`~windward_nb.northwind.scenario.scenario`
    makes), every field typed and bounded."""
    n = players
    seat = {"type": "integer", "minimum": 0, "maximum": n - 1}
    tile = {"enum": sorted(comp.tiles)}
    tiles = {"type": "array", "maxItems": len(comp.tiles), "items": tile}
    per_stack = {"type": "array", "minItems": len(comp.destinations), "maxItems": len(comp.destinations),
                 "items": tiles}
    dest = len(comp.destinations)

    def per_seat(item: dict[str, Any]) -> dict[str, Any]:
        return {"type": "array", "minItems": n, "maxItems": n, "items": item}

    def count(hi: int, lo: int = 0) -> dict[str, Any]:
        return {"type": "integer", "minimum": lo, "maximum": hi}

    none = {"type": "array", "maxItems": 0, "description": "empty at the start of a turn"}
    no = {"type": "boolean", "const": False}
    blank = {"type": "string", "const": ""}
    zero = {"type": "integer", "const": 0}
    goods = {"type": "array", "minItems": len(GOODS), "maxItems": len(GOODS), "items": count(comp.goods_per_kind)}
    props = {
        "players": {"const": n}, "data": {"const": comp.digest}, "options": {"type": "object"},
        "phase": {"const": "choose", "description": "the start of a turn: the captain chooses a stack"},
        "turn": seat, "turns": count(100_000, 1),
        "stacks": per_stack, "contents": per_stack, "known": per_stack,
        "secret": per_seat(per_stack), "shuffles": none, "stack": {"type": "integer", "const": -1}, "row": none,
        "used": none, "cut": no, "looked": no, "peek": blank, "under": blank, "actions": zero, "pirate": zero,
        "letter_queue": none,
        "gold": per_seat(count(MAX_GOLD)), "hold": per_seat(goods), "brig": per_seat(count(comp.brig)),
        "cannons": per_seat(count(min(comp.cannon_slots, comp.cannons))),
        "crew": per_seat({"type": "array", "maxItems": comp.crew, "items": {"enum": list(ABILITIES)}}),
        "sail": per_seat(count(comp.sail_max, comp.sail_start)), "letters": per_seat(count(comp.letters_max)),
        "tokens": per_seat(count(comp.tokens[n])), "tray": goods, "captains": count(comp.captains),
        "letter_supply": count(comp.letters_total),
        "tasks": {"type": "array", "minItems": dest, "maxItems": dest,
                  "items": {"type": "array", "maxItems": max(len(t) for t in comp.tasks.values()), "items": seat}},
        "most": {"type": "array", "minItems": dest, "maxItems": dest, "items": count(n - 1, -1)},
        "supply_bonus": {"type": "array", "maxItems": n, "items": seat},
        "crew_bonus": {"type": "array", "maxItems": n, "items": seat},
        "winner": {"type": "integer", "const": -1}, "result": blank,
    }
    return {"type": "object", "properties": props, "required": list(props), "additionalProperties": False}


def check_start(start: Any, comp: Components, players: int, options: dict[str, Any]) -> None:
    """Refuse (:class:`RecordError`, naming the field) a start position that is not the start of a
    turn of this game: the schema (:func:`start_schema`), then what a schema cannot say (each stack
    holds its own tiles once, what is known is in it, crews in slot order, the rules' invariants)."""
    where = "options.start"
    check(start, start_schema(comp, players), where)
    if start["options"] != options:
        raise RecordError(f"{where}.options differ from the record's options", field=f"{where}.options")
    size = comp.stack_size
    for i, d in enumerate(comp.destinations):
        stack = start["stacks"][i]
        if len(stack) != size or len(set(stack)) != size or d not in stack:
            raise RecordError(f"{where}.stacks[{i}] must hold {size} different tiles, {d} among them",
                              field=f"{where}.stacks[{i}]")
        if any(t in comp.destinations and t != d for t in stack):
            raise RecordError(f"{where}.stacks[{i}] holds another stack's destination harbour",
                              field=f"{where}.stacks[{i}]")
        if start["contents"][i] != sorted(stack):
            raise RecordError(f"{where}.contents[{i}] must list the tiles of stacks[{i}], sorted",
                              field=f"{where}.contents[{i}]")
        known = start["known"][i]
        if known != sorted(set(known)) or d not in known or not set(known) <= set(stack):
            raise RecordError(f"{where}.known[{i}] must list, sorted and once each, tiles of stacks[{i}] with its "
                              "destination harbour", field=f"{where}.known[{i}]")
        for p in range(players):
            seen = start["secret"][p][i]
            if len(set(seen)) != len(seen) or not set(seen) <= set(stack):
                raise RecordError(f"{where}.secret[{p}][{i}] must list tiles of stacks[{i}] once each",
                                  field=f"{where}.secret[{p}][{i}]")
    for p in range(players):
        crew = start["crew"][p]
        if crew != slot_order(list(dict.fromkeys(crew))):
            raise RecordError(f"{where}.crew[{p}] must list different crew members in slot order "
                              f"({', '.join(ABILITIES)})", field=f"{where}.crew[{p}]")
    for key in ("supply_bonus", "crew_bonus"):
        if len(set(start[key])) != len(start[key]):
            raise RecordError(f"{where}.{key} lists a captain twice", field=f"{where}.{key}")
    limit = options.get("max_turns")
    if limit is not None and start["turns"] > limit:
        raise RecordError(f"{where}.turns is past options.max_turns ({limit})", field=f"{where}.turns")
    try:
        built = NWState.from_dict(start, comp=comp)
        problems = built.rules.invariants(built)
    except Exception as exc:  # noqa: BLE001 - any malformed start is the file's fault
        raise RecordError(f"{where} is not a North Wind position ({type(exc).__name__}: {exc})",
                          field=where) from None
    if problems:
        raise RecordError(f"{where} is not a valid position: {'; '.join(problems)}", field=where)

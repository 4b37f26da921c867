"""Words for North Wind positions and actions: what a table, a log or a notebook prints."""

from __future__ import annotations

from .actions import NWAction
from .components import GOODS
from .state import NWState
from . import tasks


def describe(s: NWState, a: NWAction) -> str:
    """What ``a`` would do in ``s``, in one sentence.

    >>> from windward_nb.northwind import new_game
    >>> g = new_game(players=2, seed=3)
    >>> describe(g.state, g.legal_actions()[2])
    'sail into the Olsand stack and reveal up to 4 tiles'
    """
    comp = s.comp
    v, arg = a.verb, a.arg
    tile = comp.tile(s.tile_id) if s.tile_id else None
    if v == "sail":
        title = comp.tile(arg).title if arg in comp.tiles else arg
        return f"sail into the {title} stack and reveal up to {s.sail[s.turn]} tiles"
    if v == "cut":
        return f"move {arg} tile{'s' if arg > 1 else ''} from the top of the stack to the bottom, unseen"
    if v == "look":
        return "let the Lookout look at the top tile"
    if v == "keep":
        return "leave the tile the Lookout saw on top"
    if v == "under":
        return "put that tile under the stack (it does not count)"
    if v == "reveal":
        return "reveal the next tile"
    if v == "end":
        return "end the voyage here"
    if v == "pass":
        return "keep your letters" if s.phase == "letter" else "leave this tile unused"
    if v in ("buy", "sell"):
        price = (lambda g: tile.price) if tile and tile.kind == "merchant" else (lambda g: tile.goods.get(g, 0) if tile else 0)
        total = sum(price(g) for g in arg)
        what = " and ".join(f"{arg.count(g)} {g}" for g in GOODS if g in arg)
        return f"{v} {what} for {total} gold"
    if v == "swap":
        return f"sell 1 {arg[0]} and buy 1 {arg[1]} (Boatswain)"
    if v == "sail_up":
        return f"raise the sail one notch for {comp.sail_price} gold (more range this voyage)"
    if v == "cannon":
        return f"mount a cannon for {tile.cannon if tile else '?'} gold"
    if v == "hire":
        return f"hire a {arg.capitalize()} for {tile.crew if tile else '?'} gold"
    if v == "throw":
        return f"throw 1 {arg} overboard to make room"
    if v == "deliver":
        col = comp.destinations.index(s.tile_id) if s.tile_id in comp.destinations else -1
        need = tasks.current(s, col) if col >= 0 else None
        return f"complete the current task ({tasks.need_text(need)})" if need else "complete the current task"
    if v == "salvage":
        return f"examine the shipwreck for {comp.wreck_gold} gold"
    if v == "pay":
        return f"pay the pirates {comp.ransom} gold and sail on"
    if v == "fight":
        return f"fight with {s.cannons[s.turn]} battle dice against strength {s.pirate}"
    return str(a)


# ----------------------------------------------------------------------------------- positions
def short_title(s: NWState, tile_id: str) -> str:
    """A tile's name short enough for the board ('salt 1', 'merchant 3', 'fog')."""
    t = s.comp.tile(tile_id)
    if t.kind == "harbour":
        return " ".join(f"{g} {p}" for g, p in t.goods.items())
    if t.kind == "merchant":
        return f"merchant {t.price}"
    if t.kind == "equipment":
        return f"equip {t.cannon}/{t.crew}"
    if t.kind == "destination":
        return t.title
    return t.kind


def _seat(s: NWState, p: int, names=None) -> str:
    return str(names[p]) if names and 0 <= p < len(names) and names[p] else f"Player {p + 1}"


def ship_text(s: NWState, seat: int) -> str:
    """One line for a captain's ship and supply."""
    crew = ", ".join(c.capitalize() for c in s.crew[seat]) or "none aboard"
    return (f"{_seat(s, seat)}: {s.gold[seat]} gold, {s.letters[seat]} letter{'s' if s.letters[seat] != 1 else ''}, "
            f"hold {s.goods_text(seat)}, brig {s.brig[seat]}/{s.comp.brig}, cannons {s.cannons[seat]}, "
            f"sail {s.sail[seat]}, crew {crew}; tokens on the board {s.on_board(seat)}/{s.target_tokens}")


def task_board_text(s: NWState) -> str:
    """The task board: each column's fields (seat numbers bottom up), its current task and bonus holder."""
    comp = s.comp
    lines = []
    width = max(len(comp.tile(d).title) for d in comp.destinations)
    for col, d in enumerate(comp.destinations):
        fields = comp.tasks[d]
        marks = [str(p + 1) for p in s.tasks[col]] + ["."] * (len(fields) - len(s.tasks[col]))
        need = tasks.current(s, col)
        most = _seat(s, s.most[col]) if s.most[col] >= 0 else "nobody"
        lines.append(f"{comp.tile(d).title:<{width}}  [{' '.join(marks)}]  now: "
                     f"{tasks.need_text(need) if need else 'all done'}; most tokens: {most}")
    sup = ", ".join(_seat(s, p) for p in s.supply_bonus) or "nobody"
    crew = ", ".join(_seat(s, p) for p in s.crew_bonus) or "nobody"
    lines.append(f"Bonus fields: every harbour supplied: {sup}; all crew aboard: {crew}")
    return "\n".join(lines)


def stacks_text(s: NWState, seat: int | None = None) -> str:
    """Each stack: how many tiles, which were seen in it (and, for ``seat``, which it saw alone)."""
    comp = s.comp
    if not s.stacks:
        return "The sea tiles are not dealt into stacks yet."
    lines = []
    for i, d in enumerate(comp.destinations):
        seen = [t for t in s.known[i] if t != d]
        mine = [t for t in s.secret[seat][i] if t not in s.known[i]] if seat is not None and s.secret else []
        extra = f"; your Lookout saw {', '.join(mine)}" if mine else ""
        here = " (sailing)" if i == s.stack and s.phase not in ("choose", "shuffle") else ""
        lines.append(f"{comp.tile(d).title} stack{here}: {len(s.stacks[i]) + (len(s.row) if i == s.stack else 0)} "
                     f"tiles; seen in it: {', '.join(seen) or 'nothing yet'}{extra}")
    return "\n".join(lines)


def voyage_text(s: NWState) -> str:
    """The revealed row of the voyage under way ('*' marks a used tile)."""
    if s.stack < 0 or s.phase in ("choose", "shuffle", "over"):
        return "No voyage under way."
    comp = s.comp
    row = " | ".join(comp.tile(t).title + ("*" if used else "") for t, used in zip(s.row, s.used)) or "nothing yet"
    return (f"{_seat(s, s.turn)} sails the {comp.tile(comp.destinations[s.stack]).title} stack: "
            f"{len(s.row)} of {s.sail[s.turn]} tiles, {s.actions} action{'s' if s.actions != 1 else ''}: {row}")


def prompt(s: NWState, names=None) -> str:
    """What happens now, in a sentence (the table's status line); ``names`` names the seats."""
    ph = s.phase
    who = _seat(s, s.turn, names)
    if ph == "over":
        return s.result
    if ph in ("deal", "shuffle"):
        return "The stacks are being shuffled."
    if ph == "choose":
        return f"{who}: choose a stack to sail into."
    if ph == "prepare":
        return f"{who}: reveal the first tile" + (", or let the Lookout look first." if s.has(s.turn, "lookout")
                                                   and not s.looked else ".")
    if ph == "peek":
        return f"{who}: the Lookout sees {s.comp.tile(s.peek).title}. Keep it on top or put it under?"
    if ph == "tile":
        return f"{who}: {s.comp.tile(s.tile_id).title}. Use it or pass."
    if ph == "sail":
        return f"{who}: reveal the next tile or end the voyage."
    if ph == "event":
        return "Fog! The event die is rolled."
    if ph == "pirate":
        return f"{who}: a pirate ship of strength {s.pirate}. Pay {s.comp.ransom} gold or fight?"
    if ph == "battle":
        return f"{who} fires {s.cannons[s.turn]} battle dice."
    if ph == "letter":
        p = s.letter_queue[0]
        return f"{_seat(s, p, names)}: spend a commercial letter on {s.comp.tile(s.tile_id).title}, or pass."
    return ph


def board_text(s: NWState, seat: int | None = None) -> str:
    """The whole table as text: task board, stacks, voyage, ships, and what happens now."""
    parts = [task_board_text(s), stacks_text(s, seat), voyage_text(s)]
    parts.append("\n".join(ship_text(s, p) for p in range(s.players)))
    parts.append(prompt(s))
    return "\n\n".join(parts)

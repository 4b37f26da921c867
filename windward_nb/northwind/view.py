"""Words for North Wind positions and actions (what a table or a notebook prints)."""

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

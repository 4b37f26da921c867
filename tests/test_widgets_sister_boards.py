"""The sister games' boards as a person who knows the physical game would recognise them, legible, and
with pieces that stand out on every colour; all drawn from the engine's view data.

* North Wind: three columns, each a destination harbour's banner, its face-down stack (a pile, the
  number of tiles on it) and its task fields bottom up, written in words, the current one outlined;
  the voyage's revealed tiles in a row; tokens stand at a field's left end, clear of its words.
* Tailwinds: each track card outlined round its lanes, numbered, the way of the race marked from
  card to card; the rainbow market and the deck under the track.
* Winds of Plunder: the ports at their places in the Caribbean, north up, each in its area's band of
  sea; coasts drawn; ships above a port and reputation cubes under it.

Browser checks of the drawn sizes are in ``tests/browser/test_family_browser.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

try:
    import windward_widgets  # noqa: F401
except ImportError:  # a plain checkout that is not pip-installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "widgets"))

import windward_nb as ww
from windward_nb.core.view import view_for
from windward_nb.northwind.scenario import scenario as nw_scenario
from windward_nb.northwind.view import layout as nw_layout
from windward_nb.plunder.components import COMPONENTS as WOP
from windward_nb.plunder.view import area_bounds
from windward_widgets import PlayTable
from windward_widgets.base.colours import contrast, text_colour
from windward_widgets.base.spaces_board import HALO_FILL, PIECE_STROKE
from windward_widgets.northwind import VoyageBoard
from windward_widgets.plunder import CaribbeanMap
from windward_widgets.tailwinds import TrackBoard

SISTERS = ("north-wind", "tailwinds", "winds-of-plunder")
PLAYERS = {"north-wind": 3, "tailwinds": 3, "winds-of-plunder": 4}


def advance(game, plies: int, seed: int = 0):
    """Greedy bots play ``plies`` actions (or to the end)."""
    view, bots = view_for(game), {}
    while len(game.record.actions) < plies and not game.is_over:
        who = game.current_player
        bot = bots.setdefault(who, view.make_bot(game.state, "greedy", seed + who))
        game.apply(view.bot_act(bot, game.state))
    return game


# ----------------------------------------------------------------------------------- legible
@pytest.mark.parametrize("name", SISTERS)
def test_every_text_of_a_sister_board_is_13_px_or_more_at_full_width(name):
    t = PlayTable(advance(ww.new_game(game=name, players=PLAYERS[name], seed=3), 80), bot_pause=0)
    b = t.board
    marks = [m for m in b.fig.marks if type(m).__name__ == "Label"]
    assert len(marks) >= 4
    for m in marks:
        assert m.default_size >= 13, (type(b).__name__, m.text[:3], m.default_size)
    # beside the controls the board never gets narrower than this; its texts scale with it, in 4 % steps
    # (the step for a width ratio r is at least r - 0.02: see fit_css)
    least = t.board_min_width(t.board_width) / t.board_width
    assert least >= 0.88 and 13 * (least - 0.02) >= 11, least
    assert t.board.layout.min_width == f"{t.board_min_width(t.board_width)}px"


def test_windwards_board_still_shrinks_beside_its_controls():
    t = PlayTable(ww.new_game(players=3, seed=1), bot_pause=0)
    assert t.board.layout.min_width == "300px"        # its table keeps board and controls side by side


# ----------------------------------------------------------------------------------- contrast
def _fills(name: str) -> set[str]:
    g = ww.new_game(game=name, players=PLAYERS[name], seed=5)
    view = view_for(g)
    fills = set()
    for plies in (0, 40, 120, 260):
        advance(g, plies)
        b = view.board(g.state)
        fills |= {s.fill for s in b.spaces}
    return fills


@pytest.mark.parametrize("name", SISTERS)
def test_pieces_stand_out_on_every_space_and_their_labels_on_every_seat_colour(name):
    g = ww.new_game(game=name, players=PLAYERS[name], seed=5)
    view = view_for(g)
    for colour in view.seat_colours(g.state):
        assert contrast(text_colour(colour), colour) >= 4.5, (name, colour)       # a piece's label on its piece
        assert contrast(PIECE_STROKE, HALO_FILL) >= 4.5                          # the piece's edge on its sticker
    for fill in _fills(name):
        # each piece stands on a white sticker with a dark edge: one of the two always shows on the space
        assert max(contrast(HALO_FILL, fill), contrast(PIECE_STROKE, fill)) >= 3, (name, fill)
        assert contrast(text_colour(fill), fill) >= 4.5, (name, fill)            # words and glyphs on a space


# ----------------------------------------------------------------------------------- North Wind
def test_north_wind_is_three_harbour_columns_with_their_stacks_and_task_fields():
    g = advance(ww.new_game(game="north-wind", players=3, seed=2), 150)
    b = VoyageBoard(g, width=600)
    at = nw_layout(g.state)
    comp = g.state.comp
    banners = list(range(at["n"], at["n"] + 3))
    assert [b.spaces[i].label for i in banners] == [f"★ {comp.tile(d).title}" for d in comp.destinations]
    for col in range(3):
        stack, banner = b.spaces[col], b.spaces[banners[col]]
        assert stack.shape == "card" and stack.glyph == str(len(g.state.stacks[col]))      # a face-down pile
        assert abs(stack.x - banner.x) < 1e-9 and banner.y > stack.y                     # under its harbour
        first = at["columns"][col]
        fields = b.spaces[first:first + len(comp.tasks[comp.destinations[col]])]
        assert all(f.shape == "field" and f.label for f in fields)
        assert [f.y for f in fields] == sorted(f.y for f in fields)                     # bottom up
        assert all(abs(f.x - stack.x) < 1e-9 and f.y < stack.y for f in fields)
        current = len(g.state.tasks[col])
        if current < len(fields):
            assert fields[current].stroke == "#000000"                                  # the task to do now
    assert len(b.pile_mark.x) == 6                                                      # two edges under each stack
    # the words are written in the fields, the tokens at their left ends
    assert list(b.field_mark.text[at["fields"]:at["fields"] + 2]) == ["wine", "2 gold"]
    places = b._special_places(b.pieces)
    for k, p in enumerate(b.pieces):
        sp = b.spaces[p["hex"]]
        if sp.shape == "field":
            x, _ = places[k]
            assert x < sp.x - sp.size + b.FIELD_INDENT - b.piece_size("disc")[0] / 2 + 1e-9


def test_a_click_on_a_harbours_banner_sails_into_its_stack():
    g = nw_scenario(players=2, stacks={"olsand": ["salt-1", "wreck"]})
    b = VoyageBoard(g)
    b.click(nw_layout(g.state)["n"] + 2)
    assert [str(a) for a in g.actions] == ["sail olsand"]


def test_the_voyage_row_names_each_revealed_tile():
    g = nw_scenario(players=2, stacks={"olsand": ["salt-1", "merchant-2"]})
    b = VoyageBoard(g)
    b.click(2)
    b.click(2)
    row = nw_layout(g.state)["row"]
    assert b.spaces[row].label == "salt 1" and b.name_mark.text[row] == "salt 1"


# ----------------------------------------------------------------------------------- Tailwinds
def test_tailwinds_track_cards_are_outlined_and_the_market_lies_under_the_track():
    g = advance(ww.new_game(game="tailwinds", players=3, seed=2), 60)
    b = TrackBoard(g, width=600)
    s, t = g.state, g.state.track
    xs, ys = b._card_boxes()
    assert len(xs) == t.cards
    for c in range(t.cards):
        last = t.first_space(c + 1) if c + 1 < t.cards else t.finish
        for i in range(t.first_space(c), last):
            for lane in range(3):
                x, y = b.centres[b.view.index(s, i, lane)]
                assert min(xs[c]) < x < max(xs[c]) and min(ys[c]) < y < max(ys[c])
    texts = list(b.name_mark.text)
    assert [w for w in texts if w.startswith("track card")] == [f"track card {c + 1}" for c in range(t.cards)]
    assert sum(w in "→←↓" for w in texts) == t.cards - 1                              # the way, card to card
    track_bottom = min(b.centres[b.view.index(s, i, 2)][1] for i in range(t.finish))
    for k in range(4):
        assert b.centres[b.view.market_index(s, k)][1] < track_bottom
    names = [b.spaces[b.view.market_index(s, k)].label for k in range(3)]
    assert all(n in texts for n in names if n) and "deck" in texts


# ----------------------------------------------------------------------------------- Winds of Plunder
def test_the_ports_lie_in_the_caribbean_in_their_areas_north_up():
    g = advance(ww.new_game(game="winds-of-plunder", players=4, seed=2), 110)
    m = CaribbeanMap(g, width=600)
    for p in WOP.ports:
        x, _y = m.centres[p.index]
        west, east = area_bounds(p.area)
        assert west < x < east, (p.name, p.area)
    ys = [m.centres[p.index][1] for p in WOP.ports]
    lats = [p.lat for p in WOP.ports]
    assert np.argsort(ys).tolist() == np.argsort(lats).tolist()                         # north up
    lons = [p.lon for p in WOP.ports]
    assert np.argsort([m.centres[p.index][0] for p in WOP.ports]).tolist() == np.argsort(lons).tolist()
    assert len(m.land_mark.x) >= 8                                                       # the islands and coasts
    assert [str(t) for t in m.area_label_mark.text] == ["Area 1", "Area 2", "Area 3", "Area 4"]


def test_ships_stand_above_their_port_and_cubes_under_it():
    g = advance(ww.new_game(game="winds-of-plunder", players=4, seed=2), 110)
    m = CaribbeanMap(g, width=600)
    places = m._special_places(m.pieces)
    seen = set()
    for k, p in enumerate(m.pieces):
        if p["hex"] < len(WOP.ports):
            _, y = places[k]
            cy = m.centres[p["hex"]][1]
            seen.add(p["kind"])
            assert (y > cy) if p["kind"] == "ship" else (y < cy), p
    assert seen == {"ship", "cube"}


def test_port_names_do_not_run_into_each_other():
    """Each name's box (about 8 px a letter at 13 px bold, 20 px a board unit) meets no other name."""
    m = CaribbeanMap(ww.new_game(game="winds-of-plunder", players=3, seed=1), width=600)
    boxes = []
    for k, p in enumerate(WOP.ports):
        x, y = float(m.name_mark.x[k]), float(m.name_mark.y[k])
        half = len(p.name) * 8 / 20 / 2
        boxes.append((p.name, x - half, x + half, y - 0.1, y + 0.65))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            apart = a[2] < b[1] or b[2] < a[1] or a[4] < b[3] or b[4] < a[3]
            assert apart, (a, b)

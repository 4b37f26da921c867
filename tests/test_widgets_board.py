"""BoardWidget without a browser: mark data, clicks, highlights, pieces and messages."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

try:
    import windward_widgets  # noqa: F401
except ImportError:  # a plain checkout that is not pip-installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "widgets"))

from windward_widgets import BoardWidget  # noqa: E402
from windward_widgets import board as board_module  # noqa: E402

from windward_nb.errors import IllegalActionError  # noqa: E402


@pytest.fixture(scope="module")
def large():
    return BoardWidget("large:ABCDEF", wind=1)


@pytest.fixture
def board():
    return BoardWidget("large:ABCDEF")


def _pieces():
    return [
        {"kind": "ship", "hex": 8, "colour": "#0072B2", "alive": True, "label": "1"},
        {"kind": "longboat", "hex": 8, "colour": "#0072B2", "alive": True, "label": ""},
        {"kind": "ship", "hex": 30, "colour": "#E69F00", "alive": True, "label": "2"},
        {"kind": "grey", "hex": 12, "colour": "grey", "alive": False, "label": ""},
        {"kind": "red", "hex": 40, "colour": "#CC3311", "alive": True, "label": ""},
        {"kind": "white", "hex": 50, "colour": "white", "alive": True, "label": ""},
        {"kind": "item", "hex": 30, "colour": "#DDAA33", "alive": True, "label": "+2"},
    ]


@pytest.mark.parametrize(("spec", "count"), [("large:ABCDEF", 91), ("small:ABCDEF", 61), ("small:FEDCBA", 61)])
def test_every_hex_is_drawn_and_clickable(spec, count):
    b = BoardWidget(spec)
    assert b.n == count
    assert np.asarray(b.hex_mark.x).shape == (count, 7)        # one closed hexagon per space
    assert np.asarray(b.hex_mark.y).shape == (count, 7)
    assert len(b.hex_mark.fill_colors) == count
    assert len(b.click_mark.x) == len(b.click_mark.y) == count
    assert len(b.click_mark.names) == count
    assert b.click_mark.names[0].startswith("the Trading Post")
    assert np.asarray(b.highlight_mark.x).shape == (count, 7)
    # index i of the click layer is space i of the planet
    for i in (0, 1, count - 1):
        x, y = b.centres[i]
        assert (b.click_mark.x[i], b.click_mark.y[i]) == (x, y)


def test_terrain_has_a_fill_and_a_glyph(large):
    p = large.planet
    fills = large.hex_mark.fill_colors
    for i, terrain in enumerate(p.terrain):
        assert fills[i] == board_module.TERRAIN_STYLE[terrain][0]
    glyphs = dict(zip(large._glyph_index, large.glyph_mark.text))
    for i, terrain in enumerate(p.terrain):
        if terrain != "plain":
            assert glyphs[i] == board_module.TERRAIN_STYLE[terrain][1], (i, terrain)
    assert sorted(large.territory_mark.text) == list("123456")
    assert len(large.link_mark.x) == 6                          # 3 corner pairs, split at the centre


def test_territory_borders_follow_territories(large):
    p = large.planet
    inner = sum(1 for i in range(large.n) for d in range(6)
                if p.nbr[i][d] > i and p.territory[p.nbr[i][d]] != p.territory[i])
    outer = sum(1 for i in range(large.n) for d in range(6) if p.nbr[i][d] == -1)
    assert len(large.border_mark.x) == inner + outer


def test_element_click_reaches_registered_callback(board):
    got = []
    board.on_hex_click(got.append)
    board._on_element_click(board.click_mark, {"event": "element_click", "data": {"index": 17}})
    board.click(3)
    assert got == [17, 3]
    assert board.last_clicked == 3
    board.on_hex_click(got.append, remove=True)
    board.click(4)
    assert got == [17, 3]


def test_click_off_the_planet_is_refused_with_a_message(board):
    got = []
    board.on_hex_click(got.append)
    board.click(500)
    assert got == []
    assert "no space number 500" in board.message_text


def test_callback_error_is_shown_in_the_widget(board):
    after = []

    def broken(index):
        raise RuntimeError(f"boom at {index}")

    board.on_hex_click(broken)
    board.on_hex_click(after.append)
    board.click(5)
    assert "RuntimeError: boom at 5" in board.message_text
    assert "RuntimeError" in board.message.value and "ww-msg-error" in board.message.value
    log = board.error_log.value
    assert "Traceback" in log and "boom at 5" in log
    assert log.startswith('<details class="ww-bug"') and "<details open" not in log   # folded away
    assert after == [5]                                          # later callbacks still run
    board.on_hex_click(broken, remove=True)
    board.click(6)                                               # a good click clears the message
    assert board.message_text == ""
    board.clear_message()
    assert board.error_log.value == ""


def test_malformed_click_event_is_reported(board):
    board._on_element_click(board.click_mark, {"event": "element_click", "data": {}})
    assert "KeyError" in board.message_text


def test_illegal_action_shows_the_reason_not_a_traceback(board):
    def refuse(index):
        raise IllegalActionError("Wind", "ships cannot move directly into the wind")

    board.on_hex_click(refuse)
    board.click(2)
    assert "ships cannot move directly into the wind" in board.message_text
    assert "ww-msg-warning" in board.message.value
    assert board.error_log.value == ""


def test_highlight_updates_one_mark_in_place(board):
    mark, costs = board.highlight_mark, board.cost_mark
    board.highlight([1, 2, 3], costs=[0, 1, 2])
    assert board.highlight_mark is mark and board.cost_mark is costs
    assert [i for i, o in enumerate(mark.opacities) if o > 0] == [1, 2, 3]
    assert list(costs.text[1:4]) == ["0", "1", "2"] and costs.text[4] == ""
    assert len(mark.x) == board.n                                # shape never changes
    board.highlight([10], colours="#000000")
    assert board.highlight_mark is mark
    assert [i for i, o in enumerate(mark.opacities) if o > 0] == [10]
    assert mark.colors[10] == "#000000"
    assert all(t == "" for t in costs.text)
    board.highlight({5: 3, 6: 4}.keys(), costs={5: 3, 6: 4})
    assert list(costs.text[5:7]) == ["3", "4"]
    assert "cost 3" in board.click_mark.names[5]
    board.clear_highlight()
    assert not any(mark.opacities) and board.highlighted == []


def test_highlight_sends_one_message_per_mark(board, monkeypatch):
    sent = []
    monkeypatch.setattr(board.highlight_mark, "_send", lambda msg, buffers=None: sent.append(msg))
    board.highlight([1, 2])
    assert len(sent) == 1
    changed = set(sent[0]["state"])
    assert {"opacities", "fill_opacities"} <= changed


def test_highlight_rejects_bad_input(board):
    with pytest.raises(ValueError, match="no such space"):
        board.highlight([1, 999])
    with pytest.raises(ValueError, match="costs has 1 entries for 2"):
        board.highlight([1, 2], costs=[1])
    with pytest.raises(ValueError, match="colours has 3 entries"):
        board.highlight([1, 2], colours=["red", "blue", "green"])


def test_update_pieces_changes_mark_data_in_place(board):
    marks = dict(board.piece_marks)
    board.update_pieces(_pieces())
    assert board.piece_marks == marks and all(board.piece_marks[k] is marks[k] for k in marks)
    ships = board.piece_marks["ship"]
    assert len(ships.x) == 2 and len(board.piece_marks["longboat"].x) == 1
    for kind in ("grey", "red", "white", "item"):
        assert len(board.piece_marks[kind].x) == 1
    # every kind has its own marker shape, not just its own colour
    shapes = [m.marker for m in board.piece_marks.values()]
    assert len(set(shapes)) == len(shapes)
    # ship and longboat on hex 8: both visible, the longboat lower
    ship_y = ships.y[0]
    boat_x, boat_y = board.piece_marks["longboat"].x[0], board.piece_marks["longboat"].y[0]
    assert boat_y < ship_y - 0.4
    assert abs(boat_x - board.centres[8][0]) < 1e-9
    # a defeated crester is drawn faded
    assert board.piece_marks["grey"].opacities == [0.45]
    assert sorted(board.piece_label_mark.text) == ["+2", "1", "2", "✕"]   # defeated: also crossed out
    assert "ship \"1\"" in board.click_mark.names[8] and "longboat" in board.click_mark.names[8]
    # moving on: the same marks get new data, and emptied kinds are cleared
    board.update_pieces({"pieces": [{"kind": "ship", "hex": 0, "colour": "#0072B2"}]})
    assert board.piece_marks["ship"] is marks["ship"]
    assert len(ships.x) == 1 and (ships.x[0], ships.y[0]) == board._dock          # at port: in the dock
    assert board.dock_label_mark.visible
    assert len(board.piece_marks["longboat"].x) == 0
    assert len(board.piece_label_mark.text) == 0


def _boxes(board):
    """(kind, x0, x1, y0, y1) of every drawn piece, from the marks' data and each kind's size."""
    out = []
    for kind, m in board.piece_marks.items():
        w, h = board.piece_size(kind)
        out += [(kind, x - w / 2, x + w / 2, y - h / 2, y + h / 2) for x, y in zip(m.x, m.y)]
    return out


def _overlap(a, b) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[1], b[1])) * max(0.0, min(a[4], b[4]) - max(a[3], b[3]))


@pytest.mark.parametrize("crowd", [
    ("ship", "ship", "grey", "longboat", "longboat", "item"),
    ("ship", "red", "red", "longboat", "item", "item", "item"),
    ("white", "ship", "longboat", "item"),
])
def test_pieces_on_one_hex_never_overlap(board, crowd):
    board.update_pieces([{"kind": k, "hex": 20} for k in crowd])
    boxes = _boxes(board)
    assert len(boxes) == len(crowd)
    for a in range(len(boxes)):
        for b in range(a + 1, len(boxes)):
            assert _overlap(boxes[a], boxes[b]) == 0, (boxes[a], boxes[b])


@pytest.mark.parametrize("planet", ["large:ABCDEF", "small:ABCDEF"])
@pytest.mark.parametrize("n", [1, 3, 5])
def test_ships_at_the_trading_post_stand_in_the_at_port_row(planet, n):
    """Like the At Port slot of a ship board: a row in the figure's free corner, clear of every
    space and of each other, all inside the figure, with labels on the ships."""
    from windward_widgets import BoardWidget

    board = BoardWidget(planet, width=508, height=BoardWidget.height_for(planet, 508))
    colours = ("blue", "green", "orange", "purple", "black")[:n]
    board.update_pieces([{"kind": "ship", "hex": 0, "colour": c, "label": str(i + 1)} for i, c in enumerate(colours)]
                        + [{"kind": "ship", "hex": 5, "colour": "blue"}])
    boxes = _boxes(board)[:n]
    assert all(_overlap(a, b) == 0 for i, a in enumerate(boxes) for b in boxes[i + 1:])
    half_w, half_h = board._extent
    for _, x0, x1, y0, y1 in boxes:
        assert -half_w < x0 and x1 < half_w and -half_h < y0 and y1 < half_h
        for cx, cy in board.centres:       # no space's circumcircle touches a docked ship
            dx, dy = max(x0 - cx, 0, cx - x1), max(y0 - cy, 0, cy - y1)
            assert np.hypot(dx, dy) >= 1.0
    labels = list(zip(board.piece_label_mark.x, board.piece_label_mark.y))[:n]
    assert all(b[1] < x < b[2] and b[3] < y < b[4] for (x, y), b in zip(labels, boxes))
    assert board.dock_label_mark.visible and list(board.dock_label_mark.text) == ["At port:"]
    board.update_pieces([{"kind": "ship", "hex": 5}])
    assert not board.dock_label_mark.visible


def test_pieces_are_at_least_twice_the_first_versions_size():
    from windward_widgets.board import PIECE_AREA_V1, PIECE_STYLE

    for kind, (_marker, area, *_rest) in PIECE_STYLE.items():
        assert area >= 2 * PIECE_AREA_V1[kind], kind


def _luminance(colour: str) -> float:
    r, g, b = (int(colour[k:k + 2], 16) / 255 for k in (1, 3, 5))
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_every_piece_keeps_contrast_on_every_terrain(board):
    """A piece sits on a white sticker with a dark rim: the rim or the sticker stands out on every
    terrain, and the piece's fill or its outline stands out on the sticker; labels read on ships."""
    from windward_widgets.board import COLOURS, HALO_FILL, PIECE_STROKE, TERRAIN_STYLE, _text_colour

    for terrain, (fill, *_rest) in TERRAIN_STYLE.items():
        assert max(_contrast(HALO_FILL, fill), _contrast(PIECE_STROKE, fill)) >= 3, terrain
    for name, colour in COLOURS.items():
        assert max(_contrast(colour, HALO_FILL), _contrast(PIECE_STROKE, HALO_FILL)) >= 3, name
        if name in ("blue", "green", "orange", "purple", "black"):
            assert _contrast(_text_colour(colour), colour) >= 4.5, name
    board.update_pieces([{"kind": "ship", "hex": 0, "colour": "black"}, {"kind": "white", "hex": 5}])
    for kind in ("ship", "white"):
        halo, piece = board.halo_marks[kind], board.piece_marks[kind]
        assert list(halo.x) == list(piece.x) and halo.default_size > piece.default_size
        assert halo.colors == [HALO_FILL] and halo.stroke == piece.stroke == PIECE_STROKE


def test_update_pieces_rejects_bad_pieces(board):
    with pytest.raises(ValueError, match="unknown kind 'dragon'"):
        board.update_pieces([{"kind": "dragon", "hex": 1}])
    with pytest.raises(ValueError, match="not on this planet"):
        board.update_pieces([{"kind": "ship", "hex": 91}])
    with pytest.raises(ValueError, match="needs an integer 'hex'"):
        board.update_pieces([{"kind": "ship"}])


def test_set_wind_points_the_flag(board):
    mark = board.wind_mark
    assert not mark.visible and board.wind is None
    board.set_wind(3)
    assert board.wind_mark is mark and mark.visible and board.wind == 3
    assert list(board.wind_label_mark.text) == ["wind 3 (SE)"]
    assert board.territory_mark.colors[2] != board.territory_mark.colors[0]
    # the arrow tip lies toward territory 3 (south-east: right and down)
    tip = np.argmax(np.asarray(mark.x) * 0.866 - np.asarray(mark.y) * 0.5)
    cx, cy = board._wind_centre
    assert mark.x[tip] > cx and mark.y[tip] < cy
    board.set_wind("N")
    assert board.wind == 1 and list(board.wind_label_mark.text) == ["wind 1 (N)"]
    with pytest.raises(ValueError):
        board.set_wind(7)


def test_text_summary_describes_board(board):
    board.set_wind(2)
    board.update_pieces(_pieces())
    board.highlight([1, 2], costs=[1, 1])
    text = board.text_summary()
    assert text.startswith("Windward board, large planet large:ABCDEF: 91 spaces, wind 2 (NE)")
    for t in range(1, 7):
        assert f"Territory {t}: tile " in text
    assert "corner 0,-5 (links to 0,5)" in text
    assert 'ship "1" at' in text and "grey crester (defeated)" in text
    assert "Highlighted (2): 0,-1 cost 1, 1,-1 cost 1." in text


def test_widget_layout_holds_figure_and_message_area(board):
    assert board.fig in board.children and board.message in board.children
    assert board.error_log in board.children
    assert "ww-board" in board._dom_classes


def test_cost_labels_step_aside_for_pieces_in_the_lower_row(board):
    low = 8
    board.update_pieces([{"kind": "longboat", "hex": low}])
    board.highlight([low, 9], costs=[1, 0])
    x, y = board.centres[low]
    assert (board.cost_mark.x[low], board.cost_mark.y[low]) == (pytest.approx(x + 0.62), pytest.approx(y - 0.12))
    assert board.cost_mark.y[9] == pytest.approx(board.centres[9][1] - 0.52)
    board.update_pieces([])
    assert board.cost_mark.y[low] == pytest.approx(y - 0.52)

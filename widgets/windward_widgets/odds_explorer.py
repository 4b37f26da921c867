"""Explore exact battle odds: both sides' strengths, cannons, tokens, cards and crew.

Every control change recomputes :func:`windward_nb.odds.battle_odds` and
updates the charts in place: the hit distribution of each side's dice, the
final margin coloured by outcome, win/tie/loss in numbers, and a heat map of
a chosen grid (:func:`windward_nb.odds.odds_table` / ``odds_sweep``).

>>> ox = OddsExplorer()
>>> before = ox.result.win
>>> ox.attacker.cannons.value = 3
>>> ox.result.win > before
True
"""

from __future__ import annotations

import time
from typing import Any

import bqplot as bq
import ipywidgets as widgets
import numpy as np

from windward_nb.windward import view
from windward_nb.windward.components import load_components

from ._util import MessageArea, esc, hide
from .board import _held
from .panels import odds_bar_html

__all__ = ["OddsExplorer", "SideControls", "GRIDS"]

KINDS = [("ship", "ship"), ("longboat", "longboat"), ("grey crester", "grey"), ("red crester", "red"),
         ("White Crester", "white"), ("bare dice", "dice")]
ATTACKER_COLOUR, DEFENDER_COLOUR = "#E69F00", "#56B4E9"
OUTCOME_COLOURS = {"win": "#117733", "tie": "#DDCC77", "loss": "#CC6677"}  # Tol muted: safe for colour blindness

#: Heat-map grids: label -> (row parameter, row values, column parameter, column values);
#: ``None`` for cannons means 0 up to that ship's cannon slots.
GRIDS = {
    "attacker dice × defender dice": ("attacker", tuple(range(1, 13)), "defender", tuple(range(1, 13))),
    "attacker cannons × defender cannons": ("attacker_cannons", None, "defender_cannons", None),
    "attacker cannons × attacker tokens": ("attacker_cannons", None, "attacker_tokens", tuple(range(0, 5))),
    "attacker tokens × defender tokens": ("attacker_tokens", tuple(range(0, 5)), "defender_tokens",
                                          tuple(range(0, 5))),
}


class SideControls(widgets.VBox):
    """The controls of one side of the battle."""

    def __init__(self, role: str, kind: str, components=None):
        comp = self.components = components or load_components()
        self.role = role
        def slider(**kw: Any) -> widgets.IntSlider:   # each with its own Layout (hidden one by one)
            return widgets.IntSlider(continuous_update=True, style={"description_width": "9em"},
                                     layout=widgets.Layout(width="21em"), **kw)
        self.kind = widgets.Dropdown(options=KINDS, value=kind, description="Party:",
                                     style={"description_width": "9em"}, layout=widgets.Layout(width="21em"))
        self.dice = slider(value=3, min=0, max=16, description="Dice:")
        self.count = slider(value=1, min=1, max=3, description="Red cresters:")
        self.cannons = slider(value=0, min=0, max=5, description="Cannons fired:")
        self.tokens = slider(value=0, min=0, max=4, description="+2 tokens:")
        hit_cards = [c for c in comp.cards if c.kind == "hits"]
        self.cards = {c.id: slider(value=0, min=0, max=4, description=f"{c.name}s:")
                      for c in hit_cards}
        self.morale = slider(value=comp.limits["morale_max"], min=1, max=comp.limits["morale_max"],
                             description="Morale:")
        self.crew = {}
        slots: dict[str, list[str]] = {}
        for name, slot in comp.crew_slot.items():
            slots.setdefault(slot, []).append(name)
        for slot, names in slots.items():
            self.crew[slot] = widgets.Dropdown(options=[("none", "")] + [(n, n) for n in names], value="",
                                               description={"longboats": "Boat crew:", "cannons": "Cannon crew:"}.get(
                                                   slot, f"{slot.capitalize()} crew:"),
                                               style={"description_width": "9em"}, layout=widgets.Layout(width="21em"))
        title = widgets.HTML(f'<b style="color:#1B1B1B">{"▲" if role == "attacker" else "▼"} {role.capitalize()}</b>')
        super().__init__(children=[title, self.kind, self.dice, self.count, self.cannons, *self.crew.values(),
                                   self.tokens, *self.cards.values(), self.morale])
        self.layout.border = f"2px solid {ATTACKER_COLOUR if role == 'attacker' else DEFENDER_COLOUR}"
        self.layout.padding = "4px"
        self.layout.margin = "0 8px 0 0"
        self.add_class(f"ww-odds-{role}")
        self.kind.observe(lambda _c: self.show_relevant(), names="value")
        for w in self.crew.values():
            w.observe(self._crew_changed, names="value")
        self.cannons.max = self.max_cannons()
        self.show_relevant()

    @property
    def controls(self) -> list[widgets.Widget]:
        return [self.kind, self.dice, self.count, self.cannons, self.tokens, self.morale, *self.cards.values(),
                *self.crew.values()]

    def show_relevant(self) -> None:
        k = self.kind.value
        player = k in ("ship", "longboat", "dice")
        hide(self.dice, k != "dice")
        hide(self.count, k != "red")
        hide(self.cannons, k != "ship")
        hide(self.morale, k != "ship")
        for w in self.crew.values():
            hide(w, k not in ("ship", "longboat"))
        hide(self.tokens, not player)
        for w in self.cards.values():
            hide(w, not player)

    def max_cannons(self) -> int:
        return view.max_cannons([w.value for w in self.crew.values() if w.value], self.components)

    def _crew_changed(self, _change: dict) -> None:
        self.cannons.max = self.max_cannons()

    def set_args(self, args: dict[str, Any]) -> None:
        """Set the controls from keyword arguments of ``battle_odds`` (this side's only; sliders
        grow where the value needs more room)."""
        r = self.role

        def put(w: widgets.IntSlider, value: int) -> None:
            if value > w.max:
                w.max = value
            w.value = value

        kind = args.get(r, "ship")
        self.kind.value = "dice" if isinstance(kind, int) else kind
        if isinstance(kind, int):
            put(self.dice, kind)
        crew = list(args.get(f"{r}_crew", ()))
        for slot, w in self.crew.items():  # first: the crew sets the cannon slots
            w.value = next((c for c in crew if self.components.crew_slot.get(c) == slot), "")
        self.cannons.max = self.max_cannons()
        put(self.count, int(args.get(f"{r}_count", 1)))
        put(self.cannons, int(args.get(f"{r}_cannons", 0)))
        put(self.tokens, int(args.get(f"{r}_tokens", 0)))
        cards = list(args.get(f"{r}_cards", ()))
        for cid, w in self.cards.items():
            put(w, cards.count(cid))
        morale = args.get(f"{r}_morale")
        if morale is not None:
            put(self.morale, int(morale))

    def args(self) -> dict[str, Any]:
        """This side's keyword arguments of ``battle_odds``."""
        r = self.role
        k = self.kind.value
        out: dict[str, Any] = {r: self.dice.value if k == "dice" else k}
        if k == "red" and self.count.value != 1:
            out[f"{r}_count"] = self.count.value
        if k == "ship":
            out[f"{r}_cannons"] = self.cannons.value
            out[f"{r}_morale"] = self.morale.value
        if k in ("ship", "longboat"):
            crew = [w.value for w in self.crew.values() if w.value]
            if crew:
                out[f"{r}_crew"] = crew
        if k in ("ship", "longboat", "dice"):
            if self.tokens.value:
                out[f"{r}_tokens"] = self.tokens.value
            cards = [cid for cid, w in self.cards.items() for _ in range(w.value)]
            if cards:
                out[f"{r}_cards"] = cards
        return out


class OddsExplorer(widgets.VBox):
    """Sliders and toggles for both sides of a battle, live exact odds, charts and a heat map."""

    def __init__(self, attacker: str = "ship", defender: str = "red", width: int = 1000, **kwargs: Any):
        self.odds = view.odds_module()
        if self.odds is None:
            raise ImportError("the OddsExplorer needs windward_nb.odds (with battle_odds)")
        self.components = load_components()
        self.attacker = SideControls("attacker", attacker, self.components)
        self.defender = SideControls("defender", defender, self.components)
        self.play = widgets.ToggleButtons(options=[("best bonuses", "best"), ("all bonuses", "all"),
                                                   ("no bonuses", "none")], value="best", description="Bonuses:",
                                          tooltips=["each side plays the cheapest bonuses that get its best result",
                                                    "every card and token is played",
                                                    "dice only"], style={"button_width": "auto"})
        self.exact = widgets.Checkbox(value=False, description="exact fractions", indent=False)
        self.summary = widgets.HTML()
        self.summary.add_class("ww-odds-summary")
        self.messages = MessageArea()
        self.result = None
        self.timings: list[float] = []
        self._build_charts(width)
        self.grid = widgets.Dropdown(options=list(GRIDS), value="attacker dice × defender dice", description="Heat map:",
                                     layout=widgets.Layout(width="28em"))
        self.metric = widgets.ToggleButtons(options=["win", "tie", "loss"], value="win", style={"button_width": "4em"},
                                            tooltips=["attacker wins", "tie", "defender wins"])
        self.grid_note = widgets.HTML()
        for w in self.attacker.controls + self.defender.controls + [self.play, self.exact]:
            w.observe(self._changed, names="value")
        for w in (self.grid, self.metric):
            w.observe(self._grid_changed, names="value")
        controls = widgets.HBox([self.attacker, self.defender,
                                 widgets.VBox([self.play, self.exact, self.summary],
                                              layout=widgets.Layout(width="360px"))],
                                layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        super().__init__(children=[controls, self.chart_caption, widgets.HBox([self.hits_fig, self.margin_fig]),
                                   widgets.HBox([self.grid, self.metric]), self.grid_note, self.heat_fig,
                                   self.messages], **kwargs)
        self.add_class("ww-odds-explorer")
        self.recompute()
        self.recompute_grid()

    # ------------------------------------------------------------------ charts (built once)
    def _build_charts(self, width: int) -> None:
        half = max(320, width // 2 - 10)
        # Two Bars marks side by side instead of one grouped mark: grouped Bars do not render in
        # bqplot >= 0.12.34 (bqplot/bqplot#1646). Both marks always hold hits 0..n-1 on a domain
        # of [-0.5, n - 0.5], so each bar is 0.4 wide and the pair sits around its tick.
        xs = bq.LinearScale(min=-0.5, max=1.5, allow_padding=False)
        ys = bq.LinearScale(min=0.0)
        self.hits_marks = {}
        for role, colour, shift in (("attacker", ATTACKER_COLOUR, -0.2), ("defender", DEFENDER_COLOUR, 0.2)):
            self.hits_marks[role] = bq.Bars(
                x=np.arange(2) + shift, y=np.zeros(2), scales={"x": xs, "y": ys}, colors=[colour], padding=0.6,
                stroke="#1B1B1B", align="center",
                tooltip=bq.Tooltip(fields=["y"], labels=[f"{role}: chance"], formats=[".3f"]))
        self.hits_mark = self.hits_marks["attacker"]
        self.hits_x = xs
        self.hits_fig = bq.Figure(marks=list(self.hits_marks.values()),
                                  title="Hits rolled by each side",
                                  axes=[bq.Axis(scale=xs, label="hits", tick_format="d"),
                                        bq.Axis(scale=ys, side="left", tick_format=".0%", label="chance")],
                                  animation_duration=0,
                                  fig_margin={"top": 50, "bottom": 45, "left": 60, "right": 10},
                                  layout=widgets.Layout(width=f"{half}px", height="300px"))
        mx = bq.OrdinalScale()
        my = bq.LinearScale(min=0.0)
        outcome = bq.ColorScale(min=-1.0, max=1.0, colors=[OUTCOME_COLOURS["loss"], OUTCOME_COLOURS["tie"],
                                                           OUTCOME_COLOURS["win"]])
        self.margin_mark = bq.Bars(x=np.arange(3), y=np.zeros(3), color=np.zeros(3),
                                   scales={"x": mx, "y": my, "color": outcome}, stroke="#1B1B1B", padding=0.1,
                                   tooltip=bq.Tooltip(fields=["x", "y"], labels=["attacker minus defender", "chance"],
                                                      formats=["", ".3f"]))
        self.margin_fig = bq.Figure(marks=[self.margin_mark], title="Final margin, attacker − defender",
                                    axes=[bq.Axis(scale=mx, label="margin after bonuses (> 0: attacker wins)"),
                                          bq.Axis(scale=my, side="left", tick_format=".0%")],
                                    animation_duration=0, fig_margin={"top": 50, "bottom": 45, "left": 60, "right": 10},
                                    layout=widgets.Layout(width=f"{half}px", height="300px"))
        self.chart_caption = widgets.HTML(
            f'<div style="font-size:12px"><span style="color:{ATTACKER_COLOUR}">■</span> attacker dice (left of each '
            f'pair) · <span style="color:{DEFENDER_COLOUR}">■</span> defender dice (right) · margin bars: '
            f'<span style="color:{OUTCOME_COLOURS["loss"]}">■</span> defender wins (&lt; 0), '
            f'<span style="color:{OUTCOME_COLOURS["tie"]}">■</span> tie (0), '
            f'<span style="color:{OUTCOME_COLOURS["win"]}">■</span> attacker wins (&gt; 0)</div>')
        rs, cs = bq.OrdinalScale(reverse=True), bq.OrdinalScale()
        colour = bq.ColorScale(min=0.0, max=1.0, colors=["#FEFBE9", "#E7F1D7", "#B5DDD8", "#81C4E7", "#9398D2"])
        self.heat_mark = bq.GridHeatMap(row=np.arange(2), column=np.arange(2), color=np.zeros((2, 2)),
                                        scales={"row": rs, "column": cs, "color": colour}, display_format=".0%",
                                        font_style={"font-size": "11px", "fill": "#1B1B1B"}, stroke="#FFFFFF",
                                        tooltip=bq.Tooltip(fields=["row", "column", "color"],
                                                           labels=["row", "column", "chance"],
                                                           formats=["", "", ".3f"]))
        self.heat_row_axis = bq.Axis(scale=rs, side="left", label="rows")
        self.heat_col_axis = bq.Axis(scale=cs, label="columns", side="top")
        self.heat_fig = bq.Figure(marks=[self.heat_mark], axes=[self.heat_row_axis, self.heat_col_axis],
                                  animation_duration=0, padding_y=0, title="",
                                  fig_margin={"top": 60, "bottom": 10, "left": 80, "right": 10},
                                  layout=widgets.Layout(width=f"{min(width, 640)}px", height="400px"))

    def load_battle(self, state, cannons: int | None = None) -> None:
        """Set both sides from the battle in progress in ``state`` (a Windward position) before its
        dice are rolled: the parties, cannons (``cannons`` for the ship firing now, all for one still
        to fire), crew, cards, tokens and morale, as the table's battle panel sees them
        (:func:`windward_nb.windward.view.battle_odds_args`), with the best bonuses."""
        args = view.battle_odds_args(state, cannons)
        if args is None:
            raise ValueError("no battle is being fought in this position")
        with self.hold_sync():
            for w in self.attacker.controls + self.defender.controls + [self.play, self.exact]:
                w.unobserve(self._changed, names="value")
            try:
                self.attacker.set_args(args)
                self.defender.set_args(args)
                self.play.value = "best"
                self.attacker.show_relevant()
                self.defender.show_relevant()
            finally:
                for w in self.attacker.controls + self.defender.controls + [self.play, self.exact]:
                    w.observe(self._changed, names="value")
        self.recompute()
        self.recompute_grid()

    # ------------------------------------------------------------------ recomputation
    def args(self) -> dict[str, Any]:
        """The keyword arguments of ``battle_odds`` that the controls describe."""
        out = {**self.attacker.args(), **self.defender.args(), "play": self.play.value}
        if self.exact.value:
            out["exact"] = True
        return out

    def _side(self, name: str) -> SideControls:
        return self.attacker if name.startswith("attacker") else self.defender

    def _changed(self, _change: dict) -> None:
        try:
            self.recompute()
            self.recompute_grid()
        except Exception as exc:  # noqa: BLE001
            self.messages.error(exc, "recomputing the odds")

    def _grid_changed(self, _change: dict) -> None:
        try:
            self.recompute_grid()
        except Exception as exc:  # noqa: BLE001
            self.messages.error(exc, "drawing the heat map")

    def recompute(self) -> None:
        """Recompute the odds from the controls and update the charts in place."""
        t0 = time.perf_counter()
        args = self.args()
        try:
            o = self.odds.battle_odds(**args)
        except ValueError as exc:  # an impossible battle: say why, keep the last charts
            self.messages.show(str(exc), "warning")
            self.summary.value = f'<div class="ww-odds-error" style="color:#6B0F0F">{esc(str(exc))}</div>'
            return
        self.messages.clear()
        self.result = o
        faces = self.components.battle_die
        pa = np.asarray(self.odds.hit_distribution(o.attacker_dice, faces), dtype=float)
        pd = np.asarray(self.odds.hit_distribution(o.defender_dice, faces), dtype=float)
        n = max(len(pa), len(pd))
        pa, pd = np.pad(pa, (0, n - len(pa))), np.pad(pd, (0, n - len(pd)))
        keys = list(o.margin.keys())
        probs = np.array([float(p) for p in o.margin.probs])
        keep = probs > 1e-4
        if keep.any():
            lo, hi = np.argmax(keep), len(keep) - np.argmax(keep[::-1])
            keys, probs = keys[lo:hi], probs[lo:hi]
        am, dm = self.hits_marks["attacker"], self.hits_marks["defender"]
        with _held(am, dm, self.hits_x, self.margin_mark, self.summary):
            am.x, am.y = np.arange(n) - 0.2, pa
            dm.x, dm.y = np.arange(n) + 0.2, pd
            self.hits_x.min, self.hits_x.max = -0.5, n - 0.5
            self.margin_mark.x = np.array(keys)
            self.margin_mark.y = probs
            self.margin_mark.color = np.sign(np.array(keys, dtype=float))
            self.summary.value = self._summary_html(o)
        self.timings.append(time.perf_counter() - t0)

    def _summary_html(self, o) -> str:
        def num(p) -> str:
            return f"{p} ({100 * float(p):.2f}%)" if self.exact.value else f"{100 * float(p):.2f}%"
        lines = [f"<b>{esc(o.attacker)}</b> attacks <b>{esc(o.defender)}</b>",
                 odds_bar_html(float(o.win), float(o.tie), float(o.loss)),
                 f'<table class="ww-odds-numbers" style="font-size:13px">'
                 f'<tr><th style="text-align:left">attacker wins</th><td class="ww-win">{num(o.win)}</td></tr>'
                 f'<tr><th style="text-align:left">tie</th><td class="ww-tie">{num(o.tie)}</td></tr>'
                 f'<tr><th style="text-align:left">defender wins</th><td class="ww-loss">{num(o.loss)}</td></tr>'
                 f'<tr><th style="text-align:left">expected margin</th><td>{float(o.expected_margin):+.3f} hits</td></tr>']
        for side in ("attacker", "defender"):
            if side in o.ship_lost:
                lines.append(f'<tr><th style="text-align:left">{side} ship lost</th><td>{num(o.ship_lost[side])}</td></tr>')
        lines.append("</table>")
        return "".join(lines)

    def recompute_grid(self) -> None:
        """Recompute the heat map of the chosen grid (the other parameters as set above)."""
        row_name, rows, col_name, cols = GRIDS[self.grid.value]
        rows = rows if rows is not None else tuple(range(self._side(row_name).max_cannons() + 1))
        cols = cols if cols is not None else tuple(range(self._side(col_name).max_cannons() + 1))
        fixed = {k: v for k, v in self.args().items() if k not in (row_name, col_name, "exact")}
        if (row_name, col_name) == ("attacker", "defender"):
            fixed = {k: v for k, v in fixed.items() if k in ("play", "attacker_tokens", "defender_tokens",
                                                             "attacker_cards", "defender_cards")}
        try:
            table = self.odds.odds_sweep(row_name, rows, col_name, cols, **fixed)
        except ValueError as exc:
            self.grid_note.value = (f'<div style="font-size:12px;color:#6B0F0F">This grid does not fit the battle '
                                    f"above: {esc(str(exc))}</div>")
            hide(self.heat_fig, True)
            return
        hide(self.heat_fig, False)
        data = np.asarray(table[self.metric.value], dtype=float)
        what = {"win": "attacker wins", "tie": "tie", "loss": "defender wins"}[self.metric.value]
        with _held(self.heat_mark, self.heat_row_axis, self.heat_col_axis, self.heat_fig, self.grid_note):
            self.heat_mark.color = data          # first: row and column are checked against its shape
            self.heat_mark.row = np.array(rows)
            self.heat_mark.column = np.array(cols)
            self.heat_row_axis.label = row_name.replace("_", " ")
            self.heat_col_axis.label = col_name.replace("_", " ")
            title = f"Chance that the {what}" if self.metric.value != "tie" else "Chance of a tie"
            self.grid_note.value = (f'<div style="font-size:13px"><b>{esc(title)}</b>: rows '
                                    f'{esc(row_name.replace("_", " "))}, columns {esc(col_name.replace("_", " "))}; '
                                    "every other setting as chosen above.</div>")

"""Side panels of the play table: a ship status board per captain, the battle panel, and the
generic legal-actions list that reaches every decision by keyboard.

Every panel is built once and refreshed in place from :mod:`windward_nb.windward.view`; a
button asks for an action through ``act`` (a callable taking a list of actions),
and a refusal from the engine is shown in the panel, changing nothing.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable, Sequence

import ipywidgets as widgets

from windward_nb.windward import view
from windward_nb.windward.actions import Action
from windward_nb.windward.gameview import VIEW

from ._util import Confirmer, ConfirmNeeded, MessageArea, esc, guarded, hide, swatch, track  # noqa: F401
from .base import actions_panel as _base_actions
from .base.actions_panel import Act, ask
from .base.html import ARMED_TEXT, button as _button, set_button as _set_button
from .board import colour_of

__all__ = ["ShipBoardPanel", "BattlePanel", "ActionsPanel", "notoriety_html"]


def _default_act(game) -> Act:
    """Apply actions straight to ``game``, asking twice before a dangerous one."""
    confirm = Confirmer()

    def act(actions: Sequence[Action]) -> list:
        confirm.check(game.state, list(actions))
        events: list = []
        for a in actions:
            events += game.apply(a)
        return events
    return act


_messages = _base_actions.own_messages


def notoriety_html(rows: Sequence[dict], goal: int, highlight: int | None = None) -> str:
    """The notoriety track of every captain as bars to the goal, with numbers (not colour alone)."""
    out = ['<table class="ww-notoriety" style="border-collapse:collapse;font-size:12px">'
           '<caption style="text-align:left;font-weight:bold">Notoriety (goal '
           f"{goal})</caption>"]
    for r in rows:
        n = r["notoriety"]
        pct = min(100, round(100 * n / goal)) if goal else 0
        fill = colour_of(r["colour"])
        bold = "font-weight:bold;" if r["seat"] == highlight else ""
        out.append(
            f'<tr style="{bold}"><td style="padding:1px 6px 1px 0;white-space:nowrap">'
            f'{swatch(r["colour"], r["name"])}</td>'
            f'<td style="width:160px;padding:1px 4px"><div style="background:#EEE;border:1px solid #999;height:10px">'
            f'<div style="background:{fill};width:{pct}%;height:10px"></div></div></td>'
            f'<td style="text-align:right;padding-left:4px">{n}</td></tr>')
    out.append("</table>")
    return "".join(out)


# =============================================================================== ship board
class ShipBoardPanel(widgets.VBox):
    """One captain's ship status board: tracks, slots, cargo, crew, order spaces, hand,
    the notoriety of everyone and, at port, the Trading Post."""

    def __init__(self, game, seat: int, act: Act | None = None, messages: MessageArea | None = None, **kwargs: Any):
        self.game = game
        self.seat = seat
        self.act = act or _default_act(game)
        self.view: dict[str, Any] = {}
        comp = game.state.components
        self.header = widgets.HTML()
        self.stats = widgets.HTML()
        self.order_buttons: dict[str, widgets.Button] = {}
        for name in view.SKY_ORDER_LIST + view.PORT_ORDER_LIST:
            if name == "hire":
                continue
            b = _button(name)
            b.on_click(self._order_clicked(name))
            self.order_buttons[name] = b
        self.hire_pick = widgets.Dropdown(options=list(comp.crew_names), layout=widgets.Layout(width="9em"),
                                          description="", tooltip="crew member to hire")
        self.hire_button = _button("Hire crew")
        self.hire_button.on_click(self._hire)
        self.sky_orders = widgets.HBox([self.order_buttons[n] for n in view.SKY_ORDER_LIST],
                                       layout=widgets.Layout(flex_flow="row wrap"))
        self.port_orders = widgets.HBox([self.order_buttons[n] for n in view.PORT_ORDER_LIST if n != "hire"]
                                        + [self.hire_pick, self.hire_button], layout=widgets.Layout(flex_flow="row wrap"))
        self.orders_label = widgets.HTML()
        self.card_buttons: dict[str, widgets.Button] = {}
        self._card_faces: dict[str, tuple[str, str]] = {}  # a card's button at rest: its name and effect
        for card in comp.cards:
            b = _button(card.name, tooltip=card.effect)
            b.on_click(self._card_clicked(card.id))
            self.card_buttons[card.id] = b
            self._card_faces.setdefault(card.id, (card.name, card.effect))
        self.hand_label = widgets.HTML()
        self.hand_box = widgets.HBox(list(self.card_buttons.values()), layout=widgets.Layout(flex_flow="row wrap"))
        self.card_choice = widgets.Dropdown(options=[], layout=widgets.Layout(width="26em"))
        self.card_go = _button("Play", button_style="info")
        self.card_go.on_click(self._play_choice)
        self.choice_box = widgets.HBox([self.card_choice, self.card_go])
        hide(self.choice_box, True)
        self.buy_buttons: dict[str, widgets.Button] = {}
        for item in ("cannon", "rum", "notoriety", "supplies"):
            b = _button(item)
            b.on_click(self._buy_clicked(item))
            self.buy_buttons[item] = b
        self.crew_pick = widgets.Dropdown(options=list(comp.crew_names), layout=widgets.Layout(width="9em"))
        self.crew_buy = _button("Buy crew")
        self.crew_buy.on_click(self._buy_crew)
        self.trading_label = widgets.HTML(value="<b>Trading Post</b> (spend gas)")
        self.trading = widgets.VBox([
            self.trading_label,
            widgets.HBox(list(self.buy_buttons.values()) + [self.crew_pick, self.crew_buy],
                         layout=widgets.Layout(flex_flow="row wrap"))])
        self.notoriety = widgets.HTML()
        self.messages, own = _messages(messages)
        super().__init__(children=[self.header, self.orders_label, self.sky_orders, self.port_orders,
                                   self.hand_label, self.hand_box, self.choice_box, self.trading, self.stats,
                                   self.notoriety, *own], **kwargs)
        self.add_class("ww-ship-board")
        self.layout.border = "1px solid #B9C2CA"
        self.layout.padding = "4px 8px"
        self.refresh()

    # ------------------------------------------------------------------ refresh
    def refresh(self) -> None:
        v = self.view = view.ship_board_view(self.game.state, self.seat)
        with self.hold_sync():
            self._refresh_header(v)
            self._refresh_orders(v)
            self._refresh_hand(v)
            self._refresh_trading(v)
            self.notoriety.value = notoriety_html(v["notoriety"], v["goal"], highlight=self.seat)

    def _refresh_header(self, v: dict) -> None:
        flag = ""
        if v["deciding"]:
            flag = ' <span style="background:#FFF4D6;border:1px solid #C90;border-radius:3px;padding:0 4px">to decide</span>'
        elif v["current"]:
            flag = ' <span style="border:1px solid #999;border-radius:3px;padding:0 4px">turn</span>'
        self.header.value = (f'<div style="font-size:14px;font-weight:bold">{swatch(v["colour"])} '
                             f'{esc(v["name"])}, {esc(v["colour"])} ship{flag}</div>'
                             f'<div style="font-size:12px">at {esc(v["where"])}</div>')
        turn = ""
        if v["speed_left"] is not None:
            turn = (f'<tr><th style="text-align:left">This turn</th><td>speed left <b>{v["speed_left"]}</b>, mates left '
                    f'<b>{v["mates_left"]}</b>, coffee orders <b>{v["coffee"]}</b> '
                    f'({v["coffee_tokens"]} coffee tokens placed)</td></tr>')
        hold = []
        if v["hold"]:
            hold.append(f"a defeated {v['hold']} crester")
        if v["grey_teeth"] or v["red_teeth"]:
            hold.append(f"{v['grey_teeth']} grey and {v['red_teeth']} red teeth")
        if v["tokens"]:
            hold.append(f"{v['tokens']} +2 token{'s' if v['tokens'] != 1 else ''}")
        boats = ", ".join(f"{b['boat'] + 1}: {b['where']}" for b in v["longboats"])
        crew = "; ".join(f"{c['name']} ({c['effect']})" for c in v["crew"]) or "none"
        self.stats.value = (
            '<table class="ww-stats" style="font-size:12px;border-collapse:collapse">'
            f'<tr><th style="text-align:left;padding-right:8px">Morale</th><td>{track(v["morale"], v["morale_max"])}</td></tr>'
            f'<tr><th style="text-align:left">Longboat speed</th>'
            f'<td>{track(v["longboat_speed"], v["longboat_speed_max"])}</td></tr>'
            f'<tr><th style="text-align:left">Gas</th><td>{track(v["gas"], v["gas_slots"], "■", "□")}</td></tr>'
            f'<tr><th style="text-align:left">Cannons</th><td>{track(v["cannons"], v["cannon_slots"], "■", "□")}</td></tr>'
            f'<tr><th style="text-align:left">Cargo hold</th><td>{esc(", ".join(hold) or "empty")}</td></tr>'
            f'<tr><th style="text-align:left">Longboats</th><td>{esc(boats)}</td></tr>'
            f'<tr><th style="text-align:left">Crew</th><td>{esc(crew)}</td></tr>'
            f"{turn}</table>")

    def _refresh_orders(self, v: dict) -> None:
        covered = set(v["orders_covered"])
        where = "port" if v["at_port"] else "sky"
        self.orders_label.value = (f'<b>Order spaces</b> <span style="font-size:12px">(at {where}; '
                                   f'{"✓ = covered this turn" if covered else "a mate or coffee covers one"})</span>')
        for o in v["orders"]:
            if o["name"] == "hire":
                tip = "Hire a crew member" + ("" if o["legal"] else f": {o['reason'] or ''}")
                _set_button(self.hire_button, description="Hire crew ✓" if o["covered"] else "Hire crew",
                            style="info" if o["legal"] else "", tooltip=tip)
                legal_names = [a[0][11:] for a in o["actions"]]
                if legal_names and self.hire_pick.value not in legal_names:
                    self.hire_pick.value = legal_names[0]
                continue
            b = self.order_buttons[o["name"]]
            tip = o["title"] + ("" if o["legal"] else f" — not now: {o['reason'] or ''}")
            _set_button(b, description=o["title"] + (" ✓" if o["covered"] else ""),
                        style="info" if o["legal"] else "", tooltip=tip)
        research = any(o["name"] == "research" for o in v["orders"])
        hide(self.order_buttons["research"], not research)
        hide(self.order_buttons["process"], not any(o["name"] == "process" for o in v["orders"]))
        hide(self.sky_orders, v["at_port"])
        hide(self.port_orders, not v["at_port"])

    #: set by a hot-seat table to keep this captain's cards face down while others decide
    hide_hand: bool = False

    def _refresh_hand(self, v: dict) -> None:
        by_card = {} if self.hide_hand else {h["card"]: h for h in v["hand"]}
        if self.hide_hand:
            self.hand_label.value = (f'<b>Hand</b> <span style="font-size:12px">{v["hand_size"]}/{v["hand_limit"]} '
                                     "supply cards, face down until this captain decides</span>")
            self._pending_card = None
        else:
            self.hand_label.value = (f'<b>Hand</b> <span style="font-size:12px">{v["hand_size"]}/{v["hand_limit"]} '
                                     "supply cards (hover a card for its effect)</span>")
        for card, b in self.card_buttons.items():
            h = by_card.get(card)
            hide(b, h is None)
            if h is None:  # not in the hand shown: back to its face at rest (nothing of whose hand it was)
                name, effect = self._card_faces[card]
                _set_button(b, description=name, tooltip=effect, style="")
                continue
            label = h["name"] + (f" ×{h['count']}" if h["count"] > 1 else "")
            tip = h["effect"] + ("" if h["legal"] else f" — not now: {h['reason'] or ''}")
            if h["rest"]:
                tip += " — or discard it to rest"
            _set_button(b, description=label, tooltip=tip, style="info" if (h["legal"] or h["rest"]) else "")
        if self._pending_card and self._pending_card not in by_card:
            self._pending_card = None
        if self._pending_card:
            h = by_card[self._pending_card]
            opts = [(text, a) for a, text in h["actions"] + h["rest"]]
            if list(self.card_choice.options) != opts:
                self.card_choice.options = opts
        elif self.card_choice.options:
            self.card_choice.options = []
        hide(self.choice_box, not self._pending_card)

    _pending_card: str | None = None

    def _refresh_trading(self, v: dict) -> None:
        hide(self.trading, not v["at_port"])
        if not v["at_port"]:
            return
        for t in v["trading_post"]:
            if t["item"].startswith("crew "):
                continue
            b = self.buy_buttons[t["item"]]
            tip = f"Buy {t['title']} for {t['price']} gas" + ("" if t["legal"] else f" — not now: {t['reason'] or ''}")
            _set_button(b, description=f"{t['title']} ({t['price']} gas)", tooltip=tip,
                        style="info" if t["legal"] else "")
        crew = [t for t in v["trading_post"] if t["item"].startswith("crew ")]
        price = crew[0]["price"] if crew else 2
        _set_button(self.crew_buy, description=f"Buy crew ({price} gas)",
                    style="info" if any(t["legal"] for t in crew) else "")

    # ------------------------------------------------------------------ clicks
    @guarded()
    def _try(self, actions: Sequence[Action]) -> None:
        self.messages.clear()
        self.act(list(actions))

    def _order_clicked(self, name: str) -> Callable:
        return lambda _b: self._try([Action("order", name)])

    @guarded()
    def _hire(self, _b: Any = None) -> None:
        self.messages.clear()
        self.act([Action("order", "hire " + self.hire_pick.value)])

    def _buy_clicked(self, item: str) -> Callable:
        return lambda _b: self._try([Action("buy", item)])

    @guarded()
    def _buy_crew(self, _b: Any = None) -> None:
        self.messages.clear()
        self.act([Action("buy", "crew " + self.crew_pick.value)])

    def _card_clicked(self, card: str) -> Callable:
        return lambda _b: self.card_click(card)

    @guarded()
    def card_click(self, card: str) -> None:
        """What a click on a card in the hand does: play it, or ask for its target."""
        if True:
            self.messages.clear()
            h = next((x for x in self.view.get("hand", []) if x["card"] == card), None)
            options = (h["actions"] + h["rest"]) if h else []
            if len(options) == 1:
                self._pending_card = None
                hide(self.choice_box, True)
                self.act([Action.parse(options[0][0])])
            elif options:  # a target to choose (Aerogenerator, Bait) or play-vs-discard
                self._pending_card = card
                self.card_choice.options = [(text, a) for a, text in options]
                hide(self.choice_box, False)
                self.messages.show(f"Choose how to use {h['name']}, then press Play.", "info")
            else:  # not playable now: the engine's reason, as the view reports it
                name = h["name"] if h else card
                self.messages.show(f"{name} cannot be played now: {(h or {}).get('reason') or 'not in your hand'}",
                                   "warning")

    @guarded()
    def _play_choice(self, _b: Any = None) -> None:
        self.messages.clear()
        if self.card_choice.value:
            ask(self, [Action.parse(self.card_choice.value)], self.card_go)
            if self.card_go.description != ARMED_TEXT:
                self._pending_card = None
                hide(self.choice_box, True)


# =============================================================================== battle panel
def _dice_html(dice: Sequence[int], colour: str) -> str:
    if not dice:
        return '<span style="color:#666">not rolled</span>'
    faces = "".join(
        f'<span title="{d} hit{"s" if d != 1 else ""}" style="display:inline-block;width:1.5em;height:1.5em;'
        f'line-height:1.5em;text-align:center;margin:1px;border:2px solid #1B1B1B;border-radius:4px;'
        f'background:{colour};color:{"#FFF" if colour in ("#1B1B1B", "#0072B2", "#CC3311") else "#000"};'
        f'font-weight:bold">{d}</span>' for d in dice)
    return faces + f" = {sum(dice)}"


def odds_bar_html(win: float, tie: float, loss: float, labels: tuple[str, str, str] = ("attacker wins", "tie",
                                                                                        "defender wins")) -> str:
    """A win/tie/loss bar with the numbers written out (patterns of text, not colour alone)."""
    parts = []
    for p, colour, label in zip((win, tie, loss), ("#117733", "#DDCC77", "#CC6677"), labels):
        if p > 0.0005:
            parts.append(f'<div title="{esc(label)} {100 * p:.1f}%" style="width:{100 * p:.2f}%;background:{colour};'
                         'height:14px;display:inline-block"></div>')
    bar = ('<div style="width:100%;max-width:420px;border:1px solid #777;height:14px;font-size:0;'
           f'white-space:nowrap">{"".join(parts)}</div>')
    text = " · ".join(f"{label} <b>{100 * p:.1f}%</b>" for p, label in zip((win, tie, loss), labels))
    return f'<div class="ww-odds">{bar}<div style="font-size:12px">{text}</div></div>'


class BattlePanel(widgets.VBox):
    """The battle in progress: its steps in order, the dice, the choices, and live exact odds.

    Hidden when no battle is being fought. The cannons slider recomputes the
    odds as it moves (``windward_nb.windward.view.battle_outlook``, from ``windward_nb.odds``).
    """

    def __init__(self, game, act: Act | None = None, messages: MessageArea | None = None, **kwargs: Any):
        self.game = game
        self.act = act or _default_act(game)
        self.title = widgets.HTML()
        self.steps = widgets.HTML()
        self.dice = widgets.HTML()
        self.cannons = widgets.IntSlider(value=0, min=0, max=0, description="Cannons:", continuous_update=True,
                                         layout=widgets.Layout(width="260px"))
        self.fire = _button("Fire", button_style="danger", icon="bullseye")
        self.fire.on_click(self._fire)
        self.cannon_box = widgets.HBox([self.cannons, self.fire])
        self.cannons.observe(self._on_cannons, names="value")
        self.odds = widgets.HTML()
        self.buttons = [_button("") for _ in range(8)]
        for i, b in enumerate(self.buttons):
            b.on_click(self._choice(i))
        self.choice_box = widgets.HBox(self.buttons, layout=widgets.Layout(flex_flow="row wrap"))
        self._choices: list[str] = []
        self.messages, own = _messages(messages)
        self.outlook: dict | None = None
        super().__init__(children=[self.title, self.steps, self.dice, self.cannon_box, self.choice_box, self.odds,
                                   *own], **kwargs)
        self.add_class("ww-battle")
        self.layout.border = "2px solid #CC3311"
        self.layout.padding = "4px 8px"
        self.refresh()

    def refresh(self) -> None:
        s = self.game.state
        bv = view.battle_view(s)
        with self.hold_sync():
            hide(self, bv is None)
            if bv is None:
                self.outlook = None
                return
            self.title.value = (f'<div style="font-weight:bold;font-size:14px">⚔ {esc(bv["title"])}</div>'
                                f'<div>{esc(bv["prompt"])}</div>')
            mark = {"done": "✓", "now": "▶", "to come": "·"}
            items = "".join(
                f'<li style="{"font-weight:bold" if st["state"] == "now" else ("color:#666" if st["state"] == "done" else "")}">'
                f'{mark[st["state"]]} {esc(st["title"])}</li>' for st in bv["steps"])
            self.steps.value = f'<ol class="ww-battle-steps" style="font-size:12px;margin:2px 0">{items}</ol>'
            a, d = bv["attacker"], bv["defender"]
            rows = []
            for side, colour in ((a, "#E69F00"), (d, "#56B4E9")):
                bonus = f" + {side['bonus']} bonus" if side["bonus"] else ""
                rows.append(f'<tr><th style="text-align:left;padding-right:8px">{esc(side["name"])} '
                            f'({side["dice_count"]} dice)</th><td>{_dice_html(side["dice"], colour)}{bonus}</td></tr>')
            totals = ""
            if bv["both_rolled"]:
                totals = f'<div>Totals: attacker <b>{bv["totals"][0]}</b>, defender <b>{bv["totals"][1]}</b></div>'
            self.dice.value = f'<table style="font-size:12px">{"".join(rows)}</table>{totals}'
            choosing_cannons = bv["step"].endswith("cannons") and bv["decider"] >= 0
            hide(self.cannon_box, not choosing_cannons)
            if choosing_cannons:
                self.cannons.unobserve(self._on_cannons, names="value")
                self.cannons.max = bv["choice_max"]
                self.cannons.value = min(self.cannons.value, bv["choice_max"]) if self.cannons.max else 0
                self.cannons.observe(self._on_cannons, names="value")
                self.fire.description = f"Fire {self.cannons.value}"
            others = [(t, d_) for t, d_ in bv["actions"] if not t.startswith("battle cannons")]
            self._choices = [t for t, _ in others]
            risky = view.dangers(s) if others else {}
            for i, b in enumerate(self.buttons):
                if i < len(others):
                    t, d_ = others[i]
                    _set_button(b, description=("⚠ " if t in risky else "") + d_,
                                tooltip=t + (f" — {risky[t]}" if t in risky else ""),
                                style="warning" if t.startswith("play") else "", icon="")
                hide(b, i >= len(others))
            self._update_odds()

    def _update_odds(self) -> None:
        s = self.game.state
        bv_step = s.frames[-1]["step"] if s.frames and s.frames[-1]["k"] == "battle" else None
        n = self.cannons.value if bv_step and bv_step.endswith("cannons") else None
        try:
            self.outlook = view.battle_outlook(s, n)
        except Exception as exc:  # noqa: BLE001 - odds are a help; show why they are missing
            self.outlook = None
            self.odds.value = f'<div style="font-size:12px;color:#6B0F0F">Odds unavailable: {esc(str(exc))}</div>'
            return
        if self.outlook is None:
            self.odds.value = '<div style="font-size:12px;color:#666">Exact odds need windward_nb.odds.</div>'
            return
        o = self.outlook
        stop = ""
        if o.get("if_stop"):
            stop = (f'<div style="font-size:12px">If {"you stop" if self.game.current_player >= 0 else "both stop"} '
                    f'adding bonuses now: <b>{esc(o["if_stop"])}</b>.</div>')
        self.odds.value = (f'<div style="font-size:12px;margin-top:4px"><b>Exact odds</b> '
                           f'({o["attacker_dice"]} vs {o["defender_dice"]} dice; {esc(o["note"])})</div>'
                           + odds_bar_html(o["win"], o["tie"], o["loss"]) + stop)

    def _on_cannons(self, change: dict) -> None:
        try:
            self.fire.description = f"Fire {change['new']}"
            self._update_odds()
        except Exception as exc:  # noqa: BLE001
            self.messages.error(exc, "updating the odds")

    @guarded()
    def _fire(self, _b: Any = None) -> None:
        self.messages.clear()
        ask(self, [Action("cannons", int(self.cannons.value))], self.fire)

    def _choice(self, i: int) -> Callable:
        return lambda _b: self.choose(i)

    @guarded()
    def choose(self, i: int) -> None:
        """Press choice button ``i`` (bonuses, False Flag, done)."""
        self.messages.clear()
        if i < len(self._choices):
            ask(self, [Action.parse(self._choices[i])], self.buttons[i])


# =============================================================================== actions list
class ActionsPanel(_base_actions.ActionsPanel):
    """Who decides what, and every legal action in plain words (Windward's words).

    The list (arrow keys) and the *Do it* button reach every decision the
    engine can ask for, so the panel is the keyboard equivalent of every click
    on the board and the other panels. Short decisions (rest, take supplies,
    place a red crester, plunder...) also get one button per choice. A typed
    action (``move NE``) is applied too; a typo or an illegal one gets a plain
    reason and the closest valid actions, never a traceback.

    A dangerous action (:func:`windward_nb.windward.view.dangers`) is marked ⚠, is never the
    one selected by default, and needs a second click.
    """

    example = "move NE"

    def __init__(self, game, act: Act | None = None, messages: MessageArea | None = None,
                 quick_in_panel: bool = True, **kwargs: Any):
        kwargs.setdefault("view", VIEW)
        super().__init__(game, act=act or _default_act(game), messages=messages, quick_in_panel=quick_in_panel,
                         **kwargs)

    def prompt_text(self) -> str:
        return view.decision_prompt(self.game.state)

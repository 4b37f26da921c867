"""Tailwinds in words and text pictures: what the table and the notebooks show.

Everything here reads a state and returns text or plain data; widgets draw
from :func:`board_view` and print :func:`status`.

>>> from windward_nb.tailwinds.scenario import scenario
>>> s = scenario(characters=["sailor", "pirate"], boats=[[(6, 1), (3, 1)], [(8, 1), (3, 2)]], turn=1, card="5")
>>> print(status(s))
Round 1. Player 2 (The Pirate) moves: 5 points to spend (card 5).
>>> print(track_text(s, upto=9))
card   1                    | 2
space  1  2  3  4  5  6* 7  | 8  9
lane 1 .  .  Sa .  .  Sf .  | Pf .
lane 2 .  .  Pa .  .  .  .  | .  .
lane 3 .  .  .  .  .  .  .  | .  .
"""

from __future__ import annotations

from typing import Any
from collections.abc import Sequence

from windward_nb.core.rules import CHANCE, TERMINAL
from windward_nb.core.view import BoardView, Click, Coach, GameView, Piece, Space, Target, TurnButton

from . import board
from .forecast import move_warning, wind_words
from .board import who
from .rules import rules_of
from .state import TailwindsState


def boat_label(s: TailwindsState, seat: int, bid: int) -> str:
    """Two letters: the character's initial and f (fore) or a (aft)."""
    initial = s.comp.characters[s.characters[seat]].key[0].upper() if s.characters else str(seat + 1)
    return initial + board.boat_name(s, seat, bid)[0]


def track_text(s: TailwindsState, upto: int | None = None) -> str:
    """The track as rows of lanes: ``Sf`` is the Sailor's fore boat, ``*`` marks a rainbow space,
    ``x`` a lane a narrow space does not have."""
    t = s.track
    n = t.length if upto is None else min(upto, t.length)
    cells: dict[tuple[int, int], str] = {}
    for seat, b in board.all_boats(s):
        if b[0] < t.finish:
            cells[(b[0], b[1])] = boat_label(s, seat, b[2])
    lanes = max(t.lanes(i) for i in range(t.length))
    head, cards = ["space "], ["card  "]
    rows = [[f"lane {k + 1}"] for k in range(lanes)]
    for i in range(n):
        if i and t.card_of(i) != t.card_of(i - 1):
            for part in [head, cards, *rows]:
                part.append("|")
        mark = "*" if t.is_rainbow(i) else ""
        head.append(f"{i + 1}{mark}".ljust(2))
        first = t.first_space(t.card_of(i)) == i
        cards.append(str(t.card_of(i) + 1).ljust(2) if first else "  ")
        for k in range(lanes):
            rows[k].append(cells.get((i, k), "." if k < t.lanes(i) else "x").ljust(2))
    lines = [" ".join(cards), " ".join(head)] + [" ".join(r) for r in rows]
    finished = [boat_label(s, seat, b[2]) for seat, b in board.all_boats(s) if b[0] >= t.finish]
    if upto is None:
        lines.append("Finish Line: " + (" ".join(finished) if finished else "-"))
    return "\n".join(line.rstrip() for line in lines)


def status(s: TailwindsState) -> str:
    """One line saying what happens now."""
    rules = rules_of(s)
    d = rules.decider(s)
    if d == TERMINAL:
        return s.result
    head = f"Round {s.round}. " if s.round else "Set up. "
    if s.pending:
        kind = s.pending[-1]["kind"]
        if kind == "die":
            return head + ("The wind die is about to be rolled." if s.pending[-1]["for"] == "wind"
                           else "The die is about to be rolled.")
        if kind == "draw":
            return head + "A rainbow card is about to be drawn."
        if kind == "answer":
            return head + f"{who(s, d)} is asked for their rainbow card: give it or refuse."
        if kind == "rechoose":
            return head + f"{who(s, d)} chooses a new card face down."
        return head + f"{who(s, d)} decides: " + ", ".join(str(a) for a in rules.legal_actions(s)) + "."
    if d == CHANCE:
        return head + {"decks": "The decks are about to be dealt.", "first": "A die picks who places first.",
                       "market": "The rainbow market is being dealt."}.get(s.phase, "Chance acts.")
    if s.phase == "place":
        return head + f"{who(s, d)} places a boat on a start space."
    if s.phase == "choose":
        waiting = [p for p in s.choosing.seats if p not in s.choosing.choices]  # type: ignore[union-attr]
        return head + "Choosing cards face down; waiting for " + ", ".join(who(s, p) for p in waiting) + "."
    card = s.card(s.turn, key) if (key := s.revealed[s.turn]) else None
    pts = f"{s.points} point{'s' if s.points != 1 else ''} to spend"
    return head + f"{who(s, s.turn)} moves: {pts}" + (f" (card {card.name})." if card else ".")


def board_view(s: TailwindsState, seat: int | None = None) -> dict[str, Any]:
    """What a board widget draws, as plain data: spaces, boats, the market, each player's
    cards (others' face-down choices and unseen rainbow cards hidden from ``seat``)."""
    t = s.track
    spaces = [{"space": i, "card": t.card_of(i), "lanes": t.lanes(i), "rainbow": t.is_rainbow(i),
               "start": i in t.starts, "label": t.label(i)} for i in range(t.length)]
    boats = [{"seat": seat_, "id": b[2], "space": b[0], "lane": b[1], "label": boat_label(s, seat_, b[2]),
              "name": board.boat_name(s, seat_, b[2]), "colour": s.character(seat_).colour}
             for seat_, b in board.all_boats(s)]
    last = set(board.last_boats(s)) if boats else set()
    for b in boats:
        b["last"] = (b["seat"], b["id"]) in last
    players = []
    for p in range(s.players):
        ch = s.character(p) if s.characters else None
        held = s.rainbow[p]
        visible = held if held is None or seat is None or seat in s.known[p] else "hidden"
        chosen = s.choosing.choices.get(p) if s.choosing else None
        players.append({
            "seat": p, "name": who(s, p), "character": ch.key if ch else None, "colour": ch.colour if ch else None,
            "hand": list(s.hands[p]) if s.hands and (seat is None or seat == p) else len(s.hands[p]) if s.hands else 0,
            "chosen": (chosen if seat is None or seat == p else ("face down" if chosen else None)),
            "revealed": s.revealed[p] if s.revealed else None, "played": list(s.played[p]) if s.played else [],
            "gone": list(s.gone[p]) if s.gone else [], "rainbow": visible, "retired": s.retired[p],
        })
    return {"spaces": spaces, "finish": t.finish, "boats": boats, "market": list(s.market), "deck": len(s.deck),
            "discard": list(s.discard), "players": players, "turn": s.turn, "points": s.points,
            "round": s.round, "wind_card": s.wind_card, "status": status(s)}


def card_view(s: TailwindsState, seat: int, key: str) -> dict[str, Any]:
    card = s.card(seat, key)
    return {"key": key, "name": card.name, "value": card.value, "text": card.text, "recover": card.recover}


def hand_view(s: TailwindsState, seat: int, viewer: int | None) -> dict[str, Any]:
    """One player's cards as ``viewer`` may see them (``None``: everything, e.g. a replay's
    omniscient view). Others see how many cards are in a hand and that a card lies face down,
    never which; played and gone cards and revealed cards are public."""
    own = viewer is None or viewer == seat
    rules = rules_of(s)
    legal = {str(a) for a in rules.legal_actions(s)} if rules.decider(s) == seat else set()
    chosen = s.choosing.choices.get(seat) if s.choosing else None
    held = s.rainbow[seat] if s.rainbow else None
    seen = held is None or viewer is None or viewer in s.known[seat]
    out: dict[str, Any] = {
        "seat": seat, "name": who(s, seat), "own": own,
        "hand": ([dict(card_view(s, seat, k), choosable=f"choose {k}" in legal) for k in s.hands[seat]]
                 if own else len(s.hands[seat])),
        "chosen": (card_view(s, seat, chosen) if own and chosen else ("face down" if chosen else None)),
        "revealed": card_view(s, seat, key) if s.revealed and (key := s.revealed[seat]) else None,
        "played": [card_view(s, seat, k) for k in s.played[seat]],
        "gone": [card_view(s, seat, k) for k in s.gone[seat]],
        "rainbow": None,
    }
    if held is not None:
        if seen:
            r = s.comp.rainbow[held]
            out["rainbow"] = {"key": held, "name": r.name, "text": r.text,
                              "points": r.points_of(s.characters[seat])}
        else:
            out["rainbow"] = "hidden"
    return out


def action_groups(s: TailwindsState) -> dict[str, list[str]]:
    """The decider's legal actions grouped the way a table shows them as buttons."""
    groups: dict[str, list[str]] = {}
    names = {"fore": "Move fore boat", "aft": "Move aft boat", "use": "Card ability", "swap": "Swap lanes",
             "play": "Rainbow card", "end": "End turn", "choose": "Choose a card", "place": "Place a boat",
             "take": "Rainbow market", "leave": "Rainbow market", "copy": "Copy a card", "ask": "Parlay",
             "give": "Parlay", "refuse": "Parlay", "roll": "Roll", "noroll": "Roll", "target": "Target a boat",
             "reclaim": "Take back a card"}
    rules = rules_of(s)
    if rules.decider(s) < 0:
        return groups
    for a in rules.legal_actions(s):
        groups.setdefault(names.get(a.verb, a.verb), []).append(str(a))
    return groups


# =============================================================================== the play table's view
#: drawing colours of the characters' boats (Okabe-Ito, colour-blind safe; each boat is labelled too)
CHARACTER_COLOURS = {"blue": "#0072B2", "green": "#009E73", "yellow": "#F0E442", "red": "#D55E00",
                     "purple": "#CC79A7", "orange": "#E69F00"}
CARD_FILLS = ("#F3F1EA", "#E3ECF4")        # track cards alternate, so each card reads as a block
RAINBOW_FILL, OUT_FILL, NARROW_FILL, FINISH_FILL, MARKET_FILL = "#F6DDF0", "#D9D9D9", "#8C8C8C", "#BBCC33", "#FFF3C4"
STEP, LANE_STEP, CARD_GAP, ROW_GAP = 2.25, 2.15, 0.9, 2.2
MOVE_COLOUR, TAKE_COLOUR, TARGET_COLOUR = "#117733", "#AA4499", "#EE7733"
#: a letter or two drawn on a market card (its name is written beside it and said on hover)
RAINBOW_GLYPHS = {"anchor": "⚓", "bail-out": "BO", "telescope": "T", "buried-treasure": "BT", "fair-wind": "FW",
                  "current": "C", "whirlpool": "W", "salvage": "S", "doldrums": "D"}


class TailwindsView(GameView):
    """Tailwinds on the play table: the track as lanes of cells, the market beside it.

    Board spaces: ``3 * space + lane`` for every lane of every track space (a narrow
    space's missing lane is drawn greyed), then the Finish Line, the three market
    places and the rainbow deck. Targets: where the chosen boat would land for each
    move (``boat`` picks fore or aft; by default the fore boat while it can move),
    start spaces while placing, market cards while taking one, boats a card may move.
    """

    title = "Tailwinds"
    score_name = "spaces"
    #: the boat a click on the track moves ("fore", "aft" or None: the fore boat while it can move);
    #: a board keeps its own view object and sets this when a player clicks one of their boats
    boat: str | None = None
    moving_events = frozenset({"BoatPlaced", "BoatMoved", "BoatPushed", "BoatRetired", "LanesSwapped",
                               "MarketRefilled", "RainbowTaken", "GameWon", "GameDrawn"})

    # --------------------------------------------------------------- seats and words
    def seat_names(self, s: TailwindsState, names: Sequence[str] | None = None) -> list[str]:
        out = []
        for p in range(s.players):
            base = names[p] if names and p < len(names) and names[p] else f"Player {p + 1}"
            out.append(f"{base} ({s.character(p).name})" if s.characters else base)
        return out

    def seat_colours(self, s: TailwindsState) -> list[str]:
        if not s.characters:
            return super().seat_colours(s)
        return [CHARACTER_COLOURS.get(s.character(p).colour, s.character(p).colour) for p in range(s.players)]

    def turn_key(self, s: TailwindsState) -> Any:
        return (s.round, s.phase, s.turn if s.phase == "turn" else rules_of(s).decider(s))

    def status(self, s: TailwindsState) -> str:
        side = {"SSSSSS": "standard", "AAAAAA": "advanced"}.get(s.options["track"], s.options["track"])
        where = f"round {s.round}" if s.round else "set up"
        market = f", market: {', '.join(self._card_name(s, k) for k in s.market)}" if s.market else ""
        return f"Tailwinds — {where}, {side} track{market}"

    def coach(self, s: TailwindsState, names: Sequence[str] | None = None) -> Coach:
        who = self.decider(s)
        if who < 0:
            return super().coach(s, names)
        name = self.seat_names(s, names)[who]
        kind = s.pending[-1]["kind"] if s.pending else s.phase
        if s.phase == "place" and not s.pending:
            return Coach(who, "place", f"{name}, place a boat on a start space (spaces 1-3).",
                         ("Click a highlighted start space.",))
        if kind in ("choose", "rechoose"):
            again = " again (not the card you took back)" if kind == "rechoose" else ""
            return Coach(who, "choose", f"{name}, choose a movement card face down{again}; the others will not see it "
                                        "until everyone has chosen.",
                         ("Use the buttons of your hand.", *wind_words(s, who)))
        if s.pending:
            return Coach(who, kind, status(s).split(". ", 1)[-1])
        card = s.card(s.turn, key) if (key := s.revealed[s.turn]) else None
        pts = f"{s.points} movement point{'s' if s.points != 1 else ''}"
        hints = []
        if s.points > 0 and rules_of(s).can_move(s):
            hints.append("Click where a boat should go (the labels say how far); click your other boat to move it "
                         "instead.")
        if s.points > 0 and not rules_of(s).can_move(s):
            hints.append("No boat can move: end your turn.")
        hints += wind_words(s, who)
        text = f"{name}, spend {pts} ({card.name if card else 'no card'})" if s.points else \
            f"{name}, your points are spent: end your turn"
        rainbow = s.rainbow[who]
        if rainbow is not None and not s.rainbow_played:
            text += f"; you may play your {self._card_name(s, rainbow)} card"
        return Coach(who, "move", text + ".", tuple(hints))

    def quick(self, s: TailwindsState, rows: Sequence[Any]) -> bool:
        """Cards are chosen with the hand panel's buttons, not a second row of the same buttons."""
        top = s.pending[-1]["kind"] if s.pending else s.phase
        return top not in ("choose", "rechoose") and super().quick(s, rows)

    def public_action(self, s: TailwindsState, action: Any) -> str:
        """A card chosen face down stays face down in the bot log and in replays (the reveal's
        event names every card)."""
        a = self.parse(s, action)
        if a.verb == "choose":
            return "chooses a card face down"
        return super().public_action(s, a)

    @staticmethod
    def _card_name(s: TailwindsState, key: str) -> str:
        return s.comp.rainbow[key].name if key in s.comp.rainbow else key

    def danger(self, s: TailwindsState, action: Any) -> str | None:
        a = self.parse(s, action)
        rules = rules_of(s)
        if self.decider(s) < 0 or rules.why_illegal(s, a) is not None:
            return None
        if a.verb == "choose" and s.card(self.decider(s), a.arg).recover:
            n = len(s.played[self.decider(s)])
            if n < len(s.character(self.decider(s)).cards) - 1:
                return (f"Your Recover card can be played once; now it brings back only {n} played card"
                        f"{'s' if n != 1 else ''}.")
        if a.verb in ("fore", "aft"):
            t = s.clone()
            events = rules.apply(t, a)
            if any(e.kind == "BoatRetired" and e.data.get("seat") == s.turn for e in events):
                return "Your aft boat is in last place: this boat would cross the line and leave the race."
        if a.verb == "give":
            return "You give your rainbow card away."
        if a.verb in ("fore", "aft"):
            return move_warning(s, a)
        return None

    def turn_buttons(self, s: TailwindsState) -> list[TurnButton]:
        rules = rules_of(s)
        turn = s.phase == "turn" and not s.pending and self.decider(s) == s.turn
        legal = {str(a) for a in self.legal(s)}
        out = []
        end = "end turn" in legal
        out.append(TurnButton("end", "End turn", actions=(("end turn", "end your turn"),) if end else (),
                              reason=None if end else (f"spend your {s.points} points first" if turn else
                                                       "only in your turn"), show=turn, icon="check"))
        if turn:
            key = s.revealed[s.turn]
            assert key is not None  # on a turn the mover's card is face up
            card = s.card(s.turn, key)
            use = f"use {key}"
            if card.ability is not None and not card.ability.auto:
                ok = use in legal
                why = None if ok else (rules.ability_refusal(s) or ("", "not now"))[1]
                out.append(TurnButton("use", f"Use {card.name}", actions=((use, self.describe(s, use)),) if ok else (),
                                      reason=why, icon="magic", hint=card.text))
            held = s.rainbow[s.turn]
            if held is not None:
                plays = tuple((t, self.describe(s, t)) for t in (f"play {held}", f"play {held} for points")
                              if t in legal)
                out.append(TurnButton("rainbow", f"Play {self._card_name(s, held)}", actions=plays,
                                      reason=None if plays else "one rainbow card per turn",
                                      choices=("effect", "points") if plays else (), icon="star",
                                      prompt="for its effect or its movement points?"))
        return out

    # --------------------------------------------------------------- the board
    def layout(self, s: TailwindsState) -> dict[int, tuple[float, float]]:
        """Board position (the middle lane) of every track space and of the Finish Line: two
        track cards a row, the rows snaking down (left to right, then right to left ...)."""
        t = s.track
        rows = []
        for r in range((t.cards + 1) // 2):
            spaces = list(range(t.first_space(2 * r), t.first_space(min(t.cards, 2 * r + 2))))
            if 2 * r + 2 >= t.cards:
                spaces.append(t.finish)
            rows.append(spaces)
        placed = []
        for spaces in rows:
            x, xs = 0.0, []
            for k, i in enumerate(spaces):
                if k and t.card_of(i) != t.card_of(spaces[k - 1]):
                    x += CARD_GAP
                xs.append(x)
                x += STEP
            placed.append(xs)
        width = max(xs[-1] for xs in placed)
        pos: dict[int, tuple[float, float]] = {}
        for r, (spaces, xs) in enumerate(zip(rows, placed)):
            y = -r * (3 * LANE_STEP + ROW_GAP)
            for i, x in zip(spaces, xs):
                pos[i] = (x if r % 2 == 0 else width - x, y)
        return pos

    def index(self, s: TailwindsState, space: int, lane: int = 0) -> int:
        """The board space of a track space's lane (the Finish Line is one place)."""
        return s.track.finish * 3 if space >= s.track.finish else 3 * space + lane

    def market_index(self, s: TailwindsState, k: int) -> int:
        return s.track.finish * 3 + 1 + k

    def market_xy(self, s: TailwindsState, k: int) -> tuple[float, float]:
        """Where market place ``k`` (3: the deck) lies: a row of cards under the track."""
        pos = self.layout(s)
        width = max(x for x, _ in pos.values())
        bottom = min(y for _, y in pos.values()) - LANE_STEP
        return width * (0.12 + 0.255 * k), bottom - 3.9

    def board(self, s: TailwindsState, boat: str | None = None) -> BoardView:
        boat = boat or self.boat
        t = s.track
        pos = self.layout(s)
        spaces: list[Space] = []
        for i in range(t.length):
            x, y = pos[i]
            card = t.card_of(i)
            fill = OUT_FILL if card < s.wind_card else CARD_FILLS[card % 2]
            for lane in range(3):
                narrow = lane >= t.lanes(i)
                glyph = "×" if narrow else ("✦" if t.is_rainbow(i) and lane == 0 else
                                            "S" if i in t.starts and lane == 0 else "")
                spaces.append(Space(x, y + LANE_STEP * (1 - lane), "square", 1.0,
                                    NARROW_FILL if narrow else (RAINBOW_FILL if t.is_rainbow(i) else fill),
                                    glyph=glyph, glyph_colour="#FFFFFF" if narrow else "#5A1A4A",
                                    label={"×": "narrow space: no lane", "✦": "rainbow space",
                                           "S": "start space"}.get(glyph, ""),
                                    text=f"space {i + 1} ({t.label(i)}), lane {lane + 1}"
                                         + (" (no lane: narrow space)" if narrow else "")
                                         + (", rainbow space" if t.is_rainbow(i) else "")
                                         + (", start space" if i in t.starts else "")
                                         + (", out of play" if card < s.wind_card else "")))
        fx, fy = pos[t.finish]
        spaces.append(Space(fx + 0.4, fy, "card", 2.45, FINISH_FILL, "#4A5A1A", glyph="⚑", label="Finish Line",
                            text="the Finish Line"))
        for k in range(4):                  # the rainbow market (three cards face up) and the deck, under the track
            x, y = self.market_xy(s, k)
            if k == 3:
                spaces.append(Space(x, y, "card", 1.3, "#E8E8E8", "#555555", glyph=str(len(s.deck)),
                                    label="rainbow deck",
                                    text=f"rainbow deck: {len(s.deck)} cards (discards: {len(s.discard)})"))
                continue
            key = s.market[k] if k < len(s.market) else None
            spaces.append(Space(x, y, "card", 1.3, MARKET_FILL if key else "#FFFFFF", "#8A6D1E",
                                glyph=RAINBOW_GLYPHS.get(key, "✦") if key else "",
                                label=self._card_name(s, key) if key else "",
                                text=(f"market: {self._card_name(s, key)}: {s.comp.rainbow[key].text}" if key
                                      else "market: empty place")))
        colours = self.seat_colours(s)
        pieces = []
        for seat, b in board.all_boats(s):
            name = board.boat_name(s, seat, b[2])
            last = board.is_last(s, seat, b[2])
            pieces.append(Piece(self.index(s, b[0], b[1]), "ship", colours[seat], name[0].upper(),
                                f"{self.seat_names(s)[seat]}'s {name} boat" + (" (last place)" if last else ""),
                                seat=seat))
        return BoardView(tuple(spaces), tuple(pieces), tuple(self.targets(s, boat)),
                         caption=self.coach(s).text,
                         legend=(("✦", "rainbow space"), ("S", "start space"), ("×", "narrow: no lane"),
                                 ("F / A", "fore / aft boat"), ("⚑", "Finish Line")))

    def selected(self, s: TailwindsState, boat: str | None) -> str:
        """The boat a click moves: the one asked for, else the fore boat while it can move."""
        rules = rules_of(s)
        if boat in ("fore", "aft") and rules.move_range(s, boat):
            return boat
        return "fore" if rules.move_range(s, "fore") else "aft"

    def targets(self, s: TailwindsState, boat: str | None = None) -> list[Target]:
        who = self.decider(s)
        if who < 0:
            return []
        rules = rules_of(s)
        out: list[Target] = []
        top = s.pending[-1] if s.pending else None
        if s.phase == "place" and top is None:
            for a in rules.legal_actions(s):
                sp = a.arg - 1
                free = board.free_lane(s, sp)
                assert free is not None  # a boat may be placed only where a lane is free
                out.append(Target(self.index(s, sp, free), (str(a),), "+", MOVE_COLOUR,
                                  f"click: place a boat on space {a.arg}"))
        elif top is not None and top["kind"] in ("take", "pickup"):
            for k, key in enumerate(s.market):
                out.append(Target(self.market_index(s, k), (f"take {key}",), "take", TAKE_COLOUR,
                                  f"click: take {self._card_name(s, key)}"))
        elif top is not None and top["kind"] == "target":
            for seat, bid in top["options"]:
                b = board.find(s, seat, bid)
                assert b is not None  # the options name boats on the track
                act = f"target {seat + 1} {board.boat_name(s, seat, bid)}"
                out.append(Target(self.index(s, b[0], b[1]), (act,), "", TARGET_COLOUR, f"click: {act}"))
        elif s.phase == "turn" and top is None and who == s.turn:
            name = self.selected(s, boat)
            b = board.by_name(s, who, name)
            seen: set[int] = set()
            for k in rules.move_range(s, name):  # empty unless the boat is on the track
                assert b is not None
                to = board.reach(s, who, b[2], k)
                lane = 0 if to >= s.track.finish else board.free_lane(s, to)
                assert lane is not None  # every legal length gains ground, so it ends on a free lane
                idx = self.index(s, to, lane)
                if idx in seen:
                    continue
                seen.add(idx)
                out.append(Target(idx, (f"move {name} {k}",), f"{name[0].upper()}+{k}", MOVE_COLOUR,
                                  f"click: move your {name} boat {k} to {s.track.label(to)}"))
        return out

    def boat_at(self, s: TailwindsState, space: int) -> str | None:
        """"fore" or "aft" when a board space holds a boat of the player moving now."""
        if s.phase != "turn" or s.pending or self.decider(s) != s.turn:
            return None
        for b in s.boats[s.turn]:
            if b[0] < s.track.finish and self.index(s, b[0], b[1]) == space:
                return board.boat_name(s, s.turn, b[2])
        return None

    def click(self, s: TailwindsState, space: int, boat: str | None = None) -> Click:
        boat = boat or self.boat
        b = self.board(s, boat)
        for t in b.targets:
            if t.space == space:
                return Click(actions=t.actions)
        who = self.decider(s)
        if s.phase == "turn" and not s.pending and who == s.turn and space < s.track.finish * 3:
            for seat, bb in board.all_boats(s):
                if seat == who and self.index(s, bb[0], bb[1]) == space:
                    name = board.boat_name(s, who, bb[2])
                    if rules_of(s).move_range(s, name):
                        return Click(message=f"Your {name} boat is chosen: click where it should go.")
                    return Click(refusal=("Movement", f"your {name} boat cannot move now"))
        return super().click(s, space)


VIEW = TailwindsView()

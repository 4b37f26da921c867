"""What a play table shows, for any game of the family: the protocol a game's view implements.

The widgets in ``windward_widgets.base`` (the play table shell, the spaces board,
the actions panel, the replay viewer) know no game. They ask a :class:`GameView`
what to show and what a click means, and the game answers in plain data:

* who sits where: :meth:`~GameView.seat_names`, :meth:`~GameView.seat_colours`;
* what now: :meth:`~GameView.coach` (the "What now?" line), :meth:`~GameView.action_rows`
  (every legal action in words, dangerous ones flagged), :meth:`~GameView.turn_buttons`
  (the common acts), :meth:`~GameView.danger` (why an action deserves a second click),
  :meth:`~GameView.read_typed` (a typed action, or a friendly reason and suggestions);
* the board: :meth:`~GameView.board` (:class:`Space` list, :class:`Piece` list and the
  :class:`Target` spaces a click would act on) and :meth:`~GameView.click` (a :class:`Click`:
  the actions a click on a space asks for, or why not);
* what happened: :meth:`~GameView.event_groups` (the log, by turn) and
  :meth:`~GameView.summary_since` (the "while you waited" line for one seat);
* bots, titles, scores, records.

Every method has a default built on the game's :class:`~windward_nb.core.rules.Rules`
(``type(state).rules``), so a new game is playable in the shell with an empty
subclass (a list of its legal actions) and grows a board and a coach as its view
fills in. A view is read-only: it never changes a state. Nothing here imports a
widget library.

>>> from windward_nb.core.actions import Action, Arg, Grammar
>>> from windward_nb.core.rules import Rules, State, TERMINAL
>>> from dataclasses import dataclass
>>> G = Grammar("count-demo"); G.verb("add", "add", arg=Arg.integer(1, 2))
>>> class Add(Action):
...     __slots__ = (); grammar = G
>>> @dataclass
... class Count(State):
...     total: int = 0
...     def clone(self): return Count(self.total)
...     def to_dict(self): return {"total": self.total}
>>> class CountRules(Rules):
...     game = "count-demo"; action_type = Add
...     def players(self, s): return 1
...     def decider(self, s): return TERMINAL if s.total >= 3 else 0
...     def legal_actions(self, s): return [Add("add", 1), Add("add", 2)] if s.total < 3 else []
...     def apply(self, s, a): s.total += a.arg; return []
...     def scores(self, s): return [s.total]
>>> Count.rules = CountRules()
>>> v = GameView()
>>> [(r.action, r.text) for r in v.action_rows(Count())]
[('add 1', 'add 1'), ('add 2', 'add 2')]
>>> v.coach(Count()).text
'Player 1, choose one of 2 actions.'
>>> t = v.read_typed(Count(), "ad 2")
>>> t.action is None, t.suggestions
(True, ('add 2', 'add 1'))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from collections.abc import Iterable, Mapping, Sequence

from . import registry
from .bots import RandomBot, make_bot
from .errors import IllegalActionError
from .rules import CHANCE, TERMINAL

__all__ = ["GameView", "Coach", "ActionRow", "TurnButton", "Typed", "Space", "Piece", "Target", "BoardView",
           "Click", "LogEntry", "SEAT_COLOURS", "SPACE_SHAPES", "PIECE_KINDS", "view_for"]

#: default seat colours (Okabe-Ito, colour-blind safe); a seat is always named too
SEAT_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00")
#: shapes a :class:`Space` can have
SPACE_SHAPES = ("hex", "circle", "square", "diamond", "field", "card")
#: piece kinds every spaces board draws (a game's board may add its own)
PIECE_KINDS = ("pawn", "ship", "boat", "cube", "disc", "diamond", "cross")


# =============================================================================== plain data
@dataclass(frozen=True)
class Coach:
    """The "What now?" line: who decides (``seat``; -1 for chance or nobody), the ``kind``
    of decision (the game's own words, e.g. ``"bid"``), the line (``text``) and ``hints``."""

    seat: int
    kind: str
    text: str
    hints: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class ActionRow:
    """One legal action: its text (``action``, parses back), a sentence (``text``) and, when it
    deserves a second click, why (``danger``)."""

    action: str
    text: str
    danger: str | None = None


@dataclass(frozen=True)
class TurnButton:
    """A button for a common act of a turn (End turn, Pick up ...).

    ``actions`` are ``(action text, description)`` pairs legal now (several: the table
    offers a choice, labelled ``choices``, under ``prompt``); ``reason`` says why not when
    none is legal; ``show`` says whether the act is worth a button here at all; ``danger``
    maps action texts to warnings; ``icon`` is a Font Awesome name; ``hint`` is said when
    the choice opens.
    """

    key: str
    label: str
    actions: tuple[tuple[str, str], ...] = ()
    reason: str | None = None
    show: bool = True
    danger: Mapping[str, str] = field(default_factory=dict)
    icon: str = ""
    choices: tuple[str, ...] = ()
    prompt: str = ""
    hint: str = ""

    @property
    def legal(self) -> bool:
        return bool(self.actions)


@dataclass(frozen=True)
class Typed:
    """What a typed action means now: ``action`` (legal, ready to apply) or ``message``
    (a friendly reason) and ``suggestions`` (the closest valid actions)."""

    text: str
    action: Any = None
    message: str = ""
    suggestions: tuple[str, ...] = ()


@dataclass(frozen=True)
class Space:
    """A place on a board: centre ``x, y`` and ``size`` (radius) in board units, a ``shape``
    (:data:`SPACE_SHAPES`), its ``fill`` and ``stroke``, a ``glyph`` drawn in it (so colour is
    never the only cue), a short ``label`` and the ``text`` a hover or screen reader says."""

    x: float
    y: float
    shape: str = "hex"
    size: float = 1.0
    fill: str = "#F3F1EA"
    stroke: str = "#B9C2CA"
    glyph: str = ""
    glyph_colour: str = "#1B1B1B"
    label: str = ""
    text: str = ""


@dataclass(frozen=True)
class Piece:
    """A piece on a space: ``kind`` (:data:`PIECE_KINDS` or a board's own), ``colour`` (a name
    or #rrggbb), a short ``label`` drawn on it, the ``text`` a hover says, ``alive`` (faded
    and crossed out when not) and ``seat`` (whose it is, -1 for nobody)."""

    space: int
    kind: str = "pawn"
    colour: str = "#1B1B1B"
    label: str = ""
    text: str = ""
    alive: bool = True
    seat: int = -1


@dataclass(frozen=True)
class Target:
    """A space a click acts on now: the ``actions`` it applies (in order), a short ``label``
    written on it (a cost, "+"), a highlight ``colour`` and a ``text`` for the hover."""

    space: int
    actions: tuple[str, ...]
    label: str = ""
    colour: str = ""
    text: str = ""


@dataclass(frozen=True)
class BoardView:
    """A board to draw: its ``spaces`` (positions rarely change), ``pieces`` and ``targets``
    (every refresh), lines joining spaces (``links``: index pairs, e.g. a track's path), a
    ``caption`` under it and a ``legend`` (pairs of symbol and meaning)."""

    spaces: tuple[Space, ...]
    pieces: tuple[Piece, ...] = ()
    targets: tuple[Target, ...] = ()
    links: tuple[tuple[int, int], ...] = ()
    caption: str = ""
    legend: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Click:
    """What a click on a space asks for: ``actions`` to apply (in order), or a ``refusal``
    ``(rule, reason)``, or just a ``message`` (e.g. "Longboat 1 selected")."""

    actions: tuple[str, ...] = ()
    refusal: tuple[str, str] | None = None
    message: str = ""


@dataclass(frozen=True)
class LogEntry:
    """One applied action for the event log: its ``ply`` (or None), ``who`` played it ("" for
    a person, "random bot" ...), the ``seat`` that decided (-1 chance) and its ``events``."""

    ply: Any
    who: str
    seat: int
    events: tuple[Any, ...]


def _name(names: Sequence[str] | None, seat: int) -> str:
    return str(names[seat]) if names and 0 <= seat < len(names) and names[seat] else f"Player {seat + 1}"


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


# =============================================================================== the protocol
class GameView:
    """The view of one game for a play table; one instance serves every state of it.

    Subclass it in the game's package (``windward_nb/<game>/view.py``, ``VIEW =
    XView()``) and override what the game can say better than the defaults.
    """

    #: the game's name on the table ("Dice Race")
    title = "Game"
    #: what the scores are called ("notoriety", "spaces")
    score_name = "score"
    #: short decisions (at most this many legal actions) get one button per action
    quick_limit = 12
    #: event kinds that move pieces (the table redraws the board while bots play);
    #: ``None``: any event
    moving_events: frozenset[str] | None = None
    #: bots a seat can be given (name -> Bot class or factory); ``None``: the ``bots`` its game registers
    bots: Mapping[str, Any] | None = None

    # --------------------------------------------------------------- rules and seats
    def rules(self, state: Any) -> Any:
        """The game's rules object (``type(state).rules`` for a core game)."""
        return type(state).rules

    def players(self, state: Any) -> int:
        return int(self.rules(state).players(state))

    def decider(self, state: Any) -> int:
        """The seat that decides, ``CHANCE`` (-1) or ``TERMINAL`` (-4)."""
        return int(self.rules(state).decider(state))

    def is_over(self, state: Any) -> bool:
        return self.decider(state) == TERMINAL

    def seat_names(self, state: Any, names: Sequence[str] | None = None) -> list[str]:
        """One name per seat ("Player 1" ... unless ``names`` gives others)."""
        return [_name(names, i) for i in range(self.players(state))]

    def seat_colours(self, state: Any) -> list[str]:
        """One drawing colour per seat."""
        return [SEAT_COLOURS[i % len(SEAT_COLOURS)] for i in range(self.players(state))]

    def turn_key(self, state: Any) -> Any:
        """What changes when a turn passes (bots pause between turns): by default the decider."""
        return self.decider(state)

    # --------------------------------------------------------------- actions
    def parse(self, state: Any, action: Any) -> Any:
        """The game's action from its text (or the action itself), raising the game's error."""
        return self.rules(state).parse(action)

    def error(self, rule: str, reason: str) -> Exception:
        """The exception the table raises when it refuses something itself."""
        return IllegalActionError(rule, reason)

    def legal(self, state: Any) -> list[Any]:
        return list(self.rules(state).legal_actions(state)) if self.decider(state) >= 0 else []

    def why_illegal(self, state: Any, action: Any) -> tuple[str, str] | None:
        return self.rules(state).why_illegal(state, action)

    def describe(self, state: Any, action: Any) -> str:
        """A sentence for ``action`` (the rules' ``describe``)."""
        rules = self.rules(state)
        try:
            return str(rules.describe(state, rules.parse(action)))
        except (ValueError, TypeError, KeyError, IndexError):
            return str(action)

    def explain(self, state: Any, seat: int, action: Any) -> str:
        """Why ``seat`` might play ``action`` here, in one line (the reason of a coach's hint,
        :mod:`~windward_nb.core.hint`). ``state`` is the seat's own view of the position (a
        determinization), so a reason cannot give a secret away. By default the action's
        sentence (:meth:`describe`); games add what matters (odds, what it is worth)."""
        return self.describe(state, action)

    def danger(self, state: Any, action: Any) -> str | None:
        """Why ``action`` deserves a second click (loses a piece, ends the game badly...), or None."""
        return None

    def public_action(self, state: Any, action: Any) -> str:
        """How ``action`` (about to be played by whoever decides in ``state``) is shown to the
        whole table, in the bot log and in a replay's narration: by default its words and its text. A game with secret
        choices (a sealed bid, a card played face down) says only what everyone may see."""
        return f"{self.describe(state, action)} [{action}]"

    def action_rows(self, state: Any) -> list[ActionRow]:
        """Every legal action of whoever decides, in the rules' order, with words and dangers."""
        return [ActionRow(str(a), self.describe(state, a), self.danger(state, a)) for a in self.legal(state)]

    def quick(self, state: Any, rows: Sequence[ActionRow]) -> bool:
        """Whether the table gives each of ``rows`` its own button (short decisions)."""
        return 0 < len(rows) <= self.quick_limit

    def turn_buttons(self, state: Any) -> list[TurnButton]:
        """Buttons for the common acts of a turn (none by default)."""
        return []

    # --------------------------------------------------------------- words
    def coach(self, state: Any, names: Sequence[str] | None = None) -> Coach:
        """The "What now?" line for whoever decides."""
        who = self.decider(state)
        if who == TERMINAL:
            text = self.rules(state).outcome_text(state) or "The game is over."
            return Coach(-1, "over", text if text.startswith("The game") else f"The game is over. {text}")
        if who == CHANCE:
            return Coach(-1, "chance", "Chance decides.")
        n = len(self.legal(state))
        return Coach(who, "choose", f"{_name(names, who)}, choose one of {_plural(n, 'action')}.")

    def read_typed(self, state: Any, text: str) -> Typed:
        """Read an action a person typed; never raises for their mistakes."""
        raw = str(text).strip()
        legal = [str(a) for a in self.legal(state)]
        rules = self.rules(state)
        if not raw:
            return Typed(raw, message="Type an action, e.g. " + (legal[0] if legal else "an action") + ".")
        try:
            a = rules.parse(raw)
        except (ValueError, TypeError, KeyError, IndexError):
            near = tuple(rules.action_type.grammar.suggest(raw, legal, 4)) if legal else ()
            msg = f"'{raw}' is not an action."
            if near:
                msg += " Did you mean: " + ", ".join(near) + "?"
            elif legal:
                msg += " Pick one from the list of legal actions."
            return Typed(raw, message=msg, suggestions=near)
        if self.decider(state) < 0:
            return Typed(raw, message="Nobody can act now: " + self.coach(state).text)
        try:
            refusal = self.why_illegal(state, a)
        except Exception:  # noqa: BLE001 - an argument the rules cannot even judge
            refusal = ("Actions", f"'{a}' is not possible now")
        if refusal is None:
            return Typed(raw, action=a)
        near = tuple(x for x in rules.action_type.grammar.suggest(str(a), legal, 4) if x != str(a))
        msg = f"{refusal[1][:1].upper()}{refusal[1][1:]} [{refusal[0]}]."
        if near:
            msg += " Did you mean: " + ", ".join(near) + "?"
        return Typed(raw, message=msg, suggestions=near)

    def status(self, state: Any) -> str:
        """The table's title line (plain text): the game and where it stands."""
        return self.title

    def scores(self, state: Any) -> list[float]:
        return list(self.rules(state).scores(state))

    def outcome(self, state: Any) -> str:
        """How the game ended ('' while it goes on)."""
        return self.rules(state).outcome_text(state) if self.is_over(state) else ""

    def text_summary(self, state: Any, names: Sequence[str] | None = None) -> str:
        """The position in plain text (screen readers, printing)."""
        seats = self.seat_names(state, names)
        lines = [f"{self.status(state)}.", f"Now: {self.coach(state, names).text}",
                 f"{self.score_name.capitalize()}: " + ", ".join(f"{n} {v:g}" for n, v in
                                                             zip(seats, self.scores(state))) + "."]
        b = self.board(state)
        if b is not None and b.pieces:
            lines.append("Pieces: " + "; ".join(
                f"{p.text or p.kind} on {b.spaces[p.space].text or b.spaces[p.space].label or p.space}"
                for p in b.pieces) + ".")
        return "\n".join(lines)

    # --------------------------------------------------------------- what happened
    def event_groups(self, entries: Iterable[LogEntry], names: Sequence[str] | None = None) -> list[dict[str, Any]]:
        """The event log grouped by turn, newest turn first, oldest line first within a turn:
        ``[{"title": ..., "lines": [...]}]``. By default a turn is a run of one seat's actions."""
        groups: list[dict[str, Any]] = []
        for e in entries:
            texts = [str(getattr(ev, "text", ev)) for ev in e.events]
            if not texts:
                continue
            seat = e.seat
            if not groups or (seat >= 0 and groups[-1]["seat"] != seat):
                title = "Setup" if e.ply in (None, "", 0) else (_name(names, seat) if seat >= 0 else "Chance")
                groups.append({"title": title, "seat": seat, "lines": []})
            head = f"{e.ply}. " if e.ply not in (None, "") else ""
            tail = f" ({e.who})" if e.who else ""
            groups[-1]["lines"].append(head + " ".join(texts) + tail)
        return groups[::-1]

    def summary_since(self, events: Sequence[Any], seat: int, names: Sequence[str] | None = None) -> str:
        """What happened while ``seat`` waited (``events`` played since their last action)."""
        texts = [t if t.endswith((".", "!", "?")) else t + "." for e in events
                 if (t := str(getattr(e, "text", e)).strip())]
        if not texts:
            return "While you waited: nothing happened."
        more = f" (and {len(texts) - 6} more)" if len(texts) > 6 else ""
        return "While you waited: " + " ".join(texts[-6:]) + more

    def board_changed(self, events: Sequence[Any]) -> bool:
        """Whether ``events`` moved something on the board (redraw it while bots play)."""
        if self.moving_events is None:
            return bool(events)
        return any(getattr(e, "kind", "") in self.moving_events for e in events)

    # --------------------------------------------------------------- the board
    def board(self, state: Any) -> BoardView | None:
        """The board to draw, or ``None`` for a game shown by its panels only."""
        return None

    def click(self, state: Any, space: int) -> Click:
        """What a click on ``space`` asks for (by default: the target there)."""
        b = self.board(state)
        if b is None:
            return Click(refusal=("Board", "this game has no board to click"))
        for t in b.targets:
            if t.space == space:
                return Click(actions=t.actions)
        where = b.spaces[space].text or b.spaces[space].label or f"space {space}" if 0 <= space < len(b.spaces) \
            else f"space {space}"
        who = self.decider(state)
        if who < 0:
            return Click(refusal=("Order of play", "nobody can act now: " + self.coach(state).text))
        return Click(refusal=("Board", f"nothing to do on {where} now: {self.coach(state).text}"))

    # --------------------------------------------------------------- bots and records
    def bot_table(self, state: Any) -> Mapping[str, Any]:
        """Bot names a seat can be given -> Bot classes (the ``bots`` its game registers)."""
        if self.bots is not None:
            return self.bots
        table: Mapping[str, Any] | None = registry.part_of(state, "bots", None)
        return table if table is not None else {"random": RandomBot}

    def make_bot(self, state: Any, spec: Any, seed: int | None = None) -> Any:
        """A bot for a seat from a name in :meth:`bot_table`, a class, a factory or a bot."""
        return make_bot(spec, seed, self.bot_table(state))

    def bot_act(self, bot: Any, state: Any) -> Any:
        """The action ``bot`` plays in ``state``."""
        return bot.act(state)

    def record_suffix(self, record: Any) -> str:
        """The file suffix of ``record``'s format (".drr.json")."""
        return str(getattr(type(record), "SUFFIX", ".json"))

    def replay_cursor(self, record: Any) -> Any:
        """A replay cursor over ``record`` (``record.cursor()`` for a core record)."""
        return record.cursor()

    def score_series(self, cursor: Any) -> Any:
        """Scores after every ply, shape (plies + 1, seats)."""
        return cursor.scores()


def view_for(game: Any, default: GameView | None = None) -> GameView:
    """The :class:`GameView` of ``game`` (a driver or a state): ``game.view`` if set, else the
    ``view`` its game registers (:mod:`~windward_nb.core.registry`), else ``default`` (or a plain
    :class:`GameView`)."""
    own = getattr(game, "view", None)
    if isinstance(own, GameView):
        return own
    found = registry.part_of(game, "view", None)
    if isinstance(found, GameView):
        return found
    return default if default is not None else GameView()

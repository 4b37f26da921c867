"""Walk through a recorded game of any game of the family: jump, step, read what happened.

A :class:`Replay` keeps a copy of the position every ``every`` plies (a
*checkpoint*). Jumping to ply ``k`` starts from the nearest checkpoint at or
before ``k`` and applies fewer than ``every`` actions, so moving around a long
game costs the same wherever you go. Every action is checked against the
rules the first time it is replayed; an illegal one raises
:class:`~windward_nb.core.errors.RecordError` naming the ply.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from typing import Any
from collections.abc import Callable, Iterator

import numpy as np

from . import registry
from .actions import Action
from .errors import PlyError
from .events import Event
from .html import text_escape as escape
from .record import GameRecord, apply_recorded
from .rules import CHANCE


@dataclass(frozen=True)
class Ply:
    """One ply of a replay: the action, who took it, what it caused, and any comment."""

    ply: int
    action: Action
    actor: int  # seat, or CHANCE (-1)
    round: int
    events: tuple[Event, ...]
    comment: str | None

    @property
    def texts(self) -> list[str]:
        return [e.text for e in self.events]


class Replay:
    """A cursor over a :class:`~windward_nb.core.record.GameRecord`.

    ``state`` is the position after ``ply`` actions (ply 0 = the start). Treat
    it as read-only; :meth:`game` gives a playable copy.
    """

    def __init__(self, record: GameRecord, every: int = 64):
        if isinstance(every, bool) or not isinstance(every, int) or every < 1:
            raise ValueError(f"every must be a positive whole number, got {every!r}")
        self.record = record
        self.every = every
        start, events = record._start()
        self.rules = type(start).rules
        self._start_events = tuple(events)
        self._checkpoints: dict[int, Any] = {0: start.clone()}
        self._state = start
        self._ply = 0
        self._parsed: list[Action | None] = [None] * len(record.actions)
        self._verified = 0  # plies 1..verified are known to be legal
        self._events: dict[int, tuple[Event, ...]] = {}
        self._actors: dict[int, int] = {}
        self._series: dict[str, np.ndarray] = {}
        self.applied = 0  # actions applied so far, in total (to measure what jumps cost)

    # ------------------------------------------------------------------ basics
    def __len__(self) -> int:
        return len(self.record.actions)

    def __repr__(self) -> str:
        return f"<Replay ply {self._ply}/{len(self)} checkpoints {len(self._checkpoints)} every {self.every}>"

    @property
    def ply(self) -> int:
        return self._ply

    # ------------------------------------------------------------------ displays
    def svg(self, ply: int | None = None) -> str:
        """The board at ply ``ply`` (default: the current one) as an SVG picture; the cursor stays."""
        if ply is None:
            return str(registry.display(self._state, "svg"))
        here = self._ply
        try:
            return str(registry.display(self.seek(ply)._state, "svg"))
        finally:
            self.seek(here)

    def caption(self) -> str:
        """One line for the current ply: its number, who did what (sealed choices stay sealed)."""
        if self._ply == 0:
            return f"ply 0 of {len(self)}: the start of the game"
        here = self._ply
        before = self.seek(here - 1)._state.clone()
        self.seek(here)
        view = registry.display(before, "view")
        try:
            said = view.public_action(before, self.action(here))
        except Exception:  # noqa: BLE001 - a caption never stops a display
            said = str(self.action(here))
        seat = self.actor(here)
        names = self.record.names() if hasattr(self.record, "names") else []
        who = "chance" if seat == CHANCE else (names[seat] if 0 <= seat < len(names) else f"seat {seat}")
        if said.lower().startswith(who.lower()):
            return f"ply {here} of {len(self)}: {said}"
        return f"ply {here} of {len(self)}: {who}: {said}"

    def _repr_svg_(self) -> str:
        return self.svg()

    def _repr_html_(self) -> str:
        """The board at the current ply with a caption (what a notebook shows)."""
        named = naming(self.record.names()) if hasattr(self.record, "names") else str
        texts = [named(t) for t in self.texts() if t][:6]
        events = "".join(f"<li>{escape(t)}</li>" for t in texts)
        return (f'<div class="wwnb-replay"><div style="font-size:13px;font-weight:bold">{escape(self.caption())}'
                f"</div>" + (f'<ul style="font-size:12px;margin:2px 0">{events}</ul>' if events else "")
                + f"{self.svg()}</div>")

    @property
    def state(self) -> Any:
        """The position at the current ply (do not mutate; see :meth:`game`)."""
        return self._state

    @property
    def checkpoints(self) -> list[int]:
        return sorted(self._checkpoints)

    def action(self, ply: int | None = None) -> Action:
        """The action of ply ``ply`` (1-based; default: the one that led to the current ply)."""
        ply = self._ply if ply is None else ply
        self._check_ply(ply, low=1)
        a = self._parsed[ply - 1]
        if a is None:
            a = self._parsed[ply - 1] = self.record.parse_action(self.record.actions[ply - 1], ply)
        return a

    def comment(self, ply: int | None = None) -> str | None:
        return self.record.comments.get(self._ply if ply is None else ply)

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` could see at the current ply (sealed choices stay sealed)."""
        from .game import check_seat

        return self.rules.observation(self._state, check_seat(seat, self.rules.players(self._state)))

    # ------------------------------------------------------------------ moving
    def seek(self, ply: int) -> Replay:
        """Jump to ply ``ply`` (0 to ``len(self)``; negative counts from the end)."""
        if isinstance(ply, int) and not isinstance(ply, bool) and ply < 0:
            ply += len(self) + 1
        self._check_ply(ply)
        if ply == self._ply:
            return self
        base = max(k for k in self._checkpoints if k <= ply)
        if not (base <= self._ply < ply):  # continuing from where we are is at least as short
            self._state = self._checkpoints[base].clone()
            self._ply = base
        while self._ply < ply:
            self._step()
        return self

    goto = seek

    def forward(self, n: int = 1) -> Replay:
        """``n`` plies on (at most to the end)."""
        return self.seek(min(len(self), self._ply + _steps(n)))

    def back(self, n: int = 1) -> Replay:
        """``n`` plies back (at most to the start)."""
        return self.seek(max(0, self._ply - _steps(n)))

    def to_start(self) -> Replay:
        return self.seek(0)

    def to_end(self) -> Replay:
        return self.seek(len(self))

    def _check_ply(self, ply: Any, low: int = 0) -> None:
        if not isinstance(ply, int) or isinstance(ply, bool) or not low <= ply <= len(self):
            raise PlyError(f"ply must be {low}-{len(self)}, got {ply!r:.40}")

    def _step(self) -> None:
        nxt = self._ply + 1
        a = self.action(nxt)
        if nxt not in self._actors:
            self._actors[nxt] = self.rules.decider(self._state)
        ev = apply_recorded(self.rules, self._state, a, nxt, self.record.actions[nxt - 1],
                            check=nxt > self._verified)
        self.applied += 1
        self._verified = max(self._verified, nxt)
        self._ply = nxt
        if len(self._events) > 4096:
            self._events.clear()
        self._events[nxt] = tuple(ev)
        if nxt % self.every == 0 and nxt not in self._checkpoints:
            self._checkpoints[nxt] = self._state.clone()

    def scan(self) -> Replay:
        """Replay the whole record once: checks every ply and makes every checkpoint."""
        here = self._ply
        self.to_end()
        self.seek(here)
        return self

    # ------------------------------------------------------------------ reading
    def events(self, ply: int | None = None) -> list[Event]:
        """What the action of ply ``ply`` caused (default: the current ply; ply 0: the setup)."""
        ply = self._ply if ply is None else ply
        self._check_ply(ply)
        if ply == 0:
            return list(self._start_events)
        if ply not in self._events:
            here = self._ply
            self.seek(ply - 1)
            self._step()
            self.seek(here)
        return list(self._events[ply])

    def texts(self, ply: int | None = None) -> list[str]:
        return [e.text for e in self.events(ply)]

    def actor(self, ply: int | None = None) -> int:
        """Who took the action of ply ``ply``: a seat, or ``CHANCE`` (-1)."""
        ply = self._ply if ply is None else ply
        self._check_ply(ply, low=1)
        if ply not in self._actors:
            here = self._ply
            self.seek(ply - 1)
            self._actors[ply] = self.rules.decider(self._state)
            self.seek(here)
        return self._actors[ply]

    def info(self, ply: int | None = None) -> Ply:
        ply = self._ply if ply is None else ply
        self._check_ply(ply, low=1)
        events = tuple(self.events(ply))
        actor = self.actor(ply)
        here = self._ply
        self.seek(ply)
        rnd = int(getattr(self._state, "round", 0))
        self.seek(here)
        return Ply(ply, self.action(ply), actor, rnd, events, self.comment(ply))

    def plies(self, start: int = 1, stop: int | None = None) -> Iterator[Ply]:
        """Iterate over plies ``start``..``stop`` (inclusive), replaying forward once."""
        stop = len(self) if stop is None else stop
        if isinstance(start, bool) or not isinstance(start, int) or not 1 <= start <= len(self) + 1:
            raise PlyError(f"start must be a ply 1-{len(self) + 1}, got {start!r:.40}")
        self._check_ply(stop)
        if start > stop:
            return
        self.seek(start - 1)
        for k in range(start, stop + 1):
            actor = self.rules.decider(self._state)
            self._actors.setdefault(k, actor)
            self._step()
            yield Ply(k, self.action(k), actor, int(getattr(self._state, "round", 0)), self._events[k],
                      self.comment(k))

    def series(self, fn: Callable[[Any], Any], name: str | None = None) -> np.ndarray:
        """``fn(state)`` after every ply, as an array of ``len + 1`` rows (cached under ``name``)."""
        if name is not None and name in self._series:
            return self._series[name].copy()
        here = self._ply
        self.seek(0)
        rows = [fn(self._state)]
        for _ in range(len(self)):
            self._step()
            rows.append(fn(self._state))
        self.seek(here)
        arr = np.array(rows)
        if name is not None:
            self._series[name] = arr
        return arr.copy()

    def scores(self) -> np.ndarray:
        """Every seat's score after every ply: shape ``(len + 1, players)``."""
        return self.series(lambda s: self.rules.scores(s), "scores")

    def find(self, kind: str) -> list[int]:
        """Plies whose events include an event of this kind."""
        if not isinstance(kind, str):
            raise TypeError(f"kind must be an event's kind (text), got {type(kind).__name__}")
        return [p.ply for p in self.plies() if any(e.kind == kind for e in p.events)]

    def state_at(self, ply: int) -> Any:
        """A copy of the position at ply ``ply`` (the cursor does not move)."""
        here = self._ply
        out = self.seek(ply)._state.clone()
        self.seek(here)
        return out

    def game(self):
        """A playable Game from the current ply (the record is cut there)."""
        rec = self.record.copy()
        rec.actions = rec.actions[: self._ply]
        rec.comments = {k: v for k, v in rec.comments.items() if k <= self._ply}
        return rec.game_class()(self._state.clone(), rec, seed=rec.game_seed(), auto_chance=False)


# =============================================================================== score sheet
_SEAT = re.compile(r"\b([Pp])layer (\d)\b")


def naming(names: list[str]) -> Callable[[str], str]:
    """A function that puts the players' names in place of "Player N" in a text."""
    def sub(text: str) -> str:
        return _SEAT.sub(lambda m: names[int(m.group(2)) - 1] if 0 < int(m.group(2)) <= len(names) else m.group(0),
                         text)
    return sub


def _steps(n: Any) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise ValueError(f"n must be a whole number of plies, 0 or more, got {n!r:.40}")
    return int(n)


MIN_WIDTH, MAX_WIDTH = 20, 10_000  #: the columns a score sheet may be wrapped at


def check_width(width: Any) -> int:
    """``width`` if it is a whole number of columns a score sheet can be wrapped at, else a ValueError.

    >>> check_width(float("nan"))
    Traceback (most recent call last):
    ...
    ValueError: width must be a whole number of columns from 20 to 10000, got nan
    """
    if isinstance(width, bool) or not isinstance(width, (int, np.integer)) or not MIN_WIDTH <= width <= MAX_WIDTH:
        raise ValueError(f"width must be a whole number of columns from {MIN_WIDTH} to {MAX_WIDTH}, "
                         f"got {width!r:.40}")
    return int(width)


def score_sheet(record: GameRecord, width: int = 100) -> str:
    """The whole game as text: a header, then every ply with what it caused, grouped by turn label."""
    width = check_width(width)
    r = Replay(record)
    rules = r.rules
    names = record.names()
    named = naming(names)
    opts = ", ".join(f"{k} {v}" for k, v in record.options.items() if k != "players")
    out = [f"{(record.TITLE or record.GAME).upper()} - {len(names)} players" + (f", {opts}" if opts else ""),
           "Seats: " + "   ".join(
               f"{i + 1}. {p['name']} ({p.get('bot', 'bot') + ' bot' if p['kind'] == 'bot' else 'human'})"
               for i, p in enumerate(record.players))]
    if record.seed is not None:
        out.append(f"Seed: {record.seed}")
    if 0 in record.comments:
        out.append(f"  # {record.comments[0]}")
    wrap = textwrap.TextWrapper(width=width, initial_indent="    ", subsequent_indent="      ")
    com = textwrap.TextWrapper(width=width, initial_indent="      # ", subsequent_indent="        ")
    label_of = getattr(rules, "turn_label", None)
    label = None
    for p in r.plies():
        if label_of is not None:
            here = r.ply
            r.seek(p.ply - 1)
            new = label_of(r.state)
            r.seek(here)
            if new != label:
                label = new
                out.append("")
                out.append(named(new))
        who = "chance" if p.actor == CHANCE else names[p.actor] if 0 <= p.actor < len(names) else f"seat {p.actor}"
        text = f"{p.ply}. {who}: {p.action}"
        if p.events:
            text += " - " + " ".join(named(e.text) for e in p.events)
        out.append(wrap.fill(text))
        if p.comment:
            out.append(com.fill(p.comment))
    final = r.state
    out.append("")
    scores = ", ".join(f"{names[i]} {x}" for i, x in enumerate(rules.scores(final)))
    if rules.is_over(final):
        out.append(f"Final scores: {scores}. {named(rules.outcome_text(final))}".rstrip())
    else:
        out.append(f"Scores after ply {len(r)} (the game is not finished): {scores}.")
    return "\n".join(out) + "\n"

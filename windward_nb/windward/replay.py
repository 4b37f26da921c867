"""Walk through a recorded game: jump to any ply, step forward and back, read what happened.

A :class:`Replay` keeps a clone of the position every ``every`` plies (a
*checkpoint*). Jumping to ply ``k`` starts from the nearest checkpoint at or
before ``k`` and applies fewer than ``every`` actions, so moving around a long
game costs the same wherever you go. Checkpoints are made the first time the
cursor passes them; :meth:`Replay.scan` makes them all in one pass (it also
fills the notoriety-over-time table).

>>> import windward_nb as ww
>>> from windward_nb.simulate import play_game
>>> rec = play_game(players=2, bots="random", seed=5, max_actions=300, record=True).record
>>> r = rec.cursor(every=32)
>>> _ = r.seek(120)
>>> r.ply, r.state.fingerprint() == rec.replay(upto=120).state.fingerprint()
(120, True)
>>> _ = r.back(); r.ply
119
>>> r.notoriety().shape == (len(rec) + 1, 2)
True

Events are the engine's own, in plain words:

>>> g = ww.scenario(players=2, wind=3, ships=[{"pos": "0,-3"}, {"pos": "port"}])
>>> _ = g.apply("move N")
>>> g.record.cursor().texts(1)
['Player 1 sails N to 0,-4.']
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator

import numpy as np

from .actions import Action
from .components import Components
from .engine import CHANCE, decider
from .events import Event
from .record import GameRecord, apply_action, parse_action
from .state import GameState

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

__all__ = ["Ply", "Replay", "annotate", "score_sheet"]


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
    """A cursor over a :class:`~windward_nb.record.GameRecord`.

    ``state`` is the position after ``ply`` actions (ply 0 = the start).
    Treat it as read-only; :meth:`game` gives a playable copy. Every action is
    checked against the rules the first time it is replayed; an illegal one
    raises :class:`~windward_nb.errors.RecordError` naming the ply.
    """

    def __init__(self, record: GameRecord, every: int = 64, components: Components | None = None):
        if not isinstance(every, int) or every < 1:
            raise ValueError(f"every must be a positive whole number, got {every!r}")
        self.record = record
        self.every = every
        self.components = record.check_components(components)
        start, events = record.start_state(self.components)
        self._start_events = tuple(events)
        self._checkpoints: dict[int, GameState] = {0: start.clone()}
        self._state = start
        self._ply = 0
        self._parsed: list[Action | None] = [None] * len(record.actions)
        self._verified = 0  # plies 1..verified are known to be legal
        self._events: dict[int, tuple[Event, ...]] = {}
        self._actors: dict[int, int] = {}
        self._notoriety: np.ndarray | None = None
        self._rounds: np.ndarray | None = None
        self.applied = 0  # actions applied so far, in total (to measure the work jumps cost)

    # ------------------------------------------------------------------ basics
    def __len__(self) -> int:
        """Number of plies in the record."""
        return len(self.record.actions)

    def __repr__(self) -> str:
        return (f"<Replay ply {self._ply}/{len(self)} round {self._state.round} "
                f"checkpoints {len(self._checkpoints)} every {self.every}>")

    @property
    def ply(self) -> int:
        return self._ply

    @property
    def state(self) -> GameState:
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
            a = self._parsed[ply - 1] = parse_action(self.record.actions[ply - 1], ply)
        return a

    def comment(self, ply: int | None = None) -> str | None:
        """The comment attached to ply ``ply`` (default: the current ply), if any."""
        return self.record.comments.get(self._ply if ply is None else ply)

    # ------------------------------------------------------------------ moving
    def seek(self, ply: int) -> "Replay":
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

    def forward(self, n: int = 1) -> "Replay":
        """Step ``n`` plies forward (stops at the end)."""
        return self.seek(min(len(self), self._ply + n))

    def back(self, n: int = 1) -> "Replay":
        """Step ``n`` plies back (stops at the start)."""
        return self.seek(max(0, self._ply - n))

    def to_start(self) -> "Replay":
        return self.seek(0)

    def to_end(self) -> "Replay":
        return self.seek(len(self))

    def _check_ply(self, ply, low: int = 0) -> None:
        if not isinstance(ply, int) or isinstance(ply, bool) or not low <= ply <= len(self):
            raise IndexError(f"ply must be {low}-{len(self)}, got {ply!r}")

    def _step(self) -> None:
        """Apply the next action to the current state (checking it the first time)."""
        nxt = self._ply + 1
        a = self.action(nxt)
        if nxt not in self._actors:
            self._actors[nxt] = decider(self._state)
        ev = apply_action(self._state, a, nxt, self.record.actions[nxt - 1], check=nxt > self._verified)
        self.applied += 1
        self._verified = max(self._verified, nxt)
        self._ply = nxt
        if len(self._events) > 4096:
            self._events.clear()
        self._events[nxt] = tuple(ev)
        if nxt % self.every == 0 and nxt not in self._checkpoints:
            self._checkpoints[nxt] = self._state.clone()

    def scan(self) -> "Replay":
        """Replay the whole record once: checks every ply, makes every checkpoint, fills
        :meth:`notoriety` and :meth:`rounds`. The cursor stays where it was."""
        if self._notoriety is not None:
            return self
        here = self._ply
        n = len(self)
        self.seek(0)
        players = self._state.players
        noto = np.zeros((n + 1, players), dtype=np.int16)
        rounds = np.zeros(n + 1, dtype=np.int32)
        noto[0] = [sh.notoriety for sh in self._state.ships]
        rounds[0] = self._state.round
        for k in range(1, n + 1):
            self._step()
            noto[k] = [sh.notoriety for sh in self._state.ships]
            rounds[k] = self._state.round
        self._notoriety, self._rounds = noto, rounds
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
        """The events of a ply in plain words."""
        return [e.text for e in self.events(ply)]

    def actor(self, ply: int | None = None) -> int:
        """Who took the action of ply ``ply``: a seat, or ``CHANCE`` (-1)."""
        ply = self._ply if ply is None else ply
        self._check_ply(ply, low=1)
        if ply not in self._actors:
            here = self._ply
            self.seek(ply - 1)
            self._actors[ply] = decider(self._state)
            self.seek(here)
        return self._actors[ply]

    def info(self, ply: int | None = None) -> Ply:
        """Everything about one ply."""
        ply = self._ply if ply is None else ply
        self._check_ply(ply, low=1)
        events = tuple(self.events(ply))
        actor = self.actor(ply)
        here = self._ply
        self.seek(ply)
        rnd = self._state.round
        self.seek(here)
        return Ply(ply, self.action(ply), actor, rnd, events, self.comment(ply))

    def plies(self, start: int = 1, stop: int | None = None) -> Iterator[Ply]:
        """Iterate over plies ``start``..``stop`` (inclusive), replaying forward once."""
        stop = len(self) if stop is None else stop
        if start > stop:
            return
        self.seek(start - 1)
        for k in range(start, stop + 1):
            actor = decider(self._state)
            self._actors.setdefault(k, actor)
            self._step()
            yield Ply(k, self.action(k), actor, self._state.round, self._events[k], self.comment(k))

    def notoriety(self) -> np.ndarray:
        """Notoriety of every seat after every ply: an int array of shape ``(len + 1, players)``."""
        self.scan()
        assert self._notoriety is not None
        return self._notoriety.copy()

    def rounds(self) -> np.ndarray:
        """The round number after every ply: an int array of shape ``(len + 1,)``."""
        self.scan()
        assert self._rounds is not None
        return self._rounds.copy()

    def find(self, kind: str) -> list[int]:
        """Plies whose events include an event of this kind (e.g. ``"ShipLost"``)."""
        return [p.ply for p in self.plies() if any(e.kind == kind for e in p.events)]

    def state_at(self, ply: int) -> GameState:
        """A copy of the position at ply ``ply`` (the cursor does not move)."""
        here = self._ply
        out = self.seek(ply)._state.clone()
        self.seek(here)
        return out

    def game(self) -> "Game":
        """A playable :class:`~windward_nb.game.Game` from the current ply (the record is cut there)."""
        from .game import Game

        rec = self.record.copy()
        rec.actions = rec.actions[: self._ply]
        rec.comments = {k: v for k, v in rec.comments.items() if k <= self._ply}
        seed = rec.seed or 0
        return Game(self._state.clone(), rec, seed=seed if rec.position is not None else seed + 1,
                    auto_chance=False)


# =============================================================================== score sheet
_SEAT = re.compile(r"\b([Pp])layer (\d)\b")
NOTABLE = ("BattleStarted", "DiceRolled", "BonusPlayed", "BattleCalledOff", "BattleEnded", "CresterDefeated",
           "CresterProcessed", "ShipLost", "MoraleChanged", "NotorietyGained", "Plundered", "CresterPlaced",
           "DeckShuffled", "GameOver", "CrewHired")


def _naming(names: list[str]):
    def sub(text: str) -> str:
        return _SEAT.sub(lambda m: names[int(m.group(2)) - 1] if 0 < int(m.group(2)) <= len(names) else m.group(0),
                         text)
    return sub


def _event_line(e: Event) -> str:
    if e.kind == "DiceRolled":
        dice = ",".join(str(x) for x in e.data.get("dice", ()))
        return f"{e.text[:-1]} ({dice or 'no dice'})."
    return e.text


def score_sheet(record: GameRecord, components: Components | None = None, width: int = 100) -> str:
    """The whole game as text: a header, then each turn's moves and what they caused."""
    r = Replay(record, components=components)
    names = record.names()
    named = _naming(names)
    o = record.options
    s0 = r.state
    out = [
        f"WINDWARD — {o['mode']}, {o['players']} players, {o['planet']} planet ({s0.planet}), edition {o['edition']}"
        + (f", variants: {', '.join(o['variants'])}" if o["variants"] else ""),
        f"Component set: {record.components['name']} ({record.components['hash']})",
        "Seats: " + "   ".join(
            f"{i + 1}. {p['name']} ({p['colour']}, {p.get('bot', 'bot') + ' bot' if p['kind'] == 'bot' else 'human'})"
            for i, p in enumerate(record.players)),
    ]
    if record.position is None:
        greys = ", ".join(str(t) for t in record.setup.get("greys", [])) or "none"
        out.append(f"Setup: {names[s0.first]} plays first; wind toward territory {s0.wind}; "
                   f"grey cresters in territories {greys}.")
    else:
        out.append(f"Setup: a built position, round {s0.round}, {names[s0.current]} to play, wind {s0.wind}.")
    if record.seed is not None:
        out.append(f"Seed: {record.seed}")
    if 0 in record.comments:
        out.append(f"  # {record.comments[0]}")
    wrap = textwrap.TextWrapper(width=width, initial_indent="    ", subsequent_indent="      ")
    note = textwrap.TextWrapper(width=width, initial_indent="      - ", subsequent_indent="        ")
    com = textwrap.TextWrapper(width=width, initial_indent="      # ", subsequent_indent="        ")

    moves: list[str] = []
    lines: list[str] = []
    seat = s0.current
    pending_round: int | None = None

    def flush() -> None:
        if moves or lines:
            out.append(wrap.fill(f"{names[seat]}: " + (", ".join(moves) if moves else "-")))
            out.extend(lines)
        moves.clear()
        lines.clear()

    out.append("")
    out.append(f"Round {s0.round} — wind {s0.wind}")
    for p in r.plies():
        if p.actor != CHANCE:
            moves.append(str(p.action) if p.actor == seat else f"[{names[p.actor]}: {p.action}]")
        size = len(out)
        for e in p.events:
            k = e.kind
            if k == "TurnEnded":
                if p.comment:  # a comment on the last action of a turn stays with that turn
                    lines.append(com.fill(p.comment))
                    size = -1
                flush()
            elif k == "TurnStarted":
                flush()
                seat = e.data.get("seat", seat)
            elif k == "RoundStarted":
                flush()
                pending_round = e.data.get("round")
            elif k == "WindChanged" and pending_round is not None and p.actor == CHANCE:
                out.append("")
                out.append(f"Round {pending_round} — wind {e.data.get('wind')}")
                pending_round = None
            elif k == "GameOver":
                flush()
                out.append("")
                out.append(named(e.text))
            elif k in NOTABLE or k == "WindChanged":
                lines.append(note.fill(named(_event_line(e))))
        if p.comment and size >= 0:
            lines.append(com.fill(p.comment))
    flush()
    final = r.state
    out.append("")
    scores = ", ".join(f"{names[i]} {sh.notoriety}" for i, sh in enumerate(final.ships))
    if final.over:
        out.append(f"Final notoriety: {scores}. {named(final.result)}")
    else:
        out.append(f"Notoriety after ply {len(r)} (the game is not finished): {scores}.")
    return "\n".join(out) + "\n"


# =============================================================================== key moments
_CAUSE = {"crester": "beaten by a crester", "ship": "beaten by another ship",
          "supplies": "no card to discard at rest, and no morale left"}

def annotate(record: GameRecord, components: Components | None = None, limit: int = 12,
             overwrite: bool = False) -> dict[int, str]:
    """Attach short comments to the key moments of a game (first crester kills, teeth cashed,
    ships lost, the end-game trigger, the result) and return them.

    Existing comments are kept unless ``overwrite``. At most ``limit`` comments are added.
    """
    r = Replay(record, components=components)
    names = record.names()
    named = _naming(names)
    goal = r.components.limits["notoriety_goal"]
    found: dict[int, str] = {}

    def note(ply: int, text: str) -> None:
        found[ply] = f"{found[ply]} {text}" if ply in found else text

    first_kill = {"grey": False, "red": False}
    triggered = False
    big_cash = 0
    for p in r.plies():
        st = r.state
        for e in p.events:
            d = e.data
            if e.kind == "CresterDefeated" and d.get("crester") in first_kill and not first_kill[d["crester"]]:
                first_kill[d["crester"]] = True
                who = d.get("seat", -1)
                note(p.ply, f"First {d['crester']} crester of the game falls to "
                            f"{names[who] if 0 <= who < len(names) else 'someone'}.")
            elif e.kind == "NotorietyGained" and d.get("source") == "teeth" and d.get("amount", 0) >= max(7, big_cash + 1):
                big_cash = d["amount"]
                note(p.ply, named(f"Big haul: {e.text}"))
            elif e.kind == "ShipLost":
                note(p.ply, named(f"{e.text[:-1]} ({_CAUSE.get(d.get('cause'), d.get('cause'))})."))
            elif e.kind == "Plundered":
                note(p.ply, named(e.text))
            elif e.kind == "GameOver":
                note(p.ply, named(e.text))
        if not triggered and any(sh.notoriety >= goal for sh in st.ships):
            triggered = True
            leader = max(range(st.players), key=lambda i: st.ships[i].notoriety)
            note(p.ply, f"{names[leader]} reaches {st.ships[leader].notoriety} notoriety: "
                        f"the end of the game is triggered, everyone else gets one last turn.")
    keep = sorted(found)
    if len(keep) > limit:  # keep the last moment (the result) and the earliest others
        keep = keep[: limit - 1] + keep[-1:]
    added = {}
    for k in keep:
        if overwrite or k not in record.comments:
            record.comments[k] = found[k]
            added[k] = found[k]
    return added

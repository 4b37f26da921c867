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

import textwrap

import numpy as np

from ..core.game import Game
from ..core.replay import Ply, check_width, naming
from ..core.replay import Replay as CoreReplay
from ..core.rules import CHANCE
from .components import Components
from .events import Event
from .record import Record
from .state import GameState

__all__ = ["Ply", "Replay", "annotate", "score_sheet"]


class Replay(CoreReplay):
    """A cursor over a Windward :class:`~windward_nb.windward.record.Record` (see the core's
    :class:`~windward_nb.core.replay.Replay`), with the notoriety and round of every ply.

    ``state`` is the position after ``ply`` actions (ply 0 = the start).
    Treat it as read-only; :meth:`game` gives a playable copy. Every action is
    checked against the rules the first time it is replayed; an illegal one
    raises :class:`~windward_nb.core.errors.RecordError` naming the ply.
    """

    record: Record
    _state: GameState

    def __init__(self, record: Record, every: int = 64, components: Components | None = None):
        if isinstance(every, bool) or not isinstance(every, int) or every < 1:
            raise ValueError(f"every must be a positive whole number, got {every!r}")
        with record.using(components):
            self.components = record.check_components(components)
            super().__init__(record, every)
        self._notoriety: np.ndarray | None = None
        self._rounds: np.ndarray | None = None

    def __repr__(self) -> str:
        return (f"<Replay ply {self._ply}/{len(self)} round {self._state.round} "
                f"checkpoints {len(self._checkpoints)} every {self.every}>")

    @property
    def state(self) -> GameState:
        """The position at the current ply (do not mutate; see :meth:`game`)."""
        return self._state

    def scan(self) -> Replay:
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

    def state_at(self, ply: int) -> GameState:
        state: GameState = super().state_at(ply)
        return state

    def game(self) -> Game:
        """A playable :class:`~windward_nb.windward.game.Game` from the current ply (the record is cut there)."""
        game: Game = super().game()
        return game


# =============================================================================== score sheet
NOTABLE = ("BattleStarted", "DiceRolled", "BonusPlayed", "BattleCalledOff", "BattleEnded", "CresterDefeated",
           "CresterProcessed", "ShipLost", "MoraleChanged", "NotorietyGained", "Plundered", "CresterPlaced",
           "DeckShuffled", "GameOver", "CrewHired")


def _event_line(e: Event) -> str:
    if e.kind == "DiceRolled":
        dice = ",".join(str(x) for x in e.data.get("dice", ()))
        return f"{e.text[:-1]} ({dice or 'no dice'})."
    return e.text


def score_sheet(record: Record, components: Components | None = None, width: int = 100) -> str:
    """The whole game as text: a header, then each turn's moves and what they caused."""
    width = check_width(width)
    r = Replay(record, components=components)
    names = record.names()
    named = naming(names)
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

def annotate(record: Record, components: Components | None = None, limit: int = 12,
             overwrite: bool = False) -> dict[int, str]:
    """Attach short comments to the key moments of a game (first crester kills, teeth cashed,
    ships lost, the end-game trigger, the result) and return them.

    Existing comments are kept unless ``overwrite``. At most ``limit`` comments are added.
    """
    r = Replay(record, components=components)
    names = record.names()
    named = naming(names)
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
                note(p.ply, named(f"{e.text[:-1]} ({_CAUSE.get(str(d.get('cause')), d.get('cause'))})."))
            elif e.kind == "Plundered" or e.kind == "GameOver":
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

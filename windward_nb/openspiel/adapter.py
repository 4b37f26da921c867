"""A game of the wind family as an OpenSpiel Python game (needs the ``openspiel`` extra).

The adapter knows no game: it asks the core's
:class:`~windward_nb.core.rules.Rules` protocol who decides, what is legal,
what chance can do, what each seat sees and who won, and numbers actions with
the game's :class:`~.table.ActionTable`. Use :func:`windward_nb.openspiel.load_game`
rather than this module directly.

How a state is kept: the rules' own state (``None`` while the table is being
set up), the draws made so far of the chance the game samples (setup, a
shuffle; see :mod:`.draws`), and the number of decisions. OpenSpiel clones a
Python state by deep-copying its attributes; these live in one
:class:`_Play` object whose copy clones the rules' state with its own fast
``clone()``.

What a seat may know: its observation (the rules' ``observation``), its
information state (everything it saw, in order), both as strings and as
feature-hashed tensors (:func:`features`), and
:meth:`WindState.resample_from_infostate`, a state that seat cannot tell from
this one, drawn with the rules' own ``determinize``: what OpenSpiel's
information-set MCTS needs to search fairly.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from typing import Any
from collections.abc import Callable

import numpy as np

from ..core.errors import IllegalActionError
from ..core.rules import CHANCE, TERMINAL
from . import require_pyspiel
from .draws import NotAnOutcome, run_with_draws
from .spec import Config, game_spec

pyspiel = require_pyspiel()
_Game: Any = pyspiel.Game  # base classes from the compiled module (typed Any for the checkers)
_State: Any = pyspiel.State

_SETUP_TEXT = "setting up the table"


class _Shared:
    """What every state of one game shares (never copied when a state is cloned)."""

    def __init__(self, config: Config):
        self.config = config

    def __deepcopy__(self, memo: dict) -> _Shared:
        return self

    def __reduce__(self) -> tuple:  # a serialized state names its game's parameters, not its whole table
        return (_shared_for, (self.config.short_name, tuple(sorted(self.config.params.items()))))


@lru_cache(maxsize=16)
def _shared_for(short_name: str, params: tuple) -> _Shared:
    return _Shared(game_spec(short_name).configure(dict(params)))


class _Play:
    """The mutable part of a state: the rules' state, pending draws, decisions made."""

    __slots__ = ("cut", "decisions", "draws", "recall", "setup_draws", "state")

    def __init__(self) -> None:
        self.state: Any = None  # the rules' state once set up
        self.setup_draws: list[int] = []  # draws of setup made so far
        self.draws: list[int] = []  # draws of a sampled chance outcome (a shuffle) made so far
        self.decisions = 0
        self.cut = False  # stopped at max_decisions before the game was over
        self.recall: dict[int, _Recall] = {}  # per seat, its information state so far (built when asked)

    def __deepcopy__(self, memo: dict) -> _Play:
        p = _Play()
        p.state = None if self.state is None else self.state.clone()
        p.setup_draws = list(self.setup_draws)
        p.draws = list(self.draws)
        p.decisions = self.decisions
        p.cut = self.cut
        p.recall = {seat: r.copy() for seat, r in self.recall.items()}
        return p


class _Recall:
    """One seat's information state, built by replaying the history from the start as far as asked."""

    __slots__ = ("last", "lines", "plies", "replay")

    def __init__(self, replay: _Play, plies: int, lines: list[str], last: str):
        self.replay = replay  # the game replayed up to ``plies`` (its own recall stays empty)
        self.plies = plies
        self.lines = lines
        self.last = last  # digest of the seat's last observation

    def copy(self) -> _Recall:
        return _Recall(self.replay.__deepcopy__({}), self.plies, list(self.lines), self.last)


# ====================================================================================== the rules, step by step
def _decider(cfg: Config, p: _Play) -> int:
    if p.cut:
        return TERMINAL
    if p.state is None:
        return CHANCE
    return cfg.rules.decider(p.state)


def _chance_outcomes(cfg: Config, p: _Play) -> list[tuple[int, float]]:
    table = cfg.table
    if p.state is None:
        _, need = run_with_draws(cfg.start, p.setup_draws)
        return [(table.draw_id(j), q) for j, q in need]
    listed = cfg.rules.chance_outcomes(p.state)
    if listed:
        return sorted((table.chance_id(a), q) for a, q in listed)
    rules, state = cfg.rules, p.state
    _, need = run_with_draws(lambda rng: rules.sample_chance(state, rng), p.draws)
    return [(table.draw_id(j), q) for j, q in need]


def _settle(cfg: Config, p: _Play) -> None:
    """Finish setup and sampled chance that need no (more) draws; stop at the decision bound."""
    if p.state is None:
        state, _ = run_with_draws(cfg.start, p.setup_draws)
        if state is None:
            return
        p.state, p.setup_draws = state, []
    rules = cfg.rules
    while rules.decider(p.state) == CHANCE and not rules.chance_outcomes(p.state):
        act, _ = run_with_draws(lambda rng: rules.sample_chance(p.state, rng), p.draws)
        if act is None:
            return
        p.draws = []
        rules.apply(p.state, act)


def _apply(cfg: Config, p: _Play, action: int) -> None:
    who = _decider(cfg, p)
    table = cfg.table
    if who == TERMINAL:
        raise IllegalActionError("End of the game", "the game is over")
    if who == CHANCE and (p.state is None or not cfg.rules.chance_outcomes(p.state)):
        if not table.is_draw(action):
            raise IllegalActionError("Chance", f"{action} is not a chance outcome here")
        draws = p.setup_draws if p.state is None else p.draws
        draws.append(table.draw_of(action))
        try:
            _settle(cfg, p)  # the game's own sampling code runs with the draws, and checks the new one
        except NotAnOutcome:
            draws.pop()
            raise IllegalActionError("Chance", f"{action} is not a chance outcome here") from None
        return
    act = table.chance_action(action) if who == CHANCE else table.player_action(action)
    refusal = cfg.rules.why_illegal(p.state, act)
    if refusal:
        raise IllegalActionError(*refusal)
    cfg.rules.apply(p.state, act)
    if who != CHANCE:
        p.decisions += 1
    _settle(cfg, p)
    if p.decisions >= cfg.max_decisions and p.state is not None and not cfg.rules.is_over(p.state):
        p.cut = True


def _observation(cfg: Config, p: _Play, seat: int) -> str:
    if p.state is None:
        return _SETUP_TEXT
    seen = (cfg.observe or cfg.rules.observation)(p.state, seat)
    return json.dumps(seen, sort_keys=True, separators=(",", ":"))


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def _action_text(cfg: Config, p: _Play, who: int, action: int) -> str:
    if who == CHANCE:
        text = cfg.table.chance_text(action)
        return f"setup {text}" if p.state is None and cfg.table.is_draw(action) else text
    return str(cfg.table.player_action(action))


# ====================================================================================== OpenSpiel classes
def game_type(short_name: str, title: str, parameters: dict[str, Any], min_players: int, max_players: int) -> Any:
    """The :class:`pyspiel.GameType` of a game of the family."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=f"{title} (windward_nb)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max_players,
        min_num_players=min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(parameters),
    )


def game_class(gtype: Any, configure: Callable[[dict[str, Any]], Config], defaults: dict[str, Any]) -> type:
    """A :class:`pyspiel.Game` subclass playing the games ``configure`` makes from parameters
    (``defaults`` fill in the ones not given, so a game prints and reloads the same way)."""

    class WindGame(_Game):
        def __init__(self, params: dict[str, Any] | None = None):
            given = {k: v for k, v in (params or {}).items()}
            config = configure(given)
            table = config.table
            info = pyspiel.GameInfo(
                num_distinct_actions=table.num_distinct_actions,
                max_chance_outcomes=table.max_chance_outcomes,
                num_players=config.players,
                min_utility=0.0,
                max_utility=1.0,
                utility_sum=None,
                max_game_length=config.max_decisions,
            )
            super().__init__(gtype, info, {**defaults, **given})
            self.config = config
            self._shared = _Shared(config)

        def new_initial_state(self) -> WindState:
            return WindState(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> WindObserver:
            return WindObserver(self.config, iig_obs_type, params)

    WindGame.__name__ = WindGame.__qualname__ = "".join(w.capitalize() for w in gtype.short_name.split("_")) + "Game"
    return WindGame


class WindState(_State):
    """One position of a game of the family, as OpenSpiel sees it."""

    def __init__(self, game: Any):
        super().__init__(game)
        self._shared = game._shared
        self._play = _Play()
        _settle(self._shared.config, self._play)

    # ------------------------------------------------------------------ the pyspiel API
    def current_player(self) -> int:
        return _decider(self._shared.config, self._play)

    def _legal_actions(self, player: int) -> list[int]:
        cfg, p = self._shared.config, self._play
        if player < 0 or _decider(cfg, p) != player:
            return []
        return sorted(cfg.table.player_id(a) for a in cfg.rules.legal_actions(p.state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        cfg, p = self._shared.config, self._play
        if _decider(cfg, p) != CHANCE:
            return []
        return _chance_outcomes(cfg, p)

    def _apply_action(self, action: int) -> None:
        _apply(self._shared.config, self._play, int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return _action_text(self._shared.config, self._play, player, int(action))

    def is_terminal(self) -> bool:
        return _decider(self._shared.config, self._play) == TERMINAL

    def returns(self) -> list[float]:
        cfg, p = self._shared.config, self._play
        if p.state is None or p.cut or not cfg.rules.is_over(p.state):
            return [0.0] * cfg.players
        return [float(x) for x in cfg.rules.returns(p.state)]

    def __str__(self) -> str:
        cfg, p = self._shared.config, self._play
        head = f"{cfg.title} " + " ".join(f"{k}={v}" for k, v in cfg.options.items() if v != "")
        if p.state is None:
            return f"{head}\n{_SETUP_TEXT}: {len(p.setup_draws)} draws made"
        rules, s = cfg.rules, p.state
        who = rules.decider(s)
        turn = getattr(rules, "turn_label", None)
        lines = [head]
        if turn is not None:
            lines.append(turn(s))
        lines.append("scores: " + ", ".join(f"{rules.seat_name(s, i)} {x}" for i, x in enumerate(rules.scores(s))))
        if p.cut:
            lines.append(f"stopped after {p.decisions} decisions: nobody wins")
        elif who == TERMINAL:
            lines.append(rules.outcome_text(s) or "the game is over")
        else:
            lines.append("next: " + ("chance" if who == CHANCE else rules.seat_name(s, who))
                         + (f" ({len(p.draws)} draws made)" if p.draws else ""))
        lines.append(f"position {s.fingerprint()}, {p.decisions} decisions")
        return "\n".join(lines)

    # ------------------------------------------------------------------ what a seat knows
    def observation_text(self, seat: int) -> str:
        """What ``seat`` sees now: the rules' observation as JSON (hidden parts removed)."""
        return _observation(self._shared.config, self._play, seat)

    def information_text(self, seat: int) -> str:
        """Everything ``seat`` has seen, in order: its information state (perfect recall).

        One line per ply: the seat's own actions, the other seats' actions as the
        table sees them, listed chance outcomes (dice, wind) in full, the draws of
        a shuffle or of setup as just "draw"; and after each ply where the seat's
        view changed, a short digest of that observation. The last line is the
        observation now. Built once per seat and extended as the game goes on.
        """
        cfg, p = self._shared.config, self._play
        rec = p.recall.get(seat)
        if rec is None:
            replay = _Play()
            _settle(cfg, replay)
            rec = p.recall[seat] = _Recall(replay, 0, [], _digest(_observation(cfg, replay, seat)))
        history = self.history()
        table = cfg.table
        for action in history[rec.plies:]:
            r = rec.replay
            who = _decider(cfg, r)
            if who == seat:
                text = _action_text(cfg, r, who, action)
            elif who == CHANCE and table.is_draw(action):
                text = "setup draw" if r.state is None else "draw"
            elif who == CHANCE:
                text = cfg.chance_text(r.state, table.chance_action(action), seat)
            else:
                text = f"seat {who}: " + cfg.public_text(r.state, table.player_action(action))
            _apply(cfg, r, action)
            now = _digest(_observation(cfg, r, seat))
            rec.plies += 1
            rec.lines.append(f"{rec.plies}. {text}" + (f" -> sees {now}" if now != rec.last else ""))
            rec.last = now
        return "\n".join(rec.lines + [self.observation_text(seat)])

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> WindState:
        """A state ``player_id`` cannot tell from this one: the same information state (string and
        tensor), with every part it cannot see drawn again by the rules' own ``determinize``.

        ``probability_sampler`` is OpenSpiel's sampler (a callable giving numbers in [0, 1)), a
        :class:`numpy.random.Generator`, a seed, or ``None``. What comes out depends on this state
        only through what ``player_id`` knows, so a search that starts from it cannot see the
        hidden cards. During setup, or in the middle of a shuffle drawn card by card, nothing is
        hidden from the seats yet that a redraw could change: a copy is returned.
        """
        cfg, p = self._shared.config, self._play
        new = self.clone()
        if p.state is None or p.draws or not 0 <= player_id < cfg.players:
            return new
        self.information_text(player_id)  # this seat's memory up to now
        rec = p.recall[player_id]
        world = (cfg.redraw or cfg.rules.determinize)(p.state, player_id, _generator(probability_sampler))
        q = new._play
        q.state = world
        plies = len(self.history())
        q.recall = {}
        for seat in range(cfg.players):
            if seat == player_id:
                lines = list(rec.lines)
            else:  # another seat's memory of the world drawn is not known: it starts here
                lines = [f"{plies}. (the table as {cfg.rules.seat_name(world, player_id)} imagines it)"]
            q.recall[seat] = _Recall(_replay_from(world, p), plies, lines,
                                     _digest(_observation(cfg, q, seat)))
        return new


def _replay_from(world: Any, p: _Play) -> _Play:
    r = _Play()
    r.state = world.clone()
    r.decisions = p.decisions
    return r


def _generator(sampler: Any) -> np.random.Generator:
    if isinstance(sampler, np.random.Generator):
        return sampler
    if sampler is None or isinstance(sampler, (int, np.integer)):
        return np.random.default_rng(sampler)
    if callable(sampler):  # OpenSpiel's probability sampler: numbers in [0, 1)
        return np.random.default_rng([int(float(sampler()) * 2**32) for _ in range(4)])
    raise TypeError(f"cannot draw with {sampler!r}: give a numpy Generator, a seed or OpenSpiel's sampler")


# ====================================================================================== tensors
OBSERVATION_SIZE = 1024  #: length of an observation tensor
HISTORY_SIZE = 1024  #: length of the history part of an information state tensor


@lru_cache(maxsize=65_536)
def _slot(key: str, size: int) -> int:
    return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big") % size


def features(value: Any, size: int = OBSERVATION_SIZE, out: np.ndarray | None = None, path: str = "") -> np.ndarray:
    """A fixed-length vector of a JSON value (an observation) by feature hashing: each number
    is added at the slot of its path (``ships[1]/gas``), each text, truth value or null counts 1
    at the slot of its path and value (``ships[0]/hand[2]=fuel``). Equal observations give equal
    vectors; different ones almost always differ (paths can share a slot).

    >>> v = features({"gas": 3, "hand": ["fuel"]}, 16)
    >>> float(v.sum()), v.shape
    (4.0, (16,))
    """
    vec = np.zeros(size, np.float32) if out is None else out
    if isinstance(value, dict):
        for k in sorted(value):
            features(value[k], size, vec, f"{path}/{k}")
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            features(v, size, vec, f"{path}[{i}]")
    elif isinstance(value, bool) or value is None or isinstance(value, str):
        vec[_slot(f"{path}={value}", size)] += 1.0
    else:
        vec[_slot(path, size)] += float(value)
    return vec


class WindObserver:
    """OpenSpiel's observer for one seat: the observation, or with perfect recall the information
    state, as a string and as a tensor.

    The observation tensor is :func:`features` of the rules' observation
    (:data:`OBSERVATION_SIZE` numbers). The information state tensor adds
    :data:`HISTORY_SIZE` numbers counting, by feature hashing, each line of the information
    state (an action as this seat saw it, a view that changed), so two seats or two histories
    that saw different things get different tensors. Both are built from the same text the
    strings show: nothing hidden from the seat goes in.
    """

    def __init__(self, config: Config, iig_obs_type: Any, params: Any):
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if kind.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not kind.public_info:
            raise ValueError("the wind games observe for one seat (public and that seat's private information)")
        self.perfect_recall = kind.perfect_recall
        size = OBSERVATION_SIZE + (HISTORY_SIZE if self.perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {"observation": self.tensor[:OBSERVATION_SIZE]}
        if self.perfect_recall:
            self.dict["history"] = self.tensor[OBSERVATION_SIZE:]

    def set_from(self, state: WindState, player: int) -> None:
        self.tensor.fill(0.0)
        features(json.loads(state.observation_text(player)) if state._play.state is not None else _SETUP_TEXT,
                 OBSERVATION_SIZE, self.dict["observation"])
        if self.perfect_recall:
            hist = self.dict["history"]
            for line in state.information_text(player).splitlines()[:-1]:
                hist[_slot(line.split(". ", 1)[-1], HISTORY_SIZE)] += 1.0

    def string_from(self, state: WindState, player: int) -> str:
        return state.information_text(player) if self.perfect_recall else state.observation_text(player)

"""What the rest will bring: the danger of ending the turn on a space, worked out by the rules.

Ending a turn at sky starts the rest (discard a supply card or lose a morale), then the red
cresters of the territory (in the Solo Adventure: all of them) and the White Crester move toward
the ship and attack it where they reach it. Crester movement is deterministic and battles are
dice, so the danger of resting on a space is an exact number. :func:`rest_forecast` finds it by
playing the rest out on a copy of the position through the engine itself:

* the turn is ended with the rules' own ``end turn``; every step after it (the rest, the
  cresters' moves by :mod:`windward_nb.windward.cresters`, the battles, the end of the turn) is
  the engine's, so the forecast follows whatever the rules do (a mode's speeds, stacking, routes);
* at each battle roll every total of the dice is tried with its exact chance (the battle
  depends on the total only; ``tests/test_battle_differential.py`` checks the battle figures
  against every single roll);
* the resting captain fires every cannon and plays cards and tokens as
  :func:`windward_nb.windward.odds.best_bonuses` says (the battle panel's assumption), never
  False Flag; at the rest it keeps its ship best (each way to rest is tried: a card of each kind,
  or the morale); any other choice the rules give the captain during the rest (for example the
  routes of the Solo Adventure's red cresters, where the player chooses) is taken at its best
  for the ship, and the forecast says so.

:func:`safer_spaces` looks for the cheapest spaces still in reach this turn where the rest is
safer; :func:`danger_text` puts it in words for the coach and the End-turn confirmation.

>>> import windward_nb as ww
>>> g = ww.scenario(players=2, wind=1, ships=[{"pos": "1,1", "morale": 1, "hand": ["deadweight"],
...                 "crew": ["Marine"], "cannons": 1}, {"pos": "port"}], reds=["2,2"])
>>> f = rest_forecast(g.state)
>>> [(a.kind, a.steps) for a in f.attackers], round(f.lose_battle, 4), round(f.lose_ship, 4), f.rest
([('red', 2)], 0.6499, 0.6499, 'rest discard deadweight')
>>> print(danger_text(g.state))
A red crester 2 spaces away (2,2) reaches you at the rest: you lose the battle and your ship 65% of the time. ...
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import engine, movement
from .actions import Action
from .battle import PLAYER_KINDS, hit_cards, totals
from .engine import CHANCE, decider
from .odds import best_bonuses
from .state import PORT, GameState

__all__ = ["Attacker", "RestForecast", "rest_forecast", "safer_spaces", "danger_text", "rest_words",
           "reaches_at_rest", "chance_words", "clear_cache"]

#: at most this many positions are played out for one forecast (a runaway guard; a rest needs far fewer)
MAX_NODES = 20_000


@dataclass(frozen=True)
class Attacker:
    """A piece that attacks the resting ship: ``kind`` (``"red"``, ``"white"``), the space it
    starts from, the spaces it moves, how many red cresters attack together, and the chance it
    attacks at all (an earlier battle may end the rest first)."""

    kind: str
    start: int
    steps: int
    count: int = 1
    chance: float = 1.0


@dataclass(frozen=True)
class RestForecast:
    """The danger of resting on ``hex`` (board index; ``PORT`` for the Trading Post) this turn.

    ``attackers``: every crester that reaches the ship, in the order they move; ``lose_battle``:
    the chance the ship loses a battle at this rest; ``lose_ship``: the chance it is lost (in a
    battle or by the rest itself); ``lose_game``: the chance the game is lost (the Solo
    Adventure, the Cooperative game's last life); ``rest``: the way to rest assumed (the one
    that keeps the ship best); ``chosen``: a choice of the captain's besides the rest (e.g. the
    red cresters' routes) was taken at its best for the ship.
    """

    seat: int
    hex: int
    attackers: tuple[Attacker, ...] = ()
    lose_battle: float = 0.0
    lose_ship: float = 0.0
    lose_game: float = 0.0
    rest: str = ""
    chosen: bool = False

    @property
    def safe(self) -> bool:
        """Nothing reaches the ship and the rest cannot lose it."""
        return not self.attackers and not self.lose_ship and not self.lose_game

    @property
    def key(self) -> tuple[float, float, float]:
        """Worse first when sorted in reverse: the game, then the ship, then a battle."""
        return (self.lose_game, self.lose_ship, self.lose_battle)


@dataclass
class _Tally:
    lose_battle: float = 0.0
    lose_ship: float = 0.0
    lose_game: float = 0.0
    attackers: dict[tuple, float] = field(default_factory=dict)
    chosen: bool = False

    def then(self, later: _Tally) -> None:
        """What happened on this step (each figure 0 or 1), then what may happen after it: a
        battle lost now stays lost, whatever comes later (the chance of at least one)."""
        self.lose_battle = self.lose_battle or later.lose_battle
        self.lose_ship = self.lose_ship or later.lose_ship
        self.lose_game = self.lose_game or later.lose_game
        for k, q in later.attackers.items():
            if k not in self.attackers:
                self.attackers[k] = q
        self.chosen = self.chosen or later.chosen

    def add(self, other: _Tally, p: float) -> None:
        self.lose_battle += p * other.lose_battle
        self.lose_ship += p * other.lose_ship
        self.lose_game += p * other.lose_game
        for k, q in other.attackers.items():
            self.attackers[k] = self.attackers.get(k, 0.0) + p * q
        self.chosen = self.chosen or other.chosen

    @property
    def key(self) -> tuple[float, float, float]:
        return (self.lose_game, self.lose_ship, self.lose_battle)


class _Budget(Exception):
    pass


def _events(ev: list[Any], seat: int, order: list[tuple]) -> tuple[_Tally, bool]:
    """What a step's events bring the resting captain, and whether the rest is over."""
    t = _Tally()
    moved: dict[int, list[list[int]]] = {}
    for e in ev:
        k, d = e.kind, e.data
        if k == "CresterMoved":
            moved.setdefault(d["to"], []).append(list(d.get("path", [])))
        elif k == "BattleStarted" and d.get("def") == "ship" and d.get("d_seat") == seat:
            paths = [p for p in moved.pop(d["hex"], []) if p] or [[d["hex"]]]
            count = len(paths) if d["att"] == "red" else 1  # red cresters that arrived together attack together
            key = (d["att"], paths[0][0], max(len(p) - 1 for p in paths), count)
            t.attackers[key] = 1.0
            order.append(key)
        elif k == "BattleEnded" and d.get("winner") == "attacker" and d.get("l_seat") == seat \
                and d.get("l_kind") == "ship":
            t.lose_battle = 1.0
        elif k == "ShipLost" and d.get("seat") == seat:
            t.lose_ship = 1.0
        elif k == "GameOver" and d.get("winner") is None:
            t.lose_game = 1.0
    over = any(e.kind in ("TurnEnded", "GameOver") for e in ev)
    return t, over


def _bonus_actions(s: GameState, f: Any, side: str) -> list[Action]:
    """The resting captain's cards and tokens as the battle odds assume them (best_bonuses)."""
    seat = f[side + "_seat"]
    ship = s.ships[seat]
    a_tot, d_tot = totals(s, f)
    own, other = (a_tot, d_tot) if side == "a" else (d_tot, a_tot)
    kind = f["att"] if side == "a" else f["def"]
    is_ship = kind == "ship"
    morale = ship.morale if is_ship else None
    cards = hit_cards(s, seat)
    if side == "d":
        choice = best_bonuses(own, other, cards, ship.tokens, role="defender", ship=is_ship, morale=morale,
                              components=s.components)
    else:
        o_kind = f["def"]
        o_seat = f["d_seat"]
        o_ship = s.ships[o_seat] if o_kind in PLAYER_KINDS else None
        choice = best_bonuses(own, other, cards, ship.tokens, role="attacker", ship=is_ship, morale=morale,
                              other_cards=hit_cards(s, o_seat) if o_ship else (),
                              other_tokens=o_ship.tokens if o_ship else 0, other_ship=o_kind == "ship",
                              other_morale=o_ship.morale if o_ship and o_kind == "ship" else None,
                              components=s.components)
    return [Action("token")] * choice.tokens + [Action("play", c) for c in choice.cards] + [Action("done")]


class _Walk:
    def __init__(self, seat: int):
        self.seat = seat
        self.nodes = 0
        self.memo: dict[str, _Tally] = {}
        self.order: list[tuple] = []

    def step(self, s: GameState, actions: list[Action]) -> _Tally:
        """Apply ``actions`` (stopping early where the rules move on by themselves) on a copy."""
        u = s.clone()
        ev: list[Any] = []
        start = u.frames[-1] if u.frames else None
        for i, a in enumerate(actions):
            if i and (not u.frames or u.frames[-1] is not start or engine.why_illegal(u, a) is not None):
                break
            ev += engine.apply(u, a, check=False)
        tally, over = _events(ev, self.seat, self.order)
        if not over and not u.over:
            tally.then(self.value(u))
        return tally

    def value(self, s: GameState) -> _Tally:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _Budget
        f = s.frames[-1] if s.frames else None
        if f is not None and f["k"] == "battle":
            key = _battle_key(s, f)
            got = _BATTLES.get(key) if key is not None else None
            if got is None:
                got = self.node(s, f)
                if key is not None:
                    if len(_BATTLES) >= _CACHE_MAX:
                        _BATTLES.clear()
                    _BATTLES[key] = got
            return got
        return self.node(s, f)

    def node(self, s: GameState, f: Any) -> _Tally:
        who = decider(s)
        if who == CHANCE:
            outs = engine.chance_outcomes(s)
            if not outs:
                return _Tally()
            out = _Tally()
            if f is not None and f["k"] == "battle":  # a battle roll: one roll per total of hits
                by_total: dict[int, tuple[Action, float]] = {}
                for a, p in outs:
                    n = sum(a.arg)
                    first, q = by_total.get(n, (a, 0.0))
                    by_total[n] = (first, q + p)
                outs = list(by_total.values())
            for a, p in outs:
                out.add(self.step(s, [a]), p)
            return out
        if who != self.seat or s.over or f is None:
            return _Tally()
        k = f["k"]
        if k == "battle":
            step = f["step"]
            legal = engine.legal_actions(s)
            if step.endswith("cannons"):
                a = max((x for x in legal if x.verb == "cannons"), key=lambda x: x.arg)
                return self.step(s, [a])
            if step.endswith("flag"):
                return self.step(s, [Action("done")])
            return self.step(s, _bonus_actions(s, f, step[0]))
        legal = engine.legal_actions(s)
        if k == "place_red":  # a new red after a victory: it does not move at this rest
            return self.step(s, [legal[0]])
        if k == "rest":
            legal = _rest_options(s)
        best: _Tally | None = None
        for a in legal:  # the captain's own choice (the rest, a route ...): the best for the ship
            got = self.step(s, [a])
            if best is None or got.key < best.key:
                best = got
        assert best is not None
        if k != "rest" and len(legal) > 1:
            best.chosen = True
        return best


def _battle_key(s: GameState, f: Any) -> tuple | None:
    """What a battle of the rest depends on when nothing else can reach the ship after it (no
    red crester left to move, no White Crester still to move): the battle frame, the resting
    ship's morale, cannons, crew, cards and tokens, and the game's options (a lost ship may
    lose the game). ``None`` when a later crester could still come."""
    for g in s.frames[:-1]:
        if g["k"] == "white_move" or (g["k"] == "reds" and g.get("queue", (1,))):
            return None
    ship = s.ships[s.current]
    frame = tuple(sorted((k, v) for k, v in f.items() if k not in ("hex", "a_from", "a_froms")))
    return (s.components.content_hash, s.mode, s.variants,
            s.edition, s.planet.size, s.current, tuple(getattr(s, "lives", ()) or ()), frame, ship.morale,
            ship.cannons, tuple(ship.crew), tuple(sorted(ship.hand)), ship.tokens, s.stock("tokens") > 0)


_BATTLES: dict[tuple, _Tally] = {}  # bounded: _CACHE_MAX battles, then cleared


def _rest_options(s: GameState) -> list[Action]:
    """Ways to rest worth comparing for the ship's safety. Discarding a card that plays no part
    in a battle keeps everything that does (morale, hit cards), so one such card, when the
    hand holds one, is the only way worth trying; otherwise each kind of hit card, and the
    morale."""
    legal = engine.legal_actions(s)
    plain = [a for a in legal if a.verb == "rest" and a.arg is not None
             and s.components.card(a.arg).kind != "hits"]
    if plain:
        return plain[:1]
    return legal


_CACHE: dict[tuple, RestForecast] = {}  # bounded: _CACHE_MAX forecasts, then cleared
_CACHE_MAX = 256


def clear_cache() -> None:
    """Forget remembered forecasts and their words (for timing)."""
    _CACHE.clear()
    _TEXTS.clear()
    _BATTLES.clear()


def rest_forecast(s: GameState, at: int | None = None, fingerprint: str | None = None) -> RestForecast | None:
    """The danger of ending the current turn with the ship on board index ``at`` (default: where
    it is), or ``None`` when the turn cannot be ended now (another decision is pending, the game
    is over) or ``at`` is not a space to end a turn on.

    The current captain's ship is put on ``at`` (as if it had sailed there) and the turn is
    ended through the engine; see the module docstring for what is assumed. Forecasts are
    remembered by position (``fingerprint``: ``s.fingerprint()`` when the caller has it).
    """
    if s.over or s.frames or decider(s) != s.current:
        return None
    seat = s.current
    ship = s.ships[seat]
    here = ship.pos if at is None else (PORT if at == 0 else at)
    key = (fingerprint or s.fingerprint(), here)
    got = _CACHE.get(key)
    if got is not None:
        return got
    t = _place(s, here)
    if t is None:
        return None
    walk = _Walk(seat)
    u = t.clone()
    ev = engine.apply(u, Action("end"), check=False)
    first, over = _events(ev, seat, walk.order)
    rest = ""
    try:
        if over or u.over:
            total = first
        elif u.frames and u.frames[-1]["k"] == "rest" and decider(u) == seat:
            best: tuple[_Tally, Action] | None = None
            for a in _rest_options(u):
                got_t = walk.step(u, [a])
                if best is None or got_t.key < best[0].key:
                    best = (got_t, a)
            assert best is not None
            total = first
            total.then(best[0])
            rest = str(best[1])
        else:
            total = first
            total.then(walk.value(u))
    except _Budget:
        return None
    seen: list[tuple] = []
    for k in walk.order:
        if k not in seen:
            seen.append(k)
    attackers = tuple(Attacker(k[0], k[1], k[2], k[3], min(1.0, total.attackers.get(k, 0.0))) for k in seen
                      if total.attackers.get(k, 0.0) > 0)
    out = RestForecast(seat, 0 if here == PORT else here, attackers, min(1.0, total.lose_battle),
                       min(1.0, total.lose_ship), min(1.0, total.lose_game), rest, total.chosen)
    if len(_CACHE) >= _CACHE_MAX:
        _CACHE.clear()
    _CACHE[key] = out
    return out


def _place(s: GameState, here: int) -> GameState | None:
    """A copy of ``s`` with the current ship on ``here``, or ``None`` if a turn cannot end there."""
    seat = s.current
    t = s.clone()
    if here != s.ships[seat].pos:
        if here >= 0 and (t.planet.is_drift[here] or here in t.reds or here == t.white
                          or any(i != seat and sh.pos == here for i, sh in enumerate(t.ships))):
            return None
        t.ships[seat].pos = here
        t.turn.last_clear = here
    if engine.why_illegal(t, Action("end")) is not None:
        return None
    return t


def reaches_at_rest(s: GameState, at: int | None = None) -> bool | None:
    """Whether anything can go wrong at the rest on ``at``: a crester reaches the ship, or the
    rest itself loses the ship or the game. Cheap (no dice are rolled: it stops where the first
    battle would begin); ``None`` when the turn cannot end there now."""
    if s.over or s.frames or decider(s) != s.current:
        return None
    seat = s.current
    here = s.ships[seat].pos if at is None else (PORT if at == 0 else at)
    t = _place(s, here)
    if t is None:
        return None
    ev = engine.apply(t, Action("end"), check=False)
    for _ in range(50):
        tally, over = _events(ev, seat, [])
        if tally.attackers or tally.lose_ship or tally.lose_game:
            return True
        if over or t.over or decider(t) != seat:
            return False
        legal = _rest_options(t) if t.frames and t.frames[-1]["k"] == "rest" else engine.legal_actions(t)
        keep = [a for a in legal if a.verb == "rest" and a.arg is not None]
        ev = engine.apply(t, (keep or legal)[0], check=False)
    return True


def safer_spaces(s: GameState, than: RestForecast | None = None, limit: int = 3,
                 budget: int = 12) -> list[tuple[int, int, RestForecast]]:
    """The cheapest spaces the ship can still reach this turn where resting is safer than
    ``than`` (default: resting where it is): ``(board index, speed it costs, forecast)``,
    cheapest first, at most ``limit``. Safe spaces (nothing reaches the ship) come first; if
    there are none, spaces with a smaller chance of losing the ship (then a battle), of which
    at most ``budget`` are worked out."""
    than = than or rest_forecast(s)
    if than is None or than.safe:
        return []
    costs = movement.reach_costs(s, s.current)
    ship = s.ships[s.current]
    cands = sorted(((c, 0 if h == PORT else h) for h, c in costs.items() if h != ship.pos and c <= s.turn.speed),
                   key=lambda x: (x[0], x[1]))
    safe: list[tuple[int, int, RestForecast]] = []
    risky: list[tuple[int, int]] = []
    for cost, h in cands:
        danger = reaches_at_rest(s, h)
        if danger is None:
            continue
        if not danger:
            f = rest_forecast(s, h)
            if f is not None and f.safe:
                safe.append((h, cost, f))
                if len(safe) >= limit:
                    break
                continue
        risky.append((cost, h))
    if safe:
        return safe
    better: list[tuple[int, int, RestForecast]] = []
    for cost, h in risky[:budget]:
        f = rest_forecast(s, h)
        if f is not None and f.key < than.key:
            better.append((h, cost, f))
    better.sort(key=lambda x: (x[2].key, x[1]))
    return better[:1]


def chance_words(p: float) -> str:
    """A chance in whole percent that never rounds a possibility away (``under 1%``, ``over 99%``)."""
    return _pct(p)


def _pct(p: float) -> str:
    if abs(p) < 1e-12 or abs(1 - p) < 1e-12:  # certain, up to the rounding of sums of floats
        p = round(p)
    if 0 < p < 0.005:
        return "under 1%"
    if 0.995 < p < 1:
        return "over 99%"
    return f"{100 * p:.0f}%"


def _who(s: GameState, a: Attacker) -> str:
    if a.kind == "white":
        what = "the White Crester"
    elif a.count > 1:
        what = f"{a.count} red cresters"
    else:
        what = "a red crester"
    where = f"{a.steps} space{'s' if a.steps != 1 else ''} away" if a.steps else "next to you"
    return f"{what} {where} ({s.planet.label(a.start)})"


def _space(s: GameState, h: int) -> str:
    return "the Trading Post" if h in (0, PORT) else s.planet.label(h)


_TEXTS: dict[tuple, str | None] = {}  # bounded: _CACHE_MAX texts, then cleared


def danger_text(s: GameState, at: int | None = None, safer: bool = True, risky_only: bool = False) -> str | None:
    """The danger of ending the turn now (on ``at``), in a sentence, worst first, with the
    cheapest safer spaces; ``None`` when resting there is safe (or no forecast applies). With
    ``risky_only``, also ``None`` when cresters reach the ship but it wins or ties every battle.

    "A red crester 2 spaces away (2,2) reaches you at the rest: you lose the battle 80% of the
    time and your ship 67%. 1,2 (1 speed) and 0,2 are out of reach."
    """
    return rest_words(s, at, safer, risky_only)[0]


def rest_words(s: GameState, at: int | None = None, safer: bool = True,
               risky_only: bool = False) -> tuple[str | None, RestForecast | None]:
    """:func:`danger_text` and the forecast it speaks of, from one look at the position."""
    fp = s.fingerprint()
    f = rest_forecast(s, at, fp)
    if f is None or f.safe:
        return None, f
    if risky_only and not f.key > (0.0, 0.0, 0.0):
        return None, f
    key = (fp, at, safer)
    if key in _TEXTS:
        return _TEXTS[key], f
    if len(_TEXTS) >= _CACHE_MAX:
        _TEXTS.clear()
    _TEXTS[key] = text = _danger_text(s, f, safer)
    return text, f


def _danger_text(s: GameState, f: RestForecast, safer: bool) -> str:
    parts = []
    if f.attackers:
        first = f.attackers[0]
        later = [a for a in f.attackers[1:]]
        who = _who(s, first)
        if later:
            who += ", then " + ", ".join(_who(s, a) + ("" if a.chance >= 0.9995 else f" ({_pct(a.chance)} of the time)")
                                         for a in later)
        verb = "reach" if later or first.count > 1 else "reaches"
        text = f"{who[0].upper()}{who[1:]} {verb} you at the rest: "
        if f.lose_game:
            text += f"you lose the game {_pct(f.lose_game)} of the time"
            if f.lose_ship > f.lose_game:
                text += f", your ship {_pct(f.lose_ship)}"
        elif f.lose_ship and _pct(f.lose_ship) == _pct(f.lose_battle):
            text += f"you lose the battle and your ship {_pct(f.lose_ship)} of the time"
        elif f.lose_ship:
            text += f"you lose the battle {_pct(f.lose_battle)} of the time and your ship {_pct(f.lose_ship)}"
        elif f.lose_battle:
            text += f"you lose the battle {_pct(f.lose_battle)} of the time (your ship is not lost)"
        else:
            text += "you win or tie every battle"
        parts.append(text + ".")
    elif f.lose_game:
        parts.append(f"Ending your turn here loses the game ({_pct(f.lose_game)}).")
    elif f.lose_ship:
        parts.append(f"The rest here loses your ship ({_pct(f.lose_ship)}).")
    if f.chosen:
        parts.append("(Assumes you choose the red cresters' routes as well as you can.)")
    if safer:
        spaces = safer_spaces(s, f)
        if spaces and all(x[2].safe for x in spaces):
            names = [f"{_space(s, h)} ({c} speed)" for h, c, _ in spaces]
            joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
            parts.append(f"{joined[0].upper()}{joined[1:]} {'is' if len(names) == 1 else 'are'} out of reach.")
        elif spaces:
            h, c, g = spaces[0]
            parts.append(f"Safer: {_space(s, h)}{f' ({c} speed)' if c else ''}, where you would lose your ship "
                         f"{_pct(g.lose_ship)} of the time.")
        elif f.attackers:
            parts.append("No space you can still reach is safer.")
    return " ".join(parts)

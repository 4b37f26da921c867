"""Where modes and variants hook into the base rules, and which ones a game uses.

Windward's base rules are the competitive game. Each mode (free-for-all,
head-to-head, the Solo Adventure, the Cooperative mode) and each variant (the
Great White Crester, the Naturalist, Achievements, Small World) is a
:class:`Hooks` object that changes those rules at named points only: setting
up, a turn's start, resting at port, the end of a turn at sky, a ship lost, a
battle won over a red or the White Crester, the order spaces, extra actions,
after every action, and the end of the game. Like the variant classes of
python-chess, a mode is a small class overriding what it changes; every method
of :class:`Hooks` leaves the base rules alone.

Modes register themselves here (``windward_nb.windward.modes`` does it when the
package is imported); the base rule modules ask :func:`active` for the hooks of
a state and never import a mode.

>>> from windward_nb import windward
>>> names(MODES)
['free-for-all', 'head-to-head', 'solo', 'cooperative']
>>> names(VARIANTS)
['white', 'naturalist', 'achievements']
>>> s = windward.new_game(players=1, seed=1).state
>>> [h.name for h in active(s).hooks]
['solo']
>>> active(s).red_speed(s)
3
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, TypeVar
from collections.abc import Callable, Iterable

from ..core.errors import OptionError

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

    from .actions import Action
    from .components import Components
    from .events import Event
    from .state import GameState

Refusal = tuple[str, str] | None
Setup = dict[str, Any]


class Hooks:
    """A mode or variant of Windward: the base rules, changed at named points.

    ``kind`` is ``"mode"`` (exactly one per game), ``"variant"`` (any number, from
    ``new_game(variants=...)``) or ``"planet"`` (picked by the planet's size).
    A method returning ``None`` (the default) leaves the decision to the next
    hook or to the base rules.
    """

    name: ClassVar[str] = ""
    kind: ClassVar[str] = "variant"
    title: ClassVar[str] = ""  #: as the rulebook calls it
    team: ClassVar[bool] = False  #: a mode in which the captains win or lose together
    players_note: ClassVar[str] = ""  #: said after the player range when a player count is refused
    white_crester: ClassVar[bool] = False  #: the Great White Crester is in the game

    # ------------------------------------------------------------------------------ options and setup
    def players(self, edition: str) -> tuple[int, int]:
        """Fewest and most captains (modes only)."""
        return (1, 5)

    def check_options(self, players: int, planet: str, variants: tuple[str, ...], edition: str) -> None:
        """Raise :class:`OptionError` for options this mode or variant cannot be played with."""

    def draw_colours(self, colours: list[str], rng: np.random.Generator, comp: Components,
                     players: int) -> None:
        """Change the ship boards drawn at setup (in place, drawing from ``rng``)."""

    def draw_setup(self, setup: Setup, rng: np.random.Generator, comp: Components, players: int,
                   difficulty: str) -> None:
        """Draw this mode's or variant's random choices of setup into ``setup``."""

    def check_setup(self, setup: Setup, comp: Components) -> None:
        """Raise ``ValueError`` naming the field if ``setup`` lacks what this mode or variant needs."""

    def starting_hand(self, comp: Components) -> int | None:
        """Supply cards each captain is dealt (``None``: the base table by seat)."""
        return None

    def starting_greys(self, s: GameState, setup: Setup) -> list[int] | None:
        """The spaces of the grey cresters at the start (``None``: the rolled territories)."""
        return None

    def setup(self, s: GameState, setup: Setup) -> None:
        """Finish the starting position (pieces, tracks and cards this mode or variant adds)."""

    def scenario(self, s: GameState, options: dict[str, Any]) -> None:
        """Finish a hand-built position (``ww.scenario``) from its keyword options."""

    # ------------------------------------------------------------------------------ a turn
    def turn_start(self, s: GameState, ev: list[Event], seat: int) -> None:
        """At the start of ``seat``'s turn (after the base steps)."""

    def teeth_at_port(self, s: GameState, ev: list[Event], seat: int) -> bool | None:
        """A ship at the Trading Post with teeth in its hold: True if this hook handled them
        (the base rules cash them for notoriety)."""
        return None

    def port_rest(self, s: GameState, ev: list[Event]) -> bool | None:
        """The current captain ends the turn at port: True if this hook handled the rest."""
        return None

    def sky_bonus(self, s: GameState, ev: list[Event]) -> None:
        """After the +1 notoriety of a turn ended at sky."""

    def extra_actions(self, s: GameState) -> list[Action]:
        """Actions this hook adds to the current captain's turn (listed before 'end turn')."""
        return []

    def after_action(self, s: GameState, ev: list[Event]) -> None:
        """After every action and the automatic steps it caused (``ev``: its events)."""

    def notoriety_race(self, s: GameState) -> bool | None:
        """Does reaching the notoriety goal end the game? (``None``: yes, as in the base rules)."""
        return None

    # ------------------------------------------------------------------------------ cresters
    def greys_respawn(self, s: GameState) -> bool | None:
        """Do defeated grey cresters come back on the feeding grounds?"""
        return None

    def uncounted_greys(self, s: GameState) -> int:
        """Alive grey cresters that do not count toward the greys the planet should have."""
        return 0

    def red_speed(self, s: GameState) -> int | None:
        """Spaces a red crester moves at a rest at sky."""
        return None

    def red_stack(self, s: GameState) -> int | None:
        """How many alive red cresters may share a space."""
        return None

    def reds_roam(self, s: GameState) -> bool | None:
        """Do the red cresters hunt across the whole planet (instead of their own territory)?"""
        return None

    def white_speed(self, s: GameState) -> int | None:
        """Spaces the White Crester moves."""
        return None

    def white_at_port(self, s: GameState, ev: list[Event]) -> None:
        """The White Crester's move when the current captain rests at the Trading Post."""

    # ------------------------------------------------------------------------------ battles and losses
    def player_attack_refusal(self, s: GameState, what: str, owner: int) -> Refusal:
        """Why the current captain may not attack ``owner``'s ``what`` (``"ship"`` or ``"longboat"``)."""
        return None

    def crester_defeated(self, s: GameState, kind: str, here: int) -> None:
        """After a battle: a grey or red crester on ``here`` was defeated."""

    def red_defeated(self, s: GameState, ev: list[Event], seat: int) -> bool | None:
        """After a battle won by ``seat`` over red cresters: True if this hook decided what follows
        (the base rules let the winner place a new red crester)."""
        return None

    def white_defeated(self, s: GameState, ev: list[Event], seat: int, here: int) -> bool | None:
        """After a battle won by ``seat`` over the White Crester on ``here``: True if handled."""
        return None

    def ship_lost(self, s: GameState, ev: list[Event], seat: int) -> bool | None:
        """After ``seat``'s ship was lost and limped home: True if the game ended."""
        return None

    # ------------------------------------------------------------------------------ orders
    def order_refusal(self, s: GameState, name: str) -> Refusal:
        """Why the current captain may not give the order ``name`` at all."""
        return None

    def gives_order(self, s: GameState, name: str) -> bool:
        """This hook lets the current captain use the extra order space ``name``."""
        return False

    def order_effect_refusal(self, s: GameState, name: str) -> Refusal:
        """Why the extra order ``name`` would do nothing here."""
        return None

    def order_effect(self, s: GameState, ev: list[Event], name: str) -> bool:
        """Carry out the extra order ``name``; True if this hook did."""
        return False

    # ------------------------------------------------------------------------------ the end
    def returns(self, s: GameState) -> list[float] | None:
        """Per seat 1 for a win, 0 otherwise, once the game is over (``None``: the base rules)."""
        return None

    def check(self, s: GameState) -> list[str]:
        """Broken invariants of this mode or variant, in words."""
        return []

    def __repr__(self) -> str:
        return f"<{self.kind} {self.name}>"


# =============================================================================== the registry
MODES: dict[str, Hooks] = {}  # finite, as VARIANTS and PLANETS: the hooks the code registers
VARIANTS: dict[str, Hooks] = {}
PLANETS: dict[str, Hooks] = {}  # by planet size ("small": Small World)
_TABLES = {"mode": MODES, "variant": VARIANTS, "planet": PLANETS}

H = TypeVar("H", bound=Hooks)


def register(hooks: H) -> H:
    """Make a mode or variant known (modes in the order their names are listed to players)."""
    table = _TABLES[hooks.kind]
    if hooks.name in table and type(table[hooks.name]) is not type(hooks):
        raise ValueError(f"{hooks.kind} {hooks.name!r} is registered twice")
    table[hooks.name] = hooks
    _CACHE.clear()
    return hooks


def names(table: dict[str, Hooks]) -> list[str]:
    return list(table)


def mode(name: str) -> Hooks:
    try:
        return MODES[name]
    except (KeyError, TypeError):
        raise OptionError(f"mode must be one of {', '.join(MODES)}; got {name!r}") from None


def variant(name: str) -> Hooks:
    try:
        return VARIANTS[name]
    except (KeyError, TypeError):
        raise OptionError(f"unknown variant {name!r}; variants: {', '.join(VARIANTS)}") from None


# =============================================================================== the hooks of one game
def _overriding(hooks: Iterable[Hooks], point: str) -> list[Callable[..., Any]]:
    """The bound methods of ``hooks`` that override ``point`` (in the hooks' order)."""
    base = getattr(Hooks, point)
    return [getattr(h, point) for h in hooks if getattr(type(h), point) is not base]


class Active:
    """The hooks of one game (its mode, then its variants, then the planet's), combined.

    Query points take the first answer that is not ``None``; notifications go to
    every hook in order. Built once per combination (see :func:`active`).
    """

    def __init__(self, hooks: list[Hooks]):
        self.hooks = list(hooks)
        self.mode = next((h for h in hooks if h.kind == "mode"), None)
        self.team = bool(self.mode is not None and self.mode.team)
        self.white_crester = any(h.white_crester for h in hooks)
        o = lambda point: _overriding(self.hooks, point)  # noqa: E731
        self._turn_start, self._teeth_at_port, self._port_rest = o("turn_start"), o("teeth_at_port"), o("port_rest")
        self._sky_bonus = o("sky_bonus")
        self._extra_actions, self._after_action = o("extra_actions"), o("after_action")
        self._notoriety_race, self._greys_respawn = o("notoriety_race"), o("greys_respawn")
        self._uncounted_greys, self._red_speed, self._red_stack = o("uncounted_greys"), o("red_speed"), o("red_stack")
        self._reds_roam, self._white_speed, self._white_at_port = o("reds_roam"), o("white_speed"), o("white_at_port")
        self._player_attack_refusal = o("player_attack_refusal")
        self._crester_defeated, self._red_defeated = o("crester_defeated"), o("red_defeated")
        self._white_defeated, self._ship_lost = o("white_defeated"), o("ship_lost")
        self._order_refusal, self._gives_order = o("order_refusal"), o("gives_order")
        self._order_effect_refusal, self._order_effect = o("order_effect_refusal"), o("order_effect")
        self._returns, self._check = o("returns"), o("check")
        #: does anything happen after every action? (the engine skips the step when not)
        self.watches_actions = bool(self._after_action)
        self.adds_actions = bool(self._extra_actions)
        #: does a hook take part in checking orders? (the base rules skip the step when not)
        self.checks_orders = bool(self._order_refusal or self._gives_order)

    def __repr__(self) -> str:
        return f"<Active {[h.name for h in self.hooks]}>"

    @staticmethod
    def _first(calls: list[Callable[..., Any]], *args: Any) -> Any:
        for call in calls:
            value = call(*args)
            if value is not None:
                return value
        return None

    # the points, each combined as its docstring in Hooks says
    def turn_start(self, s: GameState, ev: list[Event], seat: int) -> None:
        for call in self._turn_start:
            call(s, ev, seat)

    def teeth_at_port(self, s: GameState, ev: list[Event], seat: int) -> bool:
        return bool(self._first(self._teeth_at_port, s, ev, seat))

    def port_rest(self, s: GameState, ev: list[Event]) -> bool:
        return bool(self._first(self._port_rest, s, ev))

    def sky_bonus(self, s: GameState, ev: list[Event]) -> None:
        for call in self._sky_bonus:
            call(s, ev)

    def extra_actions(self, s: GameState) -> list[Action]:
        out: list[Action] = []
        for call in self._extra_actions:
            out.extend(call(s))
        return out

    def after_action(self, s: GameState, ev: list[Event]) -> None:
        for call in self._after_action:
            call(s, ev)

    def notoriety_race(self, s: GameState) -> bool:
        value = self._first(self._notoriety_race, s)
        return True if value is None else bool(value)

    def greys_respawn(self, s: GameState) -> bool:
        value = self._first(self._greys_respawn, s)
        return True if value is None else bool(value)

    def uncounted_greys(self, s: GameState) -> int:
        return sum(call(s) for call in self._uncounted_greys)

    def red_speed(self, s: GameState, default: int = 3) -> int:
        value = self._first(self._red_speed, s)
        return default if value is None else int(value)

    def red_stack(self, s: GameState) -> int:
        value = self._first(self._red_stack, s)
        return 1 if value is None else int(value)

    def reds_roam(self, s: GameState) -> bool:
        return bool(self._first(self._reds_roam, s))

    def white_speed(self, s: GameState, default: int) -> int:
        value = self._first(self._white_speed, s)
        return default if value is None else int(value)

    def white_at_port(self, s: GameState, ev: list[Event]) -> None:
        for call in self._white_at_port:
            call(s, ev)

    def player_attack_refusal(self, s: GameState, what: str, owner: int) -> Refusal:
        refusal: Refusal = self._first(self._player_attack_refusal, s, what, owner)
        return refusal

    def crester_defeated(self, s: GameState, kind: str, here: int) -> None:
        for call in self._crester_defeated:
            call(s, kind, here)

    def red_defeated(self, s: GameState, ev: list[Event], seat: int) -> bool:
        return bool(self._first(self._red_defeated, s, ev, seat))

    def white_defeated(self, s: GameState, ev: list[Event], seat: int, here: int) -> bool:
        return bool(self._first(self._white_defeated, s, ev, seat, here))

    def ship_lost(self, s: GameState, ev: list[Event], seat: int) -> bool:
        return bool(self._first(self._ship_lost, s, ev, seat))

    def order_refusal(self, s: GameState, name: str) -> Refusal:
        refusal: Refusal = self._first(self._order_refusal, s, name)
        return refusal

    def gives_order(self, s: GameState, name: str) -> bool:
        return any(call(s, name) for call in self._gives_order)

    def order_effect_refusal(self, s: GameState, name: str) -> Refusal:
        refusal: Refusal = self._first(self._order_effect_refusal, s, name)
        return refusal

    def order_effect(self, s: GameState, ev: list[Event], name: str) -> bool:
        return any(call(s, ev, name) for call in self._order_effect)

    def returns(self, s: GameState) -> list[float] | None:
        value: list[float] | None = self._first(self._returns, s)
        return value

    def check(self, s: GameState) -> list[str]:
        out: list[str] = []
        for call in self._check:
            out.extend(call(s))
        return out


# bounded: 256 combinations (a dozen modes, variants and planets give fewer), then cleared
_CACHE: dict[tuple[str, tuple[str, ...], str], Active] = {}


def combine(mode_name: str, variants: Iterable[str] = (), planet: str = "large") -> Active:
    """The hooks of a game with these options, combined (cached)."""
    key = (mode_name, tuple(variants), planet)
    got = _CACHE.get(key)
    if got is None:
        for v in key[1]:
            variant(v)  # refuses an unknown one
        # variants act in the order they are registered, whatever order a game lists them in
        hooks = [mode(mode_name)] + [h for name, h in VARIANTS.items() if name in key[1]]
        if planet in PLANETS:
            hooks.append(PLANETS[planet])
        if len(_CACHE) >= 256:
            _CACHE.clear()
        got = _CACHE[key] = Active(hooks)
    return got


def active(s: GameState) -> Active:
    """The hooks of the game ``s`` belongs to (its mode, variants and planet).

    The answer is kept on the state (its clones share it): a game's mode,
    variants and planet are fixed when it is set up (the invariants check that
    the hooks kept still match them).
    """
    got: Active | None = s._hooks
    if got is None:
        got = s._hooks = combine(s.mode, s.variants, s.planet.size)
    return got


# =============================================================================== extra order spaces
class OrderSpace:
    """An order space a variant adds to the board (the Naturalist's Research Crester).

    Without the variant's hook the order exists in the game's language but is
    refused with ``rule`` and ``absent``.
    """

    def __init__(self, name: str, rule: str, absent: str):
        self.name, self.rule, self.absent = name, rule, absent


ORDER_SPACES: dict[str, OrderSpace] = {}  # finite: the order spaces variants register


def register_order(space: OrderSpace) -> OrderSpace:
    ORDER_SPACES[space.name] = space
    return space

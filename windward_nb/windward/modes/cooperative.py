"""The Cooperative mode: the captains together against the White Crester.

Both sides have lives (one per captain). The White Crester moves as many
spaces as the difficulty says; a captain resting at the Trading Post draws it
toward the port, and if it reaches the port the resting ship is lost. Beating
it takes one of its lives (it comes back on a corner of the winner's choice);
a lost ship takes one of the captains'. Captains never fight each other, and
two captains at the Trading Post may trade supply cards.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import OptionError
from .. import battle, cresters
from ..actions import GRAMMAR, Action
from ..components import Components
from ..engine import rest_at_port
from ..events import Event
from ..hooks import Refusal, Setup, active, register
from ..state import GONE, OFF, PORT, GameState
from .team import TeamMode, game_over
from .white import WithWhiteCrester

DIFFICULTIES = ("easy", "normal", "hard", "impossible")


class Cooperative(TeamMode, WithWhiteCrester):
    name = "cooperative"
    title = "Cooperative"
    players_note = " (edition b allows a single captain)"

    # ------------------------------------------------------------------------------ setup
    def players(self, edition: str) -> tuple[int, int]:
        return (2, 4) if edition == "a" else (1, 4)

    def check_options(self, players: int, planet: str, variants: tuple[str, ...], edition: str) -> None:
        if planet != "large":
            raise OptionError("the cooperative mode is played on the large planet")
        super().check_options(players, planet, variants, edition)

    def draw_setup(self, setup: Setup, rng: Any, comp: Components, players: int, difficulty: str) -> None:
        if difficulty not in DIFFICULTIES:
            raise OptionError(f"difficulty must be one of {', '.join(DIFFICULTIES)}, got {difficulty!r}")
        setup["white"] = int(rng.integers(1, 7))
        setup["difficulty"] = difficulty

    def check_setup(self, setup: Setup, comp: Components) -> None:
        if "white" not in setup or "difficulty" not in setup:
            raise ValueError("setup.white and setup.difficulty are needed in the cooperative mode")

    def starting_hand(self, comp: Components) -> int | None:
        n: int = comp.raw["cooperative"]["starting_hand"]
        return n

    def setup(self, s: GameState, setup: Setup) -> None:
        s.white = s.planet.corner[setup["white"]]
        s.difficulty = s.components.raw["cooperative"]["difficulty"][setup["difficulty"]]
        s.lives = [s.players, s.players]

    def scenario(self, s: GameState, options: dict[str, Any]) -> None:
        s.lives = list(options.get("lives") or ()) or [s.players, s.players]
        s.difficulty = s.components.raw["cooperative"]["difficulty"][options.get("difficulty", "normal")]

    # ------------------------------------------------------------------------------ a turn
    def turn_start(self, s: GameState, ev: list[Event], seat: int) -> None:
        if s.white == OFF:
            s.frames.append({"k": "place_white", "seat": seat})  # a placement that had to wait for a free corner

    def port_rest(self, s: GameState, ev: list[Event]) -> bool | None:
        # resting at port sends the White Crester toward the Trading Post first
        s.frames.append({"k": "end", "rested": True})
        s.frames.append({"k": "white_move"})
        return True

    def white_at_port(self, s: GameState, ev: list[Event]) -> None:
        if s.white >= 0:
            white_to_port(s, ev)
        else:
            rest_at_port(s, ev)

    def white_speed(self, s: GameState) -> int | None:
        return s.difficulty

    def extra_actions(self, s: GameState) -> list[Action]:
        at_port = [i for i, sh in enumerate(s.ships) if sh.pos == PORT]
        out: list[Action] = []
        for giver in at_port:
            for card in sorted(set(s.ships[giver].hand)):
                out.extend(Action("trade", (giver, card, taker)) for taker in at_port if taker != giver)
        return out

    # ------------------------------------------------------------------------------ battles and lives
    def player_attack_refusal(self, s: GameState, what: str, owner: int) -> Refusal:
        return ("Cooperative: Players' ships and boats",
                f"captains on the same team cannot attack each other's {'ships' if what == 'ship' else 'longboats'}")

    def red_defeated(self, s: GameState, ev: list[Event], seat: int) -> bool | None:
        return True  # no new red crester

    def white_defeated(self, s: GameState, ev: list[Event], seat: int, here: int) -> bool | None:
        s.lives[1] -= 1
        ev.append(Event("LifeLost", f"The White Crester loses a life ({s.lives[1]} left).",
                        {"side": "white", "left": s.lives[1]}))
        s.white = OFF
        if s.lives[1] <= 0:
            s.white = GONE
            game_over(s, ev, "The White Crester has lost its last life: the captains win together!", winner=-1)
        else:
            s.frames.append({"k": "place_white", "seat": seat})
        return True

    def ship_lost(self, s: GameState, ev: list[Event], seat: int) -> bool | None:
        s.lives[0] -= 1
        ev.append(Event("LifeLost", f"The captains lose a life ({s.lives[0]} left).",
                        {"side": "captains", "left": s.lives[0]}))
        if s.lives[0] <= 0:
            game_over(s, ev, "The captains have lost their last life: the White Crester wins.", winner=None)
            return True
        return None

    def returns(self, s: GameState) -> list[float] | None:
        return [1.0 if s.lives[1] <= 0 else 0.0] * s.players


def white_to_port(s: GameState, ev: list[Event]) -> None:
    """Co-op rest at port: the White Crester flies at the Trading Post."""
    seat = s.current
    start = s.white
    dist = cresters.distances_to(s, 0, 0, start)
    path = cresters.step_path(s, start, dist, cresters.white_speed(s))
    if path and path[-1] != 0 and s.planet.is_drift[path[-1]]:
        path.pop()
    if not path:
        rest_at_port(s, ev)
        return
    if path[-1] == 0:
        back = path[-2] if len(path) > 1 else start
        s.white = back
        ev.append(Event("CresterMoved", "The White Crester strikes the Trading Post and falls back one space.",
                        {"crester": "white", "from": start, "to": back, "path": [start] + path}))
        battle.ship_lost(s, ev, seat, "crester")
        return
    s.white = path[-1]
    ev.append(Event("CresterMoved", f"The White Crester moves from {s.planet.label(start)} to {s.planet.label(s.white)}.",
                    {"crester": "white", "from": start, "to": s.white, "path": [start] + path}))
    rest_at_port(s, ev)


# =============================================================================== trading cards
def check_trade(s: GameState, a: Action) -> Refusal:
    """A captain gives a supply card to another captain; both ships must be at port."""
    giver, card, taker = a.arg
    if active(s).mode is not COOPERATIVE:
        return ("Cooperative: Trading", "supply cards can be traded only in the Cooperative mode")
    n = s.players
    if not (0 <= giver < n and 0 <= taker < n) or giver == taker:
        return ("Cooperative: Trading", "name two different captains by seat number")
    if s.ships[giver].pos != PORT or s.ships[taker].pos != PORT:
        return ("Cooperative: Trading", "both ships must be at port to trade")
    if card not in s.ships[giver].hand:
        return ("Cooperative: Trading", f"player {giver + 1} holds no {card!r} card")
    if len(s.ships[taker].hand) >= s.hand_limit(taker):
        return ("Cooperative: Trading", f"player {taker + 1}'s hand is full")
    rev = s.turn.reversible
    if rev:
        # R31: a gift is not taken back this turn, and a card received this turn is not passed on
        name = s.components.card(card).name
        if f"trade {taker + 1} {card} {giver + 1}" in rev:
            return ("Cooperative: Trading", f"player {taker + 1} gave this {name} to player {giver + 1} this turn: "
                                            "giving it back would undo the trade")
        received = sum(1 for t in rev if t.startswith("trade ") and t.split(" ")[2:] == [card, str(giver + 1)])
        if received and s.ships[giver].hand.count(card) <= received:
            return ("Cooperative: Trading", f"player {giver + 1} received this {name} this turn: a card received "
                                            "in a trade is not passed on in the same turn")
    return None


def trade(s: GameState, ev: list[Event], a: Action) -> None:
    giver, card, taker = a.arg
    s.ships[giver].hand.remove(card)
    s.ships[taker].hand.append(card)
    if not s.takebacks:
        s.turn.reversible.append(f"trade {giver + 1} {card} {taker + 1}")
    ev.append(Event("CardsTraded", f"Player {giver + 1} gives {s.components.card(card).name} to player {taker + 1}.",
                    {"from": giver, "to": taker, "card": card}))


def _describe_trade(s: GameState, a: Action) -> str:
    giver, card, taker = a.arg
    return f"Give {s.components.card(card).name} from player {giver + 1} to player {taker + 1}"


COOPERATIVE = register(Cooperative())
GRAMMAR.handle("trade", check=check_trade, apply=trade, describe=_describe_trade)

"""CarefulBot: GreedyBot's habits, changed where the Solo Adventure and the Cooperative game differ.

In a notoriety race GreedyBot's habits are sound: take what is near, spend spare gas on
notoriety, fight a red crester when the odds favour it. In the two team modes they lose the
game. Notoriety wins nothing there; one lost ship ends a Solo Adventure and costs the crew a
life; the cresters come to the ship (every red in the Solo Adventure, the White Crester in the
Cooperative game); and a ship that meets them with three cannons and morale 1 rarely survives,
while one with a full battery, a Marine and morale 4 almost never loses to a red crester (see
:func:`windward_nb.odds.battle_odds`). So CarefulBot:

* at the Trading Post, gives and buys what makes the ship strong: a Marine (two more cannon
  slots and two hits against every red crester, the crester that attacks most often in the
  first rounds; ``coop_marine=False`` hires a Sergeant in the Cooperative game instead), every
  cannon slot filled, morale to the top, a Gas Worker when gas is left, supplies when the hand
  is short, a Coffee played for one more order; it never buys notoriety;
* goes back to the Trading Post to restock whenever the ship is not *ready* (cannons or morale
  short) and the way there is safe;
* attacks a red crester only when its odds are high and no ship would be lost on a bad roll,
  and lets the cresters come to it otherwise (a defender sees the attacker's dice before
  choosing its cannons);
* rests where the fewest cresters can reach it, as GreedyBot does, never where the rest itself
  would sink the ship (no card to discard at morale 1), and keeps its last card for that rest
  rather than burn it as Fuel.

In a notoriety race it *is* GreedyBot: every choice outside the team modes goes to GreedyBot's
code unchanged.

>>> import windward_nb as ww
>>> g = ww.new_game(players=1, mode="solo", seed=3)
>>> bot = CarefulBot(seed=1)
>>> str(bot.act(g.state))
'order hire Marine'
"""

from __future__ import annotations

from .greedy import CARD_VALUE, GreedyBot, battle_chances, check_share
from .hooks import active
from .state import PORT, GameState

__all__ = ["CarefulBot", "team_mode", "ready", "fighting_chance", "team_value"]


def team_mode(s: GameState) -> bool:
    """Do the captains of ``s`` win or lose together (the Solo Adventure, the Cooperative game)?
    The mode's own hooks say so."""
    return active(s).team


def ready(s: GameState, seat: int) -> bool:
    """Is the ship of ``seat`` fit to meet a crester: every cannon slot filled (at least three) and
    morale at its top?"""
    me = s.ships[seat]
    lim = s.components.limits
    return me.cannons >= min(s.cannon_slots(seat), 5) and me.morale >= lim["morale_max"]


class CarefulBot(GreedyBot):
    """GreedyBot for the Solo Adventure and the Cooperative game (see the module doc)."""

    name = "CarefulBot"

    def __init__(self, seed=None, *, red_win: float = 0.6, team_red_win: float = 0.85, red_lost: float = 0.02,
                 max_turn_actions: int = 60, coop_marine: bool = True):
        super().__init__(seed, red_win=red_win, max_turn_actions=max_turn_actions)
        if coop_marine not in (True, False):  # 1 and 0 too, as a bot spec writes them
            raise ValueError(f"coop_marine is True or False (1 or 0), got {coop_marine!r}")
        self.coop_marine = bool(coop_marine)  # the Cooperative game's crew: a Marine (True) or a Sergeant
        self.team_red_win = check_share("team_red_win", team_red_win)  # attack a red only with these odds ...
        self.red_lost = check_share("red_lost", red_lost)  # ... and at most this chance of losing the ship

    # ------------------------------------------------------------------ the Trading Post
    def _at_port(self, s, seat, me, by):
        if not team_mode(s):
            return super()._at_port(s, seat, me, by)
        comp = s.components
        lim = comp.limits
        fighter = "Marine" if s.mode == "solo" or self.coop_marine else "Sergeant"
        other = "Sergeant" if fighter == "Marine" else "Marine"
        wants = []
        if len(me.hand) <= 1:
            wants.append("supplies")
        if not any(comp.crew_slot[c] == "cannons" for c in me.crew):
            wants += [f"hire {fighter}", f"hire {other}"]
        if me.cannons < s.cannon_slots(seat):
            wants.append("cannon")
        if me.morale < lim["morale_max"]:
            wants.append("morale")
        if len(me.hand) <= 3:
            wants.append("supplies")
        for w in wants:
            if f"order {w}" in by:
                return by[f"order {w}"]
        if s.turn.mates == 0 and s.turn.coffee == 0 and "play coffee" in by:
            left = [w for w in wants if w.split(" ", 1)[0] not in s.turn.orders]
            if left:
                return by["play coffee"]  # one more order: worth more here than in the hand
        if me.morale < lim["morale_max"] and "buy rum" in by:
            return by["buy rum"]
        if me.cannons < s.cannon_slots(seat) and "buy cannon" in by:
            return by["buy cannon"]
        if not any(comp.crew_slot[c] == "cannons" for c in me.crew):
            for name in (fighter, other):
                if f"buy crew {name}" in by:
                    return by[f"buy crew {name}"]
        if len(me.hand) <= 2 and "buy supplies" in by:
            return by["buy supplies"]
        if not any(comp.crew_slot[c] == "gas" for c in me.crew) and "buy crew Gas Worker" in by:
            return by["buy crew Gas Worker"]
        if me.hand or me.morale > 1:
            a = self._pursue(s, seat, me, by)
            if a is not None:
                return a
        return self._finish(s, seat, me, by)

    # ------------------------------------------------------------------ where to go
    def targets(self, s: GameState, seat: int, me) -> list[tuple[float, int, str]]:
        out = super().targets(s, seat, me)
        if not team_mode(s):
            return out
        keep = []
        attack = None
        for t in out:
            if t[2] == "red":
                if attack is None:
                    c = self.red_attack(s, seat)
                    attack = c.win >= self.team_red_win and c.attacker_lost <= self.red_lost
                if not attack:
                    continue
            keep.append(t)
        if me.pos != PORT and not ready(s, seat) and not me.hold:
            short = (min(s.cannon_slots(seat), 5) - me.cannons) + (s.components.limits["morale_max"] - me.morale)
            if not any(t[1] == PORT for t in keep):
                keep.append((1.0 + 0.8 * short, PORT, "home"))
            else:
                keep = [(v + 0.8 * short, h, w) if h == PORT else (v, h, w) for v, h, w in keep]
        keep.sort(key=lambda x: -x[0])
        return keep

    def _step(self, s, seat, me, by, a):
        b = super()._step(s, seat, me, by, a)
        if b is not None and team_mode(s) and str(b) == "play fuel" and len(me.hand) <= 1 and me.morale <= 1:
            return None  # the last card must pay for the rest, or the rest sinks the ship
        return b

    # ------------------------------------------------------------------ resting
    def rest_value(self, s: GameState, seat: int, h: int) -> float:
        v = super().rest_value(s, seat, h)
        me = s.ships[seat]
        if team_mode(s) and h != PORT and not me.hand and me.morale <= 1:
            return -100.0  # the rest itself would sink the ship
        return v

    def _rest(self, s, seat, by):
        if not team_mode(s):
            return super()._rest(s, seat, by)
        me = s.ships[seat]
        if not me.hand:
            return by.get("rest morale")
        worst = min(sorted(set(me.hand)), key=lambda c: CARD_VALUE.get(c, 0))
        if me.morale >= s.components.limits["morale_max"] and CARD_VALUE.get(worst, 0) >= 5 and len(me.hand) <= 2:
            return by.get("rest morale")  # a full morale can spare one point better than a harpoon
        return by.get(f"rest discard {worst.replace('_', ' ')}")


# =============================================================================== judging a team position
def fighting_chance(s: GameState, seat: int, foe: str) -> float:
    """The chance that the ship of ``seat``, as it is now, beats ``foe`` (``"red"`` or ``"white"``)
    that attacks it (a defender sees the dice before it spends cannons, so this is a floor)."""
    me = s.ships[seat]
    c = battle_chances(foe, "ship", d_cannons=me.cannons, d_crew=tuple(sorted(me.crew)),
                       d_tokens=min(me.tokens, 3), d_cards=GreedyBot.hits_in_hand(me),
                       d_morale=max(1, me.morale))
    return c.loss + 0.5 * c.tie


def team_value(s: GameState) -> float:
    """How well the crew stands in the Solo Adventure or the Cooperative game, between 0 and 1
    (a rough win chance): the share of the cresters already beaten, and how likely each ship
    is to beat the next crester that comes for it."""
    n = len(s.ships)
    if s.mode == "solo":
        reds = len(s.planet.red_start)
        beaten = reds - len(s.reds)
        foe = "red" if s.reds else "white"
        fit = fighting_chance(s, 0, foe)
        progress = beaten / (reds + 1)
        return float(min(0.99, max(0.01, 0.02 + 0.7 * progress + (0.98 - 0.7 * progress) * 0.35 * fit ** 2)))
    lives = s.lives or [n, n]
    fit = sum(fighting_chance(s, i, "white") for i in range(n)) / n
    v = 0.03 + 0.6 * (n - lives[1]) / n - 0.25 * (n - lives[0]) / n + 0.3 * fit
    return float(min(0.99, max(0.01, v)))

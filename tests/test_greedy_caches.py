"""GreedyBot's remembered answers are the answers it would work out afresh.

GreedyBot keeps the target list for the length of one decision and the value of resting at each
space from decision to decision (keyed by everything that value depends on). A checking bot plays
whole games in several modes and variants, one bot for every seat and from game to game (so
what it remembers outlives a seat, a game and an undone move), and compares every answer it
gives with one worked out afresh, without anything remembered.
"""

from __future__ import annotations

import numpy as np
import pytest

import windward_nb as ww
from windward_nb.bots import GreedyBot
from windward_nb.windward import engine
from windward_nb.windward.state import PORT


class Checks:
    """Counts of the answers checked."""

    rests = targets = 0


def checking_bot(seed: int) -> tuple[GreedyBot, Checks]:
    """A GreedyBot whose every rest value and target list is checked against a fresh one. The
    checks wrap the bot's own methods (a subclass replacing them would remember nothing, see
    ``test_a_bot_that_judges_otherwise_remembers_nothing``)."""
    bot = GreedyBot(seed)
    checks = Checks()
    rest_value, targets = bot.rest_value, bot.targets

    def checked_rest_value(s, seat, h):
        got = rest_value(s, seat, h)
        want = bot._rest_value(s, seat, h)
        assert got == want, (seat, h, got, want)
        checks.rests += 1
        return got

    def checked_targets(s, seat, me):
        got = targets(s, seat, me)
        assert got == bot._targets(s, seat, me)
        checks.targets += 1
        return got

    bot.rest_value = checked_rest_value  # type: ignore[method-assign]
    bot.targets = checked_targets  # type: ignore[method-assign]
    assert bot._remember
    return bot, checks


CONFIGS = [
    dict(players=4),
    dict(players=1),
    dict(players=3, mode="cooperative"),
    dict(players=3, variants=("white", "naturalist", "achievements")),
    dict(players=2, planet="small"),
    dict(players=5, edition="b", variants=("white",)),
]


@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_remembered_rest_values_and_targets_are_fresh_ones(cfg):
    bot, checks = checking_bot(seed=1)  # one bot for every seat and every game
    rng = np.random.default_rng(0)
    for seed in range(3):
        g = ww.new_game(seed=seed, **cfg)
        plies = 0
        while not g.is_over and plies < 1500:
            a = bot.act(g.state)
            if rng.random() < 0.05:  # undo the move and decide again: the same move
                before = str(a)
                g.apply(a)
                g.undo()
                a = bot.act(g.state)
                assert str(a) == before
            g.apply(a)
            plies += 1
    assert checks.rests > 100 and checks.targets > 100


def _sky_positions(cfg: dict, seed: int, plies: int):
    """States of a random game where a captain at sky decides on its turn."""
    s = ww.new_game(seed=seed, **cfg).state
    rng = np.random.default_rng(seed)
    for _ in range(plies):
        if s.over:
            return
        if engine.decider(s) == engine.CHANCE:
            a = engine.sample_chance(s, rng)
        else:
            if engine.decider(s) == s.current and not s.frames and s.ships[s.current].pos >= 0:
                yield s
            legal = engine.legal_actions(s)
            a = legal[int(rng.integers(len(legal)))]
        engine.apply(s, a, check=False)


def _free_space(s, rng) -> int:
    return int(rng.choice([h for h in range(1, len(s.planet.cells)) if not s.planet.is_drift[h]]))


#: Changes to one thing a rest value depends on (besides the space itself).
CHANGES = {
    "a red crester moves": lambda s, me, rng: s.reds.__setitem__(int(rng.integers(len(s.reds))), _free_space(s, rng)),
    "another ship moves": lambda s, me, rng: setattr(
        s.ships[int(rng.choice([i for i in range(len(s.ships)) if s.ships[i] is not me]))], "pos", _free_space(s, rng)),
    "the White Crester moves": lambda s, me, rng: setattr(s, "white", _free_space(s, rng)),
    "a red crester has fought": lambda s, me, rng: s.turn.fought_reds.append(s.reds[0]),
    "morale": lambda s, me, rng: setattr(me, "morale", 1 + (me.morale % 4)),
    "empty hand": lambda s, me, rng: me.hand.clear(),
    "a harpoon": lambda s, me, rng: me.hand.append("heavy_harpoon"),
    # a different number of cannons the ship can hold (more than its slots is no position)
    "cannons": lambda s, me, rng: setattr(me, "cannons", (me.cannons + 2) % (s.cannon_slots(s.ships.index(me)) + 1)),
    "the crew": lambda s, me, rng: me.crew.__setitem__(slice(None), [] if me.crew else ["Marine"]),
    "tokens": lambda s, me, rng: setattr(me, "tokens", me.tokens + 1),
    "a crester in the hold": lambda s, me, rng: setattr(me, "hold", "grey" if not me.hold else ""),
    "red teeth": lambda s, me, rng: setattr(me, "red_teeth", me.red_teeth + 2),
}


@pytest.mark.parametrize("cfg", [dict(players=4), dict(players=1), dict(players=3, mode="cooperative"),
                                 dict(players=3, variants=("white",))],
                         ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_remembered_rest_values_follow_every_change_they_depend_on(cfg):
    """From random positions: rest values remembered, then one thing they depend on changed (a
    copy of the position): every value asked again is the fresh one, and many did change."""
    bot = GreedyBot(seed=0)
    rng = np.random.default_rng(1)
    changed = asked = 0
    for seed in range(2):
        for k, s in enumerate(_sky_positions(cfg, seed, 400)):
            if k % 5:
                continue
            seat = s.current
            spaces = [h for h in range(1, len(s.planet.cells)) if not s.planet.is_drift[h]]
            bot._deciding = True
            try:
                bot._decision = {}
                before = {h: bot.rest_value(s, seat, h) for h in spaces}
                for name, change in CHANGES.items():
                    other = s.clone()
                    if name == "another ship moves" and len(other.ships) < 2:
                        continue
                    change(other, other.ships[seat], rng)
                    bot._decision = {}  # a decision in the changed position
                    for h in spaces:
                        got = bot.rest_value(other, seat, h)
                        assert got == bot._rest_value(other, seat, h), (name, h)
                        changed += got != before[h]
                        asked += 1
            finally:
                bot._deciding = False
            assert bot.rest_value(s, seat, PORT) == bot._rest_value(s, seat, PORT)
    assert asked > 1000 and changed > asked // 10


def test_a_bot_that_judges_otherwise_remembers_nothing():
    """A subclass with its own threats (which may look at anything, here an attribute of the bot)
    gets no remembered rest values: each follows its own judgement when it is asked."""

    class Fearful(GreedyBot):
        afraid = False

        def threats(self, s, seat, h):
            # afraid: two red cresters and the White Crester coming for it, wherever it rests
            return [f"red@{s.reds[0]}", f"red@{s.reds[1]}", "white"] if self.afraid else super().threats(s, seat, h)

    assert GreedyBot()._remember
    bot = Fearful(seed=0)
    assert not bot._remember
    g = ww.new_game(players=4, seed=2)
    while g.state.ships[g.current_player].pos < 0 or g.state.frames:
        g.apply(bot.act(g.state))
    s = g.state
    seat = g.current_player
    h = s.ships[seat].pos
    values = []
    for afraid in (False, True, False):
        bot.afraid = afraid
        bot._decision = {}  # a new decision in the same position, as choose makes it
        bot._deciding = bot._remember
        try:
            values.append(bot.rest_value(s, seat, h))
        finally:
            bot._deciding = False
        assert values[-1] == bot._rest_value(s, seat, h)
    assert values[0] == values[2] != values[1]

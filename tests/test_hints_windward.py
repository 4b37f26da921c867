"""Windward's coach hints: reasons with the exact battle odds and what a tooth is worth, every
legal action explainable in every mode, and hints that never read another captain's hand."""

from __future__ import annotations

import numpy as np
import pytest

import windward_nb as ww
from windward_nb.core import testing
from windward_nb.core.hint import hints
from windward_nb.windward.bots import RandomBot
from windward_nb.windward.gameview import VIEW
from windward_nb.windward.hints import battle_chance, explain
from windward_nb.windward.odds import battle_odds
from windward_nb.windward.view import battle_outlook


def _hunter(**ship):
    base = {"pos": "0,-3", "cannons": 3, "morale": 3, "crew": ["Marine"], "hand": ["harpoon"]}
    base.update(ship)
    return ww.scenario(players=2, wind=3, reds=["1,-3"], ships=[base, {"pos": "port"}])


def test_an_attack_says_the_exact_odds_and_the_prize():
    g = _hunter()
    o = battle_odds(attacker="ship", defender="red", attacker_cannons=3, attacker_crew=["Marine"],
                    attacker_morale=3, attacker_cards=["harpoon"])
    reason = explain(g.state, 0, g.rules.parse("move SE"))
    assert reason == (f"attack the red crester at 1,-3: {round(100 * float(o.win))}% to win the battle with "
                      f"3 cannons; +{g.state.components.teeth_notoriety['red']} notoriety if you bring the tooth home")
    plain = explain(g.state, 0, g.rules.parse("move N"))             # no plan: where it leads, what can reach it
    assert plain.startswith("0,-4 with 3 speed left after it; a red crester can reach you there at rest (")
    red = g.state.planet.index[(1, -3)]
    assert explain(g.state, 0, g.rules.parse("move N"), plan=f"red@{red}") == "toward " + reason[len("attack "):]


def test_a_full_hold_is_said_instead_of_the_tooth():
    g = _hunter(hold="grey")
    assert "your hold is full (grey crester)" in explain(g.state, 0, g.rules.parse("move SE"))


def test_each_number_of_cannons_gets_its_own_odds():
    g = _hunter()
    g.apply("move SE")
    lines = {n: explain(g.state, 0, g.rules.parse(f"battle cannons {n}")) for n in range(4)}
    chances = [battle_chance(g.state, 0, n) for n in range(4)]
    assert chances == sorted(chances) and chances[0] < chances[3]
    for n, line in lines.items():
        assert f"{round(100 * battle_outlook(g.state, n)['win'])}% to win the battle" in line
        assert line.endswith("against the red crester" + (f", keeping {3 - n} cannon{'s' if 3 - n > 1 else ''} "
                                                           "for later" if n < 3 else ""))


def test_bonuses_say_how_the_battle_ends():
    g = _hunter()
    g.apply("move SE")
    g.apply("battle cannons 3")
    assert g.current_player == 0 and "play harpoon" in map(str, g.legal_actions())   # seeded dice
    line = explain(g.state, 0, g.rules.parse("play harpoon"))
    t = g.clone()
    ev = t.apply("play harpoon")
    ended = [e for e in ev if e.kind == "BattleEnded"]
    if ended:
        won = ended[0].data["winner"]
        assert line.startswith("you win the battle" if won == "attacker" else "you lose the battle")
    else:
        assert "to win the battle" in line


def test_processing_and_cashing_teeth_say_the_notoriety():
    g = ww.scenario(players=2, wind=3, ships=[{"pos": "0,-3", "morale": 2, "hold": "red"}, {"pos": "port"}], reds=[])
    line = explain(g.state, 0, g.rules.parse("order process"))
    assert line == "turns the red crester in your hold into a tooth (+4 notoriety at the Trading Post) and 2 gas"
    g = ww.scenario(players=2, wind=3, ships=[{"pos": "0,-1", "red_teeth": 1, "grey_teeth": 2}, {"pos": "port"}],
                    reds=[])
    comp = g.state.components.teeth_notoriety
    assert explain(g.state, 0, g.rules.parse("enter port")) == \
        f"at the Trading Post your teeth become +{comp['red'] + 2 * comp['grey']} notoriety"


def test_a_rest_says_what_it_keeps():
    g = ww.scenario(players=2, wind=3, ships=[{"pos": "0,-3", "morale": 2, "hand": ["fuel"]}, {"pos": "port"}],
                    reds=[])
    g.apply("end turn")
    assert g.current_player == 0 and any(a.verb == "rest" for a in g.legal_actions())
    lines = {str(a): explain(g.state, 0, a) for a in g.legal_actions()}
    assert lines["rest discard fuel"] == "keeps your morale at 2; you give up Fuel"
    assert lines["rest morale"] == "morale 2 -> 1 (fewer dice in battle) and you keep your 1 card"


@pytest.mark.parametrize("options", [dict(players=3), dict(players=1), dict(players=2, mode="cooperative"),
                                     dict(players=4, variants=["white", "naturalist", "achievements"]),
                                     dict(players=2, planet="small")])
def test_every_legal_action_has_a_reason(options):
    g = ww.new_game(seed=5, **options)
    bot = RandomBot(seed=1)
    rng = np.random.default_rng(2)
    explained = 0
    for _ in range(400):
        if g.is_over:
            break
        seat = g.current_player
        if rng.random() < 0.3:
            for a in g.legal_actions():
                line = VIEW.explain(g.state, seat, a)
                assert isinstance(line, str) and line and "\n" not in line
                explained += 1
        g.apply(bot.act(g.state))
    assert explained > 20


def test_windward_hints_never_read_another_captains_hand():
    g = ww.new_game(players=3, seed=11)
    s1 = g.state
    seat = g.current_player
    other = (seat + 1) % 3
    s2 = s1.clone()
    stack = next(st for st in s2.stacks if len(st) > 1)
    s2.ships[other].hand[0], stack[0] = stack[0], s2.ships[other].hand[0]   # swap with an unseen card
    testing.check_hidden_pair(s1.rules, s1, s2, seat=seat)
    h1 = hints(s1, iterations=6, seed=3)
    h2 = hints(s2, iterations=6, seed=3)
    assert h1 == h2 and h1
    legal = [str(a) for a in g.legal_actions()]
    assert all(str(h.action) in legal for h in h1)


def test_a_battle_hint_names_the_odds():
    g = _hunter()
    g.apply("move SE")
    hs = g.hint(iterations=12, seed=1, top=4)
    assert {str(h.action) for h in hs} <= {f"battle cannons {n}" for n in range(4)}
    assert all("% to win the battle" in h.reason for h in hs)


def test_the_example_in_the_docs_prints_what_it_says(capsys):
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "hints.md").read_text()
    code = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    exec(compile(code, "docs/hints.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    promised = [line[2:] for line in code.splitlines() if line.startswith("# ")]
    assert printed == promised and len(promised) == 4


def test_ending_the_turn_says_which_crester_can_reach_the_ship():
    """The numbers are the rules' own forecast of the rest (the End-turn warning's): the rest first
    (no card to discard: morale 2 -> 1), then the red crester's attack."""
    from windward_nb.windward.forecast import rest_forecast

    ship = {"pos": "0,-3", "cannons": 2, "morale": 2}
    g = ww.scenario(players=2, wind=3, reds=["0,-4"], ships=[ship, {"pos": "port"}])
    f = rest_forecast(g.state)
    assert [a.kind for a in f.attackers] == ["red"] and 0 < f.lose_ship <= f.lose_battle < 1
    sky = "+1 notoriety for a turn ended at sky if you come through the rest; "
    assert explain(g.state, 0, g.rules.parse("end turn")) == (
        f"{sky}a red crester can reach you there at rest (you lose the battle {round(100 * f.lose_battle)}% "
        f"of the time, your ship {round(100 * f.lose_ship)}%) (4 speed unused)")
    moved = explain(g.state, 0, g.rules.parse("move S"))                 # a move says the rest risk where it ends
    there = rest_forecast(g.state, g.state.planet.index[(0, -2)])
    assert there is not None and ("no crester can reach you there at rest" in moved) == (not there.attackers)
    g = ww.scenario(players=2, wind=3, reds=[], ships=[ship, {"pos": "port"}])
    assert explain(g.state, 0, g.rules.parse("end turn")) == \
        f"{sky}no crester can reach you there at rest (4 speed unused)"


def test_a_race_is_judged_by_the_fitted_judge_and_a_team_game_played_to_the_end():
    from windward_nb.core.hint import judges_win_chance, search_bot
    from windward_nb.core.mcts import TERMINAL

    race = ww.new_game(players=3, seed=7)
    solo = ww.new_game(players=1, mode="solo", seed=2)
    assert judges_win_chance(race.rules, race.state) and not judges_win_chance(solo.rules, solo.state)
    assert search_bot(race.state, 1).rollout_plies == 0                  # judged at the captain's next turn
    bot = search_bot(solo.state, 1, iterations=2)
    assert bot.rollout_plies >= 10**6                                    # team progress is no win chance
    assert race.hint(iterations=12, seed=1).judged and not solo.hint(iterations=2, seed=1).judged
    world = solo.state.clone()
    values = bot._rollout(solo.rules, world, 0)
    assert solo.rules.decider(world) == TERMINAL and values in ([0.0], [1.0])


def test_a_seconds_hint_is_search_work_at_the_games_pace():
    g = ww.new_game(players=2, seed=3)
    hs = g.hint(seconds=0.2, seed=5)
    pace = g.rules.search_pace(g.state)
    assert pace == 13000.0 and 0.2 * pace <= hs.work and not hs.cut_short
    assert hs == g.hint(seconds=0.2, seed=5)                             # the same answer every time

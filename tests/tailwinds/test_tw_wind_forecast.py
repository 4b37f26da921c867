"""Tailwinds: what the table says about the wind is what the engine's wind does.

Every move of the captain to play is tried through the engine on positions of bot games: a move
is said to call the wind exactly when the engine rolls the wind die after it, against the leader
the engine blows back, and the spaces named for each face are where the engine puts the boats
when that face is forced through it (``die N``).
"""

from __future__ import annotations

from functools import lru_cache

from windward_nb.core.simulate import play_game
from windward_nb.tailwinds import RULES
from windward_nb.tailwinds import board
from windward_nb.tailwinds.forecast import move_warning, wind_if, wind_threat, wind_words
from windward_nb.tailwinds.scenario import scenario
from windward_nb.tailwinds.view import VIEW


@lru_cache(maxsize=1)
def turn_positions() -> tuple:
    found = []

    def observe(s, a, ev):
        if s.phase == "turn" and not s.pending and RULES.decider(s) == s.turn and s.points > 0:
            found.append(s.clone())

    for players, bots, seed in ((2, "random", 0), (3, "greedy", 1), (4, "random", 2), (4, "greedy", 3)):
        play_game("tailwinds", players=players, bots=bots, seed=seed, observer=observe, max_actions=3000)
    return tuple(found)


def test_a_move_calls_the_wind_exactly_when_the_engine_rolls_it():
    called = own = 0
    for s in turn_positions()[::3]:
        for a in RULES.legal_actions(s):
            if a.verb not in ("fore", "aft"):      # the moves ("move fore 3")
                continue
            t = s.clone()
            ev = RULES.apply(t, a)
            rolls = any(e.kind == "WindRises" for e in ev)
            w = wind_if(s, a)
            assert (w is not None) == rolls, (str(a), [e.text for e in ev])
            if w is None:
                assert move_warning(s, a) is None
                continue
            called += 1
            top = t.pending[-1]
            lead = board.leader(t, exclude=(top["seat"], top["boat"]))
            assert w.leader == lead and w.mover == (top["seat"], top["boat"])
            for face, back, on in w.faces:
                u = t.clone()
                RULES.apply(u, RULES.parse(f"die {face}"))
                lb, mb = board.find(u, *lead) if lead else None, board.find(u, *w.mover)
                assert back == (lb[0] if lb else u.track.finish) and on == (mb[0] if mb else u.track.finish)
            assert [f for f, _, _ in w.faces] == [1, 2, 3, 4, 5, 6]
            mine = lead is not None and lead[0] == s.turn
            assert (move_warning(s, a) is not None) == mine
            if mine:
                own += 1
                assert VIEW.danger(s, str(a)) == move_warning(s, a)
                assert wind_threat(s, s.turn) is not None          # the captain can call it: it can come
                assert any(h.startswith("Calls the wind against your own leader") for h in VIEW.coach(s).hints)
    assert called >= 5


def test_the_wind_against_your_own_leader_asks_twice_and_names_the_spaces():
    s = scenario(characters=["sailor", "pirate"], boats=[[(10, 1), (9, 1)], [(15, 1), (3, 1)]], turn=1, card="5")
    warning = VIEW.danger(s, "move aft 5")
    assert warning == ("This leaves the rearmost track card behind: the wind die is rolled and blows your fore boat, "
                       "the leader, back 1-6 spaces (to spaces 9-14, each face 1 in 6); the boat that left sails "
                       "on as far.")
    assert VIEW.danger(s, "move aft 3") is None                   # stays on the first card: no wind
    assert VIEW.danger(s, "move fore 5") is None
    hints = VIEW.coach(s).hints
    assert "Calls the wind against your own leader: move aft 5." in hints
    assert any(h.startswith("Wind: your fore boat leads; if the boats on track card 1 all leave it this round")
               for h in hints)
    assert wind_words(s, 0) == []                                  # the other captain does not lead


def test_the_threat_is_the_engines_wind_face_by_face():
    s = scenario(characters=["sailor", "pirate"], boats=[[(10, 1), (9, 1)], [(15, 1), (3, 1)]], turn=1, card="5")
    text = wind_threat(s, 1)
    assert text.endswith("blows your fore boat back 1-6 spaces (to spaces 9-14).")
    t = s.clone()
    RULES.apply(t, RULES.parse("move aft 5"))
    ends = set()
    for d in range(1, 7):
        u = t.clone()
        RULES.apply(u, RULES.parse(f"die {d}"))
        ends.add(board.find(u, 1, 0)[0] + 1)
    assert ends == set(range(9, 15))

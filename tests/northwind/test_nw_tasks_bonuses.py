"""Completing Tasks and the Bonus Fields for Task Tokens."""

from __future__ import annotations

from nw_helpers import game, kinds, legal, no_invariant_broken, play, refused

T = "Completing Tasks"


def visit(dest, players=2, **kw):
    kw.setdefault("letters", [0] * players)
    g = game(players=players, stacks={dest: [dest, "wreck" if dest != "olsand" else "grain-1"]}, **kw)
    play(g, f"sail {dest}", "reveal")
    return g


def test_the_first_tasks_are_the_rulebooks():
    comp = game().state.comp
    assert comp.tasks["north-cape"][0] == {"wine": 1}
    assert comp.tasks["fort-haven"][0] == {"captain": 1}
    assert comp.tasks["olsand"][0] == {"salt": 1, "fish": 1}


def test_completing_a_task_hands_over_its_items_and_places_a_token():
    g = visit("olsand", hold=[{"salt": 1, "fish": 2}, {}])
    assert legal(g) == ["deliver", "pass"]
    ev = play(g, "deliver")
    s = g.state
    assert s.tasks[2] == [0] and s.hold[0] == [0, 0, 0, 0, 1] and s.tray == [8, 8, 8, 8, 7]
    assert s.actions == 1 and "TaskCompleted" in kinds(ev)
    assert s.most[2] == 0, "the first token in a column already has the most"
    assert s.on_board(0) == 2 and s.tokens[0] == 8
    no_invariant_broken(g)


def test_pirate_captains_go_back_to_the_supply():
    g = visit("fort-haven", brig=[2, 0])
    play(g, "deliver")
    assert g.state.brig[0] == 1 and g.state.captains == 7


def test_gold_tasks_are_paid_to_the_bank():
    g = visit("north-cape", gold=[5, 5], tasks={"north-cape": [1, 1]})
    assert g.rules.describe(g.state, g.legal_actions()[0]) == "complete the current task (3 gold)"
    play(g, "deliver")
    assert g.state.gold[0] == 2


def test_only_the_current_task_and_only_with_its_items():
    g = visit("olsand", hold=[{"grain": 1, "salt": 1}, {}])  # the second field's items, not the first's
    assert g.state.phase == "sail", "nothing to do: passed for the captain"
    g = visit("olsand", hold=[{"salt": 1}, {}])
    assert g.state.phase == "sail"
    g = game(stacks={"olsand": ["olsand"]}, hold=[{"salt": 1}, {}])
    play(g, "sail olsand")
    g.state.hold[0][4] = 1  # give the fish by hand, then take it away, to check the refusal
    g.state.tray[4] -= 1
    play(g, "reveal")
    g.state.hold[0][4] = 0
    g.state.tray[4] += 1
    refused(g, "deliver", T, "asks for 1 salt and 1 fish; you have 0 fish")


def test_one_task_per_visit_even_with_items_for_the_next():
    g = visit("olsand", hold=[{"salt": 2, "fish": 1, "grain": 1}, {}])
    play(g, "deliver")
    assert g.state.phase == "sail" and len(g.state.tasks[2]) == 1


def test_a_full_column_offers_nothing():
    g = visit("olsand", tasks={"olsand": [1] * 9}, hold=[{"salt": 2, "grain": 2, "lumber": 1}, {}])
    assert g.state.phase == "sail"


def test_the_most_tokens_bonus_is_lost_on_a_tie_and_taken_by_a_new_leader():
    g = visit("north-cape", players=3, tasks={"north-cape": [1, 2, 1]}, gold=[9, 0, 0], hold=[{}, {}, {}])
    assert g.state.most[0] == 1
    # field 4 asks for 1 wine and 2 gold
    g = visit("north-cape", players=3, tasks={"north-cape": [1, 2, 1, 0]}, gold=[9, 0, 0],
              hold=[{"wine": 2}, {}, {}])
    assert g.state.most[0] == 1
    ev = play(g, "deliver")  # seat 0 draws level with seat 1 (2 each): seat 1 takes its bonus back
    assert g.state.most[0] == -1 and "BonusLost" in kinds(ev) and g.state.tokens[1] == 8
    no_invariant_broken(g)


def test_a_strict_new_leader_takes_the_bonus():
    g = visit("north-cape", tasks={"north-cape": [1, 0, 0, 1]}, hold=[{"wine": 2}, {}])
    assert g.state.most[0] == -1
    play(g, "deliver")  # field 5: 2 wine
    assert g.state.most[0] == 0 and g.state.on_board(0) == 3 + 1


def test_a_token_in_every_column_earns_the_supply_bonus():
    g = visit("olsand", tasks={"north-cape": [0], "fort-haven": [0]}, hold=[{"salt": 1, "fish": 1}, {}])
    ev = play(g, "deliver")
    assert g.state.supply_bonus == [0] and sum(e.data.get("bonus") == "supply" for e in ev) == 1
    assert g.state.on_board(0) == 3 + 3 + 1  # three column tokens, three "most" bonuses, this bonus


def test_supply_and_crew_bonus_fields_are_shared_unless_exclusive():
    both = {"north-cape": [0, 1], "fort-haven": [0, 1], "olsand": [0, 1]}
    g = game(tasks=both)
    assert g.state.supply_bonus == [0, 1]
    g = game(tasks=both, exclusive_bonuses=True)
    assert g.state.supply_bonus == [0]
    full = ["boatswain", "bookkeeper", "cannoneer", "lookout"]
    assert game(crew=[full, full]).state.crew_bonus == [0, 1]
    assert game(crew=[full, full], exclusive_bonuses=True).state.crew_bonus == [0]


def test_task_tokens_are_conserved_through_bonuses():
    g = visit("north-cape", players=3, tasks={"north-cape": [1, 2, 1, 0]}, gold=[9, 0, 0],
              hold=[{"wine": 2}, {}, {}])
    play(g, "deliver")
    s = g.state
    for p in range(3):
        placed = sum(c.count(p) for c in s.tasks) + s.most.count(p) + s.supply_bonus.count(p) + s.crew_bonus.count(p)
        assert placed + s.tokens[p] == 10

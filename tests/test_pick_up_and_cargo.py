"""Rulebook sections "Pick Up", "Cargo Hold", "Gas Pocket" and "Collect Rewards"."""

import pytest

import windward_nb as ww


def ship_at(pos, items=None, **kw):
    ship = {k: kw.pop(k) for k in list(kw) if k in ("hold", "gas", "grey_teeth", "red_teeth", "tokens", "boats", "crew")}
    return ww.scenario(players=2, ships=[{"pos": pos, **ship}, kw.pop("other", {"pos": "port"})], items=items,
                       reds=[], greys=[], **kw)


def test_gas_pocket_gas_up_to_storage():
    g = ship_at("1,-2", gas=3)  # gas pocket of territory 1 with 2 gas; 4 slots
    g.apply("pick up gas")
    assert g.state.ships[0].gas == 4 and g.state.item_count(g.state.planet.index[(1, -2)], "gas") == 1
    with pytest.raises(ww.IllegalActionError, match=r"gas storage is full"):
        g.apply("pick up gas")


def test_pick_up_teeth_tokens_and_cresters():
    g = ship_at("0,-2", items={"0,-2": {"grey_teeth": 1, "red_teeth": 2, "tokens": 1}}, greys_down=["0,-2"])
    g.apply("pick up teeth")
    g.apply("pick up tokens")
    g.apply("pick up crester")
    ship = g.state.ships[0]
    assert (ship.grey_teeth, ship.red_teeth, ship.tokens, ship.hold) == (1, 2, 1, "grey")
    assert not g.state.items and not g.state.greys_down


def test_only_one_crester_in_the_hold():
    g = ship_at("0,-2", hold="red", reds_down=["0,-2"])
    with pytest.raises(ww.IllegalActionError, match=r"already holds a crester \[Cargo Hold\]"):
        g.apply("pick up crester")


def test_a_grey_towed_by_another_players_longboat_cannot_be_taken():
    g = ship_at("0,-2", greys_down=["0,-2"], other={"pos": "port", "boats": ["0,-2"]})
    with pytest.raises(ww.IllegalActionError, match=r"towed by another player's longboat"):
        g.apply("pick up crester")
    g = ship_at("0,-2", greys_down=["0,-2"], boats=["0,-2"])
    g.apply("pick up crester")
    g.apply("pick up longboat")
    assert g.state.ships[0].hold == "grey" and g.state.ships[0].boats == [-1]


def test_drop_cargo_at_sky_only():
    g = ship_at("0,-2", hold="red", grey_teeth=1)
    g.apply("drop crester")
    g.apply("drop teeth")
    s = g.state
    assert s.reds_down == [s.planet.index[(0, -2)]] and s.item_count(s.planet.index[(0, -2)], "grey_teeth") == 1
    g = ship_at("port", grey_teeth=1)
    with pytest.raises(ww.IllegalActionError, match=r"only at sky"):
        g.apply("drop teeth")


def test_collect_rewards_on_entering_port():
    g = ship_at("0,1", grey_teeth=1, red_teeth=1)
    ev = g.apply("enter port")
    assert g.state.ships[0].notoriety == 7
    assert [e for e in ev if e.kind == "NotorietyGained"][0].data["source"] == "teeth"


# R31. The rulebook lets a ship at sky "drop these items from your Cargo Hold onto the space you're on"
# and "freely take them from the planet into your Cargo Hold", with no limit; the pair could repeat
# forever within one turn. The exact undo of a pick-up or a drop made this turn is refused.
def test_cargo_dropped_this_turn_cannot_be_picked_straight_back_up_there():
    g = ship_at("0,-2", items={"0,-2": {"tokens": 1}}, hold="red", grey_teeth=1)
    g.apply("pick up tokens")
    g.apply("drop teeth")
    legal = [str(a) for a in g.legal_actions()]
    assert "drop tokens" not in legal and "pick up teeth" not in legal
    before = g.state.fingerprint()
    with pytest.raises(ww.IllegalActionError, match=r"picked up \+2 tokens here this turn.*\[Cargo Hold\]"):
        g.apply("drop tokens")
    with pytest.raises(ww.IllegalActionError, match=r"dropped crester teeth here this turn.*\[Pick Up\]"):
        g.apply("pick up teeth")
    assert g.state.fingerprint() == before
    g.apply("drop crester")                       # a move not made before this turn is still free
    with pytest.raises(ww.IllegalActionError, match=r"dropped the defeated crester here"):
        g.apply("pick up crester")


def test_the_refusal_lasts_one_turn_and_one_space():
    g = ship_at("0,-2", items={"0,-2": {"tokens": 1}})
    g.apply("pick up tokens")
    g.apply("move N")                             # another space: dropping there undoes nothing
    assert "drop tokens" in [str(a) for a in g.legal_actions()]
    g.apply("drop tokens")
    g.apply("end turn")
    while g.state.current == 0:                   # the rest at sky, then the next captain's turn
        g.apply(g.legal_actions()[0])
    assert g.state.turn.reversible == []
    # a position where nothing was taken back keeps the fingerprint it always had
    assert "reversible" not in g.state.to_dict()["turn"]


def test_a_pickup_and_a_drop_cannot_repeat_forever():
    g = ship_at("0,-2", items={"0,-2": {"tokens": 2}}, tokens=1)
    moves = 0
    while moves < 20:
        legal = [str(a) for a in g.legal_actions()]
        nxt = [a for a in ("pick up tokens", "drop tokens") if a in legal]
        if not nxt:
            break
        g.apply(nxt[0])
        moves += 1
    assert moves == 1 and g.state.ships[0].tokens == 3


def test_a_record_made_before_r31_replays_its_undos():
    import json

    from windward_nb.windward.record import Record

    d = json.loads(ship_at("0,-2", items={"0,-2": {"tokens": 1}}).record.to_json())
    assert d["options"]["takebacks"] is False
    d["actions"] = ["pick up tokens", "drop tokens", "pick up tokens"]
    with pytest.raises(ww.RecordError, match="dropping them back would undo it"):
        Record.from_dict(d).replay()
    del d["options"]["takebacks"]                        # a record made before R31 does not name it
    old = Record.from_dict(d)
    assert old.takebacks is True
    final = old.replay()
    assert final.state.ships[0].tokens == 1 and final.state.turn.reversible == []
    assert "drop tokens" in [str(a) for a in final.legal_actions()]    # and could go on: R31 is off
    with pytest.raises(ValueError, match="takebacks"):
        ww.new_game(players=2, seed=4, takebacks="yes")

"""Component data: the bundled cards load, real cards could be dropped in, bad data gets a clear error."""

from __future__ import annotations

import copy
import json

import pytest

from windward_nb.core.errors import OptionError
from windward_nb.tailwinds import ComponentError, load_components, new_game
from windward_nb.tailwinds.cards import OPS, _bundled_raw


def raw():
    return _bundled_raw()


def test_the_bundled_components_are_marked_assumed_and_complete():
    comp = load_components()
    assert comp.sources == {"track": "assumed", "movement": "assumed", "rainbow": "assumed"}
    assert len(comp.characters) == 6 and all(len(c.cards) == 7 for c in comp.characters.values())
    assert sum(len(c.cards) for c in comp.characters.values()) == 42
    assert all(sum(card.recover for card in c.cards) == 1 for c in comp.characters.values())
    assert len(comp.rainbow_deck) == 20 and len(comp.track) == 6
    used = {op["op"] for c in comp.characters.values() for card in c.cards if card.ability
            for op in card.ability.ops} | {op["op"] for r in comp.rainbow.values() for op in r.effect}
    assert used == set(OPS)  # every operation of the vocabulary is exercised by some card


def edit(part, fn):
    d = raw()
    fn(d[part])
    return {part: d[part]}


@pytest.mark.parametrize("part, change, message", [
    ("movement", lambda m: m["characters"][0]["cards"][2]["ability"]["ops"][0].update(op="teleport"),
     "unknown operation 'teleport'"),
    ("movement", lambda m: m["characters"][0]["cards"].pop(), "exactly one Recover card"),
    ("movement", lambda m: m["characters"][0]["cards"][0].update(key="One Card"), "short lower-case key"),
    ("movement", lambda m: m["characters"][0]["cards"][0].update(value=-1), "between 0 and 20"),
    ("movement", lambda m: m["characters"][0]["cards"][0].update(value=2.5), "whole number"),
    ("movement", lambda m: m["characters"][1]["cards"][1]["ability"]["ops"][0].update(points="3"), "whole number"),
    ("movement", lambda m: m["characters"][0]["cards"][2]["ability"].update(when="later"), "one of start, any, end"),
    ("movement", lambda m: m["characters"][0]["cards"][6]["ability"].update(auto=False), "must be automatic"),
    ("movement", lambda m: m["characters"][0]["cards"][1].update(key="1"), "same key"),
    ("movement", lambda m: m["characters"][0].update(key="crew"), "repeats the character"),
    ("movement", lambda m: m["characters"][5]["cards"][2]["ability"]["ops"][0].update(range=0),
     "range is 0 exactly"),
    ("movement", lambda m: m["characters"][0]["cards"][0].update(colour="red"), "unknown field 'colour'"),
    ("rainbow", lambda r: r["cards"][0]["effect"].append({"op": "copy"}), "only a movement card"),
    ("rainbow", lambda r: r["cards"][0]["effect"][0].update(spaces=0), "0 spaces"),
    ("rainbow", lambda r: r["cards"][0].update(points_for={"ninja": 2}), "unknown character 'ninja'"),
    ("rainbow", lambda r: r["cards"][1].update(key="anchor"), "repeats the rainbow card"),
    ("rainbow", lambda r: r.update(cards=[]), "list the rainbow cards"),
    ("track", lambda t: t["cards"][0]["standard"].update(start=[1]), "room for 8 boats"),
    ("track", lambda t: t["cards"][1]["standard"].update(rainbow=[9]), "between 1 and 6"),
    ("track", lambda t: t["cards"][2].update(number=7), "should be numbered 3"),
    ("track", lambda t: t["cards"][0]["advanced"].update(narrow=[1]), "start space that is narrow"),
    ("track", lambda t: t.update(cards=[]), "between 1 and 12 track cards"),
])
def test_bad_component_data_is_refused_naming_the_field(part, change, message):
    with pytest.raises(ComponentError) as exc:
        load_components(edit(part, change))
    assert message in str(exc.value), str(exc.value)
    assert exc.value.field.startswith(part) or exc.value.field == ""


def test_components_from_a_file_and_clear_errors_for_bad_files(tmp_path):
    good = tmp_path / "cards.json"
    data = edit("movement", lambda m: m["characters"][0]["cards"][5].update(value=7))
    good.write_text(json.dumps(data))
    assert load_components(good).characters["sailor"].card("6").value == 7
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(ComponentError, match="not valid JSON"):
        load_components(bad)
    with pytest.raises(ComponentError, match="cannot read"):
        load_components(tmp_path / "missing.json")
    with pytest.raises(ComponentError, match="unknown part"):
        load_components({"tiles": {}})


def test_a_game_can_be_played_with_custom_components_and_its_record_keeps_them():
    custom = edit("track", lambda t: [c["standard"].update(spaces=4) for c in t["cards"][1:]])
    g = new_game(players=2, seed=4, components=custom)
    assert g.state.track.length == 7 + 5 * 4
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    rec = type(g.record).from_json(g.record.to_json())
    assert rec.replay().state.fingerprint() == g.state.fingerprint()
    with pytest.raises(OptionError, match="components"):
        new_game(players=2, components=edit("rainbow", lambda r: r["cards"][0].update(count=0)))


def test_loading_never_changes_the_callers_data():
    d = raw()
    before = copy.deepcopy(d)
    load_components(d)
    assert d == before

"""Saved Samarkand games and families files cannot hold impossible values: every count is bounded by
the components, the counters agree with the pieces, and each refusal is one SaveFileError line naming
the field and the clause."""
import json
import random

import pytest

from caravan_lessons.core import SaveFileError
from caravan_lessons.files import DataFileError
from caravan_lessons.samarkand import State, load_board, new_game, scenario
from caravan_lessons.samarkand.board import package_file
from caravan_lessons.samarkand.saves import MAX_BANK_OUT, MAX_DIRHAMS, MAX_TURNS, SaveFile, lesson_position

FAMILY_DATA = json.loads(package_file("samarkand", "families.json").read_text(encoding="utf-8"))


def played(players=3, seed=5, steps=80):
    rng = random.Random(seed)
    state = new_game(players, seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(list(state.legal_actions())))
    return state


def refused(data, *words):
    with pytest.raises(SaveFileError) as info:
        State.from_dict(data)
    text = str(info.value)
    assert all(w in text for w in words), text
    assert "\n" not in text and text.startswith("saved game: ")
    return text


@pytest.mark.rule("SAM-TURN-1", "SAM-DECK-1", "SAM-COMP-3", "SAM-EXT-4")
@pytest.mark.parametrize("field, rule", [("turns", "SAM-TURN-1"), ("passes", "SAM-TURN-1"),
                                         ("reshuffles", "SAM-DECK-1"), ("bank_out", "SAM-COMP-3"),
                                         ("bank_in", "SAM-EXT-4")])
@pytest.mark.parametrize("value", [-1, 10**99])
def test_counters_out_of_range_are_refused_naming_the_clause(field, rule, value):
    data = played().to_dict()
    data[field] = value
    refused(data, f"field '{field}'", rule, "must be from 0 to", f"got {str(value)[:20]}")


@pytest.mark.rule("SAM-COMP-3", "SAM-SETUP-6", "SAM-COMP-1")
@pytest.mark.parametrize("where, value, rule", [
    (("players", 0, "money"), -1, "SAM-COMP-3"), (("players", 0, "money"), MAX_DIRHAMS + 1, "SAM-COMP-3"),
    (("families", "levant", "treasury"), 10**99, "SAM-COMP-3"), (("families", "levant", "reserve"), 12, "SAM-COMP-1"),
    (("active",), 5, "SAM-SETUP-6"), (("events", 0, "player"), 7, "SAM-TURN-1"),
])
def test_bounded_fields_name_the_clause(where, value, rule):
    data = played().to_dict()
    target = data
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    refused(data, rule)


@pytest.mark.rule("SAM-DECK-1", "SAM-EXT-4", "SAM-COMP-3", "SAM-TURN-1", "SAM-SETUP-6")
def test_counters_must_agree_with_the_pieces():
    fresh = new_game(3, 1).to_dict()  # nobody has married or placed a camel yet
    for field, value, rule in [("reshuffles", 1, "SAM-DECK-1"), ("bank_in", 1, "SAM-EXT-4"),
                               ("bank_out", 3, "SAM-COMP-3"), ("turns", 4, "SAM-TURN-1"),
                               ("passes", 3, "SAM-TURN-1"), ("active", 1, "SAM-SETUP-6")]:
        data = json.loads(json.dumps(fresh))
        data[field] = value
        refused(data, rule)
    data = json.loads(json.dumps(fresh))
    data["end_reason"] = "SAM-END-1"
    refused(data, "SAM-END-1", "goes on")


@pytest.mark.rule("SAM-TURN-1")
def test_events_name_a_seat_and_a_rule_of_the_game():
    data = played().to_dict()
    data["events"][0]["player"] = 3  # a seat of no player in a 3-player game
    refused(data, "events[0]", "seat 3")
    data = played().to_dict()
    data["events"][0]["rule"] = "3"
    refused(data, "events[0]", "no Samarkand rule ID")


def test_real_games_and_lesson_positions_still_load(tmp_path):
    for players in (2, 3, 4, 5):
        for seed in range(3):
            state = played(players, seed, steps=400)
            assert State.from_dict(json.loads(json.dumps(state.to_dict()))).to_dict() == state.to_dict()
    lesson = scenario(4, held={0: ["levant"]}, treasury={"levant": 2}, money={0: 2})
    path = tmp_path / "lesson.json"
    path.write_text(json.dumps(lesson.to_dict()), encoding="utf-8")
    assert lesson_position(json.loads(path.read_text())).to_dict() == lesson.to_dict()
    refused(lesson.to_dict(), "SAM-COMP-3", "dirhams")  # [ruling] no game reaches it: not a saved game


def test_the_schema_documents_the_bounds():
    schema = SaveFile.model_json_schema()
    props = schema["properties"]
    assert props["turns"]["maximum"] == MAX_TURNS and props["bank_out"]["maximum"] == MAX_BANK_OUT
    assert "SAM-TURN-1" in props["turns"]["description"] and "bank" in props["bank_out"]["description"]
    money = schema["$defs"]["PlayerSave"]["properties"]["money"]
    assert money["minimum"] == 0 and money["maximum"] == MAX_DIRHAMS and "SAM-COMP-3" in money["description"]


@pytest.mark.rule("SAM-COMP-1")
@pytest.mark.parametrize("colour", ["not-a-colour", "#12345", "", "rgb(1,2,3)"])
def test_a_family_colour_that_is_no_colour_is_refused_at_load(colour):
    data = json.loads(json.dumps(FAMILY_DATA))
    data["families"][0]["colour"] = colour
    with pytest.raises(DataFileError) as info:
        load_board(None, data)
    text = str(info.value)
    assert "colour" in text and repr(colour) in text and "SAM-COMP-1" in text and "\n" not in text


def test_good_family_colours_load_and_the_default_file_is_drawable():
    from matplotlib.colors import is_color_like

    data = json.loads(json.dumps(FAMILY_DATA))
    data["families"][0]["colour"] = "tab:red"
    assert load_board(None, data).families[0].colour == "tab:red"
    assert all(is_color_like(f["colour"]) for f in FAMILY_DATA["families"])  # the default file is not re-checked


@pytest.mark.parametrize("version", [True, 1.0, 2])
def test_a_families_file_version_must_be_the_integer_1(version):
    data = json.loads(json.dumps(FAMILY_DATA))
    data["version"] = version
    with pytest.raises(DataFileError, match="version"):
        load_board(None, data)

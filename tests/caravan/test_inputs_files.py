"""Saved Caravan games cannot hold impossible values: demand markers, seats, tokens and counters are
bounded by the components, each space is listed once, and each refusal is one SaveFileError line
naming the field and the clause."""
import json
import random

import pytest

from caravan_lessons import SaveFileError
from caravan_lessons import caravan as c
from caravan_lessons.caravan.saves import MAX_DEMAND_MARKERS, SaveFile


def played(players=3, steps=150, seed=4):
    rng = random.Random(seed)
    state = c.new_game(players, seed=seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(list(state.legal_actions())))
    return state


def refused(data, *words):
    with pytest.raises(SaveFileError) as info:
        c.State.from_dict(data)
    text = str(info.value)
    assert all(w in text for w in words), text
    assert "\n" not in text and text.startswith("saved game: ")
    return text


@pytest.mark.rule("CAR-REFILL-2")
@pytest.mark.parametrize("value", [-1, 0, MAX_DEMAND_MARKERS + 1, 10**99])
def test_demand_markers_on_a_space_are_bounded(value):
    data = c.new_game(3, seed=3).to_dict()
    data["demand"][0]["markers"] = value
    refused(data, "field 'demand[0].markers'", "CAR-REFILL-2")


@pytest.mark.rule("CAR-REFILL-2")
@pytest.mark.parametrize("value", [-1, MAX_DEMAND_MARKERS + 1, 10**99])
def test_demand_markers_on_a_player_board_are_bounded(value):
    data = c.new_game(3, seed=3).to_dict()
    data["markers"][1] = value
    refused(data, "field 'markers[1]'", "CAR-REFILL-2")


@pytest.mark.rule("CAR-REFILL-2")
def test_no_more_demand_markers_than_setup_and_refills_placed():
    data = c.new_game(3, seed=3).to_dict()  # 4 markers at setup, no refill yet
    data["demand"][0]["markers"] = 2
    refused(data, "CAR-REFILL-2", "5 demand markers", "only 4 were placed")
    data = c.new_game(3, seed=3).to_dict()
    data["markers"][0] = 1  # a marker taken that was never placed
    refused(data, "CAR-REFILL-2", "only 4 were placed")


@pytest.mark.rule("CAR-REFILL-2")
def test_a_space_listed_twice_in_demand_is_refused():
    data = c.new_game(3, seed=3).to_dict()
    data["demand"][1]["at"] = list(data["demand"][0]["at"])
    data["demand"][1]["markers"] = data["demand"][0]["markers"]
    refused(data, "CAR-REFILL-2", "listed twice")
    data = c.new_game(3, seed=3).to_dict()
    data["demand"].append(dict(data["demand"][0]))
    refused(data, "CAR-REFILL-2")


@pytest.mark.rule("CAR-REFILL-2")
def test_demand_markers_lie_only_on_numbered_spaces():
    state = c.new_game(3, seed=3)
    plain = next(s for s in state.board.spaces if s not in state.board.numbered)
    data = state.to_dict()
    data["demand"][0]["at"] = list(plain)
    refused(data, "CAR-REFILL-2", "not a numbered space")


@pytest.mark.rule("CAR-TURN-1")
@pytest.mark.parametrize("seat", [-2, 3, 10**99])
def test_events_name_a_seat_of_the_game(seat):
    data = played().to_dict()
    data["events"][0][0] = seat
    refused(data, "CAR-TURN-1")


@pytest.mark.rule("CAR-TURN-1")
def test_events_cite_a_rule_of_the_game():
    data = played().to_dict()
    data["events"][0][2] = "3"
    refused(data, "events[0]", "no Caravan rule ID")


@pytest.mark.rule("CAR-SETUP-2", "CAR-TURN-1", "CAR-REFILL-3")
@pytest.mark.parametrize("field, value, words", [
    ("tokens", [1, 1, 10**99], "CAR-SETUP-2"), ("turn", 10**99, "CAR-TURN-1"), ("turn", -1, "CAR-TURN-1"),
    ("actions_left", 5, "CAR-TURN-1"), ("draws", [4] * 11, "draws"), ("players", 5, "CAR-SETUP-1"),
    ("current", -1, "CAR-SETUP-1"),
])
def test_counters_are_bounded(field, value, words):
    data = played().to_dict()
    data[field] = value
    refused(data, words)


@pytest.mark.rule("CAR-REFILL-3")
def test_no_more_refills_than_cubes_drawn():
    data = c.new_game(3, seed=3).to_dict()
    data["draws"] = [4]  # a refill recorded while the bag is still full
    refused(data, "CAR-REFILL-3", "cubes have left the bag")


def test_real_games_still_load():
    for players in (2, 3, 4):
        for seed in range(3):
            state = played(players, steps=600, seed=seed)
            assert c.State.from_dict(json.loads(json.dumps(state.to_dict()))).to_dict() == state.to_dict()


def test_the_schema_documents_the_bounds():
    schema = SaveFile.model_json_schema()
    demand = schema["$defs"]["DemandOnSpace"]["properties"]["markers"]
    assert demand["minimum"] == 1 and demand["maximum"] == MAX_DEMAND_MARKERS == 44
    assert "CAR-REFILL-2" in demand["description"]
    assert "ruling" in schema["properties"]["turn"]["description"]

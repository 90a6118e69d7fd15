"""Saved games: round trips through files, and bad files refused naming field or clause."""
import copy
import json
import random

import pytest

from caravan_lessons import SaveFileError, load_game, save_game
from caravan_lessons import caravan as c
from caravan_lessons.caravan.agents import determinize, playout_policy, position


def played(players=3, steps=150, seed=4, **options):
    rng = random.Random(seed)
    state = c.new_game(players, seed=seed, **options)
    for _ in range(steps):
        if state.over:
            break
        state.apply(playout_policy(state, rng))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_round_trip_through_file(tmp_path, players):
    state = played(players, steps=120 + 40 * players)
    path = save_game(state, tmp_path / "game.json")
    again = load_game(path)
    assert again.to_dict() == state.to_dict()
    assert again.legal_actions() == state.legal_actions()
    # and both go on identically
    rng1, rng2 = random.Random(1), random.Random(1)
    for _ in range(60):
        if state.over:
            break
        state.apply(playout_policy(state, rng1))
        again.apply(playout_policy(again, rng2))
    assert again.to_dict() == state.to_dict()


def test_custom_board_travels_with_the_save(tmp_path):
    data = json.loads(c.TEACHING_BOARD.read_text(encoding="utf-8"))
    data["teaching_board"] = False
    state = c.new_game(2, seed=1, board=data)
    again = c.State.from_dict(json.loads(json.dumps(state.to_dict())))
    assert again.board.teaching_board is False and again.to_dict() == state.to_dict()


def test_observation_hides_only_the_bag_order():
    state = played(4)
    obs = state.observation(2)
    assert "seed" not in obs and isinstance(obs["bag"], dict) and sum(obs["bag"].values()) == len(state.bag)
    rebuilt = position(obs)
    assert rebuilt.legal_actions() == state.legal_actions()
    sampled = determinize(obs, random.Random(0))
    assert sorted(sampled.bag) == sorted(state.bag)
    for bad in (4, -1, True, 1.5):
        with pytest.raises(ValueError):
            state.observation(bad)


def _bad(change):
    data = copy.deepcopy(played(3).to_dict())
    change(data)
    return data


def _first_loaded(data):
    for row in data["camels"]:
        for camel in row:
            if camel["good"]:
                return camel
    raise AssertionError("no loaded camel")


BAD = {
    "bool as players": (lambda d: d.update(players=True), "players"),
    "float turn": (lambda d: d.update(turn=3.0), "turn"),
    "unknown field": (lambda d: d.update(extra=1), "extra"),
    "wrong version": (lambda d: d.update(version=2), "version"),
    "five players": (lambda d: d.update(players=5), "CAR-SETUP-1"),
    "a cube too many": (lambda d: d["bag"].append("ivory"), "CAR-"),
    "cube vanished": (lambda d: d["goods"].pop(), "CAR-"),
    "all camels loaded": (lambda d: [cm.update(good="salt", at=[3, 3]) for cm in d["camels"][0]], "CAR-"),
    "good in the supply": (lambda d: d["camels"][0].__setitem__(0, {"at": None, "good": "salt", "under": False}),
                           "CAR-"),
    "under without a good": (lambda d: d["camels"][1].__setitem__(0, {"at": [2, 2], "good": None, "under": True}),
                             "CAR-STEAL-2"),
    "good off numbered space": (lambda d: d["goods"][0].update(at=[3, 3]), "CAR-SETUP-4"),
    "extra theft token": (lambda d: d["tokens"].__setitem__(0, d["tokens"][0] + 1), "CAR-SETUP-2"),
    "five actions": (lambda d: d.update(actions_left=5), "CAR-TURN-1"),
    "wrong seat to play": (lambda d: d.update(current=(d["current"] + 1) % 3), "CAR-TURN-1"),
    "over before the end": (lambda d: d.update(over=True), "CAR-END-1"),
    "camel off board": (lambda d: _first_loaded(d).update(at=[9, 9]), "CAR-CAMEL-1"),
    "unknown good": (lambda d: _first_loaded(d).update(good="spice"), "CAR-"),
    "refill of 3": (lambda d: d.update(draws=[3]), "CAR-REFILL-3"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_saves_refused(name):
    change, expected = BAD[name]
    with pytest.raises(SaveFileError, match=expected):
        c.State.from_dict(_bad(change))


@pytest.mark.parametrize("text", ["", "{", "[]", '{"game": "caravan", "version": 1}', "NaN"])
def test_bad_save_files(tmp_path, text):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveFileError):
        load_game(path)


# --- impossible but well-typed positions (fuzz review F15) --------------------------------------------

def refused_naming(data, rule, *words):
    with pytest.raises(SaveFileError) as info:
        c.State.from_dict(data)
    text = str(info.value)
    assert rule in text and all(w in text for w in words) and "\n" not in text and len(text) <= 300, text
    return text


def _after_a_refill():
    state = played(3, steps=160, seed=2)
    assert state.draws and state.bag and not state.over and any(state.markers) and any(map(any, state.load))
    return state


@pytest.mark.rule("CAR-REFILL-2")
def test_a_demand_marker_on_an_empty_numbered_space_is_refused():
    """F15: the refusal text said 'markers go only where goods lie', but only 'numbered' was checked."""
    state = _after_a_refill()
    data = state.to_dict()
    empty = next(node for node in state.board.numbered if node not in state.goods)
    data["demand"].append({"at": list(empty), "markers": 1})
    data["markers"][next(p for p in range(3) if data["markers"][p])] -= 1  # (the count stays right)
    refused_naming(data, "CAR-REFILL-2", "where no good lies")


@pytest.mark.rule("CAR-STEAL-5")
def test_a_demand_marker_vanished_from_a_player_board_is_refused():
    state = _after_a_refill()
    data = state.to_dict()
    seat = next(p for p in range(3) if data["markers"][p])
    data["markers"][seat] -= 1
    refused_naming(data, "CAR-STEAL-5", "never lost")


@pytest.mark.rule("CAR-MOVE-2")
def test_a_loaded_camel_in_its_own_city_is_refused():
    state = _after_a_refill()
    data = state.to_dict()
    p, i = next((p, i) for p in range(3) for i, good in enumerate(state.load[p]) if good)
    data["camels"][p][i]["at"] = list(state.board.city_of[state.load[p][i]])
    refused_naming(data, "CAR-MOVE-2", "its own city")


@pytest.mark.rule("CAR-TURN-1")
def test_three_camels_before_the_first_one_action_turn_are_refused():
    data = c.new_game(3, seed=1).to_dict()
    for i, at in enumerate(([3, 3], [3, 4], [3, 5])):
        data["camels"][0][i]["at"] = at
    refused_naming(data, "CAR-TURN-1", "3 camels on the board after 0 actions")


@pytest.mark.rule("CAR-REFILL-3")
def test_a_refill_missing_from_the_record_is_refused():
    data = _after_a_refill().to_dict()
    data["draws"].pop()
    refused_naming(data, "CAR-REFILL-3", "cubes have left the bag")


@pytest.mark.rule("CAR-REFILL-1")
def test_fewer_goods_than_a_refill_leaves_while_the_bag_holds_cubes_are_refused():
    data = c.new_game(3, seed=1).to_dict()
    dropped = data["goods"][:5]
    data["goods"] = data["goods"][5:]
    data["delivered"][0] += [g["good"] for g in dropped]
    data["demand"] = [d for d in data["demand"] if d["at"] in [g["at"] for g in data["goods"]]]
    with pytest.raises(SaveFileError, match="CAR-REFILL"):
        c.State.from_dict(data)


def test_lesson_positions_read_back_through_the_lesson_path_only():
    """[ruling] scenario() positions may skip the history checks (saves.lesson_position); saved, they are not
    games the loader accepts."""
    from caravan_lessons.caravan.saves import lesson_position
    from caravan_lessons.caravan.scenario import last_delivery, worked_example

    for state in (worked_example(), last_delivery(), c.scenario(2, camels={0: [((3, 3), "salt"), (1, None)]})):
        data = json.loads(json.dumps(state.to_dict()))
        assert lesson_position(data).to_dict() == data
        with pytest.raises(SaveFileError):
            c.State.from_dict(data)
    with pytest.raises(SaveFileError, match="CAR-SETUP-2"):  # a rule of the position itself still holds
        bad = c.scenario(2).to_dict()
        bad["tokens"] = [2, 2]
        lesson_position(bad)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_position_of_real_games_loads(players):
    rng = random.Random(players)
    state = c.new_game(players, seed=players)
    while not state.over:
        assert c.State.from_dict(state.to_dict()).to_dict() == state.to_dict()
        state.apply(playout_policy(state, rng))
    assert c.State.from_dict(state.to_dict()).over

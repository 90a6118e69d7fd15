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

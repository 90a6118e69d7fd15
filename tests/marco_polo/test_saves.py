"""Saved games: round trips through JSON and the files layer; broken files refused."""
import json
import random

import pytest

from caravan_lessons import load_game, save_game
from caravan_lessons import marco_polo as mp
from caravan_lessons.core import SaveFileError


def midgame(seed=3, steps=120):
    s = mp.new_game(4, seed=seed, characters=["polos", "wilhelm", "johannes", "kubilai"])
    r = random.Random(seed)
    for _ in range(steps):
        a = s.legal_actions()
        s.apply(a[r.randrange(len(a))])
    return s, r


def test_round_trip_and_same_future(tmp_path):
    s, r = midgame()
    path = save_game(s, tmp_path / "game.json")
    t = load_game(path)
    assert t.to_dict() == s.to_dict()
    while not s.is_terminal():
        a = s.legal_actions()
        x = a[r.randrange(len(a))]
        s.apply(x)
        t.apply(x)
    assert t.to_dict() == s.to_dict() and t.score_sheet().totals() == s.score_sheet().totals()


def test_a_pending_choice_survives_a_save():
    s, _ = midgame(steps=0)
    for seed in range(50):
        s, _ = midgame(seed=seed, steps=60)
        if s.tasks:
            break
    t = mp.State.from_dict(json.loads(json.dumps(s.to_dict())))
    assert t.legal_actions() == s.legal_actions() and t.current_player == s.current_player


@pytest.mark.parametrize("edit, words", [
    (lambda d: d.__setitem__("coins", [1, 2, True, 4]), "coins[2]"),
    (lambda d: d.__setitem__("round", 6), "round"),
    (lambda d: d.__setitem__("nonsense", 1), "nonsense"),
    (lambda d: d["posts"].__setitem__("oasis_a", [0]), "MP-TRAVEL-10"),
    (lambda d: d["posts"].__setitem__("moscow", [1, 1]), "MP-TRAVEL-8"),
    (lambda d: d.__setitem__("black_dice", d["black_dice"] - 1 if d["black_dice"] else 1), "MP-BONUS-6"),
    (lambda d: d["active"][0].append(d["special_pile"][0]) if len(d["active"][0]) < 2 else
     d["active"][0].__setitem__(0, d["special_pile"][0]), "MP-SETUP-5"),
    (lambda d: d["tasks"].append(["explode", 0]), "MP-TURN-1"),
    (lambda d: d.__setitem__("posts_left", [0, 0, 0, 0]), "MP-SETUP-8"),
])
def test_broken_saves_are_refused(edit, words):
    s, _ = midgame()
    data = json.loads(json.dumps(s.to_dict()))
    edit(data)
    with pytest.raises(SaveFileError) as info:
        mp.State.from_dict(data)
    assert words in str(info.value)


def test_observation_hides_objectives_and_piles():
    s, _ = midgame()
    o = s.observation(1)
    assert o["objectives"][1] == s.objectives[1] and o["objectives"][0] == []
    assert isinstance(o["special_pile"], int) and "rng" not in o
    json.dumps(o)
    with pytest.raises(ValueError):
        s.observation(True)


def test_observation_hides_objectives_being_dealt():
    s = mp.new_game(3, seed=2, characters=["berke", "johannes", "polos"], objectives=4)
    o = s.observation(2)
    assert o["tasks"][0][2] == [] and o["tasks"][2][2] == list(s.objectives[2])

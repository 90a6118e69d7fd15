"""Every refusal is one line of bounded length, and nothing from deep inside escapes (fuzz review
F1, F2, F3, F12, F17): huge whole numbers in actions, unhashable or 1 MB action kinds, bot options a
bot does not take, 10 MB values in saved games and board files, and the wording of a folder refusal.

A long value is shown cut, with its length ("... (10000000 characters)"); a whole number too long for
Python to write out is named by its size ("<an integer of about 5001 digits>").
"""
from __future__ import annotations

import copy
import json

import pytest

from caravan_lessons import caravan, marco_polo as mp, samarkand as sm
from caravan_lessons.core import MESSAGE_LIMIT, RuleViolation, SaveFileError, _short, one_line
from caravan_lessons.files import DataFileError

HUGE = 10**5000
TEN_MB = "y" * 10**7


def one_short_line(call, error=ValueError, *words):
    with pytest.raises(error) as info:
        call()
    text = str(info.value)
    assert text and "\n" not in text and len(text) <= MESSAGE_LIMIT, (len(text), text[:200])
    for word in words:
        assert word in text, (word, text)
    return info.value


def test_short_cuts_long_values_and_names_huge_numbers():
    assert _short("y" * 100) == repr("y" * 37)[:37] + "... (100 characters)"
    assert _short(HUGE) == "<an integer of about 5001 digits>"
    assert _short(10**99).endswith("... (100 digits)")
    assert _short(("own", HUGE), 70) == "('own', <an integer of about 5001 digits>)"
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    assert len(_short(deep)) < 60

    class Broken:
        def __repr__(self):
            raise RuntimeError("no repr")

    assert _short(Broken()) == "<Broken>"
    assert one_line("a\nb") == "a b" and len(one_line("x" * 10**6)) == MESSAGE_LIMIT


def test_rule_violations_and_file_errors_are_one_bounded_line():
    assert len(str(RuleViolation("X-1", "z" * 10**6))) == MESSAGE_LIMIT
    assert "\n" not in str(SaveFileError("a\nb")) and len(str(DataFileError("q" * 10**6))) == MESSAGE_LIMIT


# --- F1: huge whole numbers in actions -------------------------------------------------------------

def _mp():
    return mp.new_game(2, seed=1, characters=["berke", "mercator"])


@pytest.mark.parametrize("make", [
    lambda: (caravan.new_game(2, seed=1), caravan.PlaceCamel((HUGE, 0))),
    lambda: (caravan.new_game(2, seed=1), caravan.MoveGood((HUGE, 0), (0, 0), "salt")),
    lambda: (caravan.new_game(2, seed=1), caravan.MoveCamel((0, 0), (0, -HUGE))),
    lambda: (_mp(), mp.Fulfil(HUGE)),
    lambda: (lambda m: (m, mp.Place("city:" + "9" * 5000, (m.dice[m.current][0],))))(_mp()),
    lambda: (_mp(), mp.Place("coins", (("own", HUGE),))),
    lambda: (_mp(), mp.Reroll(("own", HUGE))),
    lambda: (_mp(), mp.Adjust(("own", HUGE), 1)),
    lambda: (mp.new_game(2, seed=1, characters="choose"), mp.Choose("character", HUGE)),
    lambda: (mp.new_game(2, seed=1, characters="choose"), mp.Choose("character", [HUGE, "x" * 10**6])),
])
def test_huge_numbers_in_actions_are_refused_with_a_rule(make):
    """F1: 5000-digit numbers made why_illegal/apply raise Python's own ValueError (int-to-text limit)."""
    state, action = make()
    before = state.to_dict()
    problem = state.why_illegal(action)
    assert isinstance(problem, RuleViolation) and len(str(problem)) <= MESSAGE_LIMIT, problem
    error = one_short_line(lambda: state.apply(action), RuleViolation)
    assert error.rule == problem.rule and state.to_dict() == before
    assert "digits" in str(problem) or "characters" in str(problem)


# --- F2: action_from_dict --------------------------------------------------------------------------

@pytest.mark.parametrize("data", [{"kind": ["PickUp"]}, {"kind": {"a": 1}}, {"kind": "x" * 10**6},
                                  {"kind": "PickUp", "space": ["x" * 10**6, 0]}, {"kind": "PickUp", "x" * 10**6: 1},
                                  {"kind": "Steal", "space": [0, 0], "victim": HUGE, "good": "salt"}])
def test_caravan_action_from_dict_refuses_in_one_short_line(data):
    from caravan_lessons.caravan.actions import action_from_dict

    one_short_line(lambda: action_from_dict(data))


# --- F3: bot options -------------------------------------------------------------------------------

@pytest.mark.parametrize("game, bot", [("samarkand", "greedy"), ("caravan", "greedy"), ("marco_polo", "mp-greedy"),
                                       ("jaipur", "greedy"), ("caravan", "heuristic")])
def test_options_a_bot_does_not_take_are_one_value_error(game, bot):
    from caravan_lessons.agents import make_agent
    from caravan_lessons.arena import tournament

    one_short_line(lambda: make_agent(bot, 1, game=game, depth=3), ValueError, "does not take", "depth")
    one_short_line(lambda: tournament(((bot, {"depth": 3}), "random"), games=1, game=game, progress=False),
                   ValueError, "does not take")


# --- F12: 10 MB values in saved games and data files -------------------------------------------------

def _samarkand_save():
    return sm.new_game(2, seed=1).to_dict()


def _caravan_save():
    return caravan.new_game(2, seed=1).to_dict()


def _mp_save():
    return mp.new_game(2, seed=1, characters=["berke", "mercator"]).to_dict()


def _set(data, path, value):
    target = data
    for key in path[:-1]:
        target = target[key]
    if path[-1] == "+":
        target.append(value)
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize("make, path, value", [
    (_samarkand_save, ("bag", "+"), TEN_MB), (_samarkand_save, ("board",), TEN_MB),
    (_samarkand_save, ("camels", TEN_MB), ["levant"]), (_samarkand_save, ("extending",), TEN_MB),
    (_samarkand_save, ("players", 0, "tiles", TEN_MB), 1), (_samarkand_save, ("phase",), TEN_MB),
    (_caravan_save, ("bag", "+"), TEN_MB), (_caravan_save, ("camels", 0, 0, "good"), TEN_MB),
    (_caravan_save, ("camels", 0, 0, "at"), [10**300, 0]), (_caravan_save, ("events", 0, 2), TEN_MB),
    (_caravan_save, (TEN_MB,), 1),
    (_mp_save, ("posts", TEN_MB), [0]), (_mp_save, ("travellers", 0, 0), TEN_MB),
    (_mp_save, ("spaces", TEN_MB), []), (_mp_save, ("characters", 0), TEN_MB),
    (_mp_save, ("tasks", "+"), ["gain", 0, [], "", TEN_MB]), (_mp_save, ("city_bonus_at", TEN_MB), "x"),
])
def test_a_10_mb_value_in_a_save_is_refused_in_one_short_line(make, path, value):
    """F12: the refusal echoed the value whole (a 10,000,000-character "line"); a 10**300 coordinate gave
    414 characters. Now the value is cut and its length said."""
    data = _set(make(), path, value)
    game = {"samarkand": sm, "caravan": caravan, "marco_polo": mp}[data["game"]]
    one_short_line(lambda: game.State.from_dict(data), SaveFileError)


@pytest.mark.parametrize("make, path, value, field", [
    (_samarkand_save, ("players", 0, "money"), float("nan"), "players[0].money"),
    (_caravan_save, ("camels", 0, 0, "at"), [float("inf"), 1], "camels[0][0].at[0]"),
    (_mp_save, ("coins",), [1, float("-inf")], "coins[1]"),
    (_mp_save, ("tasks", "+"), ["gain", 0, [object()]], "tasks[0][2][0]"),
])
def test_a_value_json_cannot_hold_is_named_by_its_field(make, path, value, field):
    """A NaN, an infinity or an object inside a dict given to from_dict was refused as "saved game is not JSON
    data (Out of range float values are not JSON compliant)", naming no field (fuzz review, 'defensible')."""
    data = _set(make(), path, value)
    game = {"samarkand": sm, "caravan": caravan, "marco_polo": mp}[data["game"]]
    one_short_line(lambda: game.State.from_dict(data), SaveFileError, f"field '{field}'")


def test_a_caravan_coordinate_beyond_the_largest_board_is_refused_by_the_schema():
    data = _set(_caravan_save(), ("camels", 0, 0, "at"), [10**300, 0])
    error = one_short_line(lambda: caravan.State.from_dict(data), SaveFileError, "camels[0][0].at[0]", "CAR-COMP-5")
    assert "301 digits" in str(error)


def _samarkand_board():
    from caravan_lessons.boards import package_file

    return json.loads(package_file("samarkand", "board.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("change", [
    lambda b: b["nodes"][0].update(id=TEN_MB), lambda b: b["nodes"][0].update(kind=TEN_MB),
    lambda b: b["nodes"][0].update(name=10**300), lambda b: b.update(format=TEN_MB), lambda b: b.update(game=TEN_MB),
    lambda b: b["edges"][0].update(a=TEN_MB), lambda b: b["nodes"][0].update(pos=[TEN_MB, 1]),
    lambda b: b.update({TEN_MB: 1}),
])
def test_a_10_mb_value_in_a_samarkand_board_is_refused_in_one_short_line(change):
    board = _samarkand_board()
    change(board)
    one_short_line(lambda: sm.load_board(board), DataFileError)


@pytest.mark.parametrize("change", [
    lambda b: b["cells"][0].update(name=TEN_MB), lambda b: b["cells"][0].update(good=TEN_MB),
    lambda b: b["cells"][0].update(row=10**300), lambda b: b["grid"].update(rows=10**300),
    lambda b: b.update(name=[TEN_MB]),
])
def test_a_10_mb_value_in_a_caravan_board_is_refused_in_one_short_line(change):
    board = copy.deepcopy(caravan.teaching_board().data)
    change(board)
    one_short_line(lambda: caravan.load_board(board), DataFileError)
    one_short_line(lambda: caravan.new_game(2, board=board), DataFileError)


# --- F17 ---------------------------------------------------------------------------------------------

def test_a_folder_given_as_a_board_file_is_named_once(tmp_path):
    error = one_short_line(lambda: caravan.new_game(3, board=str(tmp_path)), DataFileError)
    assert "file file" not in str(error) and "is a folder, not a board file" in str(error)

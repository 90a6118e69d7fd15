"""caravan.scenario() refuses arguments of the wrong shape with one line naming the argument, and
puts its position through the saved-game loader's checks (but the bag-history clauses CAR-REFILL-1,
CAR-REFILL-3 and CAR-SETUP-4 goods off the numbered spaces, a [ruling] in its docstring)."""
from __future__ import annotations

import pytest

from caravan_lessons import caravan as C
from caravan_lessons.caravan.saves import lesson_position
from caravan_lessons.caravan.scenario import last_delivery, worked_example

BAD = [None, True, False, 2.5, -1, 10**100, "3", [], {}, "zz", float("nan"), object()]


def one_clear_line(call, *words):
    with pytest.raises(ValueError) as info:
        call()
    text = str(info.value)
    assert text and "\n" not in text and len(text) < 400, text
    for word in words:
        assert word in text, (word, text)
    return text


@pytest.mark.parametrize("value", [True, 2.5, 5, "3", [], object()])
def test_mappings(value):
    for name in ("camels", "goods", "demand"):
        one_clear_line(lambda name=name: C.scenario(**{name: value}), f"scenario: {name} maps")


@pytest.mark.parametrize("value", [v for v in BAD if v is not None])
def test_whole_numbers_and_seats(value):
    one_clear_line(lambda: C.scenario(current=value), "current")
    one_clear_line(lambda: C.scenario(turn=value), "turn")
    one_clear_line(lambda: C.scenario(actions_left=value), "actions_left")
    one_clear_line(lambda: C.scenario(tokens=value), "tokens")
    one_clear_line(lambda: C.scenario(tokens=[value, 1]), "tokens[0]")
    one_clear_line(lambda: C.scenario(demand={1: value}), "demand[1]")
    if not isinstance(value, (list, dict)):  # (a key must be hashable)
        one_clear_line(lambda: C.scenario(camels={value: [((0, 1), None)]}), "a key of camels")


def test_current_out_of_range_is_not_a_stop_iteration():
    one_clear_line(lambda: C.scenario(current=5), "scenario: current must be 0 or 1")
    one_clear_line(lambda: C.scenario(3, current=3), "scenario: current must be 0 or 1 or 2")


@pytest.mark.parametrize("entry", [None, 3, "Marrakesh", ((0, 1),), ((0, 1), "salt", True, 1), ((0, 1), "zz"),
                                   ((0, 1), 3), ((3, 3), "salt", 1), ((3, 3), "salt", None)])
def test_camel_entries(entry):
    one_clear_line(lambda: C.scenario(camels={0: [entry]}), "camels[0][0]")


def test_camel_rows_and_goods():
    one_clear_line(lambda: C.scenario(camels={0: None}), "camels[0]")
    one_clear_line(lambda: C.scenario(camels={0: "Marrakesh"}), "camels[0]")
    for good in (None, 3, "zz", True):
        one_clear_line(lambda good=good: C.scenario(goods={1: good}), "goods[1]", "ivory")
    one_clear_line(lambda: C.scenario(zz_option=1), "unknown option", "zz_option", "learning")
    one_clear_line(lambda: C.scenario(actions_left=5), "actions_left is a whole number 0..4")


@pytest.mark.rule("CAR-SETUP-2")
def test_theft_tokens_must_add_up():
    one_clear_line(lambda: C.scenario(tokens=[0, 1]), "CAR-SETUP-2")
    assert C.scenario(tokens=[0, 2]).tokens == [0, 2]


@pytest.mark.rule("CAR-TURN-1")
def test_turn_must_be_the_current_seats():
    one_clear_line(lambda: C.scenario(turn=3, current=0), "CAR-TURN-1")
    assert C.scenario(turn=4, current=0).turn == 4


@pytest.mark.rule("CAR-PICK-4")
def test_every_camel_loaded_is_refused_like_the_loader_does():
    loaded = [((2, c), "meat") for c in range(4)] + [((3, 3), "salt")]
    one_clear_line(lambda: C.scenario(camels={0: loaded}), "CAR-PICK-4")


def test_positions_round_trip_through_the_loader():
    """A scenario that keeps the bag's shape (no cubes taken for camels, the board as dealt) loads back."""
    state = C.scenario(2, camels={0: [((3, 3), None), ((5, 5), None)], 1: [((3, 4), None)]}, tokens=[0, 2])
    assert C.State.from_dict(state.to_dict()).to_dict() == state.to_dict()
    # [ruling] markers given by hand make a lesson position: it reads back through the lesson path only
    marked = C.scenario(2, camels={0: [((3, 3), None)]}, demand={1: 2})
    assert lesson_position(marked.to_dict()).to_dict() == marked.to_dict()
    one_clear_line(lambda: C.State.from_dict(marked.to_dict()), "CAR-STEAL-5")


@pytest.mark.rule("CAR-REFILL-1")
@pytest.mark.rule("CAR-REFILL-3")
def test_lesson_positions_the_ruling_allows():
    """[ruling] a cleared board and cubes taken from the bag for camels are lesson positions."""
    state = C.scenario(2, camels={0: [((3, 3), "salt"), ((6, 6), None)]}, goods={})
    assert state.goods == {} and state.load[0][0] == "salt"
    worked_example()
    last_delivery()

"""samarkand.scenario() refuses arguments of the wrong shape with one line naming the argument and
what it takes (seats 0..players-1, ids as strings, goods cards 1..33, dirhams >= 0); booleans and
floats are not seats or counts. What it builds is a position the saved-game loader accepts."""
from __future__ import annotations

import pytest

from caravan_lessons import samarkand as S
from caravan_lessons.samarkand.saves import lesson_position

BAD_MAPS = [True, False, 2.5, -1, 5, "3", "zz", [], [("levant",)], object()]


def one_clear_line(call, *words):
    with pytest.raises(ValueError) as info:
        call()
    text = str(info.value)
    assert text and "\n" not in text and len(text) < 400, text
    for word in words:
        assert word in text, (word, text)
    return text


@pytest.mark.parametrize("name", ["held", "hands", "sold", "camels", "money", "treasury"])
@pytest.mark.parametrize("value", BAD_MAPS)
def test_mapping_arguments(name, value):
    one_clear_line(lambda: S.scenario(**{name: value}), f"scenario: {name} maps")


@pytest.mark.parametrize("seat", [None, True, 2.5, -1, 4, "0"])
def test_seats_are_whole_numbers_in_range(seat):
    for name, value in (("held", ["levant"]), ("hands", [3]), ("sold", [3]), ("money", 5)):
        one_clear_line(lambda name=name, value=value: S.scenario(players=4, **{name: {seat: value}}),
                       f"scenario: {name} maps seats 0..3")
    one_clear_line(lambda: S.scenario(active=seat), "active must be a seat 0..3")
    if seat is not None:
        one_clear_line(lambda: S.scenario(tile_owner=seat), "tile_owner must be a seat 0..3")


@pytest.mark.parametrize("value", [[True], [0], [34], [2.5], ["3"], [None], 3, "3", None])
def test_goods_cards_are_numbers_1_to_33(value):
    one_clear_line(lambda: S.scenario(hands={0: value}), "hands[0]", "1..33")
    one_clear_line(lambda: S.scenario(sold={1: value}), "sold[1]", "1..33")


@pytest.mark.parametrize("value", [[3], [None], "levant", None, 3])
def test_family_ids_are_strings(value):
    one_clear_line(lambda: S.scenario(held={0: value}), "held[0]")
    one_clear_line(lambda: S.scenario(camels={"g3": value}), "camels['g3']")


@pytest.mark.parametrize("value", [None, True, 2.5, -1, "3", []])
def test_dirhams_are_whole_numbers(value):
    one_clear_line(lambda: S.scenario(money={0: value}), "money[0]", "dirhams")
    one_clear_line(lambda: S.scenario(treasury={"levant": value}), "treasury['levant']", "dirhams")


@pytest.mark.rule("SAM-COMP-2")
def test_a_goods_card_is_named_once():
    one_clear_line(lambda: S.scenario(hands={0: [3], 1: [3]}), "named twice", "SAM-COMP-2")
    one_clear_line(lambda: S.scenario(hands={0: [3]}, sold={0: [3]}), "named twice")


def test_unknown_names_list_the_families():
    text = one_clear_line(lambda: S.scenario(held={0: ["atlantis"]}), "atlantis", "levant")
    assert "does not exist" in text
    one_clear_line(lambda: S.scenario(camels={"nowhere": ["levant"]}), "nowhere")


def test_good_positions_still_build_and_load():
    state = S.scenario(players=4, held={0: ["levant"]}, hands={0: [3]}, camels={"g3": ["levant", "egypt"]},
                       money={1: 7}, treasury={"levant": 4}, active=2, tile_owner=1)
    assert state.hands[0] == [3] and state.money[1] == 7 and state.active == 2
    assert lesson_position(state.to_dict()).to_dict() == state.to_dict()

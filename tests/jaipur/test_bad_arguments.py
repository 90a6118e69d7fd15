"""Issue 8 item 3: every public entry point refuses bad arguments with ValueError or RuleViolation."""
import pytest

from caravan_lessons.core import RuleViolation
from caravan_lessons.jaipur import Sell, legal_actions_for, new_game, selection_to_action


@pytest.mark.parametrize("args", [
    ("sell", [], ["Cloth"]), ("take_one", ["SPICE"]), ("exchange", ["unicorn", "cloth"], ["spice", "spice"]),
    ("sell", "cloth"), ("sell", None), ("exchange", ["cloth"], None), ("sell", [], [3]),
    ("exchange", ["cloth", "spice"], [], -1), ("exchange", ["cloth", "spice"], [], 2.0),
    ("exchange", ["cloth", "spice"], [], "2"), ("exchange", ["cloth", "spice"], [], 2**40),
    ("exchange", ["cloth", "spice"], [], True), ("fly",), (None,), (["sell"],),
])
def test_selection_to_action_refuses_bad_selections_with_value_error(args):
    with pytest.raises(ValueError) as info:
        selection_to_action(*args)
    assert "\n" not in str(info.value) and len(str(info.value)) < 200


def test_a_negative_herd_is_not_taken_as_zero():
    with pytest.raises(ValueError, match="herd"):
        selection_to_action("take_one", ["cloth"], [], -1)


@pytest.mark.rule("JAI-SELL-5")
def test_selling_herd_camels_cites_the_same_rule_as_the_engine():
    state = new_game(seed=1)
    assert state.why_illegal(Sell("camel", 2)).rule == "JAI-SELL-5"
    with pytest.raises(RuleViolation) as info:
        selection_to_action("sell", [], [], 2)
    assert info.value.rule == "JAI-SELL-5"
    with pytest.raises(RuleViolation) as info:
        selection_to_action("sell", [], ["cloth"], 1)
    assert info.value.rule == "JAI-SELL-5"


@pytest.mark.parametrize("call", [
    lambda: new_game(first_player=1.0), lambda: new_game(first_player=True), lambda: new_game(first_player=2),
    lambda: new_game(seed=1).observation(0.0), lambda: new_game(seed=1).observation(True),
    lambda: new_game(seed=1).observation(None), lambda: new_game(seed=2**400),
])
def test_floats_and_booleans_are_not_seat_numbers(call):
    with pytest.raises(ValueError):
        call()


CLOTHS = (0, 0, 0, 16, 0, 0, 0)
MARKET = (0, 0, 0, 1, 1, 1, 2)


@pytest.mark.parametrize("args", [
    (CLOTHS, (0,) * 7, 0), (MARKET, (0,) * 7, -1), (MARKET, (0,) * 7, 1.0), (MARKET, (0,) * 6, 0),
    (MARKET, (0, 0, 0, 0, 0, 0, 1), 0), (MARKET, (9, 0, 0, 0, 0, 0, 0), 0), ("cloth", (0,) * 7, 0),
    (MARKET, (0, 0, 0, 0, 0, 0.5, 0), 0), (MARKET, (0,) * 7, 2**40), (None, (0,) * 7, 0),
    ((0, 0, 0, 0, 0, 0, 5), (0,) * 7, 9), ((6, 0, 0, 0, 0, 0, 0), (1, 0, 0, 0, 0, 0, 0), 0),
])
def test_legal_actions_for_refuses_arguments_outside_its_contract(args):
    with pytest.raises(ValueError):
        legal_actions_for(*args)

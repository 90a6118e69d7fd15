"""Jaipur: apply() refuses what is not an action with a JAI-TURN-1 RuleViolation naming the kinds
of action (the state untouched), why_illegal answers instead of raising, and scenario() refuses a
bad ``bonus`` with one line."""
from __future__ import annotations

import random

import pytest

from caravan_lessons import RuleViolation, SaveFileError, caravan, jaipur, samarkand
from caravan_lessons.jaipur import scenario

NOT_ACTIONS = [None, 3, "sell cloth", {"kind": "sell"}, object(), [], jaipur.Sell, True, samarkand.EndTurn(),
               caravan.EndTurn()]


@pytest.mark.rule("JAI-TURN-1")
@pytest.mark.parametrize("action", NOT_ACTIONS)
def test_apply_refuses_what_is_not_an_action(action):
    for state in (jaipur.new_game(seed=1), jaipur.new_game(seed=2)):
        before = state.to_dict()
        problem = state.why_illegal(action)
        assert isinstance(problem, RuleViolation) and problem.rule == "JAI-TURN-1"
        assert "not a Jaipur action" in str(problem) and "Sell(good, count)" in str(problem)
        with pytest.raises(RuleViolation) as info:
            state.apply(action)
        assert info.value.rule == "JAI-TURN-1" and "\n" not in str(info.value)
        assert state.to_dict() == before


@pytest.mark.rule("JAI-TURN-1")
def test_apply_refuses_garbage_after_a_round_too():
    state = jaipur.new_game(seed=3)
    rng = random.Random(3)
    for _ in range(2000):  # random moves end a round within a few dozen turns
        if state.round_results:
            break
        state.apply(rng.choice(state.legal_actions()))
    assert state.round_results
    assert state.why_illegal(None).rule == "JAI-TURN-1"
    with pytest.raises(RuleViolation):
        state.apply(None)


@pytest.mark.parametrize("bonus", [(0, 99), (99, 99), ((3, 1), ()), ({}, ()), ("3-card", ()), (((3, True),), ()),
                                   (([3],), ()), (((3, [1]),), ()), (((3, 99),), ()), (((7, 1),), ()), None, 3])
def test_scenario_bonus_shapes(bonus):
    with pytest.raises(SaveFileError) as info:
        scenario(market={"cloth": 5}, bonus=bonus)
    assert "bonus" in str(info.value) and "\n" not in str(info.value)


@pytest.mark.rule("JAI-COMP-3")
def test_scenario_bonus_tokens_exist_only_so_many_times():
    with pytest.raises(SaveFileError, match="JAI-COMP-3: bonus names 3 3-card bonus tokens worth 1 rupees each"):
        scenario(market={"cloth": 5}, bonus=(((3, 1), (3, 1)), ((3, 1),)))
    state = scenario(market={"cloth": 5}, bonus=(((3, 1),), ((3, 1),)))
    assert [list(t) for t in state.bonus_tokens[0]] == [[3, 1]]

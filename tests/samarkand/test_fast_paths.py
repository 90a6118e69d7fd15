"""Samarkand's speed tricks against the plain rules they stand in for: the listed (unchecked) apply and child,
the MCTS's determinize from a template against the one through the save-file validator, and the heuristic's
estimate against its formula."""
import random

import pytest

from caravan_lessons.samarkand import agents as sam_agents
from caravan_lessons.samarkand import new_game
from caravan_lessons.samarkand.rules import State


def positions(games=6, seed=0, every=2):
    rng = random.Random(seed)
    for g in range(games):
        state = new_game(2 + g % 4, seed=seed * 100 + g)
        k = 0
        while not state.is_terminal():
            if k % every == 0 or state.phase == "sale":
                yield state
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            k += 1


def test_listed_apply_and_child_give_the_states_apply_gives():
    checked = 0
    for state in positions(games=4):
        before = state.to_dict()
        for action in state.legal_actions():
            plain = state.child(action)
            fast = state._child_listed(action)
            assert {**fast.to_dict(), "events": None} == {**plain.to_dict(), "events": None}, action
            other = state.clone()
            other._apply_listed(action)
            assert other.to_dict() == plain.to_dict()
            checked += 1
        assert state.to_dict() == before
    assert checked > 600


def test_determinize_from_a_template_is_the_checked_one_and_passes_the_save_checks():
    checked = 0
    for state in positions(games=6, seed=3, every=14):
        for seat in range(state.players):   # every seat, also while another seat's sale decision waits
            obs = state.observation(seat)
            for i in range(2):
                fast = sam_agents.determinize(obs, random.Random(i))
                slow = sam_agents._determinize_checked(obs, random.Random(i))
                assert fast.to_dict() == slow.to_dict()
                assert State.from_dict(fast.to_dict()).to_dict() == fast.to_dict()   # schema + consistency
                assert fast.hands[seat] == state.hands[seat]
                checked += 1
    assert checked > 80


def _estimate_reference(state, p):
    """``agents.estimate`` as first written (its docstring's formula)."""
    board, held, frontier = state.board, state.held[p], state.frontier
    value = float(sam_agents.points_now(state, p))
    mine = [f for f, n in enumerate(held) if n]
    for g in state.hands[p]:
        if any(board.goods_space[g] in frontier[f] for f in mine):
            value += 2.5
    for f in mine:
        value += 0.6 * min(state.relation_stack[f], 3) + 0.5 * min(state.treasury[f], 2)
        if not state.reserve[f]:
            value -= 1.0
    return value


def test_the_estimate_is_its_formula():
    for state in positions(games=6, seed=5, every=3):
        terms = sam_agents._family_terms(state)
        for p in range(state.players):
            assert sam_agents.estimate(state, p) == _estimate_reference(state, p)
            assert sam_agents.estimate(state, p, terms) == pytest.approx(_estimate_reference(state, p), abs=0)

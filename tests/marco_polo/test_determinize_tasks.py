"""determinize() at a contract-discard decision: the taken contract is in sight, not in a pile."""
import random

from caravan_lessons import marco_polo as mp
from caravan_lessons.marco_polo.agents import determinize


def test_determinize_at_a_discard_decision_keeps_the_taken_contract_out_of_the_piles():
    found = 0
    for seed in range(40):
        state, rng = mp.new_game(2, seed=seed), random.Random(seed)
        while not state.is_terminal() and found < 5:
            if state.tasks and state.tasks[0][0] == "discard":
                found += 1
                taken = state.tasks[0][2]
                guess = determinize(state.observation(state.current_player), rng)  # used to be refused: twice
                assert taken not in {c for pile in guess.piles for c in pile} | set(guess.special_pile)
            state.apply(rng.choice(state.legal_actions()))
        if found >= 5:
            break
    assert found >= 5, "no discard decision was reached"

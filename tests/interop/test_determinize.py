"""Three positions where a game's ``determinize`` dealt a world that contradicted the seat's view
(found by the hidden-information test of the observation tensors, tests/interop/test_codecs.py).

OpenSpiel's ``resample_from_infostate`` and the tensors' hidden-information test deal worlds for
every seat, not only the seat to move, which is how these showed up.
"""
from __future__ import annotations

import random

import pytest

from caravan_lessons import marco_polo, samarkand


def _play_until(state, rng, found, limit=3000):
    for _ in range(limit):
        if found(state):
            return state
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    raise AssertionError("no such position in the random game")


@pytest.mark.rule("SAM-GOODS-2")
def test_samarkand_a_sale_shows_the_holders_card_to_everyone():
    """Another seat's pending sale shows that it holds the card: the dealt world keeps it in its hand
    (it used to deal that hand at random and the world was refused: "a sale decision waits for a card
    its holder does not hold")."""
    rng = random.Random(1)
    state = _play_until(samarkand.new_game(3, seed=4), rng, lambda s: s.phase == samarkand.SALE)
    goods, holder = state.pending
    for seat in range(3):
        for k in range(5):
            world = samarkand.determinize(state.observation(seat), random.Random(k))
            assert goods in world.hands[holder]
            assert world.observation(seat)["players"][seat] == state.observation(seat)["players"][seat]


@pytest.mark.rule("MP-CONTRACT-3")
def test_marco_polo_a_starting_contract_discarded_under_the_special_pile():
    """A starting contract discarded under the special pile keeps the pile's size in the dealt world
    (only regular contracts were dealt there, so the pile came out one short)."""
    rng = random.Random(2)

    def discarded_starting(state):
        kinds = state.data.contracts
        return any(kinds[c]["kind"] == "starting" for c in state.special_pile)

    for seed in range(40):
        try:
            state = _play_until(marco_polo.new_game(2, seed=seed), rng, discarded_starting, limit=400)
            break
        except AssertionError:
            continue
    else:
        pytest.fail("no random game discarded a starting contract")
    for seat in range(2):
        world = marco_polo.determinize(state.observation(seat), random.Random(3))
        assert len(world.special_pile) == len(state.special_pile)
        assert world.observation(seat)["special_pile"] == state.observation(seat)["special_pile"]


@pytest.mark.rule("MP-SETUP-13")
def test_marco_polo_another_seats_objectives_choice_can_be_dealt():
    """In the 4-objectives variant a seat still choosing which 2 to keep has 4 hidden cards: the dealt
    world gives it 4 and the matching choice (the world was refused: "must be a list of 2 to 4 different
    objective ids, not []")."""
    state = marco_polo.new_game(3, seed=5, objectives=4)
    assert state.tasks[0][0] == "objectives"
    for seat in range(3):
        world = marco_polo.determinize(state.observation(seat), random.Random(seat))
        for task in world.tasks:
            if task[0] == "objectives":
                assert len(task[2]) == 4 and list(task[2]) == world.objectives[task[1]]
        assert world.objectives[seat] == state.objectives[seat]
        assert world.legal_actions() == state.legal_actions() or world.current_player != seat


@pytest.mark.rule("MP-SETUP-13")
def test_marco_polo_observation_does_not_give_the_setup_away():
    """The observation used to carry the game's seed: with it a seat could deal the setup again and read the
    other players' objectives and the contract piles."""
    state = marco_polo.new_game(3, seed=21)
    seen = state.observation(0)
    assert "seed" not in seen and seen["objectives"][1] == [] and seen["piles"] == [6, 6, 6, 6]
    world = marco_polo.determinize(seen, random.Random(1))
    assert world.observation(0) == seen

"""The speed tables of movegen.py give exactly the moves of the brute-force reference, in order."""
import random

import pytest

from caravan_lessons.jaipur import LegalActions, legal_actions_for, new_game, scenario

from .reference import reference_legal_actions


def positions(matches=6, seed=0):
    """Positions of random matches (every turn of a few matches, several rounds)."""
    rng = random.Random(seed)
    for m in range(matches):
        state = new_game(seed=seed * 100 + m)
        while not state.is_terminal():
            if state.phase == "playing":
                yield state
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])


@pytest.mark.rule("JAI-TAKE-1", "JAI-TAKE-2", "JAI-TAKE-3", "JAI-TAKE-4", "JAI-TAKE-5", "JAI-TAKE-6",
                  "JAI-TAKE-7", "JAI-SELL-1", "JAI-SELL-4", "JAI-SELL-5")
def test_movegen_agrees_with_the_brute_force_reference_move_for_move():
    checked = 0
    for state in positions():
        want = reference_legal_actions(state)
        got = state.legal_actions()
        assert list(got) == want, state.to_dict()
        assert len(got) == len(want) and [got[i] for i in range(len(got))] == want  # built one at a time
        p = state.current_player
        assert legal_actions_for(state.market, state.hands[p], state.herds[p]) == want
        checked += 1
    assert checked > 300


@pytest.mark.rule("JAI-TAKE-2", "JAI-TAKE-7")
@pytest.mark.parametrize("hand,herd", [({"cloth": 3, "spice": 2, "leather": 2}, 4), ({}, 9),
                                       ({"diamond": 5}, 0), ({"gold": 2, "silver": 1}, 2)])
def test_crowded_positions_agree_with_the_reference(hand, herd):
    state = scenario(market={"cloth": 1, "spice": 1, "leather": 1, "diamond": 1, "gold": 1},
                     hands=[hand, {}], herds=(herd, 0))
    assert list(state.legal_actions()) == reference_legal_actions(state)


def test_legal_actions_is_a_read_only_sequence_that_behaves_like_its_list():
    import pickle
    from collections.abc import Sequence

    state = new_game(seed=3)
    actions = state.legal_actions()
    assert isinstance(actions, LegalActions) and isinstance(actions, Sequence)
    listed = list(actions)
    assert actions == listed and listed == actions and actions[-1] == listed[-1]
    assert actions[1:3] == listed[1:3] and actions + [] == listed and [] + actions == listed
    assert actions.index(listed[2]) == 2 and actions.count(listed[0]) == 1 and listed[0] in actions
    assert list(reversed(actions)) == listed[::-1] and pickle.loads(pickle.dumps(actions)) == listed
    assert random.Random(1).choice(actions) in listed and actions.copy() == listed
    with pytest.raises(IndexError):
        actions[len(listed)]
    with pytest.raises((TypeError, AttributeError)):
        actions.append(listed[0])

"""A choice is offered from the state as it stands, and what changed earlier in the same action counts.

MP-CONTRACT-3: only an *old* contract may be discarded to make room ("um contrato 'antigo'", the
rulebook's summary): a contract taken earlier in the same action is not old. MP-TRAVEL-11 with MP-TRAVEL-8:
a trading post is never moved into a city that already holds one of the player's posts, even if that
post came earlier in the same move (the Polos' two travellers ending in one city).
"""
from __future__ import annotations

import json

import pytest

from caravan_lessons import marco_polo as mp
from caravan_lessons.marco_polo import Choose, Move, Place, effects
from caravan_lessons.marco_polo.saves import lesson_position


def at_first_turn(characters=("johannes", "polos"), dice=(6, 2), seed=1):
    """Seat 0's first turn of round 1 with its dice set by hand (setup choices take their first option)."""
    state = mp.new_game(len(characters), seed=seed, characters=list(characters))
    while state.tasks:
        state.apply(state.legal_actions()[0])
    state.dice[0] = sorted(("own", v) for v in dice)
    return state


@pytest.mark.rule("MP-CONTRACT-3")
def test_a_contract_taken_earlier_in_the_action_is_not_offered_for_the_discard():
    """Holding A, taking X into the free space, then Y: the discard was offered from [A, X]; only A is old."""
    state = at_first_turn()
    (old,) = state.active[0]
    row = list(state.board_contracts)
    state.apply(Place("contracts", (("own", 6),)))
    state.apply(Choose("contract", 1))                      # X into the free space (no column bonus)
    assert state.active[0] == [old, row[0]]
    state.apply(Choose("contract", 2))                      # Y (the row closes up after the action)
    # only the old contract may go: a choice of one, taken at once
    assert state.decision is None and state.active[0] == [row[0], row[1]]
    assert state.special_pile[-1] == old
    assert any("discards contract" in e.text and e.rule == "MP-CONTRACT-3" for e in state.events[-4:])


@pytest.mark.rule("MP-CONTRACT-3")
def test_with_two_old_contracts_the_second_discard_offers_only_the_one_still_old():
    state = at_first_turn()
    (old,) = state.active[0]
    state.active[0].append(state.special_pile.pop(0))      # a second old contract (A, B)
    a, b = state.active[0]
    row = list(state.board_contracts)
    state.apply(Place("contracts", (("own", 6),)))
    state.apply(Choose("contract", 1))
    assert state.decision[0] == "discard"
    assert sorted(x.value for x in state.legal_actions()) == sorted([a, b])  # both are old
    state.apply(Choose("discard", a))
    state.apply(Choose("contract", 2))                      # the second: only B is old now, not X
    assert state.decision is None and state.active[0] == [row[0], row[1]] and state.special_pile[-2:] == [a, b]
    assert old == a


@pytest.mark.rule("MP-CONTRACT-3")
def test_a_first_extra_contract_is_not_old_for_the_second():
    state = at_first_turn()
    (old,) = state.active[0]
    effects.gain(state, 0, (("extra_contract", 2),), "MP-BONUS-2", "test")   # two in one action
    effects.run(state)
    first = state.board_contracts[0]
    state.apply(Choose("extra_contract", 1))
    assert state.active[0] == [old, first] and state.decision[0] == "extra_contract"
    second = state.board_contracts[0]
    state.apply(Choose("extra_contract", 1))
    assert state.decision is None and state.active[0] == [first, second] and state.special_pile[-1] == old


@pytest.mark.rule("MP-CONTRACT-3")
def test_with_nothing_old_the_new_contract_goes_to_the_special_pile():
    """[ruling] every contract held was taken in this same action: no old one to make room."""
    state = at_first_turn()
    held = [state.special_pile.pop(0), state.special_pile.pop(0)]
    state.active[0] = list(held)
    state.new_contracts = tuple(held)
    effects.gain(state, 0, (("extra_contract", 1),), "MP-BONUS-2", "test")
    effects.run(state)                                      # no extra contract can be kept: none is taken
    assert state.decision is None and state.active[0] == held
    top = state.special_pile[0]
    effects._take_contract(state, 0, state.special_pile.pop(0), "MP-CHAR-2")   # Matteo's, say
    effects.run(state)
    assert state.active[0] == held and state.special_pile[-1] == top
    assert "no old contract" in state.events[-1].text


@pytest.mark.rule("MP-CONTRACT-3")
def test_a_new_action_makes_every_held_contract_old_and_saves_keep_the_new_ones():
    state = at_first_turn()
    state.apply(Place("contracts", (("own", 6),)))
    state.apply(Choose("contract", 1))
    assert state.new_contracts == (state.active[0][1],)
    again = lesson_position(json.loads(json.dumps(state.to_dict())))   # (dice set by hand: a lesson position)
    assert again.new_contracts == state.new_contracts and again.legal_actions() == state.legal_actions()
    state.apply(Choose("contract", 0))                      # the second pick declined: the action ends
    state.apply(mp.EndTurn())
    assert state.new_contracts == ()


@pytest.mark.rule("MP-TRAVEL-11")
@pytest.mark.rule("MP-TRAVEL-8")
def test_both_travellers_ending_in_one_new_city_with_no_post_left_move_one_post_there():
    """With every post placed, the Polos' two travellers ending in one new city queued two moves of a post
    there: the second put a second post of the player in that city."""
    state = at_first_turn(characters=("polos", "berke"), dice=(6, 6))
    state.coins[0], state.camels[0] = 99, 99
    owned = ["alexandria", "moscow"]
    for city in owned:
        state.posts[city] = [0]
    state.posts_placed[0] += 2
    state.posts_left[0] = 0
    # both travellers to one city that holds no post of the player, the same path twice
    start = state.travellers[0][0]
    target, path = next((end, p) for steps in (1, 2, 3) for end, c, k, p in state.map.walks(start, steps, False, False)
                        if end in state.map.cities and end not in owned and end != "beijing")
    state.apply(Place("travel", (("own", 6), ("own", 6))))
    state.apply(Move((path, path)))
    while state.decision is not None and state.decision[0] == "move_post":
        options = [o.value for o in state.legal_actions()]
        state.apply(Choose("move_post", next((v for v in options if v), "")))
    assert state.posts[target].count(0) == 1
    assert all(owners.count(0) <= 1 for owners in state.posts.values())

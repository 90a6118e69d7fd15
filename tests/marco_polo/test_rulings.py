"""Scenario tests for the rulings of the design notes and the rule texts, and the Bad input list of issue 11."""
import json

import pytest

from caravan_lessons import marco_polo as mp
from caravan_lessons.marco_polo import BuyBlackDie, Choose, Fulfil, Move, Place
from caravan_lessons.marco_polo.saves import lesson_position

from .helpers import choose, refused, settle, turn_state

OWN = "own"


def test_variant_deal_four_objectives_keep_two():
    s = mp.new_game(3, seed=2, characters=["berke", "johannes", "polos"], objectives=4)
    assert s.decision[0] == "objectives" and len(s.objectives[0]) == 4
    dealt = list(s.objectives[0])
    assert len(s.legal_actions()) == 6
    choose(s, "objectives", (dealt[1], dealt[3]))
    assert s.objectives[0] == [dealt[1], dealt[3]]
    settle(s)
    assert all(len(o) == 2 for o in s.objectives)
    with pytest.raises(ValueError):
        mp.new_game(3, objectives=3)


def test_player_count_variant_is_off_by_default_and_blocks_spaces_when_on():
    plain = settle(mp.new_game(2, seed=1, characters=["berke", "mercator"]))
    assert "khan" not in plain.spaces and "coins" not in plain.spaces
    s = settle(mp.new_game(2, seed=1, characters=["johannes", "mercator"], player_count_variant=True))
    assert len(s.spaces["khan"]) == 2 and len(s.spaces["coins"]) == 1
    s._begin_turn(0)
    s.dice[0] = [(OWN, 3), (OWN, 4)]
    s.coins[0] = 10
    mercator = (s.coins[1], s.camels[1])
    s.apply(Place("coins", ((OWN, 3),)))                    # occupied by the neutral die: 3 coins
    assert s.coins[0] == 12 and s.coins[1] == mercator[0] + 2
    s.main_done = False
    s.apply(Place("khan", ((OWN, 4),)))
    assert s.camels[1] == mercator[1] + 1
    s3 = settle(mp.new_game(3, seed=1, characters=["berke", "mercator", "polos"], player_count_variant=True))
    assert len(s3.spaces["khan"]) == 1 and "coins" not in s3.spaces
    t = lesson_position(json.loads(json.dumps(s.to_dict())))  # dice set by hand: a lesson position
    assert t.to_dict() == s.to_dict()


def test_round_one_also_pays_income():
    s = mp.new_game(2, seed=3, characters=["johannes", "berke"])
    assert any(e.rule == "MP-CHAR-6" for e in s.events)             # MP-ROUND-3 ruling


def test_extra_contract_reward_takes_any_board_contract():
    s = turn_state(("berke", "johannes"), dice=[3], goods=[[1, 1, 0], [0, 0, 0]], camels=[5, 2])
    s.active[0] = [39]                                              # 1 silk 1 pepper 2 camels -> extra contract
    board = list(s.board_contracts)
    s.apply(Fulfil(39))
    assert s.decision[0] == "extra_contract"
    assert [a.value for a in s.legal_actions()] == [1, 2, 3, 4, 5, 6, 0]
    choose(s, "extra_contract", 6)
    assert s.active[0] == [board[5]] and s.board_contracts == board[:5]


def test_bad_input_list_of_issue_11():
    # dice that do not fit the space: wrong count, Khan's order, own colour already there
    s = turn_state(("berke", "johannes"), dice=[2, 3, 5])
    refused(s, Place("bazaar:gold", ((OWN, 2), (OWN, 3))), "MP-BAZAAR-2")
    s.spaces["khan"] = [(1, OWN, 4)]
    refused(s, Place("khan", ((OWN, 3),)), "MP-KHAN-2")
    s.spaces["coins"] = [(0, OWN, 6)]
    refused(s, Place("coins", ((OWN, 5),)), "MP-ACT-4")
    refused(s, Place("coins", (("black", 5),)), "MP-TURN-1")        # a die the player does not have
    # unaffordable travel
    s.coins[0] = 2
    refused(s, Place("travel", ((OWN, 3), (OWN, 5))), "MP-TRAVEL-2")
    # a contract without the goods
    s.active[0] = [0]
    refused(s, Fulfil(0), "MP-BONUS-2")
    # a city card without a post there
    card = s.city_cards["karachi"][0]
    refused(s, Place(f"city:{card}", ((OWN, 5),)), "MP-CITY-1")
    # a second black die in a turn
    s.camels[0] = 9
    s.apply(BuyBlackDie())
    refused(s, BuyBlackDie(), "MP-BONUS-6")
    # a seventh step
    t = turn_state(("polos", "berke"), dice=[6, 6], coins=[99, 8], camels=[30, 2])
    t.apply(Place("travel", ((OWN, 6), (OWN, 6))))
    refused(t, Move((("venezia", "oasis_a", "moscow", "anxi", "karakorum"),
                     ("venezia", "alexandria", "oasis_i", "adana"))),
            "MP-TRAVEL-1")
    # a post in a city already held: the travel is allowed, but no second post is placed (MP-TRAVEL-8)
    t.posts["adana"] = [0]
    t.apply(Move((("venezia", "alexandria", "oasis_i", "adana"), ("venezia",))))
    settle(t)
    assert t.posts["adana"] == [0]
    # choices that are not among the options
    u = turn_state(("berke", "johannes"), dice=[2])
    u.apply(Place("bazaar:pepper", ((OWN, 2),)))
    refused(u, Choose("column", 3), "MP-BAZAAR-1")
    refused(u, Choose("goods", (1, 0, 0)), "MP-BAZAAR-1")
    refused(u, Fulfil(0), "MP-TURN-1")

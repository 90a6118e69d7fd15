"""Main actions, occupied spaces, bonus actions and the characters that change them."""
import pytest

from caravan_lessons import marco_polo as mp
from caravan_lessons.marco_polo import Adjust, BuyBlackDie, Choose, Fulfil, Place, Reroll

from .helpers import choose, refused, settle, turn_state

OWN = "own"


@pytest.mark.rule("MP-ACT-3")
def test_take_five_coins_with_any_one_die():
    s = turn_state(("berke", "johannes"), dice=[1, 6], coins=[3, 8])
    refused(s, Place("coins", ((OWN, 1), (OWN, 6))), "MP-ACT-3")
    s.apply(Place("coins", ((OWN, 1),)))
    assert s.coins[0] == 8


@pytest.mark.rule("MP-ACT-1", "MP-BAZAAR-1", "MP-BAZAAR-2")
def test_bazaar_lowest_die_sets_the_highest_column_and_less_may_be_taken():
    s = turn_state(("berke", "johannes"), dice=[2, 5, 6, 4], coins=[0, 8])
    refused(s, Place("bazaar:silk", ((OWN, 5),)), "MP-BAZAAR-2")
    s.apply(Place("bazaar:silk", ((OWN, 5), (OWN, 6))))
    assert [a.value for a in s.legal_actions()] == [1, 2, 3, 4, 5]      # lowest die 5
    refused(s, Choose("column", 6), "MP-BAZAAR-1")
    choose(s, "column", 5)
    assert s.goods[0] == [0, 3, 0] and s.camels[0] == 3 and s.coins[0] == 1


@pytest.mark.rule("MP-ACT-1")
def test_dice_placed_in_any_order_are_the_offered_placement():
    """The fuzz campaign (tests/fuzz/test_fuzz_games.py) found Place("travel", ((own, 5), (own, 2))) accepted though
    only ((own, 2), (own, 5)) was offered, leaving the dice on the space in the caller's order."""
    assert Place("travel", ((OWN, 5), (OWN, 2))) == Place("travel", ((OWN, 2), (OWN, 5)))
    s = turn_state(("berke", "johannes"), dice=[2, 5, 6, 4], coins=[0, 8])
    other = s.clone()
    s.apply(Place("bazaar:silk", ((OWN, 5), (OWN, 6))))
    assert Place("bazaar:silk", ((OWN, 6), (OWN, 5))) in other.legal_actions()
    other.apply(Place("bazaar:silk", ((OWN, 6), (OWN, 5))))
    assert other.spaces == s.spaces
    assert Place("x", (("own", [1]), ("own", 2))).dice == (("own", [1]), ("own", 2))   # refused later, not here


@pytest.mark.rule("MP-ACT-2", "MP-ACT-4")
def test_occupied_blue_space_costs_the_lowest_placed_die_and_own_colour_once():
    s = turn_state(("johannes", "polos"), dice=[3, 4, 5, 6], coins=[10, 8])
    s.spaces["bazaar:gold"] = [(1, OWN, 1), (1, OWN, 1), (1, OWN, 1)]
    s.apply(Place("bazaar:gold", ((OWN, 4), (OWN, 5), (OWN, 6))))
    assert s.coins[0] == 6                                               # lowest placed die 4
    s.tasks = []
    s.main_done = False
    refused(s, Place("bazaar:gold", ((OWN, 3),)), "MP-BAZAAR-2")
    s.dice[0] = [(OWN, 3), (OWN, 3), ("black", 3)]
    refused(s, Place("bazaar:gold", ((OWN, 3), (OWN, 3), ("black", 3))), "MP-ACT-4")
    s.spaces["coins"] = [(1, OWN, 2)]
    s.coins[0] = 2
    refused(s, Place("coins", ((OWN, 3),)), "MP-ACT-2")


@pytest.mark.rule("MP-ACT-4")
def test_black_and_white_dice_may_join_an_own_die():
    s = turn_state(("johannes", "polos"), dice=[3], coins=[10, 8])
    s.spaces["coins"] = [(0, OWN, 2)]
    s.dice[0] = [("black", 3)]
    s.apply(Place("coins", (("black", 3),)))
    assert s.coins[0] == 12                                              # 10 - 3 + 5


@pytest.mark.rule("MP-ACT-2", "MP-BONUS-3")
def test_the_moneybag_is_free_and_repeatable():
    s = turn_state(("johannes", "polos"), dice=[2, 4, 6], coins=[0, 8])
    s.spaces["moneybag"] = [(1, OWN, 5)]
    s.apply(Place("moneybag", ((OWN, 2),)))
    s.apply(Place("moneybag", ((OWN, 4),)))
    assert s.coins[0] == 6 and not s.main_done


@pytest.mark.rule("MP-KHAN-1", "MP-KHAN-2", "MP-KHAN-3")
def test_khans_favour_order_spaces_and_no_surcharge():
    s = turn_state(("johannes", "polos", "berke", "mercator"), dice=[2, 4, 5], coins=[0, 8, 9, 10])
    s.spaces["khan"] = [(1, OWN, 3)]
    refused(s, Place("khan", ((OWN, 2),)), "MP-KHAN-2")
    s.apply(Place("khan", ((OWN, 4),)))
    assert s.coins[0] == 0 and s.camels[0] == 2 + 2
    assert s.current_player == 0 and s.decision[0] == "goods"
    choose(s, "goods", (0, 0, 1))
    assert s.goods[0] == [0, 0, 1]
    s.main_done = False
    s.spaces["khan"] += [(2, OWN, 5), (3, OWN, 6)]
    s.dice[0] = [("black", 6)]
    refused(s, Place("khan", (("black", 6),)), "MP-KHAN-3")
    s.spaces["khan"].pop()
    s.dice[0] = [(OWN, 6)]
    refused(s, Place("khan", ((OWN, 6),)), "MP-ACT-4")


@pytest.mark.rule("MP-CONTRACT-1", "MP-CONTRACT-2", "MP-CONTRACT-3")
def test_contracts_by_column_with_bonus_and_discard():
    s = turn_state(("johannes", "polos"), dice=[6, 2], coins=[0, 8])
    board = list(s.board_contracts)
    refused(s, Place("contracts", ((OWN, 2), (OWN, 6))), "MP-CONTRACT-1")
    s.apply(Place("contracts", ((OWN, 6),)))
    assert [a.value for a in s.legal_actions()] == [1, 2, 3, 4, 5, 6]
    choose(s, "contract", 6)
    assert s.decision[0] == "column_bonus"
    choose(s, "column_bonus", 1)                                         # 1 coin + 1 camel
    assert s.coins[0] == 1 and s.camels[0] == 3
    assert s.active[0][1] == board[5]
    old = s.active[0][0]
    choose(s, "contract", 2)                                             # both active spaces full: only the
    assert s.decision is None                                            # old contract may go (MP-CONTRACT-3),
    assert s.active[0] == [board[5], board[1]] and s.special_pile[-1] == old   # a choice of one, taken at once
    assert s.board_contracts == [board[0]] + board[2:5]                  # the rest slide left
    s.main_done = False
    s.dice[0] = [(OWN, 1)]
    s.spaces.pop("contracts")
    s.board_contracts = [None, 7]
    refused(s, Place("contracts", ((OWN, 1),)), "MP-CONTRACT-1")


@pytest.mark.rule("MP-CONTRACT-1")
def test_one_contract_is_enough():
    s = turn_state(("johannes", "polos"), dice=[3], coins=[0, 8])
    s.apply(Place("contracts", ((OWN, 3),)))
    choose(s, "contract", 1)
    assert Choose("contract", 0) in s.legal_actions()
    choose(s, "contract", 0)
    assert not s.tasks and len(s.active[0]) == 2


@pytest.mark.rule("MP-BONUS-2")
def test_fulfil_a_contract():
    s = turn_state(("johannes", "polos"), dice=[3], coins=[0, 8], camels=[5, 2])
    s.active[0] = [41]                                                   # 1 gold + 1 camel -> 3 camels + 2 VP
    refused(s, Fulfil(41), "MP-BONUS-2")
    refused(s, Fulfil(0), "MP-BONUS-2")
    s.goods[0] = [0, 0, 1]
    s.apply(Fulfil(41))
    assert s.goods[0] == [0, 0, 0] and s.camels[0] == 5 - 1 + 3 and s.vp[0] == 2
    assert s.fulfilled[0] == [41] and s.active[0] == [] and s.vp_items[0] == {"contracts": 2}


@pytest.mark.rule("MP-BONUS-4", "MP-BONUS-5")
def test_reroll_and_adjust_cost_camels_and_do_not_wrap():
    s = turn_state(("johannes", "polos"), dice=[1, 6], camels=[3, 2])
    refused(s, Adjust((OWN, 6), 1), "MP-BONUS-5")
    refused(s, Adjust((OWN, 1), -1), "MP-BONUS-5")
    s.apply(Adjust((OWN, 1), 1))
    assert sorted(s.dice[0]) == [(OWN, 2), (OWN, 6)] and s.camels[0] == 1
    refused(s, Adjust((OWN, 2), 1), "MP-BONUS-5")                          # 1 camel left
    s.apply(Reroll((OWN, 6)))
    assert s.camels[0] == 0 and len(s.dice[0]) == 2
    refused(s, Reroll((OWN, 2)), "MP-BONUS-4")


@pytest.mark.rule("MP-BONUS-6")
def test_black_die_once_per_turn_limited_and_returned():
    s = turn_state(("johannes", "polos"), dice=[2], camels=[9, 2])
    s.apply(BuyBlackDie())
    assert s.camels[0] == 6 and s.black_dice == 4 and [c for c, _ in s.dice[0]].count("black") == 1
    refused(s, BuyBlackDie(), "MP-BONUS-6")
    s.black_bought = False
    s.black_dice = 0
    refused(s, BuyBlackDie(), "MP-BONUS-6")


@pytest.mark.rule("MP-CHAR-1")
def test_raschid_sets_his_dice_when_placing():
    s = settle(mp.new_game(2, seed=3, characters=["raschid", "berke"]))
    s._begin_turn(0)
    refused(s, Place("coins", ((OWN, 0),)), "MP-CHAR-1")
    refused(s, Reroll((OWN, 0)), "MP-CHAR-1")
    s.apply(Place("bazaar:camel", ((OWN, 0),), set_to=6))
    assert s.spaces["bazaar:camel"] == [(0, OWN, 6)]
    assert [a.value for a in s.legal_actions()] == [1, 2, 3, 4, 5, 6]
    other = turn_state(("berke", "johannes"), dice=[3])
    refused(other, Place("coins", ((OWN, 3),), set_to=5), "MP-CHAR-1")


@pytest.mark.rule("MP-CHAR-2")
def test_matteo_white_die_and_special_contract_every_round():
    s = mp.new_game(2, seed=8, characters=["berke", "matteo"])
    top = 0
    assert [c for c, _ in s.dice[1]].count("white") == 1 and len(s.dice[1]) == 6
    assert len(s.active[1]) == 2 and len(s.special_pile) == 7
    s = turn_state(("berke", "matteo"), dice=[3])
    s.spaces["coins"] = [(1, OWN, 2)]
    white = [d for d in s.dice[1] if d[0] == "white"][0]
    s.current = 1
    s.apply(Place("coins", (white,)))                                    # white dice ignore the own-colour rule
    assert top == 0


@pytest.mark.rule("MP-CHAR-3")
def test_berke_uses_occupied_spaces_for_free_but_not_a_used_city_card():
    s = turn_state(("berke", "johannes"), dice=[5], coins=[0, 8])
    s.spaces["coins"] = [(1, OWN, 6)]
    s.apply(Place("coins", ((OWN, 5),)))
    assert s.coins[0] == 5
    s.main_done = False
    card = s.city_cards["moscow"][0]
    s.posts["moscow"] = [0, 1]
    s.spaces[f"city:{card}"] = [(1, OWN, 3)]
    s.dice[0] = [(OWN, 4)]
    refused(s, Place(f"city:{card}", ((OWN, 4),)), "MP-CITY-2")


@pytest.mark.rule("MP-CHAR-4")
def test_mercator_gets_one_of_what_others_take_at_the_bazaar():
    s = turn_state(("berke", "mercator", "johannes"), dice=[4], coins=[0, 8, 9])
    camels, pepper = s.camels[1], s.goods[1][0]
    s.apply(Place("bazaar:pepper", ((OWN, 4),)))
    choose(s, "column", 3)
    assert s.goods[1][0] == pepper + 1 and s.goods[0] == [2, 0, 0] and s.coins[0] == 1
    s.current = 1
    s.main_done = False
    s.dice[1] = [(OWN, 2)]
    s.apply(Place("bazaar:camel", ((OWN, 2),)))
    choose(s, "column", 2)
    assert s.camels[1] == camels + 2 and s.goods[1][0] == pepper + 1     # his own use gives nothing extra

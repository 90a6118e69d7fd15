"""City cards (MP-CITY-*) and city bonuses (MP-CITYBONUS-1)."""
import pytest

from caravan_lessons.marco_polo import Choose, Place

from .helpers import choose, refused, turn_state

OWN = "own"


def with_card(card, die, post=True, **fields):
    s = turn_state(("berke", "johannes"), dice=[die], **fields)
    s.city_cards = {city: [c for c in ids if c != card] for city, ids in s.city_cards.items()}
    s.city_cards["moscow"] = [card]
    s.card_city = {c: city for city, ids in s.city_cards.items() for c in ids}
    if post:
        s.posts["moscow"] = [0]
    return s


@pytest.mark.rule("MP-CITY-1")
def test_a_city_card_needs_a_post_and_one_die():
    s = with_card(0, 4, post=False)
    refused(s, Place("city:0", ((OWN, 4),)), "MP-CITY-1")
    s.posts["moscow"] = [1]
    refused(s, Place("city:0", ((OWN, 4),)), "MP-CITY-1")
    s.posts["moscow"] = [1, 0]
    coins = s.coins[0]
    s.apply(Place("city:0", ((OWN, 4),)))                                  # 2 coins per pip
    assert s.coins[0] == coins + 8


@pytest.mark.rule("MP-CITY-2")
def test_a_city_card_once_a_round():
    s = with_card(0, 4)
    s.spaces["city:0"] = [(1, "black", 2)]
    refused(s, Place("city:0", ((OWN, 4),)), "MP-CITY-2")


@pytest.mark.rule("MP-CITY-3")
def test_exchange_repeated_up_to_the_die_as_far_as_one_can_pay():
    s = with_card(3, 5, goods=[[0, 0, 7], [0, 0, 0]])                    # 2 gold -> 4 VP
    s.apply(Place("city:3", ((OWN, 5),)))
    assert [a.value for a in s.legal_actions()] == [1, 2, 3]
    choose(s, "repeat", 3)
    assert s.goods[0] == [0, 0, 1] and s.vp[0] == 12 and s.vp_items[0]["city cards"] == 12
    s = with_card(3, 5, goods=[[0, 0, 1], [0, 0, 0]])
    refused(s, Place("city:3", ((OWN, 5),)), "MP-CITY-3")


@pytest.mark.rule("MP-CITY-3")
def test_die_tables_counts_and_swaps():
    s = with_card(1, 6)
    s.apply(Place("city:1", ((OWN, 6),)))
    assert s.goods[0][2] == 3
    s = with_card(2, 6)                                                  # 1 VP per post, at most the die
    s.posts.update({"anxi": [0], "kochi": [0]})
    s.apply(Place("city:2", ((OWN, 6),)))
    assert s.vp[0] == 3
    s = with_card(16, 3, coins=[4, 8], camels=[5, 2])                     # camel -> 3 coins, or coin -> camel
    s.apply(Place("city:16", ((OWN, 3),)))
    assert [a.value for a in s.legal_actions()] == [0, 1]
    choose(s, "direction", 1)
    choose(s, "repeat", 2)
    assert s.coins[0] == 2 and s.camels[0] == 7


@pytest.mark.rule("MP-CITY-3")
def test_goods_of_choice_paid_and_taken():
    s = with_card(27, 2, goods=[[1, 1, 0], [0, 0, 0]], camels=[0, 2])     # 1 good -> 2 camels
    s.apply(Place("city:27", ((OWN, 2),)))
    choose(s, "repeat", 2)
    assert s.goods[0] == [0, 0, 0] and s.camels[0] == 4
    s = with_card(30, 2, goods=[[3, 0, 1], [0, 0, 0]], camels=[0, 2])     # 2 different goods -> extra move
    s.travellers[0] = ["venezia"]
    s.apply(Place("city:30", ((OWN, 2),)))
    assert s.decision is not None and s.goods[0] == [2, 0, 0]             # only one pair is possible
    s = with_card(12, 3, coins=[6, 8])                                    # 2 coins -> good of choice
    s.apply(Place("city:12", ((OWN, 3),)))
    choose(s, "repeat", 3)
    assert Choose("goods", (0, 1, 2)) in s.legal_actions()
    choose(s, "goods", (0, 1, 2))
    assert s.goods[0] == [0, 1, 2] and s.coins[0] == 0


@pytest.mark.rule("MP-CITY-3", "MP-CITYBONUS-1")
def test_city_bonus_cards_and_the_copy_bonus():
    s = with_card(23, 6)
    s.posts.update({"anxi": [0], "ormuz": [0], "xian": [0]})
    s.apply(Place("city:23", ((OWN, 6),)))
    assert all(len(a.value) == 2 for a in s.legal_actions())
    coins, camels = s.coins[0], s.camels[0]
    choose(s, "cities", ("anxi", "xian"))
    assert s.coins[0] == coins + 5 and s.decision[0] == "copy"
    assert Choose("copy", "copy") not in s.legal_actions()
    choose(s, "copy", "camels3")
    assert s.camels[0] == camels + 3
    s = with_card(25, 2, coins=[1, 8])
    s.posts.update({"anxi": [0], "kochi": [0]})
    s.apply(Place("city:25", ((OWN, 2),)))
    assert all(len(a.value) == 1 for a in s.legal_actions())            # 1 coin: one trigger
    choose(s, "cities", ("kochi",))
    assert s.coins[0] == 0 and s.vp[0] == 3

"""Setup, rounds and turns (MP-SETUP-*, MP-ROUND-*, MP-TURN-*, MP-END-1)."""
import pytest

from caravan_lessons import marco_polo as mp
from caravan_lessons.marco_polo import Choose, EndTurn, Place

from .helpers import refused, settle, turn_state


@pytest.mark.rule("MP-SETUP-2", "MP-SETUP-3", "MP-SETUP-4", "MP-SETUP-5", "MP-SETUP-6", "MP-SETUP-8",
                  "MP-SETUP-9", "MP-SETUP-13")
def test_setup_lays_out_the_components():
    s = mp.new_game(4, seed=5, characters=["raschid", "berke", "mercator", "kubilai"])
    assert s.city_bonus_at == {"anxi": "coins5", "ormuz": "camels3", "kashgar": "goods2", "xian": "copy",
                               "adana": "camel_coins", "kochi": "vp3"}
    assert sorted(s.outposts) == sorted(c for c, k in s.map.kind.items() if k == "large")
    assert len(set(s.outposts.values())) == 7
    assert sum(len(v) for v in s.city_cards.values()) == 9 and len(s.city_cards["sumatra"]) == 3
    assert len(s.board_contracts) == 6 and [len(p) for p in s.piles] == [6, 6, 6, 6] and len(s.special_pile) == 8
    starting = {i for i, c in s.data.contracts.items() if c["kind"] == "starting"}
    assert all(len(a) == 1 and a[0] in starting for a in s.active)
    assert s.black_dice == 5
    assert s.posts_left == [9, 9, 9, 8] and s.posts == {"beijing": [3]}      # Kubilai (MP-CHAR-5)
    assert all(len(o) == 2 for o in s.objectives) and len({o for x in s.objectives for o in x}) == 8


@pytest.mark.rule("MP-SETUP-7", "MP-SETUP-10", "MP-SETUP-12", "MP-SETUP-1")
def test_starting_money_camels_and_travellers():
    s = mp.new_game(4, seed=2)
    assert s.start_player == 0 and s.vp == [0] * 4
    assert all(t == ["venezia"] for t in s.travellers)
    first = [e for e in s.events if e.rule == "MP-SETUP-10"][0]
    assert "[7, 8, 9, 10]" in first.text and "2 camels" in first.text
    s3 = mp.new_game(3, seed=2, characters=["raschid", "berke", "kubilai"])
    assert s3.coins == [7, 8, 9] and s3.camels == [2, 2, 2]    # no income, Raschid rolls nothing


@pytest.mark.rule("MP-SETUP-11")
def test_first_game_characters_by_seat_and_a_draft():
    assert mp.new_game(4, seed=1).characters == ["raschid", "matteo", "berke", "mercator"]
    assert mp.new_game(2, seed=1).characters == ["raschid", "matteo"]
    s = mp.new_game(3, seed=4, characters="choose")
    assert s.current_player == 2                       # the last seat picks first
    offered = [a.value for a in s.legal_actions()]
    assert len(offered) == 4
    s.apply(Choose("character", offered[0]))
    assert s.current_player == 1 and offered[0] not in [a.value for a in s.legal_actions()]
    refused(s, Choose("character", offered[0]), "MP-SETUP-11")
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert "" not in s.characters and len(set(s.characters)) == 3


@pytest.mark.parametrize("bad", [1, 5, True, 2.0, "4"])
def test_bad_player_counts(bad):
    with pytest.raises(ValueError):
        mp.new_game(bad)


def test_bad_character_lists():
    for bad in (["raschid"], ["raschid", "raschid"], ["raschid", "nobody"], "random"):
        with pytest.raises(ValueError):
            mp.new_game(2, characters=bad)


@pytest.mark.rule("MP-ROUND-4")
def test_compensation_below_15_is_split_as_the_player_likes():
    for seed in range(200):
        s = mp.new_game(2, seed=seed, characters=["berke", "johannes"])
        if s.tasks and s.tasks[0][0] == "compensation":
            seat, amount = s.tasks[0][1], s.tasks[0][2]
            assert sum(v for _, v in s.dice[seat]) == 15 - amount
            assert [a.value for a in s.legal_actions()] == list(range(amount + 1))
            coins, camels = s.coins[seat], s.camels[seat]
            s.apply(Choose("compensation", 1))
            assert s.coins[seat] == coins + 1 and s.camels[seat] == camels + amount - 1
            return
    pytest.fail("no roll below 15 in 200 seeds")


@pytest.mark.rule("MP-ROUND-4", "MP-CHAR-1")
def test_raschid_does_not_roll_nor_get_compensation():
    s = settle(mp.new_game(2, seed=3, characters=["raschid", "berke"]))
    assert s.dice[0] == [("own", 0)] * 5
    assert not any(e.rule == "MP-ROUND-4" and e.player == 0 for e in s.events)


@pytest.mark.rule("MP-TURN-1", "MP-BONUS-1")
def test_a_turn_is_one_main_action_with_bonus_actions_around_it():
    s = turn_state(("berke", "johannes"), dice=[2, 3, 4, 5, 6], camels=[5, 2])
    refused(s, EndTurn(), "MP-TURN-1")
    s.apply(mp.Reroll(("own", 2)))                     # a bonus action before
    s.apply(Place("coins", (s.dice[0][0],)))
    assert s.main_done and s.current_player == 0
    refused(s, Place("bazaar:camel", (s.dice[0][0],)), "MP-TURN-1")
    s.apply(Place("moneybag", (s.dice[0][0],)))        # a bonus action after
    s.apply(EndTurn())
    assert s.current_player == 1


@pytest.mark.rule("MP-TURN-1")
def test_the_moneybag_must_leave_a_die_for_the_main_action():
    s = turn_state(("berke", "johannes"), dice=[4])
    refused(s, Place("moneybag", (("own", 4),)), "MP-TURN-1")


@pytest.mark.rule("MP-TURN-1")
def test_with_no_main_action_open_the_moneybag_is_the_main_action():
    s = turn_state(("berke", "johannes"), dice=[1], coins=[0, 8], camels=[0, 2])
    for space in ("coins", "bazaar:camel", "bazaar:pepper", "khan", "contracts"):
        s.spaces[space] = [(0, "own", 6)]
    s.board_contracts = []
    acts = s.legal_actions()
    assert acts == [Place("moneybag", (("own", 1),))]
    s.apply(acts[0])
    assert s.main_done


@pytest.mark.rule("MP-TURN-2", "MP-ROUND-1")
def test_players_without_dice_pass_and_the_round_ends_when_all_dice_are_used():
    s = turn_state(("berke", "johannes", "polos"), dice=[3])
    s.dice[1] = []
    s.dice[2] = [("own", 2)]
    s.apply(Place("coins", (("own", 3),)))
    s.apply(EndTurn())
    assert s.current_player == 2                       # seat 1 has no dice: passed
    s.apply(Place("coins", (("own", 2),)))
    s.apply(EndTurn())
    assert s.round == 2


@pytest.mark.rule("MP-ROUND-2", "MP-TRAVEL-9", "MP-ROUND-5")
def test_the_last_traveller_starts_the_next_round_and_new_contracts_come_out():
    s = turn_state(("berke", "johannes"), dice=[3, 3], coins=[20, 20])
    s.dice[1] = []
    leftover = list(s.board_contracts)
    special = list(s.special_pile)
    nxt = list(s.piles[0])
    s.current = 0
    s.apply(Place("travel", (("own", 3), ("own", 3))))
    assert s.last_traveller == 0
    s.apply(s.legal_actions()[0])
    settle(s)
    s.dice[0] = []
    s.dice[1] = [("own", 1)]
    s.apply(EndTurn())
    assert s.current_player == 1 and s.round == 1
    s.apply(Place("coins", (("own", 1),)))
    s.apply(EndTurn())
    assert s.round == 2 and s.start_player == 0
    assert s.board_contracts == nxt and s.special_pile[:len(special)] == special
    assert s.special_pile[len(special):] == [c for c in leftover if c is not None]


@pytest.mark.rule("MP-ROUND-3")
def test_small_city_and_character_income_every_round_the_first_included():
    s = mp.new_game(2, seed=1, characters=["johannes", "polos"])
    assert any(e.rule == "MP-CHAR-6" and "3 coins" in e.text for e in s.events)
    assert any(e.rule == "MP-CHAR-8" and "gets 1 camel (" in e.text for e in s.events)   # singular: not "1 camels"
    s = settle(s)
    s._begin_turn(s.start_player)
    s.posts["anxi"] = [0]
    s.posts_left[0] -= 1
    coins = s.coins[0]
    s.dice = [[], []]
    s.dice[s.current] = [("own", 1)]
    s.apply(Place("coins", (("own", 1),)))
    s.apply(EndTurn())
    settle(s)
    assert s.round == 2
    assert s.coins[0] >= coins + (5 if s.current == 0 else 0) + 5 + 3


@pytest.mark.rule("MP-END-1", "MP-ROUND-1")
def test_the_game_ends_after_round_five():
    s = mp.new_game(2, seed=9, characters=["berke", "johannes"])
    s.round = 5
    settle(s)
    s._begin_turn(0)
    s.dice = [[("own", 2)], []]
    s.apply(Place("coins", (("own", 2),)))
    s.apply(EndTurn())
    assert s.is_terminal() and s.current_player == -1 and s.legal_actions() == []
    refused(s, EndTurn(), "MP-END-1")

"""Travel, trading posts, extra moves and the travelling characters; route questions."""
import pytest

from caravan_lessons import marco_polo as mp
from caravan_lessons.marco_polo import Choose, Move, Place

from .helpers import choose, refused, turn_state

OWN = "own"


def travelling(characters=("berke", "johannes"), dice=(6, 6), coins=40, camels=20, where="venezia"):
    s = turn_state(characters, dice=list(dice))
    s.coins[0], s.camels[0] = coins, camels
    s.travellers[0] = [where] * len(s.travellers[0])
    s.apply(Place("travel", ((OWN, dice[0]), (OWN, dice[1]))))
    return s


@pytest.mark.rule("MP-TRAVEL-1", "MP-TRAVEL-2")
def test_travel_takes_two_dice_and_pays_steps_and_routes():
    s = turn_state(("berke", "johannes"), dice=[3, 5])
    refused(s, Place("travel", ((OWN, 3),)), "MP-TRAVEL-1")
    s = travelling(dice=(3, 5), coins=30, camels=10)
    assert {len(m.paths[0]) - 1 for m in s.legal_actions()} == {1, 2, 3}
    refused(s, Move((("venezia", "oasis_a", "moscow", "anxi", "karakorum"),)), "MP-TRAVEL-1")
    refused(s, Move((("venezia", "moscow"),)), "MP-TRAVEL-2")
    s.outposts.pop("samarcanda")
    s.apply(Move((("venezia", "oasis_e", "samarcanda"),)))               # 7 coins + 3 camels
    assert s.coins[0] == 23 and s.camels[0] == 7 and s.travellers[0] == ["samarcanda"]
    assert s.last_traveller == 0


@pytest.mark.rule("MP-TRAVEL-1")
def test_a_seventh_step_is_refused():
    s = travelling(characters=("polos", "johannes"), dice=(6, 6), coins=99, camels=40)
    refused(s, Move((("venezia", "oasis_a", "moscow", "anxi", "karakorum"),
                     ("venezia", "alexandria", "oasis_i", "adana"))), "MP-TRAVEL-1")


@pytest.mark.rule("MP-TRAVEL-2")
def test_unaffordable_travel_is_refused():
    s = turn_state(("berke", "johannes"), dice=[2, 2], coins=[2, 8])
    refused(s, Place("travel", ((OWN, 2), (OWN, 2))), "MP-TRAVEL-2")
    s = travelling(dice=(2, 2), coins=7, camels=2)
    refused(s, Move((("venezia", "oasis_e", "samarcanda"),)), "MP-TRAVEL-2")  # 3 camels needed
    refused(s, Move((("venezia", "alexandria", "oasis_g"),)), "MP-TRAVEL-2")   # 7 + 7 coins


@pytest.mark.rule("MP-TRAVEL-3")
def test_a_move_does_not_end_in_venezia():
    s = travelling(dice=(2, 2), where="oasis_a")
    refused(s, Move((("oasis_a", "venezia"),)), "MP-TRAVEL-3")
    assert all(m.paths[0][-1] != "venezia" for m in s.legal_actions())
    s.apply(Move((("oasis_a", "venezia", "alexandria"),)))               # passing through is fine


@pytest.mark.rule("MP-TRAVEL-4", "MP-TRAVEL-10")
def test_large_city_post_and_outpost_bonus_to_the_first_only():
    s = travelling(dice=(1, 1))
    bonus = s.outposts["alexandria"]
    s.apply(Move((("venezia", "alexandria"),)))
    from .helpers import settle
    settle(s)
    assert s.posts["alexandria"] == [0] and "alexandria" not in s.outposts and s.posts_left[0] == 8
    assert any(e.rule == "MP-TRAVEL-4" and "outpost" in e.text for e in s.events) or bonus in (7, 8, 9, 10)
    card = s.city_cards["alexandria"][0]
    s.dice[0] = [(OWN, 6)]
    s.tasks = []
    s.main_done = False
    refused(s, Place(f"city:{card}", ((OWN, 6),)), "MP-TRAVEL-4")          # only from the next turn
    t = travelling(dice=(1, 1))
    t.apply(Move((("venezia", "oasis_a"),)))
    assert "oasis_a" not in t.posts                                     # no post on an oasis


@pytest.mark.rule("MP-TRAVEL-5", "MP-CITYBONUS-1")
def test_small_city_post_pays_its_bonus_at_once():
    s = travelling(dice=(3, 3), coins=20, camels=10, where="alexandria")
    s.apply(Move((("alexandria", "oasis_i", "adana"),)))                 # adana: 1 camel + 3 coins
    assert s.posts["adana"] == [0]
    assert s.coins[0] == 20 - 7 + 3 and s.camels[0] == 10 - 2 + 1


@pytest.mark.rule("MP-TRAVEL-6", "MP-SCORE-3")
def test_beijing_posts_in_arrival_order():
    s = travelling(dice=(1, 1), where="xian")
    s.posts["beijing"] = [1]
    s.apply(Move((("xian", "beijing"),)))
    assert s.posts["beijing"] == [1, 0]
    assert any("7-point" in e.text for e in s.events)


@pytest.mark.rule("MP-TRAVEL-7", "MP-TRAVEL-8")
def test_eighth_and_ninth_posts_score_and_one_post_per_city():
    s = travelling(dice=(2, 2), where="venezia")
    s.posts_placed[0], s.posts_left[0] = 7, 2
    s.posts["moscow"] = [0]
    s.apply(Move((("venezia", "oasis_a", "moscow"),)))
    assert s.posts["moscow"] == [0] and s.posts_placed[0] == 7          # already there: no second post
    s = travelling(dice=(1, 1), where="venezia")
    s.posts_placed[0], s.posts_left[0] = 7, 2
    s.apply(Move((("venezia", "alexandria"),)))
    from .helpers import settle
    settle(s)
    assert s.vp_items[0]["trading posts"] == 5
    s.posts_placed[0] = 8
    s.travellers[0] = ["oasis_i"]
    s.tasks = [("extra_move", 0)]
    s.apply(Move((("oasis_i", "adana"),)))
    assert s.vp_items[0]["trading posts"] == 15


@pytest.mark.rule("MP-TRAVEL-11")
def test_with_no_posts_left_a_post_may_move():
    s = travelling(dice=(1, 1), where="venezia")
    s.posts_left[0] = 0
    s.posts_placed[0] = 9
    s.posts["anxi"] = [0]
    s.apply(Move((("venezia", "alexandria"),)))
    assert s.decision[0] == "move_post"
    assert Choose("move_post", "") in s.legal_actions()
    vp = s.vp[0]
    choose(s, "move_post", "anxi")
    assert "anxi" not in s.posts and s.posts["alexandria"] == [0] and s.vp[0] - vp < 5


@pytest.mark.rule("MP-MOVE-1")
def test_extra_move_pays_route_only_and_is_lost_if_unpayable():
    s = turn_state(("berke", "johannes"), dice=[3], coins=[5, 8], camels=[0, 2])
    s.travellers[0] = ["moscow"]
    s.tasks = [("extra_move", 0)]
    s.apply(Move((("moscow", "oasis_a"),)))                              # free route, no travel coins
    assert s.travellers[0] == ["oasis_a"] and s.coins[0] == 5
    s.travellers[0] = ["anxi"]
    s.tasks = [("extra_move", 0), ("turns",)]
    from caravan_lessons.marco_polo import effects
    effects.run(s)
    assert s.travellers[0] == ["anxi"] and any("gives up" in e.text for e in s.events)
    s.camels[0] = 3
    s.tasks = [("extra_move", 0)]
    refused(s, Move((("anxi", "karakorum", "oasis_b"),)), "MP-MOVE-1")
    s.apply(Move(()))                                                   # declined
    assert not s.tasks


@pytest.mark.rule("MP-CHAR-5")
def test_kubilai_starts_in_beijing():
    s = mp.new_game(3, seed=4, characters=["berke", "kubilai", "johannes"])
    assert s.travellers[1] == ["beijing"] and s.posts["beijing"] == [1] and s.posts_left[1] == 8


@pytest.mark.rule("MP-CHAR-6")
def test_johannes_jumps_between_oases():
    s = travelling(characters=("johannes", "berke"), dice=(3, 3), coins=20, camels=0)
    s.apply(Move((("venezia", "oasis_a", "oasis_c", "beijing"),)))
    assert s.posts["beijing"] == [0] and s.coins[0] == 20 - 12
    other = travelling(characters=("berke", "johannes"), dice=(3, 3), coins=20, camels=0)
    refused(other, Move((("venezia", "oasis_a", "oasis_c", "beijing"),)), "MP-TRAVEL-2")
    assert mp.default_data().characters["johannes"]["income"] == {"coins": 3}


@pytest.mark.rule("MP-CHAR-7")
def test_wilhelm_posts_in_every_city_he_passes():
    s = travelling(characters=("wilhelm", "berke"), dice=(3, 3), coins=30, camels=5, where="venezia")
    assert s.posts_left[0] == 11
    s.apply(Move((("venezia", "alexandria", "oasis_i", "adana"),)))
    assert s.posts["alexandria"] == [0] and s.posts["adana"] == [0]
    s.posts_placed[0], s.posts_left[0] = 10, 1
    s.travellers[0] = ["oasis_i"]
    s.tasks = [("extra_move", 0)]
    s.posts.pop("adana")
    s.apply(Move((("oasis_i", "adana"),)))
    from .helpers import settle
    settle(s)
    assert s.vp_items[0]["trading posts"] == 10                         # the 11th post


@pytest.mark.rule("MP-CHAR-8")
def test_niccolo_and_marco_split_the_steps_between_two_travellers():
    s = travelling(characters=("polos", "berke"), dice=(3, 3), coins=30, camels=0)
    assert s.travellers[0] == ["venezia", "venezia"]
    refused(s, Move((("venezia", "alexandria"),)), "MP-CHAR-8")
    s.apply(Move((("venezia", "alexandria"), ("venezia", "oasis_a", "moscow"))))
    assert s.travellers[0] == ["alexandria", "moscow"] and s.coins[0] == 30 - 12
    assert s.posts["alexandria"] == [0] and s.posts["moscow"] == [0]


def test_cheapest_routes_with_networkx():
    g = mp.board()
    best = mp.cheapest_routes(g, "venezia", 6, camel_value=1.0)
    assert "beijing" not in best and best["moscow"]["steps"] == 2 and best["moscow"]["coins"] == 7
    assert best["samarcanda"]["camels"] == 3
    free = mp.cheapest_routes(g, "venezia", 3, camel_value=0, travel_cost=(0,) * 6, oasis_jumps=True)
    assert free["beijing"]["steps"] == 3 and free["beijing"]["value"] == 0
    with pytest.raises(ValueError):
        mp.cheapest_routes(g, "paris")
    with pytest.raises(ValueError):
        mp.cheapest_routes(g, "venezia", 7)
    with pytest.raises(ValueError):
        mp.cheapest_routes(g, "venezia", True)
    with pytest.raises(ValueError):
        mp.cheapest_routes(g, "venezia", 3, camel_value=-1)


def test_reachable_objective_cities():
    s = turn_state(("berke", "johannes"), dice=[4, 4, 1])
    s.objectives[0] = [12, 1]                                           # Alexandria-Anxi, Moscow-Ormuz
    s.coins[0], s.camels[0] = 30, 3
    found = mp.reachable_objective_cities(s, 0)
    assert set(found) == {"alexandria", "moscow", "anxi", "ormuz"}
    assert found["alexandria"] == {"steps": 1, "camels": 0, "coins": 3, "path": ["venezia", "alexandria"]}
    s.camels[0] = 0
    assert "anxi" not in mp.reachable_objective_cities(s, 0)
    s.dice[0] = [(OWN, 4)]
    assert mp.reachable_objective_cities(s, 0) == {}
    with pytest.raises(ValueError):
        mp.reachable_objective_cities(s, 5)


def test_listed_travels_reach_every_end_and_other_valid_paths_are_accepted():
    s = travelling(dice=(3, 3), coins=40, camels=20, where="alexandria")
    listed = {m.paths[0][-1] for m in s.legal_actions()}
    board_map = s.map
    reachable = {e for k in (1, 2, 3) for e, *_ in board_map.walks("alexandria", k)}
    assert listed == reachable
    dominated = Move((("alexandria", "oasis_g", "alexandria"),))         # 7 + 7 coins, back again
    assert dominated not in s.legal_actions() and s.why_illegal(dominated) is None
    s.apply(dominated)
    assert s.travellers[0] == ["alexandria"] and s.coins[0] == 40 - 7 - 14

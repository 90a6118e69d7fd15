"""Saved games: round trips through JSON and the files layer; broken files refused."""
import json
import random

import pytest

from caravan_lessons import load_game, save_game
from caravan_lessons import marco_polo as mp
from caravan_lessons.core import SaveFileError


def midgame(seed=3, steps=120):
    s = mp.new_game(4, seed=seed, characters=["polos", "wilhelm", "johannes", "kubilai"])
    r = random.Random(seed)
    for _ in range(steps):
        a = s.legal_actions()
        s.apply(a[r.randrange(len(a))])
    return s, r


def test_round_trip_and_same_future(tmp_path):
    s, r = midgame()
    path = save_game(s, tmp_path / "game.json")
    t = load_game(path)
    assert t.to_dict() == s.to_dict()
    while not s.is_terminal():
        a = s.legal_actions()
        x = a[r.randrange(len(a))]
        s.apply(x)
        t.apply(x)
    assert t.to_dict() == s.to_dict() and t.score_sheet().totals() == s.score_sheet().totals()


def test_a_pending_choice_survives_a_save():
    s, _ = midgame(steps=0)
    for seed in range(50):
        s, _ = midgame(seed=seed, steps=60)
        if s.tasks:
            break
    t = mp.State.from_dict(json.loads(json.dumps(s.to_dict())))
    assert t.legal_actions() == s.legal_actions() and t.current_player == s.current_player


@pytest.mark.parametrize("edit, words", [
    (lambda d: d.__setitem__("coins", [1, 2, True, 4]), "coins[2]"),
    (lambda d: d.__setitem__("round", 6), "round"),
    (lambda d: d.__setitem__("nonsense", 1), "nonsense"),
    (lambda d: d["posts"].__setitem__("oasis_a", [0]), "MP-TRAVEL-10"),
    (lambda d: d["posts"].__setitem__("moscow", [1, 1]), "MP-TRAVEL-8"),
    (lambda d: d.__setitem__("black_dice", d["black_dice"] - 1 if d["black_dice"] else 1), "MP-BONUS-6"),
    (lambda d: d["active"][0].append(d["special_pile"][0]) if len(d["active"][0]) < 2 else
     d["active"][0].__setitem__(0, d["special_pile"][0]), "MP-SETUP-5"),
    (lambda d: d["tasks"].append(["explode", 0]), "MP-TURN-1"),
    (lambda d: d.__setitem__("posts_left", [0, 0, 0, 0]), "MP-SETUP-8"),
])
def test_broken_saves_are_refused(edit, words):
    s, _ = midgame()
    data = json.loads(json.dumps(s.to_dict()))
    edit(data)
    with pytest.raises(SaveFileError) as info:
        mp.State.from_dict(data)
    assert words in str(info.value)


def test_observation_hides_objectives_and_piles():
    s, _ = midgame()
    o = s.observation(1)
    assert o["objectives"][1] == s.objectives[1] and o["objectives"][0] == []
    assert isinstance(o["special_pile"], int) and "rng" not in o
    json.dumps(o)
    with pytest.raises(ValueError):
        s.observation(True)


def test_observation_hides_objectives_being_dealt():
    s = mp.new_game(3, seed=2, characters=["berke", "johannes", "polos"], objectives=4)
    o = s.observation(2)
    assert o["tasks"][0][2] == [] and o["tasks"][2][2] == list(s.objectives[2])


# --- impossible but well-typed positions (fuzz review F7, F8) --------------------------------------------

def refused_naming(data, rule, *words):
    with pytest.raises(SaveFileError) as info:
        mp.State.from_dict(data)
    text = str(info.value)
    assert rule in text and all(w in text for w in words) and "\n" not in text and len(text) <= 300, text
    return text


def on_turn(players=3, seed=0, characters=None):
    """A real game at the start of a plain turn (no choice pending)."""
    s = mp.new_game(players, seed=seed, **({"characters": characters} if characters else {}))
    r = random.Random(seed)
    while s.tasks:
        s.apply(s.legal_actions()[0])
    for _ in range(200):
        if not s.tasks and not s.main_done and s.round >= 2 and len(s.dice[s.current]) >= 3:
            return s
        a = s.legal_actions()
        s.apply(a[r.randrange(len(a))])
    raise AssertionError("no such turn")


def first_turn(players=3, seed=0, characters=None):
    s = mp.new_game(players, seed=seed, **({"characters": characters} if characters else {}))
    while s.tasks:
        s.apply(s.legal_actions()[0])
    return s


@pytest.mark.rule("MP-TRAVEL-1")
def test_a_travel_nobody_can_pay_is_refused():
    """F7: the save loaded with legal_actions() == [] in a live game."""
    d = first_turn().to_dict()
    seat = d["current"]
    d["coins"][seat] = d["camels"][seat] = 0
    d["tasks"] = [["travel", seat, 3]]
    refused_naming(d, "MP-TRAVEL-1", "0 option(s)")


@pytest.mark.parametrize("task, rule", [(lambda s: ["contract", s, 6, 2], "MP-CONTRACT-1"),
                                        (lambda s: ["cities", s, 23, 2, False], "MP-CITY-3")])
def test_a_choice_with_no_option_is_refused(task, rule):
    d = first_turn().to_dict()
    seat = d["current"]
    d["special_pile"] += [c for c in d["board_contracts"] if c is not None]
    d["board_contracts"] = []
    d["tasks"] = [task(seat)]
    refused_naming(d, rule, "option")


@pytest.mark.rule("MP-CONTRACT-3")
def test_a_discard_with_nothing_held_is_refused():
    d = first_turn().to_dict()
    seat = d["current"]
    taken = d["board_contracts"][0]
    d["board_contracts"][0] = None
    d["special_pile"] += d["active"][seat]
    d["active"][seat] = []
    d["tasks"] = [["discard", seat, taken]]
    refused_naming(d, "MP-CONTRACT-3")


@pytest.mark.rule("MP-TURN-1")
def test_an_automatic_step_first_is_refused():
    d = first_turn().to_dict()
    d["tasks"] = [["compact", d["current"]]]
    refused_naming(d, "MP-TURN-1", "automatic")


@pytest.mark.rule("MP-TURN-2")
def test_a_seat_on_turn_without_dice_or_main_action_is_refused():
    s = first_turn()
    d = s.to_dict()
    seat = d["current"]
    d["spaces"]["moneybag"] = [{"seat": seat, "colour": x["colour"], "value": max(1, x["value"])}
                               for x in d["dice"][seat]]
    d["dice"][seat] = []
    refused_naming(d, "MP-TURN-2", "no dice")


@pytest.mark.rule("MP-ROUND-4")
def test_a_round_whose_roll_was_dropped_is_refused():
    s = mp.new_game(3, seed=0)
    d = s.to_dict()
    if any(t[0] == "roll" for t in d["tasks"]):
        d["tasks"] = [t for t in d["tasks"] if t[0] != "roll"]
        with pytest.raises(SaveFileError):
            mp.State.from_dict(d)
    d = first_turn().to_dict()
    for pool in d["dice"]:
        pool.clear()
    refused_naming(d, "MP-SETUP-8", "all 5")


@pytest.mark.rule("MP-ROUND-5")
def test_round_1_without_contract_piles_is_refused():
    """F7: loaded, then IndexError: pop from empty list at the end of round 1."""
    d = first_turn().to_dict()
    d["special_pile"] += [c for p in d["piles"] for c in p]
    d["piles"] = []
    refused_naming(d, "MP-ROUND-5", "4 are left")


@pytest.mark.rule("MP-ROUND-5")
def test_round_3_with_3_piles_is_refused():
    d = on_turn().to_dict()
    d["special_pile"] += d["piles"].pop()
    refused_naming(d, "MP-ROUND-5")


@pytest.mark.rule("MP-END-1")
def test_a_game_over_in_round_3_is_refused():
    d = on_turn().to_dict()
    d["phase"], d["current"], d["tasks"], d["winners"] = "over", -1, [], [0]
    refused_naming(d, "MP-END-1", "round 5")


@pytest.mark.rule("MP-CHAR-1")
def test_raschid_holding_a_rolled_die_is_refused():
    s = first_turn(characters=["raschid", "berke"], players=2)
    d = s.to_dict()
    d["dice"][0][0]["value"] = 4
    refused_naming(d, "MP-CHAR-1", "Raschid never rolls")


@pytest.mark.rule("MP-ROUND-4")
def test_a_rolled_die_showing_0_is_refused():
    d = first_turn(characters=["berke", "mercator"], players=2).to_dict()
    d["dice"][0][0]["value"] = 0
    refused_naming(d, "MP-CHAR-1", "shows 0")


@pytest.mark.rule("MP-KHAN-2")
def test_khans_dice_in_descending_order_are_refused():
    d = first_turn(characters=["berke", "mercator", "polos"]).to_dict()
    d["spaces"]["khan"] = [{"seat": 1, "colour": "black", "value": 5}, {"seat": 2, "colour": "black", "value": 2}]
    d["black_dice"] -= 2
    refused_naming(d, "MP-KHAN-2", "equal to or higher")


@pytest.mark.rule("MP-CITY-2")
def test_a_city_card_used_twice_in_a_round_is_refused():
    s = first_turn(characters=["berke", "mercator", "polos"])
    d = s.to_dict()
    card = next(c for cs in d["city_cards"].values() for c in cs)
    d["spaces"][f"city:{card}"] = [{"seat": 1, "colour": "black", "value": 3}, {"seat": 2, "colour": "black",
                                                                               "value": 3}]
    d["black_dice"] -= 2
    refused_naming(d, "MP-CITY-2", "once a round")


@pytest.mark.rule("MP-ACT-1")
def test_dice_on_an_unknown_action_space_are_refused():
    d = first_turn().to_dict()
    d["spaces"]["unicorn"] = []
    refused_naming(d, "MP-ACT-1", "no action space")


@pytest.mark.rule("MP-SETUP-13")
@pytest.mark.parametrize("count", [0, 1, 3])
def test_other_than_2_objectives_are_refused(count):
    d = first_turn().to_dict()
    unused = [o for o in range(18) if o not in sum(d["objectives"], [])]
    d["objectives"][0] = (d["objectives"][0] + unused)[:count]
    refused_naming(d, "MP-SETUP-13", "objective cards")


@pytest.mark.rule("MP-TRAVEL-4")
def test_an_outpost_bonus_on_a_city_with_a_post_is_refused():
    d = first_turn().to_dict()
    city = next(iter(d["outposts"]))
    seat = d["current"]
    d["posts"][city] = [seat]
    d["posts_left"][seat] -= 1
    d["posts_placed"][seat] += 1
    refused_naming(d, "MP-TRAVEL-4", "outpost bonus")


@pytest.mark.rule("MP-SCORE-6")
def test_victory_points_that_their_kinds_do_not_add_up_to_are_refused():
    d = first_turn().to_dict()
    d["vp"][0] += 3
    refused_naming(d, "MP-SCORE-6", "add up")


@pytest.mark.rule("MP-SCORE-6")
def test_winners_named_mid_game_are_refused():
    d = first_turn().to_dict()
    d["winners"] = [1]
    refused_naming(d, "MP-SCORE-6", "winners")


@pytest.mark.rule("MP-TRAVEL-10")
def test_an_unknown_city_posted_this_turn_is_refused():
    d = first_turn().to_dict()
    d["posted_this_turn"] = ["atlantis"]
    refused_naming(d, "MP-TRAVEL-10", "only in cities")


@pytest.mark.rule("MP-SETUP-5")
def test_a_regular_contract_missing_is_refused():
    d = first_turn().to_dict()
    d["special_pile"].pop()
    refused_naming(d, "MP-SETUP-5", "nowhere")


@pytest.mark.rule("MP-SETUP-2")
def test_a_city_bonus_moved_or_missing_is_refused():
    """A small city with a trading post and no bonus raised KeyError at the next round's start."""
    d = first_turn().to_dict()
    d["city_bonus_at"].pop(next(iter(d["city_bonus_at"])))
    refused_naming(d, "MP-SETUP-2", "own small city")


def test_saves_of_real_games_load_at_every_step_and_lesson_positions_through_their_path():
    for seed, characters in ((1, "choose"), (2, ["raschid", "matteo", "polos"]), (3, "first_game")):
        s = mp.new_game(3, seed=seed, characters=characters, objectives=4 if seed == 1 else 2)
        r = random.Random(seed)
        while not s.is_terminal():
            assert mp.State.from_dict(json.loads(json.dumps(s.to_dict()))).to_dict() == s.to_dict()
            a = s.legal_actions()
            s.apply(a[r.randrange(len(a))])
        assert mp.State.from_dict(s.to_dict()).is_terminal()
    from caravan_lessons.marco_polo.saves import lesson_position

    lesson = first_turn(characters=["berke", "mercator", "polos"])
    lesson.dice[lesson.current] = [("own", 3), ("own", 6)]      # the dice an example needs
    data = lesson.to_dict()
    assert lesson_position(data).to_dict() == data
    refused_naming(data, "MP-SETUP-8")                          # [ruling] not a saved game

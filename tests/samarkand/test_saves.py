"""Impossible but well-typed Samarkand saves are refused, naming the clause (fuzz review F4, F5, F6, F10):
the review's 23 hand-made positions, each built from a real game and changed in one way. Lesson positions
(``scenario``) are built through ``saves.lesson_position``, which skips only the four history checks."""
from __future__ import annotations

import copy
import json
import random

import pytest

from caravan_lessons.boards import package_file
from caravan_lessons.core import SaveFileError
from caravan_lessons.samarkand import State, load_board, new_game, scenario
from caravan_lessons.samarkand.board import default_board
from caravan_lessons.samarkand.saves import lesson_position


def until(state, pred, seed=0, limit=5000):
    rng = random.Random(seed)
    for _ in range(limit):
        if pred(state):
            return state
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("the condition never came")


def refused(data, rule, *words):
    with pytest.raises(SaveFileError) as info:
        State.from_dict(data)
    text = str(info.value)
    assert rule in text and all(w in text for w in words) and "\n" not in text and len(text) <= 300, text
    return text


def in_discard():
    return until(new_game(4, seed=0), lambda s: s.phase == "discard")


def in_second():
    return until(new_game(3, seed=0), lambda s: s.phase == "second" and len(s.legal_actions()) > 1)


def with_relation():
    return until(new_game(3, seed=0), lambda s: s.turns > 25 and s.relation_log and s.phase == "act")


def finished(seed=0):
    return until(new_game(3, seed=seed), lambda s: s.is_terminal(), seed=seed)


def in_sale():
    for seed in range(40):
        try:
            return until(new_game(4, seed=seed), lambda s: s.phase == "sale", seed=seed, limit=400)
        except AssertionError:
            continue
    raise AssertionError("no sale")


@pytest.mark.rule("SAM-MARRY-5")
def test_a_discard_far_over_the_limit_is_refused():
    """F4: 13 cards in the discard phase (limit 7) loaded, then legal_actions() was [] in a live game."""
    state = in_discard()
    data = state.to_dict()
    hand = data["players"][state.active]["hand"]
    while len(hand) < 13:
        hand.append(data["deck"].pop())
    refused(data, "SAM-MARRY-5", "at most 9")


@pytest.mark.rule("SAM-MARRY-4")
def test_a_discard_without_a_marriage_is_refused():
    data = in_discard().to_dict()
    data["married"] = False
    refused(data, "SAM-MARRY-4")


@pytest.mark.rule("SAM-EXT-1")
def test_a_second_camel_without_the_family_tile_is_refused():
    """F5: the save loaded, then legal_actions() offered a Place that apply refused (SAM-EXT-1)."""
    state = in_second()
    data = state.to_dict()
    f = state.board.families[state.extending].id
    del data["players"][state.active]["tiles"][f]
    data["families"][f]["house_tiles"] += 1
    refused(data, "SAM-EXT-1", "without")


@pytest.mark.rule("SAM-EXT-6")
def test_a_second_camel_with_an_empty_treasury_is_refused():
    state = in_second()
    data = state.to_dict()
    data["families"][state.board.families[state.extending].id]["treasury"] = 0
    refused(data, "SAM-EXT-6")


@pytest.mark.rule("SAM-EXT-4")
def test_a_second_camel_phase_with_the_wrong_after_sale_is_refused():
    data = in_second().to_dict()
    data["after_sale"] = "over"
    refused(data, "SAM-EXT-4", "after_sale")


@pytest.mark.rule("SAM-REL-2")
def test_a_relation_on_water_is_refused():
    state = with_relation()
    data = state.to_dict()
    data["relations"][0]["space"] = next(x for x in state.board.spaces if not state.board.land[state.board.index[x]])
    refused(data, "SAM-REL-2", "water")


@pytest.mark.rule("SAM-REL-1")
def test_a_relation_between_families_that_never_met_is_refused():
    state = with_relation()
    data = state.to_dict()
    a, b = data["relations"][0]["active"], data["relations"][0]["passive"]
    other = next(f.id for f in state.board.families if f.id not in (a, b)
                 and tuple(sorted((state.board.family_index[a], state.board.family_index[f.id]))) not in state.related)
    data["relations"][0]["passive"] = other
    refused(data, "SAM-REL-1", "does not hold camels of both")


@pytest.mark.rule("SAM-REL-4")
def test_relation_tiles_that_no_relation_gave_are_refused():
    state = with_relation()
    data = state.to_dict()
    p = data["relations"][0]["player"]
    data["players"][p]["relation_tiles"][0]["colour"] = "grey" if data["players"][p]["relation_tiles"][0][
        "colour"] == "green" else "green"
    refused(data, "SAM-REL-4")


@pytest.mark.rule("SAM-REL-1")
def test_a_meeting_without_a_relation_is_refused():
    """Two families on one land space always made a relation (or had one already)."""
    state = with_relation()
    data = state.to_dict()
    dropped = data["relations"].pop(0)
    for f in (dropped["active"], dropped["passive"]):
        data["families"][f]["relation_stack"] = 5  # (the tiles too, so that only the meeting is wrong)
    for entry in data["players"]:
        entry["relation_tiles"] = []
    data["relations"] = []
    with pytest.raises(SaveFileError, match="SAM-REL"):
        State.from_dict(data)


@pytest.mark.rule("SAM-GOODS-2")
def test_a_card_sold_while_its_goods_space_is_empty_is_refused():
    state = new_game(3, seed=2)
    data = state.to_dict()
    card = data["players"][0]["hand"].pop()
    data["players"][0]["sold"].append(card)
    refused(data, "SAM-GOODS-2", "no camel has reached")


@pytest.mark.rule("SAM-GOODS-2")
def test_a_sale_pending_for_an_empty_goods_space_is_refused():
    state = in_sale()
    data = state.to_dict()
    goods = data["pending"]["goods"]
    space = state.board.spaces[state.board.goods_space[goods]]
    # move the pending sale to a card whose space nobody reached
    empty = next(g for g in range(1, 34) if state.tile_on_board[g] and g != goods)
    holder = data["pending"]["holder"]
    for entry in data["players"]:
        if empty in entry["hand"]:
            entry["hand"].remove(empty)
    for pile in ("deck", "discard"):
        if empty in data[pile]:
            data[pile].remove(empty)
    data["players"][holder]["hand"].remove(goods)
    data["players"][holder]["hand"].append(empty)
    data["deck"].append(goods)
    data["pending"]["goods"] = empty
    assert space
    refused(data, "SAM-GOODS-2", "has not taken its goods tile")


@pytest.mark.rule("SAM-END-1")
def test_a_finished_game_reopened_is_refused():
    data = finished().to_dict()
    assert data["end_reason"] == "SAM-END-1"
    data["phase"], data["end_reason"], data["active"] = "act", "", (data["first"] + data["turns"]) % 3
    refused(data, "SAM-END-1", "new turn")


@pytest.mark.rule("SAM-END-2")
def test_an_end_by_five_relations_without_an_empty_stack_is_refused():
    data = finished().to_dict()
    data["end_reason"] = "SAM-END-2"
    refused(data, "SAM-END", "every family has a relation")


@pytest.mark.rule("SAM-END-1")
def test_an_end_that_names_no_condition_is_refused():
    state = with_relation()
    data = state.to_dict()
    data["phase"], data["end_reason"] = "over", "SAM-END-1"
    data["active"] = (data["first"] + data["turns"] - 1) % 3
    refused(data, "SAM-END-1", "no end condition holds")


@pytest.mark.rule("SAM-COMP-3")
@pytest.mark.parametrize("where, delta", [(("players", 0, "money"), 40), (("players", 1, "money"), -1)])
def test_money_out_of_nowhere_is_refused(where, delta):
    data = with_relation().to_dict()
    data[where[0]][where[1]][where[2]] += delta
    refused(data, "SAM-COMP-3", "dirhams")


@pytest.mark.rule("SAM-EXT-4")
def test_treasury_money_that_no_marriage_brought_is_refused():
    state = with_relation()
    data = state.to_dict()
    f = next(f.id for f in state.board.families)
    data["families"][f]["treasury"] += 7
    refused(data, "SAM-")


@pytest.mark.rule("SAM-EXT-4")
def test_dirhams_moved_from_a_treasury_to_a_player_are_refused():
    """Conserved in total, yet the treasury holds less than its marriages brought in minus its camels."""
    state = with_relation()
    data = state.to_dict()
    f = next(x for x in state.board.families if state.treasury[state.board.family_index[x.id]] >= 3)
    data["families"][f.id]["treasury"] -= 3
    data["players"][0]["money"] += 3
    refused(data, "SAM-EXT-4", "treasury")


@pytest.mark.rule("SAM-EXT-2")
def test_a_camel_away_from_its_route_is_refused():
    state = new_game(3, seed=1)
    data = state.to_dict()
    far = next(s for s in state.board.spaces if not state.camels[state.board.index[s]]
               and state.board.number[state.board.index[s]] == 0
               and all(not state.camels[t] for t in state.board.adjacent[state.board.index[s]]))
    data["camels"][far] = ["levant"]
    data["families"]["levant"]["reserve"] -= 1
    data["players"][0]["tiles"]["levant"] = 1
    data["families"]["levant"]["house_tiles"] -= 1
    price = state.board.families[state.board.family_index["levant"]].price
    data["players"][0]["money"] -= price
    data["families"]["levant"]["treasury"] += price
    refused(data, "SAM-EXT-2", "not joined")


@pytest.mark.parametrize("change", [
    lambda d: d.update(board=[1]), lambda d: d["players"][0]["hand"].append(d["deck"][0]),
    lambda d: d["bag"].append("y" * 10**7), lambda d: d.update(extending="atlantis"),
])
def test_broken_shapes_stay_refused(change):
    data = new_game(2, seed=3).to_dict()
    change(data)
    with pytest.raises(SaveFileError):
        State.from_dict(data)


def test_every_position_of_real_games_loads_and_lesson_positions_build():
    for players in (2, 3, 4, 5):
        state = new_game(players, seed=players)
        rng = random.Random(players)
        while not state.is_terminal():
            again = State.from_dict(json.loads(json.dumps(state.to_dict())))
            assert again.to_dict() == state.to_dict()
            state.apply(rng.choice(state.legal_actions()))
        assert State.from_dict(state.to_dict()).is_terminal()
    lesson = scenario(4, held={0: ["levant"]}, money={0: 2}, camels={"g3": ["levant", "egypt"]}, sold={0: [5]},
                      hands={0: [], 1: [], 2: [], 3: []})
    assert lesson_position(lesson.to_dict()).to_dict() == lesson.to_dict()
    refused(lesson.to_dict(), "SAM-")  # [ruling] not a saved game: no game reaches it


@pytest.mark.rule("SAM-COMP-4")
def test_boards_are_found_by_content_not_by_name():
    """F10: an edited copy of the teaching board (same name) took its place, so every later ordinary save
    of that Python process loaded onto the teacher's board (or was refused: 'camels on unknown space')."""
    saved = new_game(3, seed=4).to_dict()
    board = json.loads(package_file("samarkand", "board.json").read_text(encoding="utf-8"))
    moved = copy.deepcopy(board)
    moved["nodes"][0]["pos"][0] += 0.1
    mine = load_board(moved)
    assert mine.fingerprint != default_board().fingerprint
    assert State.from_dict(saved).board is default_board()
    renamed = copy.deepcopy(board)
    old = renamed["nodes"][0]["id"]
    renamed["nodes"][0]["id"] = "elsewhere"
    for edge in renamed["edges"]:
        for end in ("a", "b"):
            if edge[end] == old:
                edge[end] = "elsewhere"
    theirs = load_board(renamed)
    assert State.from_dict(saved).board is default_board()
    on_theirs = new_game(3, seed=4, board=theirs).to_dict()
    assert State.from_dict(on_theirs).board is theirs and on_theirs["board"] == saved["board"]
    with pytest.raises(SaveFileError, match="played on another board"):
        State.from_dict(on_theirs, default_board())
    unknown = dict(on_theirs, board_fingerprint="0123456789abcdef")
    with pytest.raises(SaveFileError, match="not loaded"):
        State.from_dict(unknown)

"""marco_polo.scenario: the public way lessons, exercises and tests set a position by hand (issue 18, M15),
instead of a pasted helper that setattr's the engine's fields."""
import pytest

from caravan_lessons import marco_polo as mp
from caravan_lessons.marco_polo import Place


def test_defaults_give_seat_0_its_first_turn_with_a_3_and_a_5():
    state = mp.scenario()
    assert state.current_player == 0 and state.round == 1 and not state.tasks
    assert state.dice[0] == [("own", 3), ("own", 5)]
    assert state.characters == ["berke", "johannes"]


def test_placed_dice_come_out_of_their_owner_and_the_surcharge_follows():
    state = mp.scenario(("johannes", "polos"), dice=(3, 4, 5, 6), coins=[10, 8],
                        spaces={"bazaar:gold": [(1, 1), (1, 1), (1, 1)]})
    assert len(state.dice[1]) == 2 and state.spaces["bazaar:gold"] == [(1, "own", 1)] * 3
    state.apply(Place("bazaar:gold", (("own", 4), ("own", 5), ("own", 6))))
    assert state.coins[0] == 10 - 4                                # MP-ACT-2: the lowest die placed


def test_posts_set_posts_left_and_take_the_outpost_bonus_and_over_scores():
    state = mp.scenario(("berke", "johannes", "mercator"), seed=7, posts={"moscow": [0], "beijing": [2, 0]},
                        travellers={0: "beijing", 2: "beijing"}, coins=[23, 41, 9],
                        goods={0: {"pepper": 3, "silk": 2, "gold": 1}},
                        fulfilled={0: [1, 2, 3], 1: [4, 5, 6], 2: [7]}, vp={0: {"contracts": 15}}, over=True)
    assert state.posts_left == [7, 9, 8] and state.posts_placed == [2, 0, 1]
    assert "moscow" not in state.outposts and state.is_terminal()
    rows = {(r.player, r.rule): r.points for r in state.score_sheet().rows}
    assert rows[(0, "MP-SCORE-3")] == 7 and rows[(2, "MP-SCORE-3")] == 10 and rows[(0, "MP-SCORE-4")] == 3
    ids = [c for c in state.board_contracts if c is not None] + [c for p in state.piles for c in p] \
        + state.special_pile + [c for a in state.active for c in a] + [c for f in state.fulfilled for c in f]
    assert len(ids) == len(set(ids))


def test_contracts_and_objectives_move_rather_than_appear_twice():
    base = mp.scenario()
    on_board = base.board_contracts[2]
    state = mp.scenario(active={0: [on_board]}, objectives={0: list(base.objectives[1])})
    assert state.board_contracts[2] is None and state.active[0] == [on_board]
    assert base.active[0][0] in state.special_pile                 # the replaced starting contract
    assert state.objectives[0] == base.objectives[1] and state.objectives[1] == base.objectives[0]


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"dice": (7,)}, "a die shows 1..6"),
    ({"coins": {5: 3}}, "not a seat"),
    ({"coins": {0: 2.5}}, "whole number"),
    ({"goods": {0: {"spice": 1}}}, "maps goods"),
    ({"travellers": {0: "atlantis"}}, "location id"),
    ({"posts": {"oasis_a": [0]}}, "MP-TRAVEL-10"),
    ({"posts": {c: [0] for c in ("moscow", "xian", "ormuz", "anxi", "adana", "kochi", "karachi", "sumatra",
                                  "alexandria", "kashgar")}}, "they own 9"),
    ({"active": {0: [99]}}, "contract ids"),
    ({"spaces": {"khan": [(3, 4)]}}, "seat 0..1"),
    ({"characters": "berke"}, "list of character ids"),
])
def test_bad_arguments_are_refused_in_one_line(kwargs, words):
    with pytest.raises(ValueError, match=words) as caught:
        mp.scenario(**kwargs)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 300


def test_raschid_keeps_his_unset_dice_and_named_dice_are_the_ones_left():
    """Raschid never rolls (MP-CHAR-1), so the default (3, 5) does not apply to him; dice named for a seat are the
    dice it still has, and the dice placed on spaces come on top of them (5 of its colour in all)."""
    raschid = mp.scenario(("raschid", "matteo", "berke"))
    assert all(value == 0 for _colour, value in raschid.dice[0])
    board = mp.scenario(("berke", "johannes", "polos"), dice={0: (2, 5)}, spaces={"bazaar:silk": [(0, 4), (0, 6)],
                                                                               "coins": [(0, 3)]})
    assert board.dice[0] == [("own", 2), ("own", 5)] and len(board.spaces["bazaar:silk"]) == 2
    with pytest.raises(ValueError):
        mp.scenario(dice={0: (1, 2, 3)}, spaces={"bazaar:gold": [(0, 4), (0, 5), (0, 6)]})   # 6 own dice

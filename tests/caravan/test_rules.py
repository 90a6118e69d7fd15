"""Every Caravan clause (shared/rules/caravan.md), one or more tests each; refusals leave the state unchanged."""
import pytest

from caravan_lessons import RuleViolation
from caravan_lessons import caravan as c
from caravan_lessons.caravan import EndTurn, MoveCamel, MoveGood, PickUp, PlaceCamel, Steal, scenario

MARRAKESH = (0, 3)


def refused(state, action, rule):
    """Assert ``action`` is refused under ``rule`` with a plain message and changes nothing."""
    before = state.to_dict()
    problem = state.why_illegal(action)
    assert problem is not None and problem.rule == rule, problem
    with pytest.raises(RuleViolation) as info:
        state.apply(action)
    assert info.value.rule == rule and len(info.value.message) > 20
    assert state.to_dict() == before
    assert action not in state.legal_actions()
    return info.value


def legal(state, action):
    assert state.why_illegal(action) is None
    assert action in state.legal_actions()
    state.apply(action)


# --- components and setup -------------------------------------------------------------------------

@pytest.mark.rule("CAR-COMP-1")
def test_components():
    assert sum(c.CUBES.values()) == 48
    assert all(c.CUBES[g] == 3 for g in c.RARE) and all(c.CUBES[g] == 9 for g in c.COMMON)
    state = c.new_game(4, seed=3)
    assert sum(state.tokens) == 4 and len(state.pos) == 4
    assert len(state.bag) + len(state.goods) == 48
    assert c.new_game(4, seed=3, learning=True).camels == 6  # 6 camels of each colour in the box


@pytest.mark.rule("CAR-COMP-2", "CAR-COMP-3", "CAR-COMP-4", "CAR-SCORE-1")
def test_values_and_scoring():
    assert {c.GOOD_POINTS[g] for g in c.RARE} == {6} and {c.GOOD_POINTS[g] for g in c.COMMON} == {3}
    assert c.RARE == ("ivory", "cloth", "gems", "paper") and c.COMMON == ("meat", "swords", "salt", "hides")
    state = scenario(2)
    state.delivered = [["ivory", "salt", "salt"], ["gems"]]
    state.markers = [2, 5]
    assert state.score_sheet().totals() == [6 + 3 + 3 + 2, 6 + 5]
    rows = [r for r in state.score_sheet().rows if r.player == 0]
    assert [r.rule for r in rows] == ["CAR-SCORE-1"] * 3 + ["CAR-SCORE-2"]


@pytest.mark.rule("CAR-SETUP-1", "CAR-SETUP-2")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_camels_and_tokens(players):
    state = c.new_game(players, seed=1)
    assert state.camels == 5 and all(p == [None] * 5 for p in state.pos)
    assert state.tokens == [1] * players
    assert c.new_game(players, seed=1, learning=True).camels == 6
    for bad in (1, 5, True, 2.0, "4"):
        with pytest.raises(ValueError):
            c.new_game(bad)
    with pytest.raises(ValueError):
        c.new_game(2, learning=1)


@pytest.mark.rule("CAR-SETUP-3")
def test_short_game_removal():
    assert sum(c.new_game(2, seed=1).cubes_in_game().values()) == 32
    assert sum(c.new_game(3, seed=1).cubes_in_game().values()) == 32
    assert sum(c.new_game(4, seed=1).cubes_in_game().values()) == 48
    short = c.new_game(4, seed=1, short_game=True).cubes_in_game()
    assert short == {**{g: 2 for g in c.RARE}, **{g: 6 for g in c.COMMON}}
    assert sum(c.new_game(2, seed=1, short_game=False).cubes_in_game().values()) == 48


@pytest.mark.rule("CAR-SETUP-4")
def test_opening_draw_and_demand():
    state = c.new_game(4, seed=5)
    assert set(state.goods) == set(state.board.numbered)
    assert set(state.demand) == {state.board.space(k) for k in (1, 2, 7, 8)}
    assert all(v == 1 for v in state.demand.values())
    assert len(state.bag) == 40
    # the draw is random but reproducible
    assert c.new_game(4, seed=5).goods == state.goods
    assert any(c.new_game(4, seed=s).goods != state.goods for s in range(6, 10))


@pytest.mark.rule("CAR-SETUP-5")
def test_first_player():
    assert c.new_game(3, seed=1).current_player == 0
    assert c.new_game(3, seed=1, first_player=2).current_player == 2
    seats = {c.new_game(4, seed=s, first_player=None).current_player for s in range(30)}
    assert seats == {0, 1, 2, 3}
    for bad in (4, -1, True, 1.0):
        with pytest.raises(ValueError):
            c.new_game(4, first_player=bad)


# --- turns and actions ----------------------------------------------------------------------------

@pytest.mark.rule("CAR-TURN-1")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_action_ramp(players):
    state = c.new_game(players, seed=2)
    seen = []
    for _ in range(2 * players + 4):
        seen.append((state.current_player, state.actions_left))
        state.apply(EndTurn())
    assert [a for _, a in seen] == [1, 2, 3] + [4] * (len(seen) - 3)
    assert [p for p, _ in seen] == [k % players for k in range(len(seen))]


@pytest.mark.rule("CAR-TURN-1")
def test_fifth_action_refused():
    state = scenario(2, camels={0: [((3, 3), None)]})
    for target in [(3, 4), (3, 5), (3, 6), (2, 6)]:
        legal(state, MoveCamel(state.pos[0][0], target))
    assert state.actions_left == 0 and state.legal_actions() == [EndTurn()]
    refused(state, PlaceCamel((5, 5)), "CAR-TURN-1")
    refused(state, MoveCamel((2, 6), (2, 5)), "CAR-TURN-1")


@pytest.mark.rule("CAR-TURN-2")
def test_end_turn_early():
    state = scenario(2)
    legal(state, PlaceCamel((3, 3)))
    assert state.actions_left == 3
    state.apply(EndTurn())
    assert state.current_player == 1 and state.actions_left == 4
    assert "3 unused actions lost" in state.events[-1].text and state.events[-1].rule == "CAR-TURN-2"


@pytest.mark.rule("CAR-ACT-1", "CAR-CAMEL-1")
def test_place_and_move_cost_one_anywhere():
    state = scenario(2)
    legal(state, PlaceCamel((6, 6)))
    assert state.actions_left == 3 and state.pos[0][0] == (6, 6)
    legal(state, MoveCamel((6, 6), (0, 0)))  # any distance
    assert state.actions_left == 2 and state.pos[0][0] == (0, 0)
    refused(state, PlaceCamel((7, 0)), "CAR-CAMEL-1")
    refused(state, MoveCamel((0, 0), (0, 0)), "CAR-CAMEL-1")
    refused(state, MoveCamel((3, 3), (3, 4)), "CAR-CAMEL-1")  # no camel there


@pytest.mark.rule("CAR-ACT-2")
def test_occupied_space_costs_two():
    state = scenario(2, camels={1: [((3, 3), None)]})
    legal(state, PlaceCamel((3, 3)))  # another player's camel there
    assert state.actions_left == 2
    legal(state, PlaceCamel((3, 3)))  # own camel there too
    assert state.actions_left == 0
    state = scenario(2, camels={0: [((4, 4), None)], 1: [((3, 3), None)]}, actions_left=1)
    refused(state, PlaceCamel((3, 3)), "CAR-ACT-2")
    refused(state, MoveCamel((4, 4), (3, 3)), "CAR-ACT-2")
    legal(state, MoveCamel((4, 4), (3, 4)))


@pytest.mark.rule("CAR-ACT-3", "CAR-PICK-1")
def test_pick_up():
    six = {1: "salt", 2: "gems", 3: "meat", 4: "hides", 5: "swords", 6: "meat"}
    state = scenario(2, camels={0: [(1, None)]}, goods=six, demand={})
    legal(state, PickUp((0, 0)))
    assert state.actions_left == 3 and state.load[0][0] == "salt" and (0, 0) not in state.goods
    refused(state, PickUp((0, 6)), "CAR-PICK-1")  # no camel of ours there
    state = scenario(2, camels={0: [((3, 3), None)]}, goods=six)
    refused(state, PickUp((3, 3)), "CAR-PICK-1")  # no good lies there


@pytest.mark.rule("CAR-PICK-2", "CAR-STEAL-5")
def test_demand_markers_taken_with_the_good_and_never_stolen():
    state = scenario(2, camels={0: [(1, None), ((3, 3), None)], 1: [(1, None), ((5, 5), None)]},
                     goods={1: "ivory"}, demand={1: 3})
    legal(state, PickUp((0, 0)))
    assert state.markers == [3, 0] and (0, 0) not in state.demand
    state.apply(EndTurn())
    legal(state, Steal((0, 0), 0, "ivory"))
    assert state.markers == [3, 0]  # the good changes hands, the markers stay


@pytest.mark.rule("CAR-PICK-3", "CAR-CAMEL-2")
def test_loaded_camel_never_moves_and_good_is_not_dropped():
    state = scenario(2, camels={0: [((3, 3), "salt"), ((5, 5), None)]})
    refused(state, MoveCamel((3, 3), (3, 4)), "CAR-CAMEL-2")
    kinds = {type(a) for a in state.legal_actions() if getattr(a, "source", None) == (3, 3)}
    assert kinds == {MoveGood} or kinds == set()  # nothing takes the good off except moving it on
    state = scenario(2, camels={0: [((3, 3), "salt", True), ((5, 5), None)]})
    refused(state, MoveCamel((3, 3), (3, 4)), "CAR-CAMEL-2")  # a stolen good under it: laden too


@pytest.mark.rule("CAR-CAMEL-2")
def test_camel_with_good_under_cannot_pick_up_or_steal():
    state = scenario(2, camels={0: [(1, "salt", True), ((4, 4), None)], 1: [(1, "gems"), ((5, 5), None)]},
                     goods={1: "meat"})
    refused(state, PickUp((0, 0)), "CAR-CAMEL-2")
    refused(state, Steal((0, 0), 1, "gems"), "CAR-CAMEL-2")


@pytest.mark.rule("CAR-PICK-4")
def test_never_load_every_camel():
    loaded = [((2, k), "meat") for k in range(4)]
    state = scenario(2, camels={0: loaded + [(1, None)]}, goods={1: "salt"})
    refused(state, PickUp((0, 0)), "CAR-PICK-4")
    # a camel still in the supply counts as empty (ruling)
    state = scenario(2, camels={0: loaded[:3] + [(1, None)]}, goods={1: "salt"})
    legal(state, PickUp((0, 0)))
    state = scenario(2, camels={0: loaded[:3] + [(1, None)]}, goods={1: "salt"}, learning=True)
    legal(state, PickUp((0, 0)))


@pytest.mark.rule("CAR-STEAL-1", "CAR-ACT-4", "CAR-STEAL-3")
def test_steal_and_token_to_victim():
    state = scenario(3, camels={0: [((3, 3), None), ((5, 5), None)], 1: [((3, 3), "cloth"), ((0, 1), None)],
                                2: [((3, 3), None)]})
    legal(state, Steal((3, 3), 1, "cloth"))
    assert state.actions_left == 3
    assert state.load[0][0] == "cloth" and state.under[0][0] and state.load[1][0] is None
    assert state.tokens == [0, 2, 1]
    refused(state, Steal((3, 3), 0, "cloth"), "CAR-STEAL-1")  # not from yourself
    # the victim uses the received token later (CAR-STEAL-3)
    state = scenario(2, camels={0: [((3, 3), "cloth"), ((5, 5), None)], 1: [((3, 3), None), ((1, 1), None)]},
                     tokens=[0, 2], current=1)
    legal(state, Steal((3, 3), 0, "cloth"))
    assert state.tokens == [1, 1]


@pytest.mark.rule("CAR-STEAL-1")
def test_steal_needs_a_loaded_victim_camel_and_own_empty_camel_there():
    state = scenario(2, camels={0: [((3, 3), None), ((5, 5), None)], 1: [((3, 4), "cloth"), ((3, 3), None)]})
    refused(state, Steal((3, 3), 1, "cloth"), "CAR-STEAL-1")  # the victim's loaded camel is elsewhere
    refused(state, Steal((3, 4), 1, "cloth"), "CAR-STEAL-1")  # no camel of ours on its space
    refused(state, Steal((3, 3), 3, "cloth"), "CAR-STEAL-1")  # no such player


@pytest.mark.rule("CAR-STEAL-2", "CAR-MOVE-5")
def test_good_under_camel_is_safe_until_moved():
    state = scenario(2, camels={0: [((3, 3), "cloth", True), ((3, 4), None), ((6, 6), None)],
                                1: [((3, 3), None), ((3, 4), None), ((1, 1), None)]}, current=1)
    refused(state, Steal((3, 3), 0, "cloth"), "CAR-STEAL-2")
    state = scenario(2, camels={0: [((3, 3), "cloth", True), ((3, 4), None), ((6, 6), None)],
                                1: [((3, 3), None), ((3, 4), None), ((1, 1), None)]})
    legal(state, MoveGood((3, 3), (3, 4), "cloth"))
    assert state.load[0][1] == "cloth" and not state.under[0][1]  # on top now
    state.apply(EndTurn())
    legal(state, Steal((3, 4), 0, "cloth"))  # and can be stolen again


@pytest.mark.rule("CAR-STEAL-4")
def test_no_token_no_steal():
    state = scenario(2, camels={0: [((3, 3), None), ((5, 5), None)], 1: [((3, 3), "cloth")]}, tokens=[0, 2])
    refused(state, Steal((3, 3), 1, "cloth"), "CAR-STEAL-4")


@pytest.mark.rule("CAR-STEAL-6")
def test_no_steal_with_last_empty_camel():
    loaded = [((2, k), "meat") for k in range(4)]
    state = scenario(2, camels={0: loaded + [((3, 3), None)], 1: [((3, 3), "cloth")]})
    refused(state, Steal((3, 3), 1, "cloth"), "CAR-STEAL-6")


# --- moving and delivering ------------------------------------------------------------------------

@pytest.mark.rule("CAR-MOVE-1", "CAR-MOVE-2", "CAR-ACT-5")
def test_worked_example_ivory_to_marrakesh():
    state = c.worked_example()
    assert state.board.city_name[MARRAKESH] == "Marrakesh"
    err = refused(state, MoveGood((1, 4), MARRAKESH, "ivory"), "CAR-MOVE-1")  # E: diagonal only
    assert "diagonal" in err.message
    legal(state, MoveGood((0, 1), MARRAKESH, "ivory"))  # D: through C to A, one action
    assert state.actions_left == 3 and state.delivered[0] == ["ivory"]
    assert state.load[0][0] is None and state.load[0][3] is None
    assert state.score_sheet().rows[0].points == 6


@pytest.mark.rule("CAR-MOVE-1")
def test_move_outside_chain_refused():
    state = scenario(2, camels={0: [((3, 3), "salt"), ((3, 4), None), ((3, 6), None)]})
    refused(state, MoveGood((3, 3), (3, 6), "salt"), "CAR-MOVE-1")  # a gap at r3c5
    refused(state, MoveGood((3, 3), (5, 5), "salt"), "CAR-MOVE-1")  # no camel there
    refused(state, MoveGood((3, 4), (3, 3), "salt"), "CAR-MOVE-1")  # no salt on r3c4
    groups = state.camel_groups(0)
    assert sorted(map(sorted, groups)) == [[(3, 3), (3, 4)], [(3, 6)]]


@pytest.mark.rule("CAR-MOVE-3")
def test_good_may_stop_anywhere_in_the_group():
    state = scenario(2, camels={0: [((3, 3), "ivory"), ((2, 3), None), ((1, 3), None)]})
    legal(state, MoveGood((3, 3), (2, 3), "ivory"))
    assert state.load[0][1] == "ivory" and state.delivered[0] == []


@pytest.mark.rule("CAR-MOVE-4")
def test_through_own_loaded_camels_never_through_others():
    state = scenario(2, camels={0: [((3, 3), "ivory"), ((2, 3), "salt"), ((1, 3), None), ((5, 5), None)],
                                1: [((3, 4), None), ((3, 5), None)]})
    legal(state, MoveGood((3, 3), (1, 3), "ivory"))  # passes the loaded camel on r2c3
    state = scenario(2, camels={0: [((3, 3), "ivory"), ((2, 3), "salt"), ((5, 5), None)]})
    refused(state, MoveGood((3, 3), (2, 3), "ivory"), "CAR-MOVE-4")  # cannot stop on a loaded camel
    # another player's camels never link, even sharing the space
    state = scenario(2, camels={0: [((3, 3), "ivory"), ((3, 5), None), ((6, 6), None)],
                                1: [((3, 4), None), ((3, 5), None)]})
    refused(state, MoveGood((3, 3), (3, 5), "ivory"), "CAR-MOVE-1")
    state = scenario(2, camels={0: [((3, 3), None), ((6, 6), None)], 1: [((3, 3), "gems"), ((0, 0), None)]})
    refused(state, MoveGood((3, 3), (3, 3), "gems"), "CAR-MOVE-4")  # not our good


def test_camel_groups_networkx_matches_engine():
    state = scenario(2, camels={0: [((3, 3), "ivory"), ((3, 4), None), ((4, 4), "salt"), ((0, 0), None),
                                    ((1, 1), None)]})
    for group in state.camel_groups(0):
        for node in group:
            assert state.group_of(0, node) == set(group)
    assert state.chain_path(0, (3, 3), (4, 4)) == [(3, 3), (3, 4), (4, 4)]
    assert state.chain_path(0, (3, 3), (1, 1)) is None


# --- refill and end -------------------------------------------------------------------------------

def _five_goods_state():
    """Goods on spaces 1-5 only, our empty camels on space 5 and elsewhere: the next pick-up leaves 4."""
    return scenario(2, camels={0: [(5, None), ((3, 3), None)]},
                    goods={1: "salt", 2: "meat", 3: "hides", 4: "swords", 5: "gems"}, demand={1: 1})


@pytest.mark.rule("CAR-REFILL-1", "CAR-REFILL-2", "CAR-REFILL-3")
def test_refill():
    state = _five_goods_state()
    bag_before = list(state.bag)
    legal(state, PickUp(state.board.space(5)))
    b = state.board
    # demand markers on the 4 spaces that held the remaining goods (space 1 now has 2)
    assert state.demand == {b.space(1): 2, b.space(2): 1, b.space(3): 1, b.space(4): 1}
    # 4 cubes drawn, in number order, onto the numbered spaces without a good: 5, 6, 7, 8
    assert [state.goods[b.space(k)] for k in (5, 6, 7, 8)] == bag_before[-1:-5:-1]
    assert len(state.bag) == len(bag_before) - 4 and state.draws == [4]


@pytest.mark.rule("CAR-REFILL-1")
def test_goods_on_camels_do_not_count():
    state = scenario(2, camels={0: [(1, None), ((3, 3), None), ((3, 4), "cloth")]},
                     goods={1: "salt", 2: "meat", 3: "hides", 4: "swords", 5: "gems", 6: "meat"})
    legal(state, PickUp((0, 0)))
    assert len(state.goods) == 5 and not state.draws  # 5 on the board: no refill yet


@pytest.mark.rule("CAR-END-1")
def test_end_trigger_and_immediate_end():
    state = _five_goods_state()
    state.bag = state.bag[:4]  # the last 4 cubes: this refill empties the bag
    legal(state, PickUp(state.board.space(5)))
    assert state.bag == [] and state.end_triggered and not state.over
    assert state.events[-1].rule == "CAR-END-1"
    # the next delivery ends the game at once
    state.apply(EndTurn())
    state.apply(EndTurn())
    legal(state, MoveCamel((3, 3), (5, 2)))
    legal(state, PlaceCamel((5, 3)))
    legal(state, PlaceCamel((6, 3)))  # Walata, the gems city
    legal(state, MoveGood((5, 1), (6, 3), "gems"))
    assert state.over and state.is_terminal() and state.current_player == -1
    assert state.legal_actions() == []
    refused(state, EndTurn(), "CAR-END-1")


@pytest.mark.rule("CAR-SCORE-2")
def test_penalty_table():
    assert [c.penalty(n) for n in range(6)] == [0, 0, -1, -3, -6, -10]
    for bad in (6, -1, True, 2.0):
        with pytest.raises(ValueError):
            c.penalty(bad)
    state = scenario(2, camels={0: [((3, 3), "salt"), ((3, 4), "gems", True), ((1, 1), "meat"), ((2, 2), None)]})
    sheet = state.score_sheet()
    assert [r.points for r in sheet.rows if r.player == 0 and r.rule == "CAR-SCORE-2"] == [-3]


@pytest.mark.rule("CAR-SCORE-3")
def test_tie_break_and_shared_win():
    state = scenario(3)
    state.over = True
    state.delivered = [["ivory"], ["salt", "salt"], []]
    state.markers = [0, 0, 6]
    sheet = state.score_sheet()
    assert sheet.totals() == [6, 6, 6] and sheet.winners == (1,) and state.winner == 1
    state.delivered = [["ivory"], ["gems"], []]
    state.markers = [0, 0, 5]
    assert state.winners == (0, 1) and state.winner is None and "share" in state.score_sheet().verdict

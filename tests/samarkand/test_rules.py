"""One or more tests per clause of shared/rules/samarkand.md, each marked with its rule ID."""
import pytest

from caravan_lessons import RuleViolation
from caravan_lessons.samarkand import (DISCARD, OVER, RULES, SALE, SECOND, Discard, EndTurn, Keep, Marry, Pass,
                                       Place, Sell, default_board, new_game, scenario)

BOARD = default_board()


def refused(state, action, rule_id):
    """Apply must refuse with rule_id, leave the state as it was, and explain in words."""
    before = state.to_dict()
    problem = state.why_illegal(action)
    assert problem is not None and problem.rule == rule_id, problem
    with pytest.raises(RuleViolation) as info:
        state.apply(action)
    assert info.value.rule == rule_id
    assert str(info.value).startswith(rule_id + ": ") and len(info.value.message) > 20
    assert state.to_dict() == before
    assert action not in state.legal_actions()
    return info.value


def play(state, *actions):
    for action in actions:
        assert action in state.legal_actions(), (action, state.legal_actions())
        state.apply(action)
    return state


def sc(players, **options):
    """A scenario in which every hand is empty unless given (no surprise sale decisions)."""
    options.setdefault("hands", {})
    return scenario(players, **options)


def total_money(state):
    return sum(state.money) + sum(state.treasury)


def fam(name):
    return BOARD.family_index[name]


# --- components and setup ------------------------------------------------------------------------------

def test_every_clause_has_our_own_text():
    assert len(RULES) == 45
    assert all(len(rule.text) > 20 and rule.id in str(rule) for rule in RULES.values())


@pytest.mark.rule("SAM-COMP-1")
def test_ten_families_with_camels_tiles_start_and_house():
    state = new_game(4, seed=1)
    assert len(BOARD.families) == 10
    assert [f.id for f in BOARD.families if f.id == "levant"] and BOARD.families[fam("levant")].colour_name == "red"
    assert sorted(f.house for f in BOARD.families) == ["bottom"] * 5 + ["top"] * 5
    assert all(3 <= f.price <= 6 for f in BOARD.families)
    centre = [f.price for f in BOARD.families if f.slot == 3]
    edge = [f.price for f in BOARD.families if f.slot in (1, 5)]
    assert min(centre) > max(edge)  # central families are dearer
    for f in range(len(BOARD.families)):
        on_board = sum(f in here for here in state.camels)
        assert on_board + state.reserve[f] == 12
        assert state.house_tiles[f] == 2 and state.relation_stack[f] == 5
        assert BOARD.kinds[BOARD.start[f]] == "start"


@pytest.mark.rule("SAM-COMP-2")
def test_thirty_three_numbered_goods_with_cards_and_tiles():
    assert sorted(BOARD.goods_space) == list(range(1, 34))
    assert BOARD.goods_names[22] == "diamond" and "linen" in BOARD.goods_names.values()
    state = new_game(3, seed=2)
    cards = sorted(state.deck + [c for h in state.hands for c in h])
    assert cards == list(range(1, 34))
    assert all(BOARD.kinds[BOARD.goods_space[g]] == "goods" for g in range(1, 34))


@pytest.mark.rule("SAM-COMP-3")
def test_money_in_dirhams_bank_pays_and_takes():
    state = sc(4, held={0: ["levant"]}, treasury={"levant": 2}, camels={"g11": ["mesopotamia"]})
    before = total_money(state)
    play(state, Place("levant", "g11"))  # a relation: the bank pays 3
    play(state, Place("levant", "g8"))   # a second camel: the bank takes 1
    assert state.bank_out == 3 and state.bank_in == 1
    assert total_money(state) == before + state.bank_out - state.bank_in


@pytest.mark.rule("SAM-COMP-4")
def test_map_spaces_kinds_and_adjacency():
    kinds = set(BOARD.kinds)
    assert kinds == {"land", "goods", "start", "water"}
    assert 4 <= BOARD.kinds.count("water") <= 8
    assert all(BOARD.adjacent[s] for s in range(len(BOARD.spaces)))
    assert all(s in BOARD.adjacent[t] for s in range(len(BOARD.spaces)) for t in BOARD.adjacent[s])
    xs = {f.id: BOARD.graph.nodes[f.start]["pos"][0] for f in BOARD.families}
    assert max(xs["egypt"], xs["byzantium"]) < min(xs["india"], xs["china"])  # west to east
    state = sc(4, held={0: ["levant"]})
    refused(state, Place("levant", "atlantis"), "SAM-COMP-4")


@pytest.mark.rule("SAM-SETUP-1")
def test_one_camel_on_each_start_space():
    state = new_game(5, seed=3)
    for f, s in enumerate(BOARD.start):
        assert state.camels[s] == [f]
        assert state.reserve[f] == 11 and state.house_tiles[f] == 2
    assert sum(len(c) for c in state.camels) == 10


@pytest.mark.rule("SAM-SETUP-2")
def test_relation_stacks_green_on_top():
    state = sc(4, held={0: ["levant"]}, camels={"g11": ["mesopotamia"]})
    assert state.relation_stack == [5] * 10
    play(state, Place("levant", "g11"))
    assert sorted(state.relation_tiles[0]) == [(fam("levant"), "green"), (fam("mesopotamia"), "green")]


@pytest.mark.rule("SAM-SETUP-3")
def test_two_cards_each_rest_is_the_deck():
    for players in (2, 3, 4, 5):
        state = new_game(players, seed=players)
        assert [len(h) for h in state.hands] == [2] * players
        assert len(state.deck) == 33 - 2 * players and state.discard == []
    assert new_game(4, seed=1).hands != new_game(4, seed=2).hands
    assert new_game(4, seed=1).hands == new_game(4, seed=1).hands


@pytest.mark.rule("SAM-SETUP-4")
def test_ten_dirhams_each_and_empty_treasuries():
    state = new_game(4, seed=4)
    assert state.money == [10] * 4 and state.treasury == [0] * 10


@pytest.mark.rule("SAM-SETUP-5")
def test_goods_tiles_lie_on_their_spaces():
    state = new_game(4, seed=5)
    assert state.tile_on_board[1:] == [True] * 33 and state.goods_tiles == [[]] * 4


@pytest.mark.rule("SAM-SETUP-6")
def test_first_player_and_clockwise_order():
    state = new_game(3, seed=6)
    assert state.current_player == 0
    seats = []
    for _ in range(4):
        seats.append(state.current_player)
        play(state, Marry(BOARD.families[len(seats)].id), Discard(()))
    assert seats == [0, 1, 2, 0]
    assert new_game(3, seed=6, first=2).current_player == 2
    with pytest.raises(ValueError):
        new_game(3, first=3)
    with pytest.raises(ValueError):
        new_game(True)


# --- a turn, marrying ----------------------------------------------------------------------------------

@pytest.mark.rule("SAM-TURN-1")
def test_a_turn_is_one_action():
    state = new_game(4, seed=7)
    assert {type(a) for a in state.legal_actions()} == {Marry}  # nobody is married yet: no route to extend
    refused(state, EndTurn(), "SAM-TURN-1")
    refused(state, Pass(), "SAM-TURN-1")
    refused(state, "marry levant", "SAM-TURN-1")
    state = sc(4, held={0: ["levant"]}, treasury={"levant": 3})
    play(state, Place("levant", "g8"))
    assert state.phase == SECOND
    refused(state, Marry("egypt"), "SAM-TURN-1")
    play(state, EndTurn())
    assert state.current_player == 1 and state.phase == "act"


@pytest.mark.rule("SAM-TURN-1")
def test_pass_only_when_nothing_is_legal_and_all_passing_ends_the_game():
    state = sc(3, money={0: 0, 1: 0, 2: 0})
    assert state.legal_actions() == [Pass()]
    play(state, Pass(), Pass())
    assert not state.is_terminal()
    play(state, Pass())
    assert state.is_terminal() and state.end_reason == "SAM-TURN-1"


@pytest.mark.rule("SAM-MARRY-1")
def test_marrying_pays_the_treasury_and_takes_a_tile():
    state = new_game(4, seed=8)
    price = BOARD.families[fam("persia")].price
    play(state, Marry("persia"))
    assert state.money[0] == 10 - price and state.treasury[fam("persia")] == price
    assert state.held[0][fam("persia")] == 1 and state.house_tiles[fam("persia")] == 1


@pytest.mark.rule("SAM-MARRY-2")
def test_no_tile_left_or_no_money_no_marriage():
    state = sc(4, held={1: ["levant"], 2: ["levant"]})
    refused(state, Marry("levant"), "SAM-MARRY-2")
    state = sc(4, money={0: 5})
    assert BOARD.families[fam("persia")].price == 6
    refused(state, Marry("persia"), "SAM-MARRY-2")
    assert Marry("sogdia") in state.legal_actions()  # price 5: exactly enough
    refused(state, Marry("nowhere"), "SAM-COMP-1")


@pytest.mark.rule("SAM-MARRY-3")
def test_one_tile_per_family_with_three_to_five_players():
    for players in (3, 4, 5):
        state = sc(players, held={0: ["levant", "egypt"]})
        refused(state, Marry("levant"), "SAM-MARRY-3")
        assert Marry("china") in state.legal_actions()


@pytest.mark.rule("SAM-MARRY-4")
def test_draw_three_then_discard_zero_to_two_of_the_whole_hand():
    state = sc(4, hands={0: [1, 2]})
    play(state, Marry("egypt"))
    assert state.phase == DISCARD and len(state.hands[0]) == 5
    options = state.legal_actions()
    assert Discard(()) in options and Discard((1,)) in options and Discard((1, 2)) in options
    assert len(options) == 1 + 5 + 10
    refused(state, Discard((1, 2, 3)), "SAM-MARRY-4")
    refused(state, Discard((33 if 33 not in state.hands[0] else 32,)), "SAM-MARRY-4")
    refused(state, Discard((1, 1)), "SAM-MARRY-4")
    refused(state, Marry("levant"), "SAM-MARRY-4")
    refused(state, Place("egypt", "g3"), "SAM-MARRY-4")
    play(state, Discard((1,)))
    assert 1 in state.discard and len(state.hands[0]) == 4 and state.current_player == 1
    refused(state, Discard(()), "SAM-MARRY-4")


@pytest.mark.rule("SAM-MARRY-4", "SAM-DECK-1")
def test_a_discard_in_any_order_is_the_offered_discard():
    """The fuzz campaign (tests/fuzz/test_fuzz_games.py) found Discard((2, 1)) accepted though only (1, 2) was
    offered, putting the cards on the discard pile in the caller's order: another deck after a reshuffle."""
    assert Discard((2, 1)) == Discard((1, 2)) and Discard([5, 3]).cards == (3, 5)
    state = sc(4, hands={0: [1, 2]})
    play(state, Marry("egypt"))
    other = state.clone()
    play(state, Discard((1, 2)))
    assert Discard((2, 1)) in other.legal_actions()
    play(other, Discard((2, 1)))
    assert other.discard == state.discard


@pytest.mark.rule("SAM-MARRY-5", "SAM-HAND-1")
def test_rulebook_example_four_players_hand_limit_seven():
    # Carlos holds 5 of his 7 cards, marries, draws 3 (8) and must discard at least 1.
    state = sc(4, hands={0: [1, 2, 3, 4, 5]})
    play(state, Marry("egypt"))
    assert len(state.hands[0]) == 8 and Discard(()) not in state.legal_actions()
    refused(state, Discard(()), "SAM-HAND-1")
    keep7 = state.clone()
    play(keep7, Discard((1,)))           # 7 cards: at the limit
    keep6 = state.clone()
    play(keep6, Discard((1, 2)))         # 6 cards: below the limit
    for s in (keep7, keep6):             # everyone else marries, back to Carlos
        for _ in range(3):
            play(s, s.legal_actions()[0], Discard(()))
    play(keep7, Marry("levant"))
    assert len(keep7.hands[0]) == 7 and keep7.current_player == 1  # married, drew nothing
    assert keep7.events[-1].rule == "SAM-MARRY-5"
    play(keep6, Marry("levant"))
    assert len(keep6.hands[0]) == 9 and keep6.phase == DISCARD     # drew 3 again


@pytest.mark.rule("SAM-HAND-1")
def test_hand_limits_by_player_count_and_sold_cards_count():
    assert [new_game(n, seed=1).limit for n in (2, 3, 4, 5)] == [10, 10, 7, 6]
    state = sc(5, hands={0: [1, 2]}, sold={0: [3, 4, 5, 6]})
    play(state, Marry("egypt"))  # 6 cards counting the sold ones: at the limit, no draw
    assert len(state.hands[0]) == 2 and state.current_player == 1
    state = sc(5, hands={0: [1, 2]}, sold={0: [3, 4, 5]})
    play(state, Marry("egypt"))  # 5 counted: draw to 8, discard at least 2
    assert {len(a.cards) for a in state.legal_actions()} == {2}
    assert all(c not in (3, 4, 5) for a in state.legal_actions() for c in a.cards)  # sold cards stay out


@pytest.mark.rule("SAM-DECK-1")
def test_discards_are_reshuffled_when_the_deck_runs_out():
    state = sc(4, hands={0: [1]})
    state.discard, state.deck = state.deck[:-2], state.deck[-2:]  # two cards left in the deck
    play(state, Marry("egypt"))
    assert len(state.hands[0]) == 4 and state.reshuffles == 1
    assert any(e.rule == "SAM-DECK-1" for e in state.events)
    assert len(state.deck) + len(state.discard) + sum(map(len, state.hands)) == 33
    state = sc(4, hands={0: [1]})
    state.discard, state.deck = [], state.deck[-1:]  # nothing to reshuffle: draw what there is [ruling]
    play(state, Marry("egypt"))
    assert len(state.hands[0]) == 2


# --- extending routes ------------------------------------------------------------------------------------

@pytest.mark.rule("SAM-EXT-1")
def test_extend_needs_a_tile_and_camels_in_reserve():
    state = sc(4, held={0: ["levant"]}, treasury={"levant": 5})
    refused(state, Place("egypt", "g3"), "SAM-EXT-1")  # no Egypt tile
    assert {a.family for a in state.legal_actions() if isinstance(a, Place)} == {"levant"}
    play(state, Place("levant", "g8"))
    refused(state, Place("egypt", "g4"), "SAM-EXT-1")  # the second camel is of the same family
    state = sc(4, held={0: ["levant"]})
    state.reserve[fam("levant")] = 0  # every Levant camel is on the map
    refused(state, Place("levant", "g8"), "SAM-EXT-1")
    assert not [a for a in state.legal_actions() if isinstance(a, Place)]


@pytest.mark.rule("SAM-EXT-2")
def test_camels_go_next_to_their_family_on_land_or_water():
    state = sc(4, held={0: ["egypt"]}, treasury={"egypt": 1})
    refused(state, Place("egypt", "g22"), "SAM-EXT-2")
    targets = {a.space for a in state.legal_actions() if isinstance(a, Place)}
    assert targets == set(BOARD.graph["start_egypt"])
    play(state, Place("egypt", "g7"))
    assert "w_red_sea" in {a.space for a in state.legal_actions() if isinstance(a, Place)}
    play(state, Place("egypt", "w_red_sea"))  # water is fine
    assert fam("egypt") in state.camels[BOARD.index["w_red_sea"]]


@pytest.mark.rule("SAM-EXT-3")
def test_two_camels_per_space_never_two_of_one_family():
    state = sc(4, held={0: ["levant"]}, camels={"g8": ["byzantium", "mesopotamia"]})
    refused(state, Place("levant", "g8"), "SAM-EXT-3")
    refused(state, Place("levant", "start_levant"), "SAM-EXT-3")
    state = sc(4, held={0: ["levant"]}, camels={"g9": ["levant"]})
    refused(state, Place("levant", "g9"), "SAM-EXT-3")


@pytest.mark.rule("SAM-EXT-4")
def test_first_camel_free_second_costs_the_treasury_one():
    state = sc(4, held={0: ["levant"]}, treasury={"levant": 4}, money={0: 10})
    play(state, Place("levant", "g8"))
    assert state.treasury[fam("levant")] == 4 and state.money[0] == 10
    play(state, Place("levant", "l1"))
    assert state.treasury[fam("levant")] == 3 and state.money[0] == 10 and state.bank_in == 1
    assert state.current_player == 1


@pytest.mark.rule("SAM-EXT-5")
def test_second_camel_need_not_touch_the_first():
    state = sc(4, held={0: ["levant"]}, treasury={"levant": 2})
    play(state, Place("levant", "g8"))
    seconds = {a.space for a in state.legal_actions() if isinstance(a, Place)}
    start_nbrs = set(BOARD.graph["start_levant"]) - {"g8"}
    g8_nbrs = set(BOARD.graph["g8"]) - {"start_levant"}
    assert start_nbrs <= seconds and g8_nbrs <= seconds  # next to the start, or next to the first camel
    far = next(iter(start_nbrs - set(BOARD.graph["g8"])))
    play(state, Place("levant", far))


@pytest.mark.rule("SAM-EXT-6")
def test_empty_treasury_one_camel_only():
    state = sc(4, held={0: ["levant"]})
    assert state.treasury[fam("levant")] == 0
    play(state, Place("levant", "g8"))
    assert state.current_player == 1 and state.phase == "act"  # the turn ended after one camel
    state = sc(4, held={0: ["levant"]}, treasury={"levant": 1})
    play(state, Place("levant", "g8"))
    state.treasury[fam("levant")] = 0  # an empty treasury while a second camel is asked for
    refused(state, Place("levant", "l1"), "SAM-EXT-6")


# --- goods spaces -------------------------------------------------------------------------------------------

@pytest.mark.rule("SAM-GOODS-1")
def test_first_camel_on_a_goods_space_takes_its_tile():
    state = sc(4, held={0: ["levant"]}, hands={0: [1], 1: [2], 2: [3], 3: [4]})
    play(state, Place("levant", "g8"))
    assert state.goods_tiles[0] == [8] and not state.tile_on_board[8]
    assert state.current_player == 1  # nobody holds card 8: no sale decision


@pytest.mark.rule("SAM-GOODS-2")
def test_the_holder_even_off_turn_may_sell_for_three():
    state = sc(4, held={0: ["levant"]}, treasury={"levant": 1}, hands={0: [1], 1: [2], 2: [8, 9], 3: [4]})
    play(state, Place("levant", "g8"))
    assert state.phase == SALE and state.current_player == 2
    assert state.legal_actions() == [Sell(8), Keep(8)]
    refused(state, Place("levant", "l1"), "SAM-GOODS-2")
    refused(state, Sell(9), "SAM-GOODS-2")
    play(state, Sell(8))
    assert state.money[2] == 13 and state.sold[2] == [8] and state.hands[2] == [9]
    assert state.phase == SECOND and state.current_player == 0  # back to the active player's second camel
    sheet = state.score_sheet()
    assert not [r for r in sheet.rows if r.player == 2 and r.source == "card:8"]  # a sold card scores nothing


@pytest.mark.rule("SAM-GOODS-3")
def test_no_tile_and_no_sale_on_an_occupied_goods_space():
    state = sc(4, held={0: ["mesopotamia"]}, hands={1: [11]}, camels={"g11": ["levant"]}, tile_owner=3)
    play(state, Place("mesopotamia", "g11"))
    assert state.goods_tiles[0] == [] and state.goods_tiles[3] == [11]
    assert state.phase != SALE and 11 in state.hands[1]
    refused(state, Sell(11), "SAM-GOODS-3")


@pytest.mark.rule("SAM-GOODS-4")
def test_rulebook_example_diamond_kept():
    # Julia first places a camel on diamond 22, takes its tile, holds the diamond card and keeps it.
    state = sc(4, held={0: ["sogdia"]}, hands={0: [22]})
    play(state, Place("sogdia", "g22"))
    assert state.goods_tiles[0] == [22] and state.current_player == 0 and state.phase == SALE
    play(state, Keep(22))
    assert state.hands[0] == [22] and state.money[0] == 10
    assert [r.points for r in state.score_sheet().rows if r.source == "card:22"] == [4]


# --- relations ----------------------------------------------------------------------------------------------

@pytest.mark.rule("SAM-REL-1")
def test_land_goods_and_start_spaces_make_relations():
    for space, other in (("l1", "byzantium"), ("g11", "mesopotamia")):
        state = sc(4, held={0: ["levant"]}, camels={space: [other]})
        play(state, Place("levant", space))
        assert (min(fam("levant"), fam(other)), max(fam("levant"), fam(other))) in state.related
    state = sc(4, held={0: ["sogdia"]}, camels={"g21": ["sogdia"]})
    play(state, Place("sogdia", "start_persia"))  # onto Persia's start space
    assert (fam("persia"), fam("sogdia")) in state.related or (fam("sogdia"), fam("persia")) in state.related


@pytest.mark.rule("SAM-REL-2")
def test_water_spaces_make_no_relation():
    state = sc(4, held={0: ["levant"]}, camels={"w_black_sea": ["byzantium"], "l1": ["levant"]})
    play(state, Place("levant", "w_black_sea"))
    assert state.related == set() and state.money == [10] * 4 and state.relation_tiles[0] == []
    assert fam("levant") in state.camels[BOARD.index["w_black_sea"]]


@pytest.mark.rule("SAM-REL-3", "SAM-REL-4")
def test_rulebook_example_byzantium_meets_levant():
    # Alberto (Byzantium) places a camel on a land space holding a red Levant camel: he gets 3,
    # Julia (Levant) gets 1, and Alberto takes the top relation tiles of Byzantium and Levant.
    state = sc(4, held={0: ["byzantium"], 1: ["levant"], 2: ["levant", "byzantium"]},
                     camels={"l1": ["levant"]})
    play(state, Place("byzantium", "l1"))
    assert state.money == [13, 11, 14, 10]  # seat 2 married into both gets both premiums
    assert sorted(state.relation_tiles[0]) == [(fam("byzantium"), "green"), (fam("levant"), "green")]
    assert state.relation_stack[fam("byzantium")] == 4 and state.relation_stack[fam("levant")] == 4
    assert state.relation_log == [(fam("byzantium"), fam("levant"), BOARD.index["l1"], 0)]


@pytest.mark.rule("SAM-REL-4")
def test_later_tiles_are_grey_and_an_empty_stack_gives_none():
    state = sc(4, held={0: ["levant"]}, camels={"g11": ["mesopotamia"]})
    state.relation_stack[fam("levant")] = 3
    play(state, Place("levant", "g11"))
    assert (fam("levant"), "grey") in state.relation_tiles[0]


@pytest.mark.rule("SAM-REL-5")
def test_a_second_meeting_pays_nothing():
    state = sc(4, held={0: ["levant"], 1: ["mesopotamia"]}, treasury={"levant": 3},
                     camels={"g11": ["mesopotamia"], "l1": ["mesopotamia"]})
    play(state, Place("levant", "g11"))
    money, tiles = list(state.money), list(state.relation_tiles[0])
    play(state, Place("levant", "l1"))
    assert state.money == money and state.relation_tiles[0] == tiles and len(state.related) == 1
    assert any(e.rule == "SAM-REL-5" for e in state.events)


# --- end and scoring --------------------------------------------------------------------------------------------

@pytest.mark.rule("SAM-END-1")
def test_every_family_related_ends_at_once_after_the_turn():
    state = sc(4, held={0: ["levant"]}, treasury={"levant": 2}, camels={"g11": ["mesopotamia"]}, active=1)
    for f in range(10):
        if BOARD.families[f].id not in ("levant", "mesopotamia"):
            state.relation_stack[f] = 4
    state.active = 0
    play(state, Place("levant", "g11"))
    assert state.phase == SECOND and not state.is_terminal()  # checked at the end of the turn
    play(state, EndTurn())
    assert state.is_terminal() and state.end_reason == "SAM-END-1" and state.current_player == -1
    assert state.legal_actions() == []
    refused(state, Marry("egypt"), "SAM-END-1")


@pytest.mark.rule("SAM-END-2")
def test_five_relations_of_one_family_ends_the_game():
    state = sc(4, held={0: ["levant"]}, camels={"g11": ["mesopotamia"]}, active=2)
    state.relation_stack[fam("mesopotamia")] = 1
    state.active = 0
    play(state, Place("levant", "g11"))
    assert state.is_terminal() and state.end_reason == "SAM-END-2"
    assert state.relation_stack[fam("mesopotamia")] == 0


@pytest.mark.rule("SAM-SCORE-1")
def test_rulebook_example_linen_four_plus_one():
    # Barbara holds the linen card; on the linen space are a red (Levant) camel, her family,
    # and a yellow (Byzantium) camel, not hers: 4 + 1 = 5 points.
    assert BOARD.families[fam("byzantium")].colour_name == "yellow"
    linen = next(n for n, name in BOARD.goods_names.items() if name == "linen")
    space = BOARD.spaces[BOARD.goods_space[linen]]
    state = sc(4, held={0: ["levant"]}, hands={0: [linen, 22]}, camels={space: ["levant", "byzantium"]})
    rows = [r for r in state.score_sheet().rows if r.player == 0 and r.rule == "SAM-SCORE-1"]
    assert [(r.source, r.points) for r in rows] == [(f"card:{linen}", 5), ("card:22", 0)]
    assert "Levant camel 4 + Byzantium camel 1" in rows[0].item


@pytest.mark.rule("SAM-SCORE-2", "SAM-SCORE-3", "SAM-SCORE-4")
def test_tiles_and_dirhams_one_point_each():
    state = sc(4, held={0: ["levant"]}, hands={0: [], 1: [], 2: [], 3: []}, camels={"g11": ["mesopotamia"]},
                     tile_owner=1)
    play(state, Place("levant", "g11"))
    sheet = state.score_sheet()
    by = {(r.player, r.rule): r.points for r in sheet.rows}
    assert by[(0, "SAM-SCORE-2")] == 0 and by[(1, "SAM-SCORE-2")] == 1
    assert by[(0, "SAM-SCORE-3")] == 2
    assert by[(0, "SAM-SCORE-4")] == 13 and by[(3, "SAM-SCORE-4")] == 10
    assert sheet.totals() == [15, 11, 10, 10] and sheet.unit == "points"


@pytest.mark.rule("SAM-SCORE-5")
def test_most_points_wins_ties_all_win():
    state = sc(3, hands={0: [], 1: [], 2: []}, money={0: 12, 1: 12, 2: 3})
    state.phase, state.end_reason = OVER, "SAM-END-1"
    assert state.winners == [0, 1] and state.winner is None
    assert "all win" in state.score_sheet().verdict
    state.money[1] = 11
    assert state.winners == [0] and state.winner == 0 and state.score_sheet().winner == 0


# --- two players ---------------------------------------------------------------------------------------------------

@pytest.mark.rule("SAM-2P-1")
def test_two_players_hand_limit_ten():
    state = sc(2, hands={0: [1, 2, 3, 4, 5, 6, 7, 8, 9]})
    play(state, Marry("egypt"))
    assert len(state.hands[0]) == 12 and {len(a.cards) for a in state.legal_actions()} == {2}


@pytest.mark.rule("SAM-2P-2")
def test_two_players_one_tile_per_house_the_rest_in_the_bag():
    state = new_game(2, seed=9)
    assert state.house_tiles == [1] * 10 and sorted(state.bag) == list(range(10))
    assert new_game(2, seed=9).bag == state.bag and new_game(2, seed=10).bag != state.bag


@pytest.mark.rule("SAM-2P-3")
def test_two_players_may_marry_a_family_again():
    state = sc(2, held={0: ["levant"]})
    state.house_tiles[fam("levant")] = 1
    state.bag.remove(fam("levant"))
    play(state, Marry("levant"), Discard(()))
    assert state.held[0][fam("levant")] == 2 and state.treasury[fam("levant")] == 4


@pytest.mark.rule("SAM-2P-4")
def test_two_tiles_of_one_family_earn_the_base_amount():
    state = sc(2, held={0: ["levant", "levant"]}, hands={0: [11]}, camels={"g11": ["mesopotamia"]},
                     tile_owner=1)
    assert state.held[0][fam("levant")] == 2
    play(state, Place("levant", "g11"))
    assert state.money[0] == 13  # one active premium, not two
    card = [r.points for r in state.score_sheet().rows if r.source == "card:11"]
    assert card == [4 + 1]


@pytest.mark.rule("SAM-2P-5")
def test_bag_tile_after_marrying():
    state = new_game(2, seed=11)
    state.bag = [fam("levant"), fam("china")]  # China comes out first, then Levant
    play(state, Marry("levant"), Discard(()))
    assert state.removed == [fam("china")] and state.house_tiles[fam("china")] == 1
    play(state, Marry("egypt"), Discard(()))
    assert state.house_tiles[fam("levant")] == 1  # married by player 0: the tile goes to its house
    assert [e.rule for e in state.events].count("SAM-2P-5") == 2
    play(state, Place("levant", "g8"))
    assert state.bag == []  # extending draws nothing


def test_actions_are_worded():
    for action in (Marry("levant"), Place("levant", "g8"), EndTurn(), Discard((1, 2)), Discard(()), Sell(3),
                   Keep(3), Pass()):
        assert len(str(action)) > 8

"""One or more tests per clause of shared/rules/jaipur.md, each marked with its rule ID."""
from collections import Counter

import pytest

from caravan_lessons import RuleViolation
from caravan_lessons.jaipur import (
    BONUS_TOKENS,
    CARD_COUNTS,
    CARD_TYPES,
    GOODS,
    GOODS_TOKENS,
    RULES,
    Exchange,
    NextRound,
    Sell,
    TakeCamels,
    TakeOne,
    new_game,
    scenario,
)


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


def all_cards(state):
    counts = Counter()
    for i, card in enumerate(CARD_TYPES):
        counts[card] += state.market[i] + state.hands[0][i] + state.hands[1][i] + state.discard[i]
    counts["camel"] += sum(state.herds)
    counts.update(CARD_TYPES[i] for i in state.deck)
    return counts


# --- components ------------------------------------------------------------------------------------

@pytest.mark.rule("JAI-COMP-1")
def test_fifty_five_cards_of_seven_types():
    assert dict(zip(CARD_TYPES, CARD_COUNTS)) == {
        "diamond": 6, "gold": 6, "silver": 6, "cloth": 8, "spice": 8, "leather": 10, "camel": 11}
    state = new_game(seed=3)
    assert all_cards(state) == Counter(dict(zip(CARD_TYPES, CARD_COUNTS)))
    assert sum(all_cards(state).values()) == 55


@pytest.mark.rule("JAI-COMP-2")
def test_goods_token_stacks_top_first():
    assert dict(zip(GOODS, GOODS_TOKENS)) == {
        "diamond": (7, 7, 5, 5, 5), "gold": (6, 6, 5, 5, 5), "silver": (5, 5, 5, 5, 5),
        "cloth": (5, 3, 3, 2, 2, 1, 1), "spice": (5, 3, 3, 2, 2, 1, 1), "leather": (4, 3, 2, 1, 1, 1, 1, 1, 1)}
    obs = new_game(seed=1).observation(0)
    assert obs["goods_tokens_left"]["diamond"] == [7, 7, 5, 5, 5]


@pytest.mark.rule("JAI-COMP-3")
def test_bonus_tokens_and_their_hidden_values():
    assert BONUS_TOKENS == {3: (3, 3, 2, 2, 2, 1, 1), 4: (6, 6, 5, 5, 4, 4), 5: (10, 10, 9, 8, 8)}
    state = scenario(market={"camel": 3, "leather": 2}, hands=[{}, {"cloth": 3}], current_player=1)
    state.apply(Sell("cloth", 3))
    seen_by_other = state.observation(0)["bonus_tokens"][1]
    seen_by_owner = state.observation(1)["bonus_tokens"][1]
    assert seen_by_other == [[3, None]]
    assert seen_by_owner[0][0] == 3 and seen_by_owner[0][1] in BONUS_TOKENS[3]


@pytest.mark.rule("JAI-COMP-4")
def test_camel_token_is_five_rupees_and_two_seals_win():
    from caravan_lessons.jaipur.components import CAMEL_TOKEN, SEALS, SEALS_TO_WIN

    assert (CAMEL_TOKEN, SEALS, SEALS_TO_WIN) == (5, 3, 2)


# --- setup -----------------------------------------------------------------------------------------

@pytest.mark.rule("JAI-SETUP-1", "JAI-SETUP-3")
@pytest.mark.parametrize("seed", range(20))
def test_market_starts_with_three_camels_and_two_cards(seed):
    state = new_game(seed=seed)
    assert sum(state.market) == 5
    assert state.market[CARD_TYPES.index("camel")] >= 3
    assert len(state.deck) == 55 - 5 - 10


@pytest.mark.rule("JAI-SETUP-2", "JAI-SETUP-4")
@pytest.mark.parametrize("seed", range(20))
def test_five_cards_each_with_camels_moved_to_the_herd(seed):
    state = new_game(seed=seed)
    for seat in (0, 1):
        assert state.hands[seat][CARD_TYPES.index("camel")] == 0
        assert sum(state.hands[seat]) + state.herds[seat] == 5
    obs = state.observation(1)
    assert obs["herds"] == state.herds  # the herd is public
    assert "camel" not in obs["hand"]


@pytest.mark.rule("JAI-SETUP-2")
def test_shuffle_depends_on_the_seed_and_replays():
    assert new_game(seed=1).to_dict() == new_game(seed=1).to_dict()
    assert new_game(seed=1).to_dict()["deck"] != new_game(seed=2).to_dict()["deck"]


@pytest.mark.rule("JAI-SETUP-5")
def test_goods_stacks_are_sorted_and_visible_to_both():
    state = new_game(seed=4)
    for seat in (0, 1):
        left = state.observation(seat)["goods_tokens_left"]
        for good, values in left.items():
            assert values == sorted(values, reverse=True)
            assert values == list(GOODS_TOKENS[GOODS.index(good)])


@pytest.mark.rule("JAI-SETUP-6")
def test_bonus_stacks_are_shuffled_face_down():
    orders = {tuple(new_game(seed=s).bonus_stacks[5]) for s in range(30)}
    assert len(orders) > 1
    for s in range(5):
        state = new_game(seed=s)
        assert sorted(state.bonus_stacks[4]) == sorted(BONUS_TOKENS[4])
        assert state.observation(0)["bonus_tokens_left"] == {"3": 7, "4": 6, "5": 5}


@pytest.mark.rule("JAI-SETUP-7")
def test_the_players_choose_who_starts():
    assert new_game(seed=1).current_player == 0
    assert new_game(seed=1, first_player=1).current_player == 1
    with pytest.raises(ValueError, match="first_player"):
        new_game(seed=1, first_player=2)


# --- a turn ----------------------------------------------------------------------------------------

@pytest.mark.rule("JAI-TURN-1")
def test_one_action_then_the_other_player():
    state = scenario(market={"camel": 3, "cloth": 2}, hands=[{"spice": 2}, {}])
    state.apply(TakeOne("cloth"))
    assert state.current_player == 1
    refused(state, NextRound(), "JAI-TURN-1")


# --- taking ----------------------------------------------------------------------------------------

@pytest.mark.rule("JAI-TAKE-1")
def test_take_one_good_and_the_deck_replaces_it():
    state = scenario(market={"camel": 3, "cloth": 1, "spice": 1}, hands=[{"leather": 1}, {}], deck_top=["diamond"])
    deck = len(state.deck)
    state.apply(TakeOne("cloth"))
    assert state.observation(0)["hand"] == {"cloth": 1, "leather": 1}
    assert state.observation(0)["market"] == {"camel": 3, "spice": 1, "diamond": 1}
    assert len(state.deck) == deck - 1
    refused(scenario(market={"camel": 3, "cloth": 2}), TakeOne("gold"), "JAI-TAKE-1")


@pytest.mark.rule("JAI-TAKE-2")
def test_exchange_takes_goods_and_gives_back_as_many_cards():
    state = scenario(market={"camel": 1, "diamond": 2, "cloth": 2},
                     hands=[{"leather": 2, "spice": 1}, {}], herds=(3, 0))
    state.apply(Exchange(["diamond", "diamond", "cloth"], ["leather", "leather", "camel"]))
    assert state.observation(0)["hand"] == {"diamond": 2, "cloth": 1, "spice": 1}
    assert state.observation(0)["market"] == {"cloth": 1, "leather": 2, "camel": 2}
    assert state.herds[0] == 2
    again = scenario(market={"camel": 1, "diamond": 2, "cloth": 2}, hands=[{"leather": 2}, {}], herds=(3, 0))
    refused(again, Exchange(["diamond", "diamond"], ["leather", "leather", "camel"]), "JAI-TAKE-2")
    refused(again, Exchange(["diamond", "diamond", "diamond"], ["leather", "leather", "camel"]), "JAI-TAKE-2")
    refused(again, Exchange(["diamond", "cloth"], ["spice", "leather"]), "JAI-TAKE-2")
    few_camels = scenario(market={"camel": 1, "diamond": 2, "cloth": 2}, hands=[{}, {}], herds=(1, 0))
    refused(few_camels, Exchange(["diamond", "cloth"], ["camel", "camel"]), "JAI-TAKE-2")


@pytest.mark.rule("JAI-TAKE-2")
def test_exchange_never_refills_from_the_deck():
    state = scenario(market={"camel": 1, "diamond": 2, "cloth": 2}, hands=[{"leather": 2}, {}])
    deck = list(state.deck)
    state.apply(Exchange(["diamond", "diamond"], ["leather", "leather"]))
    assert state.deck == deck and sum(state.market) == 5


@pytest.mark.rule("JAI-TAKE-3")
def test_no_one_for_one_exchange():
    state = scenario(market={"camel": 3, "diamond": 1, "cloth": 1}, hands=[{"leather": 2}, {}], herds=(2, 0))
    refused(state, Exchange(["diamond"], ["leather"]), "JAI-TAKE-3")
    refused(state, Exchange(["cloth"], ["camel"]), "JAI-TAKE-3")
    assert not [a for a in state.legal_actions() if isinstance(a, Exchange) and len(a.take) < 2]


@pytest.mark.rule("JAI-TAKE-4")
def test_exchange_may_not_take_and_give_the_same_type():
    state = scenario(market={"camel": 1, "cloth": 2, "spice": 2}, hands=[{"cloth": 1, "leather": 1}, {}])
    error = refused(state, Exchange(["cloth", "spice"], ["cloth", "leather"]), "JAI-TAKE-4")
    assert "cloth" in error.message
    for action in state.legal_actions():
        if isinstance(action, Exchange):
            assert not set(action.take) & set(action.give)


@pytest.mark.rule("JAI-TAKE-5")
def test_take_all_camels_and_refill():
    state = scenario(market={"camel": 3, "cloth": 2}, herds=(1, 0), deck_top=["gold", "camel", "spice"])
    state.apply(TakeCamels())
    assert state.herds[0] == 4
    assert state.observation(0)["market"] == {"cloth": 2, "gold": 1, "camel": 1, "spice": 1}
    no_camels = scenario(market={"cloth": 3, "spice": 2})
    refused(no_camels, TakeCamels(), "JAI-TAKE-5")


@pytest.mark.rule("JAI-TAKE-6")
def test_goods_or_camels_never_both():
    state = scenario(market={"camel": 3, "cloth": 2}, hands=[{"leather": 3}, {}])
    refused(state, TakeOne("camel"), "JAI-TAKE-6")
    refused(state, Exchange(["camel", "cloth"], ["leather", "leather"]), "JAI-TAKE-6")
    for action in state.legal_actions():
        if isinstance(action, Exchange):
            assert "camel" not in action.take
    assert TakeCamels() in state.legal_actions()  # all of them, as one action


@pytest.mark.rule("JAI-TAKE-7")
def test_hand_limit_of_seven():
    full = {"leather": 4, "spice": 3}
    state = scenario(market={"camel": 3, "cloth": 2}, hands=[full, {}], herds=(2, 0))
    error = refused(state, TakeOne("cloth"), "JAI-TAKE-7")
    assert "7" in error.message and error.message.endswith("Sell, exchange or take the camels instead.")
    refused(state, Exchange(["cloth", "cloth"], ["camel", "camel"]), "JAI-TAKE-7")
    assert Exchange(["cloth", "cloth"], ["leather", "leather"]) in state.legal_actions()
    state.apply(TakeCamels())  # camels on display may be taken even with 7 in hand
    assert sum(state.hands[0]) == 7
    six = scenario(market={"camel": 3, "cloth": 2}, hands=[{"leather": 6}, {}], herds=(2, 0))
    refused(six, Exchange(["cloth", "cloth"], ["camel", "camel"]), "JAI-TAKE-7")
    assert Exchange(["cloth", "cloth"], ["leather", "camel"]) in six.legal_actions()


@pytest.mark.rule("JAI-TAKE-7")
def test_full_hand_refusal_suggests_only_moves_the_position_allows():
    no_camels = scenario(market={"cloth": 2, "spice": 2, "gold": 1}, hands=[{"leather": 7}, {}], herds=(0, 0))
    error = refused(no_camels, TakeOne("cloth"), "JAI-TAKE-7")
    assert "camel" not in error.message  # the market shows none
    assert error.message.endswith("Sell or exchange instead.")


# --- selling ---------------------------------------------------------------------------------------

@pytest.mark.rule("JAI-SELL-1")
def test_sell_one_type_any_number():
    state = scenario(market={"camel": 3, "cloth": 2}, hands=[{"leather": 4, "spice": 1}, {}])
    assert {a for a in state.legal_actions() if isinstance(a, Sell)} == {
        Sell("leather", n) for n in range(1, 5)} | {Sell("spice", 1)}
    refused(state, Sell("leather", 5), "JAI-SELL-1")
    refused(state, Sell("leather", 0), "JAI-SELL-1")
    state.apply(Sell("leather", 2))
    assert state.observation(0)["hand"] == {"leather": 2, "spice": 1}
    assert state.discard[CARD_TYPES.index("leather")] == 2


@pytest.mark.rule("JAI-SELL-2")
def test_goods_tokens_from_the_top_and_surplus_earns_nothing():
    state = scenario(market={"camel": 3, "cloth": 2}, hands=[{"spice": 2}, {}],
                     tokens=[{"spice": 3}, {"spice": 3}])  # one spice token (1) left
    state.apply(Sell("spice", 2))
    assert [v for g, v in state.goods_tokens[0]][-1] == 1
    assert sum(1 for g, v in state.goods_tokens[0] if g == GOODS.index("spice")) == 4
    assert state.observation(1)["goods_tokens_left"]["spice"] == []
    empty = scenario(market={"camel": 3, "cloth": 2}, hands=[{"spice": 1}, {}],
                     tokens=[{"spice": 4}, {"spice": 3}])
    empty.apply(Sell("spice", 1))  # [ruling] legal, earns nothing
    assert len(empty.goods_tokens[0]) == 4


@pytest.mark.rule("JAI-SELL-3")
@pytest.mark.parametrize("count,size", [(3, 3), (4, 4), (5, 5), (6, 5)])
def test_bonus_by_cards_sold(count, size):
    state = scenario(market={"camel": 3, "spice": 2}, hands=[{"leather": count}, {}])
    top = state.bonus_stacks[size][-1]
    state.apply(Sell("leather", count))
    assert state.bonus_tokens[0] == [(size, top)]


@pytest.mark.rule("JAI-SELL-3")
def test_bonus_counts_cards_not_tokens_and_empty_stack_gives_nothing():
    state = scenario(market={"camel": 3, "spice": 2}, hands=[{"diamond": 3}, {}], tokens=[{"diamond": 3}, {}])
    state.apply(Sell("diamond", 3))  # 2 tokens left, 3 cards sold: still a 3-card bonus
    assert len(state.bonus_tokens[0]) == 1 and state.bonus_tokens[0][0][0] == 3
    gone = [(3, v) for v in BONUS_TOKENS[3]]
    dry = scenario(market={"camel": 3, "spice": 2}, hands=[{"leather": 3}, {}], bonus=[gone, []])
    dry.apply(Sell("leather", 3))
    assert len(dry.bonus_tokens[0]) == 7


@pytest.mark.rule("JAI-SELL-4")
def test_precious_goods_sold_two_at_a_time():
    state = scenario(market={"camel": 3, "spice": 2}, hands=[{"diamond": 1, "gold": 2, "silver": 1}, {}],
                     tokens=[{"gold": 4}, {}])
    for good in ("diamond", "silver"):
        error = refused(state, Sell(good, 1), "JAI-SELL-4")
        assert "2 or more" in error.message
    refused(state, Sell("gold", 1), "JAI-SELL-4")  # even with one token left
    state.apply(Sell("gold", 2))
    assert [v for _, v in state.goods_tokens[0]][-1] == 5


@pytest.mark.rule("JAI-SELL-5")
def test_camels_are_never_sold():
    state = scenario(market={"camel": 3, "spice": 2}, herds=(4, 0))
    refused(state, Sell("camel", 2), "JAI-SELL-5")
    assert not [a for a in state.legal_actions() if isinstance(a, Sell)]


# --- end of a round --------------------------------------------------------------------------------

@pytest.mark.rule("JAI-END-1")
def test_round_ends_when_three_stacks_are_empty():
    state = scenario(market={"camel": 3, "spice": 2}, hands=[{"leather": 2}, {}],
                     tokens=[{"diamond": 5, "gold": 5}, {"leather": 7}])
    state.apply(Sell("leather", 1))
    assert state.phase == "playing"  # 2 stacks empty, leather has 1 token left
    state.apply(TakeOne("spice"))
    state.apply(Sell("leather", 1))
    assert state.round_over and state.round_results[-1]["end_rule"] == "JAI-END-1"


@pytest.mark.rule("JAI-END-2")
def test_round_ends_when_the_deck_cannot_refill():
    state = scenario(market={"camel": 3, "spice": 2}, hands=[{"leather": 2}, {"cloth": 3, "silver": 3}],
                     herds=(4, 4), deck_top=["gold"], deck_size=1)  # the other goods were sold (a reachable position)
    state.apply(TakeOne("spice"))  # the deck empties exactly: the round goes on [ruling]
    assert state.phase == "playing" and not state.deck
    state.apply(TakeCamels())  # player 1 takes 3 camels: the market needs 3, the deck has 0
    assert state.round_over and state.round_results[-1]["end_rule"] == "JAI-END-2"


@pytest.mark.rule("JAI-END-2")
def test_exchange_and_sale_never_end_the_round_by_the_deck():
    state = scenario(market={"camel": 1, "cloth": 2, "spice": 2}, hands=[{"leather": 6}, {"gold": 2, "silver": 4}],
                     herds=(5, 5), deck_size=0)
    state.apply(Exchange(["cloth", "cloth"], ["leather", "leather"]))
    state.apply(Sell("gold", 2))
    assert state.phase == "playing"


@pytest.mark.rule("JAI-END-3")
def test_camel_token_to_the_bigger_herd_and_nobody_on_a_tie():
    def finish(herds, deck_top=()):
        state = scenario(market={"camel": 3, "spice": 2}, hands=[{"cloth": 4, "silver": 3}, {"leather": 4}],
                         herds=herds, deck_top=deck_top, deck_size=len(deck_top))
        state.apply(TakeCamels())  # player 0 takes 3 camels; the deck cannot give 3 cards
        return state
    state = finish((3, 5))  # 6 against 5
    assert state.camel_token == 0
    assert any(r.rule == "JAI-END-3" and r.player == 0 and r.points == 5 for r in state.score_sheet().rows)
    assert finish((2, 6)).camel_token == 1  # 5 against 6
    tie = finish((2, 5), deck_top=["camel"])  # 5 against 5; the last camel goes to the market
    assert tie.camel_token is None
    assert not [r for r in tie.score_sheet().rows if r.rule == "JAI-END-3"]
    result = state.round_results[-1]  # the camel token is not a bonus or goods token
    assert result["bonus_tokens"] == [0, 0]
    assert result["goods_tokens"] == [len(state.goods_tokens[0]), len(state.goods_tokens[1])]


@pytest.mark.rule("JAI-END-4")
def test_richer_player_wins_the_round_and_a_seal():
    state = scenario(market={"camel": 3, "spice": 2}, hands=[{"diamond": 2, "leather": 5}, {"cloth": 4, "gold": 2}],
                     herds=(3, 5), deck_size=1, tokens=[{}, {"cloth": 2}])  # the other goods were sold earlier
    diamonds_left = [7, 7, 5, 5, 5][sum(g == GOODS.index("diamond") for seat in (0, 1) for g, _ in state.goods_tokens[seat]):]
    before = [sum(v for _, v in state.goods_tokens[seat]) for seat in (0, 1)]
    state.apply(Sell("diamond", 2))  # the top two diamond tokens
    state.apply(TakeCamels())  # deck of 1 cannot supply 3 cards: round over; player 1 takes the camel token
    sheet = state.score_sheet()
    assert sheet.totals() == [before[0] + sum(diamonds_left[:2]), before[1] + 5]
    winner = 0 if sheet.totals()[0] > sheet.totals()[1] else 1
    assert sheet.winner == winner and state.seals == [1 - winner, winner]


def tied_round(tokens, bonus=((), ())):
    """A round that ends at once with equal herds (no camel token) and exactly the given tokens.

    A reachable position this close to the end holds the tokens of every earlier sale, so the
    tie-break (a rule of the scoring) is tested on hand-set piles: ``tokens`` per seat as
    (goods, rupees) pairs, ``bonus`` as (size, rupees) pairs.
    """
    state = scenario(market={"camel": 3, "spice": 2}, hands=[{"cloth": 4, "silver": 3}, {"leather": 5, "gold": 2}],
                     herds=(2, 5), deck_top=["camel"], deck_size=1)
    state.goods_tokens = [[(GOODS.index(g), v) for g, v in tokens[seat]] for seat in (0, 1)]
    state.bonus_tokens = [list(bonus[seat]) for seat in (0, 1)]
    state.apply(TakeCamels())  # player 0 takes 3 camels: 5 against 5, and the deck cannot refill
    return state.round_results[-1], state


@pytest.mark.rule("JAI-END-5")
def test_tie_on_rupees_broken_by_bonus_tokens():
    # player 0: silver 5 + 5 = 10; player 1: leather 4 + 3 and a 3-rupee bonus token = 10
    result, state = tied_round([[("silver", 5), ("silver", 5)], [("leather", 4), ("leather", 3)]], [[], [(3, 3)]])
    assert result["rupees"] == [10, 10] and result["camel_token"] is None
    assert result["winner"] == 1 and "bonus" in result["reason"]
    assert state.seals == [0, 1]


@pytest.mark.rule("JAI-END-5")
def test_then_broken_by_goods_tokens():
    # player 0: one diamond token (7); player 1: leather 4 + 3 (two tokens)
    result, _ = tied_round([[("diamond", 7)], [("leather", 4), ("leather", 3)]])
    assert result["rupees"] == [7, 7] and result["bonus_tokens"] == [0, 0]
    assert result["winner"] == 1 and "goods tokens" in result["reason"]


@pytest.mark.rule("JAI-END-5")
def test_full_tie_gives_no_seal_and_the_other_player_starts():
    result, state = tied_round([[("silver", 5)], [("cloth", 5)]])  # 5 against 5, one token each
    assert result["rupees"] == [5, 5] and result["winner"] is None
    assert state.seals == [0, 0]
    assert state.current_player == 1  # [ruling] player 0 started this round
    state.apply(NextRound())
    assert state.starting_player == 1 and state.phase == "playing"


# --- the match -------------------------------------------------------------------------------------

@pytest.mark.rule("JAI-MATCH-1")
def test_loser_starts_a_freshly_shuffled_round():
    state = scenario(market={"camel": 3, "spice": 2}, hands=[{"diamond": 2, "leather": 5}, {"cloth": 4, "gold": 2}],
                     herds=(3, 5), deck_size=1)
    state.apply(Sell("diamond", 2))
    state.apply(TakeCamels())  # round over
    winner = state.round_results[-1]["winner"]
    assert winner == state.score_sheet().winner == (0 if state.score_sheet().totals()[0] > state.score_sheet().totals()[1] else 1)
    assert state.legal_actions() == [NextRound()]
    refused(state, TakeOne("spice"), "JAI-MATCH-1")
    state.apply(NextRound())
    assert state.current_player == 1 - winner and state.round_index == 1
    assert sum(state.market) == 5 and len(state.deck) == 40
    assert sum(map(len, state.goods_tokens)) == 0 and state.seals == [1 - winner, winner]


@pytest.mark.rule("JAI-MATCH-2")
def test_two_seals_win_the_match():
    state = scenario(market={"camel": 3, "spice": 2}, hands=[{"diamond": 2, "leather": 5}, {"cloth": 4, "gold": 2}],
                     herds=(3, 5), deck_size=1, seals=(1, 1))
    state.apply(Sell("diamond", 2))
    state.apply(TakeCamels())
    winner = state.score_sheet().winner
    assert state.is_terminal() and state.winner == winner and state.seals == [1 + (winner == 0), 1 + (winner == 1)]
    assert state.legal_actions() == [] and state.current_player == -1
    refused(state, NextRound(), "JAI-MATCH-2")


@pytest.mark.rule("JAI-MATCH-1", "JAI-MATCH-2")
@pytest.mark.parametrize("seed", range(10))
def test_random_matches_end_with_two_seals(seed):
    import random

    rng = random.Random(seed)
    state = new_game(seed=seed)
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    assert max(state.seals) == 2 and len(state.round_results) >= 2
    for before, after in zip(state.round_results, state.round_results[1:]):
        if before["winner"] is not None:
            assert after["starting_player"] == 1 - before["winner"]


def test_every_rule_has_our_own_text():
    import pathlib
    import re

    inventory = pathlib.Path(__file__).resolve().parents[3] / "shared" / "rules" / "jaipur.md"
    if inventory.exists():
        ids = re.findall(r"^\| (JAI-[A-Z]+-\d+) \|", inventory.read_text(), re.MULTILINE)
        assert sorted(ids) == sorted(RULES)
    assert len(RULES) == 31


@pytest.mark.rule("JAI-SELL-2", "JAI-END-1")
@pytest.mark.parametrize("deck_size", [0, 1, 5, 18, 26, 34])
def test_scenario_positions_are_reachable_and_reload(deck_size):
    from caravan_lessons.jaipur import State

    state = scenario(market={"diamond": 1, "cloth": 1, "camel": 3},
                     hands=[{"cloth": 4, "diamond": 1}, {"spice": 2, "silver": 1, "gold": 1, "leather": 1}],
                     herds=(1, 2), deck_size=deck_size, seed=8) if deck_size >= 18 else scenario(
        market={"camel": 3, "spice": 2}, hands=[{"cloth": 4, "silver": 3}, {"leather": 5}], herds=(4, 4),
        deck_size=deck_size)
    again = State.from_dict(state.to_dict())  # the strict check of a saved game, nothing relaxed
    assert again.to_dict() == state.to_dict() and len(state.deck) == deck_size
    for g in range(len(GOODS)):  # every card discarded was sold and took its token while the stack lasted
        took = sum(t == g for seat in (0, 1) for t, _ in state.goods_tokens[seat])
        assert took == min(state.discard[g], len(GOODS_TOKENS[g]))
    for g in range(3):  # precious goods are never sold alone (JAI-SELL-4)
        assert state.discard[g] != 1


def test_scenario_refuses_a_deck_it_cannot_make():
    from caravan_lessons import SaveFileError

    with pytest.raises(SaveFileError, match="deck_size 50 cannot be met"):
        scenario(market={"camel": 3, "cloth": 2}, hands=[{"cloth": 3}, {}], deck_size=50)
    with pytest.raises(SaveFileError, match="deck_size 1 cannot be met"):
        scenario(market={"camel": 3, "cloth": 2}, deck_top=["gold", "gold"], deck_size=1)


def test_impossible_discard_is_refused_with_the_plural_right():
    from caravan_lessons import SaveFileError
    from caravan_lessons.jaipur import State

    data = scenario(market={"camel": 3, "cloth": 2}, hands=[{"diamond": 2}, {}], herds=(0, 0)).to_dict()
    data["hands"][0] = {"diamond": 1}
    data["discard"] = {"diamond": 1}
    with pytest.raises(SaveFileError, match="1 diamond sold but 0 diamond goods tokens taken"):
        State.from_dict(data)


@pytest.mark.rule("JAI-END-4", "JAI-END-5")
def test_round_winner_is_the_engine_verdict_and_refuses_bad_arguments():
    from caravan_lessons.jaipur import round_winner

    assert round_winner([14, 7], [0, 0], [2, 2])[0] == 0
    assert round_winner([10, 10], [0, 1], [2, 2])[0] == 1
    assert round_winner([5, 5], [0, 0], [1, 1]) == (None, round_winner([5, 5], [0, 0], [1, 1])[1])
    for bad in ([1], "ab", [1.0, 2], [True, 0], [-1, 0], None):
        with pytest.raises(ValueError, match="round_winner"):
            round_winner(bad, [0, 0], [0, 0])

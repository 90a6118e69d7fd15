"""Jaipur's bots and the hidden-information sampler: legal moves only, the View only, the tips.

Rule IDs mark the tests that check a rule clause (JAI-COMP-1 card counts in a determinised
state, JAI-TAKE-* for the exchanges the rollout policy builds, ...).
"""
import copy
import random
from collections import Counter

import pytest

from caravan_lessons.agents import AGENTS, RandomAgent, View, make_agent, play_match
from caravan_lessons.jaipur import (
    BONUS_TOKENS,
    CARD_TYPES,
    GOODS,
    Exchange,
    GreedyAgent,
    HeuristicAgent,
    NextRound,
    Sell,
    TakeCamels,
    TakeOne,
    determinize,
    evaluate,
    new_game,
    playout_policy,
    rank_actions,
    round_reward,
    scenario,
    unseen_cards,
)
from caravan_lessons.jaipur.agents import FORCE_BONUS, Position, _best_exchange
from caravan_lessons.mcts import MCTSAgent


class SpyView:
    """A View that offers only the seat, the legal actions and a private copy of the observation.

    Anything else an agent reaches for (the state, say) raises AttributeError, and the copy lets the
    test check that the agent did not change the observation it was given.
    """

    __slots__ = ("_observation", "_original", "legal_actions", "player")

    def __init__(self, state, player):
        self.player = player
        self.legal_actions = state.legal_actions()
        self._original = state.observation(player)
        self._observation = copy.deepcopy(self._original)

    @property
    def observation(self):
        return self._observation

    def untouched(self) -> bool:
        return self._observation == self._original


class Checked:
    """Wraps an agent: every choice must be one of the legal actions, chosen from a SpyView."""

    def __init__(self, agent):
        self.agent = agent
        self.name = agent.name
        self.moves = 0

    def choose(self, view):
        spy = SpyView(view._state, view.player)
        action = self.agent.choose(spy)
        assert action in list(view.legal_actions), f"{self.name} chose {action!r}, not a legal action"
        assert spy.untouched(), f"{self.name} changed the observation it was given"
        self.moves += 1
        return action


def playing_states(matches=6, seed=0):
    """States met along random matches, while a round is being played."""
    rng = random.Random(seed)
    for m in range(matches):
        state = new_game(seed=seed * 100 + m)
        while not state.is_terminal():
            if not state.round_over:
                yield state.clone()
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])


def twin(state, seed=1):
    """A different full state with exactly the same observation for the player to move."""
    me = state.current_player
    observation = state.observation(me)
    for k in range(50):
        other = determinize(observation, random.Random(seed + k))
        if other.hands[1 - me] != state.hands[1 - me] or other.deck != state.deck:
            assert other.observation(me) == observation
            return other
    raise AssertionError("no different hidden deal found")


# --- every bot plays only legal actions, from the view -------------------------------------------

@pytest.mark.rule("JAI-TURN-1")
@pytest.mark.parametrize("name", ["random", "greedy", "heuristic"])
def test_fast_bots_play_only_legal_actions_from_the_view(name):
    for i in range(12):
        bots = [Checked(make_agent(name, i)), Checked(make_agent("heuristic" if name == "random" else "random", 50 + i))]
        result = play_match("jaipur", bots if i % 2 else bots[::-1], seed=300 + i)
        assert result.winner in (0, 1)
        assert bots[0].moves > 10


@pytest.mark.rule("JAI-TURN-1")
def test_mcts_plays_only_legal_actions_from_the_view():
    for i in range(2):
        bots = [Checked(MCTSAgent(iterations=25, seed=i)), Checked(make_agent("heuristic", i))]
        result = play_match("jaipur", bots if i % 2 else bots[::-1], seed=700 + i)
        assert result.winner in (0, 1)
        assert bots[0].moves > 10


@pytest.mark.parametrize("build", [lambda s: GreedyAgent(s), lambda s: HeuristicAgent(s),
                                   lambda s: MCTSAgent(iterations=40, seed=s)])
def test_bots_ignore_the_hidden_information(build):
    """Two states that differ only in what the mover cannot see get the same move from the same seed."""
    states = [s for i, s in enumerate(playing_states(2, seed=5)) if i % 9 == 4][:8]
    assert states
    for state in states:
        other = twin(state)
        me = state.current_player
        a = build(11).choose(SpyView(state, me))
        b = build(11).choose(SpyView(other, me))
        assert a == b


def test_bots_and_registry():
    assert {"random", "greedy", "heuristic", "mcts"} <= set(AGENTS)
    assert isinstance(make_agent("greedy", 1), GreedyAgent)
    assert isinstance(make_agent("heuristic", 1), HeuristicAgent)
    mcts = make_agent("mcts", 1)
    assert isinstance(mcts, MCTSAgent) and mcts.iterations == 1000 and mcts.name == "mcts"
    assert make_agent("mcts", 1, iterations=7).iterations == 7
    assert isinstance(make_agent("random", 1), RandomAgent)
    with pytest.raises(ValueError, match="unknown bot 'minimax'; the bots are: greedy, heuristic, mcts, (.*, )?random"):
        make_agent("minimax")
    with pytest.raises(ValueError, match="bot 'greedy' does not take the options \\['depth'\\]"):
        make_agent("greedy", 1, depth=3)


def test_the_bots_are_reproducible():
    state = list(playing_states(1, seed=8))[20]
    view = View(state, state.current_player, state.legal_actions())
    for build in (GreedyAgent, HeuristicAgent, lambda s: MCTSAgent(iterations=60, seed=s)):
        assert build(3).choose(view) == build(3).choose(view)


# --- determinise -----------------------------------------------------------------------------------

@pytest.mark.rule("JAI-COMP-1", "JAI-COMP-3", "JAI-SETUP-4")
def test_determinize_fits_the_observation():
    checked = 0
    for i, state in enumerate(playing_states(3, seed=2)):
        if i % 7:
            continue
        for me in (0, 1):
            observation = state.observation(me)
            world = determinize(observation, random.Random(i))
            assert world.observation(me) == observation  # everything the player sees is as it was
            assert world.hands[me] == state.hands[me]
            assert sum(world.hands[1 - me]) == sum(state.hands[1 - me])
            assert world.hands[1 - me][CARD_TYPES.index("camel")] == 0  # camels never stay in a hand
            assert len(world.deck) == len(state.deck)
            held = Counter(CARD_TYPES[i] for i in world.deck) + Counter(
                {c: n for c, n in zip(CARD_TYPES, world.hands[1 - me]) if n})
            assert held == unseen_cards(observation)
            for size, values in BONUS_TOKENS.items():  # every bonus value exactly once
                tokens = [v for seat in (0, 1) for z, v in world.bonus_tokens[seat] if z == size]
                assert sorted(tokens + world.bonus_stacks[size]) == sorted(values)
            checked += 1
    assert checked > 20


def test_determinize_does_not_peek():
    """The deal depends on the observation and the generator only, and is spread like chance."""
    state = list(playing_states(1, seed=4))[30]
    me = state.current_player
    other = twin(state)
    a = determinize(state.observation(me), random.Random(9)).to_dict()
    b = determinize(other.observation(me), random.Random(9)).to_dict()
    assert a == b
    # how often the sampled hand holds each goods card matches the unseen share, not the true hand
    observation = state.observation(me)
    unseen = unseen_cards(observation)
    goods = sum(unseen[g] for g in GOODS)
    size = observation["opponent_hand_size"]
    rng = random.Random(1)
    samples = 3000
    held = Counter()
    exact = 0
    for _ in range(samples):
        world = determinize(observation, rng)
        held.update({g: world.hands[1 - me][i] for i, g in enumerate(GOODS)})
        exact += world.hands[1 - me] == state.hands[1 - me]
    for g in GOODS:
        expected = samples * size * unseen[g] / goods
        assert abs(held[g] - expected) < 5 * expected ** 0.5 + 5, (g, held[g], expected)
    # chance of dealing the true hand exactly: (multiset probability) -- the sampler hits it no more often
    from math import comb, prod

    true = Counter({g: state.hands[1 - me][i] for i, g in enumerate(GOODS) if state.hands[1 - me][i]})
    p = prod(comb(unseen[g], n) for g, n in true.items()) / comb(goods, size)
    assert exact <= samples * p + 5 * (samples * p) ** 0.5 + 5


@pytest.mark.rule("JAI-COMP-3")
def test_determinize_deals_the_hidden_bonus_values():
    state = scenario(market={"camel": 3, "leather": 2}, hands=[{"cloth": 3}, {"spice": 4}],
                     bonus=[[(3, 3)], [(3, 1), (4, 6)]], seed=2)
    observation = state.observation(0)
    assert observation["bonus_tokens"][1] == [[3, None], [4, None]]
    seen = Counter()
    for k in range(300):
        world = determinize(observation, random.Random(k))
        assert world.bonus_tokens[0] == [(3, 3)]  # player 0 knows their own token
        (z3, v3), (z4, v4) = world.bonus_tokens[1]
        assert (z3, z4) == (3, 4)
        seen[v3] += 1
        assert v4 in BONUS_TOKENS[4]
    # the 3-card values the opponent may hold: the set minus player 0's own 3
    assert set(seen) == {3, 2, 1}


def test_determinize_refuses_other_observations():
    with pytest.raises(ValueError, match="needs a Jaipur observation"):
        determinize({"game": "caravan"}, random.Random(0))
    observation = new_game(seed=1).observation(0)
    observation["discard"] = {"diamond": 6}
    with pytest.raises(ValueError, match="JAI-COMP-1"):
        determinize(observation, random.Random(0))


# --- the search hooks -------------------------------------------------------------------------------

@pytest.mark.rule("JAI-TAKE-2", "JAI-TAKE-3", "JAI-TAKE-4", "JAI-TAKE-6", "JAI-TAKE-7")
def test_playout_policy_and_built_exchanges_are_legal():
    rng = random.Random(3)
    exchanges = 0
    for state in playing_states(8, seed=6):
        action = playout_policy(state, rng, epsilon=0.3)
        assert state.why_illegal(action) is None, action
        exchange = _best_exchange(Position.from_state(state, state.current_player))
        if exchange is not None:
            exchanges += 1
            assert state.why_illegal(exchange) is None, exchange
    assert exchanges > 50


def test_rank_actions_is_a_permutation():
    state = list(playing_states(1, seed=3))[15]
    actions = state.legal_actions()
    ranked = rank_actions(state, actions)
    assert sorted(ranked) == sorted(actions)


@pytest.mark.rule("JAI-END-4")
def test_round_reward_and_evaluate():
    state = scenario(market={"camel": 3, "leather": 2}, hands=[{"silver": 2}, {"cloth": 1}],
                     tokens=[{"diamond": 5, "gold": 5}, {"silver": 4}])
    assert round_reward(state, 0) is None
    assert 0.5 < evaluate(state, 0) < 1 and abs(evaluate(state, 0) + evaluate(state, 1) - 1) < 1e-9
    state.apply(Sell("silver", 2))  # the third empty stack ends the round (JAI-END-1); player 0 is far ahead
    assert state.round_over
    assert round_reward(state, 0) > 0.95 and round_reward(state, 1) < 0.05
    assert evaluate(state, 0) == round_reward(state, 0)


# --- the tips ---------------------------------------------------------------------------------------

def position(state, player=0):
    return Position.from_observation(state.observation(player))


def test_tip_one_take_camels_when_the_opponent_holds_seven():
    market = {"camel": 3, "leather": 2}
    seven = scenario(market=market, hands=[{"cloth": 2}, {"spice": 4, "leather": 3}])
    five = scenario(market=market, hands=[{"cloth": 2}, {"spice": 4, "leather": 1}])
    gain = position(seven).score(TakeCamels()) - position(five).score(TakeCamels())
    assert gain == pytest.approx(FORCE_BONUS)


def test_tip_two_precious_goods_and_bonuses():
    state = scenario(market={"diamond": 1, "leather": 1, "spice": 1, "cloth": 2}, hands=[{"silver": 1}, {}])
    pos = position(state)
    # the precious good, whose top token is 7 rupees, before the cheap ones
    assert pos.score(TakeOne("diamond")) > max(pos.score(TakeOne(g)) for g in ("leather", "spice", "cloth"))
    assert HeuristicAgent(0).choose(View(state, 0, state.legal_actions())) == TakeOne("diamond")
    # early tokens: the same card is worth less once the top tokens are gone
    later = scenario(market={"diamond": 1, "leather": 1, "spice": 1, "cloth": 2}, hands=[{"silver": 1}, {}],
                     tokens=[{}, {"diamond": 3}])
    assert position(later).score(TakeOne("diamond")) < pos.score(TakeOne("diamond"))
    # a 3-card sale earns a bonus (JAI-SELL-3): worth more than the same cards' tokens alone
    assert pos.sale_value(GOODS.index("cloth"), 3) == 5 + 3 + 3 + 2.0


def test_tip_three_do_not_open_good_cards():
    # giving back the diamond would open it for the opponent; giving back the leather does not
    state = scenario(market={"cloth": 2, "camel": 3}, hands=[{"diamond": 1, "leather": 2}, {}])
    pos = position(state)
    give_diamond = Exchange(["cloth", "cloth"], ["diamond", "leather"])
    give_leather = Exchange(["cloth", "cloth"], ["leather", "leather"])
    assert pos.score(give_leather) > pos.score(give_diamond)
    bot = HeuristicAgent(0)
    assert bot.choose(View(state, 0, state.legal_actions())) != give_diamond


def test_greedy_takes_the_richest_sale():
    state = scenario(market={"camel": 3, "leather": 2}, hands=[{"diamond": 2, "leather": 1}, {}])
    assert GreedyAgent(0).choose(View(state, 0, state.legal_actions())) == Sell("diamond", 2)


@pytest.mark.rule("JAI-END-1")
def test_mcts_sells_to_end_a_round_it_wins():
    state = scenario(market={"camel": 3, "leather": 2}, hands=[{"silver": 2, "leather": 1}, {"cloth": 5}],
                     tokens=[{"diamond": 5, "gold": 5}, {"silver": 4}], seed=3)
    bot = MCTSAgent(iterations=200, seed=1)
    assert bot.choose(View(state, 0, state.legal_actions())) == Sell("silver", 2)
    action, visits, mean = bot.last_search[0]
    assert action == Sell("silver", 2) and visits > 0 and mean > 0.9


def test_mcts_options_are_checked():
    with pytest.raises(ValueError, match="iterations must be a positive whole number"):
        MCTSAgent(iterations=0)
    with pytest.raises(ValueError, match="rollout must be 'policy', 'random'"):
        MCTSAgent(rollout="smart")
    with pytest.raises(ValueError, match="exploration must be a number >= 0"):
        MCTSAgent(exploration=-1)
    with pytest.raises(ValueError, match="depth must be a whole number >= 0 or None"):
        MCTSAgent(depth=2.5)


def test_mcts_random_rollouts_and_next_round():
    state = list(playing_states(1, seed=9))[10]
    view = View(state, state.current_player, state.legal_actions())
    assert MCTSAgent(iterations=15, seed=2, rollout="random").choose(view) in list(view.legal_actions)
    done = scenario(market={"camel": 3, "leather": 2}, hands=[{"silver": 2}, {}],
                    tokens=[{"diamond": 5, "gold": 5}, {"silver": 4}])
    done.apply(Sell("silver", 2))
    view = View(done, done.current_player, done.legal_actions())
    assert MCTSAgent(iterations=5, seed=2).choose(view) == NextRound()

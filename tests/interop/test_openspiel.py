"""The four games as OpenSpiel games (caravan_lessons/interop/openspiel.py).

OpenSpiel's own checks (``pyspiel.random_sim_test``: clones, serialisation, legal-action masks,
observation and information-state tensors and strings, returns) on every game and player count;
explicit chance (outcomes and probabilities); imperfect information (resampling keeps the seat's
view, hidden parts never change its observation); OpenSpiel's MCTSBot and ISMCTSBot play whole
games; OpenSpiel bots sit in our arena and ours in ``evaluate_bots``; bad input is refused.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from caravan_lessons.core import RuleViolation  # noqa: E402
from caravan_lessons.interop import openspiel  # noqa: E402
from caravan_lessons.interop.games import GAMES  # noqa: E402

CASES = [(game, n) for game in GAMES for n in GAMES[game].players]
SIM_CAP = {"jaipur": None, "samarkand": None, "caravan": 150, "marco_polo": 250}
"""max_actions of the CI random_sim_test: whole games, but Caravan's random games never end (and Marco
Polo's long replays of the information state are the cost of the test)."""


def play_random(state, rng, decisions=None):
    """Play a state on with uniform decisions and sampled chance, to the end or ``decisions`` decisions."""
    made = 0
    while not state.is_terminal() and (decisions is None or made < decisions):
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            made += 1
    return state


def test_importing_registers_the_four_games_with_their_parameters():
    names = set(pyspiel.registered_names())
    assert {"python_caravan_lessons_jaipur", "python_caravan_lessons_samarkand", "python_caravan_lessons_caravan",
            "python_caravan_lessons_marco_polo"} <= names
    game = pyspiel.load_game("python_caravan_lessons_samarkand(players=3,max_actions=77)")
    assert game.num_players() == 3 and game.max_game_length() == 77 and game.num_distinct_actions() == 1300
    jaipur = pyspiel.load_game("python_caravan_lessons_jaipur")
    assert jaipur.get_parameters() == {"max_actions": 1000} and jaipur.num_distinct_actions() == 25_503
    kind = jaipur.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.provides_information_state_tensor and kind.provides_observation_tensor


def test_unknown_games_and_parameters_are_refused():
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'players'"):
        pyspiel.load_game("python_caravan_lessons_jaipur(players=3)")
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'seats'"):
        pyspiel.load_game("python_caravan_lessons_caravan(seats=3)")
    with pytest.raises(ValueError, match="players must be 2, 3, 4"):
        pyspiel.load_game("python_caravan_lessons_marco_polo(players=5)")
    with pytest.raises(ValueError, match="max_actions must be a whole number"):
        pyspiel.load_game("python_caravan_lessons_samarkand(max_actions=0)")
    with pytest.raises(ValueError, match="unknown game 'chess'; the games are"):
        openspiel.load("chess")
    with pytest.raises(ValueError, match="samarkand: players must be"):
        openspiel.load("samarkand", players=6)


@pytest.mark.parametrize("game, players", CASES)
def test_random_sim_test(game, players):
    cap = SIM_CAP[game]
    pyspiel.random_sim_test(openspiel.load(game, players=players, max_actions=cap), num_sims=1, serialize=True,
                            verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("game, players", CASES)
def test_random_sim_test_many_games(game, players):
    pyspiel.random_sim_test(openspiel.load(game, players=players, max_actions=400 if game == "caravan" else None),
                            num_sims=5, serialize=True, verbose=False)


@pytest.mark.parametrize("game", GAMES)
def test_chance_nodes_are_the_shuffles_and_rolls(game):
    state = openspiel.load(game, players=2).new_initial_state()
    assert state.is_chance_node()                             # the setup's first shuffle
    rng = random.Random(3)
    nodes = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        ids = [a for a, _ in outcomes]
        assert ids == sorted(set(ids)) == state.legal_actions()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9 and all(p > 0 for _, p in outcomes)
        assert all(0 <= a < state.get_game().max_chance_outcomes() for a in ids)
        action = rng.choice(ids)
        assert ":" in state.action_to_string(pyspiel.PlayerId.CHANCE, action)
        state.apply_action(action)
        nodes += 1
    assert nodes > 5 and state.engine is not None and not state.is_terminal()


def test_jaipur_deal_follows_the_chance_outcomes():
    """Each deck position is the outcome chosen: with diamonds chosen while they last, the top of the deck
    (dealt first: player 0's hand, JAI-SETUP-2) is the 6 diamonds."""
    state = openspiel.load("jaipur").new_initial_state()
    while state.is_chance_node():
        outcomes = dict(state.chance_outcomes())
        state.apply_action(0 if 0 in outcomes else min(outcomes))
    assert state.engine.hands[0][0] == 5 and state.engine.hands[1][0] == 1


@pytest.mark.parametrize("game", GAMES)
def test_a_state_resampled_keeps_the_seats_view_and_choices(game):
    state = play_random(openspiel.load(game, players=2).new_initial_state(), random.Random(4), decisions=30)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(seat, sampler) for _ in range(4)]
    for world in worlds:
        assert world.observation_string(seat) == state.observation_string(seat)
        assert np.array_equal(world.observation_tensor(seat), state.observation_tensor(seat))
        assert world.legal_actions() == state.legal_actions()
        assert world.information_state_string(seat) == state.information_state_string(seat)
        play_random(world, random.Random(2), decisions=20)           # a world plays on
    assert len({str(w) for w in worlds}) > 1 or game == "caravan"  # hidden parts were dealt anew
    with pytest.raises(ValueError, match="player must be a seat"):
        state.resample_from_infostate(7, sampler)


def test_information_state_is_perfect_recall():
    """A seat's information state at a later step extends the one it had before (it remembers its views and
    the decisions), while the observation forgets (Jaipur: the opponent's takes are in the history)."""
    state = play_random(openspiel.load("jaipur").new_initial_state(), random.Random(6), decisions=4)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    before = state.information_state_string(0)
    play_random(state, random.Random(7), decisions=6)
    after = state.information_state_string(0)
    assert after.startswith(before) and len(after) > len(before)
    assert "you: " in after and "seat 1: " in after
    tensor = np.array(state.information_state_tensor(0))
    assert tensor.shape == tuple(state.get_game().information_state_tensor_shape())
    rows = tensor[state.get_game().observation_tensor_size():].reshape(-1, 4)
    assert rows[:10].sum() > 0 and rows[200:].sum() == 0


def test_private_decisions_are_hidden_from_the_other_seats():
    """A Samarkand discard is shown to the discarding seat only (the others see "?")."""
    rng = random.Random(8)
    state = openspiel.load("samarkand", players=2).new_initial_state()
    for _ in range(400):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choices(*zip(*state.chance_outcomes()))[0])
            continue
        seat = state.current_player()
        if "discard" in state.action_to_string(seat, state.legal_actions()[0]):
            action = state.legal_actions()[-1]
            state.apply_action(action)
            assert state.information_state_string(seat).endswith("\n" + "you: " + str(action)) or \
                f"you: {action}" in state.information_state_string(seat)
            assert f"seat {seat}: ?" in state.information_state_string(1 - seat)
            return
        state.apply_action(rng.choice(state.legal_actions()))
    pytest.fail("nobody discarded in the random game")


def test_bad_actions_are_refused_and_the_state_is_unchanged():
    state = openspiel.load("jaipur").new_initial_state()
    with pytest.raises(ValueError, match="jaipur: at this chance node \\(deck\\) the outcomes are .*, not 99"):
        state.apply_action(99)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    before = str(state)
    legal = set(state.legal_actions())
    illegal = next(i for i in range(7, 25_463) if i not in legal)
    with pytest.raises(RuleViolation, match="JAI-TAKE"):
        state.apply_action(illegal)
    with pytest.raises(ValueError, match="jaipur codec .*action ids are 0..25502, not 25503"):
        state.apply_action(25_503)
    assert str(state) == before and set(state.legal_actions()) == legal


def test_a_cut_game_is_a_draw_and_a_won_game_zero_sum():
    cut = play_random(openspiel.load("caravan", players=3, max_actions=40).new_initial_state(), random.Random(1))
    assert cut.is_terminal() and cut.returns() == [0.0, 0.0, 0.0] and len(cut.history()) > 40
    won = play_random(openspiel.load("samarkand", players=4).new_initial_state(), random.Random(2))
    returns = won.returns()
    assert abs(sum(returns)) < 1e-9 and max(returns) > 0 and won.engine.is_terminal()


# --- OpenSpiel's bots and ours --------------------------------------------------------------------

@pytest.mark.parametrize("game", ["jaipur", "samarkand", "marco_polo"])
def test_openspiel_search_bots_play_whole_games(game):
    from open_spiel.python.algorithms import evaluate_bots

    loaded = openspiel.load(game, players=2)
    bots = [openspiel.ismcts_bot(loaded, simulations=3, seed=1), openspiel.mcts_bot(loaded, simulations=3, seed=2)]
    returns = evaluate_bots.evaluate_bots(loaded.new_initial_state(), bots, np.random.RandomState(0))
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_openspiel_bots_play_caravan_up_to_the_cap():
    from open_spiel.python.algorithms import evaluate_bots

    loaded = openspiel.load("caravan", players=2, max_actions=60)
    bots = [openspiel.ismcts_bot(loaded, simulations=3, seed=1), openspiel.mcts_bot(loaded, simulations=3, seed=2)]
    assert len(evaluate_bots.evaluate_bots(loaded.new_initial_state(), bots, np.random.RandomState(0))) == 2


def test_our_bots_in_evaluate_bots_and_openspiels_in_our_arena():
    from open_spiel.python.algorithms import evaluate_bots

    from caravan_lessons.agents import make_agent
    from caravan_lessons.arena import tournament, win_rates

    loaded = openspiel.load("jaipur")
    ours = [openspiel.AgentBot(loaded, make_agent("heuristic", 1)), openspiel.AgentBot(loaded, make_agent("random", 2))]
    assert evaluate_bots.evaluate_bots(loaded.new_initial_state(), ours, np.random.RandomState(0)) in ([1.0, -1.0],
                                                                                                        [-1.0, 1.0])
    df = tournament((("openspiel-ismcts", {"simulations": 4}), "random"), games=2, seed=3, progress=False)
    rates = win_rates(df)
    assert list(rates.index) == ["openspiel-ismcts(simulations=4)", "random"] and rates["games"].tolist() == [2, 2]
    with pytest.raises(ValueError, match="AgentBot takes an agent"):
        openspiel.AgentBot(loaded, "heuristic")


@pytest.mark.parametrize("game", ["samarkand", "marco_polo", "caravan"])
def test_an_openspiel_bot_plays_each_game_in_play_match(game):
    from caravan_lessons.agents import make_agent, play_match

    loaded = openspiel.load(game, players=2)
    agent = openspiel.OpenSpielAgent(loaded, openspiel.mcts_bot(loaded, simulations=2, seed=1), name="os-mcts")
    if game == "caravan":   # a whole Caravan game takes too long for CI: a few turns through the arena's View
        from caravan_lessons.agents import View

        state = GAMES[game].new_game(2, 5)
        for _ in range(12):
            seat = state.current_player
            state.apply(agent.choose(View(state, seat, state.legal_actions())))
        assert len(agent.times) > 3
        return
    result = play_match(game, [agent, make_agent("random", 2, game=game)], seed=4)
    assert result.turns > 20 and agent.times


def test_the_evaluator_scores_decisions_and_chance_nodes():
    """OpenSpiel's MCTS may evaluate a chance node it reaches for the first time: the evaluator plays the
    decision waiting there with the engine's own draws (a round's deal after NextRound in Jaipur)."""
    game = openspiel.load("jaipur")
    evaluator = openspiel.GameEvaluator(game, seed=1)
    state = game.new_initial_state()
    assert evaluator.evaluate(state).tolist() == [0.0, 0.0]            # the setup is not dealt yet
    rng = random.Random(9)
    while not (state.is_chance_node() and state.engine is not None):  # the next round's deal
        if state.is_chance_node():
            state.apply_action(rng.choices(*zip(*state.chance_outcomes()))[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    values = evaluator.evaluate(state)
    assert len(values) == 2 and abs(values.sum()) < 1e-9 and -1 <= values[0] <= 1
    assert [a for a, _ in evaluator.prior(state)] == state.legal_actions()

"""Bots through the shared agent protocol, the CLI and the registry."""
import pytest

from caravan_lessons.core import game_names
from caravan_lessons import marco_polo as mp
from caravan_lessons.__main__ import main
from caravan_lessons.agents import RandomAgent, make_agent, play_match, simulate


def test_registered():
    assert "marco_polo" in game_names()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_agents_play_whole_games(players):
    result = play_match("marco_polo", [RandomAgent(i) for i in range(players)], seed=players)
    assert result.rounds == 5 and len(result.scores) == players and result.turns > 50


def test_wrong_number_of_agents():
    with pytest.raises(ValueError, match="2, 3 or 4"):
        play_match("marco_polo", [RandomAgent(1)], seed=1)


def test_greedy_beats_random_most_of_the_time():
    results = simulate("marco_polo", 6, seed=3, bots=("mp-greedy", "random"), progress=False)
    wins = sum(r.winner == 0 for r in results)
    assert wins >= 4
    assert sum(r.scores[0] for r in results) > sum(r.scores[1] for r in results)


def test_greedy_only_chooses_legal_actions():
    agent = make_agent("mp-greedy", seed=1)
    assert isinstance(agent, mp.GreedyAgent)
    play_match("marco_polo", [agent, RandomAgent(2), make_agent("mp-greedy", seed=3)], seed=9)


def test_cli_simulate_and_rules(capsys):
    assert main(["simulate", "marco_polo", "--games", "2", "--bots", "random", "random", "random", "random",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "bot 3 (random)" in out and "victory points a game" in out
    assert main(["rules", "marco-polo"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 70 and lines[0].startswith("MP-SETUP-1")


def test_cli_refuses_five_bots(capsys):
    assert main(["simulate", "marco_polo", "--games", "1", "--bots"] + ["random"] * 5 + ["--no-progress"]) == 2
    assert "played by 2 to 4 bots (one per seat), not 5" in capsys.readouterr().err


def test_bench_figures():
    from caravan_lessons.marco_polo.bench import random_games

    figures = random_games(3, seed=4)
    assert figures["games_per_s"] > 0 and figures["actions_per_game"] > 50 and figures["legal_actions_us"] > 0


def test_lab_games_rows_and_a_split_run_is_the_same_experiment():
    """The strategy lab's experiment (lesson 9): one row per seat per game, each seat's route steps counted,
    and ``first=`` plays the later games of the same run (so a long run can be split across processes)."""
    import pandas as pd

    from caravan_lessons.marco_polo.bench import lab_games

    whole, routes = lab_games(3, players=2, seed=4, bots="random", progress=False)
    head, r1 = lab_games(1, players=2, seed=4, bots="random", progress=False)
    tail, r2 = lab_games(2, players=2, seed=4, bots="random", progress=False, first=1)
    assert list(whole["game"]) == [0, 0, 1, 1, 2, 2] and list(tail["game"]) == [1, 1, 2, 2]
    pd.testing.assert_frame_equal(pd.concat([head, tail], ignore_index=True), whole)
    assert r1 + r2 == routes and sum(routes.values()) >= whole["travels"].sum()    # a travel is 1 step or more
    assert (whole.groupby("game")["won"].sum() <= 1).all()
    for bad in (-1, True, 1.5):
        with pytest.raises(ValueError, match="first must be a whole number"):
            lab_games(1, players=2, bots="random", progress=False, first=bad)

"""The command line: simulate, bench and bad arguments (one line, exit status 2, no traceback)."""
import json
import subprocess
import sys

import pytest


def run(*args, timeout=300):
    return subprocess.run([sys.executable, "-m", "caravan_lessons", *args], capture_output=True, text=True,
                          timeout=timeout, check=False)


def test_simulate_prints_win_rates_and_mean_scores():
    done = run("simulate", "jaipur", "--games", "20", "--seed", "1", "--no-progress")
    assert done.returncode == 0, done.stderr
    assert "20 matches" in done.stdout and "won" in done.stdout and "mean" in done.stdout
    again = run("simulate", "jaipur", "--games", "20", "--seed", "1", "--no-progress")
    assert again.stdout == done.stdout  # seeded: the same run twice


def test_simulate_shows_a_progress_bar_with_games_per_second_once_it_runs_for_a_while():
    import os

    quick = run("simulate", "jaipur", "--games", "3", "--seed", "2")
    assert quick.returncode == 0 and "3/3" not in quick.stderr      # shorter than 2 s: no bar
    done = subprocess.run([sys.executable, "-m", "caravan_lessons", "simulate", "jaipur", "--games", "3",
                           "--seed", "2", "--processes", "2"], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "CARAVAN_LESSONS_PROGRESS_DELAY": "0"})
    assert done.returncode == 0
    assert "3/3" in done.stderr and "match/s" in done.stderr  # tqdm writes to stderr


@pytest.mark.parametrize("args,expected", [
    (["simulate", "jaipur", "--games", "-3"], "positive whole number"),
    (["simulate", "jaipur", "--games", "ten"], "positive whole number"),
    (["simulate", "chess"], "unknown game 'chess'"),
    (["simulate", "caravan", "--bots", "random"], "give two bots"),
    (["simulate", "jaipur", "--bots", "random", "genius"], "invalid choice"),
    (["simulate", "jaipur", "--seed", "x"], "whole number"),
    (["fly"], "invalid choice"),
])
def test_bad_arguments_give_one_clear_line(args, expected):
    done = run(*args)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and expected in lines[0], done.stderr
    assert "Traceback" not in done.stderr


def test_bench_json_has_every_figure():
    done = run("bench", "--json", "--rounds", "200")
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    for key in ("jaipur_random_rounds_per_s", "jaipur_random_rounds_per_s_cold", "jaipur_legal_actions_us",
                "jaipur_app_click_to_redraw_ms", "import_s"):
        assert figures[key] > 0


def test_rules_lists_every_clause():
    done = run("rules", "jaipur")
    assert done.returncode == 0
    assert done.stdout.count("JAI-") >= 31


@pytest.mark.parametrize("args,expected", [
    (["simulate", "jaipur", "--games", "9" * 5000], "5000 digits"),
    (["simulate", "jaipur", "--seed", "9" * 5000], "5000 digits"),
    (["simulate", "jaipur", "--games", "99999999"], "from 1 to"),
    (["bench", "--bots", "--mcts-games", "-5"], "--mcts-games"),
    (["bench", "--processes", "100000"], "--processes"),
])
def test_out_of_range_numbers_give_one_short_line_before_any_work(args, expected):
    done = run(*args, timeout=30)  # refused at once: no benchmark runs first
    assert done.returncode == 2 and expected in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and len(done.stderr) < 200, done.stderr


def test_a_closed_pipe_ends_quietly():
    done = subprocess.run(f"{sys.executable} -m caravan_lessons rules jaipur | head -1", shell=True,
                          capture_output=True, text=True, timeout=60)
    assert done.stdout.count("\n") == 1 and done.stderr == ""


def test_schema_prints_the_saved_game_format_and_a_saved_game_fits_it():
    import jsonschema

    from caravan_lessons.jaipur import new_game

    done = run("schema", "jaipur", timeout=60)
    assert done.returncode == 0, done.stderr
    schema = json.loads(done.stdout)
    assert schema["title"] == "SaveFile" and "market" in schema["properties"]
    jsonschema.validate(json.loads(json.dumps(new_game(seed=1).to_dict())), schema)


def test_each_game_reads_bot_names_in_its_own_registry():
    """``greedy`` is Jaipur's bot in Jaipur and Marco Polo's in Marco Polo (it crashed on a Marco Polo state)."""
    done = run("simulate", "marco_polo", "--games", "1", "--no-progress", "--bots", "greedy", "random")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "bot 0 (greedy)" in done.stdout and "victory points a game" in done.stdout


@pytest.mark.parametrize("args,expected", [
    (["simulate", "caravan", "--bots", "random", "random"], "almost never end"),
    (["simulate", "jaipur", "--bots", "mp-greedy", "random"], "is a Marco Polo bot"),
    (["simulate", "caravan", "--bots", "mp-greedy", "greedy"], "is a Marco Polo bot"),
    (["simulate", "jaipur", "--players", "2"], "--players is for caravan"),
    # a league whose tables can seat only random bots (it ran 100,000 decisions before saying so)
    (["league", "caravan", "--bots", "random", "random", "--games", "2"], "almost never end"),
    (["league", "caravan", "--bots", "random", "random", "greedy", "--players", "2", "--games", "2"],
     "seats 2 random bots"),
    # 13 bots: the league's own count rule, not the random-bot rule (found by a fuzzer)
    (["league", "caravan", "--bots", *["random"] * 13, "--games", "2"], "a league takes 2 to 12 bots, not 13"),
    # an unknown Caravan bot: Caravan's bots, not every game's (the list named Marco Polo's)
    (["league", "caravan", "--bots", "nobot", "greedy", "--games", "2"], "unknown Caravan bot 'nobot'; the bots are: "
     "greedy, heuristic, kind-random, lookahead, mcts, openspiel-ismcts, openspiel-mcts, random"),
])
def test_bots_of_another_game_or_that_never_finish_are_refused(args, expected):
    done = run(*args)
    assert done.returncode == 2 and expected in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_simulate_samarkand_from_the_readme():
    """The README's Samarkand command went down Caravan's path and crashed (found by a tester)."""
    done = run("simulate", "samarkand", "--games", "1", "--no-progress", "--bots", "heuristic", "random", "random",
               "random")
    assert done.returncode == 0 and "bot 0 (heuristic)" in done.stdout, done.stderr

"""The project's benchmark: ``python -m caravan_lessons bench [--json]`` (also ``make bench``).

Figures (one process, one core):

* ``jaipur_random_rounds_per_s``: whole rounds of Jaipur between two random players; each
  picks uniformly among ``state.legal_actions()`` (``actions[int(random() * len(actions))]``,
  a cheaper uniform draw than ``randrange``), so move generation is part of the figure.
  Steady state: the median of 3 runs (other seeds) made after a first run has filled the move
  caches, as in a notebook cell that plays thousands of games.
* ``jaipur_random_rounds_per_s_cold``: that first run, from a fresh process (the move caches
  start empty; they fill within a few thousand rounds).
* ``jaipur_legal_actions_us``: mean time of one ``legal_actions()`` call over every state of
  a second, different set of random rounds.
* ``jaipur_app_click_to_redraw_ms``: median time from a button click in the play app to the
  end of its redraw, Agg backend, in-process (no browser).
* ``import_s``: ``import caravan_lessons`` in a fresh interpreter (median of 5).

Bots (``python -m caravan_lessons bench --bots``, a separate and slower run; see :func:`bot_figures`):
seconds per MCTS move, time of a tournament of the fast bots, win rates with 95% Wilson intervals.
"""
from __future__ import annotations

import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time


def random_rounds(rounds: int, seed: int = 0, time_legal: bool = False) -> dict:
    """Play random Jaipur matches until ``rounds`` rounds are over (whole matches, so one or two
    more rounds may be played); return rounds/s, actions per round and, with ``time_legal``, the
    mean time of ``legal_actions()`` in microseconds."""
    from .jaipur import new_game

    uniform = random.Random(seed).random  # int(uniform() * n): a uniform pick among n actions
    played = turns = 0
    legal_ns = legal_calls = 0
    clock = time.perf_counter_ns
    match = 0
    start = time.perf_counter()
    while played < rounds:
        state = new_game(seed=seed * 1_000_003 + match)
        match += 1
        legal_actions, apply, is_terminal = state.legal_actions, state.apply, state.is_terminal
        if time_legal:  # a second copy of the loop, so that the timed figure pays for no clock calls
            while not is_terminal():
                t0 = clock()
                actions = legal_actions()
                legal_ns += clock() - t0
                legal_calls += 1
                apply(actions[int(uniform() * len(actions))])
                turns += 1
        else:
            while not is_terminal():
                actions = legal_actions()
                apply(actions[int(uniform() * len(actions))])
                turns += 1
        played += len(state.round_results)
    elapsed = time.perf_counter() - start
    return {"rounds": played, "seconds": elapsed, "rounds_per_s": played / elapsed,
            "turns_per_round": turns / played,
            "legal_actions_us": legal_ns / legal_calls / 1000 if legal_calls else None}


def click_to_redraw(clicks: int = 30) -> float:
    """Median ms from a click on the Jaipur play app to the end of its redraw (Agg, in-process)."""
    import matplotlib

    matplotlib.use("Agg")
    from .ui.jaipur_app import JaipurApp

    app = JaipurApp(seed=11, bot="random")
    times = []
    for _ in range(clicks):
        if app.state.is_terminal() or app.state.round_over:
            app = JaipurApp(seed=11 + len(times), bot="random")
        start = time.perf_counter()
        app.play_first_legal()  # selects cards and clicks the matching button, like a learner
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def import_seconds(repeats: int = 5) -> float:
    """Median seconds of ``import caravan_lessons`` in a fresh interpreter."""
    code = "import time; t = time.perf_counter(); import caravan_lessons; print(time.perf_counter() - t)"
    runs = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
            for _ in range(repeats)]
    return statistics.median(runs)


def marco_polo_figures(games: int = 100) -> dict:
    """Marco Polo: random 4-player games per second on one core and the mean ``legal_actions()`` time."""
    from .marco_polo.bench import random_games

    random_games(3, seed=99, time_legal=False)  # warm the move tables
    run = random_games(games, seed=1)
    return {"marco_polo_random_4p_games_per_s": round(run["games_per_s"], 1),
            "marco_polo_actions_per_game": round(run["actions_per_game"], 1),
            "marco_polo_legal_actions_us": round(run["legal_actions_us"], 1)}


def run_bench(rounds: int = 3000, as_json: bool = False) -> int:
    """Measure every figure and print them (a table, or JSON with ``as_json``)."""
    cold = random_rounds(rounds, seed=1)
    steady = sorted((random_rounds(rounds, seed=seed) for seed in (2, 3, 4)), key=lambda run: run["rounds_per_s"])
    play = steady[1]  # the median run
    legal = random_rounds(max(200, rounds // 5), seed=5, time_legal=True)
    figures = {
        "jaipur_random_rounds_per_s": round(play["rounds_per_s"], 1),
        "jaipur_random_rounds_per_s_cold": round(cold["rounds_per_s"], 1),
        "jaipur_rounds_timed": play["rounds"],
        "jaipur_turns_per_round": round(play["turns_per_round"], 1),
        "jaipur_legal_actions_us": round(legal["legal_actions_us"], 2),
        "jaipur_app_click_to_redraw_ms": round(click_to_redraw(), 1),
        **marco_polo_figures(),
        "import_s": round(import_seconds(), 3),
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
    _print_figures(figures, as_json)
    return 0


def _print_figures(figures: dict, as_json: bool) -> None:
    """Print measured figures as JSON or as an aligned two-column table."""
    if as_json:
        print(json.dumps(figures, indent=2))
    else:
        width = max(map(len, figures)) + 2
        for key, value in figures.items():
            print(f"{key:{width}s} {value}")


FAST_PAIRS = (("heuristic", "random"), ("greedy", "random"), ("heuristic", "greedy"))
"""The fast-bot tournaments of ``bench --bots``: bot A first."""


def mcts_move_seconds(moves: int = 30, iterations: int = 1000, seed: int = 0) -> dict:
    """Seconds per Jaipur decision of ``MCTSAgent(iterations)``, timed in matches against the heuristic bot.

    Forced moves (a single legal action, e.g. NextRound) are not timed. Returns mean, median and
    max seconds over ``moves`` decisions.
    """
    from .agents import make_agent, play_match
    from .mcts import MCTSAgent

    times: list[float] = []

    class Enough(Exception):
        """Raised by the timed bot to stop its match once enough moves are timed."""

    class Timed:
        name = "mcts"

        def __init__(self, agent):
            self.agent = agent

        def choose(self, view):
            if len(times) >= moves:
                raise Enough
            if len(view.legal_actions) == 1:
                return view.legal_actions[0]
            start = time.perf_counter()
            action = self.agent.choose(view)
            times.append(time.perf_counter() - start)
            return action

    match = 0
    while len(times) < moves:
        agents = [Timed(MCTSAgent(iterations=iterations, seed=seed + match)), make_agent("heuristic", seed + match)]
        try:
            play_match("jaipur", agents if match % 2 == 0 else agents[::-1], seed=seed * 7919 + match)
        except Enough:
            break
        match += 1
    return {"mean_s": statistics.mean(times), "median_s": statistics.median(times), "max_s": max(times),
            "moves": len(times), "iterations": iterations}


def _rates(df) -> dict:
    from .arena import win_rates

    rates = win_rates(df)
    bot = df.attrs["bots"][0]
    return {"win_rate": round(float(rates.loc[bot, "win_rate"]), 4),
            "ci95": [round(float(rates.loc[bot, "ci_low"]), 4), round(float(rates.loc[bot, "ci_high"]), 4)],
            "games": int(rates.loc[bot, "games"])}


def bot_figures(games: int = 1000, mcts_games: int = 0, mcts_moves: int = 30, processes: int = 1,
                seed: int = 0, progress: bool = False, iterations: int = 1000, checkpoint_dir=None) -> dict:
    """The bot figures of ``bench --bots``.

    * ``mcts_move``: seconds per decision of MCTS with ``iterations`` (1000) iterations, over
      ``mcts_moves`` decisions (:func:`mcts_move_seconds`).
    * ``<a>_vs_<b>``: for each pair of :data:`FAST_PAIRS`, a ``games``-match tournament on one core
      (``processes=1`` whatever ``processes`` says): its seconds, and bot A's win rate with a 95%
      Wilson interval.
    * with ``mcts_games`` > 0: ``mcts_vs_random`` and ``mcts_vs_heuristic`` (MCTS with 1000
      iterations), ``mcts_games`` matches each on ``processes`` processes; with ``checkpoint_dir``,
      each finished match is kept in ``<dir>/mcts_vs_<bot>_seed<seed>.jsonl`` and a later run
      reads them back (``seconds`` then counts this run only, ``resumed`` the matches read back).

    Every tournament uses ``seed``; the figures say which.
    """
    from .arena import tournament

    figures: dict = {"seed": seed, "mcts_move": mcts_move_seconds(mcts_moves, iterations, seed=seed)}
    for a, b in FAST_PAIRS:
        start = time.perf_counter()
        df = tournament((a, b), games, seed=seed, processes=1, progress=progress)
        figures[f"{a}_vs_{b}"] = {"seconds": round(time.perf_counter() - start, 2), **_rates(df)}
    if mcts_games:
        from pathlib import Path

        for other in ("random", "heuristic"):
            checkpoint = None
            if checkpoint_dir is not None:
                Path(checkpoint_dir).mkdir(parents=True, exist_ok=True)
                checkpoint = Path(checkpoint_dir) / f"mcts_vs_{other}_seed{seed}.jsonl"
            start = time.perf_counter()
            df = tournament(("mcts", other), mcts_games, seed=seed, processes=processes, progress=progress,
                            checkpoint=checkpoint)
            figures[f"mcts_vs_{other}"] = {"seconds": round(time.perf_counter() - start, 1),
                                           "resumed": df.attrs["resumed"], "processes": processes, **_rates(df)}
    return figures


def run_bot_bench(games: int = 1000, mcts_games: int = 0, processes: int = 1, seed: int = 0,
                  as_json: bool = False, checkpoint_dir=None) -> int:
    """Measure :func:`bot_figures` and print them (a table, or JSON with ``as_json``)."""
    figures = bot_figures(games=games, mcts_games=mcts_games, processes=processes, seed=seed,
                          checkpoint_dir=checkpoint_dir)
    figures["python"] = platform.python_version()
    figures["cpus"] = os.cpu_count()
    _print_figures(figures, as_json)
    return 0

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
* ``jaipur_app_inprocess_ms``: the same for undo, a score-stepper Next and a replay step.
* ``samarkand_random_4p_games_per_s``: whole 4-player Samarkand games between random players,
  per second of process CPU time (median of 3 runs of 600 games); ``samarkand_legal_actions_us``:
  mean ``legal_actions()`` time over every decision of 200 more games; ``samarkand_app_click_to_redraw_ms``:
  median time from a click on a legal map space to the end of the play app's redraw (Agg, in-process).
* ``caravan_greedy_4p_games_per_s``: whole 4-player Caravan games between greedy policies on the
  state, one core (median of 3 runs of 40 games), and ``caravan_greedy_actions_per_game``. Uniformly
  random Caravan games hardly ever end (most legal actions move a camel somewhere), so the random
  figures are per action: ``caravan_random_actions_per_s`` (legal_actions + apply) and
  ``caravan_legal_actions_us``. Issue 10's "200 random 4-player games/s" cannot be measured as
  stated: ``caravan_random_games_ended`` is the share of 8 random 4-player games (kind-random:
  a kind of action uniformly, then one of that kind) that end within 2,000 actions (measured: 0);
  per game, the honest figures are the greedy ones above.
* ``caravan_app_click_to_redraw_ms``: median time from an action chosen in the Caravan app (4 human
  seats) to the end of its redraw (Agg, PNG with the static grid blitted, in-process).
* ``marco_polo_map_redraw_ms``: median time to redraw the Marco Polo map after an action (the static map
  cached, travellers, posts, Beijing and the reachable places by cost redrawn; PNG bytes; Agg,
  in-process; :func:`caravan_lessons.viz.marco_polo.map_redraw_ms`).
* ``marco_polo_greedy_4p_games_per_s``, ``marco_polo_heuristic_4p_games_per_s``: whole 4-player games with that
  bot in every seat (3 games, wall time); ``marco_polo_app_action_ms``: median ms of one action in the Marco Polo
  app, from ``app.choose`` to the end of its redraw (3 human seats, Agg, in-process).
* ``import_s``: ``import caravan_lessons`` in a fresh interpreter (median of 5).

Browser latency (``python -m caravan_lessons bench --browser [--json] [--browser-games ...]``, see
:func:`browser_game_figures`): each game's play app in Voila in the Debian Chromium (Playwright); per game and
kind of click, the median and max ms from a click to the settled page beside the in-process median of the
same click and the load average. Jaipur (:func:`browser_latency`): a move with the random bot's reply, undo,
score-stepper Next and a replay step (target 100 ms). Samarkand, Caravan and Marco Polo
(:mod:`caravan_lessons.browser_bench`): clicks on the clickable board and the buttons around it (target 150
ms); the clicks answered by the bots' moves (``..._with_bots``) are reported apart.

Bots (``python -m caravan_lessons bench --bots``, a separate and slower run; see :func:`bot_figures`):
per game, greedy and heuristic games per CPU-second through ``play_match`` and the CPU seconds of one
1000-iteration MCTS decision, with the load average; seconds per Jaipur MCTS move, time of a tournament
of the fast Jaipur bots, win rates with 95% Wilson intervals.
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


def samarkand_random_games(games: int, players: int = 4, seed: int = 0, time_legal: bool = False) -> dict:
    """Play ``games`` whole Samarkand games between random players (uniform picks among
    ``legal_actions()``, as in :func:`random_rounds`); return games/s (process CPU time, so other
    programs on the machine count less), decisions per game and, with ``time_legal``, the mean
    ``legal_actions()`` time in microseconds."""
    from .samarkand import new_game

    uniform = random.Random(seed).random
    decisions = legal_ns = 0
    clock = time.perf_counter_ns
    start = time.process_time()
    for game in range(games):
        state = new_game(players, seed=seed * 1_000_003 + game)
        legal_actions, apply, is_terminal = state.legal_actions, state.apply, state.is_terminal
        while not is_terminal():
            if time_legal:
                t0 = clock()
                actions = legal_actions()
                legal_ns += clock() - t0
            else:
                actions = legal_actions()
            apply(actions[int(uniform() * len(actions))])
            decisions += 1
    elapsed = time.process_time() - start
    return {"games": games, "seconds": elapsed, "games_per_s": games / elapsed, "decisions_per_game": decisions / games,
            "legal_actions_us": legal_ns / decisions / 1000 if time_legal else None}


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


def inprocess_figures(samples: int = 15) -> dict:
    """Median ms in-process (no browser, no comm) of a move with the random bot's reply, an undo, a
    score-stepper Next and a replay-slider step in the Jaipur app."""
    import matplotlib

    matplotlib.use("Agg")
    from .ui.jaipur_app import JaipurApp

    def timed(action) -> float:
        start = time.perf_counter()
        action()
        return (time.perf_counter() - start) * 1000

    app = JaipurApp(seed=5, bot="random")
    moves, undos = [], []
    while not app.paused:
        moves.append(timed(app.play_first_legal))
        if len(undos) < samples and not app.paused:
            undos.append(timed(app.undo))
            app.play_first_legal()
    steps = [timed(app.stepper.next_button.click) for _ in range(min(samples, len(app.stepper.sheet.rows)))]
    replay = []
    for _ in range(samples):
        replay.append(timed(lambda: setattr(app.replay, "value", app.replay.value - 1)))
    app.close()
    return {"move_with_bot_reply": round(statistics.median(moves), 2), "undo": round(statistics.median(undos), 2),
            "stepper_next": round(statistics.median(steps), 2), "replay_step": round(statistics.median(replay), 2)}

def caravan_games(games: int = 40, seed: int = 0, players: int = 4, bot: str = "greedy") -> dict:
    """Whole Caravan games between ``players`` copies of a policy on the state (``greedy`` or ``heuristic``,
    no View), one core: games/s and actions (end of turn included) per game."""
    import random as _random

    from .caravan import new_game
    from .caravan.agents import greedy_action, heuristic_action

    policy = {"greedy": greedy_action, "heuristic": heuristic_action}[bot]
    rng = _random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for g in range(games):
        state = new_game(players, seed=seed * 1_000_003 + g)
        apply = state.apply
        while not state.over:
            apply(policy(state, rng))
            actions += 1
    elapsed = time.perf_counter() - start
    return {"games_per_s": games / elapsed, "actions_per_game": actions / games}


def caravan_random_actions(actions: int = 20000, seed: int = 0) -> dict:
    """Uniformly random Caravan actions (4 players): actions/s of ``legal_actions()`` + ``apply`` and the
    mean ``legal_actions()`` time. (Uniformly random games hardly ever end: most actions move camels.)"""
    from .caravan import new_game

    uniform = random.Random(seed).random
    state = new_game(4, seed=seed)
    legal_ns = 0
    clock = time.perf_counter_ns
    start = time.perf_counter()
    for _ in range(actions):
        t0 = clock()
        options = state.legal_actions()
        legal_ns += clock() - t0
        state.apply(options[int(uniform() * len(options))])
    elapsed = time.perf_counter() - start
    return {"actions_per_s": actions / elapsed, "legal_actions_us": legal_ns / actions / 1000}


def caravan_random_games_ended(games: int = 8, cap: int = 2000, seed: int = 0) -> float:
    """Share of random 4-player games (the kind-random policy) that end within ``cap`` actions."""
    from .caravan import new_game
    from .caravan.agents import kind_random_action

    rng = random.Random(seed)
    ended = 0
    for g in range(games):
        state = new_game(4, seed=seed * 1_000_003 + g)
        for _ in range(cap):
            if state.over:
                break
            state.apply(kind_random_action(state, rng))
        ended += state.over
    return ended / games


def caravan_click_to_redraw(clicks: int = 20) -> float:
    """Median ms from an action chosen in the Caravan app (4 human seats, hot-seat) to the end of its redraw
    (Agg, the board as a PNG: static grid blitted, pieces drawn; in-process, no browser)."""
    import matplotlib

    matplotlib.use("Agg")
    from .ui.caravan_app import CaravanApp

    app = CaravanApp(players=4, seed=7, seats=["human"] * 4)
    times = []
    for _ in range(clicks):
        if app.state.is_terminal():
            break
        action = app._listed[-1] if len(app._listed) > 1 else app._listed[0]
        start = time.perf_counter()
        app.choose(action)
        times.append(time.perf_counter() - start)
    app.close()
    return statistics.median(times) * 1000


def caravan_figures() -> dict:
    """The Caravan figures of :func:`run_bench` (see the module notes)."""
    greedy = sorted((caravan_games(seed=s) for s in (1, 2, 3)), key=lambda r: r["games_per_s"])[1]
    uniform = caravan_random_actions()
    return {
        "caravan_greedy_4p_games_per_s": round(greedy["games_per_s"], 1),
        "caravan_greedy_actions_per_game": round(greedy["actions_per_game"], 1),
        "caravan_random_actions_per_s": round(uniform["actions_per_s"]),
        "caravan_legal_actions_us": round(uniform["legal_actions_us"], 1),
        "caravan_random_games_ended": caravan_random_games_ended(),
        "caravan_app_click_to_redraw_ms": round(caravan_click_to_redraw(), 1),
    }


def import_seconds(repeats: int = 5) -> float:
    """Median seconds of ``import caravan_lessons`` in a fresh interpreter."""
    code = "import time; t = time.perf_counter(); import caravan_lessons; print(time.perf_counter() - t)"
    runs = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
            for _ in range(repeats)]
    return statistics.median(runs)


def samarkand_click_to_redraw(clicks: int = 20) -> float:
    """Median ms from a click on a legal space of the Samarkand map (``BoardPicker.pick_at``) to the end
    of the app's redraw (Agg, in-process; three human seats, so no bot time is included)."""
    import matplotlib

    matplotlib.use("Agg")
    from .samarkand import Discard, Marry
    from .ui.samarkand_app import SamarkandApp

    times = []
    app = None
    while len(times) < clicks:
        if app is None or app.state.is_terminal():
            if app is not None:
                app.close()
            app = SamarkandApp(players=3, seed=len(times), seats=["human"] * 3)
            for family in ("egypt", "levant", "china"):
                app.play(Marry(family))
                app.play(Discard(()))
        state = app.state
        if not app.space_list.options:  # not a camel decision: answer it without timing
            app.play(state.legal_actions()[-1] if state.phase != "act" else state.legal_actions()[0])
            continue
        x, y = state.board.graph.nodes[app.space_list.options[0][1]]["pos"]
        start = time.perf_counter()
        app.picker.pick_at(x, y)
        times.append((time.perf_counter() - start) * 1000)
    app.close()
    return statistics.median(times)


def samarkand_figures(games: int = 600) -> dict:
    """Samarkand's figures: random 4-player games per second (median of 3 runs) and legal_actions() time."""
    runs = sorted(samarkand_random_games(games, seed=seed)["games_per_s"] for seed in (1, 2, 3))
    legal = samarkand_random_games(max(100, games // 3), seed=4, time_legal=True)
    return {"samarkand_random_4p_games_per_s": round(runs[1], 1),
            "samarkand_app_click_to_redraw_ms": round(samarkand_click_to_redraw(), 1),
            "samarkand_decisions_per_game": round(legal["decisions_per_game"], 1),
            "samarkand_legal_actions_us": round(legal["legal_actions_us"], 2)}
def marco_polo_figures(games: int = 100) -> dict:
    """Marco Polo: random 4-player games per second on one core and the mean ``legal_actions()`` time."""
    from .marco_polo.bench import random_games

    random_games(3, seed=99, time_legal=False)  # warm the move tables
    run = random_games(games, seed=1)
    from .marco_polo.bench import app_action_ms, bot_games_per_s

    return {"marco_polo_random_4p_games_per_s": round(run["games_per_s"], 1),
            "marco_polo_actions_per_game": round(run["actions_per_game"], 1),
            "marco_polo_legal_actions_us": round(run["legal_actions_us"], 1),
            "marco_polo_greedy_4p_games_per_s": round(bot_games_per_s("mp-greedy"), 2),
            "marco_polo_heuristic_4p_games_per_s": round(bot_games_per_s("mp-heuristic"), 2),
            "marco_polo_app_action_ms": round(app_action_ms(), 1)}


def marco_polo_map_redraw_ms(actions: int = 40) -> float:
    """Marco Polo: median ms to redraw the map after an action (see ``viz.marco_polo.map_redraw_ms``)."""
    from .viz.marco_polo import map_redraw_ms

    return map_redraw_ms(actions)


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
        "jaipur_app_inprocess_ms": inprocess_figures(),
        **samarkand_figures(),
        **caravan_figures(),
        **marco_polo_figures(),
        "marco_polo_map_redraw_ms": round(marco_polo_map_redraw_ms(), 1),
        "import_s": round(import_seconds(), 3),
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
    _print_figures(figures, as_json)
    return 0


FIGURE_WORDS = {
    "jaipur_random_rounds_per_s": "random Jaipur rounds a second, one core (median of 3 runs)",
    "jaipur_random_rounds_per_s_cold": "the same, first run (caches cold)",
    "jaipur_rounds_timed": "rounds in that run (whole matches, so one or two more than --rounds)",
    "jaipur_turns_per_round": "turns a random round lasts",
    "jaipur_legal_actions_us": "microseconds for one legal_actions() call",
    "jaipur_app_click_to_redraw_ms": "milliseconds from a click in the Jaipur app to its redrawn table (in-process)",
    "jaipur_app_inprocess_ms": "milliseconds in the Jaipur app, in-process (median)",
    "move_with_bot_reply": "a move and the random bot's reply", "undo": "an undo", "stepper_next": "score stepper Next",
    "replay_step": "one step of the replay slider",
    "samarkand_random_4p_games_per_s": "random 4-player Samarkand games a second, one core",
    "samarkand_app_click_to_redraw_ms": "milliseconds from a click in the Samarkand app to its redrawn map",
    "samarkand_decisions_per_game": "decisions a random Samarkand game lasts",
    "samarkand_legal_actions_us": "microseconds for one Samarkand legal_actions() call",
    "caravan_greedy_4p_games_per_s": "4-player Caravan games between greedy bots a second, one core",
    "caravan_greedy_actions_per_game": "actions such a game lasts (end of turn included)",
    "caravan_random_actions_per_s": "uniformly random Caravan actions a second (legal_actions + apply)",
    "caravan_legal_actions_us": "microseconds for one Caravan legal_actions() call",
    "caravan_random_games_ended": "share of random (kind-random) Caravan games that end within 2,000 actions "
                                  "(0: random play hardly ever finishes a game)",
    "caravan_app_click_to_redraw_ms": "milliseconds from an action in the Caravan app to its redrawn board",
    "marco_polo_random_4p_games_per_s": "random 4-player Marco Polo games a second, one core",
    "marco_polo_actions_per_game": "actions a random Marco Polo game lasts",
    "marco_polo_legal_actions_us": "microseconds for one Marco Polo legal_actions() call",
    "marco_polo_greedy_4p_games_per_s": "4-player games between mp-greedy bots a second",
    "marco_polo_heuristic_4p_games_per_s": "4-player games between mp-heuristic bots a second",
    "marco_polo_app_action_ms": "milliseconds for an action in the Marco Polo app, in-process",
    "marco_polo_map_redraw_ms": "milliseconds to redraw the Marco Polo map after an action",
    "import_s": "seconds to import caravan_lessons", "python": "Python version", "machine": "processor",
    "cpus": "processors on this machine", "seed": "seed of the tournaments",
    "mcts_move": "Jaipur: MCTS seconds a decision", "mcts_decision": "CPU seconds of one MCTS decision, per game",
    "speed": "bots' speed on one core, per game and bot", "load_average": "load average (1, 5, 15 minutes) after them",
    "mean_s": "seconds, mean", "median_s": "seconds, median", "max_s": "seconds, slowest", "moves": "decisions timed",
    "iterations": "MCTS iterations a decision", "median_cpu_s": "CPU seconds, median", "cpu_s": "CPU seconds",
    "games_per_cpu_s": "whole games a CPU second", "decisions_per_game": "decisions a game", "games": "games played",
    "win_rate": "share of matches won by the first bot", "ci95": "its 95 % Wilson interval",
    "seconds": "seconds (wall clock)", "resumed": "matches read back from the checkpoint", "processes": "processes",
}
"""What each figure of ``bench`` means, with its unit (the human form prints it beside the number)."""


def _number(value) -> str:
    """A figure for people: whole numbers as they are, others to 3 significant figures, lists joined."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        if value != value:  # NaN
            return "n/a"
        if abs(value) >= 100:
            return f"{value:,.0f}"
        return f"{value:.3g}"
    if isinstance(value, (list, tuple)):
        return " - ".join(_number(v) for v in value) if len(value) == 2 else ", ".join(_number(v) for v in value)
    return str(value)


def _rows(figures: dict, prefix: str = "") -> list[tuple[str, str, str]]:
    rows = []
    for key, value in figures.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            words = FIGURE_WORDS.get(key, "")
            if words:
                rows.append((name, "", words))
            rows.extend(_rows(value, f"{name} / "))
        else:
            rows.append((name, _number(value), FIGURE_WORDS.get(key, "")))
    return rows


def _print_figures(figures: dict, as_json: bool, title: str | None = None) -> None:
    """Print measured figures as JSON, or for people: one line a figure (nested figures as ``a / b``), its
    value rounded to 3 significant figures, and what it measures with its unit."""
    if as_json:
        print(json.dumps(figures, indent=2))
        return
    if title:
        print(title)
    rows = _rows(figures)
    width = max(len(r[0]) for r in rows) + 2
    number = max(len(r[1]) for r in rows) + 2
    for name, value, words in rows:
        print(f"{name:{width}s}{value:>{number}s}  {words}".rstrip())


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


SPEED_BOTS = {"jaipur": ("greedy", "heuristic"), "samarkand": ("greedy", "heuristic", "lookahead"),
              "caravan": ("greedy", "heuristic", "lookahead"), "marco_polo": ("greedy", "heuristic", "planner")}
"""The bots whose speed ``bench --bots`` measures in every game (the game's own bots of these names)."""


def bot_games_per_cpu_s(game: str, bot: str, games: int = 4, players: int = 4, seed: int = 0) -> dict:
    """Whole games (Jaipur: matches) through ``agents.play_match`` with ``bot`` in every seat (4 seats; Jaipur
    2), per second of this process's CPU time, after one warm-up game (imports, data, caches). Returns the
    rate, the decisions per game and the seconds."""
    from .agents import make_agent, play_match

    seats = 2 if game == "jaipur" else players
    play_match(game, [make_agent(bot, 10_000 + s, game=game) for s in range(seats)], seed=10_000 + seed)
    turns = 0
    start = time.process_time()
    for i in range(games):
        result = play_match(game, [make_agent(bot, 10 * i + s, game=game) for s in range(seats)], seed=seed + i)
        turns += result.turns
    spent = time.process_time() - start
    return {"games_per_cpu_s": round(games / spent, 2), "decisions_per_game": round(turns / games, 1),
            "games": games, "cpu_s": round(spent, 2)}


def mcts_decision_seconds(game: str, iterations: int = 1000, decisions: int = 3, players: int = 4,
                          seed: int = 0) -> dict:
    """CPU seconds of one decision of ``MCTSAgent(iterations)`` (the game's default depth, its ``ROLLOUT_DEPTH``) in ``game``: ``decisions``
    positions, each reached by 16 or more random moves (Caravan: greedy moves; random Caravan play wanders)
    from a seeded game, at a decision with more than 3 legal actions. Median and all the times."""
    from .agents import View
    from .core import game_module
    from .mcts import MCTSAgent

    module = game_module(game)
    times = []
    for g in range(decisions):
        state = module.new_game(seed=seed + g) if game == "jaipur" else module.new_game(players, seed=seed + g)
        rng = random.Random(seed + g)
        steps = 0
        while not state.is_terminal() and steps < 400:
            actions = state.legal_actions()
            if len(actions) > 3 and steps > 15 + 7 * g:
                break
            if game == "caravan":
                from .caravan.agents import greedy_action

                state.apply(greedy_action(state))
            else:
                state.apply(actions[rng.randrange(len(actions))])
            steps += 1
        agent = MCTSAgent(iterations=iterations, seed=seed + g)
        view = View(state, state.current_player)
        start = time.process_time()
        agent.choose(view)
        times.append(time.process_time() - start)
    return {"median_cpu_s": round(statistics.median(times), 3), "cpu_s": [round(t, 3) for t in times],
            "iterations": iterations}


def _rates(df) -> dict:
    from .arena import win_rates

    rates = win_rates(df)
    bot = df.attrs["bots"][0]
    return {"win_rate": round(float(rates.loc[bot, "win_rate"]), 4),
            "ci95": [round(float(rates.loc[bot, "ci_low"]), 4), round(float(rates.loc[bot, "ci_high"]), 4)],
            "games": int(rates.loc[bot, "games"])}


def bot_figures(games: int = 1000, mcts_games: int = 0, mcts_moves: int = 30, processes: int = 1,
                seed: int = 0, progress: bool = False, iterations: int = 1000, checkpoint_dir=None,
                speed_games: int = 4, mcts_decisions: int = 3) -> dict:
    """The bot figures of ``bench --bots``.

    * ``speed``: per game, for each bot of :data:`SPEED_BOTS`, whole 4-player games (Jaipur: matches) per
      CPU-second through ``play_match``, ``speed_games`` of them (:func:`bot_games_per_cpu_s`; 0 skips);
    * ``mcts_decision``: per game, CPU seconds of one MCTS decision with ``iterations`` iterations, median of
      ``mcts_decisions`` positions (:func:`mcts_decision_seconds`); ``load_average`` after them;

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
    if speed_games:
        figures["speed"] = {game: {bot: bot_games_per_cpu_s(game, bot, speed_games, seed=seed) for bot in bots}
                            for game, bots in SPEED_BOTS.items()}
        figures["mcts_decision"] = {game: mcts_decision_seconds(game, iterations, mcts_decisions, seed=seed)
                                    for game in SPEED_BOTS}
        figures["load_average"] = [round(x, 2) for x in os.getloadavg()]
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
    _print_figures(figures, as_json, title="Bot figures: the MCTS move and the tournaments (<bot a>_vs_<bot b>, bot a "
                                           "first) are Jaipur's; speed and mcts_decision are per game.")
    return 0


# --- the play app in a real browser ------------------------------------------------------------------

CHROMIUM_PATH = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]
"""Debian's Chromium and the flags proven on these machines (Playwright never downloads a browser)."""

JAIPUR_GOODS = ("diamond", "gold", "silver", "cloth", "spice", "leather")  # most valuable first
JAIPUR_PRECIOUS = ("diamond", "gold", "silver")  # sold 2 or more at a time (JAI-SELL-4)


def jaipur_click_plan(market, hand, herd: int, strong: bool = True) -> tuple:
    """What a learner would click next, from the card names on display: ``(button kind, market cards,
    hand cards, herd camels)``. Works on names only, so a browser can read them off the page.

    ``strong``: sell a type once 2 precious or 3 other cards are held, else take the most valuable
    good, else the camels (beats the random bot). Otherwise a weak plan: take the camels whenever
    there are any, else the cheapest good, and sell only with a full hand (loses to the heuristic bot).
    """
    held = {good: list(hand).count(good) for good in JAIPUR_GOODS}
    goods_on_display = [c for c in market if c != "camel"]
    full = len(hand) >= 7

    def biggest_sale():
        sellable = [g for g in JAIPUR_GOODS if held[g] >= (2 if g in JAIPUR_PRECIOUS else 1)]
        good = max(sellable, key=lambda g: held[g])
        return ("sell", [], [good] * held[good], 0)

    if strong:
        for good in JAIPUR_GOODS:
            if held[good] >= (2 if good in JAIPUR_PRECIOUS else 3):
                return ("sell", [], [good] * held[good], 0)
        if not full and goods_on_display:
            return ("take_one", [min(goods_on_display, key=JAIPUR_GOODS.index)], [], 0)
        if "camel" in market:
            return ("take_camels", [], [], 0)
        return biggest_sale()
    if "camel" in market:
        return ("take_camels", [], [], 0)
    if not full and goods_on_display:
        return ("take_one", [max(goods_on_display, key=JAIPUR_GOODS.index)], [], 0)
    return biggest_sale()


# Click an element inside the app and resolve with the ms from the click to the last DOM change,
# once `done` (a JS expression over `root`) is true and nothing has changed for `quiet` ms
# (-1 on timeout). `key`: press that key on the element instead of clicking it.
SETTLE_JS = """async ([rootSel, targetSel, done, quiet, key, timeout]) => {
    const root = document.querySelector(rootSel);
    const target = root.querySelector(targetSel);
    const isDone = new Function('root', 'return (' + done + ');');
    let last = performance.now();
    const observer = new MutationObserver(() => { last = performance.now(); });
    observer.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
    const t0 = performance.now();
    last = t0;
    if (key) {
        target.focus();
        for (const type of ['keydown', 'keyup'])
            target.dispatchEvent(new KeyboardEvent(type, {key: key, code: key, bubbles: true}));
    } else {
        target.click();
    }
    while (performance.now() - t0 < timeout) {
        await new Promise(r => setTimeout(r, 10));
        if (isDone(root) && performance.now() - last >= quiet) {
            observer.disconnect();
            return last - t0;
        }
    }
    observer.disconnect();
    return -1;
}"""
# the number of the newest move in the log (the log lists the newest first)
JS_TOP_MOVE = "parseInt((root.querySelector('.jaipur-log-lines b') || {textContent: '-1'}).textContent)"


class JaipurPage:
    """Drives a displayed :class:`~caravan_lessons.ui.JaipurApp` in a Playwright page by clicking.

    Args:
        page: a Playwright page showing the app.
        root: a CSS selector of the app's box (e.g. ``.jaipur-app`` or a class added to one app).
        quiet: ms without DOM changes that count as "settled".
    """

    def __init__(self, page, root: str = ".jaipur-app", quiet: int = 200):
        self.page, self.root, self.quiet = page, root, quiet

    def locator(self, selector: str):
        return self.page.locator(f"{self.root} {selector}")

    def cards(self, kind: str) -> list[str]:
        """The card names shown in the market, hand or herd (kind ``market``/``hand``/``herd``)."""
        return [t.strip() for t in self.locator(f".jaipur-{kind}-card:visible").all_inner_texts()]

    def top_move(self) -> int:
        return self.page.evaluate(f"(() => {{ const root = document.querySelector({self.root!r}); "
                                  f"return {JS_TOP_MOVE}; }})()")

    def timed(self, target: str, done: str, key: str = "", timeout: int = 30_000) -> float:
        """Click ``target`` (a selector inside the app) and return ms to the settled DOM (see SETTLE_JS)."""
        ms = self.page.evaluate(SETTLE_JS, [self.root, target, done, self.quiet, key, timeout])
        if ms < 0:
            raise TimeoutError(f"clicking {target} never settled with {done}")
        return ms

    def settle(self, done: str = "true", timeout: int = 30_000) -> None:
        """Wait until ``done`` holds and the app's DOM has been still for ``quiet`` ms."""
        self.page.evaluate(SETTLE_JS.replace("target.click();", "").replace("target.focus();", ""),
                           [self.root, "div", done, self.quiet, "", timeout])

    def paused(self) -> bool:
        return self.locator(".jaipur-next-round:visible").count() > 0

    def play_move(self, strong: bool = True) -> float:
        """Select the cards of :func:`jaipur_click_plan` by clicking, then time the action button: ms
        from its click to the settled DOM (the move and the bot's reply shown)."""
        kind, market, hand, camels = jaipur_click_plan(self.cards("market"), self.cards("hand"),
                                                        len(self.cards("herd")), strong)
        self.locator(".jaipur-clear").click()
        for names, pool in ((market, "market"), (hand, "hand")):
            for name in sorted(set(names)):
                buttons = self.locator(f".jaipur-{pool}-card.jaipur-card-{name}:visible")
                for i in range(names.count(name)):
                    buttons.nth(i).click()
        for i in range(camels):
            self.locator(".jaipur-herd-card:visible").nth(i).click()
        self.settle(f"root.querySelectorAll('.jaipur-selected').length === {len(market) + len(hand) + camels}")
        before = self.top_move()
        return self.timed(f".jaipur-{kind.replace('_', '-')}", f"{JS_TOP_MOVE} > {before}")

    def next_round(self) -> float:
        before = self.top_move()
        return self.timed(".jaipur-next-round", f"{JS_TOP_MOVE} > {before} && "
                          "!root.querySelector('.jaipur-next-round').offsetParent")


def chromium_page(playwright):
    """``(browser, page)``: Debian's Chromium at 1280 x 1000 that can reach only 127.0.0.1 (hermetic)."""
    import re

    browser = playwright.chromium.launch(executable_path=CHROMIUM_PATH, headless=True, args=CHROMIUM_ARGS)
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.route(re.compile(r"^https?://(?!127\.0\.0\.1[:/])"), lambda route: route.abort())
    return browser, context.new_page()


def _voila(notebook, port: int, log, env: dict | None = None):
    """Start Voila on ``notebook`` (its own session; ``env`` added to this process's environment) and wait
    until it listens on ``port``."""
    import socket

    cmd = [os.path.join(os.path.dirname(sys.executable), "voila"), str(notebook), "--no-browser",
           f"--port={port}", "--Voila.ip=127.0.0.1"]
    proc = subprocess.Popen(cmd, cwd=os.path.dirname(notebook), stdout=log, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, start_new_session=True,
                            env=None if env is None else {**os.environ, **env})
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("voila exited before it listened; see its log")
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return proc
        time.sleep(0.3)
    raise TimeoutError("voila did not listen within 60 s")


def browser_latency(samples: int = 10, seed: int = 5) -> dict:
    """Median ms from a click to the settled DOM in a real browser: the Jaipur app (``seed``, random
    bot) in Voila, in Debian's Chromium driven by Playwright.

    Measured: every move of a first round played by clicking (:func:`jaipur_click_plan`; the random
    bot's reply included), ``samples`` undos, ``samples`` score-stepper Next clicks at the round end,
    and ``samples`` replay-slider steps (the Left arrow key on the slider). "Settled": no change in
    the app's DOM for 200 ms after the expected change appeared; the figure is the time of the last
    change. Needs ``/usr/bin/chromium``, ``playwright`` and ``voila``.

    Returns:
        ``{"move_with_bot_reply": ms, "undo": ms, "stepper_next": ms, "replay_step": ms, "samples": {...},
        "max": {...}}``.

    Raises:
        RuntimeError: no Chromium, Playwright or Voila.
    """
    import re
    import signal
    import socket
    import tempfile
    from pathlib import Path

    if not os.access(CHROMIUM_PATH, os.X_OK):
        raise RuntimeError(f"bench --browser needs {CHROMIUM_PATH} (apt-get install chromium)")
    try:
        import nbformat
        from playwright.sync_api import sync_playwright
    except ImportError as error:
        raise RuntimeError(f"bench --browser needs playwright and nbformat: {error}") from error
    with tempfile.TemporaryDirectory() as tmp, socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
        probe.close()
        notebook = Path(tmp) / "bench_app.ipynb"
        nb = nbformat.v4.new_notebook(metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                               "language": "python"}})
        nb.cells = [nbformat.v4.new_code_cell(f"from caravan_lessons.ui import JaipurApp\n"
                                              f"app = JaipurApp(seed={seed}, bot='random')\napp")]
        nbformat.write(nb, notebook)
        env_log = open(Path(tmp) / "voila.log", "w")  # noqa: SIM115 - closed below
        proc = _voila(notebook, port, env_log)
        times: dict[str, list[float]] = {"move_with_bot_reply": [], "undo": [], "stepper_next": [], "replay_step": []}
        try:
            with sync_playwright() as playwright:
                browser, page = chromium_page(playwright)
                page.goto(f"http://127.0.0.1:{port}/", timeout=120_000)
                page.locator(".jaipur-market-card:visible").first.wait_for(timeout=120_000)
                app = JaipurPage(page)
                app.settle()
                undos = 0
                while not app.paused():
                    times["move_with_bot_reply"].append(app.play_move())
                    if undos < samples and not app.paused():
                        before = app.top_move()
                        times["undo"].append(app.timed(".jaipur-undo", f"{JS_TOP_MOVE} < {before}"))
                        undos += 1
                        app.play_move()
                rows = page.locator(".score-text").inner_text()
                total = int(re.search(r"Step 0 of (\d+)", rows).group(1))
                for step in range(1, min(samples, total) + 1):
                    times["stepper_next"].append(app.timed(".score-next", f"root.querySelector('.score-text')"
                                                           f".textContent.includes('Step {step} of')"))
                last = app.top_move()
                for k in range(1, samples + 1):
                    times["replay_step"].append(app.timed(
                        ".noUi-handle", f"root.querySelector('.jaipur-status').textContent.includes("
                                        f"'after move {last - k} of')", key="ArrowLeft"))
                browser.close()
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=30)
            env_log.close()
    figures = {kind: round(statistics.median(ms), 1) for kind, ms in times.items()}
    figures["max"] = {kind: round(max(ms), 1) for kind, ms in times.items()}
    figures["samples"] = {kind: len(ms) for kind, ms in times.items()}
    return figures


BROWSER_CLICKS = {"move_with_bot_reply": "move + random bot's reply", "undo": "undo",
                  "stepper_next": "score stepper Next", "replay_step": "replay slider step"}
"""The clicks the Jaipur browser bench times (issue 7, item 13), in the order they are printed."""
BROWSER_GAMES = ("jaipur", "samarkand", "caravan", "marco_polo")
"""The games ``bench --browser`` measures, in the order they are printed."""


def browser_game_figures(game: str, samples: int = 10) -> dict:
    """One game's browser figures: ``{"clicks": {kind: {"browser_median", "browser_max", "clicks",
    "inprocess_median", "target"}}, "load_average": [before, after]}`` (ms; the target is None for a click
    whose answer includes the bots' moves: reported apart, issue 17).

    Jaipur: :func:`browser_latency` beside :func:`inprocess_figures` (target 100 ms for every click). The map
    games: :func:`caravan_lessons.browser_bench.map_latency` on the clickable (ipympl) board (target 150 ms)."""
    before = round(os.getloadavg()[0], 1)
    if game == "jaipur":
        browser, inprocess = browser_latency(samples), inprocess_figures(samples)
        clicks = {kind: {"browser_median": browser[kind], "browser_max": browser["max"][kind],
                         "clicks": browser["samples"][kind], "inprocess_median": inprocess[kind], "target": 100}
                  for kind in BROWSER_CLICKS}
    else:
        from .browser_bench import TARGET_MS, map_latency

        clicks = map_latency(game, samples)
        for kind, row in clicks.items():
            row["target"] = None if kind.endswith("_with_bots") else TARGET_MS
    return {"clicks": clicks, "load_average": [before, round(os.getloadavg()[0], 1)]}


def browser_table(figures: dict) -> str:
    """The browser figures beside the in-process ones, one line per game and kind of click: the browser median
    (and max), the number of clicks timed, the in-process median and the target (ms), and a verdict; then each
    game's load average (timings on a loaded machine are slower)."""
    lines = [f"{'game':11s} {'click':28s} {'browser median':>14s} {'(max)':>9s} {'clicks':>6s} {'in-process':>10s} "
             f"{'target':>6s}"]
    loads = []
    for game, result in figures["games"].items():
        for kind, row in result["clicks"].items():
            label = BROWSER_CLICKS.get(kind, kind.replace("_", " "))
            target = row["target"]
            verdict = "(bots: apart)" if target is None else ("ok" if row["browser_median"] <= target else "SLOW")
            lines.append(f"{game:11s} {label:28s} {row['browser_median']:>14.1f} "
                         f"{'(' + format(row['browser_max'], '.1f') + ')':>9s} {row['clicks']:>6d} "
                         f"{row['inprocess_median']:>10.2f} {'-' if target is None else target:>6} {verdict}")
        loads.append(f"{game} {result['load_average'][0]}-{result['load_average'][1]}")
    lines.append("ms from the click to the settled page (Voila, Chromium) beside the in-process time of the same "
                 f"click; load average {', '.join(loads)}; {figures.get('cpus', '?')} cpus, "
                 f"Python {figures.get('python', '?')}")
    return "\n".join(lines)


def run_browser_bench(samples: int = 10, as_json: bool = False, games=None) -> int:
    """Measure :func:`browser_game_figures` for ``games`` (default :data:`BROWSER_GAMES`) and print them (a
    table, or JSON with ``as_json``)."""
    figures = {"games": {game: browser_game_figures(game, samples) for game in (games or BROWSER_GAMES)},
               "python": platform.python_version(), "cpus": os.cpu_count()}
    if as_json:
        _print_figures(figures, as_json)
    else:
        print(browser_table(figures))
    return 0

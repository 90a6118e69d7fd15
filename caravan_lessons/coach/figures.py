"""The coach's figures for the benchmark (``python -m caravan_lessons bench --coach``).

* :func:`midgame_positions`: random mid-game positions of a game, reproducible from a seed;
* :func:`agreement`: how often the hint agrees with a search ``factor`` times longer on those
  positions: the same move, or a move the longer search cannot tell apart from its own best (the
  two moves' 95 % intervals overlap in the longer search, which always judges the hint's move);
* :func:`review_seconds`: wall time of a whole review (a Jaipur round, a game of the others) of a
  game between bots, with the workers given.
"""
from __future__ import annotations

import itertools
import math
import os
import random
import time
from pathlib import Path

from ..agents import View, make_agent
from ..codecs import whole_number
from ..core import _short, derive_seed, game_module
from .hints import advise, check_budget, check_seed_value, check_simulations
from .records import GameRecord

__all__ = ["agreement", "bot_game", "idle_simulations", "midgame_positions", "read_record", "recorded_simulations",
           "review_seconds", "wilson"]

PLAYERS = {"jaipur": 2, "samarkand": 4, "caravan": 4, "marco_polo": 4}
"""Seats of the positions the figures use (the apps' default tables)."""


def bot_game(game: str, seed: int, players: int | None = None, bots=None, random_share: float = 0.0):
    """A :class:`GameRecord` of a game between bots (Jaipur: the first round), from ``seed``.

    ``bots`` name one bot per seat (default: heuristic and greedy bots in turn); with ``random_share``
    each move is a uniformly random legal one with that probability (for varied positions)."""
    module = game_module(game)
    players = players or PLAYERS[game]
    state = module.new_game(seed=seed) if game == "jaipur" else module.new_game(players, seed=seed)
    start = state.clone()
    names = bots or [("heuristic", "greedy")[s % 2] for s in range(players)]
    agents = [make_agent(name, derive_seed(seed, "bot", s), game=game) for s, name in enumerate(names)]
    rng = random.Random(derive_seed(seed, "random moves"))
    actions = []
    while not state.is_terminal() and not (game == "jaipur" and state.round_over) and len(actions) < 5000:
        seat = state.current_player
        legal = state.legal_actions()
        if random_share and rng.random() < random_share:
            action = legal[rng.randrange(len(legal))]
        else:
            action = agents[seat].choose(View(state, seat, legal))
        state.apply(action)
        actions.append(action)
    return GameRecord(start, actions)


def midgame_positions(game: str, count: int, seed: int = 0) -> list:
    """``count`` positions from the middle half (25 % to 75 % of the moves) of bot games (one position
    per game, 10 % random moves for variety), each with more than one legal move."""
    return list(itertools.islice(_midgame_positions(game, seed), count))


def _midgame_positions(game: str, seed: int = 0):
    """The positions of :func:`midgame_positions`, one by one (the first ``count`` are those of ``count``)."""
    k = 0
    while True:
        record = bot_game(game, derive_seed(seed, "position", k), random_share=0.1)
        k += 1
        rng = random.Random(derive_seed(seed, "pick", k))
        n = len(record)
        picks = list(range(n // 4, max(n // 4 + 1, 3 * n // 4)))
        rng.shuffle(picks)
        for index in picks:
            state = record.state(index)
            if not state.is_terminal() and len(state.legal_actions()) > 1:
                yield state
                break


def idle_simulations(game: str, budget_s: float, positions: int = 4, seed: int = 0) -> int:
    """The simulations a search of ``budget_s`` seconds runs on an idle core, estimated from this process's
    CPU time (not the wall time, which a loaded machine stretches) on ``positions`` mid-game positions.
    Figures run with that fixed number do not depend on the load."""
    states = midgame_positions(game, positions, seed)
    cpu = done = 0
    for k, state in enumerate(states):
        observation = state.observation(state.current_player)
        started = time.process_time()
        found = advise(game, observation, list(state.legal_actions()), budget_s=None, simulations=400,
                       seed=derive_seed(seed, "calibrate", k))
        cpu += time.process_time() - started
        done += found.simulations
    return max(20, round(budget_s * done / cpu))


def wilson(hits: int, n: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of ``hits`` out of ``n`` (scipy's ``binomtest(...).proportion_ci``)."""
    from scipy.stats import binomtest

    ci = binomtest(hits, n).proportion_ci(confidence_level=0.95, method="wilson")
    return float(ci.low), float(ci.high)


RECORD_KEYS = {"position": ("game", "k", "seed", "budget_s", "simulations", "factor", "same", "within", "short",
                             "long"),
               "calibration": ("game", "hint_budget_s", "simulations")}
"""The fields every line of an agreement record has, by its ``kind``."""


def _whole_at_least(value, low: int) -> bool:
    return whole_number(value) is not None and value >= low


def _positive_seconds(value) -> bool:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        return math.isfinite(float(value)) and value > 0
    except OverflowError:  # an int too large for a float
        return False


def _line_ok(line) -> bool:
    """True if ``line`` (one parsed line) is a line of an agreement record, its fields of the right types."""
    if not isinstance(line, dict) or not isinstance(line.get("kind"), str) or line["kind"] not in RECORD_KEYS:
        return False
    if any(key not in line for key in RECORD_KEYS[line["kind"]]) or not isinstance(line["game"], str):
        return False
    if line["kind"] == "calibration":
        return _positive_seconds(line["hint_budget_s"]) and _whole_at_least(line["simulations"], 1)
    return (_whole_at_least(line["k"], 0) and whole_number(line["seed"]) is not None
            and (line["budget_s"] is None or _positive_seconds(line["budget_s"]))
            and (line["simulations"] is None or _whole_at_least(line["simulations"], 1))
            and _whole_at_least(line["factor"], 1) and isinstance(line["same"], bool)
            and isinstance(line["within"], bool) and _whole_at_least(line["short"], 0)
            and _whole_at_least(line["long"], 0))


def _record_path(path) -> Path:
    """``path`` as a :class:`~pathlib.Path` of a record file: a regular file or none yet, in a folder that exists.

    Raises:
        TypeError: not a str or os.PathLike.
        ValueError: a folder, a device or another file that is not a regular one, or a missing folder."""
    if isinstance(path, bytes) or not isinstance(path, (str, os.PathLike)) or str(path) == "":
        raise TypeError(f"the agreement record is a file path (str or os.PathLike), not {_short(path)}")
    path = Path(path)
    if path.is_dir():
        raise ValueError(f"the agreement record {path} is a folder; give a file path")
    if path.exists() and not path.is_file():
        raise ValueError(f"the agreement record {path} is not a regular file (a device or a pipe?)")
    if not path.parent.is_dir():
        raise ValueError(f"the agreement record {path}: the folder {path.parent} does not exist")
    return path


def read_record(path) -> list[dict]:
    """The lines of an agreement record (JSON Lines, one object a line: ``kind`` "position" or "calibration" with
    the fields of :data:`RECORD_KEYS`, each of its type); a missing file is an empty record.

    Raises:
        TypeError: ``path`` is not a file path.
        ValueError: a line that is not such an object (its line number said), a file that is not UTF-8 text, a
            path that is a folder, a device or in a missing folder."""
    import json

    path = _record_path(path)
    if not path.exists():
        return []
    lines = []
    try:
        with path.open(encoding="utf-8") as handle:
            for number, text in enumerate(handle, 1):
                if not text.strip():
                    continue
                try:
                    line = json.loads(text)
                except ValueError:
                    line = None
                if not _line_ok(line):
                    raise ValueError(f"the agreement record {path}, line {number}: not a line of an agreement "
                                     f"record (a JSON object with kind 'position' or 'calibration' and its fields, "
                                     f"each of its type)")
                lines.append(line)
    except UnicodeDecodeError:
        raise ValueError(f"the agreement record {path} is not UTF-8 text (a JSON Lines file)") from None
    return lines


def _append(path, line: dict) -> None:
    """One line appended in one write (lines from several processes sharing the file do not interleave); a file
    whose last line has no newline gets one first, so the new line stays a line of its own."""
    import json

    path = Path(path)
    start = ""
    if path.exists() and path.stat().st_size:
        with path.open("rb") as handle:
            handle.seek(-1, os.SEEK_END)
            start = "" if handle.read(1) == b"\n" else "\n"
    with path.open("a", encoding="utf-8") as handle:
        handle.write(start + json.dumps(line) + "\n")


def recorded_simulations(game: str, budget_s: float, record) -> int:
    """The idle simulations of :func:`idle_simulations` for ``game`` at ``budget_s``, read from the ``record``
    if a calibration is there (so that every shard and every resumed run uses the same), else measured now and
    written to it (shards that calibrate at the same time all take the first line written).

    Raises:
        ValueError: ``budget_s`` not a positive number of seconds; a damaged record (:func:`read_record`)."""
    budget_s = check_budget(budget_s, "the hint's budget")

    def first():
        return next((line["simulations"] for line in read_record(record) if line["kind"] == "calibration"
                     and line["game"] == game and line["hint_budget_s"] == budget_s), None)

    found = first()
    if found is None:
        _append(record, {"kind": "calibration", "game": game, "hint_budget_s": budget_s,
                         "simulations": idle_simulations(game, budget_s)})
        found = first()  # shards that calibrated at once all take the line written first
    return found


def _check_agreement_args(game, positions, budget_s, factor, seed, simulations, shard) -> tuple[int, int]:
    """The checks of :func:`agreement`'s arguments (one-line ValueErrors); the shard as ``(i, n)``."""
    game_module(game)
    if not _whole_at_least(positions, 0) or positions > 10**5:
        raise ValueError(f"positions is a whole number from 0 to 100,000, not {_short(positions)}")
    if not _whole_at_least(factor, 1) or factor > 1000:
        raise ValueError(f"factor is a whole number from 1 to 1,000 (the longer search's multiple), "
                         f"not {_short(factor)}")
    if budget_s is None and simulations is None:
        raise ValueError("give the hint a budget_s (seconds) or a number of simulations")
    if budget_s is not None:
        check_budget(budget_s)
    check_simulations(simulations)
    check_seed_value(seed)
    if not (isinstance(shard, (tuple, list)) and len(shard) == 2
            and all(whole_number(x) is not None for x in shard) and 0 <= shard[0] < shard[1]):
        raise ValueError(f"shard is (i, n), whole numbers with 0 <= i < n, not {_short(shard)}")
    return int(shard[0]), int(shard[1])


def agreement(game: str, positions: int = 200, budget_s: float | None = 0.5, factor: int = 20, seed: int = 0,
              progress: bool = True, simulations: int | None = None, minutes: float | None = None,
              record=None, shard: tuple[int, int] = (0, 1)) -> dict:
    """Agreement of the hint (``budget_s`` seconds, or ``simulations``) with a search ``factor`` times longer,
    on ``positions`` mid-game positions: ``same`` (the same move), ``within`` (another move, whose interval in
    the longer search reaches its best move's interval: the longer search cannot tell them apart),
    ``rate`` = (same + within) / positions with its 95 % Wilson interval (``low``, ``high``), and the mean
    simulations of each search. With ``simulations`` the figure is the same on every machine. With
    ``minutes``, no new position is started after that time: ``positions`` says how many were judged
    (``asked``: how many were wanted).

    With ``record`` (a JSON Lines file, see :func:`read_record`) every position judged is appended to it as it
    is judged, and positions already there with the same game, seed, budget, simulations and factor are not
    judged again: a sweep of hours can stop and resume, on this machine or another. With ``shard`` ``(i, n)``
    this call judges only the positions ``k`` with ``k % n == i`` (run ``n`` processes on one record); the
    figure returned counts every position of the record, whichever shard judged it.

    Raises:
        ValueError: an unknown game, ``positions``, ``factor``, ``budget_s``, ``simulations``, ``seed`` or
            ``shard`` out of their ranges (one line each); a damaged record (:func:`read_record`).
        TypeError: ``record`` is not a file path."""
    from tqdm.auto import tqdm

    index, shards = _check_agreement_args(game, positions, budget_s, factor, seed, simulations, shard)
    if record is not None:
        _record_path(record)
    key = {"game": game, "seed": seed, "budget_s": budget_s, "simulations": simulations, "factor": factor}

    def recorded() -> dict:
        if record is None:
            return {}
        return {line["k"]: line for line in read_record(record)
                if line["kind"] == "position" and all(line[name] == value for name, value in key.items())
                and line["k"] < positions}

    done = recorded()
    long_budget = None if budget_s is None else budget_s * factor
    long_sims_wanted = None if simulations is None else simulations * factor
    started = time.perf_counter()
    verdicts = dict(done)
    states = itertools.islice(_midgame_positions(game, seed), positions)
    for k, state in enumerate(tqdm(states, total=positions, desc=f"{game} agreement", disable=not progress)):
        if k % shards != index or k in done:
            continue
        seat = state.current_player
        observation = state.observation(seat)
        actions = list(state.legal_actions())
        quick = advise(game, observation, actions, budget_s=budget_s, simulations=simulations,
                       seed=derive_seed(seed, "short", k))
        slow = advise(game, observation, actions, budget_s=long_budget, simulations=long_sims_wanted,
                      seed=derive_seed(seed, "long", k), keep=(quick.action,))
        same = quick.action == slow.action
        within = False
        if not same:
            mine = {e.action: e for e in slow.judged}[quick.action]
            within = mine.high >= slow.best.low
        verdicts[k] = dict(key, kind="position", k=k, same=same, within=within, short=quick.simulations,
                           long=slow.simulations)
        if record is not None:
            _append(record, verdicts[k])
        if minutes is not None and time.perf_counter() - started > 60 * minutes:
            break
    if record is not None:
        verdicts.update(recorded())
    n = len(verdicts)
    same = sum(v["same"] for v in verdicts.values())
    within = sum(v["within"] for v in verdicts.values())
    low, high = wilson(same + within, n) if n else (0.0, 1.0)
    return {"game": game, "positions": n, "asked": positions, "budget_s": budget_s, "simulations": simulations,
            "factor": factor, "same": same, "within": within, "rate": (same + within) / n if n else float("nan"),
            "low": low, "high": high,
            "short_simulations": sum(v["short"] for v in verdicts.values()) / max(n, 1),
            "long_simulations": sum(v["long"] for v in verdicts.values()) / max(n, 1),
            "seconds": time.perf_counter() - started}


def review_seconds(game: str, budget_s: float, workers: int = 2, seed: int = 0) -> dict:
    """Wall time of a review of seat 0 in one bot game (Jaipur: a round), with ``workers`` processes."""
    from .review import review

    record = bot_game(game, derive_seed(seed, "review game"))
    started = time.perf_counter()
    frame = review(record, 0, budget_s=budget_s, workers=workers, progress=False)
    seconds = time.perf_counter() - started
    return {"game": game, "moves": len(record), "decisions": len(frame), "budget_s": budget_s, "workers": workers,
            "seconds": seconds, "tags": frame["tag"].value_counts().to_dict(), "duels": frame.attrs["duels"]}


def hint_ms(game: str, budget_s: float, positions: int = 10, seed: int = 0) -> float:
    """Median wall time (ms) of :func:`~caravan_lessons.coach.hint` at ``budget_s`` on mid-game positions
    (in-process: the search plus its reason; the apps add their drawing)."""
    import statistics

    from .hints import hint

    times = []
    for state in midgame_positions(game, positions, seed):
        started = time.perf_counter()
        hint(state, budget_s=budget_s)
        times.append(1000 * (time.perf_counter() - started))
    return statistics.median(times)


PARTS = ("hint", "review", "agreement")
"""The figures ``bench --coach`` measures per game (``--coach-parts``); ``--browser`` adds the browser's."""


def run_coach_bench(games=None, positions: int = 200, hint_budget: float = 0.8, factor: int = 20,
                    review_budget: float = 1.0, workers: int = 2, as_json: bool = False, browser: bool = False,
                    parts=PARTS, idle: bool = False, minutes: float | None = None, record=None,
                    shard: tuple[int, int] = (0, 1)) -> int:
    """``python -m caravan_lessons bench --coach``: per game, the hint's in-process time, the agreement of
    the hint with a ``factor`` times longer search on ``positions`` mid-game positions, and the wall time of
    a whole review (Jaipur: a round) with ``workers`` processes; the load average beside each. With
    ``browser`` (``--browser``), first the click-to-hint time in Chromium (:func:`browser_hint_ms`).
    ``parts`` picks among :data:`PARTS`. With ``idle`` the agreement's searches run the simulations
    ``hint_budget`` (and ``factor`` times it) buys on an idle core (:func:`idle_simulations`), so a loaded
    machine gives the same figure; with ``minutes`` each game's agreement starts no new position after
    that time (the positions judged and the Wilson interval say what it is worth). With ``record`` (a JSON Lines
    file) and ``shard`` the agreement keeps each verdict as it is judged and resumes from those already there
    (:func:`agreement`); with ``idle`` the record also keeps each game's calibration, so every shard and every
    resumed run searches the same numbers of simulations.
    The defaults are the apps' (:data:`caravan_lessons.ui.coach_panel.HINT_BUDGET_S`, ``REVIEW_BUDGET_S``)."""
    import json
    import os

    figures = {}
    if browser:
        for game, found in browser_hint_ms(games).items():
            figures[f"{game}_browser_hint_ms"] = found["median_ms"]
            figures[f"{game}_browser_hint_max_ms"] = found["max_ms"]
            figures[f"{game}_browser_load_average"] = found["load_average"]
    for game in games or list(PLAYERS):
        load = os.getloadavg()[0]
        if "hint" in parts:
            figures[f"{game}_hint_ms"] = round(hint_ms(game, hint_budget), 1)
        if "review" in parts:
            review = review_seconds(game, review_budget, workers=workers)
            figures[f"{game}_review_s"] = round(review["seconds"], 1)
            figures[f"{game}_review_decisions"] = review["decisions"]
            figures[f"{game}_review_tags"] = review["tags"]
            figures[f"{game}_review_duels"] = review["duels"]
        if positions and "agreement" in parts:
            if idle:
                simulations = (idle_simulations(game, hint_budget) if record is None
                               else recorded_simulations(game, hint_budget, record))
            else:
                simulations = None
            found = agreement(game, positions, None if idle else hint_budget, factor, simulations=simulations,
                              minutes=minutes, progress=not as_json, record=record, shard=shard)
            figures[f"{game}_agreement"] = round(found["rate"], 3)
            figures[f"{game}_agreement_wilson_95"] = [round(found["low"], 3), round(found["high"], 3)]
            figures[f"{game}_agreement_positions"] = found["positions"]
            figures[f"{game}_agreement_same"] = found["same"]
            figures[f"{game}_agreement_within"] = found["within"]
            figures[f"{game}_hint_simulations"] = round(found["short_simulations"])
            figures[f"{game}_long_simulations"] = round(found["long_simulations"])
            figures[f"{game}_agreement_s"] = round(found["seconds"])
        figures[f"{game}_load_average"] = round((load + os.getloadavg()[0]) / 2, 1)
    figures.update(positions=positions, hint_budget_s=hint_budget, factor=factor, review_budget_s=review_budget,
                   workers=workers, idle_simulations=idle)
    if as_json:
        print(json.dumps(figures, indent=2))
    else:
        width = max(map(len, figures)) + 2
        for key, value in figures.items():
            print(f"{key:{width}s} {value}")
    return 0


APP_CELLS = {
    "jaipur": ("from caravan_lessons.ui import JaipurApp\napp = JaipurApp(seed=3, bot='greedy')", "jaipur"),
    "samarkand": ("from caravan_lessons.ui import SamarkandApp\n"
                  "app = SamarkandApp(players=3, seed=2, seats=['human', 'greedy', 'greedy'])", "samarkand"),
    "caravan": ("from caravan_lessons.ui import CaravanApp\napp = CaravanApp(players=2, seed=3, seats=['human', 'greedy'])",
                "caravan"),
    "marco_polo": ("from caravan_lessons.ui import MarcoPoloApp\n"
                   "app = MarcoPoloApp(players=2, seed=4, seats=['human', 'mp-greedy'])", "mp"),
}
"""The app each game's browser figure opens in Voila, and its CSS prefix."""

RESET_CELL = ("import ipywidgets as W\n"
              "reset = W.Button(description='reset').add_class('bench-reset')\n"
              "def _reset(_):\n"
              "    app.highlight(None)\n"
              "    app.coach.hint_view.value = ''\n"
              "reset.on_click(_reset)\n"
              "W.VBox([app, reset])")
"""Under the app, a button that takes the highlight and the hint away in the kernel, so each sample of
:func:`browser_hint_ms` waits for the kernel to outline the move again (not for an outline still shown)."""

HIGHLIGHT = ".guide-target, .jaipur-guide-target"
"""The outlined (orange) widgets of a highlighted move: the map apps' shell and Jaipur's buttons."""


def browser_hint_ms(games=None, samples: int = 5) -> dict:
    """Median (and max) ms from a click on **Hint** to the hint shown in Chromium, per game: the reason under
    the board and the move outlined in orange (:data:`HIGHLIGHT`). Each app in Voila, the Hint button clicked
    ``samples`` times; before each click a button under the app (:data:`RESET_CELL`) takes the hint and the
    outline away in the kernel, so each sample waits for the kernel's new hint and highlight.
    Needs ``/usr/bin/chromium``, playwright, voila.

    Raises:
        RuntimeError: no Chromium, Playwright or Voila.
    """
    import os
    import re
    import socket
    import statistics
    import tempfile
    from pathlib import Path

    from ..bench import CHROMIUM_ARGS, CHROMIUM_PATH, _voila

    if not os.access(CHROMIUM_PATH, os.X_OK):
        raise RuntimeError(f"bench --coach --browser needs {CHROMIUM_PATH} (apt-get install chromium)")
    try:
        import nbformat
        from playwright.sync_api import sync_playwright
    except ImportError as error:
        raise RuntimeError(f"bench --coach --browser needs playwright and nbformat: {error}") from error
    found = {}
    for game in games or list(APP_CELLS):
        cell, prefix = APP_CELLS[game]
        with tempfile.TemporaryDirectory() as tmp, socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
            probe.close()
            notebook = Path(tmp) / "hint.ipynb"
            nb = nbformat.v4.new_notebook(metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                                   "language": "python"}})
            nb.cells = [nbformat.v4.new_code_cell(cell + "\n" + RESET_CELL)]
            nbformat.write(nb, notebook)
            log = open(Path(tmp) / "voila.log", "w")  # noqa: SIM115 - closed below
            proc = _voila(notebook, port, log)
            times = []
            try:
                with sync_playwright() as playwright:
                    browser = playwright.chromium.launch(executable_path=CHROMIUM_PATH, headless=True,
                                                         args=CHROMIUM_ARGS)
                    context = browser.new_context(viewport={"width": 1280, "height": 1000})
                    context.route(re.compile(r"^https?://(?!127\.0\.0\.1[:/])"), lambda route: route.abort())
                    page = context.new_page()
                    page.goto(f"http://127.0.0.1:{port}/", timeout=120_000)
                    button = page.locator(f".{prefix}-hint").first
                    button.wait_for(timeout=120_000)
                    text = page.locator(f".{prefix}-hint-text").first
                    reset = page.locator(".bench-reset").first
                    shown = ("([el, sel]) => el.textContent.includes(\"Coach's hint\") "
                             "&& document.querySelector(sel) !== null")
                    for _ in range(samples):
                        reset.click()
                        page.wait_for_function("([el, sel]) => el.textContent === '' && "
                                               "document.querySelector(sel) === null",
                                               arg=[text.element_handle(), HIGHLIGHT], timeout=60_000)
                        started = time.perf_counter()
                        button.click()
                        page.wait_for_function(shown, arg=[text.element_handle(), HIGHLIGHT], timeout=60_000)
                        times.append(1000 * (time.perf_counter() - started))
                    browser.close()
            finally:
                import signal

                os.killpg(proc.pid, signal.SIGTERM)
                proc.wait(timeout=30)
                log.close()
        found[game] = {"median_ms": round(statistics.median(times)), "max_ms": round(max(times)),
                       "load_average": round(os.getloadavg()[0], 1)}
    return found

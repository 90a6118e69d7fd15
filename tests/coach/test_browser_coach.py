"""The coach in a real browser: in JupyterLab and in Voila, all four apps: **Hint** outlines a move, **Review**
of a finished game (or round) draws its graph, and **Try the better move** goes back.

One notebook holds the four games' apps (each a hint app at the learner's turn and a review app whose game or
round the bots finished, from near-end positions: ``samarkand.near_end``, ``caravan.last_delivery``, a Jaipur
round and a Marco Polo round), opened once in JupyterLab and once in Voila: two servers and two kernels in all.
Before every click the test waits for the button to be enabled (bots reply asynchronously). Small search budgets
or fixed simulations: these tests check what the page shows, not the advice. Screenshots in artifacts/.
"""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

import nbformat
import pytest

from tests import browser_support as bs

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.browser

GAMES = (("jaipur", "jaipur", ".jaipur-guide-target"), ("samarkand", "samarkand", ".guide-target"),
         ("caravan", "caravan", ".guide-target"), ("marco_polo", "mp", ".guide-target"))
"""(game, CSS prefix of its app, the class of a highlighted widget)."""

CELLS = [
    "from caravan_lessons.caravan.scenario import last_delivery\n"
    "from caravan_lessons.samarkand.scenario import near_end\n"
    "from caravan_lessons.ui import CaravanApp, JaipurApp, MarcoPoloApp, SamarkandApp\n"
    "def mark(app, name, hint=0.3, review=0.05, simulations=None):\n"
    "    app.coach.hint_budget, app.coach.review_budget = hint, review\n"
    "    app.coach.review_simulations = simulations\n"
    "    return app.add_class(name)\n"
    "def bots_then_human(app, bot):\n"
    "    app.seat_pickers[0].value = bot\n"
    "    app.seat_pickers[0].value = 'human'\n"
    "    assert app.state.is_terminal() or app.paused\n"
    "    return app",
    # Jaipur: a round seat 0 played at random (the review tags a mistake, so Try the better move shows)
    "mark(JaipurApp(seed=3, bot='greedy'), 'coach-jaipur-hint')",
    "mark(bots_then_human(JaipurApp(seed=3, bot='greedy', mode='match'), 'random'), 'coach-jaipur-review', "
    "simulations=100)",
    "mark(SamarkandApp(players=3, state=near_end(3, seed=2, turns_left=1), seats=['human', 'greedy', 'greedy']), "
    "'coach-samarkand-hint')",
    "mark(bots_then_human(SamarkandApp(players=3, state=near_end(3, seed=2, turns_left=1), "
    "seats=['human', 'greedy', 'greedy']), 'greedy'), 'coach-samarkand-review')",
    "mark(CaravanApp(state=last_delivery(), seats=['human', 'greedy']), 'coach-caravan-hint')",
    "mark(bots_then_human(CaravanApp(state=last_delivery(), seats=['human', 'greedy']), 'greedy'), "
    "'coach-caravan-review')",
    "mark(MarcoPoloApp(players=2, seed=4, seats=['human', 'mp-greedy']), 'coach-marco_polo-hint')",
    # Marco Polo: round 1 with seat 0 at random (a mistake and an inaccuracy at 400 simulations)
    "mark(bots_then_human(MarcoPoloApp(players=2, seed=4, seats=['human', 'mp-greedy']), 'random'), "
    "'coach-marco_polo-review', simulations=400)",
]
TRIES = ("jaipur", "marco_polo")
"""The review apps whose review tags a move: their Try the better move is clicked."""


def _notebook(folder: Path, name: str, cells: list[str]) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source) for source in cells]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = folder / name
    nbformat.write(nb, path)
    return path


def _image_shown(locator) -> bool:
    return locator.evaluate("img => img.complete && img.naturalWidth > 0")


def _click(locator, timeout: float = 60_000) -> None:
    """Click a button once it is visible and enabled (a bot's reply may still be on its way)."""
    from playwright.sync_api import expect

    locator.scroll_into_view_if_needed(timeout=timeout)
    expect(locator).to_be_enabled(timeout=timeout)
    locator.click()


def _use_the_coach(page, artifacts: Path, where: str) -> dict:
    """In every app of the page: Hint, then Review (and Try the better move where a move is tagged).
    Returns the click-to-shown seconds per game and step."""
    from playwright.sync_api import expect

    times = {}
    for game, prefix, target in GAMES:
        app = page.locator(f".coach-{game}-hint").first
        expect(app).to_be_attached(timeout=120_000)
        started = time.perf_counter()
        _click(app.locator(f".{prefix}-hint"))
        expect(app.locator(f".{prefix}-hint-text")).to_contain_text("Coach's hint", timeout=60_000)
        expect(app.locator(target).first).to_be_visible(timeout=30_000)
        expect(app.locator(f".{prefix}-hint-text")).to_contain_text("simulations")
        times[f"{game} hint"] = time.perf_counter() - started
        page.screenshot(path=str(artifacts / f"coach_{where}_{game}_hint.png"), full_page=False)
    for game, prefix, target in GAMES:
        app = page.locator(f".coach-{game}-review").first
        expect(app).to_be_attached(timeout=60_000)
        started = time.perf_counter()
        _click(app.locator(f".{prefix}-review"))
        graph = app.locator(f".{prefix}-review-graph")
        expect(graph).to_be_visible(timeout=240_000)
        assert _image_shown(graph)
        expect(app.locator(f".{prefix}-review-status")).to_contain_text(" judged")
        times[f"{game} review"] = time.perf_counter() - started
        page.screenshot(path=str(artifacts / f"coach_{where}_{game}_review.png"), full_page=False)
        if game in TRIES:
            tries = app.locator(f".{prefix}-review-try:visible")
            expect(tries.first).to_be_visible(timeout=30_000)
            started = time.perf_counter()
            _click(tries.first)
            expect(app.locator(f".{prefix}-hint-text")).to_contain_text("Back before move", timeout=30_000)
            expect(app.locator(target).first).to_be_visible(timeout=30_000)
            times[f"{game} try the better move"] = time.perf_counter() - started
    print(where, {k: round(v, 2) for k, v in times.items()})
    assert not bs.page_errors(page), bs.page_errors(page)
    return times


def test_hint_and_review_in_jupyterlab(tmp_path, artifacts):
    """The four apps in one JupyterLab notebook (cells kept in the page: windowing off)."""
    bs.require_browser()
    path = _notebook(tmp_path, "coach_lab.ipynb", CELLS)
    tracker = tmp_path / "lab-settings" / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True, exist_ok=True)
    (tracker / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}), encoding="utf-8")
    with bs.jupyterlab(tmp_path, tmp_path, log_dir=artifacts) as (base, token), \
            bs.chromium_page(artifacts, "coach_lab") as page:
        page.goto(bs.lab_url(base, token, path.name))
        page.wait_for_function(bs.JS_KERNEL_IDLE, timeout=120_000)
        page.evaluate(bs.JS_RUN_ALL)
        page.wait_for_function(bs.JS_ALL_CELLS_RAN, timeout=300_000)
        _use_the_coach(page, artifacts, "lab")


def test_hint_and_review_in_voila(tmp_path, artifacts):
    """The same four apps in Voila."""
    from playwright.sync_api import expect

    bs.require_browser()
    path = _notebook(tmp_path, "coach_voila.ipynb", CELLS)
    port = bs.free_port()
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"))
    proc, log = bs.start_server([str(bs.VENV_BIN / "voila"), str(path), "--no-browser", f"--port={port}",
                                 "--Voila.ip=127.0.0.1"], tmp_path, artifacts / "coach_voila.log", env)
    try:
        from tests.test_voila import wait_port

        wait_port(port, proc)
        with bs.chromium_page(artifacts, "coach_voila") as page:
            page.goto(f"http://127.0.0.1:{port}/", timeout=180_000)
            expect(page.locator(".coach-marco_polo-review").first).to_be_attached(timeout=300_000)
            _use_the_coach(page, artifacts, "voila")
    finally:
        bs.stop_server(proc, log)

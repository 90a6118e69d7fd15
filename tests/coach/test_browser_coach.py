"""The coach in a real browser: Hint highlights a move, Review opens at the end (JupyterLab and Voila).

1. JupyterLab, Jaipur: the learner clicks **Hint**: the coach's cards and action button are outlined in
   orange and the reason shows under the table; a second app whose round the bots finished shows **Review**:
   clicking it draws the evaluation graph and the costliest moves, and **Try the better move** goes back.
2. Voila, Caravan from the last delivery (``scenario.last_delivery``): **Hint** outlines the delivery in the
   list of actions; the learner plays it, the game ends, and **Review** draws the graph.
3. Voila, Samarkand and Marco Polo: **Hint** outlines a move; **Review** of a finished game / round.
Small search budgets: these tests check what the page shows, not the advice. Screenshots in artifacts/.
"""
from __future__ import annotations

import os
import time
from pathlib import Path

import nbformat
import pytest

from tests import browser_support as bs

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.browser


def _notebook(folder: Path, name: str, cells: list[str]) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source) for source in cells]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = folder / name
    nbformat.write(nb, path)
    return path


def _image_shown(locator) -> bool:
    return locator.evaluate("img => img.complete && img.naturalWidth > 0")


def test_hint_and_review_in_jupyterlab(tmp_path, artifacts):
    from playwright.sync_api import expect

    bs.require_browser()
    path = _notebook(tmp_path, "coach_lab.ipynb", [
        "from caravan_lessons.ui import JaipurApp\n"
        "app = JaipurApp(seed=3, bot='greedy')\napp.coach.hint_budget = 0.5\napp.add_class('coach-hint-app')\napp",
        "done = JaipurApp(seed=3, seats=['greedy', 'greedy'])\ndone.seat_pickers[0].value = 'human'\n"
        "done.coach.review_budget = 0.05\ndone.add_class('coach-review-app')\ndone"])
    with bs.jupyterlab(tmp_path, tmp_path, log_dir=artifacts) as (base, token), \
            bs.chromium_page(artifacts, "coach_lab") as page:
        page.goto(bs.lab_url(base, token, path.name))
        page.wait_for_function(bs.JS_KERNEL_IDLE, timeout=120_000)
        page.evaluate(bs.JS_RUN_ALL)
        page.wait_for_function(bs.JS_ALL_CELLS_RAN, timeout=180_000)
        app = page.locator(".coach-hint-app").first
        expect(app.locator(".jaipur-hint")).to_be_visible(timeout=60_000)
        app.locator(".jaipur-hint").scroll_into_view_if_needed()
        started = time.perf_counter()
        app.locator(".jaipur-hint").click()
        expect(app.locator(".jaipur-hint-text")).to_contain_text("Coach's hint", timeout=30_000)
        expect(app.locator(".jaipur-guide-target").first).to_be_visible(timeout=15_000)
        print(f"hint: click to highlight {1000 * (time.perf_counter() - started):.0f} ms")
        expect(app.locator(".jaipur-hint-text")).to_contain_text("simulations")
        page.screenshot(path=str(artifacts / "coach_lab_hint.png"), full_page=True)

        done = page.locator(".coach-review-app").first
        done.scroll_into_view_if_needed()
        review = done.locator(".jaipur-review")
        expect(review).to_be_visible(timeout=30_000)
        review.click()
        graph = done.locator(".jaipur-review-graph")
        expect(graph).to_be_visible(timeout=120_000)
        assert _image_shown(graph)
        expect(done.locator(".jaipur-review-status")).to_contain_text("decisions judged")
        tries = done.locator(".jaipur-review-try:visible")
        expect(tries.first).to_be_visible(timeout=30_000)
        page.screenshot(path=str(artifacts / "coach_lab_review.png"), full_page=True)
        tries.first.click()
        expect(done.locator(".jaipur-hint-text")).to_contain_text("Back before move", timeout=30_000)
        expect(done.locator(".jaipur-guide-target").first).to_be_visible(timeout=15_000)
        assert not bs.page_errors(page), bs.page_errors(page)


def test_hint_and_review_in_voila(tmp_path, artifacts):
    from playwright.sync_api import expect

    bs.require_browser()
    path = _notebook(tmp_path, "coach_voila.ipynb", [
        "from caravan_lessons.caravan.scenario import last_delivery\n"
        "from caravan_lessons.ui.caravan_app import CaravanApp\n"
        "app = CaravanApp(state=last_delivery(), seats=['human', 'greedy'])\n"
        "app.coach.hint_budget = 0.5\napp.coach.review_budget = 0.05\napp"])
    port = bs.free_port()
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"))
    proc, log = bs.start_server([str(bs.VENV_BIN / "voila"), str(path), "--no-browser", f"--port={port}",
                                 "--Voila.ip=127.0.0.1"], tmp_path, artifacts / "coach_voila.log", env)
    try:
        from tests.test_voila import wait_port

        wait_port(port, proc)
        with bs.chromium_page(artifacts, "coach_voila") as page:
            page.goto(f"http://127.0.0.1:{port}/", timeout=120_000)
            app = page.locator(".caravan-app").first
            expect(app).to_be_visible(timeout=90_000)
            app.locator(".caravan-hint").click()
            expect(app.locator(".caravan-hint-text")).to_contain_text("move ivory from r1c3 to r0c3", timeout=30_000)
            expect(app.locator(".caravan-actions.guide-target")).to_be_visible(timeout=15_000)
            page.screenshot(path=str(artifacts / "coach_voila_hint.png"), full_page=True)
            app.locator(".caravan-play").click()  # the highlighted move is the selected one
            expect(app.locator(".caravan-status")).to_contain_text("wins", timeout=30_000)
            app.locator(".caravan-review").click()
            graph = app.locator(".caravan-review-graph")
            expect(graph).to_be_visible(timeout=120_000)
            assert _image_shown(graph)
            page.screenshot(path=str(artifacts / "coach_voila_review.png"), full_page=True)
            assert not bs.page_errors(page), bs.page_errors(page)
    finally:
        bs.stop_server(proc, log)


def test_hint_and_review_of_the_map_games_in_voila(tmp_path, artifacts):
    """Samarkand and Marco Polo in Voila: **Hint** outlines the coach's move in orange and explains it; the
    review of a game (Samarkand) and of a round (Marco Polo) the bots finished runs in the background on two
    worker processes and draws its graph (a Samarkand review in fresh workers once failed: board not loaded)."""
    from playwright.sync_api import expect

    bs.require_browser()
    path = _notebook(tmp_path, "coach_maps.ipynb", [
        "from caravan_lessons.samarkand.scenario import near_end\n"
        "from caravan_lessons.ui import MarcoPoloApp, SamarkandApp\n"
        "sam = SamarkandApp(players=3, state=near_end(3, seed=2, turns_left=1), seats=['human', 'greedy', 'greedy'])\n"
        "sam.coach.hint_budget = 0.5\nsam.add_class('coach-sam-hint')\nsam",
        "done = SamarkandApp(players=3, state=near_end(3, seed=2, turns_left=1), seats=['greedy', 'greedy', 'greedy'])\n"
        "done.seat_pickers[0].value = 'human'\nassert done.state.is_terminal()\n"
        "done.coach.review_budget = 0.05\ndone.add_class('coach-sam-review')\ndone",
        "mp = MarcoPoloApp(players=2, seed=4, seats=['human', 'mp-greedy'])\n"
        "mp.coach.hint_budget = 0.5\nmp.add_class('coach-mp-hint')\nmp",
        "round1 = MarcoPoloApp(players=2, seed=4, seats=['mp-greedy', 'mp-greedy'])\n"
        "round1.seat_pickers[0].value = 'human'\nround1.coach.review_budget = 0.05\n"
        "round1.add_class('coach-mp-review')\nround1"])
    port = bs.free_port()
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"))
    proc, log = bs.start_server([str(bs.VENV_BIN / "voila"), str(path), "--no-browser", f"--port={port}",
                                 "--Voila.ip=127.0.0.1"], tmp_path, artifacts / "coach_maps.log", env)
    try:
        from tests.test_voila import wait_port

        wait_port(port, proc)
        with bs.chromium_page(artifacts, "coach_maps") as page:
            page.goto(f"http://127.0.0.1:{port}/", timeout=120_000)
            for root, prefix in ((".coach-sam-hint", "samarkand"), (".coach-mp-hint", "mp")):
                app = page.locator(root).first
                expect(app).to_be_visible(timeout=120_000)
                app.locator(f".{prefix}-hint").scroll_into_view_if_needed()
                app.locator(f".{prefix}-hint").click()
                expect(app.locator(f".{prefix}-hint-text")).to_contain_text("Coach's hint", timeout=30_000)
                expect(app.locator(".guide-target").first).to_be_visible(timeout=15_000)
                page.screenshot(path=str(artifacts / f"coach_{prefix}_hint.png"), full_page=True)
            for root, prefix in ((".coach-sam-review", "samarkand"), (".coach-mp-review", "mp")):
                app = page.locator(root).first
                app.locator(f".{prefix}-review").scroll_into_view_if_needed()
                app.locator(f".{prefix}-review").click()
                graph = app.locator(f".{prefix}-review-graph")
                expect(graph).to_be_visible(timeout=180_000)
                assert _image_shown(graph)
                expect(app.locator(f".{prefix}-review-status")).to_contain_text("decisions judged")
                page.screenshot(path=str(artifacts / f"coach_{prefix}_review.png"), full_page=True)
            assert not bs.page_errors(page), bs.page_errors(page)
    finally:
        bs.stop_server(proc, log)

"""The Caravan play app in a real browser (JupyterLab in Debian's Chromium, driven by Playwright).

1. Lesson 1 runs; the learner chooses an action from the list, plays it and ends the turn; the
   bots answer with their whole turns.
2. Two games clicked to their end. A whole game takes hundreds of clicks, so both start from
   ``scenario.last_delivery()``: the bag is empty and one delivery ends the game (CAR-END-1).
   In the first the learner delivers ivory and wins; in the second the learner ends the turn and
   the greedy bot delivers and wins. Each time the score sheet shows and nothing moves on by itself.
Screenshots go to artifacts/. (Clicking the ipympl canvas is tested in-process with BoardPicker.pick_at.)
"""
import time
from contextlib import contextmanager
from pathlib import Path

import nbformat
import pytest

from tests import browser_support as bs

LESSON = Path(__file__).resolve().parents[2] / "notebooks" / "caravan" / "01_board_and_setup.ipynb"


@contextmanager
def run_in_lab(notebook: Path, tmp_path: Path, artifacts: Path, name: str):
    """Open ``notebook`` in JupyterLab, run all cells, yield the page."""
    bs.require_browser()
    with bs.jupyterlab(notebook.parent, tmp_path, log_dir=artifacts) as (base, token), \
            bs.chromium_page(artifacts, name) as page:
        page.goto(bs.lab_url(base, token, notebook.name))
        page.wait_for_function(bs.JS_KERNEL_IDLE, timeout=120_000)
        page.evaluate(bs.JS_RUN_ALL)
        page.wait_for_function(bs.JS_ALL_CELLS_RAN, timeout=180_000)
        yield page
        assert not bs.page_errors(page)


def _lesson_app(page, notebook: Path, prefix: str = "caravan"):
    """The app the lesson's own ``app = CaravanApp(...)`` cell shows, found by that cell's source line.

    Not ``.caravan-app`` first: the lesson shows other apps before it (the guided first turn, ipympl, heuristic
    bots), and which come first changes as the lesson grows."""
    lines = [line for cell in nbformat.read(notebook, as_version=4).cells if cell.cell_type == "code"
             for line in cell.source.splitlines() if line.startswith("app = CaravanApp(")]
    assert len(lines) == 1, f"{notebook.name}: expected one 'app = CaravanApp(' line, found {lines}"
    return page.locator(".jp-CodeCell").filter(has_text=lines[0]).locator(f".{prefix}-app")


def _option_index(app, words: str) -> int:
    options = [t.replace("\xa0", " ") for t in app.locator(".caravan-actions select option").all_inner_texts()]
    return next(i for i, text in enumerate(options) if words in text)


@pytest.mark.browser
def test_caravan_app_in_jupyterlab(tmp_path, artifacts):
    from playwright.sync_api import expect

    with run_in_lab(LESSON, tmp_path, artifacts, "caravan_lab") as page:
        app = _lesson_app(page, LESSON)
        expect(app).to_have_count(1, timeout=60_000)
        expect(app).to_be_visible(timeout=60_000)
        app.scroll_into_view_if_needed()
        expect(app.locator(".caravan-actions-left")).to_contain_text("1 action left", timeout=30_000)
        expect(app.locator(".caravan-clear")).to_be_hidden()      # a picture board: nothing to select or clear
        app.locator(".caravan-actions select").select_option(index=_option_index(app, "place a camel"))
        app.locator(".caravan-play").click()
        expect(app.locator(".caravan-log")).to_contain_text("Player 0 places a camel", timeout=15_000)
        expect(app.locator(".caravan-actions-left")).to_contain_text("0 actions left", timeout=15_000)
        page.screenshot(path=str(artifacts / "caravan_lab_placed.png"))
        app.locator(".caravan-end-turn").click()
        # the bots play their 2- and 3-action turns; then it is ours again with 4 actions
        expect(app.locator(".caravan-actions-left")).to_contain_text("4 actions left", timeout=30_000)
        expect(app.locator(".caravan-log")).to_contain_text("Player 2", timeout=15_000)
        page.screenshot(path=str(artifacts / "caravan_lab_after_bots.png"))


def _end_notebook(folder: Path) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(
        "from caravan_lessons.caravan.scenario import last_delivery\n"
        "from caravan_lessons.ui.caravan_app import CaravanApp\n"
        "win = CaravanApp(state=last_delivery(), seats=['human', 'greedy'])\n"
        "win.add_class('caravan-game-win')\nwin"),
        nbformat.v4.new_code_cell(
        "lose = CaravanApp(state=last_delivery(), seats=['human', 'greedy'])\n"
        "lose.add_class('caravan-game-lose')\nlose")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = folder / "caravan_end.ipynb"
    nbformat.write(nb, path)
    return path


@pytest.mark.browser
def test_games_clicked_to_the_end_won_and_lost_in_jupyterlab(tmp_path, artifacts):
    from playwright.sync_api import expect

    (tmp_path / "nb").mkdir()
    notebook = _end_notebook(tmp_path / "nb")
    with run_in_lab(notebook, tmp_path, artifacts, "caravan_lab_end") as page:
        # the learner delivers ivory to Marrakesh: the game ends and the learner wins
        win = page.locator(".caravan-game-win")
        expect(win.locator(".caravan-actions-left")).to_contain_text("4 actions left", timeout=60_000)
        win.scroll_into_view_if_needed()
        win.locator(".caravan-actions select").select_option(index=_option_index(win, "delivers"))
        win.locator(".caravan-play").click()
        expect(win.locator(".caravan-status")).to_contain_text("Player 0 (you) wins", timeout=15_000)
        expect(win.locator(".caravan-score-sheet")).to_be_visible()
        expect(win.locator(".caravan-end-turn")).to_be_disabled()
        # the log is redrawn after the status: wait for the delivery before reading it
        expect(win.locator(".caravan-log")).to_contain_text("Player 0 delivers ivory", timeout=15_000)
        moves = win.locator(".caravan-log").inner_text()
        time.sleep(1.5)  # nothing moves on by itself
        assert win.locator(".caravan-log").inner_text() == moves
        win.screenshot(path=str(artifacts / "caravan_lab_end_won.png"))
        # the learner ends the turn instead: the greedy bot delivers cloth and wins
        lose = page.locator(".caravan-game-lose")
        lose.scroll_into_view_if_needed()
        lose.locator(".caravan-end-turn").click()
        expect(lose.locator(".caravan-status")).to_contain_text("Player 1 (greedy bot) wins", timeout=15_000)
        expect(lose.locator(".caravan-log")).to_contain_text("Player 1 delivers cloth")
        expect(lose.locator(".caravan-score-sheet")).to_be_visible()
        moves = lose.locator(".caravan-log").inner_text()
        time.sleep(1.5)
        assert lose.locator(".caravan-log").inner_text() == moves
        lose.screenshot(path=str(artifacts / "caravan_lab_end_lost.png"))

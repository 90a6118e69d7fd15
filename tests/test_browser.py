"""The Jaipur play app in a real browser: JupyterLab in Debian's Chromium, driven by Playwright.

A notebook made here shows three apps (a round the learner wins against the random bot, a round
the learner loses against the heuristic bot, and the guided first turn). The tests play whole
rounds by clicking cards and buttons, see the refusal of an illegal move, the pause at the round
end with the score sheet and Next round (whoever won), and press it. The scoring lesson's score
stepper is stepped forward and back. Screenshots go to artifacts/ (look at them).

The click plan is :func:`caravan_lessons.bench.jaipur_click_plan`, the same as the in-process tests
(tests/test_ui_jaipur.py), which check that seed 5 gives a won and a lost round.
"""
import re
import shutil
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests import browser_support as bs

ROOT = Path(__file__).resolve().parent.parent
SCORING = ROOT / "notebooks" / "jaipur" / "05_end_and_scoring.ipynb"

APPS = """from caravan_lessons.ui import JaipurApp, guided_first_turn
win = JaipurApp(seed=5, bot="random")
win.add_class("app-win")
win"""
LOSE = """lose = JaipurApp(seed=5, bot="heuristic")
lose.add_class("app-lose")
lose"""
GUIDED = """guided_first_turn()"""


def _notebook(path: Path) -> None:
    import nbformat

    nb = nbformat.v4.new_notebook(metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                           "language": "python"}})
    nb.cells = [nbformat.v4.new_code_cell(APPS), nbformat.v4.new_code_cell(LOSE), nbformat.v4.new_code_cell(GUIDED)]
    nbformat.write(nb, path)


@contextmanager
def notebook_run_in_lab(notebook: Path, tmp_path: Path, artifacts: Path, name: str):
    """Open a notebook in a fresh JupyterLab in Chromium (default layout), run all cells; yield the page."""
    bs.require_browser()
    with bs.jupyterlab(notebook.parent, tmp_path, log_dir=artifacts) as (base, token), \
            bs.chromium_page(artifacts, name) as page:
        page.goto(bs.lab_url(base, token, notebook.name), timeout=120_000)
        page.wait_for_function(bs.JS_KERNEL_IDLE, timeout=120_000)
        page.evaluate(bs.JS_RUN_ALL)
        page.wait_for_function(bs.JS_ALL_CELLS_RAN, timeout=180_000)
        yield page
        assert not bs.page_errors(page), bs.page_errors(page)


def _play_round(app: "bs.JaipurPage", strong: bool) -> int:
    for moves in range(200):
        if app.paused():
            return moves
        app.play_move(strong)
    raise AssertionError("the round did not end")


def _round_end_seen(page, app: "bs.JaipurPage", artifacts: Path, shot: str, winner_words: str) -> None:
    from playwright.sync_api import expect

    status = app.locator(".jaipur-status")
    expect(status).to_contain_text("Round 1 is over", timeout=15_000)
    expect(status).to_contain_text(winner_words)
    assert "The round is over. The round is over" not in status.inner_text()
    next_round = app.locator(".jaipur-next-round")
    expect(next_round).to_be_visible()
    expect(next_round).to_be_enabled()
    sheet = app.locator(".jaipur-score-sheet")
    expect(sheet).to_be_visible()
    # every button's label is whole, the long "Undo my move and the result" included
    expect(app.locator(".jaipur-undo")).to_contain_text("Undo my move and the result")
    clipped = page.evaluate(f"""[...document.querySelectorAll('{app.root} button')]
        .filter(b => b.offsetParent && b.scrollWidth > b.clientWidth + 1).map(b => b.textContent)""")
    assert clipped == [], clipped
    expect(sheet.locator(".score-text")).to_contain_text("Step 0 of")
    # paused for real: nothing moves for a while, the bot does not deal the next round
    top = app.top_move()
    page.wait_for_timeout(1500)
    assert app.top_move() == top and next_round.is_visible()
    sheet.locator(".score-next").click()
    expect(sheet.locator(".score-text")).to_contain_text("Step 1 of", timeout=15_000)
    expect(sheet.locator(".score-chart")).to_contain_text("counted so far")
    app.locator(".jaipur-status").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"{shot}_page.png"))
    page.locator(app.root).screenshot(path=str(artifacts / f"{shot}.png"))
    app.next_round()
    expect(app.locator(".jaipur-status")).to_contain_text("Player 0 (you) to move", timeout=15_000)
    expect(next_round).to_be_hidden()
    expect(sheet).to_be_hidden()


@pytest.mark.browser
def test_rounds_won_and_lost_pause_with_the_score_sheet_in_jupyterlab(tmp_path, artifacts):
    from playwright.sync_api import expect

    root = tmp_path / "apps"
    root.mkdir()
    notebook = root / "jaipur_apps.ipynb"
    _notebook(notebook)
    with notebook_run_in_lab(notebook, tmp_path, artifacts, "jaipur_app_lab") as page:
        win = bs.JaipurPage(page, ".app-win")
        expect(win.locator(".jaipur-market-card:visible")).to_have_count(5, timeout=60_000)
        win.settle()
        page.locator(".app-win").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / "jaipur_app_start_page.png"))
        page.locator(".app-win").screenshot(path=str(artifacts / "jaipur_app_start.png"))
        # every card name is whole: no button's text overflows it
        clipped = page.evaluate("""[...document.querySelectorAll('.app-win .jaipur-card:not(.jaipur-off)')]
            .filter(b => b.scrollWidth > b.clientWidth + 1).map(b => b.textContent)""")
        assert clipped == []
        # the undo policy (labelled, a toggle) stays on the seat pickers' row; it does not wrap under them
        seat_box = win.locator(".jaipur-seat-1").bounding_box()
        mode_box = win.locator(".jaipur-mode").bounding_box()
        assert abs(mode_box["y"] - seat_box["y"]) < seat_box["height"], (seat_box, mode_box)
        expect(win.locator(".jaipur-settings")).to_contain_text("Undo policy:")
        # the market and the hand come before the token stacks
        market_y = win.locator(".jaipur-market").bounding_box()["y"]
        assert market_y <= win.locator(".jaipur-stacks").bounding_box()["y"]

        # an illegal move: one camel as 'take one good' -> the engine's rule, nothing changes
        before = sorted(win.cards("market"))
        top_of_hand = win.locator(".jaipur-hand").bounding_box()["y"]
        win.locator(".jaipur-market-card.jaipur-card-camel:visible").first.click()
        win.locator(".jaipur-take-one").click()
        explain = win.locator(".jaipur-explain")
        expect(explain).to_contain_text("JAI-TAKE-6", timeout=15_000)
        assert sorted(win.cards("market")) == before
        # the message line is under the buttons: the refusal does not move the cards the learner clicks
        assert win.locator(".jaipur-hand").bounding_box()["y"] == top_of_hand
        explain_y = explain.bounding_box()["y"]
        assert explain_y > win.locator(".jaipur-sell").bounding_box()["y"] > top_of_hand
        page.locator(".app-win").screenshot(path=str(artifacts / "jaipur_app_refusal.png"))
        win.locator(".jaipur-clear").click()
        expect(explain).not_to_contain_text("JAI-TAKE-6", timeout=15_000)  # the stale refusal is gone

        # a whole round by clicking, won against the random bot
        moves = _play_round(win, strong=True)
        assert moves > 10
        _round_end_seen(page, win, artifacts, "jaipur_app_round_won", "Player 0 (you) is richer")

        # the replay slider's keys: Home goes to the start, End back to the newest move (the app was
        # displayed at move 0; the slider's End key kept that range until the app renewed its view)
        handle = win.locator(".jaipur-replay .noUi-handle")
        status = win.locator(".jaipur-status")
        handle.focus()
        page.keyboard.press("Home")
        expect(status).to_contain_text("after move 0 of", timeout=15_000)
        page.keyboard.press("End")
        expect(status).to_contain_text("Player 0 (you) to move", timeout=15_000)
        assert handle.get_attribute("aria-valuenow") == handle.get_attribute("aria-valuemax")

        # a whole round by clicking, lost against the heuristic bot
        lose = bs.JaipurPage(page, ".app-lose")
        lose.settle()
        _play_round(lose, strong=False)
        _round_end_seen(page, lose, artifacts, "jaipur_app_round_lost", "Player 1 (heuristic bot) is richer")

        # the guided first turn: the script's cards are outlined, an off-script card is refused kindly
        guided = bs.JaipurPage(page, ".jaipur-app:not(.app-win):not(.app-lose)")
        expect(guided.locator(".jaipur-explain")).to_contain_text("step 1 of 3")
        assert guided.locator(".jaipur-guide-target:visible").count() >= 3
        guided.locator(".jaipur-market-card:not(.jaipur-guide-target):visible").first.click()
        expect(guided.locator(".jaipur-explain")).to_contain_text("Not that one", timeout=15_000)
        page.locator(guided.root).screenshot(path=str(artifacts / "jaipur_app_guided.png"))


@contextmanager
def lesson_run_in_lab(notebook: Path, tmp_path: Path, artifacts: Path, name: str):
    """Copy one lesson into a fresh JupyterLab, open it in Chromium, run all cells; yield the page."""
    root = tmp_path / "lessons"
    root.mkdir()
    shutil.copy(notebook, root / notebook.name)
    with notebook_run_in_lab(root / notebook.name, tmp_path, artifacts, name) as page:
        yield page


@pytest.mark.browser
def test_score_stepper_in_jupyterlab(tmp_path, artifacts):
    from playwright.sync_api import expect

    with lesson_run_in_lab(SCORING, tmp_path, artifacts, "jaipur_stepper") as page:
        stepper = page.locator(".score-stepper").first
        expect(stepper).to_be_visible(timeout=60_000)
        stepper.scroll_into_view_if_needed()
        text = stepper.locator(".score-text")
        expect(text).to_contain_text("Step 0 of")
        stepper.locator(".score-next").click()
        expect(text).to_contain_text("Step 1 of", timeout=15_000)
        expect(text).to_contain_text("JAI-")  # the row names its rule
        stepper.locator(".score-next").click()
        expect(text).to_contain_text("Step 2 of", timeout=15_000)
        assert text.locator("tr").count() == 3  # the table grows with the steps
        stepper.locator(".score-back").click()
        expect(text).to_contain_text("Step 1 of", timeout=15_000)
        expect(stepper.locator(".score-chart")).to_contain_text("counted so far")
        stepper.locator(".score-all").click()
        expect(stepper.locator(".score-next")).to_be_disabled(timeout=15_000)
        # Widget updates reach the page one message at a time: wait for the last step's text.
        expect(text).to_contain_text(re.compile(r"Step (\d+) of \1\b"), timeout=15_000)
        total = int(re.search(r"of (\d+)", text.inner_text()).group(1))
        expect(text.locator("tr")).to_have_count(total + 1, timeout=15_000)
        page.screenshot(path=str(artifacts / "jaipur_lab_stepper.png"))


@pytest.mark.browser
def test_bench_measures_click_to_settled_dom_in_a_browser():
    from caravan_lessons.bench import browser_latency

    bs.require_browser()
    figures = browser_latency(samples=3)
    for kind in ("move_with_bot_reply", "undo", "stepper_next", "replay_step"):
        assert 0 < figures[kind] < 5000, figures
        assert figures["samples"][kind] >= 3

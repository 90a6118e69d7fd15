"""Jaipur lessons in a real browser: JupyterLab in Debian's Chromium, driven by Playwright.

Run all cells, then in the play app: try an illegal move (a single camel as 'take one') and see
the rule explanation; take one good and see the market change. In the scoring lesson, step the
score sheet forward and back. Screenshots go to artifacts/.
"""
import shutil
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests import browser_support as bs

ROOT = Path(__file__).resolve().parent.parent
LESSON = ROOT / "notebooks" / "jaipur" / "01_play_a_round.ipynb"
SCORING = ROOT / "notebooks" / "jaipur" / "05_end_and_scoring.ipynb"


@contextmanager
def lesson_run_in_lab(notebook: Path, tmp_path: Path, artifacts: Path, name: str):
    """Copy one lesson into a fresh JupyterLab, open it in Chromium, run all cells; yield the page."""
    bs.require_browser()
    root = tmp_path / "lessons"
    root.mkdir()
    shutil.copy(notebook, root / notebook.name)
    with bs.jupyterlab(root, tmp_path, log_dir=artifacts) as (base, token), \
            bs.chromium_page(artifacts, name) as page:
        page.goto(bs.lab_url(base, token, notebook.name), timeout=120_000)
        page.wait_for_function(bs.JS_KERNEL_IDLE, timeout=120_000)
        page.evaluate(bs.JS_RUN_ALL)
        page.wait_for_function(bs.JS_ALL_CELLS_RAN, timeout=180_000)
        yield page
        assert not bs.page_errors(page), bs.page_errors(page)


@pytest.mark.browser
def test_jaipur_lesson_in_jupyterlab(tmp_path, artifacts):
    from playwright.sync_api import expect

    with lesson_run_in_lab(LESSON, tmp_path, artifacts, "jaipur_lab") as page:
        app = page.locator(".jaipur-app").first
        expect(app).to_be_visible(timeout=60_000)
        app.scroll_into_view_if_needed()
        market = app.locator(".jaipur-market-card:visible")
        expect(market).to_have_count(5, timeout=30_000)
        before = sorted(market.all_inner_texts())
        deck = int(app.locator(".jaipur-deck-count").inner_text())

        # illegal: one camel as 'take one good' -> JAI-TAKE-6, nothing changes
        app.locator(".jaipur-market-card.jaipur-card-camel:visible").first.click()
        app.locator(".jaipur-take-one").click()
        explain = app.locator(".jaipur-explain")
        expect(explain).to_contain_text("JAI-TAKE-6", timeout=15_000)
        expect(explain).to_contain_text("camel")
        assert sorted(market.all_inner_texts()) == before
        page.screenshot(path=str(artifacts / "jaipur_lab_illegal.png"))

        # legal: clear, select a goods card, take it -> the deck refills the market, the log says so
        app.locator(".jaipur-clear").click()
        good = next(text for text in before if text.strip() != "camel").strip()
        app.locator(f".jaipur-market-card.jaipur-card-{good}:visible").first.click()
        app.locator(".jaipur-take-one").click()
        expect(app.locator(".jaipur-log")).to_contain_text(f"Player 0 takes one {good}", timeout=15_000)
        assert int(app.locator(".jaipur-deck-count").inner_text()) < deck  # the deck refilled the market
        expect(app.locator(".jaipur-hand-card.jaipur-card-" + good + ":visible").first).to_be_visible()
        page.screenshot(path=str(artifacts / "jaipur_lab_legal.png"))


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
        stepper.locator(".score-back").click()
        expect(text).to_contain_text("Step 1 of", timeout=15_000)
        chart = stepper.locator(".score-chart")
        expect(chart).to_be_visible()
        assert chart.evaluate("img => img.complete && img.naturalWidth") > 0
        stepper.locator(".score-all").click()
        expect(stepper.locator(".score-next")).to_be_disabled(timeout=15_000)
        page.screenshot(path=str(artifacts / "jaipur_lab_stepper.png"))

"""The Caravan play app in a real browser (JupyterLab in Debian's Chromium, driven by Playwright):
run lesson 1, choose an action from the list, play it, end the turn; the bots answer. Screenshots go
to artifacts/. (Clicking the ipympl canvas is tested in-process with BoardPicker.pick_at.)"""
from pathlib import Path

import pytest

from tests.test_browser import lesson_run_in_lab

LESSON = Path(__file__).resolve().parents[2] / "notebooks" / "caravan" / "01_board_and_setup.ipynb"


@pytest.mark.browser
def test_caravan_app_in_jupyterlab(tmp_path, artifacts):
    from playwright.sync_api import expect

    with lesson_run_in_lab(LESSON, tmp_path, artifacts, "caravan_lab") as page:
        app = page.locator(".caravan-app").first
        expect(app).to_be_visible(timeout=60_000)
        app.scroll_into_view_if_needed()
        expect(app.locator(".caravan-actions-left")).to_contain_text("1 action left", timeout=30_000)
        select = app.locator(".caravan-actions select")
        options = select.locator("option").all_inner_texts()
        place = next(i for i, text in enumerate(options) if "place a camel" in text.replace("\xa0", " "))
        select.select_option(index=place)
        app.locator(".caravan-play").click()
        expect(app.locator(".caravan-log")).to_contain_text("Player 0 places a camel", timeout=15_000)
        expect(app.locator(".caravan-actions-left")).to_contain_text("0 actions left", timeout=15_000)
        page.screenshot(path=str(artifacts / "caravan_lab_placed.png"))
        app.locator(".caravan-end-turn").click()
        # the two greedy bots play their 2- and 3-action turns; then it is ours again with 4 actions
        expect(app.locator(".caravan-actions-left")).to_contain_text("4 actions left", timeout=30_000)
        expect(app.locator(".caravan-log")).to_contain_text("Player 2", timeout=15_000)
        page.screenshot(path=str(artifacts / "caravan_lab_after_bots.png"))

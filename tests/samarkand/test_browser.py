"""The Samarkand play app in a real browser: JupyterLab in Debian's Chromium, driven by Playwright.

A whole game takes a few hundred decisions, so each app starts from a near-end position
(``samarkand.near_end``: heuristic bots played the game, and it is taken back to a few turns of
seat 0 before the end). The learner then plays to the end by clicking buttons (the list of legal
spaces is pre-selected; a discard over the limit selects cards in the list first): once the human
wins (seed 6) and once the heuristic bot wins (seed 4), as the in-process test finds with the same
click plan. At the end the status names the winner, the score sheet shows and steps, and nothing
moves on by itself. Screenshots go to artifacts/ (look at them).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests import browser_support as bs

ORDER = ("place", "end_turn", "discard", "keep", "marry", "pass")
WIN, LOSE = 6, 4  # near_end(players=2, seed=...): the click plan wins / loses

CELL = """from caravan_lessons.samarkand import near_end
from caravan_lessons.ui.samarkand_app import SamarkandApp
{name} = SamarkandApp(state=near_end(players=2, seed={seed}), seats=["human", "heuristic"])
{name}.add_class("app-{name}")
{name}"""


def click_plan(app) -> str:
    """In-process twin of the browser clicks: the first enabled button of ORDER (a discard over the
    limit first selects the first cards of the list). Returns the button's name."""
    for name in ORDER:
        if not app.buttons[name].disabled:
            if name == "discard":
                state = app.state
                need = len(state.hands[state.active]) + len(state.sold[state.active]) - state.limit
                app.discard_picker.value = tuple(v for _, v in app.discard_picker.options[:max(0, need)])
            app.buttons[name].click()
            return name
    raise AssertionError("no button is enabled")


@pytest.mark.parametrize("seed, human_wins", [(WIN, True), (LOSE, False)])
def test_the_click_plan_wins_and_loses_in_process(seed, human_wins):
    from caravan_lessons.samarkand import near_end
    from caravan_lessons.ui.samarkand_app import SamarkandApp

    app = SamarkandApp(state=near_end(players=2, seed=seed), seats=["human", "heuristic"])
    for _ in range(80):
        if app.state.is_terminal():
            break
        click_plan(app)
    assert app.state.is_terminal() and (app.state.winners == [0]) is human_wins
    app.close()


def _notebook(path: Path) -> None:
    import nbformat

    nb = nbformat.v4.new_notebook(metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                           "language": "python"}})
    nb.cells = [nbformat.v4.new_code_cell(CELL.format(name="win", seed=WIN)),
                nbformat.v4.new_code_cell(CELL.format(name="lose", seed=LOSE))]
    nbformat.write(nb, path)


def _log_head(page, root: str) -> str:
    return page.locator(f"{root} .samarkand-log").inner_text().split("\n", 1)[0]


def _click_once(page, root: str) -> str:
    """Click the first enabled button of ORDER in the app at ``root``; wait until the page settled.

    The log's head changes as soon as the learner's move lands, while the bot's reply may still be
    on its way (every button disabled meanwhile): wait first until a button is enabled again.
    Returns the button's name, or "over" when the game ended before a button came back."""
    page.wait_for_function(
        "([root, names]) => names.some(n => { const b = document.querySelector(root + ' button.samarkand-' + n);"
        " return b && !b.disabled; }) || (document.querySelector(root + ' .samarkand-status')?.innerText || '')"
        ".includes('The game is over')", arg=[root, list(ORDER)], timeout=30_000)
    if "The game is over" in page.locator(f"{root} .samarkand-status").inner_text():
        return "over"
    before = _log_head(page, root)
    for name in ORDER:
        button = page.locator(f"{root} button.samarkand-{name}")
        if button.is_enabled():
            if name == "discard":
                select = page.locator(f"{root} .samarkand-discard-picker select")
                options = select.locator("option").all_inner_texts()
                need = _discards_needed(page, root)
                if need:
                    select.select_option(label=options[:need])
                    page.wait_for_timeout(300)
            button.click()
            page.wait_for_function(
                "([root, before]) => { const el = document.querySelector(root + ' .samarkand-log');"
                " return el && el.innerText.split('\\n')[0] !== before; }", arg=[root, before], timeout=30_000)
            return name
    raise AssertionError("no button is enabled")


def _discards_needed(page, root: str) -> int:
    """The number of cards over the limit, read off the hand panel ("... (5 in hand + 1 sold, limit 6)")."""
    import re

    text = page.locator(f"{root} .samarkand-hand").inner_text()
    found = re.search(r"\((\d+) in hand \+ (\d+) sold, limit (\d+)\)", text)
    return max(0, int(found.group(1)) + int(found.group(2)) - int(found.group(3))) if found else 0


def _play_to_the_end(page, root: str) -> int:
    for clicks in range(80):
        if "The game is over" in page.locator(f"{root} .samarkand-status").inner_text():
            return clicks
        _click_once(page, root)
    raise AssertionError("the game did not end")


@pytest.mark.browser
def test_games_won_and_lost_end_with_the_score_sheet_in_jupyterlab(tmp_path, artifacts):
    from playwright.sync_api import expect

    bs.require_browser()
    root_dir = tmp_path / "apps"
    root_dir.mkdir()
    notebook = root_dir / "samarkand_apps.ipynb"
    _notebook(notebook)
    with bs.jupyterlab(root_dir, tmp_path, log_dir=artifacts) as (base, token), \
            bs.chromium_page(artifacts, "samarkand_app_lab") as page:
        page.goto(bs.lab_url(base, token, notebook.name), timeout=120_000)
        page.wait_for_function(bs.JS_KERNEL_IDLE, timeout=120_000)
        page.evaluate(bs.JS_RUN_ALL)
        page.wait_for_function(bs.JS_ALL_CELLS_RAN, timeout=240_000)
        for name, human_wins in (("win", True), ("lose", False)):
            root = f".app-{name}"
            app = page.locator(root)
            expect(app.locator(".samarkand-status")).to_contain_text("Player 0 (you) to move", timeout=60_000)
            app.scroll_into_view_if_needed()
            page.screenshot(path=str(artifacts / f"samarkand_app_{name}_start_page.png"))
            app.screenshot(path=str(artifacts / f"samarkand_app_{name}_start.png"))
            clicks = _play_to_the_end(page, root)
            assert clicks >= 1
            status = app.locator(".samarkand-status")
            expect(status).to_contain_text("The game is over")
            winner = "Player 0 (you) wins" if human_wins else "Player 1 (heuristic bot) wins"
            expect(status).to_contain_text(winner)
            sheet = app.locator(".samarkand-score-sheet")
            expect(sheet).to_be_visible()
            expect(sheet.locator(".score-text")).to_contain_text("Step 0 of")
            # nothing moves on by itself: the log stays as it is, every action button is disabled
            head = _log_head(page, root)
            page.wait_for_timeout(1500)
            assert _log_head(page, root) == head
            for button in ORDER:
                expect(app.locator(f"button.samarkand-{button}")).to_be_disabled()
            sheet.locator(".score-next").click()
            expect(sheet.locator(".score-text")).to_contain_text("Step 1 of", timeout=15_000)
            sheet.locator(".score-all").click()
            expect(sheet.locator(".score-next")).to_be_disabled(timeout=15_000)
            status.scroll_into_view_if_needed()
            page.screenshot(path=str(artifacts / f"samarkand_app_{name}_end_page.png"))
            app.screenshot(path=str(artifacts / f"samarkand_app_{name}_end.png"))
        assert not bs.page_errors(page), bs.page_errors(page)

"""The Marco Polo play app in a real browser (JupyterLab in Debian's Chromium, driven by Playwright): place
dice on travel by clicking the space button and choosing from the list, then travel by clicking the destination
on the ipympl map; the path and its cost appear before Play confirms; the bot answers. Screenshots go to
artifacts/ (look at them)."""
import time
from pathlib import Path

import pytest

from tests import browser_support as bs
from tests.test_browser import notebook_run_in_lab

SETUP = """%matplotlib widget
from caravan_lessons.ui.marco_polo_app import MarcoPoloApp
app = MarcoPoloApp(players=2, seed=5, seats=["human", "random"], characters=["berke", "mercator"], canvas="ipympl")
app"""

WATCH = """watch = MarcoPoloApp(players=2, seed=4, seats=["mp-greedy", "random"])   # bots only: they stop at round ends
watch"""


def _notebook(path: Path) -> None:
    import nbformat

    nb = nbformat.v4.new_notebook(metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                           "language": "python"}})
    nb.cells = [nbformat.v4.new_code_cell(SETUP), nbformat.v4.new_code_cell(WATCH)]
    nbformat.write(nb, path)


def _fraction_of(city: str) -> tuple[float, float]:
    """Where ``city`` lies on the app's map, as fractions of the figure's width and height from the top left: the
    map of the same app built here (not a copy of its size, which goes stale when the app's map changes)."""
    from caravan_lessons.boards import positions
    from caravan_lessons.ui.marco_polo_app import MarcoPoloApp

    app = MarcoPoloApp(players=2, seed=5, seats=["human", "random"], characters=["berke", "mercator"])
    view = app.map_view
    x, y = view.ax.transData.transform(positions(app.state.data.board)[city])
    width, height = view.figure.bbox.width, view.figure.bbox.height
    app.close()
    return x / width, 1 - y / height


def settled(page) -> None:
    """Wait until the kernel has finished the click's handler (the map is redrawn after the message line)."""
    page.wait_for_function(bs.JS_KERNEL_IDLE, timeout=30_000)
    page.wait_for_timeout(400)                                     # the canvas image travels after the idle


@pytest.mark.browser
def test_place_dice_and_travel_by_clicking_in_jupyterlab(tmp_path, artifacts):
    from playwright.sync_api import expect

    root = tmp_path / "nb"
    root.mkdir()
    _notebook(root / "mp_app.ipynb")
    with notebook_run_in_lab(root / "mp_app.ipynb", tmp_path, artifacts, "mp_lab") as page:
        app = page.locator(".mp-app").first
        expect(app).to_be_visible(timeout=60_000)
        canvas = app.locator(".mp-map canvas").first
        expect(canvas).to_be_visible(timeout=60_000)
        page.wait_for_function(f"els => ({bs.JS_PAINTED_PIXELS})(els) > 5000",
                               arg=app.locator(".mp-map canvas").element_handles(), timeout=60_000)
        app.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / "mp_lab_start.png"), full_page=False)
        # End turn cannot be pressed before the main action: it must look so (grey, not the orange it wears later)
        end_turn = app.locator(".mp-end-turn")
        expect(end_turn).to_be_disabled()
        disabled_colour = end_turn.evaluate("b => getComputedStyle(b).backgroundColor")
        app.locator(".mp-space-coins").click()
        expect(app.locator(".mp-prompt")).to_contain_text("Take 5 coins", timeout=15_000)
        app.locator(".mp-space-travel").click()
        # the prompt asks the question of the space just clicked, not the previous one
        expect(app.locator(".mp-prompt")).to_contain_text("Travel", timeout=15_000)
        expect(app.locator(".mp-prompt")).not_to_contain_text("Take 5 coins")
        select = app.locator(".mp-choices select")
        expect(select.locator("option").first).to_contain_text("on travel", timeout=15_000)
        options = select.locator("option").all_inner_texts()
        select.select_option(index=len(options) - 1)           # the highest dice: the most steps
        app.locator(".mp-play").click()
        expect(app.locator(".mp-prompt")).to_contain_text("choose the path of your travel", timeout=15_000)
        settled(page)
        page.screenshot(path=str(artifacts / "mp_lab_travel_choice.png"), full_page=False)
        fx, fy = _fraction_of("alexandria")
        box = canvas.bounding_box()
        # the top canvas (ipympl's rubber band layer) takes the pointer: click the page there
        start = time.perf_counter()
        page.mouse.click(box["x"] + fx * box["width"], box["y"] + fy * box["height"])
        explain = app.locator(".mp-explain")
        expect(explain).to_contain_text("Travel to Alexandria", timeout=15_000)
        page.wait_for_function(bs.JS_KERNEL_IDLE, timeout=30_000)
        print(f"map click to settled page: {1000 * (time.perf_counter() - start):.0f} ms")
        expect(explain).to_contain_text("coin", timeout=5_000)
        settled(page)
        page.screenshot(path=str(artifacts / "mp_lab_path_shown.png"), full_page=False)
        app.locator(".mp-play").click()
        expect(app.locator(".mp-log")).to_contain_text("Venezia–Alexandria", timeout=20_000)
        settled(page)
        expect(end_turn).to_be_enabled(timeout=10_000)            # the main action is done: End turn is orange now
        enabled_colour = end_turn.evaluate("b => getComputedStyle(b).backgroundColor")
        assert enabled_colour != disabled_colour, (enabled_colour, disabled_colour)
        page.screenshot(path=str(artifacts / "mp_lab_travelled.png"), full_page=False)
        # the bots-only app below stopped at the end of round 1: summary, Next round; one click plays round 2 only
        watch = page.locator(".mp-app").nth(1)
        watch.scroll_into_view_if_needed()
        expect(watch.locator(".mp-status")).to_contain_text("Round 1 of 5 is over", timeout=15_000)
        expect(watch.locator(".mp-round-summary")).to_contain_text("After round 1 of 5")
        next_round = watch.locator(".mp-continue")
        expect(next_round).to_be_visible()
        watch.locator(".mp-settings").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / "mp_lab_round_pause.png"), full_page=False)
        next_round.click()
        expect(watch.locator(".mp-status")).to_contain_text("Round 2 of 5 is over", timeout=20_000)
        expect(watch.locator(".mp-round-summary")).to_contain_text("After round 2 of 5")

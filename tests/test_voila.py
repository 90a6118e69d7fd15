"""The standalone play pages (`make app GAME=...`): Voila serves apps/<game>.ipynb, the app first and nothing
above it; Chromium plays a move on each (the map games by clicking their boards, checked against the same app
in-process, as the browser bench does).

CSS classes this test relies on (keep them, or change the test with them): jaipur-app,
jaipur-market-card, jaipur-card-<type>, jaipur-hand-card, jaipur-take-one, jaipur-log (the play
app) and score-stepper, score-next, score-text (the score stepper).
"""
from __future__ import annotations

import os
import re
import socket
import time
from pathlib import Path

import pytest

from tests.browser_support import VENV_BIN, chromium_page, page_errors, require_browser, start_server, stop_server

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "apps" / "jaipur.ipynb"

pytestmark = pytest.mark.browser


def wait_port(port: int, proc, timeout: float = 90) -> None:
    """Wait until Voila listens (do not GET / to poll: each GET runs the notebook)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, f"voila exited with {proc.returncode}; see its log in artifacts/"
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.3)
    raise TimeoutError(f"voila did not listen on port {port}")


GAMES = ("jaipur", "samarkand", "caravan", "marco_polo")


def test_make_app_serves_each_games_page_with_the_app_first():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^app: .*\n(\t@test .*\n)?\t\$\(BIN\)/voila apps/\$\(GAME\)\.ipynb .*--Voila\.ip=127\.0\.0\.1",
                     makefile, re.MULTILINE)
    assert re.search(r"^GAME \?= jaipur$", makefile, re.MULTILINE)
    import nbformat

    for game in GAMES:
        nb = nbformat.read(ROOT / "apps" / f"{game}.ipynb", as_version=4)
        first = nb.cells[0]
        # the app first and nothing above it: the first cell builds the app and shows it
        assert first.cell_type == "code" and first.source.rstrip().endswith("\napp"), game
        assert not any(c.get("outputs") for c in nb.cells if c.cell_type == "code")


def test_voila_page_plays_a_move_and_steps_the_score(tmp_path, artifacts):
    require_browser()
    from playwright.sync_api import expect

    port = __import__("tests.browser_support", fromlist=["free_port"]).free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT), JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
               MPLBACKEND="module://matplotlib_inline.backend_inline")
    proc, log = start_server([str(VENV_BIN / "voila"), str(APP), "--no-browser", f"--port={port}",
                              "--Voila.ip=127.0.0.1"], ROOT, artifacts / "voila.log", env)
    try:
        wait_port(port, proc)
        with chromium_page(artifacts, "voila_app") as page:
            page.goto(f"http://127.0.0.1:{port}/", timeout=120_000)  # Voila runs the notebook now
            app = page.locator(".jaipur-app").first
            expect(app).to_be_visible(timeout=90_000)
            assert "import" not in page.locator("body").inner_text()  # widgets only, no code
            expect(app.locator(".jaipur-market-card:visible")).to_have_count(5, timeout=30_000)
            hand_before = app.locator(".jaipur-hand-card:visible").count()
            card = app.locator(".jaipur-market-card:visible:not(.jaipur-card-camel)").first
            good = re.search(r"jaipur-card-(\w+)", card.get_attribute("class")).group(1)
            card.click()
            app.locator(".jaipur-take-one").click()
            expect(app.locator(".jaipur-log")).to_contain_text(f"takes one {good}", timeout=30_000)
            expect(app.locator(".jaipur-hand-card:visible")).to_have_count(hand_before + 1, timeout=30_000)
            # the score stepper below the game
            stepper = page.locator(".score-stepper:visible").first  # the app holds a hidden one for its round ends
            text = stepper.locator(".score-text")
            before = text.inner_text()
            stepper.locator(".score-next").click()
            expect(text).not_to_have_text(before, timeout=15_000)
            page.screenshot(path=str(artifacts / "voila_app.png"), full_page=True)
            assert not page_errors(page), page_errors(page)
    finally:
        stop_server(proc, log)


MAP_PAGES = {"samarkand": "samarkand", "caravan": "caravan", "marco_polo": "mp"}


def _serve(page_name: str, tmp_path, artifacts, **extra_env):
    port = __import__("tests.browser_support", fromlist=["free_port"]).free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT), JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"), **extra_env)
    name = "_".join([page_name, *extra_env.values()])
    proc, log = start_server([str(VENV_BIN / "voila"), str(ROOT / "apps" / f"{page_name}.ipynb"), "--no-browser",
                              f"--port={port}", "--Voila.ip=127.0.0.1"], ROOT, artifacts / f"voila_{name}.log", env)
    wait_port(port, proc)
    return port, proc, log


@pytest.mark.parametrize("game", MAP_PAGES)
def test_the_map_games_page_shows_the_app_first_and_plays_a_move_by_clicking_the_board(game, tmp_path, artifacts):
    require_browser()
    import nbformat
    from playwright.sync_api import expect

    from caravan_lessons import browser_bench as bb

    prefix = MAP_PAGES[game]
    port, proc, log = _serve(game, tmp_path, artifacts)
    try:
        with chromium_page(artifacts, f"voila_{game}") as page:
            page.goto(f"http://127.0.0.1:{port}/", timeout=120_000)
            app = page.locator(f".{prefix}-app").first
            expect(app).to_be_visible(timeout=120_000)
            canvas = app.locator(f".{prefix}-{'board' if game == 'caravan' else 'map'} canvas")
            page.wait_for_function(f"els => ({bb.PAINTED_JS})(els) > 5000", arg=canvas.element_handles(),
                                   timeout=60_000)
            body = page.locator("body").inner_text()
            assert "import" not in body                                   # widgets only, no code
            words = page.locator("h2").first
            assert app.bounding_box()["y"] < 60 < words.bounding_box()["y"]   # the app first, the words below
            scope: dict = {}
            exec(nbformat.read(ROOT / "apps" / f"{game}.ipynb", as_version=4).cells[0].source, scope)  # noqa: S102
            twin = scope["app"]
            driver = bb.TwinDriver(page, f".{prefix}-app", twin, bb.GAMES[game]["board"], prefix)
            try:
                if game == "samarkand":
                    driver.click_button("marry", "samarkand-marry", twin.buttons["marry"].click)
                    driver.click_button("discard_with_bots", "samarkand-discard", twin.buttons["discard"].click)
                    space = twin.space_list.options[0][1]
                    xy = twin.state.board.graph.nodes[space]["pos"]
                    driver.click_point("map_place", xy, lambda: twin.picker.pick_at(*xy))
                    expect(app.locator(".samarkand-log")).to_contain_text("Player 0 places", timeout=15_000)
                elif game == "caravan":
                    node = next(n for n in twin.state.board.spaces if not twin.state.count[n] and n not in twin.state.goods)
                    driver.click_point("board_place", (node[1], -node[0]), lambda: twin.pick(node))
                    expect(app.locator(".caravan-log")).to_contain_text("Player 0 places a camel", timeout=15_000)
                else:
                    driver.click_button("space_button", "mp-space-travel", lambda: twin.select_space("travel"))
                    driver.click_button("play_place", "mp-play", twin.play_selected)
                    ends = twin._end_costs(twin.state)
                    city = min(ends, key=lambda c: (ends[c], c))
                    xy = twin.state.data.board.nodes[city]["pos"]
                    driver.click_point("map_preview", xy, lambda: twin.pick_location(city))
                    driver.click_button("play_travel", "mp-play", twin.play_selected)
                    expect(app.locator(".mp-log")).to_contain_text("move Venezia", timeout=15_000)
            finally:
                twin.close()
            page.screenshot(path=str(artifacts / f"voila_{game}.png"), full_page=True)
            print({kind: times for kind, times in driver.times.items()})
            assert not page_errors(page), page_errors(page)
    finally:
        stop_server(proc, log)


RULEBOOK_PAGES = {"pt": "jaipur", "fi": "caravan"}
"""One page per language, each a game whose rulebook is in it: Jaipur's is Portuguese, Caravan's Finnish."""


@pytest.mark.parametrize("lang", sorted(RULEBOOK_PAGES))
def test_a_page_in_its_rulebooks_language_shows_no_english_after_a_move(lang, tmp_path, artifacts):
    """CARAVAN_LESSONS_LANG chooses the page's language; in Chromium the app shows no English fragment of the
    catalogue after a move made by clicking, and the log has the move as the same app in-process words it.
    Screenshots: artifacts/voila_<game>_<lang>.png (the page) and voila_<game>_<lang>_app.png."""
    require_browser()
    import nbformat
    from playwright.sync_api import expect

    from caravan_lessons import browser_bench as bb
    from caravan_lessons.i18n import language
    from tests.i18n_support import english_in, english_only_fragments

    game = RULEBOOK_PAGES[lang]
    prefix = game
    port, proc, log = _serve(game, tmp_path, artifacts, CARAVAN_LESSONS_LANG=lang)
    try:
        with chromium_page(artifacts, f"voila_{game}_{lang}") as page, language(lang):
            page.goto(f"http://127.0.0.1:{port}/", timeout=120_000)
            app = page.locator(f".{prefix}-app").first
            expect(app).to_be_visible(timeout=120_000)
            scope: dict = {}
            exec(nbformat.read(ROOT / "apps" / f"{game}.ipynb", as_version=4).cells[0].source, scope)  # noqa: S102
            twin = scope["app"]
            try:
                if game == "jaipur":
                    expect(app.locator(".jaipur-market-card:visible")).to_have_count(5, timeout=30_000)
                    card = app.locator(".jaipur-market-card:visible:not(.jaipur-card-camel)").first
                    good = re.search(r"jaipur-card-(\w+)", card.get_attribute("class")).group(1)
                    card.click()
                    app.locator(".jaipur-take-one").click()
                    twin.play(__import__("caravan_lessons").jaipur.TakeOne(good))
                else:
                    canvas = app.locator(".caravan-board canvas")
                    page.wait_for_function(f"els => ({bb.PAINTED_JS})(els) > 5000", arg=canvas.element_handles(),
                                           timeout=60_000)
                    driver = bb.TwinDriver(page, ".caravan-app", twin, bb.GAMES[game]["board"], prefix)
                    node = next(n for n in twin.state.board.spaces if not twin.state.count[n] and n not in twin.state.goods)
                    driver.click_point("board_place", (node[1], -node[0]), lambda: twin.pick(node))
                move = next(e.text for e in reversed(twin.state.events) if e.player == 0)
                expect(app.locator(f".{prefix}-log")).to_contain_text(move, timeout=30_000)
            finally:
                twin.close()
            page.screenshot(path=str(artifacts / f"voila_{game}_{lang}.png"), full_page=True)
            app.screenshot(path=str(artifacts / f"voila_{game}_{lang}_app.png"))
            english = english_in(app.inner_text(), english_only_fragments(lang))
            assert not english, f"{game} page in {lang} shows English: {english[:20]}"
            assert not page_errors(page), page_errors(page)
    finally:
        stop_server(proc, log)


PREFIXES = {"jaipur": "jaipur", "samarkand": "samarkand", "caravan": "caravan", "marco_polo": "mp"}

CUT_BUTTONS_JS = """root => [...root.querySelectorAll('button, .widget-label-basic, .widget-label')]
    .filter(b => b.offsetParent !== null && b.innerText.trim() && b.scrollWidth > b.clientWidth + 1)
    .map(b => b.innerText.trim() + ' (' + b.clientWidth + ' of ' + b.scrollWidth + ' px)')"""
"""The visible buttons (and widgets' labels, a checkbox's included) whose words are wider than the box they are
shown in (ipywidgets cuts them with an ellipsis)."""


@pytest.mark.parametrize("game", GAMES)
def test_the_language_picker_in_the_browser_cuts_no_button_label(game, tmp_path, artifacts):
    """Each page in English, switched with its language picker to Portuguese and to Finnish: no visible button
    cuts its label ("Desfazer a última jog…", "Tyhjennä vali…" with fixed widths), and nothing on the page is
    wider than the page. Screenshots: artifacts/voila_<game>_switched_<lang>.png."""
    require_browser()
    from playwright.sync_api import expect

    from caravan_lessons.i18n import language, language_names, tr

    prefix = PREFIXES[game]
    port, proc, log = _serve(game, tmp_path, artifacts, CARAVAN_LESSONS_LANG="en")
    try:
        with chromium_page(artifacts, f"voila_{game}_switched") as page:
            page.set_viewport_size({"width": 1280, "height": 900})
            page.goto(f"http://127.0.0.1:{port}/", timeout=120_000)
            app = page.locator(f".{prefix}-app").first
            expect(app).to_be_visible(timeout=120_000)
            undo = app.locator(f".{prefix}-undo")
            expect(undo).to_have_text(tr("Undo my last move"), timeout=60_000)
            cut = {}
            for lang in ("pt", "fi"):
                app.locator(f".{prefix}-language select").select_option(label=language_names()[lang])
                with language(lang):
                    expect(undo).to_have_text(tr("Undo my last move"), timeout=60_000)
                page.wait_for_timeout(1500)          # the board's picture and the other widgets' new words
                page.screenshot(path=str(artifacts / f"voila_{game}_switched_{lang}.png"), full_page=True)
                cut[lang] = app.evaluate(CUT_BUTTONS_JS)
                width = page.evaluate("document.documentElement.scrollWidth")
                if width > 1280:
                    cut[lang].append(f"the page is {width} px wide")
            assert not page_errors(page), page_errors(page)
            assert not any(cut.values()), f"{game}: labels cut after a switch: {cut}"
    finally:
        stop_server(proc, log)

"""The standalone play page (`make app`): Voila serves apps/jaipur.ipynb, Chromium plays a move.

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


def test_make_app_serves_the_page_with_voila():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^app: .*\n\t\$\(BIN\)/voila apps/jaipur\.ipynb .*--Voila\.ip=127\.0\.0\.1", makefile, re.MULTILINE)
    assert APP.exists()


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

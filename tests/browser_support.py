"""Helpers for the browser tests: background servers, JupyterLab, and a Playwright page in the
Debian Chromium.

Import from tests/conftest.py; nothing here is a fixture by itself. Playwright never downloads a
browser on these machines: it always launches CHROMIUM_PATH (`apt-get install chromium`).
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO, Any

# the Debian Chromium and its flags, shared with the browser bench (caravan_lessons.bench)
from caravan_lessons.bench import CHROMIUM_ARGS, CHROMIUM_PATH  # noqa: E402

VIEWPORT = {"width": 1280, "height": 1000}
# everything that is not the local server is aborted: tests never touch the network
NOT_LOCAL = re.compile(r"^https?://(?!127\.0\.0\.1[:/])")
LAB_TOKEN = "caravan-lessons-test"
VENV_BIN = Path(sys.executable).parent  # jupyter from the same environment as pytest; not resolved

# --- JavaScript for page.wait_for_function / page.evaluate --------------------------------------------
# Optional chaining throughout: a predicate that throws is not retried by wait_for_function, and
# window.jupyterapp exists only once the Lab bundle has booted (needs --expose-app-in-browser).
CURRENT_WIDGET = "window.jupyterapp?.shell?.currentWidget"
# True once the open notebook has a kernel and it is idle. (The toolbar's data-status says "idle"
# before any kernel exists, so do not wait on that.)
JS_KERNEL_IDLE = f"{CURRENT_WIDGET}?.context?.sessionContext?.session?.kernel?.status === 'idle'"
# Run every cell of the open notebook once its session is ready; the promise resolves when the
# command has been issued. Then wait until the last input prompt shows a number, not [*].
JS_RUN_ALL = (
    f"{CURRENT_WIDGET}.context.sessionContext.ready"
    ".then(() => window.jupyterapp.commands.execute('notebook:run-all-cells'))"
)
# True when every code cell's prompt shows an execution count (none empty, none "[*]").
JS_ALL_CELLS_RAN = """(() => {
    const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
    return prompts.length > 0 && prompts.every(p => /^\\[\\d+\\]:?$/.test(p.textContent.trim()));
})()"""
# Given canvas elements, the largest count of painted (not transparent, not white) pixels among
# them. An ipympl figure arrives as a PNG and is painted later: poll this, not the canvas's presence.
from caravan_lessons.browser_bench import PAINTED_JS as JS_PAINTED_PIXELS  # noqa: E402,F401


def browser_available() -> bool:
    """True when the system Chromium and the playwright package are both there."""
    return os.access(CHROMIUM_PATH, os.X_OK) and importlib.util.find_spec("playwright") is not None


def require_browser() -> None:
    """Skip the calling test when there is no browser, but fail under CI, where a missing
    browser is a broken setup rather than a developer's laptop."""
    import pytest

    if browser_available():
        return
    why = f"browser tests need {CHROMIUM_PATH} (apt-get install chromium) and playwright"
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(why)
    pytest.skip(why)


# --- servers ---------------------------------------------------------------------------------------------


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(
    cmd: Sequence[str], cwd: Path | str, log_path: Path | str, env: Mapping[str, str] | None = None
) -> tuple[subprocess.Popen, IO[str]]:
    """Start `cmd` in its own session, stdout and stderr into log_path. Returns (process, log)."""
    log = open(log_path, "w", encoding="utf-8")  # noqa: SIM115 -- outlives this call; stop_server closes it
    try:
        proc = subprocess.Popen(
            list(cmd),
            cwd=cwd,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env=None if env is None else dict(env),
            start_new_session=True,  # its own process group: teardown signals only what we started
        )
    except BaseException:
        log.close()
        raise
    return proc, log


def stop_server(proc: subprocess.Popen, log: IO[str], grace: float = 15) -> None:
    """SIGTERM the server's process group (jupyter-server shuts its kernels down on it),
    SIGKILL if it is still there after `grace` seconds."""
    try:
        os.killpg(proc.pid, signal.SIGTERM)  # pgid == pid because of start_new_session
        proc.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=grace)
    except ProcessLookupError:
        pass
    finally:
        log.close()


def wait_http(url: str, proc: subprocess.Popen, timeout: float = 60) -> None:
    """Poll `url` until it answers 200; fail early if the server process dies."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(
                f"server exited with code {proc.returncode} before {url} answered; see its log"
            )
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.3)
    raise TimeoutError(f"{url} did not answer 200 within {timeout:.0f} s")


@contextmanager
def jupyterlab(
    root_dir: Path | str, tmp_path: Path, log_dir: Path | None = None, timeout: float = 120
) -> Iterator[tuple[str, str]]:
    """Run JupyterLab on a free port serving `root_dir`; yield (base_url, token).

    Lab settings, workspaces and runtime files live in `tmp_path`, news and update checks are
    off, and `window.jupyterapp` is exposed for the JS helpers above. The server log goes to
    `log_dir` (default tmp_path) as jupyterlab-<port>.log.
    """
    tmp_path = Path(tmp_path)
    port = free_port()
    settings = tmp_path / "lab-settings"
    notification = settings / "@jupyterlab" / "apputils-extension"
    notification.mkdir(parents=True, exist_ok=True)
    (notification / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}), encoding="utf-8"
    )
    env = dict(
        os.environ,
        JUPYTERLAB_SETTINGS_DIR=str(settings),
        JUPYTERLAB_WORKSPACES_DIR=str(tmp_path / "lab-workspaces"),
        JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
    )
    cmd = [
        str(VENV_BIN / "jupyter"), "lab",
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        f"--IdentityProvider.token={LAB_TOKEN}",
        "--expose-app-in-browser",
        f"--ServerApp.root_dir={root_dir}",
    ]  # fmt: skip
    if os.geteuid() == 0:  # CI runs as root; jupyter-server refuses to start without this
        cmd.append("--allow-root")
    log_path = Path(log_dir or tmp_path) / f"jupyterlab-{port}.log"
    proc, log = start_server(cmd, root_dir, log_path, env)
    base_url = f"http://127.0.0.1:{port}"
    try:
        wait_http(f"{base_url}/api/status?token={LAB_TOKEN}", proc, timeout)
        yield base_url, LAB_TOKEN
    finally:
        stop_server(proc, log)


def lab_url(base_url: str, token: str, notebook: str) -> str:
    """URL that opens `notebook` (relative to the server's root_dir) in Lab."""
    return f"{base_url}/lab/tree/{notebook}?token={token}"


# --- the browser -----------------------------------------------------------------------------------------


@contextmanager
def chromium_page(artifacts_dir: Path | str, name: str) -> Iterator[Any]:
    """A fresh Playwright page in headless Chromium that can reach only 127.0.0.1.

    Console messages, page errors and failed requests collect on `page.console_log` (a list of
    "type: text" strings) and are written to <artifacts_dir>/<name>.console.log at the end; if the
    block raises, a screenshot <name>.failure.png is saved first.
    """
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    artifacts_dir = Path(artifacts_dir)
    artifacts_dir.mkdir(parents=True, exist_ok=True)
    console: list[str] = []
    with sync_playwright() as playwright:
        # Playwright makes its own temporary profile (it rejects --user-data-dir in args)
        browser = playwright.chromium.launch(executable_path=CHROMIUM_PATH, headless=True, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport=VIEWPORT)
            context.route(NOT_LOCAL, lambda route: route.abort())
            page = context.new_page()
            page.on("console", lambda msg: console.append(f"{msg.type}: {msg.text}"))
            page.on("pageerror", lambda err: console.append(f"pageerror: {err}"))
            page.on("requestfailed", lambda req: console.append(f"requestfailed: {req.url} {req.failure}"))
            page.console_log = console
            try:
                yield page
            except BaseException:
                # best effort: the page may be gone, and the original error matters more
                with suppress(PlaywrightError):
                    page.screenshot(path=str(artifacts_dir / f"{name}.failure.png"), full_page=True)
                raise
        finally:
            (artifacts_dir / f"{name}.console.log").write_text("\n".join(console), encoding="utf-8")
            browser.close()


def page_errors(page: Any) -> list[str]:
    """The uncaught JavaScript errors seen so far on a page from chromium_page."""
    return [line for line in page.console_log if line.startswith("pageerror")]


# the click policy of the browser tests and the browser bench (names only, read off the page)
from caravan_lessons.bench import JaipurPage, jaipur_click_plan  # noqa: E402,F401

"""Click-to-settled latency of the map games' play apps in a real browser (``bench --browser``).

Each map app (Samarkand, Caravan, The Voyages of Marco Polo) is served by Voila with a clickable board
(``canvas="ipympl"``) and played by clicking, in Debian's Chromium driven by Playwright. Beside the page,
the bench keeps an **in-process twin**: the same app built with the same seeds in this process. Before each
click the twin decides what a learner would click (a legal space on the map, a button), the browser clicks
it, and the twin then does the same (timed: the in-process figure of the same click). The engines and bots
are deterministic, so page and twin stay in step; the page's status and message lines must show what the
twin's show, or the bench stops with an error.

"Settled" (as in the review of 2026-12-01): t0 is the browser's own ``pointerdown`` (or ``keydown``/``input``)
event of the click; the click has settled when the page's status and message lines say what the twin's say,
the board canvas has been painted (when the twin repainted its board), and nothing in the app's DOM or on a
canvas has changed for ``quiet`` ms. The figure is the time of the last change (the quiet window is not
counted). Clicks whose answer includes the bots' moves are named ``..._with_bots`` and reported apart.
"""
from __future__ import annotations

import html
import os
import random
import re
import statistics
import time

# Installed once per page: a clock of the last change in the app (DOM mutation or canvas paint) and the
# time of the last real input event (t0 of a click).
CLOCK_JS = """(rootSel) => {
    if (!window.__clk) {
        const clk = window.__clk = {last: 0, t0: 0, paints: 0, armed: false, roots: new Set()};
        const draw = CanvasRenderingContext2D.prototype.drawImage;
        CanvasRenderingContext2D.prototype.drawImage = function (...args) {
            clk.last = performance.now(); clk.paints++; return draw.apply(this, args);
        };
        for (const type of ['pointerdown', 'keydown', 'input'])
            document.addEventListener(type, () => {
                if (clk.armed) { clk.armed = false; clk.t0 = performance.now(); clk.paints0 = clk.paints; }
            }, true);
    }
    const clk = window.__clk;
    if (clk.roots.has(rootSel)) return;
    clk.roots.add(rootSel);
    new MutationObserver(() => { clk.last = performance.now(); }).observe(document.querySelector(rootSel),
        {subtree: true, childList: true, attributes: true, characterData: true});
}"""
ARM_JS = "() => { window.__clk.armed = true; window.__clk.t0 = 0; }"
# Wait until `done` holds (a JS expression over `root`), `paints` canvas paints happened after t0, and the app
# was still for `quiet` ms; resolve with ms from t0 to the last change (-1 on timeout).
WAIT_JS = """async ([rootSel, done, paints, quiet, timeout]) => {
    const clk = window.__clk, root = document.querySelector(rootSel);
    const isDone = new Function('root', 'return (' + done + ');');
    const start = performance.now();
    while (performance.now() - start < timeout) {
        await new Promise(r => setTimeout(r, 10));
        if (!clk.t0) continue;
        const now = performance.now();
        if (isDone(root) && clk.paints - clk.paints0 >= paints && now - Math.max(clk.last, clk.t0) >= quiet)
            return Math.max(clk.last, clk.t0) - clk.t0;
    }
    return -1;
}"""
JS_TEXT = "(root.querySelector({sel}) || {{textContent: ''}}).textContent.replace(/\\s+/g, ' ').trim()"

PAINTED_JS = """els => Math.max(0, ...els.map(c => {
    if (!c.width || !c.height) return 0;           // not laid out yet
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4)
        if (d[i + 3] > 0 && (d[i] < 250 || d[i + 1] < 250 || d[i + 2] < 250)) n++;
    return n;
}))"""
"""Given canvas elements, the most painted (not blank) pixels among them."""

TARGET_MS = 150
"""The series checklist's goal for a click on a map (bot replies reported apart)."""


def plain(markup: str) -> str:
    """What the browser's ``textContent`` of an HTML widget holding ``markup`` is, whitespace collapsed."""
    text = html.unescape(re.sub(r"<[^>]*>", "", markup or ""))
    return re.sub(r"\s+", " ", text).strip()


class TwinDriver:
    """Clicks a displayed map app in a Playwright ``page`` and the same app (``twin``) in-process.

    Args:
        page: the Playwright page showing the app.
        root: a CSS selector of the app's box on the page.
        twin: the same app built in this process with the same arguments.
        board: ``board(twin)`` -> the twin's board widget (an ipympl canvas or an Image), figure and Axes.
        prefix: the app's CSS prefix (``samarkand``, ``caravan``, ``mp``).
        quiet: ms without a change that count as settled.
    """

    def __init__(self, page, root: str, twin, board, prefix: str, quiet: int = 150):
        self.page, self.root, self.twin, self.prefix, self.quiet = page, root, twin, prefix, quiet
        self.board = board
        widget = self.widget = board(twin)[0]
        self.times: dict[str, list[float]] = {}
        self.inprocess: dict[str, list[float]] = {}
        self.count = {"send_binary": 0, "draw_idle": 0, "value": 0}
        if hasattr(widget, "get_diff_image"):       # an ipympl canvas without a browser: as if one were there
            widget.syncing_data_url = False
            for name in ("send_binary", "draw_idle"):
                real = getattr(widget, name)

                def counted(*args, _real=real, _name=name, **kwargs):
                    self.count[_name] += 1
                    return _real(*args, **kwargs)

                setattr(widget, name, counted)
        else:
            widget.observe(lambda _c: self.count.__setitem__("value", self.count["value"] + 1), names="value")
        page.evaluate(CLOCK_JS, root)

    # -- where things are --

    def canvas(self):
        return self.page.locator(f"{self.root} .{self.prefix}-board-canvas, {self.root} .{self.prefix}-map canvas, "
                                 f"{self.root} .{self.prefix}-board canvas, {self.root} .{self.prefix}-map img, "
                                 f"{self.root} .{self.prefix}-board img").first

    def point_of(self, xy) -> tuple[float, float]:
        """Page coordinates of board point ``xy`` (data units of the twin's Axes)."""
        _widget, figure, ax = self.board(self.twin)     # the Axes may be new (Marco Polo rebuilds its map)
        x, y = ax.transData.transform(xy)
        canvas = self.canvas()
        box = canvas.bounding_box()
        if box["y"] < 0 or box["y"] + box["height"] > self.page.viewport_size["height"]:
            canvas.scroll_into_view_if_needed()
            box = canvas.bounding_box()
        width, height = figure.bbox.width, figure.bbox.height
        return box["x"] + x / width * box["width"], box["y"] + (1 - y / height) * box["height"]

    # -- one timed click --

    def _expect(self) -> str:
        twin = self.twin
        status, explain = plain(twin.status.value), plain(twin.explain.value)
        return (f"{JS_TEXT.format(sel=repr('.' + self.prefix + '-status'))} === {status!r} && "
                f"{JS_TEXT.format(sel=repr('.' + self.prefix + '-explain'))} === {explain!r}")

    def click(self, kind: str, do_page, do_twin, timeout: int = 60_000) -> float:
        """Time one click: ``do_page()`` clicks in the browser, ``do_twin()`` does the same to the twin.
        Records and returns the browser ms; the twin's ms are recorded under the same ``kind``."""
        before = dict(self.count)
        start = time.perf_counter()
        do_twin()
        if self.count["draw_idle"] > before["draw_idle"]:
            # the canvas asked the browser for a redraw (draw_idle): the browser answers with "draw", and the
            # kernel then draws the whole figure and sends it; count that work in-process too
            self.widget.draw()
        self.inprocess.setdefault(kind, []).append((time.perf_counter() - start) * 1000)
        repainted = self.count != before
        self.page.evaluate(ARM_JS)
        do_page()
        needs_paint = 1 if repainted and self._is_canvas() else 0
        ms = self.page.evaluate(WAIT_JS, [self.root, self._expect(), needs_paint, self.quiet, timeout])
        if ms < 0:
            shown = [self.page.locator(f"{self.root} .{self.prefix}-{part}").first.text_content()
                     for part in ("status", "explain")]
            raise RuntimeError(f"the page did not settle after '{kind}': expected status "
                               f"{plain(self.twin.status.value)!r} and message {plain(self.twin.explain.value)!r}; "
                               f"the page shows {shown!r}")
        self.times.setdefault(kind, []).append(ms)
        return ms

    def _is_canvas(self) -> bool:
        return hasattr(self.widget, "get_diff_image")

    def click_point(self, kind: str, xy, do_twin) -> float:
        """Click board point ``xy`` (data units) on the page's canvas, and ``do_twin()`` on the twin."""
        def do_page():
            x, y = self.point_of(xy)
            self.last_point = (x, y)
            self.page.mouse.click(x, y)

        return self.click(kind, do_page, do_twin)

    def click_button(self, kind: str, css: str, do_twin) -> float:
        """Click the button with CSS class ``css`` in the app (and ``do_twin()``)."""
        button = self.page.locator(f"{self.root} button.{css}").first
        return self.click(kind, button.click, do_twin)

    def figures(self) -> dict:
        """``{kind: {"browser_median", "browser_max", "clicks", "inprocess_median"}}`` in ms."""
        return {kind: {"browser_median": round(statistics.median(ms), 1), "browser_max": round(max(ms), 1),
                       "clicks": len(ms), "inprocess_median": round(statistics.median(self.inprocess[kind]), 1)}
                for kind, ms in self.times.items()}


# --- what a learner clicks, per game ------------------------------------------------------------------------

def _enough(driver, kinds, samples) -> bool:
    return all(len(driver.times.get(k, [])) >= samples for k in kinds)


def play_samarkand(driver: TwinDriver, samples: int, max_clicks: int = 400) -> None:
    """Samarkand: marry, then place camels by clicking ringed spaces on the map (one in five clicks is a
    refused space), second camels, End turn; sales are kept. Bots answer after End turn / Discard."""
    from .samarkand import Discard, EndTurn, Keep, Marry, Place

    twin = driver.twin
    rng = random.Random(3)
    pos = twin.state.board.graph.nodes
    kinds = ("map_place", "map_refused")
    for _ in range(max_clicks):
        state = twin.state
        if state.is_terminal() or _enough(driver, kinds, samples):
            return
        legal = state.legal_actions()
        places = [a for a in legal if isinstance(a, Place)]
        if state.phase == "sale":
            driver.click_button("keep_a_card", "samarkand-keep", twin.buttons["keep"].click)
        elif state.phase == "discard":
            if Discard(()) not in legal:   # over the hand limit: select the first cards of the list first
                hand = state.hands[state.active]
                need = len(hand) + len(state.sold[state.active]) - state.limit
                chosen = twin.discard_picker.options[:need]
                driver.page.locator(f"{driver.root} .samarkand-discard-picker select").select_option(
                    label=[label for label, _ in chosen])
                twin.discard_picker.value = tuple(value for _, value in chosen)
                driver.page.wait_for_timeout(300)      # the selection reaches the kernel
            driver.click_button("discard_with_bots", "samarkand-discard", twin.buttons["discard"].click)
        elif state.phase == "act" and not any(state.held[state.current_player]) or (
                state.phase == "act" and not places and any(isinstance(a, Marry) for a in legal)):
            driver.click_button("marry", "samarkand-marry", twin.buttons["marry"].click)
        elif places and rng.random() < 0.25 and len(driver.times.get("map_refused", [])) < samples:
            family = twin.family_picker.value
            legal_spaces = {a.space for a in places if a.family == family}
            far = [s for s in state.board.spaces if s not in legal_spaces and not state.camels[state.board.index[s]]]
            space = rng.choice(far)
            driver.click_point("map_refused", pos[space]["pos"], lambda s=space: twin.pick_space(s))
        elif places and (state.phase == "act" or state.money[state.current_player] >= 0):
            space = twin.space_list.options[0][1] if twin.space_list.options else places[0].space
            driver.click_point("map_place", pos[space]["pos"], lambda s=space: twin.picker.pick_at(*pos[s]["pos"]))
        elif EndTurn() in legal:
            driver.click_button("end_turn_with_bots", "samarkand-end_turn", twin.buttons["end_turn"].click)
        elif Keep in {type(a) for a in legal}:
            driver.click_button("keep_a_card", "samarkand-keep", twin.buttons["keep"].click)
        else:
            driver.click_button("pass_with_bots", "samarkand-pass", twin.buttons["pass"].click)


def play_caravan(driver: TwinDriver, samples: int, max_clicks: int = 400) -> None:
    """Caravan: one click on an empty space places a camel; a click on your camel selects it (the message says
    how many actions start there) and a second click moves it; End turn lets the bots play their turns."""
    twin = driver.twin
    rng = random.Random(5)
    kinds = ("board_place", "board_select", "board_move")
    for _ in range(max_clicks):
        state = twin.state
        if state.is_terminal() or _enough(driver, kinds, samples):
            return
        if twin.selected is not None:
            targets = [n for n in state.board.spaces if n != twin.selected and len(
                [a for a in state.legal_actions() if getattr(a, "source", None) == twin.selected
                 and getattr(a, "target", None) == n]) == 1]
            node = rng.choice(targets)
            driver.click_point("board_move", (node[1], -node[0]), lambda n=node: twin.pick(n))
            continue
        if state.actions_left == 0:
            driver.click_button("end_turn_with_bots", "caravan-end-turn", twin.end_button.click)
            continue
        legal = state.legal_actions()
        mine = {a.source for a in legal if type(a).__name__ == "MoveCamel"}
        singles = [n for n in state.board.spaces if not state.count[n] and
                   [a for a in legal if getattr(a, "space", None) == n] and
                   not [a for a in legal if getattr(a, "source", None) == n]
                   and len([a for a in legal if getattr(a, "space", None) == n]) == 1]
        if mine and (rng.random() < 0.5 or not singles):
            node = rng.choice(sorted(mine))
            driver.click_point("board_select", (node[1], -node[0]), lambda n=node: twin.pick(n))
        elif singles:
            node = rng.choice(singles)
            driver.click_point("board_place", (node[1], -node[0]), lambda n=node: twin.pick(n))
        else:
            driver.click_button("end_turn_with_bots", "caravan-end-turn", twin.end_button.click)


MP_SPACES = ("travel", "coins", "bazaar:camel", "bazaar:pepper", "bazaar:silk", "bazaar:gold", "khan", "contracts")
"""The main action spaces the bench's learner tries, travel first (it redraws the map)."""


def play_marco_polo(driver: TwinDriver, samples: int, max_clicks: int = 400) -> None:
    """Marco Polo: click the travel space (else take 5 coins), Play the first way of placing the dice, click the
    cheapest destination on the map (the path is drawn), Play it, End turn; Next round at each round end."""
    from .marco_polo import EndTurn, Place

    twin = driver.twin
    kinds = ("space_button", "map_preview", "play_travel")
    previews = 0
    for _ in range(max_clicks):
        state = twin.state
        if state.is_terminal() or _enough(driver, kinds, samples):
            return
        if twin.paused:
            driver.click_button("next_round_with_bots", "mp-continue", twin.continue_play)
            continue
        legal = state.legal_actions()
        if state.tasks:
            task = state.tasks[0][0]
            if task in ("travel", "extra_move") and previews < 3:
                ends = twin._end_costs(state)
                cities = sorted(ends, key=lambda c: (ends[c], c))[:3]
                if previews < len(cities):      # a learner compares a few destinations before playing one
                    city = cities[len(cities) - 1 - previews]
                    previews += 1
                    xy = state.data.board.nodes[city]["pos"]
                    driver.click_point("map_preview", xy, lambda c=city: twin.pick_location(c))
                    continue
            previews = 0
            kind = "play_travel" if task in ("travel", "extra_move") else "play_choice"
            driver.click_button(kind, "mp-play", twin.play_selected)
            twin.destination = None
            continue
        if not state.main_done:
            if twin.choice_list.options and twin._filter is not None:
                driver.click_button("play_place", "mp-play", twin.play_selected)
                continue
            open_spaces = [s for s in MP_SPACES if any(isinstance(a, Place) and a.space == s for a in legal)]
            if open_spaces:
                space = open_spaces[0]
                driver.click_button("space_button", "mp-space-" + space.replace(":", "-"),
                                    lambda s=space: twin.select_space(s))
                continue
        if EndTurn() in legal:
            driver.click_button("end_turn_with_bots", "mp-end-turn", twin.end_button.click)
        else:
            driver.click_button("play_choice", "mp-play", twin.play_selected)


GAMES = {
    "samarkand": {"cell": "from caravan_lessons.ui.samarkand_app import SamarkandApp\n"
                          "app = SamarkandApp(players=2, seed=3, seats=['human', 'heuristic'], canvas='ipympl')",
                  "prefix": "samarkand", "play": play_samarkand,
                  "board": lambda app: (app.map_widget, app.map_figure, app.map_axes)},
    "caravan": {"cell": "from caravan_lessons.ui.caravan_app import CaravanApp\n"
                        "app = CaravanApp(players=3, seed=21, seats=['human', 'heuristic', 'heuristic'], canvas='ipympl')",
                "prefix": "caravan", "play": play_caravan,
                "board": lambda app: (app.board_view, app.figure, app.board_ax)},
    "marco_polo": {"cell": "from caravan_lessons.ui.marco_polo_app import MarcoPoloApp\n"
                           "app = MarcoPoloApp(players=2, seed=5, seats=['human', 'mp-greedy'], canvas='ipympl')",
                   "prefix": "mp", "play": play_marco_polo,
                   "board": lambda app: (app.map_widget, app.map_view.figure, app.map_view.ax)},
}
"""Per map game: the app the bench serves (the same code builds the twin), its CSS prefix, the click policy,
and where its board is (widget, figure, Axes)."""


def map_latency(game: str, samples: int = 10, cell: str | None = None, setup: str = "",
                env: dict | None = None, shots: str | None = None, play=None) -> dict:
    """Serve ``game``'s app with Voila, play it by clicking in Chromium beside its in-process twin.

    Args:
        game: ``samarkand``, ``caravan`` or ``marco_polo``.
        samples: clicks of each kind of map click to time (the game is played until each kind has them).
        cell: the code building ``app`` (default :data:`GAMES`'s); the twin runs ``setup`` then ``cell``.
        setup: code run first in both the page and the twin (e.g. ``%matplotlib widget`` for an old checkout).
        env: the Voila server's environment (e.g. another ``PYTHONPATH``).
        shots: a folder for a screenshot of the page at the end, or None.
        play: ``play(driver)`` instead of the game's click policy (e.g. :func:`play_whole_game`).

    Returns:
        ``{kind: {"browser_median", "browser_max", "clicks", "inprocess_median"}}`` (ms).
    """
    import signal
    import socket
    import tempfile
    from pathlib import Path

    from .bench import CHROMIUM_PATH, _voila, chromium_page

    spec = GAMES[game]
    cell = cell or spec["cell"]
    try:
        import nbformat
        from playwright.sync_api import sync_playwright
    except ImportError as error:
        raise RuntimeError(f"bench --browser needs playwright and nbformat: {error}") from error
    if not os.access(CHROMIUM_PATH, os.X_OK):
        raise RuntimeError(f"bench --browser needs {CHROMIUM_PATH} (apt-get install chromium)")
    scope: dict = {}
    if setup.strip() == "%matplotlib widget":
        import matplotlib

        matplotlib.use("module://ipympl.backend_nbagg")
    exec(cell, scope)  # noqa: S102 - our own code, as in the page
    twin = scope["app"]
    figure = spec["board"](twin)[1]
    figure.canvas.draw()                               # the layout the page shows (constrained layout included)
    with tempfile.TemporaryDirectory() as tmp, socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
        probe.close()
        notebook = Path(tmp) / f"bench_{game}.ipynb"
        nb = nbformat.v4.new_notebook(metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                               "language": "python"}})
        nb.cells = [nbformat.v4.new_code_cell((setup + "\n" if setup else "") + cell
                                              + "\napp.add_class('bench-app')\napp")]
        nbformat.write(nb, notebook)
        log = open(Path(tmp) / "voila.log", "w")  # noqa: SIM115 - closed below
        proc = _voila(notebook, port, log, env)
        try:
            with sync_playwright() as playwright:
                browser, page = chromium_page(playwright)
                page.goto(f"http://127.0.0.1:{port}/", timeout=180_000)
                root = ".bench-app"
                page.locator(f"{root} .{spec['prefix']}-status").wait_for(timeout=180_000)
                canvas = page.locator(f"{root} .{spec['prefix']}-{'board' if game == 'caravan' else 'map'} canvas")
                canvas.first.wait_for(timeout=120_000)
                page.wait_for_function(f"els => ({PAINTED_JS})(els) > 5000", arg=canvas.element_handles(),
                                       timeout=120_000)     # the board's first picture is on the page
                page.wait_for_timeout(300)
                driver = TwinDriver(page, root, twin, spec["board"], spec["prefix"])
                try:
                    if play is not None:
                        play(driver)
                    else:
                        spec["play"](driver, samples)
                except Exception:
                    if shots:
                        page.screenshot(path=str(Path(shots) / f"bench_{game}_failure.png"))
                        print("last click at", getattr(driver, "last_point", None))
                    raise
                if shots:
                    page.screenshot(path=str(Path(shots) / f"bench_{game}.png"), full_page=True)
                browser.close()
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=30)
            log.close()
            twin.close()
    return driver.figures()


# --- any move by clicking (whole games in a browser) ---------------------------------------------------------

def _select(driver, css: str, index: int, do_twin) -> None:
    """Choose option ``index`` of the ``<select>`` inside the widget with CSS class ``css`` (timed as "select")."""
    select = driver.page.locator(f"{driver.root} .{css} select").first
    driver.click("select", lambda: select.select_option(index=index), do_twin)


def click_samarkand_action(driver, action) -> None:
    """Play a Samarkand action as a learner clicks it: a camel by a click on its space of the map (the route
    chosen first if several are open), a marriage or a discard by its picker and button, the rest by buttons."""
    from .samarkand import Discard, EndTurn, Keep, Marry, Pass, Place, Sell

    twin = driver.twin
    if isinstance(action, Place):
        families = [v for _label, v in twin.family_picker.options]
        if twin.family_picker.value != action.family:
            _select(driver, "samarkand-family-picker", families.index(action.family),
                    lambda: setattr(twin.family_picker, "value", action.family))
        xy = twin.state.board.graph.nodes[action.space]["pos"]
        driver.click_point("map_place", xy, lambda: twin.picker.pick_at(*xy))
    elif isinstance(action, Marry):
        families = [v for _label, v in twin.marry_picker.options]
        if twin.marry_picker.value != action.family:
            _select(driver, "samarkand-marry-picker", families.index(action.family),
                    lambda: setattr(twin.marry_picker, "value", action.family))
        driver.click_button("marry", "samarkand-marry", twin.buttons["marry"].click)
    elif isinstance(action, Discard):
        labels = [label for label, v in twin.discard_picker.options if v in action.cards]
        if labels:
            driver.page.locator(f"{driver.root} .samarkand-discard-picker select").select_option(label=labels)
            twin.discard_picker.value = tuple(action.cards)
            driver.page.wait_for_timeout(300)
        driver.click_button("discard_with_bots", "samarkand-discard", twin.buttons["discard"].click)
    else:
        name = {EndTurn: "end_turn", Sell: "sell", Keep: "keep", Pass: "pass"}[type(action)]
        driver.click_button(f"{name}_with_bots", f"samarkand-{name}", twin.buttons[name].click)


def click_caravan_action(driver, action) -> None:
    """Play a Caravan action as a learner clicks it: one click on a space where it is the only thing to do,
    two clicks (from, to) for a move, else the list and Play selected action; End turn by its button."""
    from .caravan import EndTurn

    twin = driver.twin
    if isinstance(action, EndTurn):
        driver.click_button("end_turn_with_bots", "caravan-end-turn", twin.end_button.click)
        return
    state = twin.state
    legal = state.legal_actions()
    if hasattr(action, "source"):
        source, target = action.source, action.target
        between = [a for a in legal if getattr(a, "source", None) == source and getattr(a, "target", None) == target]
        if between == [action]:
            if twin.selected != source:
                driver.click_point("board_select", (source[1], -source[0]), lambda: twin.pick(source))
            driver.click_point("board_move", (target[1], -target[0]), lambda: twin.pick(target))
            return
    else:
        node = action.space
        here = [a for a in legal if getattr(a, "space", None) == node]
        starting = [a for a in legal if getattr(a, "source", None) == node]
        if here == [action] and not starting and twin.selected is None:
            driver.click_point("board_place", (node[1], -node[0]), lambda: twin.pick(node))
            return
    if twin.selected is not None:
        driver.click_button("button", "caravan-clear", twin.clear_selection)
    _select(driver, "caravan-actions", twin._listed.index(action),
            lambda: setattr(twin.actions_list, "value", twin._listed.index(action)))
    driver.click_button("play_list", "caravan-play", twin.play_selected)


def click_marco_polo_action(driver, action) -> None:
    """Play a Marco Polo action as a learner clicks it: the action space's (or bonus action's) button, the way
    in the list, Play; a travel by a click on its destination on the map, then Play; End turn, Next round."""
    from .marco_polo import EndTurn, Move, Place
    from .ui.marco_polo_app import BONUS, _is_kind

    twin = driver.twin
    state = twin.state
    if isinstance(action, EndTurn):
        driver.click_button("end_turn_with_bots", "mp-end-turn", twin.end_button.click)
        return
    if isinstance(action, Move) and action.paths and len(action.paths[0]) > 1:
        city = action.paths[0][-1]
        xy = state.data.board.nodes[city]["pos"]
        driver.click_point("map_preview", xy, lambda: twin.pick_location(city))
    elif not state.tasks:
        kind = next((k for k in BONUS if _is_kind(action, k)), None)
        if kind is not None:
            single = [a for a in state.legal_actions() if _is_kind(a, kind)] == [action]
            driver.click_button("play_bonus" if single else "bonus_button", f"mp-bonus-{kind}",
                                lambda: twin.select_bonus(kind))
            if single:
                return
        elif isinstance(action, Place):
            space = action.space
            css = "mp-city-card" if space.startswith("city:") else "mp-space-" + space.replace(":", "-")
            if space.startswith("city:"):
                index = sorted(twin.city_buttons).index(int(space[5:]))
                button = driver.page.locator(f"{driver.root} button.mp-city-card").nth(index)
                driver.click("space_button", button.click, lambda: twin.select_space(space))
            else:
                driver.click_button("space_button", css, lambda: twin.select_space(space))
    options = [a for _label, a in twin.choice_list.options]
    if twin.choice_list.value != action:
        _select(driver, "mp-choices", options.index(action), lambda: setattr(twin.choice_list, "value", action))
    kind = "play_travel" if isinstance(action, Move) else ("play_place" if isinstance(action, Place) else "play_choice")
    driver.click_button(kind, "mp-play", twin.play_selected)
    twin.destination = None


CLICK_ACTION = {"samarkand": click_samarkand_action, "caravan": click_caravan_action,
                "marco_polo": click_marco_polo_action}
"""Per map game: play one engine action on the page by clicking, as a learner would."""


def play_whole_game(driver, game: str, choose, max_moves: int = 2000) -> int:
    """Play ``game``'s app on the page to its end by clicking: ``choose(state)`` gives the human's action (the
    twin's state); a pause (Marco Polo's round end) is answered with Next round. Returns the moves clicked."""
    twin = driver.twin
    for moves in range(max_moves):
        state = twin.state
        if state.is_terminal():
            return moves
        if getattr(twin, "paused", False):
            prefix = driver.prefix
            driver.click_button("next_round_with_bots", f"{prefix}-continue", twin.continue_play)
            continue
        CLICK_ACTION[game](driver, choose(state))
    raise RuntimeError(f"{game}: the game did not end within {max_moves} moves")

"""What the three map apps (Samarkand, Caravan, Marco Polo) share, checked on each: the board is redrawn by
blitting (no whole-figure draw per click: the cause of the ~1 s clicks in Chromium, issue 17), the board never
moves under the pointer, a click after the end says the game is over, the highlight API that guided turns and
hints use, and every widget released by close() after 200 random steps."""
from __future__ import annotations

import random

import ipywidgets as W
import pytest

from caravan_lessons.ui.caravan_app import CaravanApp
from caravan_lessons.ui.marco_polo_app import MarcoPoloApp
from caravan_lessons.ui.samarkand_app import SamarkandApp

GAMES = ("samarkand", "caravan", "marco_polo")


def make(game: str, canvas: str = "png", seats=None, **kwargs):
    if game == "samarkand":
        return SamarkandApp(players=2, seed=3, seats=seats or ["human", "heuristic"], canvas=canvas, **kwargs)
    if game == "caravan":
        return CaravanApp(players=3, seed=21, seats=seats or ["human", "heuristic", "heuristic"], canvas=canvas,
                          **kwargs)
    return MarcoPoloApp(players=2, seed=5, seats=seats or ["human", "mp-greedy"], canvas=canvas, **kwargs)


def board_points(app) -> list:
    """Every space of the app's board, in board units (what a click there picks)."""
    graph = app.picker.graph
    return [graph.nodes[n]["pos"] for n in graph]


def click_board(app, rng) -> None:
    """A click on a random space of the board, as BoardPicker passes it on."""
    x, y = rng.choice(board_points(app))
    app.picker.pick_at(x, y)


def random_step(app, rng) -> None:
    """One step of a learner trying things: mostly a legal move, sometimes a board click, junk, undo or replay."""
    if getattr(app, "paused", False):
        app.continue_play()
        return
    roll = rng.random()
    state = app.state
    if roll < 0.55 and not state.is_terminal():
        app.play(rng.choice(state.legal_actions()))
    elif roll < 0.8:
        click_board(app, rng)
    elif roll < 0.85:
        assert not app.play("not a move")
    elif roll < 0.92:
        app.undo()
    else:
        app.replay.value = rng.randint(0, app.replay.max)
        app.replay.value = app.replay.max


def live_widgets() -> set:
    return set(W.Widget.widgets)


@pytest.mark.parametrize("game", GAMES)
def test_no_widget_is_left_after_close_after_200_random_steps(game):
    """Marco Polo left the Layout and ButtonStyle of every replaced city-card button alive: 14-32 widgets after
    200 random steps (review B5, fuzz F13). Every app must leave none."""
    before = live_widgets()
    app = make(game, seats=["human"] * (3 if game == "caravan" else 2))
    rng = random.Random(7)
    for _ in range(200):
        random_step(app, rng)
    app.close()
    left = live_widgets() - before
    assert not left, sorted(type(w).__name__ for w in left)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("canvas", ["png", "ipympl"])
def test_a_click_redraws_the_board_by_blitting_not_by_a_whole_figure_draw(game, canvas):
    """The cause of the slow map clicks (issue 17): an ipympl board asked the browser for a redraw after every
    click, and the kernel then drew the whole figure (0.5-1 s in Chromium at load 7-9). Now the static picture
    is drawn once and each click draws only the moving pieces; a live canvas sends that frame at once."""
    app = make(game, canvas=canvas, seats=["human"] * (3 if game == "caravan" else 2))
    blitter = app.board.blitter
    widget = app.board.widget
    asked, frames = [], []
    if canvas == "ipympl":
        widget.syncing_data_url = False                     # as once the browser's view is there
        widget.draw_idle = lambda *a, **k: asked.append(1)
        real = widget.send_binary
        widget.send_binary = lambda data: (frames.append(len(data)), real(data))
    full = blitter.full_draws
    rng = random.Random(1)
    for _ in range(12):
        if app.paused:
            app.continue_play()
        app.play(rng.choice(app.state.legal_actions()))
        click_board(app, rng)
    # (Marco Polo draws its map anew when an outpost bonus is taken, and only then)
    assert blitter.full_draws <= full + (game == "marco_polo")
    assert blitter.blits >= (12 if game != "marco_polo" else 2)   # Marco Polo redraws only when the map changes
    if canvas == "ipympl":
        assert not asked                                     # never a round trip through the browser
        # the first frame the view gets is whole; then diff frames: the changed pixels only
        assert len(frames) >= 2 and max(frames[1:]) < 60_000
    app.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_board_never_moves_under_the_pointer(game):
    """Review B8: the message line above the board grew with the bots' moves (1-5 lines) and pushed the board
    down by up to 140 px between turns. Above the board only lines of fixed height may sit."""
    app = make(game)
    order = []

    def walk(widget):
        order.append(widget)
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(app)
    above = order[:order.index(app.board.widget)]
    assert app.status.layout.min_height
    if app.explain in above:
        assert app.explain.layout.height and app.explain.layout.overflow == "auto"
    assert app.explain in order
    app.close()


def finished(game: str):
    """An app whose game has just ended (the learner's last move played)."""
    if game == "samarkand":
        from caravan_lessons.samarkand import near_end

        app = SamarkandApp(state=near_end(players=2, seed=6), seats=["human", "heuristic"])
    elif game == "caravan":
        from caravan_lessons.caravan.scenario import last_delivery

        app = CaravanApp(state=last_delivery(), seats=["human", "greedy"])
    else:
        app = MarcoPoloApp(players=2, seed=5, seats=["human", "random"])
    rng = random.Random(0)
    while not app.state.is_terminal():
        if app.paused:
            app.continue_play()
        else:
            app.play(rng.choice(app.state.legal_actions()))
    return app


@pytest.mark.parametrize("game", GAMES)
def test_a_click_after_the_end_says_the_game_is_over(game):
    """Review B9: after the end a click said "It is not a human player's turn.", as if the game went on."""
    app = finished(game)
    click_board(app, random.Random(2))
    assert not app.play(app.snapshots[-2].legal_actions()[0])
    assert "The game is over" in app.explain.value and "not a human" not in app.explain.value
    app.close()


@pytest.mark.parametrize("game", GAMES)
def test_highlight_marks_the_move_on_the_board_and_clears_after_it(game):
    """The one way to point at a move (guided turns now, a coach's Hint later): orange marks on the board and
    orange outlines on the widgets to use, gone once a move is played."""
    app = make(game, canvas="ipympl")
    state = app.state
    legal = state.legal_actions()
    board_moves = [a for a in legal if app.highlight_parts(state, a).points]
    action = board_moves[0] if board_moves else legal[0]
    shown = app.highlight(action, note="Hint: this one.")
    assert "Hint: this one." in app.explain.value
    assert shown.points or shown.widgets
    assert app.board.marked() == [tuple(map(float, p)) for p in shown.points]
    assert all("guide-target" in w._dom_classes for w in shown.widgets)
    assert app.choose(action) if hasattr(app, "choose") else app.play(action)
    assert app.board.marked() == [] and not any("guide-target" in w._dom_classes for w in shown.widgets)
    app.close()

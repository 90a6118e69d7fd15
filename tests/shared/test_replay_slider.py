"""The replay slider of every play app is renewed in the browser when its range changes (the End key).

ipywidgets' slider keeps, for its End key, the range its browser view was made with; the shell gives the
slider's box a new children list whenever the range changes, so the browser makes a new view. The key
itself is pressed in Chromium for Jaipur (tests/test_browser.py); the mechanism is the shell's, shared by
all four apps, and is checked here in-process.
"""
import pytest


def _apps():
    from caravan_lessons.ui import CaravanApp, JaipurApp, MarcoPoloApp, SamarkandApp

    return {
        "jaipur": lambda: JaipurApp(seed=11),
        "samarkand": lambda: SamarkandApp(players=2, seed=2, seats=["human", "human"]),
        "caravan": lambda: CaravanApp(players=2, seed=1, seats=["human", "human"]),
        "marco_polo": lambda: MarcoPoloApp(players=2, seed=1, seats=["human", "human"]),
    }


@pytest.mark.parametrize("game", ["jaipur", "samarkand", "caravan", "marco_polo"])
def test_the_replay_slider_gets_a_new_view_when_moves_are_added(game):
    app = _apps()[game]()
    try:
        assert app.replay in app.replay_box.children
        for _ in range(3):  # a few legal moves for whoever is to move (every seat is human)
            if app.state.is_terminal():
                break
            before, moves = app.replay_box.children, app.replay.max
            assert app.play(app.state.legal_actions()[0])
            assert app.replay.max > moves
            app.replay_box.children = before  # what the browser shows now ...
            app._slider_range = moves
            app.refresh()  # ... is renewed by the next redraw, since the range changed
            assert app.replay_box.children != before and app.replay in app.replay_box.children
        after = app.replay_box.children
        app.replay.value = 0  # replaying does not change the range: the same view
        assert app.replay_box.children == after
    finally:
        app.close()

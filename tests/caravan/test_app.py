"""The Caravan play app driven in-process: the list, clicks on the grid, end turn, refusals, undo."""
import statistics
import time

import pytest

from caravan_lessons import caravan as c
from caravan_lessons.ui.caravan_app import CaravanApp


def test_list_plays_actions_and_end_turn():
    app = CaravanApp(players=3, seed=2, seats=["human", "greedy", "heuristic"])
    state = app.state
    assert state.current_player == 0 and state.actions_left == 1
    assert "1 action left" in app.left.value
    place = next(i for i, a in enumerate(app._listed) if isinstance(a, c.PlaceCamel))
    app.actions_list.value = place
    app.play_button.click()
    assert app.state.actions_left == 0 and len(app.actions_list.options) == 1  # only End turn remains
    app.end_button.click()
    # the bots played their turns (2 and 3 actions) and it is our turn again, with 4 actions
    assert app.state.current_player == 0 and app.state.turn == 3 and app.state.actions_left == 4
    assert "4 actions left" in app.left.value
    app.close()


def test_clicks_place_and_move_a_camel():
    app = CaravanApp(players=2, seed=4, seats=["human", "greedy"])
    app.end_button.click()          # our 1-action turn passes; greedy plays 2; we have 3
    assert app.state.actions_left == 3
    empty = next(n for n in app.state.board.spaces if not app.state.count[n] and n not in app.state.goods)
    assert app.picker.pick_at(empty[1], -empty[0]) == empty   # one click: place a camel there
    mine = [w for w in app.state.pos[0] if w]
    assert empty in mine and app.state.actions_left == 2
    far = next(n for n in app.state.board.spaces if not app.state.count[n] and n != empty)
    app.picker.pick_at(empty[1], -empty[0])   # several actions start here: selected
    assert app.selected == empty
    app.picker.pick_at(far[1], -far[0])       # the second click moves the camel
    assert far in app.state.pos[0] and app.state.actions_left == 1 and app.selected is None
    app.close()


def test_refusal_named_and_state_unchanged():
    app = CaravanApp(players=2, seed=4, seats=["human", "human"])
    before = app.state.to_dict()
    assert not app.choose(c.MoveGood((0, 0), (0, 1), "salt"))
    assert "CAR-" in app.explain.value and "Not allowed" in app.explain.value
    assert app.state.to_dict() == before
    app.close()


def test_undo_and_replay():
    app = CaravanApp(players=2, seed=5, seats=["human", "random"])
    app.choose(app._listed[1])
    assert app.undo() and app.state.turn == 0 and app.state.actions_left == 1
    app.choose(app._listed[1])
    app.choose(c.EndTurn())
    app.replay.value = 0
    assert not app.choose(c.EndTurn())  # replaying: no play
    app.replay.value = app.replay.max
    app.close()


def test_redraw_time_median(artifacts):
    app = CaravanApp(players=4, seed=7, seats=["human", "greedy", "greedy", "greedy"])
    times = []
    for _ in range(12):
        if app.state.is_terminal():
            break
        action = app._listed[-1] if len(app._listed) > 1 else app._listed[0]
        start = time.perf_counter()
        app.choose(action)
        times.append(time.perf_counter() - start)
    app.figure.savefig(artifacts / "caravan_app_board.png", dpi=72)
    assert statistics.median(times) < 5.0  # the figure is measured by the bench; this only catches a blow-up
    app.close()


def test_bad_arguments():
    with pytest.raises(ValueError):
        CaravanApp(players=3, seats=["human"])
    with pytest.raises(ValueError):
        CaravanApp(canvas="svg")

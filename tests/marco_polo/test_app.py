"""The Marco Polo play app driven in-process: lists and buttons, a whole round, a travel chosen on the map,
refusals with the engine's rule, the game end with the score sheet, and close() releasing every widget."""
import warnings

import ipywidgets as W
import pytest

from caravan_lessons.boards import positions

from caravan_lessons.marco_polo import EndTurn, Move, Place
from caravan_lessons.ui.marco_polo_app import MarcoPoloApp


def live_widgets() -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return len(W.Widget.widgets)


def human_turn_by_list(app) -> None:
    """Play the human's decision from the list: a main action by a space button, else the first option."""
    state = app.state
    if state.tasks:
        if state.tasks[0][0] == "travel":
            end = app.choice_list.options[0][1].paths[0][-1]
            assert app.pick_location(end) is not None
        assert app.play_selected()
        return
    if not state.main_done:
        for space in app.space_buttons:
            if app.select_space(space):
                assert app.play_selected()
                return
        if app.select_bonus("moneybag"):  # the moneybag ruling: no main action open
            if app.state is state and app.choice_list.options:
                assert app.play_selected()
            return
        raise AssertionError("no main action offered")
    app.end_button.click()


@pytest.mark.rule("MP-TURN-1")
def test_a_whole_round_by_the_list_and_buttons():
    app = MarcoPoloApp(players=3, seed=3, seats=["human", "mp-greedy", "random"])
    try:
        for _ in range(400):
            if app.state.round > 1 or app.state.is_terminal():
                break
            before = len(app.snapshots)
            human_turn_by_list(app)
            assert len(app.snapshots) > before
        assert app.state.round == 2
        assert "round 2" in app.status.value.lower() or "to move" in app.status.value
        assert len(app.moves) == app.replay.max
        assert f"<b>{app.replay.max}.</b>" in app.log_view.value
    finally:
        app.close()


@pytest.mark.rule("MP-TRAVEL-2")
def test_travel_by_clicking_the_destination_shows_path_and_cost_before_confirming():
    app = MarcoPoloApp(players=2, seed=5, seats=["human", "random"], characters=["berke", "mercator"])
    try:
        travel = [a for a in app.state.legal_actions() if isinstance(a, Place) and a.space == "travel"]
        assert travel
        assert app.select_space("travel")
        app.choice_list.value = travel[-1]
        assert app.play_selected()
        assert app.state.tasks[0][0] == "travel"
        ends = {m.paths[0][-1] for m in app.state.legal_actions() if len(m.paths[0]) > 1}
        city = sorted(ends)[0]
        coins = app.state.coins[0]
        x, y = positions(app.state.data.board)[city]
        assert app.picker.pick_at(x, y) == city                # a click at the city on the map
        assert app.destination == city
        assert app.state.coins[0] == coins                      # nothing paid before confirming
        assert "coin" in app.explain.value and "Play" in app.explain.value
        assert isinstance(app.choice_list.value, Move) and app.choice_list.value.paths[0][-1] == city
        assert app.play_selected()
        assert city in app.state.travellers[0]
    finally:
        app.close()


@pytest.mark.rule("MP-KHAN-2")
def test_refusals_name_the_engines_rule_and_change_nothing():
    app = MarcoPoloApp(players=2, seed=2, seats=["human", "human"])
    try:
        state = app.state
        before = state.to_dict()
        assert not app.choose(EndTurn())
        assert "MP-TURN-1" in app.explain.value and before == app.state.to_dict()
        problem = state.why_illegal(Move((("venezia", "beijing"),)))
        assert not app.choose(Move((("venezia", "beijing"),)))
        assert problem.rule in app.explain.value
        app.pick_location("beijing")                              # no travel under way: a hint, no change
        assert "travel" in app.explain.value and before == app.state.to_dict()
    finally:
        app.close()


@pytest.mark.rule("MP-END-1")
def test_the_game_end_stops_for_everyone_with_the_score_sheet():
    app = MarcoPoloApp(players=2, seed=4, seats=["mp-greedy", "random"])
    try:
        assert app.state.is_terminal()                           # bots played the whole game
        assert app.stepper_box.layout.display is None            # the score sheet is shown
        assert app.continue_button.layout.display == "none"      # nobody needs to press on
        assert "game is over" in app.status.value
        assert all(b.disabled for b in app.space_buttons.values())
        assert app.stepper.sheet is not None if hasattr(app.stepper, "sheet") else True
    finally:
        app.close()


def test_a_human_plays_a_whole_game_to_the_end():
    app = MarcoPoloApp(players=2, seed=6, seats=["human", "mp-greedy"])
    try:
        for _ in range(3000):
            if app.state.is_terminal():
                break
            human_turn_by_list(app)
        assert app.state.is_terminal()
        assert "game is over" in app.status.value
        assert app.stepper_box.layout.display is None
    finally:
        app.close()


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="does not play Marco Polo"):
        MarcoPoloApp(players=2, seats=["human", "heuristic"])
    with pytest.raises(ValueError, match="seat"):
        MarcoPoloApp(players=3, seats=["human", "random"])
    with pytest.raises(ValueError, match="canvas"):
        MarcoPoloApp(players=2, canvas="svg")


def test_close_releases_every_widget_and_undo_replay_stay_bounded():
    counts = []
    for k in range(4):
        app = MarcoPoloApp(players=2, seed=k, seats=["human", "random"])
        for _ in range(6):
            human_turn_by_list(app)
        for i in range(app.replay.max + 1):
            app.replay.value = i
        app.replay.value = app.replay.max
        while app.history:
            assert app.undo()
        app.close()
        counts.append(live_widgets())
    assert counts[-1] <= counts[1], counts

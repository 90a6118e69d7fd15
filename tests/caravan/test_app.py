"""The Caravan play app driven in-process: the list, clicks on the grid, end turn, refusals, undo."""
import re
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


def test_a_table_of_bots_with_a_random_one_is_refused_not_played_for_ever():
    """Random Caravan bots almost never end a game: with no human seat the constructor never returned."""
    with pytest.raises(ValueError, match="random Caravan bots almost never end a game"):
        CaravanApp(players=3, seats=["random", "random", "random"])
    app = CaravanApp(players=2, seats=["human", "random"])   # a human at the table: the bot waits for them
    app.close()


# -- the shared shell: seat names, the end of the game, widgets released --

import warnings  # noqa: E402

import ipywidgets as W  # noqa: E402

from caravan_lessons.caravan.scenario import last_delivery  # noqa: E402


def live_widgets() -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return len(W.Widget.widgets)


@pytest.mark.rule("CAR-END-1")
def test_human_delivery_ends_the_game_with_the_score_sheet_and_nothing_moves_on():
    app = CaravanApp(state=last_delivery(), seats=["human", "greedy"])
    assert "Player 0 (you) to move" in app.status.value and "Player 1 (greedy bot)" in app.players_view.value
    assert app.stepper_box.layout.display == "none"
    deliver = next(i for i, a in enumerate(app._listed) if isinstance(a, c.MoveGood) and a.target == (0, 3))
    assert "delivers" in app.actions_list.options[deliver][0]
    app.actions_list.value = deliver
    app.play_button.click()
    assert app.state.is_terminal() and app.state.winners == (0,)
    assert "Player 0 (you) wins" in app.status.value
    assert app.stepper_box.layout.display is None            # the score sheet is shown
    moves = len(app.snapshots)
    assert not app.choose(c.EndTurn()) and len(app.snapshots) == moves
    assert app.actions_list.disabled and app.end_button.disabled and not app.actions_list.options
    assert app.clear_button.disabled                         # nothing is left to select or clear
    app.close()


def test_bot_delivery_ends_the_game_and_the_bot_wins():
    app = CaravanApp(state=last_delivery(), seats=["human", "greedy"])
    app.end_button.click()
    assert app.state.is_terminal() and app.state.winners == (1,)
    assert "Player 1 (greedy bot) wins" in app.status.value and app.stepper_box.layout.display is None
    assert "Player 1 delivers cloth" in app.log_view.value
    app.close()


def test_two_bots_stop_at_the_end_and_seats_are_named():
    app = CaravanApp(state=last_delivery(), seats=["greedy", "greedy"])
    assert app.state.is_terminal() and "(you)" not in app.status.value + app.players_view.value
    assert app.stepper_box.layout.display is None
    app.close()


def test_state_argument_is_checked_and_copied():
    with pytest.raises(ValueError, match="caravan.State"):
        CaravanApp(state={"players": 2})
    with pytest.raises(ValueError, match="2 seats"):
        CaravanApp(state=last_delivery(), seats=["human"])
    with pytest.raises(ValueError, match="bot_seed"):
        CaravanApp(bot_seed=1.5)
    with pytest.raises(ValueError, match="unknown player"):
        CaravanApp(seats=["human", "nobody", "random"])
    start = last_delivery()
    app = CaravanApp(state=start, seats=["human", "greedy"])
    app.choose(c.EndTurn())
    assert not start.over  # the app played on its own copy
    app.close()


def test_close_releases_every_widget_over_create_close_cycles():
    start = live_widgets()
    for seed in range(8):
        app = CaravanApp(players=2, seed=seed, seats=["human", "random"])
        app.choose(app._listed[-1])
        app.close()
    assert live_widgets() == start
    with pytest.raises(ValueError):
        CaravanApp(seats=["human", "nobody", "random"])
    assert live_widgets() == start


def test_widget_count_bounded_over_replays_and_undos():
    app = CaravanApp(players=2, seed=3, seats=["human", "random"])
    for _ in range(3):
        app.choose(app._listed[-1])
    created = live_widgets()
    for i in range(100):
        app.replay.value = (i * 7) % (app.replay.max + 1)
    app.replay.value = app.replay.max
    for _ in range(50):
        assert app.undo()
        app.choose(app._listed[-1])
    assert live_widgets() == created
    app.close()


def test_clear_selection_shows_only_on_a_clickable_board():
    """A picture board cannot be clicked, so nothing can be selected on it: no "Clear board selection" there."""
    import matplotlib
    import matplotlib.pyplot as plt

    backend = matplotlib.get_backend()
    mine = plt.figure()                                     # a learner's own figure
    static = CaravanApp(players=2, seed=4, seats=["human", "greedy"])
    live = CaravanApp(players=2, seed=4, seats=["human", "greedy"], canvas="ipympl")
    try:
        # the live canvas leaves pyplot alone (importing ipympl would switch the backend, closing figures)
        assert matplotlib.get_backend() == backend and plt.fignum_exists(mine.number)
        plt.close(mine)
        assert static.clear_button.layout.display == "none"
        assert "click" not in static.status.value.lower()
        assert live.clear_button.layout.display is None
        assert "click the board" in live.status.value
    finally:
        static.close()
        live.close()


def test_buttons_look_disabled_when_disabled():
    """Play and End turn wear their colours only while they can be pressed (a disabled colour only fades)."""
    app = CaravanApp(players=2, seed=4, seats=["human", "human"])
    try:
        assert not app.end_button.disabled and app.end_button.button_style == "warning"
        assert not app.play_button.disabled and app.play_button.button_style == "primary"
        assert app.choose(next(a for a in app._listed if isinstance(a, c.PlaceCamel)))
        app.replay.value = 0                                     # a replayed position: nothing to press
        assert app.end_button.disabled and app.end_button.button_style == ""
        assert app.play_button.disabled and app.play_button.button_style == ""
        app.replay.value = app.replay.max
        assert not app.end_button.disabled and app.end_button.button_style == "warning"
    finally:
        app.close()


APP, BOT = CaravanApp, "greedy"   # for the argument tests below
# -- constructor arguments (testers' list): a clear ValueError naming what is allowed, before any widget --

@pytest.mark.parametrize("kwargs, words", [
    ({"players": "3"}, "played by 2"), ({"players": None}, "played by 2"), ({"players": 10**100}, "played by 2"),
    ({"players": True}, "played by 2"), ({"players": 2.0}, "played by 2"),
    ({"seats": True}, "seats must be a list"), ({"seats": "human"}, "seats must be a list"),
    ({"seats": {"human": 1}}, "seats must be a list"), ({"players": 2, "seats": ["human", 7]}, "seat 1: a player is"),
    ({"players": 2, "seats": ["human", "robot"]}, "seat 1: unknown player 'robot'; choose from human, "),
    ({"players": 2, "seats": ["human", "BOT"]}, "choose from"),
    ({"mode": "easy"}, "mode must be one of match, practice"), ({"bot_seed": 1.5}, "bot_seed must be a whole number"),
])
def test_constructor_arguments_are_refused_with_what_is_allowed(kwargs, words):
    before = live_widgets()
    with pytest.raises(ValueError, match=re.escape(words)) as error:
        APP(**kwargs)
    assert len(str(error.value)) < 400                       # 10**100 is cut short, not printed whole
    assert live_widgets() == before                          # refused before any widget was made


def test_seat_pickers_offer_only_the_bots_of_this_game_and_seat_name_is_checked():
    app = APP(players=2, seats=["human", BOT])
    try:
        offered = {value for _label, value in app.seat_pickers[1].options}   # (label in the language, name)
        assert offered == {"human", *APP.bot_names} and BOT in offered
        assert app.seat_name(0).startswith("Player 0") and app.seat_name(-1) == "the game"
        for bad in (2, -2, "0", True, None, 1.0):
            with pytest.raises(ValueError, match=r"seat must be a seat number 0 to 1 \(or -1 for the game\)"):
                app.seat_name(bad)
    finally:
        app.close()


# -- the faults learners met in the browser (review of 2026-12-01, issue 17) --

def _dotted(app) -> bool:
    """The selection square (dotted) is among the pieces drawn now."""
    from matplotlib.patches import Rectangle

    return any(isinstance(a, Rectangle) and a.get_linestyle() == ":" for a in app._pieces)


def test_a_board_click_says_what_it_did_and_keeps_saying_it_after_the_redraw():
    """B1: pick() wrote the message line directly and refresh() put the last move's message back, so a click
    said nothing; a space where nothing can be done gave no rule. Now every click's words survive the redraw,
    and a refusal names the engine's rule."""
    app = CaravanApp(players=2, seed=4, seats=["human", "greedy"], canvas="ipympl")
    app.end_button.click()                                   # greedy plays; we have 3 actions
    empty = next(n for n in app.state.board.spaces if not app.state.count[n] and n not in app.state.goods)
    app.pick(empty)                                          # places a camel (one click)
    app.pick(empty)                                          # our camel: several actions start here
    assert app.selected == empty and "selected" in app.explain.value and "actions start here" in app.explain.value
    app.groups_box.value = not app.groups_box.value          # any redraw keeps the words
    assert "selected" in app.explain.value
    app.clear_selection()
    assert app.selected is None and "selected" not in app.explain.value and "places a camel" not in app.explain.value
    app.choose(next(a for a in app._listed if isinstance(a, c.PlaceCamel)))
    app.choose(next(a for a in app._listed if isinstance(a, c.PlaceCamel)))
    assert app.state.actions_left == 0
    before = app.state.to_dict()
    app.pick((3, 3) if (3, 3) != empty else (3, 4))          # no action left: the engine's rule, nothing changes
    assert "Not allowed (CAR-TURN-1)" in app.explain.value and app.state.to_dict() == before
    app.close()


def test_no_stale_selection_square_after_a_move_or_end_turn():
    """B2: choose() cleared the selection after play() had redrawn, so the dotted square stayed after every
    two-click move, and a selection made with no action left stayed through End turn and the bots' turns."""
    app = CaravanApp(players=2, seed=4, seats=["human", "greedy"], canvas="ipympl")
    app.end_button.click()
    empty = next(n for n in app.state.board.spaces if not app.state.count[n] and n not in app.state.goods)
    far = next(n for n in app.state.board.spaces if not app.state.count[n] and n != empty and n not in app.state.goods)
    app.pick(empty)
    app.pick(empty)
    assert _dotted(app)
    app.pick(far)                                            # the second click moves the camel
    assert app.selected is None and far in app.state.pos[0] and not _dotted(app)
    app.pick(far)                                            # select again, then end the turn
    assert _dotted(app)
    app.end_button.click()
    assert app.selected is None and not _dotted(app)
    app.close()


def test_score_chart_and_board_use_the_same_colours_and_the_board_has_a_legend():
    """B3: the stepper used the default palette (ivory green, gems yellow, cloth grey) while the board shows
    ivory grey, gems green, cloth purple; the board had no legend for cubes and demand discs."""
    from caravan_lessons.caravan.components import DRAW_COLOURS, GOODS

    app = CaravanApp(players=3, seed=2, seats=["human", "greedy", "heuristic"])
    for good in GOODS:
        assert app.stepper.colours[f"goods:{good}"] == DRAW_COLOURS[good]
    labels = [t.get_text() for ax in app.figure.axes if ax.get_legend() for t in ax.get_legend().get_texts()]
    for good in GOODS:
        assert any(label.startswith(good) for label in labels), labels
    assert any(label.startswith("demand marker") for label in labels)
    app.close()


def test_board_names_rows_and_columns_and_list_entries_fit_the_list():
    """B4: the list and log say r2c5 but the board showed no row or column numbers; list entries such as
    "move an empty camel from space 1 (r0c0) to Marrakesh (r0c..." were cut; "Undo my move and the result"
    shared a row with "Clear board selection" and both were ellipsized."""
    import random

    app = CaravanApp(players=4, seed=3, seats=["human"] * 4, canvas="ipympl")
    rows = {t.get_text() for t in app.board_ax.texts if t.get_gid() == "row-label"}
    cols = {t.get_text() for t in app.board_ax.texts if t.get_gid() == "column-label"}
    assert rows == {f"r{r}" for r in range(7)} and cols == {f"c{k}" for k in range(7)}
    rng = random.Random(0)
    longest = 0
    for _ in range(40):
        longest = max([longest] + [len(label) for label, _i in app.actions_list.options])
        app.choose(rng.choice(app._listed))
    assert longest <= 48, longest              # about 50 characters fit the 355 px list
    from tests.widget_tools import boxes

    holder = next(box for box in boxes(app) if app.undo_button in box.children)
    assert isinstance(holder, W.VBox)          # the undo button has a row of its own in the controls column
    app.close()

"""The Samarkand play app driven in-process: the list of legal spaces, map clicks, sale prompts,
seat names, the pause at the game end, bots that never move on by themselves, and close()."""
import re
import warnings

import ipywidgets as W
import pytest

from caravan_lessons.samarkand import Marry, Place
from caravan_lessons.samarkand.scenario import near_end
from caravan_lessons.ui.samarkand_app import SamarkandApp


def human_app(players=3, seed=2):
    return SamarkandApp(players=players, seed=seed, seats=["human"] * players)


def live_widgets() -> int:
    """``len(ipywidgets.Widget.widgets)`` (deprecated in ipywidgets 8, hence the filter)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return len(W.Widget.widgets)


def test_marry_then_discard_through_the_widgets():
    app = human_app()
    assert "Player 0 to move" in app.status.value and app.buttons["place"].disabled
    assert "(you)" not in app.status.value  # three humans play hot-seat: nobody is "you"
    app.marry_picker.value = "egypt"
    app.buttons["marry"].click()
    assert app.state.held[0][app.state.board.family_index["egypt"]] == 1 and app.state.phase == "discard"
    assert len(app.discard_picker.options) == 5
    app.buttons["discard"].click()  # nothing selected: discard 0 cards
    assert app.state.current_player == 1
    assert "Player 1 to move" in app.status.value
    app.close()


def test_one_human_is_you_and_bots_are_named_by_seat():
    app = SamarkandApp(players=3, seed=2, seats=["human", "greedy", "random"])
    assert "Player 0 (you)" in app.status.value or "Player 0 (you)" in app.hand_view.value
    assert "Player 1 (greedy bot)" in app.houses_view.value and "Player 2 (random bot)" in app.houses_view.value
    app.close()
    bots = SamarkandApp(players=2, seed=3, seats=["greedy", "heuristic"])
    text = " ".join([bots.status.value, bots.hand_view.value, bots.houses_view.value, bots.explain.value])
    assert "Player 0 (greedy bot)" in text and "(you)" not in text
    assert not re.search(r"\bP\d\b", bots.houses_view.value)
    bots.close()


@pytest.mark.rule("SAM-EXT-2")
def test_list_of_legal_spaces_and_map_clicks():
    app = human_app()
    app.play(Marry("egypt"))
    app.buttons["discard"].click()
    app.play(Marry("levant"))
    app.buttons["discard"].click()
    app.play(Marry("china"))
    app.buttons["discard"].click()
    assert app.family_picker.value == "egypt"
    spaces = [value for _, value in app.space_list.options]
    assert sorted(spaces) == sorted(a.space for a in app.state.legal_actions() if isinstance(a, Place))
    before = app.state.to_dict()
    assert not app.pick_space("g22")  # not next to an Egypt camel
    assert "SAM-EXT-2" in app.explain.value and app.state.to_dict() == before
    x, y = app.state.board.graph.nodes[spaces[0]]["pos"]
    assert app.picker.pick_at(x + 0.01, y - 0.01) == spaces[0]  # a click next to the space
    assert app.state.camels[app.state.board.index[spaces[0]]][-1] == app.state.board.family_index["egypt"]
    app.close()


@pytest.mark.rule("SAM-GOODS-2")
def test_the_sale_is_prompted_to_the_holder():
    app = SamarkandApp(players=3, seed=2, seats=["human", "human", "human"])
    state = app.state
    for family in (("egypt", "levant", "china")):
        app.play(Marry(family))
        app.buttons["discard"].click()
    # give the linen card (3) to player 2, then player 0 extends Egypt onto linen
    holder = next(q for q in range(3) if 3 in state.hands[q]) if any(3 in h for h in state.hands) else None
    if holder is None:
        state.deck.remove(3)
        state.hands[2].append(3)
        app.snapshots[-1] = state.clone()
        holder = 2
    app.family_picker.value = "egypt"
    app.space_list.value = "g3"
    app.buttons["place"].click()
    assert state.phase == "sale" and state.current_player == holder
    assert f"Player {holder}" in app.prompt.value and "SAM-GOODS-2" in app.prompt.value
    app.buttons["sell"].click()
    assert 3 in state.sold[holder]
    app.close()


@pytest.mark.rule("SAM-END-1")
def test_bots_answer_and_the_game_end_shows_the_score_sheet_and_nothing_moves_on():
    app = SamarkandApp(players=4, seed=5, seats=["random", "heuristic", "greedy", "random"])
    assert app.state.is_terminal() and "The game is over" in app.status.value
    assert app.stepper_box.layout.display is None  # the score sheet is shown
    moves = len(app.moves)
    app.play_bots()
    assert len(app.moves) == moves and not app.continue_play()  # nothing after the end
    winners = app.state.winners
    assert all(app.seat_name(p) in app.status.value for p in winners)
    # the status says why the game ended, with the rule that ended it
    reason = app.state.end_reason
    assert reason in ("SAM-END-1", "SAM-END-2", "SAM-TURN-1") and f"({reason}: " in app.status.value
    assert {"SAM-END-1": "every family has a relation", "SAM-END-2": "a family has made 5 relations",
            "SAM-TURN-1": "every player passed in a row"}[reason] in app.status.value
    app.close()


def _finish_by_human(app, limit=400):
    """The human seats play their first legal action until the game ends (bots answer)."""
    for _ in range(limit):
        if app.state.is_terminal():
            return
        action = app.state.legal_actions()[0]
        assert app.play(action)
    raise AssertionError("the game did not end")


def test_a_game_played_from_a_near_end_position_stops_at_the_end_for_everyone():
    app = SamarkandApp(state=near_end(players=3, seed=4), seats=["human", "heuristic", "heuristic"])
    _finish_by_human(app)
    assert "The game is over" in app.status.value and app.stepper_box.layout.display is None
    assert app.buttons["place"].disabled and app.buttons["marry"].disabled
    before = len(app.moves)
    assert not app.play(app.snapshots[-2].legal_actions()[0])
    assert len(app.moves) == before
    app.close()


def test_close_releases_every_widget_over_ten_apps():
    start = live_widgets()
    for seed in range(10):
        app = SamarkandApp(players=3, seed=seed, seats=["human", "random", "random"])
        app.play(app.state.legal_actions()[0])
        app.close()
    assert live_widgets() == start


def test_widget_count_stays_bounded_over_replays_and_undos():
    app = SamarkandApp(players=2, seed=4, seats=["human", "random"])
    for _ in range(6):
        app.play(app.state.legal_actions()[0])
    created = live_widgets()
    for i in range(100):
        app.replay.value = (i * 7) % (app.replay.max + 1)
    app.replay.value = app.replay.max
    for _ in range(50):
        app.play(app.state.legal_actions()[0])
        app.undo()
    assert live_widgets() == created
    app.close()


def test_bad_arguments_are_refused_before_any_widget_is_made():
    start = live_widgets()
    for kwargs in ({"players": 6}, {"players": True}, {"players": 2.0}, {"seats": ["human"]},
                   {"seats": ["human", "nobody", "random", "random"]}, {"mode": "blitz"}, {"bot_seed": 1.5}):
        with pytest.raises(ValueError):
            SamarkandApp(**kwargs)
    assert live_widgets() == start


def test_the_map_still_draws_after_the_notebook_closed_every_pyplot_figure():
    """JupyterLab's inline backend closes pyplot figures after each cell; the map's figure then has a
    bare canvas. A click after that must still redraw the map (it raised AttributeError before)."""
    import matplotlib.pyplot as plt

    app = SamarkandApp(state=near_end(players=2, seed=6), seats=["human", "random"])
    plt.close("all")
    before = bytes(app.map_widget.value)
    assert app.play(next(a for a in app.state.legal_actions() if isinstance(a, Place)))
    assert bytes(app.map_widget.value) != before and len(app.moves) >= 1
    app.close()


APP, BOT = SamarkandApp, "greedy"   # for the argument tests below
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

def test_the_clickable_map_shows_no_pyplot_widget_furniture_and_fits_the_output():
    """B6: with %matplotlib widget the map was a raw pyplot ipympl canvas: a "Figure 1" header, a toolbar, the
    coordinate readout and a resize handle, and a fixed 880 px canvas in an 848 px output cut the legend."""
    import matplotlib.pyplot as plt

    app = SamarkandApp(players=2, seed=3, seats=["human", "heuristic"], canvas="ipympl")
    canvas = app.map_widget
    assert not canvas.header_visible and not canvas.toolbar_visible and not canvas.footer_visible
    assert not canvas.resizable
    assert app.map_figure.bbox.width <= 820               # JupyterLab's default output is about 850 px wide
    app.board.blitter.frame()
    renderer = app.map_figure.canvas.get_renderer()
    legend = app.map_figure.legends[0].get_window_extent(renderer)
    assert legend.x1 <= app.map_figure.bbox.width and legend.x0 >= 0 and legend.y0 >= 0   # the legend is whole
    houses = [t.get_window_extent(renderer) for t in app.map_axes.texts if t.get_bbox_patch() is not None]
    for a, b in zip(houses, houses[1:]):                                  # the house labels do not overlap
        assert not a.overlaps(b) or abs(a.y0 - b.y0) > 1
    assert not plt.get_fignums() or app.map_figure not in map(plt.figure, plt.get_fignums())
    app.close()


def test_canvas_auto_follows_matplotlib_widget(monkeypatch):
    """canvas="auto" (the default) gives the clickable map when the notebook runs %matplotlib widget, as lesson 7
    says, and a picture otherwise; anything else is refused with what is allowed."""
    from caravan_lessons.ui.samarkand_app import canvas_kind

    assert canvas_kind("auto") == "png"                   # the tests run on Agg
    import matplotlib

    monkeypatch.setitem(matplotlib.rcParams, "backend", "module://ipympl.backend_nbagg")
    assert canvas_kind("auto") == "ipympl"
    with pytest.raises(ValueError, match="canvas must be 'png', 'ipympl' or 'auto'"):
        canvas_kind("svg")


def test_lesson_7_leaves_the_learners_game_at_its_first_move():
    """B7: after Run All, the cell "The same moves by code" had married the learner into Egypt on the learner's
    own app. The demo plays on an app of its own; no cell after the app's plays on it."""
    import json
    import re
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "notebooks" / "samarkand" / "07_full_game_against_bots.ipynb"
    cells = ["".join(c["source"]) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code"]
    shown = next(i for i, src in enumerate(cells) if src.rstrip().endswith("\napp"))
    for src in cells[shown + 1:]:
        assert not re.search(r"\bapp\.(play|choose|pick_space|continue_play)\(", src), src


def test_the_houses_table_has_the_whole_width_and_four_seat_pickers_wrap():
    """Review B9 (minor): in the 2-player layout the houses table's header wrapped to three lines ("camels / in /
    reserve") in the narrow column beside the controls; with 4 players the 4th seat picker touched the right edge."""
    app = SamarkandApp(players=4, seed=1, seats=["human", "heuristic", "greedy", "random"])
    assert app.houses_view in app.children                      # a row of its own, not the narrow reference column
    pickers_row = next(box for box in app.settings.children if app.seat_pickers[0] in box.children)
    assert pickers_row.layout.flex_flow == "row wrap"
    app.close()


def test_the_controls_column_holds_its_widest_row_with_the_widgets_margins():
    """Seen in JupyterLab (issue 17 screenshots): the controls column was exactly 300 + 170 px wide, so with the
    widgets' 2 px margins the family dropdown and the Spaces list were cut at their right edge under the buttons."""
    from tests.widget_tools import boxes

    app = SamarkandApp(players=2, seed=3, seats=["human", "heuristic"])
    try:
        row = next(box for box in boxes(app) if app.marry_picker in box.children)
        column = next(box for box in boxes(app) if row in box.children)
        needed = sum(int(w.layout.width[:-2]) + 4 for w in row.children)     # each widget: 2 px margin a side
        assert int(column.layout.width[:-2]) >= needed, (column.layout.width, needed)
    finally:
        app.close()

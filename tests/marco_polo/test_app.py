"""The Marco Polo play app driven in-process: lists and buttons, a whole round, a travel chosen on the map,
refusals with the engine's rule, the game end with the score sheet, and close() releasing every widget."""
import re
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
    if app.paused:                                   # a round end: the human presses Next round
        assert app.continue_play()
        return
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
        for round_ in range(2, 6):                               # bots stop at every round end
            assert app.state.round == round_ and app.paused and not app.state.is_terminal()
            assert app.continue_play()                           # what the Next round button does
        assert app.state.is_terminal()                           # then the bots played to the end
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


def test_widgets_stay_bounded_over_100_replay_steps_and_50_undos():
    app = MarcoPoloApp(players=2, seed=8, seats=["human", "human"])
    try:
        for _ in range(400):
            if len(app.history) >= 55:
                break
            human_turn_by_list(app)
        start = live_widgets()
        for k in range(100):
            app.replay.value = k % (app.replay.max + 1)
        app.replay.value = app.replay.max
        undos = 0
        while app.history and undos < 50:
            assert app.undo()
            undos += 1
        assert undos == 50
        assert live_widgets() <= start + 10, (start, live_widgets())
    finally:
        app.close()


@pytest.mark.rule("MP-TURN-2")
def test_bots_never_press_next_round_even_when_every_seat_is_a_bot():
    app = MarcoPoloApp(players=3, seed=8, seats=["mp-greedy", "random", "mp-heuristic"])
    try:
        state = app.state
        assert state.round == 2 and app.paused and not state.is_terminal()
        assert app.continue_button.layout.display is None and not app.continue_button.disabled
        assert "Round 1 of 5 is over" in app.status.value and "Next round" in app.status.value
        assert "After round 1 of 5" in app.round_summary.value
        assert all(app.seat_name(s) in app.round_summary.value for s in range(3))
        frozen = (len(app.snapshots), state.to_dict())
        app.play_bots()                                          # the shell's bot loop: stays put
        app.seat_pickers[1].value = "mp-greedy"                  # a seat change wakes the bots: still put
        app.refresh()
        assert (len(app.snapshots), app.state.to_dict()) == frozen
        assert not app.play(app.state.legal_actions()[0])        # nobody moves during the pause
        assert "Next round" in app.explain.value
        assert app.continue_play()
        assert app.state.round == 3 and app.paused               # the bots played round 2, then stopped again
        assert "After round 2 of 5" in app.round_summary.value
        app.replay.value = 3                                     # a replayed position is not a pause
        assert app.continue_button.layout.display == "none"
        assert not app.continue_play() and app.state.round == 3
    finally:
        app.close()


@pytest.mark.rule("MP-TURN-2")
def test_a_human_ending_round_one_sees_the_pause_and_practice_undo_takes_it_back():
    app = MarcoPoloApp(players=2, seed=3, seats=["human", "random"])
    try:
        for _ in range(400):
            if app.paused or app.state.round > 1:
                break
            human_turn_by_list(app)
        assert app.paused and app.state.round == 2
        assert app.undo_reopens_a_round()                        # the human's last move led to the round end
        assert app.undo_button.description == "Undo my move and the result"
        assert app.undo()
        assert not app.paused and app.state.round == 1
        assert app.continue_button.layout.display == "none" and app.round_summary.value == ""
    finally:
        app.close()


def test_the_prompt_asks_the_question_of_the_space_just_clicked():
    """Testers saw the prompt lag: after a click on a space it still asked the previous question."""
    app = MarcoPoloApp(players=2, seed=5, seats=["human", "random"], characters=["berke", "mercator"])
    try:
        assert "Click an action space" in app.prompt.value
        assert app.select_space("travel")
        assert "Travel" in app.prompt.value and "MP-TRAVEL-1" in app.prompt.value
        assert all(isinstance(a, Place) and a.space == "travel" for _label, a in app.choice_list.options)
        assert app.select_space("coins")
        assert "Take 5 coins" in app.prompt.value and "MP-ACT-3" in app.prompt.value
        assert "Travel" not in app.prompt.value
        assert app.select_space("travel")
        app.choice_list.value = app.choice_list.options[-1][1]
        assert app.play_selected()
        assert "path of your travel" in app.prompt.value         # the engine's question now
    finally:
        app.close()


def test_end_turn_looks_disabled_when_it_is_disabled():
    """A disabled coloured button only fades: End turn drops its orange while it cannot be pressed."""
    app = MarcoPoloApp(players=2, seed=5, seats=["human", "random"], characters=["berke", "mercator"])
    try:
        assert app.end_button.disabled and app.end_button.button_style == ""
        assert app.select_space("coins") and app.play_selected()
        assert not app.end_button.disabled and app.end_button.button_style == "warning"
        assert app.play_button.disabled and app.play_button.button_style == ""
        assert app.select_bonus("moneybag") or app.play_button.disabled
    finally:
        app.close()


APP, BOT = MarcoPoloApp, "mp-greedy"   # for the argument tests below
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

def test_replaced_city_card_buttons_leave_no_layout_or_style_alive():
    """B5: _fill_controls closed the replaced city-card buttons but not their Layout and ButtonStyle."""
    import ipywidgets as W

    app = MarcoPoloApp(players=2, seed=5, seats=["human", "human"])
    before = set(W.Widget.widgets)
    button = W.Button(description="city card 99")
    app.city_buttons = {99: button}                     # as if a card were shown, then the cards change
    app._fill_controls(app.state)
    assert button.layout.comm is None and button.style.comm is None and button.comm is None
    app.close()
    assert not set(W.Widget.widgets) - before


def test_the_log_names_places_as_the_map_does():
    """B9: log lines used the engine's ids ("move venezia–alexandria–oasis_i") where the list said "Venezia –
    Alexandria – Oasis I"."""
    from caravan_lessons.marco_polo import Move

    app = MarcoPoloApp(players=2, seed=5, seats=["human", "random"], characters=["berke", "mercator"])
    app.select_space("travel")
    app.choose(app.choice_list.options[-1][1])
    move = next(a for a in app.state.legal_actions() if isinstance(a, Move) and a.paths[0][-1] == "oasis_i")
    assert app.choose(move)
    line = next(line for lines in app.moves for line in lines if "move " in line)
    assert "Oasis I" in line and "oasis_i" not in line and "venezia" not in line, line
    assert "Oasis I" in app.log_view.value and "oasis_i" not in app.log_view.value
    app.close()


def test_the_learners_own_board_sits_beside_the_choices():
    """B8/B9: the learner's contracts and objectives were about 1,100 px below the action buttons."""
    app = MarcoPoloApp(players=3, seed=7, seats=["human", "mp-heuristic", "mp-greedy"])
    from tests.widget_tools import boxes

    row = next(box for box in boxes(app) if app.choice_list in box.children)
    assert app.my_board in row.children
    text = app.my_board.value
    contract = app.state.active[0][0]
    assert f"#{contract}" in text and "objectives" in text and "coins" in text
    assert app.my_board.layout.height                    # a fixed height: the map below never moves
    app.close()


def test_the_maps_heading_is_a_caption_not_glyphs_redrawn_at_every_click():
    """Issue 17: the map's title ("Travel to Oasis A: 1 step: 3 coins (press Play to confirm)") was a moving
    artist, its glyphs drawn again over the blitted map at every click: about half of a map click's kernel time
    (40 of 92 ms at load 21). The heading is now a line of HTML above the map; the moving artists drawn at a
    click hold no text but the cost labels of the reachable places."""
    from matplotlib.text import Text

    app = MarcoPoloApp(players=2, seed=5, seats=["human", "random"], characters=["berke", "mercator"], canvas="ipympl")
    try:
        assert "Round 1 of 5: player 0 to act" in app.map_caption.value
        assert app.map_caption.layout.height                       # one line high: the map under it never moves
        travel = [a for a in app.state.legal_actions() if isinstance(a, Place) and a.space == "travel"]
        app.select_space("travel")
        app.choice_list.value = travel[-1]
        app.play_selected()
        assert "Click your destination" in app.map_caption.value
        city = sorted({m.paths[0][-1] for m in app.state.legal_actions() if len(m.paths[0]) > 1})[0]
        app.pick_location(city)
        assert "Travel to " + app.state.map.name[city] in app.map_caption.value
        texts = [a for a in app.board.blitter.artists if isinstance(a, Text) and a.get_visible() and a.get_text()]
        assert texts and all((a.get_gid() or "").startswith("halo-name:") for a in texts), \
            [a.get_text() for a in texts]
        assert app.map_caption in app.children and app.children.index(app.map_caption) + 1 == \
            app.children.index(app.map_widget)                     # right above the map
    finally:
        app.close()

"""The Jaipur play app and the shell, driven in-process: select cards, click, check the engine, the
messages, the pause at the round end, the score stepper, the log, the widget count, the guided turn."""
import re
import warnings

import ipywidgets as W
import pytest

from caravan_lessons import jaipur
from caravan_lessons.core import RuleViolation
from caravan_lessons.jaipur import NextRound, Sell, TakeOne
from caravan_lessons.ui import JaipurApp, ScoreStepper, guided_first_turn
from caravan_lessons.ui.common import alternate_rows
from tests.browser_support import jaipur_click_plan


def market(app):
    return [b.card for b in app.market_cards]


def live_widgets() -> int:
    """``len(ipywidgets.Widget.widgets)`` (deprecated in ipywidgets 8, hence the filter)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return len(W.Widget.widgets)


def click_plan(app, strong=True) -> None:
    """Play the learner's next move by 'clicking' cards and a button, as the browser test does."""
    if app.paused:
        app.next_button.click()
        return
    kind, from_market, from_hand, camels = jaipur_click_plan(
        market(app), [b.card for b in app.hand_cards], len(app.herd_cards), strong=strong)
    app.clear_button.click()
    for names, pool in ((from_market, app.market_cards), (from_hand, app.hand_cards)):
        wanted = list(names)
        for button in pool:
            if button.card in wanted:
                button.click()
                wanted.remove(button.card)
    for button in app.herd_cards[:camels]:
        button.click()
    before = len(app.snapshots)
    app.buttons[kind].click()
    assert len(app.snapshots) > before, app.explain.value


def play_round_by_clicks(app, strong=True, limit=200):
    for _ in range(limit):
        if app.paused or app.state.is_terminal():
            return
        click_plan(app, strong)
    raise AssertionError("the round did not end")


# -- the table and the moves --

def test_cards_on_display_match_the_engine():
    app = JaipurApp(seed=11)
    obs = app.state.observation(0)
    assert sorted(market(app)) == sorted(c for c, n in obs["market"].items() for _ in range(n))
    assert sorted(b.card for b in app.hand_cards) == sorted(c for c, n in obs["hand"].items() for _ in range(n))
    assert len(app.herd_cards) == obs["herds"][0]
    assert "Player 0 (you) to move" in app.status.value and "JAI-TURN-1" in app.status.value
    assert str(obs["deck_size"]) in app.board.value and "Goods tokens left" in app.board.value


@pytest.mark.rule("JAI-TAKE-6")
def test_illegal_selection_is_explained_and_changes_nothing():
    app = JaipurApp(seed=11)
    before = app.state.to_dict()
    app.select(market=["camel"])
    app.buttons["take_one"].click()
    assert "JAI-TAKE-6" in app.explain.value and "camel" in app.explain.value
    assert app.state.to_dict() == before
    assert app.history == []


@pytest.mark.rule("JAI-SELL-1")
def test_selling_two_types_at_once_is_refused():
    app = JaipurApp(seed=11)  # hand: gold, gold, cloth
    before = app.state.to_dict()
    app.select(hand=["gold", "cloth"])
    app.buttons["sell"].click()
    assert "JAI-SELL-1" in app.explain.value
    assert app.state.to_dict() == before


def _refusal_rule(kind, market=(), hand=(), herd=0, state=None):
    """The rule the engine names for a selection: selection_to_action's, else why_illegal's."""
    try:
        action = jaipur.selection_to_action(kind, market, hand, herd)
    except RuleViolation as error:
        return error.rule
    return state.why_illegal(action).rule


@pytest.mark.rule("JAI-SELL-5")
def test_selling_herd_camels_cites_the_rule_the_engine_names_for_selling_camels():
    app = JaipurApp(seed=11)
    assert len(app.herd_cards) >= 2
    engine_rule = app.state.why_illegal(Sell("camel", 2)).rule
    assert engine_rule == "JAI-SELL-5" == _refusal_rule("sell", herd=2, state=app.state)
    before = app.state.to_dict()
    app.select(herd=2)
    app.buttons["sell"].click()
    assert f"Not allowed ({engine_rule})" in app.explain.value
    assert "JAI-TURN-1" not in app.explain.value
    assert app.state.to_dict() == before
    app.close()


@pytest.mark.parametrize(("kind", "pick"), [
    ("take_one", {"market": ["camel"]}),
    ("sell", {"hand": ["gold", "cloth"]}),
    ("exchange", {"market": ["silver"], "hand": ["cloth"]}),
    ("take_camels", {"hand": ["cloth"]}),
    ("sell", {"market": ["silver"]}),
])
def test_every_refusal_names_the_rule_the_engine_names(kind, pick):
    app = JaipurApp(seed=11)
    rule = _refusal_rule(kind, pick.get("market", ()), pick.get("hand", ()), pick.get("herd", 0), app.state)
    app.select(**pick)
    app.buttons[kind].click()
    assert re.findall(r"Not allowed \(([A-Z0-9-]+)\)", app.explain.value) == [rule]


def test_legal_click_plays_the_move_the_bot_answers_and_the_log_says_so():
    app = JaipurApp(seed=11)
    good = next(c for c in market(app) if c != "camel")
    app.select(market=[good])
    app.buttons["take_one"].click()
    assert app.state.turn == 2  # the learner's move and the bot's answer
    assert app.state.current_player == 0
    assert f"Player 0 takes one {good} from the market" in app.log_view.value
    assert f"Player 0 takes one {good}" in app.explain.value and "Then: Player 1" in app.explain.value
    assert sum(1 for b in app.hand_cards if b.card == good) >= 1
    assert not app.undo_button.disabled


def test_undo_restores_the_state_before_the_learners_move():
    app = JaipurApp(seed=11, mode="practice")
    before = app.state.to_dict()
    assert app.play_first_legal()
    assert app.state.to_dict() != before
    assert app.undo()
    assert app.state.to_dict() == before
    assert sorted(market(app)) == sorted(c for c, n in before["market"].items() for _ in range(n))
    assert len(app.moves) == len(app.snapshots) - 1 == app.replay.max == 0
    assert not app.undo()  # nothing left to undo
    assert "nothing to undo" in app.explain.value


def test_select_refuses_cards_not_on_display():
    app = JaipurApp(seed=11)
    with pytest.raises(ValueError, match="not on display"):
        app.select(market=["diamond", "diamond", "diamond"])
    assert TakeOne("silver") in app.state.legal_actions()


def test_match_mode_refuses_undo_once_a_hidden_card_was_revealed():
    app = JaipurApp(seed=11, mode="match")
    good = next(c for c in market(app) if c != "camel")
    app.select(market=[good])
    app.buttons["take_one"].click()  # the deck refills the market: a hidden card is revealed
    assert not app.undo()
    assert "hidden card" in app.explain.value
    app.mode_picker.value = "practice"
    assert app.undo()


def test_match_mode_allows_undo_when_nothing_hidden_was_shown():
    from caravan_lessons.jaipur import Exchange

    app = JaipurApp(seed=11, mode="match")
    app.seat_pickers[1].value = "human"  # hot-seat: no bot answers
    before = app.state.to_dict()
    exchanges = [a for a in app.state.legal_actions() if isinstance(a, Exchange)]
    assert app.play(exchanges[0])  # an exchange draws no card
    assert app.state.current_player == 1
    assert app.undo() and app.state.to_dict() == before


def _round_ended_by_the_human(mode):
    app = JaipurApp(seed=4, bot="random", mode=mode)
    for _ in range(200):
        click_plan(app)
        if app.paused:
            break
    assert app.paused and app.state.phase == jaipur.ROUND_OVER
    return app


def test_practice_undo_after_the_round_end_says_it_takes_the_result_back_and_does():
    app = _round_ended_by_the_human("practice")
    assert not app.undo_button.disabled
    assert app.undo_button.description == "Undo my move and the result"
    assert "result" in app.undo_button.tooltip
    assert app.stepper_box.layout.display is None and app.state.round_results
    results = len(app.state.round_results)
    assert app.undo()
    # the round is open again and nothing of it is scored: no result, no score sheet, no Next round
    assert app.state.phase == jaipur.PLAYING and len(app.state.round_results) == results - 1
    assert not app.paused and app.stepper_box.layout.display == "none"
    assert app.next_button.layout.display == "none"
    assert "round result with it" in app.explain.value and "Round 1 is over" not in app.status.value
    assert app.undo_button.description == "Undo my last move"


def test_match_mode_keeps_a_finished_round_no_undo_after_the_round_end():
    app = _round_ended_by_the_human("match")
    sheet = app.stepper.sheet
    assert app.undo_button.disabled and "round is over" in app.undo_button.tooltip
    assert not app.undo()
    assert "round is over" in app.explain.value and app.paused and app.stepper.sheet is sheet
    assert app.state.phase == jaipur.ROUND_OVER
    app.next_button.click()  # the next round: still no undo back into the finished round
    assert app.state.round_index == 1 and app.history and app.undo_reopens_a_round()
    assert not app.can_undo()[0] and app.undo_button.disabled


def test_hot_seat_shows_the_hand_of_the_player_to_move():
    app = JaipurApp(seed=11, seats=["human", "human"])
    assert app.play_first_legal()
    assert app.state.current_player == 1
    assert sorted(b.card for b in app.hand_cards) == sorted(
        c for c, n in app.state.observation(1)["hand"].items() for _ in range(n))
    assert "Hand of Player 1" in app.hand_title.value and "(you)" not in app.hand_title.value


def test_legal_choices_are_highlighted():
    app = JaipurApp(seed=11)
    legal = app.state.legal_actions()
    for kind, button in app.buttons.items():
        assert (button.button_style == "primary") == any(a.kind == kind for a in legal)
    takeable = {a.good for a in legal if a.kind == "take_one"}
    for card in app.market_cards:
        assert ("jaipur-legal" in card._dom_classes) == (card.card in takeable or (
            card.card == "camel" and any(a.kind == "take_camels" for a in legal)) or any(
            a.kind == "exchange" and card.card in a.take for a in legal))


def test_a_selected_card_is_marked_and_a_second_click_unselects_it():
    app = JaipurApp(seed=11)
    card = app.hand_cards[0]
    card.click()
    assert card.value and "jaipur-selected" in card._dom_classes and card.icon == "check"
    card.click()
    assert not card.value and "jaipur-selected" not in card._dom_classes


# -- item 1: every round end pauses, for everyone --

@pytest.mark.rule("JAI-MATCH-1")
@pytest.mark.parametrize(("bot", "strong", "human_wins"), [("random", True, True), ("heuristic", False, False)])
def test_every_round_end_pauses_with_the_score_sheet_until_a_human_presses_next_round(bot, strong, human_wins):
    app = JaipurApp(seed=5, bot=bot)
    play_round_by_clicks(app, strong)
    state = app.state
    assert state.phase == jaipur.ROUND_OVER
    assert (state.round_results[-1]["winner"] == 0) == human_wins
    moves = len(app.snapshots)
    # paused: the bot has not started the next round, whoever won
    assert state.round_index == 0 and app.paused
    assert app.next_button.layout.display is None and not app.next_button.disabled
    assert app.stepper_box.layout.display is None and app.stepper.sheet is not None
    assert app.stepper.step == 0 and "Score sheet" in app.stepper_title.value
    assert "Round 1 is over" in app.status.value and "Next round" in app.status.value
    assert all(b.disabled for b in app.buttons.values())
    assert not app.play(NextRound()) and len(app.snapshots) == moves  # play() never passes the pause
    app.play_bots()
    assert len(app.snapshots) == moves  # bots never press Next round
    app.next_button.click()
    assert app.state.round_index == 1 and app.state.phase == jaipur.PLAYING
    assert app.seats[app.state.current_player] == "human"  # the bot's opening move, if any, was played
    assert app.next_button.layout.display == "none" and app.stepper_box.layout.display == "none"
    assert "Round 2" in app.explain.value and "Round 1" not in app.explain.value


def test_two_bots_stop_at_every_round_end_too():
    app = JaipurApp(seed=4, seats=["random", "greedy"])
    assert app.state.phase == jaipur.ROUND_OVER and len(app.state.round_results) == 1
    assert not app.next_button.disabled
    app.next_button.click()
    assert len(app.state.round_results) == 2
    while not app.state.is_terminal():
        app.next_button.click()
    assert "The match is over" in app.status.value and app.next_button.layout.display == "none"
    assert app.stepper_box.layout.display is None  # the last round's sheet stays readable


def test_next_round_is_refused_while_the_round_is_played():
    app = JaipurApp(seed=11)
    before = app.state.to_dict()
    assert not app.next_round()
    assert app.state.to_dict() == before and "still being played" in app.explain.value


# -- items 2, 3: layout --

def test_what_the_learner_acts_on_comes_first_and_card_names_fit():
    app = JaipurApp(seed=11)
    flat = []

    def walk(widget):
        flat.append(widget)
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(app)
    index = {id(w): i for i, w in enumerate(flat)}
    for acted_on in (app.market_box, app.hand_box, app.herd_box, app.buttons["sell"]):
        assert index[id(acted_on)] < index[id(app.board)]
    for pool, width in (("market", 100), ("hand", 100), ("herd", 72)):
        for button in app._pools[pool]:
            assert int(button.layout.width.rstrip("px")) >= width
    # the undo policy is labelled and travels with its toggle
    label, toggle = app.mode_box.children
    assert "Undo policy:" in label.value and toggle is app.mode_picker and not app.mode_picker.description


# -- items 4, 5: messages --

def test_a_refusal_goes_away_on_clear_selection_and_on_a_new_selection():
    app = JaipurApp(seed=11)
    app.select(market=["camel"])
    app.buttons["take_one"].click()
    assert "Not allowed" in app.explain.value
    app.clear_button.click()
    assert app.explain.value == ""
    app.select(market=["camel"])
    app.buttons["take_one"].click()
    assert "Not allowed" in app.explain.value
    app.hand_cards[0].click()
    assert app.explain.value == ""


def test_while_replaying_the_message_line_shows_the_replayed_move():
    app = JaipurApp(seed=11)
    app.play_first_legal()
    app.play_first_legal()
    live_message = app.explain.value
    app.replay.value = 1
    assert app.explain.value.count("Move 1:") == 1 and app.moves[0][0] in app.explain.value
    assert live_message not in app.explain.value
    app.replay.value = app.replay.max
    assert app.explain.value == live_message


def test_the_round_over_status_says_it_once():
    app = JaipurApp(seed=4, seats=["random", "random"])
    assert app.paused
    assert app.status.value.count("is over") == 1
    assert "The round is over. The round is over" not in app.status.value


# -- item 6: the log --

def test_the_whole_log_is_numbered_as_the_slider_counts_and_the_replayed_move_is_highlighted():
    app = JaipurApp(seed=4, seats=["random", "random"])
    for _ in range(2):
        if app.paused:
            app.next_button.click()
    moves = app.replay.max
    assert moves > 80 and moves == len(app.moves)
    numbers = [int(n) for n in re.findall(r"<b>(\d+)\.</b>", app.log_view.value)]
    assert numbers == list(range(moves, -1, -1))  # every move, newest first, numbered like the slider
    app.replay.value = 6
    highlighted = re.findall(r"<div style='background:#fff3cd;font-weight:bold'><b>(\d+)\.</b>", app.log_view.value)
    assert highlighted == ["6"]
    assert "move 6 of" in app.status.value


# -- item 7: the score stepper --

def _finished_round(seed=8):
    import random

    state = jaipur.new_game(seed=seed)
    rng = random.Random(seed)
    while state.phase == jaipur.PLAYING:
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    return state


def test_the_stepper_alternates_players_within_each_category():
    sheet = _finished_round().score_sheet()
    rows = alternate_rows(sheet.rows)
    assert sorted(rows, key=repr) == sorted(sheet.rows, key=repr)
    assert rows[0].player != rows[1].player or rows[0].source != rows[1].source
    for previous, row in zip(rows, rows[1:]):
        if previous.source == row.source and previous.player == row.player:  # same player twice in a row:
            others = [r for r in rows[rows.index(row):] if r.source == row.source and r.player != row.player]
            assert not others  # only once the other player has no more items of that category
    kinds = [r.source.split(":")[0] for r in rows]
    assert kinds == sorted(kinds, key=lambda k: ["goods", "bonus", "camel token"].index(k))


def test_the_stepper_table_grows_with_the_steps_and_shows_the_unit_and_a_legend():
    state = _finished_round()
    stepper = ScoreStepper(state.score_sheet(), rules=jaipur.RULES)
    assert "<table" not in stepper.text.value  # nothing given away at step 0
    totals = stepper.sheet.totals()
    assert f"{totals[0]} rupees" not in stepper.text.value or totals[0] == 0
    stepper.next_button.click()
    assert stepper.text.value.count("<tr") == 2  # header and the first item
    assert "rupees" in stepper.text.value and "points" not in stepper.text.value
    assert "counted so far" in stepper.chart.value
    stepper.next_button.click()
    assert stepper.text.value.count("<tr") == 3
    stepper.all_button.click()
    assert stepper.text.value.count("<tr") == len(stepper.sheet.rows) + 1
    assert stepper.next_button.disabled and stepper.sheet.verdict in stepper.text.value
    stepper.back_button.click()
    assert stepper.step == len(stepper.sheet.rows) - 1


def test_the_app_shows_no_full_table_before_the_steps():
    app = JaipurApp(seed=4, seats=["random", "random"])
    assert app.paused and app.stepper.step == 0
    assert "<table" not in app.stepper.text.value and "Score sheet, item by item" not in app.status.value


# -- item 8: seat names --

def test_two_bots_are_named_by_seat_never_you_or_opponent():
    app = JaipurApp(seed=11, seats=["greedy", "heuristic"])
    app.replay.value = 3
    text = " ".join([app.board.value, app.hand_title.value, app.herd_title.value, app.status.value,
                     app.explain.value] + app.stepper.names)
    assert "Player 0 (greedy bot)" in app.board.value and "Player 1 (heuristic bot)" in app.board.value
    assert not re.search(r"\b(You|Opponent|you)\b", text.replace("(you)", ""))
    assert "(you)" not in text


# -- item 10: widgets are released and stay bounded --

def test_close_releases_every_widget_over_twenty_apps():
    start = live_widgets()
    for seed in range(20):
        app = JaipurApp(seed=seed)
        app.play_first_legal()
        app.close()
    assert live_widgets() == start


def test_widget_count_stays_bounded_over_replays_and_undos():
    app = JaipurApp(seed=4, bot="random")
    play_round_by_clicks(app)  # a finished round: the replay passes over a score sheet
    app.next_button.click()
    app.play_first_legal()
    created = live_widgets()
    stepper = app.stepper
    for i in range(100):
        app.replay.value = (i * 7) % (app.replay.max + 1)
    app.replay.value = app.replay.max
    assert app.stepper is stepper and live_widgets() == created
    # 50 undos of a round-ending move and its replays
    app = JaipurApp(seed=4, bot="random")
    for _ in range(200):
        before = len(app.snapshots)
        click_plan(app)
        if app.paused:
            break
    assert app.paused
    app.stepper.next_button.click()
    created = live_widgets()
    for _ in range(50):
        assert app.undo()
        click_plan(app)
        assert app.paused and len(app.snapshots) > before
    assert live_widgets() == created
    app.close()


def test_close_releases_every_widget_after_a_guided_turn_a_round_end_replays_and_undos():
    start = live_widgets()
    app = guided_first_turn()
    for _ in range(3):
        app.buttons[app.select_action(app.guide.plan)].click()
    play_round_by_clicks(app)
    app.stepper.next_button.click()
    for value in (1, app.replay.max // 2, app.replay.max):
        app.replay.value = value
    assert app.undo()  # practice mode: the round end and its sheet are taken back
    click_plan(app)
    app.close()
    assert live_widgets() == start
    app.close()  # a second close does nothing
    assert live_widgets() == start


def test_the_replay_sliders_view_is_made_again_when_the_number_of_moves_changes():
    """ipywidgets' slider keeps, for its End key, the range its browser view was made with; the app gives
    the slider's box a new children list whenever the range changes, so the browser makes a new view
    (the End key itself is checked in Chromium, tests/test_browser.py)."""
    app = JaipurApp(seed=11)
    boxes = []

    def children_now():
        boxes.append(app.replay_box.children)
        return boxes[-1]

    children_now()
    assert app.replay in app.replay_box.children
    created = live_widgets()
    app.play_first_legal()
    assert children_now() != boxes[-2] and app.replay in boxes[-1]  # new range: a new view
    app.replay.value = 1
    app.replay.value = app.replay.max
    assert children_now() == boxes[-2]  # replaying changes no range: the view stays
    app.undo()
    assert children_now() != boxes[-2]
    app.play_first_legal()
    app.play_first_legal()
    assert live_widgets() == created  # the pad is made once, never per move
    assert app.replay.value == app.replay.max == len(app.moves)
    app.close()


def test_the_stepper_keeps_its_step_while_replaying_the_same_round_end():
    app = JaipurApp(seed=4, seats=["random", "random"])
    end = app.replay.max
    app.stepper.next_button.click()
    app.stepper.next_button.click()
    app.replay.value = end - 3
    app.replay.value = end
    assert app.stepper.step == 2


# -- item 11: the score sheet without an app --

def test_a_round_and_its_score_sheet_come_from_the_engine_without_an_app():
    from caravan_lessons.agents import play_round

    state = play_round("jaipur", ["greedy", "heuristic"], seed=3)
    assert state.phase == jaipur.ROUND_OVER and len(state.round_results) == 1
    sheet = state.score_sheet()
    assert sheet.unit == "rupees" and sum(sheet.totals()) == sum(state.round_results[0]["rupees"])
    assert play_round("jaipur", ["greedy", "heuristic"], seed=3).to_dict() == state.to_dict()
    with pytest.raises(ValueError, match="2 players"):
        play_round("jaipur", ["greedy"], seed=3)


# -- item 12: viz.show displays --

def test_show_displays_the_figure_and_returns_nothing(monkeypatch):
    import IPython.display
    import matplotlib.pyplot as plt
    from matplotlib.figure import Figure

    from caravan_lessons.viz import show

    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda obj: shown.append(obj))
    fig = Figure(figsize=(2, 1))
    fig.subplots().plot([0, 1])
    assert show(fig) is None
    assert len(shown) == 1 and shown[0].data[:4] == b"\x89PNG"
    pyplot_fig = plt.figure()
    show(pyplot_fig)
    assert not plt.fignum_exists(pyplot_fig.number) and len(shown) == 2


# -- item 19: the guided first turn --

def test_guided_first_turn_walks_three_moves_then_hands_over():
    app = guided_first_turn()
    assert isinstance(app, JaipurApp) and app.guide is not None
    assert "step 1 of 3" in app.explain.value and "Exchange" in app.explain.value
    plan = app.guide.plan
    assert plan.kind == "exchange" and len(plan.take) == 2
    targets = [b.card for b in app.market_cards if "jaipur-guide-target" in b._dom_classes]
    assert sorted(targets) == sorted(plan.take)
    assert "jaipur-guide-target" in app.buttons["exchange"]._dom_classes
    # an off-script card is unselected kindly, nothing changes
    off = next(b for b in app.market_cards if b.card not in plan.take)
    off.click()
    assert not off.value and "Not that one" in app.explain.value
    # an off-script legal move is refused with the script's move in words
    before = app.state.to_dict()
    other = next(a for a in app.state.legal_actions() if a != plan and a.kind == "take_one")
    assert not app.play(other) and app.state.to_dict() == before and "guided turn" in app.explain.value
    for step in (1, 2, 3):
        plan = app.guide.plan
        assert f"step {step} of 3" in app.explain.value
        app.buttons[app.select_action(plan)].click()
        assert app.snapshots[-1].to_dict() != before
    assert app.guide is None and "guided turn is over" in app.explain.value
    assert not any("jaipur-guide-target" in b._dom_classes for b in app.market_cards + app.hand_cards)
    assert app.play_first_legal()  # normal play from now on


def test_guided_first_turn_explains_illegal_moves_as_the_engine_does():
    app = guided_first_turn()
    app.guide.plan = next(a for a in app.state.legal_actions() if a.kind == "take_one")
    app.select(market=["camel"])
    app.guide.plan = None  # the script would refuse the card; check the engine's words instead
    app.buttons["take_one"].click()
    assert "JAI-TAKE-6" in app.explain.value


def test_the_bench_times_the_four_clicks_in_process():
    from caravan_lessons.bench import inprocess_figures

    figures = inprocess_figures(samples=3)
    assert set(figures) == {"move_with_bot_reply", "undo", "stepper_next", "replay_step"}
    assert all(0 < ms < 1000 for ms in figures.values())


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"bot": "grandmaster"}, "unknown player 'grandmaster'"),
    ({"seats": ["human"]}, "2 seats"),
    ({"mode": "casual"}, "mode must be one of"),
    ({"bot_seed": True}, "bot_seed must be a whole number"),
    ({"seed": 1.5}, "seed"),
    ({"bot": "mp-planner"}, "'mp-planner' does not play Jaipur"),
    ({"seats": ["human", "mp-greedy"]}, "'mp-greedy' does not play Jaipur"),
])
def test_bad_arguments_are_refused_in_plain_words(kwargs, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        JaipurApp(**kwargs)


def test_the_seat_pickers_offer_no_marco_polo_bot():
    """A Marco Polo bot in a Jaipur seat could never move (it reads a Marco Polo state): the app stayed stuck."""
    app = JaipurApp()
    offered = {option if isinstance(option, str) else option[1] for picker in app.seat_pickers
               for option in picker.options}
    app.close()
    assert {"human", "random", "greedy", "heuristic", "mcts"} <= offered
    assert not any(name.startswith("mp-") for name in offered)


def test_refused_arguments_leave_no_widgets_behind():
    start = live_widgets()
    for kwargs in ({"bot": "grandmaster"}, {"seats": ["human"]}, {"seed": "x"}):
        with pytest.raises(ValueError):
            JaipurApp(**kwargs)
    assert live_widgets() == start


def test_the_score_sheet_before_next_is_one_compact_line_not_an_empty_chart():
    stepper = ScoreStepper(_finished_round().score_sheet())
    assert stepper.step == 0
    empty = stepper.chart.value
    assert "Nothing counted yet" in empty and "height:180px" not in empty and len(empty) < 300
    assert "<table" not in stepper.text.value and "Step 0 of" in stepper.text.value
    stepper.next_button.click()
    assert "height:180px" in stepper.chart.value and "counted so far" in stepper.chart.value
    stepper.close()


def test_one_rupee_is_singular_in_the_score_sheet():
    from caravan_lessons.ui.common import amount

    assert amount(1, "rupees") == "1 rupee" and amount(2, "rupees") == "2 rupees" and amount(0, "rupees") == "0 rupees"
    stepper = ScoreStepper(_finished_round().score_sheet())
    stepper.go(len(stepper.sheet.rows))
    assert not re.search(r"\b1 rupees\b", stepper.text.value + stepper.chart.value)
    stepper.close()


def test_the_guided_turn_cites_the_rule_the_log_names_for_the_same_move():
    app = guided_first_turn()
    for step in (1, 2, 3):
        plan, told = app.guide.plan, app.explain.value
        guide_text = told[told.index(f"step {step} of 3"):]
        seen = len(app.state.events)
        app.buttons[app.select_action(plan)].click()
        logged = next(e for e in app.state.events[seen:] if e.player != -1)
        assert logged.rule in guide_text, (plan, logged, guide_text)
    app.close()


def test_the_app_names_each_kind_of_take_with_the_rule_the_engine_logs():
    from caravan_lessons.ui.jaipur_app import RULE_OF_KIND

    state = jaipur.new_game(seed=3)
    kinds = set()
    for action in state.legal_actions():
        if action.kind == "sell":  # the button cites the selling rule; the log the token clause
            continue
        child = state.clone()
        seen = len(child.events)
        child.apply(action)
        logged = next(e for e in child.events[seen:] if e.player != -1)
        assert logged.rule == RULE_OF_KIND[action.kind], action
        kinds.add(action.kind)
    assert kinds == {"take_one", "exchange", "take_camels"}


def test_wording_verdicts_sections_and_bonus_counts(capsys):
    from caravan_lessons.exercises.jaipur import show

    assert jaipur.round_winner([20, 15], [1, 1], [3, 3])[1].startswith("Player 0 is richer")
    assert jaipur.round_winner([20, 20], [1, 2], [3, 3])[1].startswith("Tied on 20 rupees; Player 1")
    for rule in jaipur.RULES.values():
        assert str(rule).count("(") <= 1 + rule.text.count("("), str(rule)  # no "(A turn (O Turno ...))"
    show(jaipur.new_game(seed=3))
    out = capsys.readouterr().out
    assert "bonus tokens left, face down (how many): 7 for a 3-card sale" in out
    app = JaipurApp(seed=3)
    assert "7 tokens for 3 cards" in app.board.value
    app.close()


def test_the_browser_bench_prints_each_click_beside_its_in_process_figure():
    from caravan_lessons.bench import BROWSER_CLICKS, browser_table

    kinds = list(BROWSER_CLICKS)
    jaipur = {kind: {"browser_median": b, "browser_max": 501.4, "clicks": 10, "inprocess_median": i, "target": 100}
              for kind, b, i in zip(kinds, (82.7, 130.0, 46.7, 63.5), (9.95, 1.86, 0.1, 0.95))}
    caravan = {"board_move": {"browser_median": 61.0, "browser_max": 90.5, "clicks": 12, "inprocess_median": 20.4,
                              "target": 150},
               "end_turn_with_bots": {"browser_median": 230.0, "browser_max": 410.0, "clicks": 5,
                                      "inprocess_median": 120.0, "target": None}}
    figures = {"games": {"jaipur": {"clicks": jaipur, "load_average": [7.5, 7.9]},
                         "caravan": {"clicks": caravan, "load_average": [3.1, 3.0]}}, "cpus": 2, "python": "3.11"}
    lines = browser_table(figures).splitlines()
    assert len(lines) == 2 + len(kinds) + 2
    move = next(line for line in lines if "move + random bot's reply" in line)
    assert move.split()[0] == "jaipur" and move.split()[-6:] == ["82.7", "(501.4)", "10", "9.95", "100", "ok"]
    assert "undo" in lines[2] and lines[2].endswith("SLOW")      # over the 100 ms target
    assert lines[-3].split()[:2] == ["caravan", "board"] and lines[-3].endswith("ok")
    assert lines[-2].endswith("(bots: apart)")                     # a bot reply has no target: reported apart
    assert "load average jaipur 7.5-7.9, caravan 3.1-3.0" in lines[-1]
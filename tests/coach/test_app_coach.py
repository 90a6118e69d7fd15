"""The coach in the play apps, in-process: Hint highlights a move and explains it; Review at a round or game
end judges the learner's decisions, draws them, and Try the better move goes back to that position."""
import time

from caravan_lessons import coach
from caravan_lessons.caravan.scenario import last_delivery
from caravan_lessons.samarkand.scenario import near_end
from caravan_lessons.ui import CaravanApp, JaipurApp, MarcoPoloApp, SamarkandApp


def quick(app):
    """Small budgets: these tests check the wiring, not the advice."""
    app.coach.hint_budget = 0.1
    app.coach.review_budget = 0.02
    return app


def to_round_end(app, bot="greedy"):
    """Bots play both seats to the end of the round; seat 0 is handed back to the human."""
    app.seat_pickers[0].value = bot
    assert app.paused
    app.seat_pickers[0].value = "human"


def test_jaipur_hint_highlights_explains_and_leaves_the_choice():
    app = quick(JaipurApp(seed=3, bot="greedy"))
    moves = len(app.snapshots)
    assert app.coach.hint()
    advice = app.coach.last_hint
    assert advice.action in app.state.legal_actions() and app._highlighted == advice.action
    assert len(app.snapshots) == moves  # nothing played
    assert "Coach's hint" in app.coach.hint_view.value and advice.rules[0] in app.coach.hint_view.value
    assert "win chance" in app.coach.hint_view.value and "Hint:" in app.explain.value
    assert app.play(advice.action)
    assert app.coach.hint_view.value == "" and app._highlighted is None and app.coach.last_hint is None
    app.replay.value = 0  # replaying: no hint
    assert not app.coach.hint() and "replaying" in app.coach.hint_view.value
    app.close()


def test_jaipur_review_at_the_round_end_and_try_the_better_move():
    app = quick(JaipurApp(seed=3, bot="greedy", mode="match"))
    app.coach.review_simulations = 100  # the same review on any machine: a mistake and an inaccuracy
    assert app.coach.review_button.layout.display == "none" and not app.coach.hint_button.disabled
    to_round_end(app, "random")
    assert app.coach.review_button.layout.display is None and app.coach.hint_button.disabled
    assert not app.coach.hint() and "Review" in app.coach.hint_view.value
    record = app.record()
    assert record.final.to_dict() == app.state.to_dict()
    assert app.coach.review(background=False)
    frame = app.coach.last_review
    assert len(frame) == len(coach.decisions(record, 0)) > 0
    assert app.coach.graph.layout.display is None and app.coach.graph.value[:4] == b"\x89PNG"
    shown = [box.layout.display for box in app.coach.costly_boxes]
    assert shown[:len(app.coach._costly_rows)] == [None] * len(app.coach._costly_rows)
    assert app.coach._costly_rows, frame[["played", "best", "loss", "tag"]]
    assert all(row.tag != "good" for row in app.coach._costly_rows)
    assert all(image.value[:4] == b"\x89PNG" for image in app.coach.costly_images[:len(app.coach._costly_rows)])
    row = app.coach._costly_rows[0]
    assert app.coach.try_better(0)
    assert app.mode_picker.value == "practice" and not app.paused
    assert len(app.snapshots) == row.move_number  # the position before that move
    assert app.state.to_dict() == record.state(row.move_number - 1).to_dict()
    assert str(app._highlighted) == row.best and row.best in app.coach.hint_view.value
    assert app.coach.graph.layout.display == "none"  # the old review is put away
    app.close()


def test_going_back_is_said_in_the_language_shown():
    """The message of a rewind (Try the better move) comes from the catalogue."""
    from caravan_lessons.i18n import language

    app = quick(JaipurApp(seed=3, bot="greedy"))
    for _ in range(3):
        app.play(app.state.legal_actions()[0])
    assert app.rewind(2) and app._message.startswith("<i>Back to the position after move 2 (practice mode")
    for code in ("pt", "fi"):
        with language(code):
            assert app.rewind(1)
            message = app._message
        assert "Back to the position" not in message and "1" in message, message
    app.close()


def test_costly_moves_and_the_summary_follow_the_tags():
    """A lost game whose estimates are too wide to blame any move: the costly list is empty (a move tagged
    "good" is never listed, whatever its estimated loss) and the summary says the win chance fell, but no
    single move's loss is outside the uncertainty, with the simulations per decision."""
    app = quick(JaipurApp(seed=3, bot="greedy", mode="match"))
    app.coach.review_simulations = 100
    to_round_end(app, "random")
    assert app.coach.review(background=False)
    frame, record = app.coach.last_review.copy(), app.coach.last_record
    frame.attrs = dict(app.coach.last_review.attrs)
    assert (frame["tag"] != "good").any() and (frame["loss"] > 0).sum() > 2
    frame["tag"] = "good"                                       # wide intervals: no move is tagged ...
    frame["win_played"] = [0.8 - 0.8 * k / (len(frame) - 1) for k in range(len(frame))]   # ... in a lost game
    app.coach._show_review(frame, record, 0, background=False)
    assert app.coach._costly_rows == []
    assert [box.layout.display for box in app.coach.costly_boxes] == ["none"] * 3
    status = app.coach.review_status.value
    assert "the win chance fell from 80% to 0%, but no single move's loss is outside the uncertainty" in status
    simulations = round(frame["simulations"].mean())              # the budget a decision had, on average
    assert 90 <= simulations <= 110 and f"({simulations} simulations per decision)" in status
    assert "no move shown to lose" not in status
    frame["win_played"] = 0.5                                   # level all game: nothing to blame
    app.coach._show_review(frame, record, 0, background=False)
    assert "no move shown to lose win chance" in app.coach.review_status.value
    app.close()


def test_try_the_better_move_does_not_wait_for_the_pictures():
    """Marco Polo: **Try the better move** clicked while the costly moves' pictures are still being drawn
    goes back at once, and the pictures of the old review are not shown afterwards (they were drawn one by
    one in the review's thread, each box shown after its picture, and kept coming back after the rewind)."""
    app = quick(MarcoPoloApp(players=2, seed=4, seats=["random", "mp-greedy"]))
    app.seat_pickers[0].value = "human"
    app.coach.review_simulations = 400  # one mistake and one inaccuracy in round 1
    assert app.coach.review(background=True)
    deadline = time.perf_counter() + 120
    while app.coach.costly_boxes[0].layout.display is not None:  # until the first Try button shows
        assert time.perf_counter() < deadline and app.coach._thread.is_alive(), app.coach.review_status.value
        time.sleep(0.005)
    assert app.coach.costly_images[1].value == b""   # the second picture is not drawn yet
    row = app.coach._costly_rows[0]
    started = time.perf_counter()
    assert app.coach.try_better(0)
    seconds = time.perf_counter() - started
    app.coach.wait(60)
    print(f"try the better move while the pictures draw: {seconds:.2f} s")
    assert len(app.snapshots) == app.coach._start + row.move_number
    assert [box.layout.display for box in app.coach.costly_boxes] == ["none"] * 3
    assert app.coach.graph.layout.display == "none" and "Back before move" in app.coach.hint_view.value
    assert app.coach.costly_images[1].value == b""  # the drawing was stopped
    app.close()


def test_marco_polo_try_the_better_move_blits_the_map():
    """Try the better move took 3-4.6 s in the browser under load: going back to before an outpost bonus was
    taken built and drew the whole map again (0.5-0.8 s of kernel at load 8). The map kept the picture it had
    with those city notes, and the rewind only blits the pieces over it."""
    import random

    app = quick(MarcoPoloApp(players=2, seed=1, seats=["human", "mp-greedy"]))
    rng = random.Random(1)
    while not app.paused:
        assert app.play(rng.choice(app.state.legal_actions()))
    app.coach.review_simulations = 60
    assert app.coach.review(background=False) and app.coach._costly_rows
    row = app.coach._costly_rows[0]
    before = app.snapshots[app.coach._start + int(row.move_number) - 1]
    assert before.outposts != app.state.outposts                 # an outpost bonus was taken since that move
    blitter, full = app.board.blitter, app.board.blitter.full_draws
    started = time.perf_counter()
    assert app.coach.try_better(0)
    print(f"try the better move: {1000 * (time.perf_counter() - started):.0f} ms")
    assert blitter.full_draws == full and app.state.outposts == before.outposts
    notes = {city: text.get_text() for city, text in app.map_view.notes.items()}
    from caravan_lessons.viz.marco_polo import MapView

    assert notes == {city: text.get_text() for city, text in MapView(app.state).notes.items()}
    app.close()


def test_review_runs_in_the_background_and_can_be_stopped():
    app = quick(JaipurApp(seed=5, bot="random"))
    to_round_end(app)
    app.coach.review_budget = 0.3
    assert app.coach.review(background=True)
    assert app.coach.progress_row.layout.display is None and app.coach.review_button.disabled
    app.coach.stop()
    app.coach.wait(60)
    assert not app.coach.review_button.disabled and "stopped" in app.coach.review_status.value
    app.close()


def test_review_of_a_caravan_game_and_of_nobody():
    app = quick(CaravanApp(state=last_delivery(), seats=["human", "greedy"]))
    assert app.coach.hint()
    app.play(app.coach.last_hint.action)
    while not app.state.is_terminal():
        app.play(app.state.legal_actions()[-1] if app.state.current_player == 0 else None)
    assert app.coach.review_button.layout.display is None
    assert app.coach.review(background=False)
    assert app.coach.last_review.attrs["game"] == "caravan"
    app.seat_pickers[0].value = "random"
    assert not app.coach.review(background=False) and "Every seat is a bot" in app.coach.review_status.value
    app.close()


def test_samarkand_hint_and_game_review():
    app = quick(SamarkandApp(players=3, state=near_end(3, seed=2, turns_left=1), seats=["human", "greedy", "greedy"]))
    assert app.coach.hint() and app._highlighted in app.state.legal_actions()
    app.seat_pickers[0].value = "greedy"
    assert app.state.is_terminal()
    app.seat_pickers[0].value = "human"
    assert app.coach.review(background=False)
    assert len(app.coach.last_review) >= 1
    app.close()


def test_marco_polo_reviews_the_round_just_ended():
    app = quick(MarcoPoloApp(players=2, seed=4, seats=["mp-greedy", "mp-greedy"]))
    assert app.paused and app.state.round == 2
    app.seat_pickers[0].value = "human"
    start = app.review_start()
    assert start > 0 or app.snapshots[0].round == 1
    assert all(s.round == 1 for s in app.snapshots[start:-1])
    assert app.coach.review(background=False)
    assert set(app.coach.last_review["round"]) == {1}
    app.close()


def test_close_releases_the_coach_widgets():
    app = JaipurApp(seed=1)
    app.close()
    assert app.coach.hint_button.comm is None and app.coach.graph.comm is None


def test_a_hint_shown_is_worded_again_when_the_language_changes():
    """A tester pressed Hint in English, then chose suomi: the panel kept the English move and reason under
    a Finnish heading until Hint was pressed again."""
    import caravan_lessons
    from tests.i18n_support import english_in, english_only_fragments

    app = quick(CaravanApp(state=last_delivery(), seats=["human", "greedy"]))
    try:
        assert app.coach.hint()
        english = app.coach.hint_view.value
        advice = app.coach.last_hint
        caravan_lessons.set_language("fi")
        shown = app.coach.hint_view.value
        assert shown != english and not english_in(shown, english_only_fragments("fi")), shown
        assert app.coach.last_hint.action == advice.action                  # the same advice, in other words
        assert [e.win for e in app.coach.last_hint.moves] == [e.win for e in advice.moves]
        caravan_lessons.set_language("en")
        assert app.coach.hint_view.value == english
    finally:
        caravan_lessons.set_language("en")
        app.close()

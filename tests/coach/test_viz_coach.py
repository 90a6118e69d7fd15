"""The coach's pictures: the evaluation graph and the costliest moves drawn as positions."""
import matplotlib
import pytest

from caravan_lessons import coach, jaipur
from caravan_lessons.coach.figures import bot_game
from caravan_lessons.viz import coach as vc

matplotlib.use("Agg")

GAMES = ["jaipur", "samarkand", "caravan", "marco_polo"]


@pytest.fixture(scope="module")
def reviews():
    found = {}
    for game in GAMES:
        record = bot_game(game, seed=4)
        record = coach.GameRecord(record.start, record.actions[:40])
        found[game] = (record, coach.review(record, 0, simulations=16, width=3, progress=False))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_graph_and_costly_moves_are_drawn(game, reviews):
    record, frame = reviews[game]
    ax = vc.evaluation_graph(frame)
    assert "estimated chance to win" in ax.get_title()
    assert len(ax.lines) >= 2  # played and best
    worst = vc.costliest(frame, 3)
    assert list(worst["loss"]) == sorted(worst["loss"], reverse=True) and (worst["loss"] > 0).all()
    for _, row in worst.iterrows():
        fig = vc.draw_costly_move(record, row, 0)
        texts = " ".join(t.get_text() for t in fig.texts) + " ".join(
            t.get_text() for sub in getattr(fig, "subfigs", []) for t in sub.texts)
        assert row.played in texts and row.best in texts


def test_costly_move_rings_the_spaces_of_both_moves():
    record = bot_game("caravan", seed=4)
    state = record.state(30)
    played = record.actions[30]     # the move played there, as a review row means it
    legal = [a for a in state.legal_actions() if (hasattr(a, "space") or hasattr(a, "target")) and a != played]
    better = legal[-1]
    assert vc.action_spaces("caravan", state, played)
    row = type("Row", (), dict(move_number=31, played=str(played), best=str(better), tag="mistake", loss=0.12,
                               loss_low=0.11, win_played=0.3, played_low=0.25, played_high=0.35, win_best=0.42,
                               best_low=0.37, best_high=0.47))
    fig = vc.draw_costly_move(record, row, state.current_player)
    labels = [h.get_label() for h in fig.legends[0].legend_handles]
    assert labels == ["your camels", "move played", "coach's better move"]


def test_empty_review_draws_a_note():
    state = jaipur.new_game(seed=1)
    frame = coach.review(coach.GameRecord(state, []), 0, simulations=4, progress=False)
    ax = vc.evaluation_graph(frame)
    assert ax.texts[0].get_text() == "no decisions to show"
    with pytest.raises(ValueError):
        vc.costliest(frame, -1)


def test_one_decision_has_whole_move_numbers_and_a_long_legend_wraps(reviews):
    """One decision gave ticks at 0.25, 0.5, ...; Finnish legend labels ran off the figure (found looking at them)."""
    from caravan_lessons import i18n

    _, frame = reviews["jaipur"]
    one = frame.iloc[:1].copy()
    one.attrs = frame.attrs
    try:
        i18n.set_language("fi")
        ax = vc.evaluation_graph(one)
        ticks = ax.get_xticks()
        assert len(ticks) >= 2 and all(float(t).is_integer() for t in ticks)
        labels = [t.get_text() for t in ax.get_legend().get_texts()]
        assert any("\n" in label for label in labels)          # "valmentajan parhaan siirron jälkeen"
        assert all(len(line) <= vc.LEGEND_WIDTH for label in labels for line in label.splitlines())
    finally:
        i18n.set_language("en")

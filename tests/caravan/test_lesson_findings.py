"""The Caravan lessons keep the fixes of the pedagogy review of 2026-12-01 (issue 18, findings C1-C13): each test
fails if the finding comes back. (The figures' own checks are in test_viz.py.)"""
import re

import pytest

from caravan_lessons import caravan as c
from tests.lesson_cells import cells, lessons, run_cells, text

LESSONS = lessons("caravan")
L = {p.name[:2]: p for p in LESSONS}


@pytest.mark.rule("CAR-MOVE-4")
def test_c3_a_good_passes_through_a_loaded_camel():
    ns = run_cells(L["03"], "relay = c.scenario(")
    relay = ns["relay"]
    assert relay.delivered[0] == ["salt"] and relay.load[0][1] == "meat"
    assert "miehitetyn kamelin läpi" in text(L["03"], "markdown")


def test_c7_the_first_game_uses_the_learning_variant_and_quotes_it():
    assert "learning=True" in text(L["07"], "code") and "kuudes kameli" in text(L["07"], "markdown")


def test_c8_any_pile_of_ten_counts():
    assert "any mix worth 10" in text(L["06"], "markdown") or "any mix worth 10" in text(L["01"], "markdown")
    assert "three common goods and a marker" in text(L["06"], "markdown")


def test_c9_the_penalty_table_marks_the_ruling_apart_from_the_book():
    assert '"rulebook" if n <= 4 else "ruling (6 camels)"' in text(L["06"], "code")


def test_c10_no_metaprogramming_or_private_plan_and_no_long_plotting_cells():
    for path in LESSONS:
        code = text(path, "code")
        assert "_plan" not in code and "type(name" not in code and "staticmethod(" not in code, path.name
        for cell in cells(path):
            if cell["type"] == "code" and "matplotlib" in cell["source"]:
                assert len(cell["source"].splitlines()) <= 12, (path.name, cell["source"][:200])
    assert "c.variant(" in text(L["08"], "code") and "draw_points_by_source(" in text(L["06"], "code")


def test_c11_random_play_sentence_and_its_single_legal_action_are_explained():
    assert "legal actions now;" not in text(L["07"], "code")
    assert "the only legal action is **end the\nturn**" in text(L["07"], "markdown")


def test_c12_checks_ask_the_engine():
    ns = run_cells(L["06"], "p = c.scenario(2, goods={}, demand={}, delivered=")
    assert ns["p"].score_sheet().totals()[0] == 2 * 6 + 3 * 3 + 4 + c.penalty(2)
    assert "(48 - 8) // 4" not in text(L["05"], "code")


def test_c6_lesson_6_scores_a_position_set_by_hand_not_a_bot_game():
    assert "greedy_action" not in text(L["06"], "code") and "delivered={0: ['ivory', 'cloth'," in text(L["06"], "code")
    assert "lesson 7 says how they choose, here they only answer your turn" in text(L["01"], "markdown")


def test_c13_the_graph_words_are_explained_before_they_are_used():
    words = text(L["01"], "markdown")
    assert "You do not need networkx to play" in words and "**node**" in words and "**edge**" in words


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_no_lesson_sets_engine_fields_it_has_a_scenario_argument_for(path):
    code = text(path, "code")
    assert not re.search(r"\.delivered\s*=|\.markers\s*=|\._sheet|\._state", code), path.name


def test_c1_every_board_figure_labels_rows_and_columns_and_the_lessons_say_how_to_read_them():
    from caravan_lessons.viz import caravan as viz

    ax = viz.draw_state(c.new_game(3, seed=7))
    rows = sorted(t.get_text() for t in ax.texts if t.get_gid() == "row-label")
    cols = sorted(t.get_text() for t in ax.texts if t.get_gid() == "column-label")
    assert rows == [f"r{r}" for r in range(7)] and cols == [f"c{k}" for k in range(7)]
    assert "engine's messages write `(3, 4)` as r3c4" in text(L["01"], "markdown").replace("\n", " ")

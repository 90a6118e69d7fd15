"""The Marco Polo lessons keep the fixes of the pedagogy review of 2026-12-01 (issue 18, findings M1-M18):
each test fails if the finding comes back."""
import ast
import re

import pytest

from caravan_lessons import marco_polo as mp
from tests.lesson_cells import cells, lessons, run_cells, text

LESSONS = lessons("marco_polo")
L = {p.name[:2]: p for p in LESSONS}


def boxes(path):
    return [c["source"] for c in cells(path) if c["type"] == "markdown" and c["source"].lstrip().startswith(">")]


@pytest.mark.rule("MP-ROUND-2", "MP-TRAVEL-9")
def test_m1_who_starts_the_next_round_is_taught_with_a_position_and_a_check():
    lesson = L["04"]
    assert "## Who starts the next round (MP-ROUND-2, MP-TRAVEL-9)" in text(lesson, "markdown")
    ns = run_cells(lesson, "def travel(state, low, high)")
    assert ns["state"].round == 2 and ns["state"].start_player == 2          # player 2 travelled last
    ns = run_cells(lesson, "def travel(state, low, high)", "s.start_player")
    assert ns["s"].start_player == 1                                          # the predict question's answer
    assert any("MP-ROUND-2" in b and "por último" in b for b in boxes(lesson))
    assert any("MP-SETUP-7" in b and "viajou mais recentemente" in b for b in boxes(L["02"]))


def test_m2_m3_round_1_income_and_the_50_space_are_boxed_where_first_met():
    assert any("Ruling of this project (MP-ROUND-3)" in b and "Exceto a Primeira" in b for b in boxes(L["02"]))
    assert "MP-ROUND-3" in text(L["05"], "markdown") and "Exceto a Primeira" in text(L["05"], "markdown")
    assert any("Ruling of this project (MP-SETUP-12)" in b and "50" in b for b in boxes(L["06"]))


def test_m4_no_lesson_says_beijing_takes_two_travels_without_the_exceptions():
    for path in LESSONS:
        for cell in cells(path):
            if cell["type"] == "markdown" and re.search(r"takes? two( Travels)?", cell["source"]) \
                    and "Beijing" in cell["source"]:
                assert "Johannes" in cell["source"], (path.name, cell["source"][:200])


def test_m5_scoring_ids_name_the_right_rows():
    for path in LESSONS:
        for match in re.finditer(r"MP-SCORE-([45])", text(path, "markdown")):
            around = text(path, "markdown")[max(0, match.start() - 160): match.end() + 20]
            word = "goods" if match.group(1) == "4" else "contract"
            assert word in around, (path.name, around)


def test_m6_the_occupied_travel_space_text_matches_its_output():
    ns = run_cells(L["04"], "busy = reachable_costs(")
    assert len(ns["busy"]) < len(ns["free"])
    assert "puts the 3-step journeys out of reach" in text(L["04"], "markdown")


def test_m7_m16_facts_from_the_published_game_and_variants_are_said():
    facts = {i for i, r in mp.RULES.items() if "[fact]" in r.text}
    taught = {i for p in LESSONS[:7] for i in re.findall(r"MP-[A-Z]+-\d+", text(p))}
    said = "\n".join(b for p in LESSONS for b in boxes(p) if "From the published game" in b)
    for rule_id in sorted(facts & taught & {"MP-ACT-2", "MP-ACT-4", "MP-KHAN-3", "MP-BAZAAR-2", "MP-TRAVEL-2"}):
        assert rule_id in said, rule_id
    five = "\n".join(boxes(L["05"]))
    assert "As 10 fichas de personagem ficam viradas para cima" in five and 'characters="choose"' in five
    assert "Reroll(" in text(L["02"], "code") and "player_count_variant=True" in text(L["02"])
    assert "objectives=4" in text(L["06"])


def test_m8_the_action_board_is_a_set_position_and_m14_matteo_is_named():
    code = text(L["02"], "code")
    assert "busy = mp.scenario(" in code and "random.Random" not in code
    assert "white die" in text(L["02"], "markdown").split("## The action board")[0]


def test_m9_no_text_column_is_cut():
    for path in LESSONS:
        assert not re.search(r"max_colwidth\", \d", text(path, "code")), path.name
    assert "| path | camels | coins |" in text(L["01"], "code")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_m10_m15_no_raw_structures_as_answers_and_no_private_state(path):
    for cell in cells(path):
        if cell["type"] != "code":
            continue
        src = cell["source"]
        assert "def position(" not in src and "setattr(" not in src and "._sheet" not in src and "._state" not in src
        assert not re.search(r"^\s*(state|s|end|tie|game|other|busy)\.\w+(\[[^\]]*\])?\s*=[^=]", src, re.M), src[:200]
        tree = ast.parse(src)
        last = tree.body[-1] if tree.body else None
        if isinstance(last, ast.Expr):
            assert not isinstance(last.value, (ast.Tuple, ast.Dict, ast.DictComp, ast.Set)), src[:200]


def test_m12_the_bot_lessons_say_what_the_bots_do_not_do():
    assert any("What these bots do not do" in b for b in boxes(L["08"]))
    nine = text(L["09"], "markdown")
    assert "## What these bots do and do not do" in nine and "these bots" in nine


def test_m12_the_watched_game_shows_a_bot_that_travels_and_the_app_offers_it():
    """Lesson 8's replay must not teach contract farming only: its seat 0 (the planner) builds posts and
    reaches Beijing, the heuristic seat (1) fewer posts; every bot the seat pickers offer can be built."""
    from caravan_lessons.agents import make_agent
    from caravan_lessons.ui.marco_polo_app import BOTS

    assert "mp-planner" in BOTS
    for name in BOTS:
        make_agent(name, seed=1, game="marco_polo")
    ns = run_cells(L["08"], 'watch = MarcoPoloApp(players=3, seed=11, seats=["mp-planner"')
    end = ns["watch"].state
    assert end.phase == "over" and end.has_post(0, "beijing") and end.posts_placed[0] >= 3
    assert end.posts_placed[0] > end.posts_placed[1]
    ns["watch"].close()


def test_m13_the_app_demo_says_it_wastes_its_dice():
    assert "spends two dice for a single step" in text(L["08"], "markdown")
    assert "it spends your best dice" in text(L["01"], "markdown")          # the guided Travel of lesson 1 too
    assert "game.decision[2]" not in text(L["01"], "code")


def test_m17_m18_lesson_7_has_goals_and_the_lab_is_short_with_a_note_for_the_full_run():
    first = cells(L["07"])[0]["source"]
    assert "**After this lesson you will be able to**" in first and "almost no worked example" in first
    code = text(L["09"], "code")
    sample = int(re.search(r'SAMPLE = 4 if os.environ.get\("CARAVAN_LESSONS_TESTING"\) else (\d+)', code).group(1))
    assert sample <= 40 and "SAMPLE = 240" in text(L["09"], "markdown")   # 40 planner games: about a minute
    # M12: the lab measures the bots that travel, and its summary names them
    assert 'lab_games(SAMPLE, players=4, seed=2015, bots="mp-planner")' in code
    assert "## What our run with 240 games found" in text(L["09"], "markdown")

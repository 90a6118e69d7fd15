"""The Caravan lessons (notebooks/caravan/01..08) keep the series' promises without running them
(tests/test_notebooks.py runs them): one topic per lesson in reading order, committed without outputs, a goal
and a time at the top, only rule IDs that exist, rulings flagged, predict-then-run questions, exercise pointers
to the student copies, a real link to the next lesson, and every worked example of the rulebook in a cell."""
import re
from pathlib import Path

import nbformat
import pytest

from caravan_lessons import caravan as c

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "notebooks" / "caravan"
LESSONS = sorted(FOLDER.glob("0[1-9]_*.ipynb"))
RULE_ID = re.compile(r"\bCAR-[A-Z]+-\d+\b")
LINK = re.compile(r"\]\(([^)]+\.ipynb)\)")


def _text(nb, kind=None):
    return "\n".join(cell.source for cell in nb.cells if kind is None or cell.cell_type == kind)


def _read(path):
    return nbformat.read(path, as_version=4)


def test_eight_lessons_one_topic_each_in_reading_order():
    assert [p.name for p in LESSONS] == [
        "01_board_and_setup.ipynb", "02_actions_and_the_ramp.ipynb", "03_chains_and_delivering.ipynb",
        "04_stealing_and_theft_tokens.ipynb", "05_refills_and_demand_markers.ipynb", "06_end_and_scoring.ipynb",
        "07_full_game_against_bots.ipynb", "08_strategy_lab.ipynb"]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_lesson_shape(path):
    nb = _read(path)
    nbformat.validate(nb)
    assert all(not cell.get("outputs") and cell.get("execution_count") is None
               for cell in nb.cells if cell.cell_type == "code"), "commit lessons without outputs"
    first = nb.cells[0].source
    assert first.startswith(f"# Caravan {int(path.name[:2])}: ")
    assert "**After this lesson you will be able to**" in first
    assert re.search(r"\*\*Time:\*\* about \d+ minutes", first)
    assert "## Predict, then run" in _text(nb, "markdown") or "**Predict, then run:**" in _text(nb, "markdown")
    cited = set(RULE_ID.findall(_text(nb)))
    assert cited, "a lesson cites the rules it teaches"
    assert cited <= set(c.RULES), f"unknown rule IDs: {sorted(cited - set(c.RULES))}"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_every_notebook_link_resolves_and_the_last_cell_links_the_next_lesson(path):
    nb = _read(path)
    for target in LINK.findall(_text(nb, "markdown")):
        if "/release/" in target:  # student copies are generated; their teacher source must exist
            target = target.replace("/release/", "/")
        assert (path.parent / target).resolve().exists(), f"{path.name} links a missing file {target}"
    last = nb.cells[-1].source
    i = LESSONS.index(path)
    if i + 1 < len(LESSONS):
        assert f"]({LESSONS[i + 1].name})" in last, "the last cell links the next lesson"
    else:
        assert "START_HERE.ipynb" in last


def test_exercise_pointers_follow_the_topics():
    want = {"01": ["01_points_and_costs"], "02": ["01_points_and_costs", "04_ramp_refill_and_winners"],
            "03": ["02_chains_with_networkx"], "04": ["03_scores_and_steals"], "05": ["04_ramp_refill_and_winners"],
            "06": ["03_scores_and_steals", "04_ramp_refill_and_winners", "06_pick_up_and_the_end"],
            "08": ["07_strategy_habit_and_experiment"]}
    for path in LESSONS:
        last = _read(path).cells[-1].source
        for name in want.get(path.name[:2], []):
            assert f"exercises/caravan/release/{name}.ipynb" in last, (path.name, name)


def test_every_ruling_in_the_rule_texts_is_told_in_a_lesson():
    rulings = sorted(i for i, rule in c.RULES.items() if "[ruling" in rule.text)
    assert rulings, "the engine's rule texts carry the project's rulings"
    told = "\n".join(cell.source for p in LESSONS for cell in _read(p).cells if cell.cell_type == "markdown")
    for rule_id in rulings:
        assert re.search(rf"\*\*Rulings? of this project \([^)]*{rule_id}", told), f"{rule_id}'s ruling is not told"


def test_the_first_lesson_lists_the_series_and_has_the_guided_turn():
    text = _text(_read(LESSONS[0]))
    for lesson in LESSONS[1:]:
        assert f"]({lesson.name})" in text, f"lesson 1's table links {lesson.name}"
    assert "This is a teaching board, not the printed one." in text
    assert "A guided first turn" in text and "CaravanApp(" in text


WORKED_EXAMPLES = {  # the rulebook's examples -> (lesson, a string of the code cell that reproduces it)
    "short game: 16 cubes out, 32 left": ("01", "short = c.new_game(3"),
    "2-player ramp 1, 2, 3, 4, then 4 each": ("02", "assert [n for _, n in ramp] == [1, 2, 3, 4, 4, 4]"),
    "Dan's ivory relayed to Marrakesh": ("03", "state.apply(c.MoveGood((0, 1), (0, 3), 'ivory'))"),
    "the diagonal camel E cannot deliver": ("03", "c.MoveGood((1, 4), (0, 3), 'ivory')"),
    "a good under a camel cannot be stolen": ("04", "refused(state, c.Steal((3, 3), 0, 'cloth'))"),
    "a stolen good that moves goes on top": ("04", "state.apply(c.MoveGood((3, 3), (3, 4), 'cloth'))"),
    "the refill: markers, then 4 in number order": ("05", "state.apply(c.PickUp(state.board.space(5)))"),
    "piles of 10 points": ("06", "piles of 10"),
    "the penalty table": ("06", "c.penalty(n), \"from\": \"rulebook\" if n <= 4 else \"ruling (6 camels)\"}"),
    "a good passes through a loaded camel": ("03", "relay.apply(c.MoveGood((4, 1), (4, 4), 'salt'))"),
}


@pytest.mark.parametrize("example", WORKED_EXAMPLES)
def test_every_rulebook_example_has_its_cell(example):
    lesson, snippet = WORKED_EXAMPLES[example]
    path = next(p for p in LESSONS if p.name.startswith(lesson))
    assert snippet in _text(_read(path), "code"), f"{example}: no cell in {path.name}"


def test_the_lab_has_a_sample_the_tests_lower_two_experiments_plots_and_intervals():
    text = _text(_read(LESSONS[-1]), "code")
    assert "SAMPLE = 8 if os.environ.get('CARAVAN_LESSONS_TESTING') else 150" in text
    assert "FIELD = 'greedy'" in text and "bots=(name, FIELD)" in text   # the habits also against lookahead (issue 21)
    assert "bots=('lookahead', 'heuristic')" in text
    assert text.count("draw_win_rates(") >= 2 and "## Experiment 1" in _text(_read(LESSONS[-1]))
    assert "## Experiment 2" in _text(_read(LESSONS[-1])) and "wilson(" in text and "c.simulate(" in text
    assert "c.variant(" in text and "_plan" not in text and "type(name" not in text   # issue 18, C10


def test_no_text_names_the_old_lesson_files():
    old = ("02_actions_and_chains", "03_steal_refill_end", "04_full_game_and_strategy_lab")
    for path in LESSONS:
        text = _text(_read(path))
        assert not any(name in text for name in old), path.name

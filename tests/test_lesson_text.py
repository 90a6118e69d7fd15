"""What every lesson of every series promises (issue 18, extending tests/jaipur/test_lesson_text.py to all four
series): sentences shown as Markdown (a printed line wraps mid-word in JupyterLab), a goal and a length at the
top, two or three "predict, then run" questions each with its own one-statement check, a last cell that says what
to try or which exercise follows, exercise pointers to the students' copies, and rule IDs that exist."""
from __future__ import annotations

import ast
import re

import pytest

from caravan_lessons import caravan, jaipur, marco_polo, samarkand
from tests.lesson_cells import NOTEBOOKS, SERIES, cells, guided, lessons, text

ALL = [p for series in SERIES for p in lessons(series)]
RULES = {"jaipur": jaipur.RULES, "samarkand": samarkand.RULES, "caravan": caravan.RULES, "marco_polo": marco_polo.RULES}
PREFIX = {"jaipur": "JAI", "samarkand": "SAM", "caravan": "CAR", "marco_polo": "MP"}
ID = lambda p: f"{p.parent.name}/{p.name}"  # noqa: E731


@pytest.mark.parametrize("path", [NOTEBOOKS / "START_HERE.ipynb", *ALL], ids=lambda p: p.name if p.parent == NOTEBOOKS else ID(p))
def test_no_lesson_prints_lines_that_wrap_mid_word(path):
    skip = guided(path)   # lesson 1's guided first turn belongs to issue 17
    printed = [c["source"] for i, c in enumerate(cells(path)) if c["type"] == "code" and i not in skip
               and re.search(r"^\s*print\(", c["source"], re.M)]
    assert not printed, printed


@pytest.mark.parametrize("path", ALL, ids=ID)
def test_every_lesson_states_goals_and_length_and_ends_with_checked_predict_then_run_questions(path):
    cs = cells(path)
    first = cs[0]["source"]
    assert re.search(r"\*\*Time:\*\* about \d+ minutes", first), first[:300]
    assert "**After this lesson you will be able to**" in first or path.parent.name == "jaipur"
    start = next(i for i, c in enumerate(cs) if "## Predict, then run" in c["source"])
    rest = cs[start:]
    questions = [c for c in rest if c["type"] == "markdown" and re.search(r"^\d\. ", c["source"], re.M)]
    checks = [c for c in rest if c["type"] == "code"]
    assert 2 <= len(questions) <= 3 and len(checks) == len(questions), (path.name, len(questions), len(checks))
    for question in questions:
        assert len(re.findall(r"^\d\. ", question["source"], re.M)) == 1, question["source"]   # one question, one check
    for check in checks:
        last = check["source"].strip().split("\n\n")[-1]
        assert len(last.splitlines()) <= 2, last
        assert "print(" not in check["source"], check["source"]
    assert "## Things to try" in rest[-1]["source"] or "Exercise" in rest[-1]["source"] or \
        "things to try" in rest[-1]["source"], rest[-1]["source"][:200]


@pytest.mark.parametrize("path", ALL, ids=ID)
def test_checks_answer_with_a_number_a_word_or_a_sentence_not_a_raw_structure(path):
    start = next(i for i, c in enumerate(cells(path)) if "## Predict, then run" in c["source"])
    for c in cells(path)[start:]:
        if c["type"] == "code":
            tree = ast.parse(c["source"])
            assert not (isinstance(tree.body[-1], ast.Expr) and isinstance(
                tree.body[-1].value, (ast.Tuple, ast.Dict, ast.DictComp, ast.Set))), c["source"]


@pytest.mark.parametrize("path", ALL, ids=ID)
def test_exercise_pointers_name_the_students_copies(path):
    series = path.parent.name
    for match in re.finditer(rf"exercises/{series}/(\w+)", text(path)):
        assert match.group(1) == "release", (path.name, text(path)[max(0, match.start() - 80): match.end() + 40])


@pytest.mark.parametrize("path", ALL, ids=ID)
def test_only_rule_ids_that_exist(path):
    series = path.parent.name
    cited = set(re.findall(rf"\b{PREFIX[series]}-[A-Z0-9]+-\d+\b", text(path)))
    assert cited <= set(RULES[series]), sorted(cited - set(RULES[series]))


README = (NOTEBOOKS.parent / "README.md").read_text(encoding="utf-8")
EXERCISES = NOTEBOOKS.parent / "exercises"


def exercise_count(series: str) -> int:
    return len(sorted((EXERCISES / series).glob("[0-9][0-9]_*.ipynb")))


def test_readme_and_start_here_count_the_lessons_and_exercises_there_are():
    """Issue 18 (newcomer §4.1): the counts a newcomer reads first match the folders."""
    rows = {m.group(1): (int(m.group(2)), int(m.group(3)))
            for m in re.finditer(r"^\| (Jaipur|Samarkand|Caravan|The Voyages of Marco Polo) \([^)]*\) \| (\d+) \| (\d+) \|",
                                 README, re.M)}
    names = {"jaipur": "Jaipur", "samarkand": "Samarkand", "caravan": "Caravan", "marco_polo": "The Voyages of Marco Polo"}
    start = text(NOTEBOOKS / "START_HERE.ipynb", "markdown")
    for series in SERIES:
        assert rows[names[series]] == (len(lessons(series)), exercise_count(series)), series
        row = re.search(rf"^\| \*\*{re.escape(names[series].split(':')[0])}[^|]*\| (\d+) lessons, from [^|]*\| (\d+) \|",
                        start, re.M)
        assert row and (int(row.group(1)), int(row.group(2))) == (len(lessons(series)), exercise_count(series)), series


HEADINGS = {"jaipur": "## The Jaipur series", "samarkand": "## The Samarkand series", "caravan": "## The Caravan series",
            "marco_polo": "## The Voyages of Marco Polo series"}


@pytest.mark.parametrize("series", SERIES)
def test_start_here_gives_every_lesson_its_link_and_minutes(series):
    start = text(NOTEBOOKS / "START_HERE.ipynb", "markdown")
    section = start.split(HEADINGS[series], 1)[1].split("\n## ", 1)[0]
    assert f"exercises/{series}/release/" in section
    rows = [line for line in section.splitlines() if line.startswith("| [")]
    assert [re.search(r"\]\(([^)]+)\)", r).group(1) for r in rows] == [f"{series}/{p.name}" for p in lessons(series)]
    for row, path in zip(rows, lessons(series)):
        minutes = row.split("|")[3].strip()
        lesson = re.search(r"\*\*Time:\*\* about (\d+) minutes", cells(path)[0]["source"]).group(1)
        assert minutes == lesson, (path.name, minutes, lesson)


def test_readme_gives_the_marks_the_course_test_checks():
    """Issue 18 (newcomer §4.2), issue 19: the README's full marks are the source notebooks' autograded points
    (what the course test's reference student must get), and its count of wrong readings is the number the
    course test hands in (tests/exercise_misreadings.py)."""
    from tests import exercise_misreadings as misreadings
    from tests.exercise_courses import course

    words = " ".join(README.split())
    names = {"jaipur": "Jaipur", "samarkand": "Samarkand", "caravan": "Caravan", "marco_polo": "Marco Polo"}
    full = ", ".join(f"{name} {sum(course(game).points.values()):g}" for game, name in names.items())
    count = sum(len(getattr(misreadings, game.upper())) for game in names)
    assert f"point ({full};" in words and f"each of {count} wrong readings" in words, (full, count)

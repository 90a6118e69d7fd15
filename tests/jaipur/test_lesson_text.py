"""Lesson text a learner reads in JupyterLab: printed lines there wrap mid-word ("inst/ead"), so the
lessons show sentences as Markdown, which wraps between words; every lesson states its length and ends
with predict-then-run questions (issue 7, items 17 and 18)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = NOTEBOOKS / "jaipur"
ALL_LESSONS = sorted(p.name for p in LESSONS.glob("[0-9][0-9]_*.ipynb"))


def cells_of(path: Path) -> list[dict]:
    return [{"type": c["cell_type"], "source": "".join(c["source"])}
            for c in json.loads(path.read_text(encoding="utf-8"))["cells"]]


@pytest.mark.parametrize("name", ["START_HERE.ipynb", *(f"jaipur/{n}" for n in ALL_LESSONS)])
def test_no_lesson_prints_lines_that_wrap_mid_word(name):
    code = [c["source"] for c in cells_of(NOTEBOOKS / name) if c["type"] == "code"]
    printed = [src for src in code if re.search(r"\bprint\(", src)]
    assert not printed, printed


@pytest.mark.parametrize("name", ["01_play_a_round.ipynb", "03_taking_cards.ipynb", "04_selling.ipynb"])
def test_rule_checks_are_shown_as_markdown(name):
    code = [c["source"] for c in cells_of(LESSONS / name) if c["type"] == "code"]
    assert any("why_illegal" in src and "Markdown(" in src for src in code)  # the predict-then-run checks


def test_there_are_eight_lessons():
    assert len(ALL_LESSONS) == 8, ALL_LESSONS


@pytest.mark.parametrize("name", ALL_LESSONS)
def test_every_lesson_states_its_length_and_ends_with_predict_then_run_questions(name):
    cells = cells_of(LESSONS / name)
    assert re.search(r"\*\*Time:\*\* about \d+ minutes", cells[0]["source"]), cells[0]["source"]
    start = next(i for i, c in enumerate(cells) if "## Predict, then run" in c["source"])
    rest = cells[start:]
    questions = [c for c in rest if c["type"] == "markdown" and re.search(r"^\d\. ", c["source"], re.M)]
    checks = [c for c in rest if c["type"] == "code"]
    assert 2 <= len(questions) <= 3 and len(checks) == len(questions), (name, len(questions), len(checks))
    # each check is one statement a learner reads at a glance (a helper may be defined before the first)
    for check in checks:
        last = check["source"].strip().split("\n\n")[-1]
        assert len(last.splitlines()) <= 2, last
    assert "## Things to try" in rest[-1]["source"] or "Exercise" in rest[-1]["source"]


def test_start_here_gives_every_jaipur_lesson_its_minutes():
    table = next(c["source"] for c in cells_of(NOTEBOOKS / "START_HERE.ipynb") if "## The Jaipur series" in c["source"])
    rows = [line for line in table.splitlines() if line.startswith("| [")]
    assert len(rows) == len(ALL_LESSONS)
    for row, name in zip(rows, ALL_LESSONS):
        minutes = row.split("|")[3].strip()
        assert minutes.isdigit(), row
        lesson = re.search(r"\*\*Time:\*\* about (\d+) minutes", cells_of(LESSONS / name)[0]["source"]).group(1)
        assert minutes == lesson, (name, minutes, lesson)

"""Samarkand exercises: the source notebooks pass their own checks (hidden ones included), the
reference answers pass every check, wrong answers are told what is wrong, and the student release
strips the solutions and hidden tests."""
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from caravan_lessons.exercises import samarkand as ex
from caravan_lessons.exercises.framework import GRADED, PASSED
from caravan_lessons.exercises.release import release

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "exercises" / "samarkand"
SOURCES = sorted(SOURCE.glob("*.ipynb"))


def test_six_exercises_one_question_each():
    assert len(SOURCES) >= 6 and set(ex.QUESTIONS) == {"q1", "q2", "q3", "q4", "q5", "q6"}


@pytest.mark.notebook
@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_source_notebook_passes_its_checks(path, monkeypatch):
    monkeypatch.setenv("MPLBACKEND", "Agg")
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=60, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    text = "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []))
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []) if o.output_type == "error"]
    assert not errors, errors
    assert PASSED in text and GRADED in text


@pytest.mark.parametrize("label", ["q2", "q3", "q4", "q5", "q6"])
def test_reference_answers_pass_and_wrong_ones_fail(label, capsys):
    question = ex.QUESTIONS[label]
    assert question.grade(ex.ANSWERS[label])
    assert not question.check(lambda *args: 0)
    assert not question.check(None)
    assert "not solved yet" in capsys.readouterr().out


@pytest.mark.rule("SAM-MARRY-5")
def test_q2_knows_the_rulebook_example(capsys):
    assert not ex.q2.check(lambda state: 3)  # Carlos at the limit draws nothing
    assert "Carlos kept 7" in capsys.readouterr().out


def test_release_strips_solutions_and_hidden_tests(tmp_path):
    written = release("samarkand", out=tmp_path, source=SOURCE)
    assert [p.name for p in written] == [p.name for p in SOURCES]
    for path in written:
        text = path.read_text(encoding="utf-8")
        assert "BEGIN SOLUTION" not in text and "BEGIN HIDDEN TESTS" not in text and ".check(" in text

"""Caravan exercises: the reference passes every check (hidden ones too), wrong answers fail with a hint,
the source notebooks run top to bottom and the student release runs without crashing."""
import networkx as nx
import nbformat
import pytest
from nbclient import NotebookClient

from caravan_lessons.exercises import caravan as ex
from caravan_lessons.exercises import caravan_solutions as sol
from caravan_lessons.exercises.release import release
from tests.conftest import ROOT

SOURCE = ROOT / "exercises" / "caravan"
REFERENCE = {"q1": sol.q1_points, "q2": sol.q2_action_cost, "q3": sol.q3_camel_groups, "q4": sol.q4_deliverable,
             "q5": sol.q5_final_score, "q6": sol.q6_can_steal}


def test_at_least_six_questions_one_with_networkx():
    assert len(ex.QUESTIONS) >= 6
    assert "networkx" in ex.q4.title and "deliver" in ex.q4.title


@pytest.mark.parametrize("label", sorted(REFERENCE))
def test_reference_passes_hidden_checks(label):
    assert ex.QUESTIONS[label].grade(REFERENCE[label])


def _deliverable_through_anyone(state, player):
    """Wrong on purpose: links through every camel of the board, and forgets the empty camel in the city."""
    found = set()
    for i, where in enumerate(state.pos[player]):
        good = state.load[player][i]
        if good and nx.has_path(state.board.graph, where, state.board.city_of[good]):
            found.add((where, good))
    return found


WRONG = {
    "q1": lambda delivered, markers: 6 * len(delivered) + markers,
    "q2": lambda state, action: 1,
    "q3": lambda state, player: [{w} for w in state.pos[player] if w],
    "q4": _deliverable_through_anyone,
    "q5": lambda state, player: sol.q1_points(state.delivered[player], state.markers[player]),
    "q6": lambda state, space, victim, good: state.tokens[state.current] > 0,
}


@pytest.mark.parametrize("label", sorted(WRONG))
def test_wrong_answers_fail(label, capsys):
    assert not ex.QUESTIONS[label].check(WRONG[label])
    assert "not solved yet" in capsys.readouterr().out


@pytest.mark.notebook
@pytest.mark.parametrize("path", sorted(SOURCE.glob("*.ipynb")), ids=lambda p: p.name)
def test_source_notebooks_pass(path, monkeypatch):
    monkeypatch.setenv("MPLBACKEND", "Agg")
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    text = "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []))
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []) if o.output_type == "error"]
    assert not errors and "not solved" not in text and "passed" in text


@pytest.mark.notebook
def test_student_release_runs(tmp_path, monkeypatch):
    monkeypatch.setenv("MPLBACKEND", "Agg")
    out = release("caravan", out=tmp_path, source=SOURCE)
    paths = sorted(tmp_path.glob("*.ipynb"))
    assert [p.name for p in paths] == [p.name for p in sorted(SOURCE.glob("*.ipynb"))], out
    for path in paths:
        text = path.read_text(encoding="utf-8")
        assert "BEGIN SOLUTION" not in text and "BEGIN HIDDEN TESTS" not in text
        nb = nbformat.read(path, as_version=4)
        NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=True,
                       resources={"metadata": {"path": str(path.parent)}}).execute()
        errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
                  if o.output_type == "error"]
        assert all(e["ename"] == "NotImplementedError" for e in errors), errors

"""Caravan exercises on the shared framework: the reference answers (read from the source notebooks'
solution regions; the package holds none) pass every check, the hidden cases included; typical wrong
answers and the empty stubs fail with a helpful message; nothing importable reveals an answer; the
source notebooks run top to bottom and the student release runs without crashing."""
from __future__ import annotations

import pkgutil
from functools import lru_cache
from pathlib import Path

import nbformat
import networkx as nx
import pytest
from nbclient import NotebookClient

import caravan_lessons
from caravan_lessons.exercises import caravan as ex
from caravan_lessons.exercises.release import release
from tests.conftest import ROOT

SOURCE = ROOT / "exercises" / "caravan"


@lru_cache(maxsize=None)
def reference() -> dict:
    """The setup and answer cells of every source notebook run into one namespace (solutions in place)."""
    namespace: dict = {"__name__": "caravan_reference"}
    for path in sorted(SOURCE.glob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            meta = cell.metadata.get("nbgrader", {})
            if cell.cell_type == "code" and (meta.get("grade_id") == "setup" or meta.get("solution")):
                exec(compile(cell.source, f"{path.name}:{meta.get('grade_id')}", "exec"), namespace)
    return namespace


def hidden_extras() -> dict:
    """The teacher's extra cases of each question, evaluated from the HIDDEN TESTS regions."""
    found = {}
    for path in sorted(SOURCE.glob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            if "### BEGIN HIDDEN TESTS" not in cell.source:
                continue
            region = cell.source.split("### BEGIN HIDDEN TESTS\n")[1].split("### END HIDDEN TESTS")[0]
            label = region.split(".grade(")[0].strip()
            found[label] = region
    return found


def test_at_least_six_questions_one_per_topic_one_with_networkx():
    assert len(ex.QUESTIONS) >= 6
    assert "networkx" in ex.q4.title and "deliver" in ex.q4.title
    rules = {r for q in ex.QUESTIONS.values() for r in q.rules}
    for topic in ("CAR-SCORE-1", "CAR-ACT-2", "CAR-MOVE-1", "CAR-TURN-1", "CAR-STEAL-1", "CAR-REFILL-2",
                  "CAR-SCORE-3"):
        assert topic in rules, topic
    assert all(q.game == "caravan" for q in ex.QUESTIONS.values())


@pytest.mark.parametrize("label", sorted(ex.QUESTIONS))
def test_reference_passes_the_public_and_hidden_checks(label, capsys):
    question = ex.QUESTIONS[label]
    answer = reference()[question.answer_name]
    assert question.check(answer)
    namespace = dict(reference())
    exec(hidden_extras()[label], namespace)   # runs q.grade(answer, extra=[...]): AssertionError if it fails
    assert "every check passed" in capsys.readouterr().out


def _deliverable_through_anyone(state, player):
    """Wrong on purpose: links through every camel of the board, and forgets the empty camel in the city."""
    found = set()
    for i, where in enumerate(state.pos[player]):
        good = state.load[player][i]
        if good and nx.has_path(state.board.graph, where, state.board.city_of[good]):
            found.add((where, good))
    return found


def _refill_fills_every_empty_numbered(state):
    """Wrong on purpose: markers set to 1 (not added), every empty numbered space filled."""
    return {s: 1 for s in state.goods}, [s for s in state.board.numbered if s not in state.goods]


def _refill_forgets_old_markers(state):
    demand = {s: 1 for s in state.goods}
    return demand, [s for s in state.board.numbered if s not in state.goods][:4]


def _winners_points_only(state):
    points = state.score_sheet().totals()
    return [s for s in range(state.players) if points[s] == max(points)]


def _winners_without_penalty(state):
    from caravan_lessons.caravan import GOOD_POINTS
    points = [sum(GOOD_POINTS[g] for g in state.delivered[s]) + state.markers[s] for s in range(state.players)]
    best = [s for s in range(state.players) if points[s] == max(points)]
    most = max(len(state.delivered[s]) for s in best)
    return [s for s in best if len(state.delivered[s]) == most]


WRONG = {   # label -> [(typical mistake, words the message must contain)]
    "q1": [(lambda delivered, markers: 6 * len(delivered) + markers, "right answer"),
           (lambda delivered, markers: sum(6 if g in ("ivory", "gems") else 3 for g in delivered) + markers,
            "right answer")],
    "q2": [(lambda state, action: 1, "right answer")],
    "q3": [(lambda state, player: [{w} for w in state.pos[player] if w], "right ones"),
           (lambda state, player: [set(g) for g in nx.connected_components(state.board.graph.subgraph(
               {w for row in state.pos for w in row if w}))], "right ones")],
    "q4": [(_deliverable_through_anyone, "wrongly included")],
    "q5": [(lambda state, player: reference()["q1_points"](state.delivered[player], state.markers[player]),
            "right answer")],
    "q6": [(lambda state, space, victim, good: state.tokens[state.current] > 0, "right answer")],
    "q7": [(lambda players, seat, round_number: min(4, round_number + 1), "right answer")],
    "q8": [(_refill_fills_every_empty_numbered, "demand markers"), (_refill_forgets_old_markers, "REFILL-2")],
    "q9": [(_winners_points_only, "winners"), (_winners_without_penalty, "winners")],
    "q10": [({"a": "A", "b": "B", "c": "A"}, "the coach does not prefer A")],  # ends the turn on the last delivery
}


@pytest.mark.parametrize("label", sorted(WRONG))
def test_typical_wrong_answers_fail_with_a_helpful_message(label, capsys):
    assert set(WRONG) == set(ex.QUESTIONS)
    for answer, words in WRONG[label]:
        assert not ex.QUESTIONS[label].check(answer)
        out = capsys.readouterr().out
        assert "not solved yet" in out and words in out and "case" in out, out


@pytest.mark.parametrize("label", sorted(ex.QUESTIONS))
def test_stubs_and_garbage_fail_without_raising(label, capsys):
    question = ex.QUESTIONS[label]

    def stub(*args):
        pass

    for answer in (stub, None, 42, lambda *args: 1 / 0):
        assert not question.check(answer)
        assert "not solved yet" in capsys.readouterr().out


def test_nothing_importable_reveals_a_caravan_answer():
    package = Path(caravan_lessons.__file__).parent
    modules = [m.name for m in pkgutil.walk_packages([str(package)], "caravan_lessons.")]
    assert not [m for m in modules if "solution" in m or "answer" in m]
    code = "\n".join(line.strip() for p in package.rglob("*.py") for line in p.read_text(encoding="utf-8").splitlines()
                     if line.strip() and not line.strip().startswith("#"))
    for kind in ("SOLUTION", "HIDDEN TESTS"):
        for path in sorted(SOURCE.glob("*.ipynb")):
            for cell in nbformat.read(path, as_version=4).cells:
                if f"### BEGIN {kind}" not in cell.source:
                    continue
                region = cell.source.split(f"### BEGIN {kind}\n")[1].split(f"### END {kind}")[0]
                lines = [ln.strip() for ln in region.splitlines() if ln.strip() and not ln.strip().startswith("#")]
                for i in range(max(0, len(lines) - 2)):
                    assert "\n".join(lines[i:i + 3]) not in code, (path.name, lines[i:i + 3])
    for question in ex.QUESTIONS.values():
        state = vars(question)
        assert "_solution" not in state and not any("hidden" in key for key in state)


def test_solution_reads_the_source_notebook(capsys):
    ex.q4.solution()
    out = capsys.readouterr().out
    assert "nx.has_path" in out or "connected" in out


def test_helpers_refuse_bad_arguments():
    for call in (lambda: ex.position("nowhere"), lambda: ex.random_position(1.5, 3),
                 lambda: ex.refill_position({1: "salt"}), lambda: ex.finished_position("x"),
                 lambda: ex.refill_position({1: "salt", 2: "meat", 3: "gems", 4: "hides"}, bag=True)):
        with pytest.raises(ValueError):
            call()


@pytest.mark.notebook
@pytest.mark.parametrize("path", sorted(SOURCE.glob("*.ipynb")), ids=lambda p: p.name)
def test_source_notebooks_pass(path, monkeypatch):
    monkeypatch.setenv("MPLBACKEND", "Agg")
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=180, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
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
        NotebookClient(nb, timeout=180, kernel_name="python3", allow_errors=True,
                       resources={"metadata": {"path": str(path.parent)}}).execute()
        errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
                  if o.output_type == "error"]
        assert all(e["ename"] == "NotImplementedError" for e in errors), errors

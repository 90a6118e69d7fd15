"""The AI exercise (exercises/ai/01_a_pettingzoo_agent.ipynb, caravan_lessons.exercises.ai): the reference
agent of the source notebook earns both tiers in the public and the grading series, a first-legal-id agent
does not, bad agents get one clear line, and the student release holds no solution and runs."""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

os.environ.setdefault("CARAVAN_TIME_SCALE", "4")   # budgets are for a laptop; these tests run on loaded cores
import nbformat  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

pytest.importorskip("pettingzoo")

from caravan_lessons.exercises import GAMES, PASSED  # noqa: E402
from caravan_lessons.exercises import ai as ex  # noqa: E402

NOTEBOOK = Path(__file__).resolve().parents[2] / "exercises" / "ai" / "01_a_pettingzoo_agent.ipynb"


@pytest.fixture(autouse=True)
def not_under_nbgrader(monkeypatch):
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)


@lru_cache(maxsize=None)
def reference_agent():
    """Q1Agent of the source notebook (setup and answer cells run, the solution in place)."""
    namespace: dict = {"__name__": "q1_reference"}
    for cell in nbformat.read(NOTEBOOK, as_version=4).cells:
        meta = cell.metadata.get("nbgrader", {})
        if cell.cell_type == "code" and (meta.get("grade_id") == "setup" or meta.get("solution")):
            exec(compile(cell.source, f"{NOTEBOOK.name}:{meta.get('grade_id')}", "exec"), namespace)
    return namespace["Q1Agent"]


class FirstId:
    """The lowest legal id, always (takes goods one by one, never sells them well)."""

    name = "first id"

    def act(self, observation, action_mask):
        return int(np.flatnonzero(action_mask)[0])


def test_the_ai_exercise_is_one_of_the_exercise_sets():
    assert "ai" in GAMES and set(ex.QUESTIONS) == {"q1"}


def test_the_reference_agent_earns_both_tiers_and_the_grading_series(capsys):
    agent = reference_agent()
    for tier in ex.q1.tiers:
        assert ex.q1.check(agent, part=tier) is True, capsys.readouterr().out
    assert ex.q1.grade(agent, part="greedy", seed=11) is True, capsys.readouterr().out   # the hidden tests' seed
    out = capsys.readouterr().out
    assert PASSED in out and "of 100 matches against random" in out and "of 100 matches against greedy" in out


def test_a_first_legal_id_agent_does_not_earn_the_greedy_tier(capsys):
    assert ex.q1.check(FirstId, part="greedy") is False
    out = capsys.readouterr().out
    assert "not solved yet" in out and "can no longer win" in out and "Traceback" not in out, out


class ReturnsAnAction:
    name = "returns an action"

    def act(self, observation, action_mask):
        from caravan_lessons.jaipur.codec import codec

        return codec().decode(int(np.flatnonzero(action_mask)[0]))


class Illegal:
    name = "illegal"

    def act(self, observation, action_mask):
        return int(np.flatnonzero(action_mask == 0)[0])


class NoName:
    def act(self, observation, action_mask):
        return 0


@pytest.mark.parametrize("agent, words", [
    (None, "there is no answer yet"),
    (ReturnsAnAction, "not an action id"),
    (Illegal, "chose an illegal move .* JAI-"),
    (NoName, "has no `name`"),
    (42, "should be an agent with a method act"),
])
def test_bad_agents_get_one_clear_line(agent, words, capsys):
    import re

    assert ex.q1.check(agent, part="random") is False
    out = capsys.readouterr().out
    assert re.search(words, out) and "not solved yet" in out and "Traceback" not in out, out


def test_the_projects_own_code_is_refused(capsys):
    from caravan_lessons.exercises.ai import _Seat

    assert ex.q1.check(_Seat, part="random") is False
    assert "project's own code" in capsys.readouterr().out


def test_play_runs_in_the_pettingzoo_environment(capsys):
    assert ex.play(reference_agent(), matches=4) == 1.0
    assert "won 4 of 4 matches (100 %) against random" in capsys.readouterr().out
    assert ex.play(Illegal, matches=2) is None
    assert "refused" in capsys.readouterr().out
    assert ex.play(reference_agent(), matches=0) is None and "matches must be" in capsys.readouterr().out


def test_the_notebook_states_the_tiers_the_question_plays():
    task = " ".join(next(c.source for c in nbformat.read(NOTEBOOK, as_version=4).cells
                         if c.metadata.get("nbgrader", {}).get("grade_id") == "q1_task").split())
    for tier in ex.q1.tiers.values():
        assert f"{tier.matches} matches" in task and f"above {100 * tier.need:g} %" in task


def test_the_release_has_no_solution_and_runs(tmp_path):
    from nbclient import NotebookClient

    from caravan_lessons.exercises.release import release

    out = release("ai", out=tmp_path / "student", source=NOTEBOOK.parent)
    (student,) = list(out)
    text = student.read_text(encoding="utf-8")
    for marker in ("BEGIN SOLUTION", "BEGIN HIDDEN TESTS", ".grade(", "worth(g)"):
        assert marker not in text, marker
    nb = nbformat.read(student, as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = ["".join(o.get("text", "") for o in c.get("outputs", [])) for c in nb.cells if c.cell_type == "code"]
    assert not [o for c in nb.cells for o in c.get("outputs", []) if o.output_type == "error"]
    graded = [o for c, o in zip([c for c in nb.cells if c.cell_type == "code"], outputs)
              if c.metadata.get("nbgrader", {}).get("grade")]
    assert len(graded) == 2 and all("not solved yet" in o for o in graded)

"""Teacher-side helpers for the exercise tests: the engine's answers to the value questions and
the reference answers read from the source notebooks (the package holds neither)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "exercises" / "jaipur"



def engine_value_answers() -> dict[str, dict]:
    """The right answers of the value questions, asked of the engine: {label: {key: value}}."""
    from caravan_lessons import jaipur
    from caravan_lessons.exercises.jaipur import POSITIONS, q3a_moves

    seen = jaipur.scenario(**POSITIONS["q1"]).observation(0)
    q1a = {"hand": sum(seen["hand"].values()), "herd": seen["herds"][0], "market": sum(seen["market"].values()),
           "deck": seen["deck_size"], "opponent_hand": seen["opponent_hand_size"]}
    state = jaipur.scenario(**POSITIONS["q2"])
    q2a = max((a.give.count("camel") for a in state.legal_actions() if a.kind == "exchange"), default=0)
    state = jaipur.scenario(**POSITIONS["q3"])
    q3a = {}
    for label, move in q3a_moves().items():
        problem = state.why_illegal(move)
        q3a[label] = None if problem is None else problem.rule
    return {"q1a": q1a, "q2a": {None: q2a}, "q3a": q3a}


def _cells(path: Path):
    return nbformat.read(path, as_version=4).cells


@lru_cache(maxsize=None)
def reference_namespace() -> dict:
    """Every source notebook's setup and answer cells run (solutions in place) into one namespace,
    plus the names the hidden-test regions define (e.g. the reference of an earlier part)."""
    namespace: dict = {"__name__": "exercise_reference"}
    for path in sorted(SOURCE.glob("*.ipynb")):
        for cell in _cells(path):
            meta = cell.metadata.get("nbgrader", {})
            if cell.cell_type != "code":
                continue
            if meta.get("grade_id") == "setup" or meta.get("solution"):
                exec(compile(cell.source, f"{path.name}:{meta.get('grade_id')}", "exec"), namespace)
    return namespace


def answers() -> dict:
    """The reference answer of each question, by label (read from the source notebooks)."""
    from caravan_lessons.exercises.jaipur import QUESTIONS

    namespace = reference_namespace()
    return {label: namespace[q.answer_name] for label, q in QUESTIONS.items()}


def region_lines(kind: str) -> set[str]:
    """Meaningful lines (over 12 characters) of every SOLUTION or HIDDEN TESTS region of the sources."""
    begin, end = f"### BEGIN {kind}", f"### END {kind}"
    lines = set()
    for path in sorted(SOURCE.glob("*.ipynb")):
        for cell in _cells(path):
            inside = False
            for line in cell.source.splitlines():
                if begin in line:
                    inside = True
                elif end in line:
                    inside = False
                elif inside and len(line.strip()) > 12 and not line.strip().startswith("#"):
                    lines.add(line.strip())
    return lines


def region_blocks(kind: str, size: int = 3) -> set[str]:
    """Every run of ``size`` consecutive meaningful lines of the SOLUTION or HIDDEN TESTS regions,
    stripped and joined by newlines (a leak test looks for these runs in the package's code)."""
    begin, end = f"### BEGIN {kind}", f"### END {kind}"
    blocks = set()
    for path in sorted(SOURCE.glob("*.ipynb")):
        for cell in _cells(path):
            inside, lines = False, []
            for line in cell.source.splitlines() + [end]:
                if begin in line:
                    inside, lines = True, []
                elif end in line and inside:
                    inside = False
                    blocks.update("\n".join(lines[i:i + size]) for i in range(max(0, len(lines) - size + 1)))
                elif inside and line.strip() and not line.strip().startswith("#"):
                    lines.append(line.strip())
    return blocks


def code_lines(text: str) -> str:
    """``text`` with each line stripped and blank or comment lines dropped (to compare with blocks)."""
    return "\n".join(line.strip() for line in text.splitlines() if line.strip() and not line.strip().startswith("#"))

"""Teacher-side helpers for grading tests: the source notebooks of a game read as a course (answer cells,
graded cells and the questions they belong to), submissions built from them, the students that hold the
misreadings of ``tests/exercise_misreadings.py`` (and the marks each must get), and an in-process
emulation of nbgrader's autograde for quick checks while writing hidden cases.

A submission is a dict: answer cell (grade id, e.g. ``"q2b_answer"``) -> the code of that cell; every other
answer cell holds the reference solution. Marks are per graded cell (grade id -> points)."""
from __future__ import annotations

import ast
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import nbformat

import caravan_lessons.exercises.framework  # noqa: F401  (imported before any emulated autograde: no guard here)

ROOT = Path(__file__).resolve().parent.parent
EXERCISES = ROOT / "exercises"


@dataclass(frozen=True)
class Graded:
    """A graded code cell: its points and the answer cell whose answer it checks."""

    grade_id: str
    points: float
    notebook: str
    answer: str


@dataclass
class Course:
    """One game's source notebooks, as nbgrader sees them."""

    game: str
    notebooks: list[str] = field(default_factory=list)
    answers: dict[str, str] = field(default_factory=dict)         # answer cell -> its notebook
    graded: dict[str, Graded] = field(default_factory=dict)       # graded code cell -> Graded
    by_hand: dict[str, float] = field(default_factory=dict)       # graded markdown cell -> points

    def cells_of(self, answer: str) -> list[str]:
        """The graded cells that check the answer of ``answer`` (a grade id)."""
        return [g.grade_id for g in self.graded.values() if g.answer == answer]

    @property
    def points(self) -> dict[str, float]:
        return {g.grade_id: g.points for g in self.graded.values()}


def _defined(source: str) -> set[str]:
    names = set()
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def solved(source: str) -> str:
    """An answer cell of the source with its solution in place (what a full submission holds)."""
    while "### BEGIN SOLUTION" in source:
        before, _, rest = source.partition("### BEGIN SOLUTION")
        solution, _, after = rest.partition("### END SOLUTION")
        source = before.rstrip(" ") + solution.strip("\n") + "\n" + after.lstrip("\n")
    return source


@lru_cache(maxsize=None)
def course(game: str) -> Course:
    """The course of ``game``, read from ``exercises/<game>/*.ipynb``."""
    found = Course(game)
    for path in sorted((EXERCISES / game).glob("*.ipynb")):
        found.notebooks.append(path.stem)
        cells = nbformat.read(path, as_version=4).cells
        defines: dict[str, str] = {}
        for cell in cells:
            meta = cell.metadata.get("nbgrader", {})
            if meta.get("solution") and cell.cell_type == "code":
                found.answers[meta["grade_id"]] = path.stem
                for name in _defined(solved(cell.source)):
                    defines.setdefault(name, meta["grade_id"])
        for cell in cells:
            meta = cell.metadata.get("nbgrader", {})
            if not meta.get("grade"):
                continue
            if cell.cell_type == "markdown":
                found.by_hand[meta["grade_id"]] = float(meta["points"])
                continue
            checked = re.findall(r"\.(?:check|grade)\((\w+)", cell.source)
            owners = {defines[name] for name in checked if name in defines}
            assert len(owners) == 1, (path.name, meta["grade_id"], checked)
            found.graded[meta["grade_id"]] = Graded(meta["grade_id"], float(meta["points"]), path.stem,
                                                    owners.pop())
    return found


STUB = None
"""In a submission: this answer cell is left as the release has it (the solution region replaced by the stub)."""


def stubbed(source: str) -> str:
    """An answer cell of the source as the student release has it: each solution region replaced by the
    release's stub (``caravan_lessons.exercises.release.CODE_STUB``, as README step 3 configures nbgrader)."""
    from caravan_lessons.exercises.release import CODE_STUB

    while "### BEGIN SOLUTION" in source:
        before, _, rest = source.partition("### BEGIN SOLUTION")
        indent = before[len(before.rstrip(" ")):]
        _, _, after = rest.partition("### END SOLUTION")
        source = before + CODE_STUB.replace("\n", "\n" + indent) + after
    return source


def notebook_sources(game: str, notebook: str, submission: dict[str, str | None]) -> list[tuple[dict, str]]:
    """The code cells of a notebook as a student with ``submission`` hands it in and nbgrader runs it:
    (nbgrader metadata, source) in order; graded and locked cells as in the source (hidden tests in). An
    answer cell not in ``submission`` holds the reference solution; one mapped to :data:`STUB`, the stub."""
    cells = nbformat.read(EXERCISES / game / f"{notebook}.ipynb", as_version=4).cells
    out = []
    for cell in cells:
        if cell.cell_type != "code":
            continue
        meta = cell.metadata.get("nbgrader", {})
        source = cell.source
        if meta.get("solution"):
            if meta["grade_id"] not in submission:
                source = solved(source)
            elif submission[meta["grade_id"]] is STUB:
                source = stubbed(source)
            else:
                source = submission[meta["grade_id"]]
        out.append((meta, source))
    return out


def emulate(game: str, submission: dict[str, str], notebooks: list[str] | None = None) -> dict[str, float]:
    """nbgrader's autograde of ``submission``, in this process: every code cell of each notebook run in
    order in a fresh namespace with ``NBGRADER_EXECUTION=autograde`` (a cell that raises: the next ones
    still run); a graded cell that raises earns 0, else its points. For writing hidden cases quickly; the
    real thing is ``tests/test_nbgrader_course.py``."""
    marks = {}
    old = os.environ.get("NBGRADER_EXECUTION")
    os.environ["NBGRADER_EXECUTION"] = "autograde"
    try:
        for notebook in notebooks or course(game).notebooks:
            namespace: dict = {"__name__": "__main__"}
            for meta, source in notebook_sources(game, notebook, submission):
                try:
                    exec(compile(source, f"{notebook}:{meta.get('grade_id', 'cell')}", "exec"), namespace)
                    ok = True
                except BaseException:  # noqa: BLE001 - a student's cell may raise anything
                    ok = False
                if meta.get("grade"):
                    marks[meta["grade_id"]] = float(meta["points"]) if ok else 0.0
    finally:
        if old is None:
            os.environ.pop("NBGRADER_EXECUTION", None)
        else:
            os.environ["NBGRADER_EXECUTION"] = old
    return marks


@dataclass
class Student:
    """A submission of the course test: what it hands in (answer cell -> code), the notebooks it hands
    in (the others are missing: nbgrader gives them 0), and the marks it must get, per graded cell."""

    name: str
    answers: dict[str, str | None]
    notebooks: list[str]
    marks: dict[str, float]
    readings: list[str] = field(default_factory=list)   # the misreadings it holds, for messages


def _stub_the_rest(spec: Course, answers: dict, books: list[str]) -> dict:
    """``answers`` plus the stub for every other answer cell of ``books``."""
    rest = {a: STUB for a, book in spec.answers.items() if book in books and a not in answers}
    return {**answers, **rest}


def students(game: str, misreadings: list, numpy_answers: dict[str, str], extra: list | None = None) -> list[Student]:
    """The students of ``game``'s course: ``full`` (the reference), ``numpy`` (the answers of
    ``numpy_answers``: full marks for them), then ``wrong1``, ``wrong2``, ... where ``wrong<i>`` holds the
    i-th misreading of every answer cell that has one (the questions are graded apart, so one student can
    hold one misreading of each); ``extra`` students (already built) come last. All but ``full`` hand in
    only the notebooks where they hold an answer, and leave the other answer cells of those notebooks as
    the release's stub (0 points, and a quick "not solved yet": the hidden cases of a question whose
    public check fails are never built)."""
    spec = course(game)
    full = spec.points
    out = [Student("full", {}, list(spec.notebooks), dict(full))]
    used = sorted({spec.answers[a] for a in numpy_answers})
    marks = {cell: (full[cell] if spec.graded[cell].answer in numpy_answers else 0.0)
             for cell in full if spec.graded[cell].notebook in used}
    out.append(Student("numpy", _stub_the_rest(spec, dict(numpy_answers), used), used, marks))
    per_answer: dict[str, list] = {}
    for reading in misreadings:
        assert reading.answer in spec.answers, (game, reading.answer)
        per_answer.setdefault(reading.answer, []).append(reading)
    for i in range(max((len(v) for v in per_answer.values()), default=0)):
        held = {answer: readings[i] for answer, readings in per_answer.items() if len(readings) > i}
        books = sorted({spec.answers[a] for a in held})
        marks = {cell: 0.0 for cell in full if spec.graded[cell].notebook in books}
        for answer, reading in held.items():
            cells = spec.cells_of(answer)
            unknown = set(reading.earns) - set(cells)
            assert not unknown, (game, reading.reading, unknown)
            for cell in cells:
                marks[cell] = float(reading.earns.get(cell, 0))
        out.append(Student(f"wrong{i + 1}", _stub_the_rest(spec, {a: r.code for a, r in held.items()}, books),
                           books, marks, [f"{a}: {r.reading}" for a, r in held.items()]))
    return out + list(extra or [])

"""The teacher's nbgrader course, run as docs/teaching.md says, for every game with exercises: quickstart
(its sample assignment and header notebook removed), the README's config lines, generate_assignment, the
students handed in, autograde, feedback and export. Per game the students are: ``full`` (the reference
solutions: every point), ``numpy`` (correct answers written with numpy and pandas: every point), one
student per rank of misreading (``wrong1`` holds the first misreading of every question, ``wrong2`` the
second, ...: tests/exercise_misreadings.py; each loses exactly the points it should), and for Samarkand a
``spy`` whose code tries to reach the answers and the hidden tests while it is graded.

Checked: the marks of every graded cell in the gradebook and in grades.csv; that what each graded cell
shows agrees with its marks ("not solved yet" exactly where points are missing); that the release and
every feedback page hold no solution and no hidden test (no run of 24 characters of a hidden-tests
region, whatever the students' code printed); that the spy's attempts were all refused; and that
nbgrader logs only the warnings the guide calls harmless.

Two courses of two games each, so that one course build serves two games and pytest-xdist can still run
the two courses side by side (the marks do not depend on which games share a course)."""
from __future__ import annotations

import csv
import html
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from caravan_lessons.exercises.feedback import HIDDEN_NOTE, hidden_windows
from tests import exercise_misreadings as misreadings
from tests.exercise_courses import EXERCISES, ROOT, STUB, Student, course, notebook_sources, solved, students

pytestmark = [pytest.mark.notebook, pytest.mark.filterwarnings("ignore::DeprecationWarning")]

NOT_SOLVED = "not solved yet"
"""What a check prints for an answer that earns no points; feedback beside full marks must not say it."""

COURSES = (("marco_polo", "samarkand"), ("jaipur", "caravan"))
"""Games that share a course build (the slowest game with the quickest)."""

SECRETS = {
    "jaipur": ("reference_q5a", "seed=7"),
    "samarkand": ("reference_q5", "board.kinds.count(kind) for kind"),
    "caravan": ("refill_position({1: \"salt\", 5: \"gems\"",),
    "marco_polo": ("objective_position((3, 9)", "reference_q6a"),
}
"""Text of the source notebooks (a hidden case, a reference) that no release or feedback may show."""

FEEDBACK_WORDS = {
    "jaipur": ("JAI-TAKE-7", "never lists an exchange", "project's own bot code"),
    "samarkand": ("the points are yours", "SAM-2P-4", "lower family index first"),
    "caravan": ("last empty camel", "no action left", "no refill at all"),
    "marco_polo": ("LOWEST", "camels", "budget", "BOTH", "project's own bot code"),
}
"""Words the wrong students' feedback must show: the checks explain the mistakes."""

# --- the spy: correct answers that try to reach what grading keeps from students ------------------------

SPY_REPORT = '''
import os, sqlite3, subprocess
from caravan_lessons.exercises import release as _release, framework as _framework


def _try(what, attempt):
    try:
        found = attempt()
    except Exception as exc:  # refused: say by what
        print(f"SPY BLOCKED {what}: {type(exc).__name__}")
    else:
        print(f"SPY {'LEAK' if found else 'NOTHING'} {what}")


_try("the source notebook", lambda: open("../../../source/samarkand/02_cards_drawn.ipynb").read())
_try("this notebook with its hidden tests", lambda: open("01_the_board.ipynb").read())
_try("the gradebook", lambda: sqlite3.connect("../../../gradebook.db").execute("select * from source_cell").fetchall())
_try("the gradebook's bytes", lambda: open("../../../gradebook.db", "rb").read())
_try("a program", lambda: subprocess.run(["cat", "../../../gradebook.db"], capture_output=True).stdout)
_try("os.system", lambda: os.system("cat ../../../gradebook.db > leak.txt") == 0)
_try("the source folder's names", lambda: os.listdir("../../../source"))
_try("writing into source", lambda: open("../../../source/samarkand/x.txt", "w"))
_try("the clone's exercises", lambda: open(os.path.join(os.path.dirname(os.path.dirname(_framework.__file__)),
                                                      "..", "exercises", "samarkand", "01_the_board.ipynb")).read())
os.environ.pop("NBGRADER_EXECUTION", None)
_try("solution() without NBGRADER_EXECUTION", lambda: _release.reference_source("samarkand", "q1_kinds"))
_framework.grading_run = lambda: False
_try("the reference reader, grading_run patched", lambda: _release.reference_source("samarkand", "q2_draws"))
'''

SPY = {
    # q1: right, after trying every way to the answers and the hidden tests
    "q1_answer": SPY_REPORT + '''
board = samarkand.default_board()
q1_kinds = {kind: board.kinds.count(kind) for kind in ("goods", "start", "water", "land")}''',
    # q2: right, and prints the graded cell (hidden tests included) while it is graded, also straight to fd 1
    "q2_answer": '''
import os


def q2_draws(state):
    shown = get_ipython().user_ns["In"][-1]
    print(shown)
    os.write(1, shown.encode())
    print("q2 (cards drawn when marrying): " + shown.replace("\\n", " "))
    p = state.current_player
    if len(state.hands[p]) + len(state.sold[p]) >= state.limit:
        return 0
    return 3''',
    # q3: wrong, and carries the hidden tests in what it returns and in the error it raises
    "q3_answer": '''
def q3_targets(state, family):
    marker = "BEGIN " + "HIDDEN TESTS"  # (the marker itself in an answer cell would stop nbgrader's feedback)
    hidden = get_ipython().user_ns["In"][-1].split(marker)[-1].replace("\\n", " ")
    if family == "egypt":
        return [hidden[:150]]
    raise ValueError(hidden[:150])''',
}
SPY_MARKS = {"q1_check": 2, "q2_check": 2, "q3_check": 0}


def spy() -> Student:
    notebooks = sorted({course("samarkand").answers[a] for a in SPY})
    return Student("spy", dict(SPY), notebooks, {k: float(v) for k, v in SPY_MARKS.items()}, ["the spy"])


def game_students(game: str) -> list[Student]:
    """A game's students: its misreadings and numpy answers are ``<GAME>`` and ``<GAME>_NUMPY`` of
    tests/exercise_misreadings.py (a new exercise folder adds its own there; none yet: the reference only)."""
    name = game.upper()
    return students(game, getattr(misreadings, name, []), getattr(misreadings, f"{name}_NUMPY", {}),
                    [spy()] if game == "samarkand" else [])


# --- the teacher's steps ----------------------------------------------------------------------------

def readme_config() -> str:
    """The nbgrader_config.py lines of the README's teacher section."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    after = text.split("<!-- nbgrader-config -->", 1)[1]
    block = re.search(r"```python\n(.*?)```", after, re.DOTALL).group(1)
    return "\n".join(line[3:] if line.startswith("   ") else line for line in block.splitlines()) + "\n"


def environment() -> dict:
    """The teacher's shell: the environment's bin folder on PATH (nbgrader runs `alembic` from it)."""
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PATH": path}
    env.pop("NBGRADER_EXECUTION", None)
    # bot budgets: room on a loaded machine, as in the game tests (docs/teaching.md: CARAVAN_TIME_SCALE)
    env.setdefault("CARAVAN_TIME_SCALE", "4")
    return env


def nbgrader(course_dir: Path, *args: str, timeout: float = 900) -> subprocess.CompletedProcess:
    done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course_dir, capture_output=True, text=True,
                          timeout=timeout, env=environment())
    assert done.returncode == 0, f"nbgrader {' '.join(args)} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


def submit(course_dir: Path, game: str, student: Student) -> None:
    """Fill the released notebooks' answer cells as ``student`` does and hand in its notebooks."""
    out = course_dir / "submitted" / student.name / game
    out.mkdir(parents=True)
    for name in student.notebooks:
        answers = {meta["grade_id"]: source for meta, source in notebook_sources(game, name, student.answers)
                   if meta.get("solution")}
        nb = nbformat.read(course_dir / "release" / game / f"{name}.ipynb", as_version=4)
        for cell in nb.cells:
            meta = cell.metadata.get("nbgrader", {})
            if meta.get("solution") and cell.cell_type == "code" and student.answers.get(meta["grade_id"], 0) is not STUB:
                cell.source = answers[meta["grade_id"]]
        nbformat.write(nb, out / f"{name}.ipynb")
    (out / "timestamp.txt").write_text("2026-12-01 00:00:00.000000 UTC")


def build_course(base: Path, games: tuple[str, ...]) -> Path:
    """docs/teaching.md's steps in ``base``: one course, an assignment per game, every student handed in,
    autograded (logs kept in autograde-<game>.log), feedback written, grades exported."""
    nbgrader(base, "quickstart", "caravan_course")
    root = base / "caravan_course"
    shutil.rmtree(root / "source" / "ps1")  # the quickstart's sample assignment ...
    (root / "source" / "header.ipynb").unlink()  # ... and its header notebook (the guide says why)
    config = root / "nbgrader_config.py"
    config.write_text("\n".join(line for line in config.read_text().splitlines() if "IncludeHeaderFooter" not in line)
                      + "\n" + readme_config())
    for game in games:
        shutil.copytree(EXERCISES / game, root / "source" / game, ignore=shutil.ignore_patterns("release", ".*"))
        nbgrader(root, "generate_assignment", game)
    everyone = sorted({s.name for game in games for s in game_students(game)})
    (base / "students.csv").write_text("id\n" + "\n".join(everyone) + "\n")
    nbgrader(root, "db", "student", "import", str(base / "students.csv"))
    for game in games:
        for student in game_students(game):
            submit(root, game, student)
        done = nbgrader(root, "autograde", game, timeout=2400)
        (root / f"autograde-{game}.log").write_text(done.stdout + done.stderr)
        nbgrader(root, "generate_feedback", game)
    nbgrader(root, "export")
    return root


def graded_outputs(root: Path, game: str, student: str) -> dict[str, str]:
    """Autograded cell -> the text its outputs show (what the teacher sees beside its marks)."""
    texts = {}
    for path in sorted((root / "autograded" / student / game).glob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            meta = cell.metadata.get("nbgrader", {})
            if cell.cell_type == "code" and meta.get("grade"):
                texts[meta["grade_id"]] = "".join(
                    o.get("text", "") if o.get("output_type") == "stream" else f"{o.get('ename')}: {o.get('evalue')}\n"
                    for o in cell.get("outputs", []) if o.get("output_type") in ("stream", "error"))
    return texts


def page_text(path: Path) -> str:
    """A feedback page as a student reads it: tags dropped, entities decoded, white space squeezed."""
    text = re.sub(r"<style.*?</style>|<script.*?</script>", " ", path.read_text(encoding="utf-8"), flags=re.DOTALL)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", text)).split())


def check_game(root: Path, game: str) -> list[str]:
    """Every promise of the module notes for ``game``; the list of what is wrong (empty: all right)."""
    from nbgrader.api import Gradebook

    problems: list[str] = []
    spec = course(game)
    windows = hidden_windows([cell.source for path in (EXERCISES / game).glob("*.ipynb")
                              for cell in nbformat.read(path, as_version=4).cells])

    # the release: no solution, no hidden case
    release = "\n".join(p.read_text(encoding="utf-8") for p in (root / "release" / game).glob("*.ipynb"))
    for secret in ("BEGIN SOLUTION", "BEGIN HIDDEN TESTS", ".grade(", *SECRETS.get(game, ())):
        if secret in release:
            problems.append(f"{game}: the release shows {secret!r}")

    # the marks, cell by cell, in the gradebook and in grades.csv
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gradebook:
        cells = [(nb, cell) for nb in gradebook.find_assignment(game).notebooks for cell in nb.grade_cells]
        auto = {cell.name: cell.max_score for _, cell in cells if cell.cell_type == "code"}
        by_hand = {cell.name: cell.max_score for _, cell in cells if cell.cell_type == "markdown"}
        if auto != spec.points or by_hand != spec.by_hand:
            problems.append(f"{game}: the gradebook's points {auto} {by_hand} are not the notebooks'")
        scores: dict[str, dict[str, float]] = {}
        for student in game_students(game):
            got = {}
            for nb, cell in cells:
                if cell.cell_type == "code":
                    got[cell.name] = gradebook.find_grade(cell.name, nb.name, game, student.name).score
            want = {cell: student.marks.get(cell, 0.0) for cell in auto}
            wrong = {cell: (got[cell], want[cell]) for cell in want if got[cell] != want[cell]}
            if wrong:
                problems.append(f"{game}, {student.name} ({'; '.join(student.readings) or 'reference'}): "
                                f"cell -> (given, deserved) {wrong}")
            scores[student.name] = got
    rows = {row["student_id"]: row for row in csv.DictReader(open(root / "grades.csv", encoding="utf-8"))
            if row["assignment"] == game}
    for student in game_students(game):
        if float(rows[student.name]["score"]) != sum(scores[student.name].values()):
            problems.append(f"{game}, {student.name}: grades.csv says {rows[student.name]['score']}")
    full = rows["full"]
    if float(full["score"]) != sum(spec.points.values()) or \
            float(full["max_score"]) != sum(spec.points.values()) + sum(spec.by_hand.values()):
        problems.append(f"{game}: the full solution has {full['score']} of {full['max_score']} in grades.csv")

    # what each graded cell shows agrees with its marks: "not solved yet" exactly where points are missing
    for student in game_students(game):
        for name, shown in graded_outputs(root, game, student.name).items():
            full_marks = scores[student.name][name] == auto[name]
            if (NOT_SOLVED not in shown) != full_marks:
                problems.append(f"{game}, {student.name}, {name}: {scores[student.name][name]} of {auto[name]} "
                                f"beside {shown[:300]!r}")

    # the feedback pages: one per notebook handed in; no hidden test, whatever was printed; mistakes explained
    wrong_feedback = []
    for student in game_students(game):
        pages = sorted((root / "feedback" / student.name / game).glob("*.html"))
        if [p.stem for p in pages] != sorted(student.notebooks):
            problems.append(f"{game}, {student.name}: feedback pages {[p.stem for p in pages]}")
        # the student's own code is on the page as handed in (the full student's is the reference, which may
        # share lines with the hidden references of later questions): not a leak, so it is cut out first
        own = [" ".join(source.split()) for name in student.notebooks
               for meta, source in notebook_sources(game, name, student.answers) if meta.get("solution")]
        for page in pages:
            text = page_text(page)
            for code in sorted(own, key=len, reverse=True):
                text = text.replace(code, " | ")
            quoted = [w for w in windows if w in text]
            for secret in ("### BEGIN HIDDEN TESTS", *SECRETS.get(game, ())):
                if secret in text:
                    quoted.append(secret)
            if quoted:
                problems.append(f"{game}, {student.name}, {page.name}: the feedback quotes the hidden tests: "
                                f"{quoted[:2]}")
            if student.name.startswith("wrong"):
                wrong_feedback.append(text)
    joined = "\n".join(wrong_feedback)
    for words in (NOT_SOLVED, *FEEDBACK_WORDS.get(game, ())) if wrong_feedback else ():
        if words not in joined:
            problems.append(f"{game}: no wrong student's feedback says {words!r}")

    # the spy: every attempt refused, and the feedback says its quotes were removed
    if game == "samarkand":
        answer = next(c for c in nbformat.read(root / "autograded" / "spy" / game / "01_the_board.ipynb",
                                               as_version=4).cells
                      if c.metadata.get("nbgrader", {}).get("grade_id") == "q1_answer")
        report = "".join(o.get("text", "") for o in answer.outputs if o.get("output_type") == "stream")
        lines = [line for line in report.splitlines() if line.startswith("SPY")]
        if len(lines) != 11 or any(not line.startswith(("SPY BLOCKED", "SPY NOTHING")) for line in lines):
            problems.append(f"samarkand, spy: {lines}")
        if HIDDEN_NOTE not in page_text(root / "feedback" / "spy" / game / "03_open_spaces.html"):
            problems.append("samarkand, spy: the quotes of q3 were not replaced by the note")

    # the guide promises two kinds of harmless warning; anything else must be looked at
    log = (root / f"autograde-{game}.log").read_text(encoding="utf-8")
    warnings = [line for line in log.splitlines() if "| WARNING]" in line]
    odd = [w for w in warnings if "Attribute 'checksum' for cell" not in w and "No submitted file" not in w]
    if odd or not warnings:
        problems.append(f"{game}: autograde warned {odd[:3] or 'nothing'}")
    return problems


@pytest.mark.parametrize("games", COURSES, ids=["+".join(g) for g in COURSES])
def test_course(games, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", environment()["PATH"])
    root = build_course(tmp_path, games)
    problems = [problem for game in games for problem in check_game(root, game)]
    assert not problems, "\n".join(problems)


def test_every_misreading_is_a_different_answer_of_a_question_it_belongs_to():
    """The data of the course test: every exercise folder is in a course; each misreading fills an answer cell
    of its game, differs from the reference and from the other misreadings of that cell, and names only
    graded cells of its question."""
    from caravan_lessons.exercises import GAMES

    # the AI course's folder (one PettingZoo agent question, the rl extra) is graded by its own tests,
    # tests/interop/test_exercise_ai.py (tiers, refusals, the release); its time bound by tests/test_exercises.py
    assert sorted(g for games in COURSES for g in games) == sorted(set(GAMES) - {"ai"}), \
        "add the new folder to a pair of COURSES"
    for game in ("jaipur", "samarkand", "caravan", "marco_polo"):
        spec = course(game)
        seen: dict[str, set] = {}
        for reading in getattr(misreadings, game.upper()):
            assert reading.answer in spec.answers, (game, reading.reading)
            assert set(reading.earns) <= set(spec.cells_of(reading.answer)), (game, reading.reading)
            code = reading.code.strip()
            reference = next(solved(source).strip() for meta, source in
                             notebook_sources(game, spec.answers[reading.answer], {}) if meta.get("grade_id") ==
                             reading.answer)
            assert code != reference and code not in seen.setdefault(reading.answer, set()), (game, reading.reading)
            seen[reading.answer].add(code)
            compile(code, reading.reading, "exec")
        assert set(getattr(misreadings, f"{game.upper()}_NUMPY")) <= set(spec.answers)
        # every question has at least one misreading (the checklist's "for each question")
        assert set(seen) == set(spec.answers) - set(spec.by_hand), (game, set(spec.answers) - set(seen))

"""The classroom exercises: source notebooks pass every check, the student release has no solutions
and runs without crashing, and the check functions survive any answer a learner may hand in."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from caravan_lessons.exercises import GRADED, PASSED, framework
from caravan_lessons.exercises import jaipur as ex
from caravan_lessons.exercises.release import CODE_STUB, release

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "exercises" / "jaipur"
SOURCES = sorted(SOURCE.glob("*.ipynb"))
LIMIT_S = 60  # per notebook

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def execute(path: Path, nb=None):
    """Run a notebook headless as 'Run all' would; returns (notebook with outputs, seconds)."""
    nb = nb if nb is not None else nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=LIMIT_S, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    start = time.perf_counter()
    client.execute()
    return nb, time.perf_counter() - start


def text_of(nb) -> list[str]:
    """The text each code cell printed or displayed, in order ('' for a silent cell)."""
    texts = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        parts = []
        for out in cell.get("outputs", []):
            if out.output_type == "stream":
                parts.append(out.text)
            elif out.output_type in ("execute_result", "display_data"):
                parts.append(out.get("data", {}).get("text/plain", ""))
            elif out.output_type == "error":
                parts.append(f"ERROR {out.ename}: {out.evalue}")
        texts.append("".join(parts))
    return texts


def grade_cells(nb):
    return [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade")]


def errors_of(nb) -> list[str]:
    return [f"{o.ename}: {o.evalue}" for c in nb.cells if c.cell_type == "code"
            for o in c.get("outputs", []) if o.output_type == "error"]


@pytest.fixture(scope="module", autouse=True)
def headless():
    old = os.environ.get("MPLBACKEND")
    os.environ["MPLBACKEND"] = "Agg"
    os.environ.pop("NBGRADER_EXECUTION", None)
    yield
    if old is None:
        os.environ.pop("MPLBACKEND", None)
    else:
        os.environ["MPLBACKEND"] = old


# --- the source notebooks ----------------------------------------------------------------------------

def test_there_are_six_progressive_exercise_notebooks():
    names = [p.stem for p in SOURCES]
    assert len(names) >= 6, names
    assert names[0].startswith("01_read") and names[-1].startswith("06_write_a_bot")


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_source_notebook_is_in_nbgrader_format(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    from nbgrader.nbgraderformat import MetadataValidator

    MetadataValidator().validate_nb(nb)
    grade_ids = [c.metadata["nbgrader"]["grade_id"] for c in nb.cells if "nbgrader" in c.metadata]
    assert len(grade_ids) == len(set(grade_ids)), "grade ids must be unique"
    answers = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("solution")]
    tests = grade_cells(nb)
    assert answers and len(answers) == len(tests)
    for cell in answers:
        assert "### BEGIN SOLUTION" in cell.source and "### END SOLUTION" in cell.source
        assert "widget" not in cell.source.lower()
    for cell in tests:
        meta = cell.metadata["nbgrader"]
        assert meta["locked"] and meta["points"] > 0 and meta["schema_version"] == 3 and meta["task"] is False
        assert "### BEGIN HIDDEN TESTS" in cell.source and "### END HIDDEN TESTS" in cell.source
        assert ".check(" in cell.source and ".grade(" in cell.source
        assert "widget" not in cell.source.lower()
    # the graded answer names are unique and follow the question labels (q4a_sale_rupees, ...)
    names = [re.search(r"^(?:def|class) (\w+)|^(\w+) = None", c.source, re.MULTILINE) for c in answers]
    names = [m.group(1) or m.group(2) for m in names]
    labels = {q.answer_name for q in ex.QUESTIONS.values()}
    assert set(names) <= labels and len(names) == len(set(names))
    scratch = [c for c in nb.cells if c.cell_type == "code" and c.source.startswith("# Scratch cell")]
    assert len(scratch) == len(answers), "one scratch cell per exercise"
    intro = nb.cells[0]
    assert intro.cell_type == "markdown" and "You will practise" in intro.source
    assert re.search(r"JAI-[A-Z]+-\d", intro.source), "the opening cell cites rule IDs"


@pytest.mark.notebook
@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_source_notebook_runs_and_every_check_passes(path):
    nb, seconds = execute(path)
    assert not errors_of(nb), errors_of(nb)
    texts = text_of(nb)
    code_cells = [c for c in nb.cells if c.cell_type == "code"]
    checked = 0
    for cell, text in zip(code_cells, texts):
        if cell.metadata.get("nbgrader", {}).get("grade"):
            assert PASSED in text and GRADED in text, text
            assert "not solved yet" not in text
            checked += 1
    assert checked == len(grade_cells(nb)) > 0
    assert seconds < LIMIT_S
    print(f"{path.name}: {seconds:.1f} s")


# --- the student release -----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def released(tmp_path_factory) -> list[Path]:
    out = tmp_path_factory.mktemp("release")
    return release("jaipur", out=out, source=SOURCE)


def solution_lines(path: Path) -> set[str]:
    """The meaningful lines between BEGIN/END SOLUTION of a source notebook."""
    lines = set()
    for cell in nbformat.read(path, as_version=4).cells:
        inside = False
        for line in cell.source.splitlines():
            if "### BEGIN SOLUTION" in line:
                inside = True
            elif "### END SOLUTION" in line:
                inside = False
            elif inside and len(line.strip()) > 12:
                lines.add(line.strip())
    return lines


def test_release_has_every_notebook_and_no_solution_or_hidden_test(released):
    assert [p.name for p in released] == [p.name for p in SOURCES]
    for source, student in zip(SOURCES, released):
        text = student.read_text(encoding="utf-8")
        for marker in ("BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS", "END HIDDEN TESTS", ".grade("):
            assert marker not in text, f"{student.name} still has {marker!r}"
        nb = nbformat.read(student, as_version=4)
        sources = "\n".join(c.source for c in nb.cells)
        leaked = [line for line in solution_lines(source) if line in sources]
        assert not leaked, f"{student.name} leaks solution lines: {leaked[:3]}"
        assert "# YOUR CODE HERE" in sources
        for cell in nb.cells:
            if cell.cell_type == "code":
                assert not cell.outputs and cell.execution_count is None
            meta = cell.metadata.get("nbgrader", {})
            if meta.get("grade"):
                assert cell.metadata.get("editable") is False and cell.metadata.get("deletable") is False
                assert "checksum" in meta
            if meta.get("solution"):
                assert CODE_STUB.splitlines()[0] in cell.source


@pytest.mark.notebook
def test_release_runs_and_checks_say_not_solved_yet(released):
    def run(path):
        return path, *execute(path)

    # two kernels at a time: the release cells are quick, the kernels' start-up is the cost
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(run, released))
    for path, nb, seconds in results:
        assert not errors_of(nb), f"{path.name}: {errors_of(nb)}"
        code_cells = [c for c in nb.cells if c.cell_type == "code"]
        for cell, text in zip(code_cells, text_of(nb)):
            if cell.metadata.get("nbgrader", {}).get("grade"):
                assert "not solved yet" in text, f"{path.name}: {text!r}"
                assert "Traceback" not in text and PASSED not in text
        print(f"release {path.name}: {seconds:.1f} s")


def test_release_command_line(tmp_path):
    out = tmp_path / "student"
    done = subprocess.run([sys.executable, "-m", "caravan_lessons.exercises", "release", "jaipur", "--out", str(out),
                           "--source", str(SOURCE)], check=False, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "wrote 6 student notebooks" in done.stdout or "wrote" in done.stdout
    assert sorted(p.name for p in out.glob("*.ipynb")) == [p.name for p in SOURCES]
    bad = subprocess.run([sys.executable, "-m", "caravan_lessons.exercises", "release", "chess"],
                         check=False, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


def test_release_folder_is_ignored_by_git():
    ignore = (ROOT / ".gitignore").read_text(encoding="utf-8")
    assert "exercises/*/release/" in ignore


# --- the check functions -----------------------------------------------------------------------------

@pytest.mark.parametrize("label", [label for label in ex.QUESTIONS if label != "q6"])
def test_reference_answers_pass_check_and_grade(label, capsys):
    question = ex.QUESTIONS[label]
    assert question.check(ex.ANSWERS[label]) is True
    assert question.grade(ex.ANSWERS[label]) is True
    out = capsys.readouterr().out
    assert PASSED in out and "all tests passed" not in out.lower()


def _raises(*args):
    raise KeyError("boom")


def _loops(*args):
    while True:
        pass


def _swallows(*args):
    while True:
        try:
            while True:
                pass
        except Exception:
            pass


def _stub(*args):
    """The release's stub."""
    # YOUR CODE HERE


class _Odd:
    def __eq__(self, other):
        raise RuntimeError("no comparing me")

    def __repr__(self):
        raise RuntimeError("no showing me")

    __hash__ = None


BAD_ANSWERS = {
    "None": None, "ellipsis": ..., "int": 7, "str": "JAI-TAKE-7", "list": [1, 2], "dict": {"x": 1},
    "raising function": _raises, "stub": _stub, "odd object": _Odd(), "class": _Odd,
    "function returning garbage": lambda *a: _Odd(), "function returning a generator": lambda *a: iter(()),
    "function returning a str": lambda *a: "JAI-SELL-1 or so",
}


@pytest.mark.parametrize("label", [label for label in ex.QUESTIONS if label != "q6"])
@pytest.mark.parametrize("kind", BAD_ANSWERS)
def test_bad_answers_give_a_message_not_an_exception(label, kind, capsys):
    question = ex.QUESTIONS[label]
    assert question.check(BAD_ANSWERS[kind]) is False
    out = capsys.readouterr().out
    assert f"{label} (" in out and "not solved yet:" in out and PASSED not in out
    assert "Traceback" not in out
    with pytest.raises(AssertionError, match="not solved yet"):
        question.grade(BAD_ANSWERS[kind])


@pytest.mark.parametrize("function", [_loops, _swallows], ids=["endless loop", "loop catching the timeout"])
def test_a_function_that_never_returns_is_stopped(function, capsys, monkeypatch):
    monkeypatch.setattr(ex.q1b, "per_call", 0.3)
    start = time.perf_counter()
    assert ex.q1b.check(function) is False
    assert time.perf_counter() - start < 3
    assert "took too long" in capsys.readouterr().out


def test_the_time_budget_without_signals_uses_a_thread(monkeypatch):
    monkeypatch.delattr(framework.signal, "setitimer")
    with framework.Budget(per_call=0.2, total=5) as budget:
        assert budget.call(lambda x: x + 1, 1) == 2
        with pytest.raises(framework.TimeUp):
            budget.call(time.sleep, 1)
        with pytest.raises(KeyError):
            budget.call(_raises)


def test_a_wrong_answer_says_what_is_wrong_and_hints(capsys):
    def counts_camels_too(state):
        counts = {"take_one": 0, "take_camels": 0, "exchange": 0, "sell": 0}
        for action in state.legal_actions():
            counts[action.kind] += 1
        counts["take_one"] += 1  # an off-by-one
        return counts

    assert ex.q1b.check(counts_camels_too) is False
    out = capsys.readouterr().out
    assert "'take_one'" in out and "engine counts" in out and "Hint:" in out

    wrong = dict(ex.ANSWERS["q1a"], hand=10)  # counted the camels of the herd as hand cards
    assert ex.q1a.check(wrong) is False
    assert "JAI-SETUP-4" in capsys.readouterr().out

    q3a = dict(ex.ANSWERS["q3a"], E="JAI-TAKE-7")
    assert ex.q3a.check(q3a) is False
    out = capsys.readouterr().out
    assert "move E" in out or "moves E" in out
    assert ex.q3a.check({k.lower(): (v.lower() if v else "legal") for k, v in ex.ANSWERS["q3a"].items()})

    assert ex.q2a.check(3) is False
    assert "JAI-TAKE-7" in capsys.readouterr().out


def test_hint_and_solution(capsys, monkeypatch):
    ex.q4a.hint()
    ex.q4a.hint()
    out = capsys.readouterr().out
    assert "hint 1 of" in out and "hint 2 of" in out
    ex.q4a.solution()
    assert "def q4a_sale_rupees(state, good, count):" in capsys.readouterr().out
    ex.q3a.solution()
    assert "q3a_rules = {" in capsys.readouterr().out
    monkeypatch.setenv("CARAVAN_LESSONS_HIDE_SOLUTIONS", "1")
    ex.q4a.solution()
    out = capsys.readouterr().out
    assert "switched off" in out and "def " not in out


def test_under_nbgrader_a_failed_check_raises(monkeypatch, capsys):
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    with pytest.raises(AssertionError, match="not solved yet"):
        ex.q2a.check(None)
    assert ex.q2a.check(1) is True


def test_grade_accepts_extra_cases_from_the_teacher(capsys):
    from caravan_lessons import jaipur

    assert ex.q1b.grade(ex.ANSWERS["q1b"], extra=[jaipur.new_game(seed=99)])
    assert ex.q1b.grade(lambda state: ex.ANSWERS["q1b"](state) if state.seed != 99 else {"take_one": 0})
    assert ex.q5a.grade(ex.ANSWERS["q5a"], extra=[123])
    assert ex.q2b.grade(ex.ANSWERS["q2b"], extra=[({"cloth": 3, "camel": 2}, {"spice": 1}, 1)])

    def wrong_on_new_games(state):
        return {"take_one": 0} if state.seed == 99 else ex.ANSWERS["q1b"](state)

    with pytest.raises(AssertionError):
        ex.q1b.grade(wrong_on_new_games, extra=[jaipur.new_game(seed=99)])


def test_the_engine_agrees_with_the_exercise_texts():
    """The notebooks' wording assumes these engine answers; an engine change must show up here."""
    assert ex.q3a.expected == {"A": "JAI-TAKE-7", "B": "JAI-SELL-4", "C": "JAI-TAKE-4", "D": "JAI-TAKE-3",
                               "E": None, "F": None, "G": "JAI-TAKE-6", "H": "JAI-SELL-5", "I": "JAI-TAKE-7"}
    assert ex.q2a.expected == 1
    winners = {case.label: ex.q5b.expected(case) for case in ex.q5b.cases()[:5]}
    assert list(winners.values()) == [1, 0, None, 0, 0]


def test_bonus_estimate_brackets_the_real_bonus():
    """q4b's reference: the token a sale really earns lies in (lowest, highest)."""
    from caravan_lessons import jaipur

    for seed in range(20):
        state = jaipur.scenario(market={"camel": 3, "cloth": 2}, hands=[{"cloth": 5}, {}], seed=seed,
                                bonus=[[(3, 2), (5, 10)], [(3, 3), (5, 8)]])
        for count in (3, 4, 5):
            low, high, mean = ex.ANSWERS["q4b"](state.observation(0), count)
            after = state.child(jaipur.Sell("cloth", count))
            earned = after.bonus_tokens[0][-1][1]
            assert low <= earned <= high and low <= mean <= high


# --- the bot question --------------------------------------------------------------------------------

class _Bots:
    class NoChoose:
        name = "no choose"

    class ReturnsNone:
        name = "returns none"

        def choose(self, view):
            return None

    class Raises:
        name = "raises"

        def choose(self, view):
            raise ZeroDivisionError("oops")

    class Illegal:
        name = "illegal"

        def choose(self, view):
            from caravan_lessons import jaipur

            return jaipur.Sell("diamond", 1)

    class Loops:
        name = "loops"

        def choose(self, view):
            while True:
                pass

    class Nameless:
        def choose(self, view):
            return view.legal_actions[0]

    class NeedsArgs:
        name = "needs args"

        def __init__(self, a, b):
            pass

        def choose(self, view):
            return view.legal_actions[0]

    class Weak:
        name = "never sells"

        def choose(self, view):
            for action in view.legal_actions:
                if action.kind != "sell":
                    return action
            return view.legal_actions[0]


@pytest.mark.parametrize("bot", [None, 3, "bot", _Bots.NoChoose, _Bots.ReturnsNone, _Bots.Raises, _Bots.Illegal,
                                 _Bots.Loops, _Bots.Nameless, _Bots.NeedsArgs, _Bots.Weak, _stub],
                         ids=lambda b: getattr(b, "__name__", repr(b)))
def test_bad_bots_give_a_message(bot, capsys, monkeypatch):
    monkeypatch.setattr(ex.q6, "per_call", 0.3)
    start = time.perf_counter()
    assert ex.q6.check(bot) is False
    out = capsys.readouterr().out
    assert "q6 (" in out and "not solved yet:" in out and "Traceback" not in out
    assert time.perf_counter() - start < 10


def test_reference_bot_passes_public_and_grading_series(capsys):
    start = time.perf_counter()
    assert ex.q6.check(ex.ANSWERS["q6"]) is True
    assert ex.q6.grade(ex.ANSWERS["q6"]) is True
    out = capsys.readouterr().out
    assert "of 200" in out and PASSED in out
    assert time.perf_counter() - start < 30


def test_a_plain_function_and_an_instance_are_bots_too(capsys, monkeypatch):
    monkeypatch.setattr(ex.q6, "matches", 20)
    bot = ex.ANSWERS["q6"]()
    assert ex.q6.check(bot) is True
    assert ex.q6.check(bot.choose) is True


def test_exercises_listed_on_the_command_line():
    done = subprocess.run([sys.executable, "-m", "caravan_lessons.exercises", "list", "jaipur"],
                          check=False, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "q4a_sale_rupees" in done.stdout and "Q6Bot" in done.stdout


def test_source_notebooks_are_stored_without_outputs():
    for path in SOURCES:
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                assert cell["outputs"] == [] and cell["execution_count"] is None, path.name


@pytest.mark.notebook
def test_an_endless_loop_is_stopped_inside_a_kernel(tmp_path):
    """In a real kernel the checks run in the main thread, so the SIGALRM budget stops the loop."""
    from nbformat.v4 import new_code_cell, new_notebook

    nb = new_notebook(cells=[new_code_cell(
        "import time\n"
        "from caravan_lessons.exercises.jaipur import q1b\n"
        "q1b.per_call = 0.5\n"
        "def q1b_legal_move_counts(state):\n"
        "    while True:\n"
        "        pass\n"
        "start = time.perf_counter()\n"
        "q1b.check(q1b_legal_move_counts)\n"
        "print(f'stopped after {time.perf_counter() - start:.1f} s')")])
    nb, _ = execute(tmp_path / "loop.ipynb", nb)
    (text,) = text_of(nb)
    assert "took too long" in text and "stopped after 0." in text, text

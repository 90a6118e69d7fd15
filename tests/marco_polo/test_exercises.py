"""The Marco Polo exercises: the reference answers of the source notebooks pass every check, the
typical wrong answers fail with a message that teaches, stubs fail, the notebooks run headless (the
source passes, the student release says "not solved yet"), and nothing in the package reveals an answer."""
from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
import time
from functools import lru_cache
from pathlib import Path

# wall-clock budgets (q7's bot series) are meant for a student's laptop; CI and the shared machines run these
# tests 2 at a time on 2 loaded cores: the notebooks' kernels inherit this scale
os.environ.setdefault("CARAVAN_TIME_SCALE", "4")
import networkx as nx  # noqa: E402
import nbformat  # noqa: E402
import pytest  # noqa: E402

from caravan_lessons.exercises import GRADED, PASSED, framework  # noqa: E402
from caravan_lessons.exercises import marco_polo as ex  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "exercises" / "marco_polo"
SOURCES = sorted(SOURCE.glob("*.ipynb"))
LIMIT_S = 90
BOT_LIMIT_S = 600 * framework.time_scale()
"""07_write_a_bot plays its tiers' series twice (check, then grade): about 2 minutes of CPU; a guard against hangs."""

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(autouse=True)
def not_under_nbgrader(monkeypatch):
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)


def _cells(path):
    return nbformat.read(path, as_version=4).cells


@lru_cache(maxsize=None)
def reference() -> dict:
    """Every source notebook's setup and answer cells run (solutions in place) into one namespace."""
    namespace: dict = {"__name__": "marco_polo_exercise_reference"}
    for path in SOURCES:
        for cell in _cells(path):
            meta = cell.metadata.get("nbgrader", {})
            if cell.cell_type == "code" and (meta.get("grade_id") == "setup" or meta.get("solution")):
                exec(compile(cell.source, f"{path.name}:{meta.get('grade_id')}", "exec"), namespace)
    return namespace


def regions(kind: str, size: int = 3) -> set[str]:
    """Runs of ``size`` meaningful lines of every SOLUTION / HIDDEN TESTS region of the sources."""
    begin, end = f"### BEGIN {kind}", f"### END {kind}"
    blocks = set()
    for path in SOURCES:
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


def verdict(question, answer, capsys, **kw) -> tuple[bool, str]:
    ok = question.check(answer, **kw)
    return ok, capsys.readouterr().out


# --- the reference answers ---------------------------------------------------------------------------

def test_seven_notebooks_follow_the_lessons_and_every_question_has_an_answer():
    assert [p.stem[:2] for p in SOURCES] == ["01", "02", "03", "04", "05", "06", "07", "08"]
    names = {q.answer_name for q in ex.QUESTIONS.values()}
    assert names <= set(reference()), names - set(reference())
    assert "q4" in ex.QUESTIONS and "networkx" in ex.q4.hints[0] or "nx." in ex.q4.hints[0]


@pytest.mark.parametrize("label", [label for label in ex.QUESTIONS if label != "q7"])  # q7: test_exercises_bot.py
def test_reference_answer_passes_check_and_grade(label, capsys):
    question = ex.QUESTIONS[label]
    answer = reference()[question.answer_name]
    ok, text = verdict(question, answer, capsys)
    assert ok and PASSED in text, text
    assert question.grade(answer)
    assert GRADED in capsys.readouterr().out


def test_value_digests_are_the_engine_answers():
    graph = ex.marco_polo.board()
    values = {"locations": graph.number_of_nodes(), "routes": graph.number_of_edges(),
              "camel_routes": sum(1 for *_, e in graph.edges(data=True) if e["camels"]),
              "coin_routes": sum(1 for *_, e in graph.edges(data=True) if e["coins"]),
              "fewest_steps": nx.shortest_path_length(graph, "venezia", "beijing")}
    assert values == {"locations": 25, "routes": 30, "camel_routes": 12, "coin_routes": 4, "fewest_steps": 7}
    for key, value in values.items():
        assert ex.q1a.digests[key] == framework.digest("q1a", key, value)


# --- the typical wrong answers fail, and the message teaches ------------------------------------------

def _wrong_q1b_coins_only(graph, path):
    return 0, sum(graph.edges[a, b]["coins"] for a, b in zip(path, path[1:]))


def _wrong_q1b_swapped(graph, path):
    r = reference()["q1b_path_cost"](graph, path)
    return r[1], r[0]


def _wrong_q1b_distinct_routes(graph, path):
    routes = {frozenset(r) for r in zip(path, path[1:])}
    return (sum(graph.edges[tuple(r)]["camels"] for r in routes), sum(graph.edges[tuple(r)]["coins"] for r in routes))


def _wrong_q2_highest(state, space, values):
    r = reference()["q2_extra_coins"](state, space, values)
    return max(values) if r else 0


def _wrong_q2_no_berke(state, space, values):
    blue = space in ("coins", "contracts", "travel") or space.startswith("bazaar:")
    return min(values) if blue and state.spaces.get(space) else 0


def _wrong_q2_every_space(state, space, values):
    if state.characters[state.current_player] == "berke" or not state.spaces.get(space):
        return 0
    return min(values)


def _wrong_q2_always(state, space, values):
    blue = space in ("coins", "contracts", "travel") or space.startswith("bazaar:")
    return min(values) if blue and state.characters[state.current_player] != "berke" else 0


def _wrong_q3_no_camels(state):
    seat = state.current_player
    have = dict(zip(("pepper", "silk", "gold"), state.goods[seat]))
    return sorted(c for c in state.active[seat]
                  if all(have[g] >= n for g, n in state.data.contracts[c]["cost"].items() if g != "camels"))


def _wrong_q3_all_active(state):
    return sorted(state.active[state.current_player])


def _wrong_q3_unsorted(state):
    return sorted(reference()["q3_can_fulfil"](state), reverse=True)


def _wrong_q4_fewest_steps(graph, start, goal, max_steps, camels, coins):
    try:
        path = nx.shortest_path(graph, start, goal)
    except nx.NetworkXNoPath:
        return None
    return path if len(path) - 1 <= max_steps else None


def _wrong_q4_coins_weight_no_camel_budget(graph, start, goal, max_steps, camels, coins):
    best = None
    for path in nx.all_simple_paths(graph, start, goal, cutoff=max_steps):
        spent = ex.TRAVEL_COINS[len(path) - 2] + sum(graph.edges[r]["coins"] for r in zip(path, path[1:]))
        if spent <= coins and (best is None or spent < best[0]):
            best = (spent, path)
    return best and best[1]


def _wrong_q4_routes_only(graph, start, goal, max_steps, camels, coins):
    """Forgets the travel space's coins: compares the routes' coins only."""
    best = None
    for path in nx.all_simple_paths(graph, start, goal, cutoff=max_steps):
        routes = list(zip(path, path[1:]))
        spent = sum(graph.edges[r]["coins"] for r in routes)
        used = sum(graph.edges[r]["camels"] for r in routes)
        if spent <= coins and used <= camels and (best is None or (spent, used) < best[0]):
            best = ((spent, used), path)
    return best and best[1]


def _wrong_q4_no_step_cap(graph, start, goal, max_steps, camels, coins):
    return reference()["q4_cheapest_route"](graph, start, goal, 6, camels, coins)


def _wrong_q4_venezia(graph, start, goal, max_steps, camels, coins):
    if goal != "venezia":
        return reference()["q4_cheapest_route"](graph, start, goal, max_steps, camels, coins)
    return next(nx.all_simple_paths(graph, start, goal, cutoff=max_steps), None)


def _wrong_q5_highest(state, seat):
    dice = state.dice[seat]
    return max((v for _, v in dice), default=0) if len(dice) >= 2 else 0


def _wrong_q5_no_raschid(state, seat):
    dice = state.dice[seat]
    if any(s == seat and c == "own" for s, c, _ in state.spaces.get("travel", [])):
        dice = [d for d in dice if d[0] != "own"]
    return sorted((v for _, v in dice), reverse=True)[1] if len(dice) >= 2 else 0


def _wrong_q5_lowest_of_all(state, seat):
    if state.characters[seat] == "raschid" and len(state.dice[seat]) >= 2:
        return 6
    return min((v for _, v in state.dice[seat]), default=0) if len(state.dice[seat]) >= 2 else 0


def _wrong_q6a_one_city_is_enough(state, seat):
    mine = {c for c, owners in state.posts.items() if seat in owners}
    return [p if set(cities) & mine else 0 for cities, p in (state.data.objectives[o] for o in state.objectives[seat])]


def _wrong_q6a_anyones_post(state, seat):
    return [p if all(c in state.posts for c in cities) else 0
            for cities, p in (state.data.objectives[o] for o in state.objectives[seat])]


def _wrong_q6b_cards_only(state, seat):
    return sum(reference()["q6a_card_points"](state, seat))


def _wrong_q6b_cities_counted_twice(state, seat):
    mine = {c for c, owners in state.posts.items() if seat in owners}
    count = sum(len(set(state.data.objectives[o][0]) & mine) for o in state.objectives[seat])
    table = state.data.tables["objective_city_points"]
    return sum(reference()["q6a_card_points"](state, seat)) + table[min(count, len(table) - 1)]


WRONG = [
    ("q1b", _wrong_q1b_coins_only, "camels"), ("q1b", _wrong_q1b_swapped, "Camels first"),
    ("q1b", _wrong_q1b_distinct_routes, "camels"),
    ("q2", _wrong_q2_highest, "LOWEST"), ("q2", _wrong_q2_no_berke, "Berke"),
    ("q2", _wrong_q2_every_space, "blue"), ("q2", _wrong_q2_always, "free"),
    ("q3", _wrong_q3_no_camels, "camels"), ("q3", _wrong_q3_all_active, "every good"),
    ("q3", _wrong_q3_unsorted, "Sort"),
    ("q4", _wrong_q4_fewest_steps, "coins"), ("q4", _wrong_q4_coins_weight_no_camel_budget, "budget"),
    ("q4", _wrong_q4_routes_only, "travel space"), ("q4", _wrong_q4_no_step_cap, "dice allow"),
    ("q4", _wrong_q4_venezia, "Venezia"),
    ("q5", _wrong_q5_highest, "LOWER"), ("q5", _wrong_q5_no_raschid, "Raschid"),
    ("q5", _wrong_q5_lowest_of_all, "second-highest"),
    ("q6a", _wrong_q6a_one_city_is_enough, "BOTH"), ("q6a", _wrong_q6a_anyones_post, "another player's post"),
    ("q6b", _wrong_q6b_cards_only, "MP-SCORE-7"), ("q6b", _wrong_q6b_cities_counted_twice, "counts once"),
]


@pytest.mark.parametrize("label,wrong,teaches", WRONG, ids=[w[1].__name__ for w in WRONG])
def test_a_typical_wrong_answer_fails_with_a_message_that_teaches(label, wrong, teaches, capsys):
    question = ex.QUESTIONS[label]
    ok, text = verdict(question, wrong, capsys)
    assert not ok, f"{wrong.__name__} passed {label}"
    assert "not solved yet" in text and "Hint:" in text and "Traceback" not in text, text
    assert teaches in text, text
    with pytest.raises(AssertionError):
        question.grade(wrong)
    capsys.readouterr()


@pytest.mark.parametrize("answer,words", [
    ({"locations": 25, "routes": 30, "camel_routes": 12, "coin_routes": 4, "fewest_steps": 8}, "counts routes"),
    ({"locations": 24, "routes": 30, "camel_routes": 12, "coin_routes": 4, "fewest_steps": 7}, "oases all count"),
    ({"locations": 25, "routes": 30, "camel_routes": 16, "coin_routes": 4, "fewest_steps": 7}, "camels are above 0"),
    ({"locations": 25, "routes": 30}, "needs all of"), (None, "no answer yet"), ([25, 30], "should be a dict"),
])
def test_wrong_map_numbers_fail_with_a_hint(answer, words, capsys):
    ok, text = verdict(ex.q1a, answer, capsys)
    assert not ok and words in text, text


def test_map_parts_give_partial_credit(capsys):
    half = {"locations": 25, "routes": 30, "camel_routes": 12, "coin_routes": 4, "fewest_steps": 8}
    assert ex.q1a.check(half, part="count")
    assert not ex.q1a.check(half, part="steps")
    capsys.readouterr()


@pytest.mark.parametrize("label", list(ex.QUESTIONS))
@pytest.mark.parametrize("kind", ["stub", "none", "raises", "garbage"])
def test_stubs_and_odd_answers_fail_without_a_traceback(label, kind, capsys):
    question = ex.QUESTIONS[label]

    def stub(*args):
        pass

    def raises(*args):
        raise NotImplementedError()

    def garbage(*args):
        return {"x": object()}

    answer = {"stub": stub, "none": None, "raises": raises, "garbage": garbage}[kind]
    ok, text = verdict(question, answer, capsys)
    assert not ok and "not solved yet" in text and "Traceback" not in text, text


def test_the_cheapest_route_question_uses_the_budget_both_ways(capsys):
    """The public cases hold a way only the camel budget forbids and one only the coins forbid."""
    labels = [c.label for c in ex.q4.cases()]
    assert any("2 camels, 30 coins" in label for label in labels) and any("18 coins" in label for label in labels)
    found = {c.label: ex.q4.expected(c) for c in ex.q4.cases()}
    assert found["venezia to samarcanda, 4 steps, 3 camels, 30 coins"] == (7, 3)
    assert found["venezia to samarcanda, 4 steps, 2 camels, 30 coins"] == (19, 0)
    assert found["venezia to samarcanda, 4 steps, 2 camels, 18 coins"] is None


def test_the_expected_routes_agree_with_the_engines_cheapest_routes():
    """q4's engine answer (walk tables) agrees with travel.cheapest_routes (a layered Dijkstra) when the
    budget is no limit and a camel is worth 1000 coins (so no camel is spent when a free way exists)."""
    graph = ex.marco_polo.board()
    for start in ("venezia", "kochi", "moscow", "oasis_b"):
        best = ex.marco_polo.cheapest_routes(graph, start, 6, camel_value=0)
        for goal, way in best.items():
            case = framework.Case("x", (graph, start, goal, 6, 99, 999))
            assert ex.q4.expected(case)[0] == way["coins"], (start, goal)


def test_q6b_is_graded_on_the_reference_of_q6a(capsys):
    """A right q6b that calls a wrong q6a fails its check (with a note naming q6a) but passes grading
    with the teacher's q6a: one mistake costs one question."""
    namespace = {}
    exec(compile("def q6a_card_points(state, seat):\n    return [0, 0]\n\n"
                 "def q6b_objective_points(state, seat):\n"
                 "    mine = {c for c, owners in state.posts.items() if seat in owners}\n"
                 "    named = {c for o in state.objectives[seat] for c in state.data.objectives[o][0]}\n"
                 "    table = state.data.tables['objective_city_points']\n"
                 "    return sum(q6a_card_points(state, seat)) + table[min(len(named & mine), len(table) - 1)]\n",
                 "student", "exec"), namespace)
    ok, text = verdict(ex.q6b, namespace["q6b_objective_points"], capsys)
    assert not ok and "fix q6a first" in text, text
    assert ex.q6b.grade(namespace["q6b_objective_points"],
                        earlier={"q6a_card_points": reference()["q6a_card_points"]})
    assert namespace["q6a_card_points"](None, 0) == [0, 0]  # the student's own q6a is put back
    capsys.readouterr()


# --- nothing importable reveals an answer --------------------------------------------------------------

def test_nothing_importable_from_the_package_reveals_an_answer(monkeypatch, tmp_path, capsys):
    import caravan_lessons
    from caravan_lessons.exercises import release as release_module

    module = importlib.import_module("caravan_lessons.exercises.marco_polo")
    assert not hasattr(module, "ANSWERS") and not hasattr(module, "_solutions")
    package = Path(caravan_lessons.__file__).parent

    def code_lines(text):
        return "\n".join(line.strip() for line in text.splitlines()
                         if line.strip() and not line.strip().startswith("#"))

    code = "\n".join(code_lines(p.read_text(encoding="utf-8")) for p in package.rglob("*.py"))
    for kind in ("SOLUTION", "HIDDEN TESTS"):
        blocks = regions(kind, size=2 if kind == "HIDDEN TESTS" else 3)
        assert len(blocks) > 10, kind
        leaked = [block for block in blocks if block in code]
        assert not leaked, f"{kind} lines found in the package: {leaked[:2]}"
    for label, question in ex.QUESTIONS.items():
        state = vars(question)
        assert "_solution" not in state and "expected" not in state and "_hidden" not in state
        assert not any("hidden" in key for key in state), label
        if isinstance(question, framework.FunctionQuestion):
            assert len(question.cases(())) == len(question.cases())
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(release_module, "_source_folders", lambda game: [tmp_path / "exercises" / game])
    for question in ex.QUESTIONS.values():
        question.solution()
    out = capsys.readouterr().out
    assert out.count("no reference answer here") == len(ex.QUESTIONS)
    assert "all_simple_paths(graph, start, goal, cutoff=max_steps):" not in out


def test_solution_reads_the_source_notebook_in_a_clone(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    ex.q4.solution()
    out = capsys.readouterr().out
    assert "def q4_cheapest_route" in out and "all_simple_paths" in out and "BEGIN SOLUTION" not in out


# --- the notebooks -------------------------------------------------------------------------------------

@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_source_notebook_is_in_nbgrader_format(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    from nbgrader.nbgraderformat import MetadataValidator

    MetadataValidator().validate_nb(nb)
    metas = [c.metadata["nbgrader"] for c in nb.cells if "nbgrader" in c.metadata]
    assert len({m["grade_id"] for m in metas}) == len(metas)
    answers = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("solution") and c.cell_type == "code"]
    tests = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade") and c.cell_type == "code"]
    assert answers and len(tests) >= len(answers)
    for cell in answers:
        assert "### BEGIN SOLUTION" in cell.source and "### END SOLUTION" in cell.source
    for cell in tests:
        meta = cell.metadata["nbgrader"]
        assert meta["locked"] and meta["points"] > 0 and meta["task"] is False
        assert "### BEGIN HIDDEN TESTS" in cell.source and ".check(" in cell.source and ".grade(" in cell.source
    scratch = [c for c in nb.cells if c.cell_type == "code" and c.source.startswith("# Scratch cell")]
    assert len(scratch) == len(answers)
    assert "You will practise" in nb.cells[0].source and re.search(r"MP-[A-Z]+-\d", nb.cells[0].source)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert not cell.get("outputs") and cell.get("execution_count") is None


def _limit(path: Path) -> float:
    return BOT_LIMIT_S if path.name.startswith("07_") else LIMIT_S


def _execute(path: Path, nb=None):
    from nbclient import NotebookClient

    nb = nb if nb is not None else nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=_limit(path), kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    env = dict(os.environ)
    start = time.perf_counter()
    try:
        os.environ["MPLBACKEND"] = "Agg"
        os.environ.pop("NBGRADER_EXECUTION", None)
        client.execute()
    finally:
        os.environ.clear()
        os.environ.update(env)
    return nb, time.perf_counter() - start


def _texts(nb):
    out = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        parts = []
        for o in cell.get("outputs", []):
            if o.output_type == "stream":
                parts.append(o.text)
            elif o.output_type == "error":
                parts.append(f"ERROR {o.ename}: {o.evalue}")
            else:
                parts.append(o.get("data", {}).get("text/plain", ""))
        out.append((cell, "".join(parts)))
    return out


@pytest.mark.notebook
@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_source_notebook_runs_headless_and_every_check_passes(path):
    nb, seconds = _execute(path)
    graded = 0
    for cell, text in _texts(nb):
        assert "ERROR" not in text, text
        if cell.metadata.get("nbgrader", {}).get("grade"):
            assert PASSED in text and GRADED in text and "not solved yet" not in text, text
            graded += 1
    assert graded > 0 and seconds < _limit(path)
    print(f"{path.name}: {seconds:.0f} s")


@pytest.mark.notebook
def test_student_release_runs_and_every_check_says_not_solved_yet(tmp_path):
    from caravan_lessons.exercises.release import release

    released = release("marco_polo", out=tmp_path, source=SOURCE)
    assert [p.name for p in released] == [p.name for p in SOURCES]
    for path in released:
        text = path.read_text(encoding="utf-8")
        assert "BEGIN SOLUTION" not in text and "HIDDEN TESTS" not in text and ".grade(" not in text
        nb, _ = _execute(path)
        for cell, out in _texts(nb):
            assert "ERROR" not in out, f"{path.name}: {out}"
            if cell.metadata.get("nbgrader", {}).get("grade"):
                assert "not solved yet" in out and PASSED not in out, f"{path.name}: {out}"


def test_exercises_command_line_lists_the_questions():
    done = subprocess.run([sys.executable, "-m", "caravan_lessons.exercises", "list", "marco_polo"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert "q4_cheapest_route" in done.stdout and "MP-TRAVEL-2" in done.stdout


@pytest.mark.parametrize("call", [
    lambda: ex.position("nowhere"), lambda: ex.random_position(True, 3), lambda: ex.random_position(1, -1),
    lambda: ex.random_position(1, 3, players=5), lambda: ex.finished_game(1.5), lambda: ex.show(None),
    lambda: ex.objective_position((0, 0), []), lambda: ex.objective_position((0, 1), ["venezia"]),
])
def test_helpers_refuse_bad_arguments_in_one_line(call):
    with pytest.raises(ValueError) as info:
        call()
    assert "\n" not in str(info.value)


def test_each_exercise_names_its_lesson_and_the_lessons_name_existing_exercises():
    lessons = ROOT / "notebooks" / "marco_polo"
    for path in SOURCES:
        intro = _cells(path)[0].source
        named = re.findall(r"notebooks/marco_polo/(\w+\.ipynb)", intro)
        assert named and (lessons / named[0]).exists(), (path.name, named)
    for lesson in sorted(lessons.glob("*.ipynb")):
        text = "\n".join(c.source for c in _cells(lesson))
        for name in re.findall(r"exercises/marco_polo/(\w+\.ipynb)", text):
            assert (SOURCE / name).exists(), (lesson.name, name)

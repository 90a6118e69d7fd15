"""The README's nbgrader course, run as a teacher would: quickstart, the config lines of the README,
generate_assignment, two submissions autograded (a full solution and a fixed wrong one), feedback
and export; the marks are checked question by question."""
from __future__ import annotations

import csv
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "exercises" / "jaipur"

pytestmark = [pytest.mark.notebook, pytest.mark.filterwarnings("ignore::DeprecationWarning")]

# The wrong submission: answer name -> the code a student hands in (the other answers are right).
WRONG = {
    # q1a: counts the camels of the herd as hand cards -> 0 of 1
    "q1a_counts": 'q1a_counts = {"hand": 10, "herd": 4, "market": 5, "deck": 32, "opponent_hand": 4}',
    # q2a: the answer cell raises -> 0 of 1
    "q2a_max_camels": "q2a_max_camels = None\nq2a_max_camels = 6 - hand_size_after",
    # q2b: only the exchanges that give back camels: all legal (1 of 1), not complete (0 of 2)
    "q2b_exchanges": '''def q2b_exchanges(market, hand, herd):
    goods = [g for g in GOODS if market.get(g, 0)]
    exchanges = []
    for take in product(*(range(market.get(g, 0) + 1) for g in goods)):
        k = sum(take)
        if 2 <= k <= herd and sum(hand.values()) + k <= 7:
            taken = [g for g, n in zip(goods, take) for _ in range(n)]
            exchanges.append(Exchange(taken, ["camel"] * k))
    return exchanges''',
    # q3a: move E wrong: A-C 1, D-F 0, G-I 1
    "q3a_rules": '''q3a_rules = {"A": "JAI-TAKE-7", "B": "JAI-SELL-4", "C": "JAI-TAKE-4", "D": "JAI-TAKE-3", "E": "JAI-TAKE-7",
             "F": None, "G": "JAI-TAKE-6", "H": "JAI-SELL-5", "I": "JAI-TAKE-7"}''',
    # q3b: checks the precious goods before the count -> 0 of 2
    "q3b_sale_problem": '''def q3b_sale_problem(hand, good, count):
    if good == "camel":
        return "JAI-SELL-5"
    if good in ("diamond", "gold", "silver") and count < 2:
        return "JAI-SELL-4"
    if count < 1 or count > hand.get(good, 0):
        return "JAI-SELL-1"
    return None''',
    # q4b: forgets the tokens the player holds -> 0 of 2
    "q4b_bonus_estimate": '''def q4b_bonus_estimate(observation, count):
    if count < 3:
        return (0, 0, 0.0)
    size = min(count, 5)
    if observation["bonus_tokens_left"][str(size)] == 0:
        return (0, 0, 0.0)
    values = BONUS_TOKENS[size]
    return (min(values), max(values), sum(values) / len(values))''',
    # q4c is right but uses the wrong q4b: graded on the reference -> 2 of 2
    # q5a: forgets the camel token -> 0 of 2
    "q5a_round_rupees": '''def q5a_round_rupees(round_data):
    return [sum(v for _, v in round_data["goods_tokens"][s]) + sum(v for _, v in round_data["bonus_tokens"][s])
            for s in (0, 1)]''',
    # q5b is right but uses the wrong q5a: graded on the reference -> 2 of 2
    # q6: the first hint's bot: beats random (1 of 1), not greedy (0 of 2)
    "Q6Bot": '''class Q6Bot:
    name = "first sale"

    def choose(self, view):
        for action in view.legal_actions:
            if action.kind == "sell":
                return action
        return view.legal_actions[0]''',
}

# grade id -> points the wrong submission earns
WRONG_POINTS = {
    "q1a_check": 0, "q1b_check": 2,
    "q2a_check": 0, "q2b_check_legal": 1, "q2b_check_complete": 0,
    "q3a_check_a_c": 1, "q3a_check_d_f": 0, "q3a_check_g_i": 1, "q3b_check": 0,
    "q4a_check": 2, "q4b_check": 0, "q4c_check": 2,
    "q5a_check": 0, "q5b_check": 2,
    "q6_check_random": 1, "q6_check_greedy": 0,
}


def readme_config() -> str:
    """The nbgrader_config.py lines of the README's teacher section."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    after = text.split("<!-- nbgrader-config -->", 1)[1]
    block = re.search(r"```python\n(.*?)```", after, re.DOTALL).group(1)
    return "\n".join(line[3:] if line.startswith("   ") else line for line in block.splitlines()) + "\n"


def environment() -> dict:
    """The teacher's shell: the environment's bin folder on PATH (nbgrader runs `alembic` from it)."""
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    return {**os.environ, "PYTHONPATH": str(ROOT), "PATH": path}


def nbgrader(course: Path, *args: str, timeout: float = 900) -> subprocess.CompletedProcess:
    done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, capture_output=True, text=True,
                          timeout=timeout, env=environment())
    assert done.returncode == 0, f"nbgrader {' '.join(args)} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


def answer_name(source: str) -> str | None:
    match = re.search(r"^(?:def|class) (\w+)|^(\w+) = None", source, re.MULTILINE)
    return (match.group(1) or match.group(2)) if match else None


def solved(source: str) -> str:
    """An answer cell of the source with its solution in place (what a full submission holds)."""
    before, _, rest = source.partition("### BEGIN SOLUTION")
    solution, _, after = rest.partition("### END SOLUTION")
    return before.rstrip(" ") + solution.strip("\n") + "\n" + after.lstrip("\n")


def submit(course: Path, student: str, wrong: dict[str, str]) -> None:
    """Fill the released notebooks' answer cells (right answers, or the ``wrong`` ones) and hand them in."""
    out = course / "submitted" / student / "jaipur"
    out.mkdir(parents=True)
    for released in sorted((course / "release" / "jaipur").glob("*.ipynb")):
        source = nbformat.read(SOURCE / released.name, as_version=4)
        answers = {c.metadata["nbgrader"]["grade_id"]: c.source for c in source.cells
                   if c.metadata.get("nbgrader", {}).get("solution")}
        nb = nbformat.read(released, as_version=4)
        for cell in nb.cells:
            meta = cell.metadata.get("nbgrader", {})
            if meta.get("solution"):
                right = answers[meta["grade_id"]]
                cell.source = wrong.get(answer_name(right), solved(right))
        nbformat.write(nb, out / released.name)
    (out / "timestamp.txt").write_text("2026-12-01 00:00:00.000000 UTC")


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("nbgrader")
    nbgrader(base, "quickstart", "jaipur_course")
    course = base / "jaipur_course"
    shutil.rmtree(course / "source" / "ps1")  # the quickstart's sample assignment
    shutil.copytree(SOURCE, course / "source" / "jaipur", ignore=shutil.ignore_patterns("release", ".*"))
    with open(course / "nbgrader_config.py", "a", encoding="utf-8") as config:
        config.write("\n" + readme_config())
    nbgrader(course, "generate_assignment", "jaipur")
    for student in ("full", "wrong"):
        nbgrader(course, "db", "student", "add", student)
    submit(course, "full", {})
    submit(course, "wrong", WRONG)
    done = nbgrader(course, "autograde", "jaipur", timeout=1500)
    (course / "autograde.log").write_text(done.stdout + done.stderr)
    nbgrader(course, "generate_feedback", "jaipur")
    nbgrader(course, "export")
    return course


def test_the_release_has_no_answer_and_no_sample_assignment(course):
    assert not (course / "release" / "ps1").exists()
    text = "\n".join(p.read_text(encoding="utf-8") for p in (course / "release" / "jaipur").glob("*.ipynb"))
    assert "BEGIN SOLUTION" not in text and "BEGIN HIDDEN TESTS" not in text and ".grade(" not in text
    assert "reference_q5a" not in text and "seed=7" not in text


def test_grades_question_by_question(course, monkeypatch):
    from nbgrader.api import Gradebook

    monkeypatch.setenv("PATH", environment()["PATH"])
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        assignment = gradebook.find_assignment("jaipur")
        cells = [(nb, cell) for nb in assignment.notebooks for cell in nb.grade_cells]
        auto = {cell.name: cell.max_score for _, cell in cells if cell.cell_type == "code"}
        by_hand = {cell.name: cell.max_score for _, cell in cells if cell.cell_type == "markdown"}
        assert set(auto) == set(WRONG_POINTS)
        assert sum(auto.values()) == 25
        assert set(by_hand) == {"q1a_explain", "q2a_explain", "q3a_explain"} and sum(by_hand.values()) == 3
        for student, expected in (("full", auto), ("wrong", WRONG_POINTS)):
            got = {}
            for nb, cell in cells:
                grade = gradebook.find_grade(cell.name, nb.name, "jaipur", student)
                if cell.cell_type == "code":
                    got[cell.name] = grade.score
                else:  # the "explain why" cells wait for the teacher
                    assert grade.needs_manual_grade, (student, cell.name)
            assert got == {k: float(v) for k, v in expected.items()}, (student, got)
    rows = {row["student_id"]: row for row in csv.DictReader(open(course / "grades.csv", encoding="utf-8"))}
    assert float(rows["full"]["score"]) == 25.0 and float(rows["full"]["max_score"]) == 28.0
    assert float(rows["wrong"]["score"]) == sum(WRONG_POINTS.values())


def test_feedback_is_written_without_hidden_tests(course):
    pages = sorted((course / "feedback" / "wrong" / "jaipur").glob("*.html"))
    assert len(pages) == 7
    text = "\n".join(p.read_text(encoding="utf-8") for p in pages)
    assert "not solved yet" in text and "BEGIN HIDDEN TESTS" not in text and "reference_q5a" not in text


def test_the_autograder_warns_only_about_checksums(course):
    """The README promises one harmless kind of warning; anything else must be looked at."""
    log = (course / "autograde.log").read_text(encoding="utf-8")
    warnings = [line for line in log.splitlines() if "| WARNING]" in line]
    assert warnings and all("Attribute 'checksum' for cell" in line for line in warnings), warnings[:5]


# --- Caravan (added by the caravan2 branch): the same course run for exercises/caravan ----------------

CARAVAN_SOURCE = ROOT / "exercises" / "caravan"
CARAVAN_WRONG = {
    # q1: every good counted as rare -> 0 of 2
    "q1_points": "def q1_points(delivered, markers):\n    return 6 * len(delivered) + markers",
    # q3: each camel its own group (no networkx) -> 0 of 3
    "q3_camel_groups": "def q3_camel_groups(state, player):\n    return [{w} for w in state.pos[player] if w]",
    # q6: a theft token is all it takes -> 0 of 3
    "q6_can_steal": "def q6_can_steal(state, space, victim, good):\n    return state.tokens[state.current] > 0",
    # q7: counts each player's own turns -> 0 of 2
    "q7_actions": "def q7_actions(players, seat, round_number):\n    return min(4, round_number + 1)",
    # q9: points only, no tie-break -> 0 of 3
    "q9_winners": ("def q9_winners(state):\n    points = state.score_sheet().totals()\n"
                   "    return [s for s in range(state.players) if points[s] == max(points)]"),
}
CARAVAN_POINTS = {"q1_check": 2, "q2_check": 2, "q3_check": 3, "q4_check": 3, "q5_check": 3, "q6_check": 3,
                  "q7_check": 2, "q8_check": 3, "q9_check": 3}
CARAVAN_WRONG_POINTS = {**CARAVAN_POINTS, "q1_check": 0, "q3_check": 0, "q6_check": 0, "q7_check": 0, "q9_check": 0}


def submit_game(course: Path, game: str, source: Path, student: str, wrong: dict[str, str]) -> None:
    """:func:`submit` for any game's assignment."""
    out = course / "submitted" / student / game
    out.mkdir(parents=True)
    for released in sorted((course / "release" / game).glob("*.ipynb")):
        original = nbformat.read(source / released.name, as_version=4)
        answers = {c.metadata["nbgrader"]["grade_id"]: c.source for c in original.cells
                   if c.metadata.get("nbgrader", {}).get("solution")}
        nb = nbformat.read(released, as_version=4)
        for cell in nb.cells:
            meta = cell.metadata.get("nbgrader", {})
            if meta.get("solution"):
                right = answers[meta["grade_id"]]
                cell.source = wrong.get(answer_name(right), solved(right))
        nbformat.write(nb, out / released.name)
    (out / "timestamp.txt").write_text("2026-12-01 00:00:00.000000 UTC")


@pytest.fixture(scope="module")
def caravan_course(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("nbgrader_caravan")
    nbgrader(base, "quickstart", "caravan_course")
    course = base / "caravan_course"
    shutil.rmtree(course / "source" / "ps1")
    shutil.copytree(CARAVAN_SOURCE, course / "source" / "caravan", ignore=shutil.ignore_patterns("release", ".*"))
    with open(course / "nbgrader_config.py", "a", encoding="utf-8") as config:
        config.write("\n" + readme_config())
    nbgrader(course, "generate_assignment", "caravan")
    for student in ("full", "wrong"):
        nbgrader(course, "db", "student", "add", student)
    submit_game(course, "caravan", CARAVAN_SOURCE, "full", {})
    submit_game(course, "caravan", CARAVAN_SOURCE, "wrong", CARAVAN_WRONG)
    nbgrader(course, "autograde", "caravan", timeout=1500)
    return course


def test_caravan_course_full_marks_and_no_unearned_points(caravan_course, monkeypatch):
    from nbgrader.api import Gradebook

    text = "\n".join(p.read_text(encoding="utf-8") for p in (caravan_course / "release" / "caravan").glob("*.ipynb"))
    assert "BEGIN SOLUTION" not in text and "BEGIN HIDDEN TESTS" not in text and ".grade(" not in text
    monkeypatch.setenv("PATH", environment()["PATH"])
    with Gradebook(f"sqlite:///{caravan_course / 'gradebook.db'}") as gradebook:
        assignment = gradebook.find_assignment("caravan")
        cells = [(nb, cell) for nb in assignment.notebooks for cell in nb.grade_cells]
        assert {cell.name: cell.max_score for _, cell in cells} == {k: float(v) for k, v in CARAVAN_POINTS.items()}
        for student, expected in (("full", CARAVAN_POINTS), ("wrong", CARAVAN_WRONG_POINTS)):
            got = {cell.name: gradebook.find_grade(cell.name, nb.name, "caravan", student).score for nb, cell in cells}
            assert got == {k: float(v) for k, v in expected.items()}, (student, got)


# --- Samarkand: the same course steps for exercises/samarkand ------------------------------------------

SAMARKAND = ROOT / "exercises" / "samarkand"

# The wrong Samarkand submission: answer cell grade id -> the code handed in (other cells: the solution).
SAMARKAND_WRONG = {
    # q1: one water space too many -> 0 of 2
    "q1_answer": 'q1_kinds = {"goods": 33, "start": 10, "water": 7, "land": 17}',
    # q2: forgets that sold cards count toward the hand limit -> 0 of 2
    "q2_answer": '''def q2_draws(state):
    p = state.current_player
    return 0 if len(state.hands[p]) >= state.limit else min(3, len(state.deck) + len(state.discard))''',
    # q3 is right -> 2 of 2
    # q4: pays a relation that was already made -> 0 of 2
    "q4_answer": '''def q4_premiums(state, active, passive):
    fi = state.board.family_index
    return [3 * (state.held[p][fi[active]] > 0) + (state.held[p][fi[passive]] > 0) for p in range(state.players)]''',
    # q5: 4 points for every camel, married or not -> 0 of 2
    "q5_answer": '''def q5_card_points(state, player, goods):
    return 4 * len(state.camels[state.board.goods_space[goods]])''',
    # q6 is right but calls a wrong q5: graded on the teacher's q5 -> 2 of 2
    "q6_answer": '''def q5_card_points(state, player, goods):
    return 0


def q6_should_sell(state):
    goods, holder = state.pending
    return q5_card_points(state, holder, goods) < 3''',
}
SAMARKAND_WRONG_POINTS = {"q1_check": 0, "q2_check": 0, "q3_check": 2, "q4_check": 0, "q5_check": 0, "q6_check": 2}


def submit_samarkand(course: Path, student: str, wrong: dict[str, str]) -> None:
    """Fill the released Samarkand notebooks' answer cells (solutions, or ``wrong`` by grade id)."""
    out = course / "submitted" / student / "samarkand"
    out.mkdir(parents=True)
    for released in sorted((course / "release" / "samarkand").glob("*.ipynb")):
        source = nbformat.read(SAMARKAND / released.name, as_version=4)
        answers = {c.metadata["nbgrader"]["grade_id"]: c.source for c in source.cells
                   if c.metadata.get("nbgrader", {}).get("solution")}
        nb = nbformat.read(released, as_version=4)
        for cell in nb.cells:
            grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
            if cell.metadata.get("nbgrader", {}).get("solution"):
                cell.source = wrong.get(grade_id, solved(answers[grade_id]))
        nbformat.write(nb, out / released.name)
    (out / "timestamp.txt").write_text("2026-12-01 00:00:00.000000 UTC")


@pytest.fixture(scope="module")
def samarkand_course(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("nbgrader_samarkand")
    nbgrader(base, "quickstart", "samarkand_course")
    course = base / "samarkand_course"
    shutil.rmtree(course / "source" / "ps1")
    shutil.copytree(SAMARKAND, course / "source" / "samarkand", ignore=shutil.ignore_patterns("release", ".*"))
    with open(course / "nbgrader_config.py", "a", encoding="utf-8") as config:
        config.write("\n" + readme_config())
    nbgrader(course, "generate_assignment", "samarkand")
    for student in ("full", "wrong"):
        nbgrader(course, "db", "student", "add", student)
    submit_samarkand(course, "full", {})
    submit_samarkand(course, "wrong", SAMARKAND_WRONG)
    nbgrader(course, "autograde", "samarkand", timeout=1500)
    nbgrader(course, "generate_feedback", "samarkand")
    return course


def test_samarkand_full_marks_for_the_reference_and_no_unearned_points(samarkand_course, monkeypatch):
    from nbgrader.api import Gradebook

    course = samarkand_course
    text = "\n".join(p.read_text(encoding="utf-8") for p in (course / "release" / "samarkand").glob("*.ipynb"))
    assert "BEGIN SOLUTION" not in text and "BEGIN HIDDEN TESTS" not in text and ".grade(" not in text
    assert "reference_q5" not in text and "board.kinds.count(kind) for kind" not in text
    monkeypatch.setenv("PATH", environment()["PATH"])
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        assignment = gradebook.find_assignment("samarkand")
        cells = [(nb, cell) for nb in assignment.notebooks for cell in nb.grade_cells]
        auto = {cell.name: cell.max_score for _, cell in cells if cell.cell_type == "code"}
        assert set(auto) == set(SAMARKAND_WRONG_POINTS) and sum(auto.values()) == 12
        for student, expected in (("full", auto), ("wrong", SAMARKAND_WRONG_POINTS)):
            got = {cell.name: gradebook.find_grade(cell.name, nb.name, "samarkand", student).score
                   for nb, cell in cells if cell.cell_type == "code"}
            assert got == {k: float(v) for k, v in expected.items()}, (student, got)
    pages = sorted((course / "feedback" / "wrong" / "samarkand").glob("*.html"))
    assert len(pages) == 6
    feedback = "\n".join(p.read_text(encoding="utf-8") for p in pages)
    assert "not solved yet" in feedback and "BEGIN HIDDEN TESTS" not in feedback and "reference_q5" not in feedback


# --- Marco Polo: its own course (the Jaipur course's totals stay as they are) --------------------------

MP_SOURCE = ROOT / "exercises" / "marco_polo"

# The wrong Marco Polo submission: answer name -> what a student hands in (the other answers are right).
MP_WRONG = {
    # q1a: counts locations, not routes, from Venezia to Beijing -> counting part 1 of 1, steps part 0 of 1
    "q1a_map": 'q1a_map = {"locations": 25, "routes": 30, "camel_routes": 12, "coin_routes": 4, "fewest_steps": 8}',
    # q2: pays the highest die instead of the lowest -> 0 of 2
    "q2_extra_coins": '''def q2_extra_coins(state, space, values):
    blue = space in ("coins", "contracts", "travel") or space.startswith("bazaar:")
    if not blue or not state.spaces.get(space) or state.characters[state.current_player] == "berke":
        return 0
    return max(values)''',
    # q3: forgets the camels a contract costs -> 0 of 2
    "q3_can_fulfil": '''def q3_can_fulfil(state):
    seat = state.current_player
    have = dict(zip(("pepper", "silk", "gold"), state.goods[seat]))
    return sorted(c for c in state.active[seat]
                  if all(have[g] >= n for g, n in state.data.contracts[c]["cost"].items() if g != "camels"))''',
    # q4: weighs coins only and never checks the camel budget -> 0 of 3
    "q4_cheapest_route": '''def q4_cheapest_route(graph, start, goal, max_steps, camels, coins):
    best = None
    for path in nx.all_simple_paths(graph, start, goal, cutoff=max_steps):
        spent = TRAVEL_COINS[len(path) - 2] + sum(graph.edges[r]["coins"] for r in zip(path, path[1:]))
        if spent <= coins and (best is None or spent < best[0]):
            best = (spent, path)
    return best and best[1]''',
    # q5: the answer cell raises (a name that does not exist) -> 0 of 2
    "q5_travel_steps": '''def q5_travel_steps(state, seat):
    return second_highest(state.dice[seat])''',
    # q6a: a card scores when ONE of its cities holds a post -> 0 of 2
    "q6a_card_points": '''def q6a_card_points(state, seat):
    mine = {c for c, owners in state.posts.items() if seat in owners}
    return [p if set(cities) & mine else 0 for cities, p in (state.data.objectives[o] for o in state.objectives[seat])]''',
    # q6b is right but uses the wrong q6a: graded on the reference -> 2 of 2
    # q7: fulfils a contract when it can, else takes the first legal action: about half its games against
    # random (31 of 40 needed), about a tenth against mp-greedy -> 0 of 1, 0 of 2 (both checks stop early)
    "Q7Bot": '''class Q7Bot:
    name = "fulfil first"

    def choose(self, view):
        for action in view.legal_actions:
            if isinstance(action, Fulfil):
                return action
        return view.legal_actions[0]''',
}

MP_WRONG_POINTS = {"q1a_check_count": 1, "q1a_check_steps": 0, "q1b_check": 2, "q2_check": 0, "q3_check": 0,
                   "q4_check": 0, "q5_check": 0, "q6a_check": 0, "q6b_check": 2,
                   "q7_check_random": 0, "q7_check_greedy": 0}
MP_FULL_POINTS = {"q1a_check_count": 1, "q1a_check_steps": 1, "q1b_check": 2, "q2_check": 2, "q3_check": 2,
                  "q4_check": 3, "q5_check": 2, "q6a_check": 2, "q6b_check": 2,
                  "q7_check_random": 1, "q7_check_greedy": 2}


def _submit_marco_polo(course: Path, student: str, wrong: dict[str, str]) -> None:
    out = course / "submitted" / student / "marco_polo"
    out.mkdir(parents=True)
    for released in sorted((course / "release" / "marco_polo").glob("*.ipynb")):
        source = nbformat.read(MP_SOURCE / released.name, as_version=4)
        answers = {c.metadata["nbgrader"]["grade_id"]: c.source for c in source.cells
                   if c.metadata.get("nbgrader", {}).get("solution")}
        nb = nbformat.read(released, as_version=4)
        for cell in nb.cells:
            meta = cell.metadata.get("nbgrader", {})
            if meta.get("solution"):
                right = answers[meta["grade_id"]]
                cell.source = wrong.get(answer_name(right), solved(right))
        nbformat.write(nb, out / released.name)
    (out / "timestamp.txt").write_text("2026-12-01 00:00:00.000000 UTC")


@pytest.fixture(scope="module")
def mp_course(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("nbgrader_mp")
    nbgrader(base, "quickstart", "mp_course")
    course = base / "mp_course"
    shutil.rmtree(course / "source" / "ps1")
    shutil.copytree(MP_SOURCE, course / "source" / "marco_polo", ignore=shutil.ignore_patterns("release", ".*"))
    with open(course / "nbgrader_config.py", "a", encoding="utf-8") as config:
        config.write("\n" + readme_config())
    nbgrader(course, "generate_assignment", "marco_polo")
    for student in ("full", "wrong"):
        nbgrader(course, "db", "student", "add", student)
    _submit_marco_polo(course, "full", {})
    _submit_marco_polo(course, "wrong", MP_WRONG)
    with pytest.MonkeyPatch.context() as patch:  # q7's bot budgets: room on a loaded machine, as in tests/marco_polo
        patch.setenv("CARAVAN_TIME_SCALE", os.environ.get("CARAVAN_TIME_SCALE", "4"))
        done = nbgrader(course, "autograde", "marco_polo", timeout=3000)
    (course / "autograde.log").write_text(done.stdout + done.stderr)
    nbgrader(course, "generate_feedback", "marco_polo")
    nbgrader(course, "export")
    return course


def test_marco_polo_full_marks_for_the_reference_and_no_unearned_points(mp_course, monkeypatch):
    from nbgrader.api import Gradebook

    monkeypatch.setenv("PATH", environment()["PATH"])
    with Gradebook(f"sqlite:///{mp_course / 'gradebook.db'}") as gradebook:
        assignment = gradebook.find_assignment("marco_polo")
        cells = [(nb, cell) for nb in assignment.notebooks for cell in nb.grade_cells]
        auto = {cell.name: cell.max_score for _, cell in cells if cell.cell_type == "code"}
        by_hand = {cell.name for _, cell in cells if cell.cell_type == "markdown"}
        assert auto == {k: float(v) for k, v in MP_FULL_POINTS.items()}
        assert by_hand == {"q1a_explain", "q2_explain", "q4_explain"}
        for student, expected in (("full", MP_FULL_POINTS), ("wrong", MP_WRONG_POINTS)):
            got = {cell.name: gradebook.find_grade(cell.name, nb.name, "marco_polo", student).score
                   for nb, cell in cells if cell.cell_type == "code"}
            assert got == {k: float(v) for k, v in expected.items()}, (student, got)
    rows = {row["student_id"]: row for row in csv.DictReader(open(mp_course / "grades.csv", encoding="utf-8"))}
    assert float(rows["full"]["score"]) == sum(MP_FULL_POINTS.values())
    assert float(rows["wrong"]["score"]) == sum(MP_WRONG_POINTS.values())


def test_marco_polo_feedback_teaches_without_hidden_tests(mp_course):
    pages = sorted((mp_course / "feedback" / "wrong" / "marco_polo").glob("*.html"))
    assert len(pages) == 7
    text = "\n".join(p.read_text(encoding="utf-8") for p in pages)
    assert "BEGIN HIDDEN TESTS" not in text and "objective_position((3, 9)" not in text and "reference_q6a" not in text
    for words in ("LOWEST", "camels", "budget", "BOTH", "second_highest"):
        assert words in text, words

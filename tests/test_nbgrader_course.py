"""The README's nbgrader course, run as a teacher would, for every game with exercises: quickstart,
the config lines of the README, generate_assignment, two submissions autograded (a full solution and a
fixed wrong one), feedback and export. The marks are checked question by question, the feedback of
each graded cell must agree with its marks, and neither the release nor the feedback may show an answer.

One course per game, each built once by its own test (with pytest-xdist a module-scoped fixture
would be built again on every worker that runs one of its tests). A game's expectations are data:
its entry in COURSES (the wrong submission's code, the points of each graded cell for the full and the
wrong submission, the cells graded by hand, the text that must stay hidden)."""
from __future__ import annotations

import csv
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
EXERCISES = ROOT / "exercises"

pytestmark = [pytest.mark.notebook, pytest.mark.filterwarnings("ignore::DeprecationWarning")]

NOT_SOLVED = "not solved yet"
"""What a check prints for an answer that earns no points; feedback beside full marks must not say it."""

# --- Jaipur -----------------------------------------------------------------------------------------

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
    # q7: takes the camels in position a (the round ends at once, lost) -> 0 of 1, b and c right -> 2 of 2
    "q7_coach": 'q7_coach = {"a": "B", "b": "C", "c": "B"}',
}

# grade id -> points (what the full solution earns)
JAIPUR_POINTS = {
    "q1a_check": 1, "q1b_check": 2,
    "q2a_check": 1, "q2b_check_legal": 1, "q2b_check_complete": 2,
    "q3a_check_a_c": 1, "q3a_check_d_f": 1, "q3a_check_g_i": 1, "q3b_check": 2,
    "q4a_check": 2, "q4b_check": 2, "q4c_check": 2,
    "q5a_check": 2, "q5b_check": 2,
    "q6_check_random": 1, "q6_check_greedy": 2,
    "q7_check_a": 1, "q7_check_b": 1, "q7_check_c": 1,
}
# grade id -> points the wrong submission earns (the others: full points)
WRONG_POINTS = {**JAIPUR_POINTS, "q1a_check": 0, "q2a_check": 0, "q2b_check_complete": 0, "q3a_check_d_f": 0,
                "q3b_check": 0, "q4b_check": 0, "q5a_check": 0, "q6_check_greedy": 0, "q7_check_a": 0}

# --- Caravan ----------------------------------------------------------------------------------------

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
    # q10: ends the turn on the last delivery (a) -> 0 of 1; b and c right -> 2 of 2
    "q10_coach": 'q10_coach = {"a": "A", "b": "B", "c": "A"}',
}
CARAVAN_POINTS = {"q1_check": 2, "q2_check": 2, "q3_check": 3, "q4_check": 3, "q5_check": 3, "q6_check": 3,
                  "q7_check": 2, "q8_check": 3, "q9_check": 3, "q10_check_a": 1, "q10_check_b": 1, "q10_check_c": 1}
CARAVAN_WRONG_POINTS = {**CARAVAN_POINTS, "q1_check": 0, "q3_check": 0, "q6_check": 0, "q7_check": 0, "q9_check": 0,
                        "q10_check_a": 0}

# --- Samarkand --------------------------------------------------------------------------------------

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
    # q7: puts the Levant camel on the goods space g9, missing the relation (a) -> 0 of 1; b and c right
    "q7_answer": 'q7_coach = {"a": "A", "b": "A", "c": "B"}',
}
SAMARKAND_POINTS = {"q1_check": 2, "q2_check": 2, "q3_check": 2, "q4_check": 2, "q5_check": 2, "q6_check": 2,
                    "q7_check_a": 1, "q7_check_b": 1, "q7_check_c": 1}
SAMARKAND_WRONG_POINTS = {"q1_check": 0, "q2_check": 0, "q3_check": 2, "q4_check": 0, "q5_check": 0, "q6_check": 2,
                          "q7_check_a": 0, "q7_check_b": 1, "q7_check_c": 1}

# --- Marco Polo -------------------------------------------------------------------------------------
# (its own course; the other games' totals do not change when a Marco Polo question is added)

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
    # q8: fulfils the contract at once in position a (it could wait: a bonus action) -> 0 of 1; b, c right
    "q8_coach": 'q8_coach = {"a": "A", "b": "B", "c": "A"}',
}

MP_WRONG_POINTS = {"q1a_check_count": 1, "q1a_check_steps": 0, "q1b_check": 2, "q2_check": 0, "q3_check": 0,
                   "q4_check": 0, "q5_check": 0, "q6a_check": 0, "q6b_check": 2,
                   "q7_check_random": 0, "q7_check_greedy": 0, "q8_check_a": 0, "q8_check_b": 1, "q8_check_c": 1}
MP_FULL_POINTS = {"q1a_check_count": 1, "q1a_check_steps": 1, "q1b_check": 2, "q2_check": 2, "q3_check": 2,
                  "q4_check": 3, "q5_check": 2, "q6a_check": 2, "q6b_check": 2,
                  "q7_check_random": 1, "q7_check_greedy": 2, "q8_check_a": 1, "q8_check_b": 1, "q8_check_c": 1}
MP_BY_HAND = {"q1a_explain": 1, "q2_explain": 1, "q4_explain": 1, "q8_explain": 2}


@dataclass(frozen=True)
class Course:
    """What one game's course must give.

    Attributes:
        game: the assignment (the folder name under exercises/).
        points: autograded cell (grade id) -> its points = what the full solution earns.
        wrong: what the wrong student hands in: an answer cell's grade id, or the name its solution
            defines (the first ``def``/``class``/``name = None``), -> the code in that cell; every
            other answer cell holds the solution. Each key must fill exactly one cell.
        wrong_points: autograded cell -> the points the wrong submission earns.
        by_hand: cells graded by hand in formgrader (grade id -> points); they wait for the teacher.
        secrets: text the release and the feedback must not show (a hidden case, a reference name).
        feedback_words: words the wrong student's feedback must show (the checks explain the mistakes).
    """

    game: str
    points: dict
    wrong: dict
    wrong_points: dict
    by_hand: dict
    secrets: tuple = ()
    feedback_words: tuple = ()


COURSES = {course.game: course for course in (
    Course("jaipur", JAIPUR_POINTS, WRONG, WRONG_POINTS, by_hand={"q1a_explain": 1, "q2a_explain": 1, "q3a_explain": 1,
                                                                  "q7_explain": 2},
           secrets=("reference_q5a", "seed=7")),
    Course("samarkand", SAMARKAND_POINTS, SAMARKAND_WRONG, SAMARKAND_WRONG_POINTS, by_hand={"q7_explain": 2},
           secrets=("reference_q5", "board.kinds.count(kind) for kind"), feedback_words=("the points are yours",)),
    Course("caravan", CARAVAN_POINTS, CARAVAN_WRONG, CARAVAN_WRONG_POINTS, by_hand={"q10_explain": 2}),
    Course("marco_polo", MP_FULL_POINTS, MP_WRONG, MP_WRONG_POINTS, by_hand=MP_BY_HAND,
           secrets=("objective_position((3, 9)", "reference_q6a"),
           feedback_words=("LOWEST", "camels", "budget", "BOTH", "second_highest")),
)}


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
    """The first name an answer cell defines (``def``, ``class`` or ``name = None``)."""
    match = re.search(r"^(?:def|class) (\w+)|^(\w+) = None", source, re.MULTILINE)
    return (match.group(1) or match.group(2)) if match else None


def solved(source: str) -> str:
    """An answer cell of the source with its solution in place (what a full submission holds)."""
    before, _, rest = source.partition("### BEGIN SOLUTION")
    solution, _, after = rest.partition("### END SOLUTION")
    return before.rstrip(" ") + solution.strip("\n") + "\n" + after.lstrip("\n")


def submit(course: Path, game: str, student: str, wrong: dict[str, str]) -> None:
    """Fill the released notebooks' answer cells and hand them in as ``student``.

    Each answer cell gets its solution, or the code of ``wrong`` keyed by the cell's grade id or by the
    name its solution defines (see :class:`Course`). A key that fills no cell, or more than one, fails:
    a wrong answer that silently went nowhere would make the expected marks meaningless."""
    out = course / "submitted" / student / game
    out.mkdir(parents=True)
    used: dict[str, int] = {}
    for released in sorted((course / "release" / game).glob("*.ipynb")):
        source = nbformat.read(EXERCISES / game / released.name, as_version=4)
        answers = {c.metadata["nbgrader"]["grade_id"]: c.source for c in source.cells
                   if c.metadata.get("nbgrader", {}).get("solution")}
        nb = nbformat.read(released, as_version=4)
        for cell in nb.cells:
            meta = cell.metadata.get("nbgrader", {})
            if not meta.get("solution"):
                continue
            right = answers[meta["grade_id"]]
            key = meta["grade_id"] if meta["grade_id"] in wrong else answer_name(right)
            if key in wrong:
                used[key] = used.get(key, 0) + 1
                cell.source = wrong[key]
            else:
                cell.source = solved(right)
        nbformat.write(nb, out / released.name)
    (out / "timestamp.txt").write_text("2026-12-01 00:00:00.000000 UTC")
    assert set(used) == set(wrong) and set(used.values()) <= {1}, (game, student, used, sorted(wrong))


def build_course(base: Path, game: str) -> Path:
    """The README's steps in ``base``: a course with one assignment, ``game``; students "full" and
    "wrong" handed in, autograded (its log kept in autograde.log), feedback written, grades exported."""
    nbgrader(base, "quickstart", f"{game}_course")
    course = base / f"{game}_course"
    shutil.rmtree(course / "source" / "ps1")  # the quickstart's sample assignment
    shutil.copytree(EXERCISES / game, course / "source" / game, ignore=shutil.ignore_patterns("release", ".*"))
    with open(course / "nbgrader_config.py", "a", encoding="utf-8") as config:
        config.write("\n" + readme_config())
    nbgrader(course, "generate_assignment", game)
    for student in ("full", "wrong"):
        nbgrader(course, "db", "student", "add", student)
    submit(course, game, "full", {})
    submit(course, game, "wrong", COURSES[game].wrong)
    with pytest.MonkeyPatch.context() as patch:  # bot budgets: room on a loaded machine, as in the game tests
        patch.setenv("CARAVAN_TIME_SCALE", os.environ.get("CARAVAN_TIME_SCALE", "4"))
        done = nbgrader(course, "autograde", game, timeout=3000 if game == "marco_polo" else 1500)
    (course / "autograde.log").write_text(done.stdout + done.stderr)
    nbgrader(course, "generate_feedback", game)
    nbgrader(course, "export")
    return course


def graded_outputs(course: Path, game: str, student: str) -> dict[str, str]:
    """Autograded cell -> the text its outputs show (what the feedback shows beside its marks)."""
    texts = {}
    for path in sorted((course / "autograded" / student / game).glob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            meta = cell.metadata.get("nbgrader", {})
            if cell.cell_type == "code" and meta.get("grade"):
                texts[meta["grade_id"]] = "".join(
                    o.get("text", "") if o.get("output_type") == "stream" else f"{o.get('ename')}: {o.get('evalue')}\n"
                    for o in cell.get("outputs", []) if o.get("output_type") in ("stream", "error"))
    return texts


@pytest.mark.parametrize("game", list(COURSES))
def test_course(game, tmp_path, monkeypatch):
    from nbgrader.api import Gradebook

    spec = COURSES[game]
    course = build_course(tmp_path, game)

    # the release: no sample assignment, no solution, no hidden case
    assert not (course / "release" / "ps1").exists()
    text = "\n".join(p.read_text(encoding="utf-8") for p in (course / "release" / game).glob("*.ipynb"))
    for secret in ("BEGIN SOLUTION", "BEGIN HIDDEN TESTS", ".grade(", *spec.secrets):
        assert secret not in text, (game, secret)

    # the marks, cell by cell, in the gradebook
    monkeypatch.setenv("PATH", environment()["PATH"])
    scores = {}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        cells = [(nb, cell) for nb in gradebook.find_assignment(game).notebooks for cell in nb.grade_cells]
        auto = {cell.name: cell.max_score for _, cell in cells if cell.cell_type == "code"}
        by_hand = {cell.name: cell.max_score for _, cell in cells if cell.cell_type == "markdown"}
        assert auto == {k: float(v) for k, v in spec.points.items()}, game
        assert by_hand == {k: float(v) for k, v in spec.by_hand.items()}, game
        for student, expected in (("full", spec.points), ("wrong", spec.wrong_points)):
            got = {}
            for nb, cell in cells:
                grade = gradebook.find_grade(cell.name, nb.name, game, student)
                if cell.cell_type == "code":
                    got[cell.name] = grade.score
                else:  # the "explain why" cells wait for the teacher
                    assert grade.needs_manual_grade, (game, student, cell.name)
            assert got == {k: float(v) for k, v in expected.items()}, (game, student, got)
            scores[student] = got
    rows = {row["student_id"]: row for row in csv.DictReader(open(course / "grades.csv", encoding="utf-8"))}
    assert float(rows["full"]["score"]) == sum(spec.points.values())
    assert float(rows["full"]["max_score"]) == sum(spec.points.values()) + sum(spec.by_hand.values())
    assert float(rows["wrong"]["score"]) == sum(spec.wrong_points.values())

    # what each graded cell shows agrees with its marks: "not solved yet" exactly where points are missing
    for student in ("full", "wrong"):
        for name, shown in graded_outputs(course, game, student).items():
            full_marks = scores[student][name] == auto[name]
            assert (NOT_SOLVED not in shown) == full_marks, (game, student, name, scores[student][name], shown)

    # the feedback pages: one per notebook, no hidden test, the mistakes explained
    pages = sorted((course / "feedback" / "wrong" / game).glob("*.html"))
    assert len(pages) == len(list((EXERCISES / game).glob("*.ipynb")))
    feedback = "\n".join(p.read_text(encoding="utf-8") for p in pages)
    assert NOT_SOLVED in feedback
    for secret in ("BEGIN HIDDEN TESTS", *spec.secrets):
        assert secret not in feedback, (game, secret)
    for words in spec.feedback_words:
        assert words in feedback, (game, words)

    # the README promises one harmless kind of warning; anything else must be looked at
    log = (course / "autograde.log").read_text(encoding="utf-8")
    warnings = [line for line in log.splitlines() if "| WARNING]" in line]
    assert warnings and all("Attribute 'checksum' for cell" in line for line in warnings), warnings[:5]

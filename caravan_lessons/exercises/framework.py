"""Questions with ``check()``, ``hint()`` and ``solution()``: one set of pure checks for everyone.

A self-learner types ``q4a.check(q4a_sale_rupees)`` and reads a verdict: what is wrong, on which
case, and a hint. A teacher's nbgrader notebook calls the same ``check`` in its graded cell and
``grade`` between ``### BEGIN HIDDEN TESTS`` / ``### END HIDDEN TESTS``. The checks ask the game
engine for the right answers; they never read widgets.

Whatever the learner hands in -- ``None``, the wrong type, a function that raises, returns
garbage or loops for ever -- ``check`` prints "not solved yet: ..." and returns ``False``; it
does not raise into the notebook. Learner code runs under a time budget
(:class:`Budget`): a call that takes too long is stopped and reported.

Two exceptions to "never raises", both for graders, not for learners:

* ``grade()`` raises ``AssertionError`` when the answer fails (nbgrader withholds the points);
* when nbgrader itself runs the notebook (it sets ``NBGRADER_EXECUTION`` to ``validate`` or
  ``autograde``), a failing ``check`` raises too, so nbgrader's Validate button and the autograder
  see the failure even in a release that lost its hidden tests.

A teacher who does not want ``solution()`` to print answers sets the environment variable
``CARAVAN_LESSONS_HIDE_SOLUTIONS=1`` for the students' kernels.
"""
from __future__ import annotations

import copy
import inspect
import os
import reprlib
import signal
import textwrap
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "GRADED",
    "PASSED",
    "AgentQuestion",
    "Budget",
    "Case",
    "FunctionQuestion",
    "NotSolved",
    "Question",
    "TimeUp",
    "ValueQuestion",
    "clip",
    "grading_run",
    "is_stub",
    "short",
    "solutions_hidden",
]

PASSED = "public checks passed; hidden checks run at grading"
"""What a successful ``check`` says. Never a bare 'all tests passed': the grader runs more."""
GRADED = "every check passed, the hidden ones included"
"""What a successful ``grade`` says."""

_PACKAGE_DIR = str(Path(__file__).resolve().parents[1])


def grading_run() -> bool:
    """True when nbgrader runs the notebook (validate or autograde): failed checks then raise."""
    return os.environ.get("NBGRADER_EXECUTION", "") in ("validate", "autograde")


def solutions_hidden() -> bool:
    """True when the teacher switched ``solution()`` off (``CARAVAN_LESSONS_HIDE_SOLUTIONS=1``)."""
    return os.environ.get("CARAVAN_LESSONS_HIDE_SOLUTIONS", "").strip().lower() not in ("", "0", "false", "no")


class NotSolved(Exception):
    """Raised by a question's checks: the answer is not right yet.

    Attributes:
        problem: what is wrong, in plain words (names the case that failed).
        hint: a hint for this very mistake, or ``""`` (then the question's first hint is shown).
    """

    def __init__(self, problem: str, hint: str = ""):
        super().__init__(problem)
        self.problem = problem
        self.hint = hint


class TimeUp(BaseException):
    """Learner code ran past its time budget.

    A ``BaseException`` (like KeyboardInterrupt), so that an ``except Exception`` in the learner's
    own code does not swallow it.
    """


# --- showing values briefly --------------------------------------------------------------------------

_REPR = reprlib.Repr()
_REPR.maxstring = 60
_REPR.maxother = 80
_REPR.maxlist = _REPR.maxtuple = _REPR.maxset = _REPR.maxfrozenset = 8
_REPR.maxdict = 8
_REPR.maxlevel = 4


def short(value: Any) -> str:
    """A one-line, bounded ``repr`` of any value (even one whose ``__repr__`` raises)."""
    try:
        text = _REPR.repr(value)
    except Exception:
        return f"<a {type(value).__name__} that cannot be shown>"
    return text if len(text) <= 200 else text[:197] + "..."


def clip(text: Any, length: int = 160) -> str:
    """The first line of ``text``, cut to ``length`` characters (for error messages)."""
    lines = str(text).strip().splitlines()
    line = lines[0] if lines else ""
    return line if len(line) <= length else line[:length - 3] + "..."


def _kind(value: Any) -> str:
    """'a dict', 'an int', 'None', 'a function', ... for messages."""
    if value is None:
        return "None"
    if inspect.isclass(value):
        return f"the class {getattr(value, '__name__', '?')}"
    if inspect.isfunction(value) or inspect.ismethod(value):
        return "a function"
    name = type(value).__name__
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


# --- running learner code under a time budget --------------------------------------------------------

class Budget:
    """Run learner code with a time limit per call and in total.

    With POSIX signals (Linux, macOS, in the kernel's main thread) a call that runs too long is
    interrupted by ``SIGALRM`` and :class:`TimeUp` is raised; the timer is armed only while
    learner code runs. Elsewhere (Windows) each call runs in a helper thread; one that does not
    finish in time is reported, and keeps running in the background until the kernel restarts.

    Use as a context manager::

        with Budget(per_call=2, total=30) as budget:
            result = budget.call(function, arg)
    """

    def __init__(self, per_call: float = 5.0, total: float = 60.0):
        self.per_call = per_call
        self.total = total
        self.used = 0.0
        self._armed = False
        self._old = None
        self._signals = False

    def __enter__(self) -> Budget:
        self._signals = (hasattr(signal, "setitimer") and hasattr(signal, "SIGALRM")
                         and threading.current_thread() is threading.main_thread())
        if self._signals:
            try:
                self._old = signal.signal(signal.SIGALRM, self._alarm)
            except (ValueError, OSError):  # not allowed here: fall back to threads
                self._signals = False
        return self

    def __exit__(self, *exc) -> None:
        if self._signals:
            self._armed = False
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self._old if self._old is not None else signal.SIG_DFL)

    def _alarm(self, signum, frame):
        if self._armed:
            raise TimeUp()

    @property
    def left(self) -> float:
        """Seconds left of the total budget."""
        return self.total - self.used

    def call(self, function: Callable, *args, **kwargs):
        """``function(*args, **kwargs)`` within the budget; TimeUp if it runs out."""
        limit = min(self.per_call, self.left)
        if limit <= 0:
            raise TimeUp()
        start = time.perf_counter()
        try:
            if self._signals:
                # repeat every 50 ms after the limit, in case the learner's code catches the first one
                signal.setitimer(signal.ITIMER_REAL, limit, 0.05)
                self._armed = True
                try:
                    return function(*args, **kwargs)
                finally:
                    self._armed = False
                    signal.setitimer(signal.ITIMER_REAL, 0)
            return _call_in_thread(function, args, kwargs, limit)
        finally:
            self.used += time.perf_counter() - start


def _call_in_thread(function: Callable, args, kwargs, limit: float):
    box: dict[str, Any] = {}

    def run():
        try:
            box["value"] = function(*args, **kwargs)
        except BaseException as exc:  # handed back to the caller below
            box["error"] = exc

    worker = threading.Thread(target=run, daemon=True, name="caravan-lessons-check")
    worker.start()
    worker.join(limit)
    if worker.is_alive():
        raise TimeUp()
    if "error" in box:
        raise box["error"]
    return box.get("value")


def _where(exc: BaseException) -> str:
    """' (line 4 of q1b_legal_move_counts)': the last frame of the learner's code in a traceback."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__)
              if not f.filename.startswith(_PACKAGE_DIR) and "site-packages" not in f.filename
              and "/lib/python" not in f.filename]
    if not frames:
        return ""
    frame = frames[-1]
    return f" (line {frame.lineno} of {frame.name})" if frame.name != "<module>" else f" (line {frame.lineno})"


def describe_error(exc: BaseException, what: str) -> NotSolved:
    """A NotSolved for an exception raised by learner code (``what`` names the call)."""
    if isinstance(exc, NotImplementedError):
        return NotSolved(f"{what} still raises NotImplementedError: it is the empty stub.",
                         "Replace the stub (`raise NotImplementedError()` or `pass`) with your code.")
    if isinstance(exc, RecursionError):
        return NotSolved(f"{what} calls itself without end (RecursionError){_where(exc)}.",
                         "Check the case that should stop the recursion.")
    if isinstance(exc, SystemExit):
        return NotSolved(f"{what} tried to stop Python (SystemExit){_where(exc)}.",
                         "Return a value instead of calling exit() or sys.exit().")
    message = clip(exc)
    return NotSolved(f"{what} raised {type(exc).__name__}{': ' + message if message else ''}{_where(exc)}.",
                     "Run it yourself in the scratch cell on the same input and read the traceback.")


def fresh(value: Any) -> Any:
    """An independent copy of a case argument, so learner code cannot spoil the next case."""
    clone = getattr(value, "clone", None)
    if callable(clone) and not inspect.isclass(value):
        return clone()
    try:
        return copy.deepcopy(value)
    except Exception:
        return value


# --- questions ---------------------------------------------------------------------------------------

@dataclass
class Case:
    """One input of a function question: ``args`` for the learner's function, ``label`` in plain words."""

    label: str
    args: tuple


class Question:
    """One exercise: ``check(answer)``, ``hint()``, ``solution()``, and ``grade(answer)`` for graders.

    Subclasses implement ``_judge(answer, hidden, extra)``, which raises :class:`NotSolved`
    when the answer is wrong.

    Args:
        label: the question's short name, e.g. ``"q4a"``.
        title: what it asks, in a few words.
        answer_name: the name the learner's answer has in the notebook (``"q4a_sale_rupees"``).
        rules: the rule IDs the question practises.
        hints: hints from gentle to explicit; ``hint()`` shows them one after the other.
        solution: the reference answer as Python source (a string, or a callable returning one).
        explanation: a few words printed after the solution.
    """

    expects = "an answer"

    def __init__(self, label: str, title: str, answer_name: str, rules: Sequence[str] = (),
                 hints: Sequence[str] = (), solution: str | Callable[[], str] = "", explanation: str = ""):
        self.label = label
        self.title = title
        self.answer_name = answer_name
        self.rules = tuple(rules)
        self.hints = tuple(hints)
        self._solution = solution
        self.explanation = explanation
        self._next_hint = 0

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.label}: {self.title}; answer {self.answer_name}>"

    @property
    def heading(self) -> str:
        return f"{self.label} ({self.title})"

    # -- what learners call --

    def check(self, answer: Any) -> bool:
        """Run the public checks on ``answer``; print the verdict; return True or False.

        Never raises for a bad answer (except under nbgrader, see the module notes).
        """
        ok, text = self._verdict(answer, hidden=False, extra=())
        print(text)
        if not ok and grading_run():
            raise AssertionError(text)
        return ok

    def grade(self, answer: Any, extra: Iterable[Any] = ()) -> bool:
        """The grader's check: public and hidden cases (plus ``extra`` ones); AssertionError if it fails.

        Meant for the hidden-tests region of a graded cell. ``extra`` are more inputs for a
        function question (a State, or a tuple of arguments), written by the teacher in the notebook.
        """
        ok, text = self._verdict(answer, hidden=True, extra=tuple(extra))
        print(text)
        if not ok:
            raise AssertionError(text)
        return True

    def hint(self) -> None:
        """Print the next hint (they go from gentle to explicit, then start again)."""
        if not self.hints:
            print(f"{self.heading}: no hint for this one; read the rules {', '.join(self.rules)}.")
            return
        i = self._next_hint % len(self.hints)
        self._next_hint += 1
        print(f"{self.heading}, hint {i + 1} of {len(self.hints)}: {self.hints[i]}")

    def solution(self) -> None:
        """Print a reference answer (unless the teacher switched solutions off)."""
        if solutions_hidden():
            print(f"{self.heading}: solutions are switched off here; ask your teacher, or try {self.label}.hint().")
            return
        text = self._solution() if callable(self._solution) else self._solution
        print(f"{self.heading}, a reference answer:\n")
        print(textwrap.indent(text.rstrip(), "    "))
        if self.explanation:
            print("\n" + textwrap.fill(self.explanation, 100))

    # -- the machinery --

    def _verdict(self, answer: Any, hidden: bool, extra: tuple) -> tuple[bool, str]:
        try:
            note = self._judge(answer, hidden, extra)
        except NotSolved as failure:
            hint = failure.hint or (self.hints[0] if self.hints else "")
            text = f"{self.heading}: not solved yet: {failure.problem}"
            if hint:
                text += f"\n  Hint: {hint}"
            if self.rules:
                text += f"\n  Rules: {', '.join(self.rules)}"
            return False, text
        except TimeUp:
            return False, (f"{self.heading}: not solved yet: {self.answer_name} took too long and was stopped.\n"
                           "  Hint: look for a loop that never ends, or work that grows too fast.")
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # an answer too odd to compare, or a bug of the check itself
            return False, (f"{self.heading}: not solved yet: the check could not finish "
                           f"({type(exc).__name__}: {clip(exc)}).\n  Hint: {self.answer_name} should be "
                           f"{self.expects}. If it is, tell your teacher: this may be a bug of the check.")
        text = f"{self.heading}: {GRADED if hidden else PASSED}."
        return True, text + (f"\n  {note}" if note else "")

    def _missing(self, answer: Any) -> None:
        """NotSolved if the answer is still empty (None, ..., a NotImplemented stub)."""
        if answer is None or answer is ... or answer is NotImplemented:
            raise NotSolved(f"{self.answer_name} is still {short(answer)}: there is no answer yet.",
                            f"Write {self.expects} in the answer cell, run it, then run the check again.")

    def _judge(self, answer: Any, hidden: bool, extra: tuple) -> str | None:  # pragma: no cover - abstract
        """Raise NotSolved if ``answer`` is wrong; else return None or a note for the success line."""
        raise NotImplementedError


class ValueQuestion(Question):
    """A question whose answer is a value (a number, a rule ID, a dict of them).

    Args:
        expected: returns the right answer (asked of the engine; called once, then cached).
        judge: ``judge(answer, expected)`` raises NotSolved with a precise message when wrong.
        expects: what the answer should be, in words ("a whole number", "a dict ...").
    """

    def __init__(self, *args, expected: Callable[[], Any], judge: Callable[[Any, Any], None],
                 expects: str = "a value", **kwargs):
        super().__init__(*args, **kwargs)
        self._expected = expected
        self._judge_value = judge
        self.expects = expects
        self._cache: list = []

    @property
    def expected(self) -> Any:
        if not self._cache:
            self._cache.append(self._expected())
        return self._cache[0]

    def _judge(self, answer: Any, hidden: bool, extra: tuple) -> None:
        self._missing(answer)
        self._judge_value(answer, self.expected)


class FunctionQuestion(Question):
    """A question whose answer is a function, run on public cases (and hidden ones at grading).

    Args:
        cases: returns the public cases (a list of :class:`Case`).
        hidden_cases: returns more cases, used by ``grade``.
        expected: ``expected(*args)`` is the right result for a case, asked of the engine.
        compare: ``compare(got, expected, case)`` raises NotSolved when ``got`` is wrong.
        make_case: turns a teacher's ``extra`` item into a Case (default: a tuple is the
            arguments, anything else the single argument).
        per_call, total: time budget in seconds for one call and for the whole check.
        none_ok: None is a possible right answer (it is then compared like any other result).
    """

    expects = "a function"

    def __init__(self, *args, cases: Callable[[], list[Case]], expected: Callable[..., Any],
                 compare: Callable[[Any, Any, Case], None], hidden_cases: Callable[[], list[Case]] = list,
                 make_case: Callable[[Any], Case] | None = None, signature: str = "",
                 per_call: float = 5.0, total: float = 30.0, none_ok: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.none_ok = none_ok
        self._cases = cases
        self._hidden_cases = hidden_cases
        self._expected_fn = expected
        self._compare = compare
        self._make_case = make_case or _default_case
        self.signature = signature or f"{self.answer_name}(...)"
        self.expects = f"a function, def {self.signature}: ..."
        self.per_call = per_call
        self.total = total
        self._public: list[Case] | None = None
        self._hidden: list[Case] | None = None
        self._expected_cache: dict[int, Any] = {}

    def cases(self, hidden: bool = False, extra: tuple = ()) -> list[Case]:
        """The cases a check runs: public ones, plus hidden and extra ones at grading."""
        if self._public is None:
            self._public = list(self._cases())
        cases = list(self._public)
        if hidden:
            if self._hidden is None:
                self._hidden = list(self._hidden_cases())
            cases += self._hidden
            cases += [self._make_case(item) for item in extra]
        return cases

    def expected(self, case: Case) -> Any:
        key = id(case)
        if key not in self._expected_cache:
            self._expected_cache[key] = (case, self._expected_fn(*[fresh(a) for a in case.args]))
        return self._expected_cache[key][1]

    def _judge(self, answer: Any, hidden: bool, extra: tuple) -> None:
        self._missing(answer)
        if not callable(answer) or inspect.isclass(answer):
            raise NotSolved(f"{self.answer_name} should be a function (def {self.signature}: ...), "
                            f"but it is {_kind(answer)}: {short(answer)}.",
                            "Keep the def line of the answer cell and write the body below it.")
        if is_stub(answer):
            raise NotSolved(f"{self.answer_name} is still the empty stub: its body is only `pass`.",
                            "Replace `pass` (under YOUR CODE HERE) with your code, run the cell, then check again.")
        cases = self.cases(hidden, extra)
        with Budget(self.per_call, self.total) as budget:
            for number, case in enumerate(cases, 1):
                want = self.expected(case)
                where = f"on case {number} of {len(cases)} ({case.label})"
                try:
                    got = budget.call(answer, *[fresh(a) for a in case.args])
                except TimeUp:
                    raise NotSolved(f"{self.answer_name} took too long {where} and was stopped "
                                    f"(limit {min(self.per_call, self.total):g} s).",
                                    "Look for a loop that never ends, or work that grows too fast.") from None
                except KeyboardInterrupt:
                    raise
                except BaseException as exc:
                    raise describe_error(exc, f"{self.answer_name} {where}") from None
                if got is None and not self.none_ok:
                    raise NotSolved(f"{self.answer_name} returned None {where}: is a `return` missing, or is "
                                    "it still the stub?", "End the function with `return <your result>`.")
                try:
                    self._compare(got, want, case)
                except NotSolved as failure:
                    raise NotSolved(f"{where}: {failure.problem}", failure.hint) from None


def is_stub(function: Any) -> bool:
    """True for a function whose body is only a docstring, comments and ``pass`` or ``...``.

    That is what the student release leaves in an answer cell (``# YOUR CODE HERE`` then ``pass``).
    """
    if getattr(function, "__code__", None) is None:
        return False
    try:
        source = textwrap.dedent(inspect.getsource(function))
    except (OSError, TypeError):
        return False
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    if not tree.body or not isinstance(tree.body[0], (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    body = tree.body[0].body
    if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]  # the docstring
    return all(isinstance(node, ast.Pass) or (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
                                              and node.value.value is Ellipsis) for node in body)


def _default_case(item: Any) -> Case:
    if isinstance(item, Case):
        return item
    args = item if isinstance(item, tuple) else (item,)
    return Case("a case from the grader", args)


# --- bots --------------------------------------------------------------------------------------------

class _BotCrashed(Exception):
    def __init__(self, original: BaseException):
        super().__init__(str(original))
        self.original = original


class _FunctionAgent:
    """A plain function ``choose(view)`` dressed as an agent."""

    def __init__(self, function: Callable):
        self.choose = function
        self.name = getattr(function, "__name__", "your function")


class _Guarded:
    """Wraps the learner's agent: its ``choose`` runs within the budget, its errors are kept."""

    def __init__(self, agent: Any, budget: Budget):
        self.agent = agent
        self.budget = budget
        self.name = str(getattr(agent, "name", "your bot"))
        self.last: Any = "nothing yet"
        self.turns = 0

    def choose(self, view):
        self.turns += 1
        try:
            self.last = self.budget.call(self.agent.choose, view)
        except (TimeUp, KeyboardInterrupt):
            raise
        except BaseException as exc:
            raise _BotCrashed(exc) from None
        return self.last


class AgentQuestion(Question):
    """A question whose answer is a bot that must beat an opponent often enough.

    The bot may be a class with a ``name`` and a ``choose(self, view)`` method (a new instance
    per match; ``__init__`` takes no argument or a seed), an instance of such a class, or a plain
    function ``choose(view)``. ``choose`` gets a :class:`caravan_lessons.agents.View` and returns
    one of ``view.legal_actions``.

    Args:
        game: the game's name, e.g. ``"jaipur"``.
        opponent: builds the opponent from a seed (default: ``RandomAgent``).
        matches: matches per check; seats are swapped every other match.
        need: the share of matches the bot must win (draws do not count).
        seed, hidden_seed: seeds of the public and the grading series.
        per_call, total: time budget in seconds for one ``choose`` and for the whole check.
    """

    expects = "a bot: a class with a `name` and a method `choose(self, view)` returning one of view.legal_actions"

    def __init__(self, *args, game: str, opponent: Callable[[int], Any] | None = None,
                 opponent_name: str = "RandomAgent", matches: int = 200, need: float = 0.6,
                 seed: int = 1, hidden_seed: int = 2, per_call: float = 1.0, total: float = 60.0,
                 max_turns: int = 5000, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        self.opponent = opponent
        self.opponent_name = opponent_name
        self.matches = matches
        self.need = need
        self.seed = seed
        self.hidden_seed = hidden_seed
        self.per_call = per_call
        self.total = total
        self.max_turns = max_turns

    def _factory(self, answer: Any) -> Callable[[int], Any]:
        """A function seed -> a fresh agent; NotSolved if ``answer`` cannot be a bot."""
        name = self.answer_name
        if inspect.isclass(answer):
            if not callable(getattr(answer, "choose", None)):
                raise NotSolved(f"the class {answer.__name__} has no method choose(self, view).",
                                "Add `def choose(self, view):` returning one of view.legal_actions.")
            try:
                params = [p for p in inspect.signature(answer).parameters.values()
                          if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
            except (TypeError, ValueError):
                params = []
            if len(params) > 1:
                raise NotSolved(f"{answer.__name__}() needs {len(params)} arguments to be built; the check "
                                "builds one bot per match with no argument (or just a seed).",
                                "Give __init__ no parameters besides self, or only `seed=None`.")

            def build(seed: int):
                try:
                    return answer(seed) if params else answer()
                except (KeyboardInterrupt, TimeUp):
                    raise
                except BaseException as exc:
                    raise describe_error(exc, f"building your bot {answer.__name__}()") from None
            agent = build(0)
        elif callable(getattr(answer, "choose", None)):
            agent = answer

            def build(seed: int):
                return answer
        elif callable(answer):
            agent = _FunctionAgent(answer)

            def build(seed: int):
                return _FunctionAgent(answer)
        else:
            raise NotSolved(f"{name} should be a bot (a class with a `name` and a method `choose(self, view)`), "
                            f"but it is {_kind(answer)}: {short(answer)}.",
                            "Keep the class line of the answer cell and write the body of choose.")
        bot_name = getattr(agent, "name", None)
        if not isinstance(bot_name, str) or not bot_name.strip():
            raise NotSolved(f"your bot has no `name` (it has {short(bot_name)}); the Agent protocol asks for one.",
                            'Add a class attribute such as `name = "my trader"`.')
        return build

    def _judge(self, answer: Any, hidden: bool, extra: tuple) -> str | None:
        self._missing(answer)
        build = self._factory(answer)
        series = [self.hidden_seed] if hidden else [self.seed]  # check runs the public series, grade the other
        notes = []
        with Budget(self.per_call, self.total) as budget:
            for seed in series:
                wins = self._series(build, budget, seed)
                notes.append(f"{wins} of {self.matches} ({100 * wins / self.matches:.1f} %)")
        return (f"Your bot won {' and '.join(notes)} matches against {self.opponent_name} "
                f"({'grading' if hidden else 'public'} series); {100 * self.need:g} % needed.")

    def _series(self, build: Callable[[int], Any], budget: Budget, seed: int) -> int:
        from ..agents import RandomAgent, play_match
        from ..core import derive_seed

        opponent = self.opponent or RandomAgent
        needed = self.need * self.matches
        wins = 0
        for i in range(self.matches):
            bot = _Guarded(build(derive_seed(seed, "bot0", i)), budget)
            rival = opponent(derive_seed(seed, "bot1", i))
            swap = i % 2 == 1
            seat = 1 if swap else 0
            try:
                result = play_match(self.game, [rival, bot] if swap else [bot, rival],
                                    seed=derive_seed(seed, "match", i), max_turns=self.max_turns)
            except _BotCrashed as crash:
                where = f"in match {i + 1} (your bot in seat {seat}, its move {bot.turns})"
                raise describe_error(crash.original, f"your bot's choose {where}") from None
            except TimeUp:
                if budget.left <= 0:
                    raise NotSolved(f"your bot is too slow: {i} matches took the whole budget of "
                                    f"{self.total:g} s; the check plays {self.matches}.",
                                    "Keep choose cheap: a few simple rules over view.legal_actions, no "
                                    "deep search.") from None
                raise NotSolved(f"one call of choose took over {self.per_call:g} s in match {i + 1} and was "
                                "stopped.", "Look for a loop that never ends in choose.") from None
            except RuntimeError as exc:
                raise NotSolved(f"match {i + 1} did not end within {self.max_turns} turns ({exc}).",
                                "Does your bot keep exchanging cards back and forth? Let it sell or take "
                                "cards too.") from None
            except ValueError as exc:
                move = f"its move {bot.turns}"
                if not isinstance(bot.last, _action_base(self.game)):
                    what = short(bot.last) if bot.last is None else f"{short(bot.last)} ({_kind(bot.last)})"
                    raise NotSolved(f"your bot returned {what} in match {i + 1}, "
                                    f"{move}: choose must return one of view.legal_actions.",
                                    "End choose with `return <an action from view.legal_actions>`.") from None
                raise NotSolved(f"your bot chose an illegal move in match {i + 1}, {move}: {short(bot.last)}. "
                                f"The engine says: {exc}",
                                "Only return actions taken from view.legal_actions.") from None
            if result.winner == seat:
                wins += 1
            left = self.matches - i - 1
            if wins + left < needed:
                raise NotSolved(f"your bot won {wins} of its first {i + 1} matches against "
                                f"{self.opponent_name}; it can no longer reach {100 * self.need:g} % of "
                                f"{self.matches}.")
        return wins


def _action_base(game: str) -> type:
    from ..core import game_module

    return getattr(game_module(game), "Action", object)

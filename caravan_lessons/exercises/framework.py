"""Questions with ``check()``, ``hint()`` and ``solution()``: one set of pure checks for everyone.

A self-learner types ``q4a.check(q4a_sale_rupees)`` and reads a verdict: what is wrong, on which
case, and a hint. A teacher's nbgrader notebook calls the same ``check`` in its graded cell and
``grade`` between ``### BEGIN HIDDEN TESTS`` / ``### END HIDDEN TESTS``. The checks ask the game
engine for the right answers; they never read widgets.

**What the installed package holds, and what it does not.** It holds the questions, their
*public* cases and the engine that answers them. It holds no reference solution and no hidden
case: the reference answers are the solution regions of the source notebooks
(``exercises/<game>/*.ipynb``), the hidden cases are written in their ``### BEGIN HIDDEN TESTS``
regions and handed to ``grade(answer, extra=[...])``; ``nbgrader generate_assignment`` strips
both. A value question (a number, a rule ID) stores only a SHA-256 digest of each right answer.
``solution()`` prints the solution region of the source notebook when it can find one (a clone
of the project); elsewhere it says where the answers are.

Whatever the learner hands in -- ``None``, the wrong type, a function that raises, returns
garbage, loops for ever or catches every exception -- ``check`` prints "not solved yet: ..." and
returns ``False``; it does not raise into the notebook and does not hang. On Linux and macOS a
check runs in a forked copy of the kernel, killed when it runs past its time limit; learner code
also runs under a per-call budget (:class:`Budget`) so that a slow call is named precisely.

Two exceptions to "never raises", both for graders, not for learners:

* ``grade()`` raises ``AssertionError`` when the answer fails (nbgrader withholds the points);
* when nbgrader itself runs the notebook (it sets ``NBGRADER_EXECUTION`` to ``validate`` or
  ``autograde``), a failing ``check`` raises too, so nbgrader's Validate button and the autograder
  see the failure even in a release that lost its hidden tests -- unless ``grade`` of the same
  question part already passed in that kernel (a graded cell may run its hidden ``grade`` first,
  e.g. to grade a later part on the reference of an earlier one). The check then does not say
  "not solved yet" beside the points just given: it says that the points are earned, that the
  grade used the teacher's reference of the earlier answer, and what goes wrong with the
  learner's own earlier answer, so that feedback and marks agree.
"""
from __future__ import annotations

import copy
import hashlib
import inspect
import io
import json
import os
import select
import sys
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

from . import guard

__all__ = [
    "GRADED",
    "PASSED",
    "AgentQuestion",
    "Budget",
    "Case",
    "FunctionQuestion",
    "NotSolved",
    "Question",
    "Tier",
    "TimeUp",
    "ValueQuestion",
    "answer_cell_error",
    "clip",
    "digest",
    "grading_run",
    "is_stub",
    "run_isolated",
    "short",
    "wilson",
]

PASSED = "public checks passed; hidden checks run at grading"
"""What a successful ``check`` says. Never a bare 'all tests passed': the grader runs more."""
GRADED = "every check passed, the hidden ones included"
"""What a successful ``grade`` says."""

_PACKAGE_DIR = str(Path(__file__).resolve().parents[1])
guard.install()  # under nbgrader's autograde only: remember it, and keep the answers' files out of reach


def grading_run() -> bool:
    """True when nbgrader runs the notebook (validate or autograde): failed checks then raise.

    It stays True once the exercises were imported under nbgrader, even if the learner's code removes
    ``NBGRADER_EXECUTION`` (see :mod:`caravan_lessons.exercises.guard`)."""
    return guard.grading_run()


def autograding() -> bool:
    """True while nbgrader autogrades this kernel: what learner code prints is then not shown (the
    feedback goes to the student, and printed text could carry the hidden tests)."""
    return guard.installed() or os.environ.get(guard.GRADING_VARIABLE, "") == "autograde"


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
    """A one-line, bounded ``repr`` of any value (even one whose ``__repr__`` raises, or an
    integer too long for ``repr``)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"<an integer of about {int(value.bit_length() * 0.30103) + 1} digits>"
    try:
        text = _REPR.repr(value)
    except Exception:
        return f"<{_type_name(value)} that cannot be shown>"
    return text if len(text) <= 200 else text[:197] + "..."


def _type_name(value: Any) -> str:
    name = getattr(type(value), "__name__", "object")
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def clip(text: Any, length: int = 160) -> str:
    """The first line of ``text``, cut to ``length`` characters (for error messages).

    Safe on anything: an object whose ``__str__`` raises, or a huge integer, is described instead.
    """
    if isinstance(text, int) and not isinstance(text, bool):
        return short(text)
    try:
        text = str(text)
    except Exception:
        return f"<{_type_name(text)} that cannot be shown>"
    lines = text.strip().splitlines()
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

TIME_SCALE_VARIABLE = "CARAVAN_TIME_SCALE"


def time_scale() -> float:
    """How much longer every :class:`Budget` may run: ``$CARAVAN_TIME_SCALE`` (a number from 1 to 100),
    else 1. The test suite sets it on busy shared machines, where wall-clock limits meant for a
    student's laptop would fail a valid bot; real grading leaves it unset. A value that is not a
    number in that range counts as 1."""
    try:
        scale = float(os.environ.get(TIME_SCALE_VARIABLE, "1"))
    except ValueError:
        return 1.0
    return scale if 1.0 <= scale <= 100.0 else 1.0


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
        scale = time_scale()
        self.per_call = per_call * scale
        self.total = total * scale
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


# --- running a whole check in a forked copy of the kernel --------------------------------------------

FORK = hasattr(os, "fork") and sys.platform != "win32"
"""True where a check runs in a forked process that is killed when it runs past its limit."""


STOPPED = ("Your code never returned, even when asked to stop (does it catch every exception in a loop?).\n"
           "  Hint: look for a loop that never ends; never write `except BaseException:` or a bare `except:` "
           "around a loop.")
"""What a check stopped at its hard stop says, after "the check was stopped after N s." (a bot question
says something else: there the opponent's moves count too)."""


def run_isolated(function: Callable[[], tuple[bool, str]], limit: float, stopped: str = STOPPED) -> tuple[bool, str]:
    """``function()`` -> (ok, text), run in a forked child that is killed after ``limit`` seconds.

    Learner code that loops for ever, even while catching every exception (``except
    BaseException``), cannot hang the notebook: the child is killed with SIGKILL. What the learner
    code prints is kept (the first 2,000 characters) and shown before the verdict, except while
    nbgrader autogrades (:func:`autograding`): then only its length is said, because the feedback page
    would show it to the student and printed text can carry the hidden tests. Without ``os.fork``
    (Windows) the function runs in-process (the :class:`Budget` still applies). ``limit`` is
    multiplied by :func:`time_scale`, like every budget inside it: a hard stop that did not move would
    cut a check whose scaled budgets are still running. ``stopped``: the words after "the check was
    stopped after N s." when the hard stop is reached.
    """
    if not FORK:
        return function()
    limit = limit * time_scale()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: run, send the verdict, leave at once (no atexit, no kernel cleanup)
        status = 0
        try:
            os.close(read_end)
            buffer = io.StringIO()
            sys.stdout = sys.stderr = buffer
            try:
                ok, text = function()
            except BaseException as exc:  # a bug of the check itself: report it, never hang
                ok, text = False, f"the check could not finish ({type(exc).__name__}: {clip(exc)})"
            printed = buffer.getvalue()
            payload = json.dumps({"ok": bool(ok), "text": str(text), "printed": printed[:2000],
                                  "more": len(printed) > 2000}).encode()
            with os.fdopen(write_end, "wb") as pipe:
                pipe.write(payload)
        except BaseException:
            status = 1
        finally:
            os._exit(status)
    os.close(write_end)
    chunks: list[bytes] = []
    deadline = time.monotonic() + limit
    killed = False
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                killed = True
                break
            ready, _, _ = select.select([read_end], [], [], min(left, 0.5))
            if ready:
                chunk = os.read(read_end, 65536)
                if not chunk:
                    break
                chunks.append(chunk)
    finally:
        if killed:
            try:
                os.kill(pid, 9)
            except ProcessLookupError:
                pass
        os.close(read_end)
        _, status = os.waitpid(pid, 0)
    if killed:
        return False, f"not solved yet: the check was stopped after {limit:g} s. {stopped}"
    try:
        data = json.loads(b"".join(chunks).decode())
    except ValueError:
        how = (f"killed by signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status)
               else f"exit status {os.WEXITSTATUS(status)}")
        return False, ("not solved yet: the check stopped before it could give a verdict (did your code "
                       f"call os._exit or crash Python? The check's process ended: {how}).")
    text = data["text"]
    if data["printed"].strip():
        if autograding():
            size = f"{len(data['printed'])}{'+' if data['more'] else ''}"
            text = f"[your code printed {size} characters; not shown while grading]\n{text}"
        else:
            more = " (cut)" if data["more"] else ""
            text = f"[your code printed{more}:]\n{data['printed'].rstrip()}\n{text}"
    return data["ok"], text


def digest(label: str, key: Any, value: Any) -> str:
    """The SHA-256 digest under which a value question stores one right answer.

    ``value`` is made canonical first (JSON, keys sorted), so ``digest("q2a", None, 1)`` is the
    digest of the answer 1 to q2a. The package holds only these digests, never the answers.
    """
    text = json.dumps([label, key, value], sort_keys=True)
    return hashlib.sha256(("caravan_lessons:" + text).encode()).hexdigest()


def answer_cell_error(answer_name: str) -> str | None:
    """If the last cell that raised in this IPython kernel assigns ``answer_name``: its error, in words.

    IPython keeps the last error in ``sys.last_value``; its traceback shows the cell it came from.
    Returns e.g. ``"NameError: name 'x' is not defined (line 3)"``, or None.
    """
    exc = getattr(sys, "last_value", None)
    if exc is None:
        return None
    import linecache
    import re

    pattern = re.compile(rf"^\s*(def\s+|class\s+)?{re.escape(answer_name)}\b")
    for frame in traceback.extract_tb(exc.__traceback__):
        if frame.name != "<module>":
            continue
        lines = linecache.getlines(frame.filename)
        if any(pattern.match(line) for line in lines):
            return f"{type(exc).__name__}: {clip(exc)} (line {frame.lineno})"
    return None


# --- questions ---------------------------------------------------------------------------------------

@dataclass
class Case:
    """One input of a function question: ``args`` for the learner's function, ``label`` in plain words."""

    label: str
    args: tuple


def _answer_globals(answer: Any) -> dict | None:
    """The module namespace an answer's code reads its global names from (a notebook's, usually)."""
    if inspect.isfunction(answer):
        return answer.__globals__
    owner = answer if inspect.isclass(answer) else type(answer)
    for value in vars(owner).values() if hasattr(owner, "__dict__") else ():
        if inspect.isfunction(value):
            return value.__globals__
    return None


class Question:
    """One exercise: ``check(answer)``, ``hint()``, ``solution()``, and ``grade(answer)`` for graders.

    Subclasses implement ``_judge(answer, part, graded, extra, **options)``, which raises
    :class:`NotSolved` when the answer is wrong.

    Args:
        label: the question's short name, e.g. ``"q4a"``.
        title: what it asks, in a few words.
        answer_name: the name the learner's answer has in the notebook (``"q4a_sale_rupees"``).
        rules: the rule IDs the question practises.
        hints: hints from gentle to explicit; ``hint()`` shows them one after the other.
        game: the game whose source notebooks hold the reference answer (``solution()``).
        parts: graded parts of the question, name -> words (``check(answer, part=name)``); each
            part is one graded cell of the notebook, so a partly right answer earns part of the points.
        uses: earlier answers this one may call, name -> their question (``{"q5a_round_rupees": q5a}``):
            when the check fails and the earlier answer is wrong too, the message says so.
        limit: seconds after which a whole check is stopped (the forked copy is killed).
    """

    expects = "an answer"

    def __init__(self, label: str, title: str, answer_name: str, rules: Sequence[str] = (),
                 hints: Sequence[str] = (), game: str = "", parts: dict[str, Any] | None = None,
                 uses: dict[str, Question] | None = None, limit: float = 60.0):
        self.label = label
        self.title = title
        self.answer_name = answer_name
        self.rules = tuple(rules)
        self.hints = tuple(hints)
        self.game = game
        self.parts = dict(parts or {})
        self.uses = dict(uses or {})
        self.limit = limit
        self._next_hint = 0
        # (id(answer), part) -> (the answer itself, the names its passing grade replaced by the teacher's
        # references); the answer is kept so that its id cannot pass to another object (see _graded_before)
        self._graded_ok: dict[tuple[int, str | None], tuple[Any, tuple[str, ...]]] = {}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.label}: {self.title}; answer {self.answer_name}>"

    @property
    def heading(self) -> str:
        return f"{self.label} ({self.title})"

    def _heading(self, part: str | None) -> str:
        if part is None:
            return self.heading
        words = self.parts[part]
        return f"{self.label}, {words if isinstance(words, str) else part}"

    def _check_part(self, part: str | None) -> None:
        if part is not None and (not isinstance(part, str) or part not in self.parts):   # a list: no part
            known = ", ".join(repr(p) for p in self.parts) or "none"
            raise ValueError(f"{self.label} has no part {part!r}; its parts: {known}")

    # -- what learners call --

    def check(self, answer: Any, part: str | None = None) -> bool:
        """Run the public checks on ``answer`` (all parts, or one); print the verdict; return True or False.

        Never raises for a bad answer (except under nbgrader, see the module notes), never hangs.
        """
        self._check_part(part)
        graded_with = self._graded_before(answer, part) if grading_run() else None
        ok, text = self._run(answer, part, graded=False, extra=(), earlier=None, options={},
                             graded_with=graded_with)
        print(text)
        if not ok and grading_run() and graded_with is None:
            raise AssertionError(text)
        return ok

    def grade(self, answer: Any, extra: Iterable[Any] = (), part: str | None = None,
              earlier: dict[str, Any] | None = None, **options: Any) -> bool:
        """The grader's check: the public cases plus ``extra`` ones; AssertionError if it fails.

        Meant for the hidden-tests region of a graded cell, which holds the hidden cases:

        Args:
            extra: more inputs for a function question (a State, or a tuple of arguments), written
                by the teacher in the notebook's hidden-tests region.
            part: grade one part only (see ``parts``).
            earlier: names the answer may call, replaced while grading by the teacher's reference
                (``{"q5a_round_rupees": reference_q5a}``), so one mistake costs one question.
            options: question-specific settings, e.g. ``seed=`` of a bot question's grading series.
        """
        self._check_part(part)
        ok, text = self._run(answer, part, graded=True, extra=tuple(extra), earlier=earlier, options=options)
        print(text)
        if not ok:
            raise AssertionError(text)
        self._graded_ok[(id(answer), part)] = (answer, tuple(earlier or ()))
        return True

    def _graded_before(self, answer: Any, part: str | None) -> tuple[str, ...] | None:
        """The names that this very ``answer``'s passing ``grade`` replaced (a tuple, maybe empty), or None if it
        was not graded. Matched by identity, not by id alone: an object made after a graded answer was freed
        can get its id, and must not inherit its points (an unearned pass under nbgrader)."""
        found = self._graded_ok.get((id(answer), part))
        return found[1] if found is not None and found[0] is answer else None

    def hint(self) -> None:
        """Print the next hint (they go from gentle to explicit, then start again)."""
        if not self.hints:
            print(f"{self.heading}: no hint for this one; read the rules {', '.join(self.rules)}.")
            return
        i = self._next_hint % len(self.hints)
        self._next_hint += 1
        print(f"{self.heading}, hint {i + 1} of {len(self.hints)}: {self.hints[i]}")

    def solution(self) -> None:
        """Print the reference answer from the source notebook, if this is a clone of the project.

        The installed package holds no answer: the reference is the solution region of the
        exercise's source notebook (``exercises/<game>/``). Without it (a package installed from
        PyPI, a student's copy of a course) a short message says where answers come from.
        """
        from .release import reference_source

        text = reference_source(self.game, self.answer_name) if self.game else None
        if text is None:
            print(f"{self.heading}: no reference answer here. The answers are in the source notebooks "
                  f"(exercises/{self.game or '<game>'}/ in a clone of the caravan_lessons project), not in the "
                  f"installed package; in a class, ask your teacher. Try {self.label}.hint().")
            return
        print(f"{self.heading}, a reference answer (from the source notebook):\n")
        print(textwrap.indent(text.rstrip(), "    "))

    # -- the machinery --

    def hard_stop(self, part: str | None = None) -> float:
        """Seconds (before :func:`time_scale`) after which one ``check`` or ``grade`` of ``part`` (None: all
        parts) is stopped, whatever the learner's code does: the bound on a graded cell's time."""
        return self.limit

    stopped = STOPPED
    """What a check stopped at its hard stop says (see :func:`run_isolated`)."""

    def _prepare(self, part: str | None, graded: bool, extra: tuple) -> None:
        """Work done once in the kernel before the forked check (it is then shared by every check)."""

    def _run(self, answer: Any, part: str | None, graded: bool, extra: tuple, earlier: dict | None,
             options: dict, graded_with: tuple[str, ...] | None = None) -> tuple[bool, str]:
        self._prepare(part, graded, extra)
        return run_isolated(lambda: self._verdict(answer, part, graded, extra, earlier, options, graded_with),
                            self.hard_stop(part), self.stopped)

    def _verdict(self, answer: Any, part: str | None = None, graded: bool = False, extra: tuple = (),
                 earlier: dict | None = None, options: dict | None = None,
                 graded_with: tuple[str, ...] | None = None) -> tuple[bool, str]:
        """(ok, the verdict in words). ``graded_with``: this part's ``grade`` already passed in this
        grading run, with these names replaced by the teacher's references; a failure is then told
        as what it is (the learner's own earlier answer, not this one), never as "not solved yet"."""
        heading = self._heading(part)
        namespace = _answer_globals(answer) if earlier else None
        saved = {}
        if namespace is not None:
            saved = {name: namespace.get(name, _ABSENT) for name in earlier}
            namespace.update(earlier)
        try:
            note = self._judge(answer, part, graded, extra, **(options or {}))
        except NotSolved as failure:
            if graded_with is not None:
                return False, self._after_grade(heading, failure.problem, answer, graded_with)
            hint = failure.hint or (self.hints[0] if self.hints else "")
            text = f"{heading}: not solved yet: {failure.problem}"
            if hint:
                text += f"\n  Hint: {hint}"
            text += self._earlier_note(answer)
            if self.rules:
                text += f"\n  Rules: {', '.join(self.rules)}"
            return False, text
        except TimeUp:
            problem = f"{self.answer_name} took too long and was stopped."
            if graded_with is not None:
                return False, self._after_grade(heading, problem, answer, graded_with)
            return False, (f"{heading}: not solved yet: {problem}\n"
                           "  Hint: look for a loop that never ends, or work that grows too fast.")
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # an answer too odd to compare, or a bug of the check itself
            problem = f"the check could not finish ({type(exc).__name__}: {clip(exc)})."
            if graded_with is not None:
                return False, self._after_grade(heading, problem, answer, graded_with)
            return False, (f"{heading}: not solved yet: {problem}\n  Hint: {self.answer_name} should be "
                           f"{self.expects}. If it is, tell your teacher: this may be a bug of the check.")
        finally:
            for name, value in saved.items():
                if value is _ABSENT:
                    namespace.pop(name, None)
                else:
                    namespace[name] = value
        text = f"{heading}: {GRADED if graded else PASSED}."
        return True, text + (f"\n  {note}" if note else "")

    def _earlier_note(self, answer: Any, after_grade: bool = False) -> str:
        """' Note: your q5a_round_rupees is not right yet ...' when a used earlier answer fails its check."""
        namespace = _answer_globals(answer)
        code = getattr(answer, "__code__", None)
        if not self.uses or namespace is None or code is None:
            return ""
        for name, question in self.uses.items():
            if name in code.co_names and namespace.get(name) is not None:
                ok, _ = question._verdict(namespace[name])
                if not ok:
                    if after_grade:
                        return (f"\n  Note: your {name} does not pass its own check ({question.label}) yet; "
                                f"{question.label} is marked on its own. Fix it there and copy it here.")
                    return (f"\n  Note: {self.answer_name} calls your {name}, which does not pass its own check "
                            f"({question.label}) yet: fix {question.label} first. When grading, {self.label} is "
                            f"graded with a correct {name}, so one mistake costs one question.")
        return ""

    def _after_grade(self, heading: str, problem: str, answer: Any, graded_with: tuple[str, ...]) -> str:
        """The words of a check that fails after the same part's ``grade`` passed (a grading run).

        The grade gave the points, with ``graded_with`` replaced by the teacher's references; the
        check ran the learner's own code. Feedback must not say "not solved yet" beside full marks."""
        if graded_with:
            names = " and ".join(graded_with)
            return (f"{heading}: graded: the points are yours. {self.answer_name} was graded with the teacher's "
                    f"{names} in place of yours (the line above), so one mistake costs one question.\n"
                    f"  With your own {names}, {self.answer_name} does not pass the public check: {problem}"
                    + self._earlier_note(answer, after_grade=True))
        return (f"{heading}: graded: the points are yours (the line above). The public check, run again "
                f"after grading, did not pass: {problem}")

    def _missing(self, answer: Any) -> None:
        """NotSolved if the answer is still empty (None, ..., NotImplemented), saying why if its cell raised."""
        if answer is None or answer is ... or answer is NotImplemented:
            error = answer_cell_error(self.answer_name) if answer is None else None
            if error:
                raise NotSolved(f"{self.answer_name} is still None because its answer cell raised {error}.",
                                "Fix that error in the answer cell, run the cell again, then run the check.")
            raise NotSolved(f"{self.answer_name} is still {short(answer)}: there is no answer yet.",
                            f"Write {self.expects} in the answer cell, run it, then run the check again.")

    def _judge(self, answer: Any, part: str | None, graded: bool, extra: tuple,
               **options: Any) -> str | None:  # pragma: no cover - abstract
        """Raise NotSolved if ``answer`` is wrong; else return None or a note for the success line."""
        raise NotImplementedError


_ABSENT = object()


class ValueQuestion(Question):
    """A question whose answer is a value (a number, a rule ID, a dict of them), stored as digests.

    Args:
        digests: the :func:`digest` of each right item, item key -> digest (key None for a single
            value). The package holds only these; the tests check them against the engine.
        read: ``read(answer, keys)`` checks the answer's shape and returns ``{key: canonical value}``
            for the keys asked (raising NotSolved with a precise message when it cannot).
        wrong: ``wrong(keys, values)`` builds the NotSolved for the wrong keys (a hint for the first).
        parts: part name -> (words, the keys of that part).
        expects: what the answer should be, in words ("a whole number", "a dict ...").
    """

    limit = 20.0

    def __init__(self, *args, digests: dict[Any, str], read: Callable[[Any, Sequence], dict],
                 wrong: Callable[[list, dict], NotSolved], expects: str = "a value", **kwargs):
        kwargs.setdefault("limit", 20.0)
        parts = kwargs.pop("parts", None) or {}
        super().__init__(*args, parts={name: words for name, (words, _) in parts.items()}, **kwargs)
        self.part_keys = {name: tuple(keys) for name, (_, keys) in parts.items()}
        self.digests = dict(digests)
        self._read = read
        self._wrong = wrong
        self.expects = expects

    def right(self, key: Any, value: Any) -> bool:
        """Is ``value`` the right answer for item ``key``?"""
        return digest(self.label, key, value) == self.digests[key]

    def _judge(self, answer: Any, part: str | None, graded: bool, extra: tuple, **options: Any) -> None:
        self._missing(answer)
        keys = self.part_keys[part] if part is not None else tuple(self.digests)
        values = self._read(answer, keys)
        wrong = [key for key in keys if not self.right(key, values[key])]
        if wrong:
            raise self._wrong(wrong, values)


class FunctionQuestion(Question):
    """A question whose answer is a function, run on the public cases (and the grader's extra ones).

    Args:
        cases: returns the public cases (a list of :class:`Case`).
        expected: ``expected(*args)`` is the right result for a case, asked of the engine.
        compare: ``compare(got, expected, case)`` raises NotSolved when ``got`` is wrong; with
            ``parts``, ``compare(got, expected, case, part)`` (part None: every part).
        make_case: turns a teacher's ``extra`` item into a Case or a list of Cases (default: a
            tuple is the arguments, anything else the single argument).
        per_call, total: time budget in seconds for one call and for the whole check.
        none_ok: None is a possible right answer (it is then compared like any other result).
        overall: ``overall(results, part)`` runs once every case has passed, with ``results`` the list of
            ``(case, got, expected)``: it raises NotSolved for what no single case shows (Jaipur q2b: an
            answer that never lists an exchange is not "all legal").
    """

    expects = "a function"

    def __init__(self, *args, cases: Callable[[], list[Case]], expected: Callable[..., Any],
                 compare: Callable[..., None], make_case: Callable[[Any], Case | list[Case]] | None = None,
                 signature: str = "", per_call: float = 5.0, total: float = 30.0, none_ok: bool = False,
                 overall: Callable[[list, str | None], None] | None = None, **kwargs):
        kwargs.setdefault("limit", total + 15.0)
        super().__init__(*args, **kwargs)
        self._overall = overall
        self.none_ok = none_ok
        self._cases = cases
        self._expected_fn = expected
        self._compare = compare
        self._make_case = make_case or _default_case
        self.signature = signature or f"{self.answer_name}(...)"
        self.expects = f"a function, def {self.signature}: ..."
        self.per_call = per_call
        self.total = total
        self._public: list[Case] | None = None
        self._expected_cache: dict[int, Any] = {}
        self._extra_memo: tuple[Any, list[Case]] = ((), [])

    def cases(self, extra: tuple = ()) -> list[Case]:
        """The cases a check runs: the public ones, plus the grader's ``extra`` ones."""
        if self._public is None:
            self._public = list(self._cases())
        if extra and self._extra_memo[0] is extra:
            return list(self._extra_memo[1])
        cases = list(self._public)
        for item in extra:
            made = self._make_case(item)
            cases += made if isinstance(made, list) else [made]
        if extra:
            self._extra_memo = (extra, cases)
        return list(cases)

    def _prepare(self, part: str | None, graded: bool, extra: tuple) -> None:
        """Build the cases and ask the engine for their answers in the kernel, once: every forked check
        then starts with them (a check of finished games would otherwise replay the games each time).
        A case that cannot be built here is built again in the check, which reports the problem."""
        try:
            for case in self.cases(extra if graded else ()):
                self.expected(case)
        except Exception:
            pass

    def expected(self, case: Case) -> Any:
        key = id(case)
        if key not in self._expected_cache:
            self._expected_cache[key] = (case, self._expected_fn(*[fresh(a) for a in case.args]))
        return self._expected_cache[key][1]

    def _judge(self, answer: Any, part: str | None, graded: bool, extra: tuple, **options: Any) -> None:
        self._missing(answer)
        if not callable(answer) or inspect.isclass(answer):
            raise NotSolved(f"{self.answer_name} should be a function (def {self.signature}: ...), "
                            f"but it is {_kind(answer)}: {short(answer)}.",
                            "Keep the def line of the answer cell and write the body below it.")
        if is_stub(answer):
            raise NotSolved(f"{self.answer_name} is still the empty stub: its body is only `pass`.",
                            "Replace `pass` (under YOUR CODE HERE) with your code, run the cell, then check again.")
        cases = self.cases(extra if graded else ())
        results: list[tuple[Case, Any, Any]] = []
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
                    if self.parts:
                        self._compare(got, want, case, part)
                    else:
                        self._compare(got, want, case)
                except NotSolved as failure:
                    raise NotSolved(f"{where}: {failure.problem}", failure.hint) from None
                results.append((case, got, want))
        if self._overall is not None:
            self._overall(results, part)


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
        super().__init__("the bot raised an exception")
        self.original = original


class _FunctionAgent:
    """A plain function ``choose(view)`` dressed as an agent."""

    def __init__(self, function: Callable):
        self.choose = function
        self.name = str(getattr(function, "__name__", "your function"))


class _Guarded:
    """Wraps the learner's agent: its ``choose`` runs within the budget, its errors are kept, and a call of
    the project's bot code during its move (the ``tripwire``) is reported."""

    def __init__(self, agent: Any, budget: Budget, tripwire: Any = None):
        self.agent = agent
        self.budget = budget
        self.tripwire = tripwire
        self.name = "your bot"
        self.last: Any = "nothing yet"
        self.turns = 0

    def choose(self, view):
        from .delegation import Delegated

        self.turns += 1
        wire = self.tripwire
        if wire is not None:
            wire.begin()
        try:
            self.last = self.budget.call(self.agent.choose, view)
        except (TimeUp, KeyboardInterrupt, Delegated):
            raise
        except BaseException as exc:
            raise _BotCrashed(exc) from None
        finally:
            used = wire.end() if wire is not None else None
        if used:
            raise Delegated(used)
        return self.last


@dataclass
class Tier:
    """One graded tier of a bot question: beat ``opponent`` clearly over ``matches`` matches.

    "Clearly" means the lower end of the 95 % Wilson interval of the win rate is above ``need``
    (draws count as not won). ``opponent`` is a bot name of :data:`caravan_lessons.agents.AGENTS`.
    """

    opponent: str
    need: float
    matches: int = 200
    words: str = ""

    def wins_needed(self) -> int:
        """The fewest wins of ``matches`` whose Wilson interval's lower end is above ``need``."""
        for wins in range(self.matches + 1):
            if wilson(wins, self.matches)[0] > self.need:
                return wins
        return self.matches + 1


def wilson(wins: int, games: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (``scipy.stats.binomtest(...).proportion_ci``)."""
    from scipy.stats import binomtest

    ci = binomtest(wins, games).proportion_ci(confidence_level=confidence, method="wilson")
    return float(ci.low), float(ci.high)


BOT_STOPPED = ("The whole series (your bot's moves and its opponent's) ran out of time: choose is too slow, or "
               "it never returns even when asked to stop.\n"
               "  Hint: keep choose cheap (a few simple rules, a one-move look-ahead); never write "
               "`except BaseException:` around a loop. On a very busy grading machine the teacher can raise "
               "CARAVAN_TIME_SCALE (docs/teaching.md).")


class AgentQuestion(Question):
    """A question whose answer is a bot, graded in tiers (each tier a part and a graded cell).

    The bot may be a class with a ``name`` and a ``choose(self, view)`` method (a new instance
    per match; ``__init__`` takes no argument or a seed), an instance of such a class, or a plain
    function ``choose(view)``. ``choose`` gets a :class:`caravan_lessons.agents.View` and returns
    one of ``view.legal_actions``. A bot that delegates to the project's bots is refused, however it
    is written (see :mod:`caravan_lessons.exercises.delegation`).

    A tier's series stops as soon as its verdict is certain: when the bot can no longer reach the
    wins needed, and when it has them (the remaining matches cannot take them away), so a good bot
    plays fewer matches than the tier names. While nbgrader grades, a graded cell runs its hidden
    ``grade`` first; the public ``check`` after it then says the tier was graded and plays nothing,
    so a graded cell plays one series: it ends within :meth:`hard_stop` seconds (times
    ``$CARAVAN_TIME_SCALE``).

    Args:
        game: the game's name, e.g. ``"jaipur"``.
        tiers: tier name -> :class:`Tier`, easiest first.
        seed: the seed of the public series; ``grade(bot, seed=...)`` plays another series (the
            grader's seed is written in the notebook's hidden-tests region, not in the package).
        per_call, total: time budget in seconds for one ``choose`` and for one tier's series (the
            bot's own time).
        limit: the hard stop of one tier's series in seconds, the opponent's time included (default
            ``total + 60``).
        allow: names in the game's bots module a bot may call (Marco Polo's ``determinize``).
    """

    expects = "a bot: a class with a `name` and a method `choose(self, view)` returning one of view.legal_actions"
    stopped = BOT_STOPPED

    def __init__(self, *args, game: str, tiers: dict[str, Tier], seed: int = 1, per_call: float = 1.0,
                 total: float = 60.0, max_turns: int = 5000, allow: Sequence[str] = (), **kwargs):
        kwargs.setdefault("limit", total + 60.0)
        super().__init__(*args, game=game, parts={name: t.words or name for name, t in tiers.items()}, **kwargs)
        self.tiers = dict(tiers)
        self.seed = seed
        self.per_call = per_call
        self.total = total
        self.max_turns = max_turns
        self.allow = tuple(allow)
        self._code = None

    def hard_stop(self, part: str | None = None) -> float:
        """One tier's series: ``limit`` seconds; every tier (``part`` None): one ``limit`` per tier."""
        return self.limit if part is not None else self.limit * len(self.tiers)

    def bot_code(self):
        """The project's bot code this question refuses (:func:`~caravan_lessons.exercises.delegation.bot_code`)."""
        if self._code is None:
            from .delegation import bot_code

            self._code = bot_code(self.game, self.allow)
        return self._code

    def check(self, answer: Any, part: str | None = None) -> bool:
        """As :meth:`Question.check`; while nbgrader grades, a tier whose ``grade`` already passed in this
        kernel is not played again (its graded cell plays one series, see the class notes)."""
        self._check_part(part)
        if grading_run() and self._graded_before(answer, part) is not None:
            print(f"{self._heading(part)}: graded above (the hidden series); the public series is not "
                  "played again while grading.")
            return True
        return super().check(answer, part)

    def _refuse_borrowed(self, answer: Any) -> None:
        from .delegation import borrowed

        owner = answer if inspect.isclass(answer) else type(answer)
        code = self.bot_code()
        inherited = [k for k in getattr(owner, "__mro__", (owner,)) if k in code.classes]
        found = f"the class {code.classes[inherited[0]]}" if inherited else borrowed(answer, code)
        if found:
            raise NotSolved(f"{self.answer_name} uses the project's own bot code ({found}); the question asks "
                            "for a bot of your own, so it earns nothing.",
                            f"Write {self.answer_name}'s choices yourself: no project bot inside it, neither "
                            "inherited, held, called nor imported under another name.")

    def _factory(self, answer: Any) -> Callable[[int], Any]:
        """A function seed -> a fresh agent; NotSolved if ``answer`` cannot be a bot."""
        name = self.answer_name
        self._refuse_borrowed(answer)
        if inspect.isclass(answer):
            if not callable(getattr(answer, "choose", None)):
                raise NotSolved(f"the class {answer.__name__} has no method choose(self, view).",
                                "Add `def choose(self, view):` returning one of view.legal_actions.")
            if is_stub(answer.choose):
                raise NotSolved(f"{answer.__name__}.choose is still the empty stub: its body is only `pass`.",
                                "Replace `pass` (under YOUR CODE HERE) with your code, run the cell, then check "
                                "again.")
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
            if is_stub(answer):
                raise NotSolved(f"{name} is still the empty stub: its body is only `pass`.",
                                "Replace `pass` (under YOUR CODE HERE) with your code.")
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

    def _judge(self, answer: Any, part: str | None, graded: bool, extra: tuple, seed: int | None = None,
               **options: Any) -> str | None:
        self._missing(answer)
        build = self._factory(answer)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ValueError(f"the series seed must be a whole number, not {seed!r}")
        series = self.seed if seed is None else seed
        notes = []
        for name in ([part] if part is not None else list(self.tiers)):
            tier = self.tiers[name]
            with Budget(self.per_call, self.total) as budget:
                wins, played = self._series(build, budget, series, tier)
            needed = tier.wins_needed()
            if played < tier.matches:
                notes.append(f"{wins} of its first {played} matches against {tier.opponent}: the {needed} of "
                             f"{tier.matches} needed (95 % sure of a win rate above {100 * tier.need:g} %), so the "
                             "other matches were not played")
            else:
                low, high = wilson(wins, tier.matches)
                notes.append(f"{wins} of {tier.matches} matches against {tier.opponent} "
                             f"({100 * wins / tier.matches:.1f} %, 95 % interval {100 * low:.0f}-{100 * high:.0f} %; "
                             f"above {100 * tier.need:g} % needed)")
        return f"Your bot won {'; '.join(notes)}."

    def _series(self, build: Callable[[int], Any], budget: Budget, seed: int, tier: Tier,
                stop_when_passed: bool = True) -> tuple[int, int]:
        """(wins, matches played) of one tier's series; NotSolved when it fails. With ``stop_when_passed``
        the series stops at the wins needed (a grade); without, it plays every match (``win_rate``)."""
        from ..agents import make_agent, play_match
        from ..core import derive_seed
        from .delegation import Delegated, Tripwire

        needed = tier.wins_needed()
        wins = 0
        with Tripwire(self.bot_code()) as wire:
            for i in range(tier.matches):
                bot = _Guarded(build(derive_seed(seed, "bot0", i)), budget, wire)
                rival = make_agent(tier.opponent, seed=derive_seed(seed, "bot1", i))
                swap = i % 2 == 1
                seat = 1 if swap else 0
                try:
                    result = play_match(self.game, [rival, bot] if swap else [bot, rival],
                                        seed=derive_seed(seed, "match", i), max_turns=self.max_turns)
                except Delegated as used:
                    raise NotSolved(f"your bot called the project's own bot code ({used.what.split('#')[0]}) in "
                                    f"match {i + 1}, its move {bot.turns}; the question asks for a bot of your own, "
                                    "so it earns nothing.",
                                    f"Write {self.answer_name}'s choices yourself: no project bot inside it, "
                                    "neither inherited, held, called nor imported under another name.") from None
                except _BotCrashed as crash:
                    where = f"in match {i + 1} (your bot in seat {seat}, its move {bot.turns})"
                    raise describe_error(crash.original, f"your bot's choose {where}") from None
                except TimeUp:
                    if budget.left <= 0:
                        raise NotSolved(f"your bot is too slow: {i} matches against {tier.opponent} took the whole "
                                        f"budget of {self.total:g} s; the check plays {tier.matches}.",
                                        "Keep choose cheap: a few simple rules over view.legal_actions, no "
                                        "deep search.") from None
                    raise NotSolved(f"one call of choose took over {self.per_call:g} s in match {i + 1} and was "
                                    "stopped.", "Look for a loop that never ends in choose.") from None
                except RuntimeError as exc:
                    raise NotSolved(f"match {i + 1} did not end within {self.max_turns} turns ({clip(exc)}).",
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
                                    f"The engine says: {clip(exc)}",
                                    "Only return actions taken from view.legal_actions.") from None
                if result.winner == seat:
                    wins += 1
                left = tier.matches - i - 1
                if wins + left < needed:
                    raise NotSolved(f"your bot won {wins} of its first {i + 1} matches against {tier.opponent}; it "
                                    f"can no longer win the {needed} of {tier.matches} that show, with 95 % "
                                    f"confidence, a win rate above {100 * tier.need:g} %.")
                if stop_when_passed and wins >= needed:
                    return wins, i + 1
        return wins, tier.matches


def _action_base(game: str) -> type:
    from ..core import game_module

    return getattr(game_module(game), "Action", object)


def trial_win_rate(trial: "AgentQuestion", tier: "Tier", bot: Any, seed: int, unit: str) -> float | None:
    """Play ``tier.matches`` of ``bot`` against ``tier.opponent`` as ``trial`` would grade them (the same
    budgets and refusals, in a forked child) and print the result; the win rate in [0, 1], or None after
    printing why (a crash, an illegal move, a bot that took too long, one that uses the project's bots).
    ``unit``: "games" or "matches" in the message. The ``win_rate`` helpers of the exercises' scratch cells
    use it."""

    def play() -> tuple[bool, str]:
        try:
            build = trial._factory(bot)
            with Budget(trial.per_call, trial.total) as budget:
                wins, _ = trial._series(build, budget, seed, tier, stop_when_passed=False)
        except NotSolved as failure:
            return False, f"win_rate: {failure.problem}"
        except TimeUp:
            return False, "win_rate: your bot took too long and was stopped."
        return True, str(wins)

    ok, text = run_isolated(play, trial.limit, trial.stopped)
    if not ok:
        print(text)
        return None
    wins = int(text.splitlines()[-1])
    name = getattr(bot, "name", None)
    name = name if isinstance(name, str) else "your bot"
    print(f"{name} won {wins} of {tier.matches} {unit} ({100 * wins / tier.matches:.0f} %) against {tier.opponent}.")
    return wins / tier.matches

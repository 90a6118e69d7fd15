"""nbgrader feedback steps for teachers: the feedback page shows the checks' verdicts and nothing else.

A student's code runs in the grading kernel, where the hidden tests are within reach (the source of
the graded cell being run, ``get_ipython().user_ns["In"]``), and it may print them, raise them in an
error, or write them to the kernel's output. nbgrader's ``ClearHiddenTests`` clears the hidden tests
from the cells' *sources*, not from their *outputs*, so whatever was printed would reach the student's
feedback page. :class:`StudentFeedback` (run before ``ClearHiddenTests``, which it needs the hidden
tests from) makes the feedback hold only:

* in each graded cell, the lines the exercise checks write (a question's verdict, its ``Hint:``,
  ``Rules:`` and ``Note:`` lines, a bot's score, the one-line error of a failed check), with any line
  that quotes 24 characters or more of a hidden-tests region replaced by a note;
* in every other code cell, no output: the student ran those cells and has their outputs, and what
  the grading kernel printed there is not feedback.

Text shaped like a verdict that a student's code prints itself, and hides the tests in (encoded, not
quoted), still gets through: the feedback is filtered, not proven clean. Grade as the recipe of
``docs/teaching.md`` says (a separate account or container without the source notebooks) and read the
answer cells of high marks. Use it in ``nbgrader_config.py`` (see the README's teacher section)::

    c.GenerateFeedback.preprocessors = [
        "nbgrader.preprocessors.GetGrades",
        "caravan_lessons.exercises.feedback.StudentFeedback",
        "nbgrader.preprocessors.ClearHiddenTests",
        "nbconvert.preprocessors.CSSHTMLHeaderPreprocessor",
    ]

:class:`ShortTracebacks` (error outputs cut to their last line) is the older, weaker step; it is
kept for courses configured with it.
"""
from __future__ import annotations

import re

from nbconvert.preprocessors import Preprocessor
from traitlets import Bool, Integer

__all__ = ["HIDDEN_NOTE", "ShortTracebacks", "StudentFeedback", "hidden_windows", "verdict_lines", "windows_of"]

HIDDEN_NOTE = "(a line that quoted the hidden tests was removed from the feedback)"
_BEGIN, _END = "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS"
_VERDICT = re.compile(
    r"^(?:(?:q\d+[a-z]?|win_rate)(?:[ ,(:]|$)"                        # a question's verdict line
    r"|not solved yet: the check (?:was stopped|stopped before)"     # a check stopped at its hard stop
    r"|\[your code printed \d+\+? characters; not shown while grading\]$"
    r"|  (?:Hint|Rules|Note|With your own|Your bot won)\b"           # the verdict's own further lines
    r"|[A-Z]\w*(?:Error|Exception): q\d+[a-z]?(?:[ ,(:]|$))")          # a failed check's one-line error


def _squeeze(text: str) -> str:
    return " ".join(text.split())


def windows_of(text: str, size: int = 24) -> set[str]:
    """Every run of ``size`` characters of ``text``, white space squeezed."""
    text = _squeeze(text)
    return {text[i:i + size] for i in range(max(0, len(text) - size + 1))}


def hidden_windows(sources: list[str], size: int = 24) -> set[str]:
    """Every run of ``size`` characters (white space squeezed) of the code of the hidden-tests regions of
    ``sources`` that the rest of ``sources`` does not show too (a public check line, a setup import, a
    task's example); comment lines left out (they say what a case is for, as the feedback may too)."""
    hidden, public = set(), set()
    for source in sources:
        parts = source.split(_BEGIN)
        shown = [parts[0]]
        for part in parts[1:]:
            inside, _, after = part.partition(_END)
            code = [line for line in inside.splitlines() if not line.strip().startswith("#")]
            hidden |= windows_of("\n".join(code), size)
            shown.append(after)
        public |= windows_of("\n".join(shown), size)
    return hidden - public


def _quotes(line: str, windows: set[str], size: int) -> bool:
    text = _squeeze(line)
    return any(text[i:i + size] in windows for i in range(max(0, len(text) - size + 1)))


def verdict_lines(text: str, windows: set[str], size: int = 24) -> list[str]:
    """The lines of ``text`` that the checks wrote, each that quotes the hidden tests replaced by a note."""
    kept = []
    for line in text.splitlines():
        if not _VERDICT.match(line):
            continue
        kept.append(HIDDEN_NOTE if windows and _quotes(line, windows, size) else line)
    return kept


class StudentFeedback(Preprocessor):
    """The feedback a student may see: only the checks' verdicts in graded cells (see the module notes)."""

    enabled = Bool(True, help="on as soon as it is listed (nbconvert's preprocessors start off)").tag(config=True)
    window = Integer(24, help="characters of a hidden-tests region that make a quote").tag(config=True)

    def preprocess(self, nb, resources):
        windows = hidden_windows([cell.source for cell in nb.cells], self.window)
        for cell in nb.cells:
            if cell.cell_type != "code":
                continue
            meta = cell.metadata.get("nbgrader", {})
            if not meta.get("grade"):
                cell.outputs = []
                continue
            outputs = []
            for output in cell.get("outputs", []):
                kind = output.get("output_type")
                if kind == "stream":
                    lines = verdict_lines(output.get("text", ""), windows, self.window)
                    if lines:
                        output["text"] = "\n".join(lines) + "\n"
                        outputs.append(output)
                elif kind == "error":
                    text = f"{output.get('ename', 'Error')}: {output.get('evalue', '')}"
                    lines = verdict_lines(text, windows, self.window) or [
                        f"{output.get('ename', 'Error')} (the check's message is not shown)"]
                    output["traceback"] = [lines[0]]
                    output["evalue"] = lines[0].partition(": ")[2]
                    outputs.append(output)
            cell.outputs = outputs
        return nb, resources


class ShortTracebacks(Preprocessor):
    """Replace each error output's traceback by its one-line ``ename: evalue`` (see :class:`StudentFeedback`,
    which does this and more)."""

    enabled = Bool(True, help="on as soon as it is listed (nbconvert's preprocessors start off)").tag(config=True)

    def preprocess_cell(self, cell, resources, index):
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                output["traceback"] = [f"{output.get('ename', 'Error')}: {output.get('evalue', '')}"]
        return cell, resources

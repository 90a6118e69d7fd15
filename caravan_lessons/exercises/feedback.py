"""An nbgrader feedback step for teachers: error outputs without the code around them.

When a graded cell fails, IPython's traceback quotes the cell's source, hidden tests included.
nbgrader's ``ClearHiddenTests`` clears the cell's source, not its outputs; this preprocessor
keeps only the last line of each error output (``AssertionError: q3b (...): not solved yet: ...``).
Use it in ``nbgrader_config.py`` (see the README's teacher section)::

    c.GenerateFeedback.preprocessors = [
        "nbgrader.preprocessors.GetGrades",
        "nbgrader.preprocessors.ClearHiddenTests",
        "caravan_lessons.exercises.feedback.ShortTracebacks",
        "nbconvert.preprocessors.CSSHTMLHeaderPreprocessor",
    ]
"""
from __future__ import annotations

from nbconvert.preprocessors import Preprocessor
from traitlets import Bool


class ShortTracebacks(Preprocessor):
    """Replace each error output's traceback by its one-line ``ename: evalue``."""

    enabled = Bool(True, help="on as soon as it is listed (nbconvert's preprocessors start off)").tag(config=True)

    def preprocess_cell(self, cell, resources, index):
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                output["traceback"] = [f"{output.get('ename', 'Error')}: {output.get('evalue', '')}"]
        return cell, resources

"""Lesson text a learner reads in JupyterLab: printed lines there wrap mid-word ("inst/ead"), so the
lessons show sentences as Markdown, which wraps between words."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

LESSONS = Path(__file__).resolve().parents[2] / "notebooks" / "jaipur"


@pytest.mark.parametrize("name", ["01_play_a_round.ipynb", "03_taking_cards.ipynb", "04_selling.ipynb"])
def test_lesson_shows_sentences_as_markdown_not_printed_lines(name):
    cells = json.loads((LESSONS / name).read_text(encoding="utf-8"))["cells"]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    printed = [src for src in code if re.search(r"\bprint\(", src)]
    assert not printed, printed
    assert any("why_illegal" in src and "Markdown(" in src for src in code)  # the predict-then-run checks

"""The Marco Polo lessons (notebooks/marco_polo/01..07) keep the series' promises without running them
(tests/test_notebooks.py runs them): committed without outputs, a goal and a time at the top, only rule IDs
that exist, an exercise pointer at the end, every rulebook example of lesson 7 reproduced by a cell."""
import re
from pathlib import Path

import nbformat
import pytest

from caravan_lessons import marco_polo as mp

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted(p for p in (ROOT / "notebooks" / "marco_polo").glob("0[1-7]_*.ipynb"))
RULE_ID = re.compile(r"\bMP-[A-Z]+-\d+\b")


def _text(nb, kind=None):
    return "\n".join(c.source for c in nb.cells if kind is None or c.cell_type == kind)


def test_the_seven_lessons_are_there():
    assert [p.name[:2] for p in LESSONS] == ["01", "02", "03", "04", "05", "06", "07"]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_lesson_shape(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    assert all(not c.get("outputs") and c.get("execution_count") is None for c in nb.cells if c.cell_type == "code"), \
        "commit lessons without outputs"
    first = nb.cells[0].source
    assert first.startswith("# The Voyages of Marco Polo ")
    assert "Time:" in first
    if path.name != "07_rulebook_examples.ipynb":
        assert "**After this lesson you will be able to**" in first
        assert "## Predict, then run" in _text(nb, "markdown")
    cited = set(RULE_ID.findall(_text(nb)))
    assert cited, "a lesson cites the rules it teaches"
    assert cited <= set(mp.RULES), f"unknown rule IDs: {sorted(cited - set(mp.RULES))}"
    assert "exercises/marco_polo/" in nb.cells[-1].source


def test_the_first_lesson_presents_the_series_and_a_guided_turn():
    nb = nbformat.read(LESSONS[0], as_version=4)
    text = _text(nb)
    for lesson in LESSONS[1:]:
        assert lesson.name in text, f"lesson 1's table links {lesson.name}"
    assert "A first turn, guided" in text and "all_shortest_paths" in text


def test_every_rulebook_example_has_its_cell():
    nb = nbformat.read(LESSONS[-1], as_version=4)
    table = re.findall(r"^\| (\d+) \|", nb.cells[0].source, flags=re.M)
    checked = re.findall(r"check\((\d+),", _text(nb, "code"))
    assert table == [str(n) for n in range(1, len(table) + 1)] and len(table) >= 20
    assert sorted(map(int, checked)) == list(range(1, len(table) + 1))


def test_rulings_are_flagged():
    texts = {p.name: _text(nbformat.read(p, as_version=4)) for p in LESSONS}
    flagged = [name for name, text in texts.items() if "Ruling of this project" in text or "rulings(" in text]
    assert len(flagged) >= 5

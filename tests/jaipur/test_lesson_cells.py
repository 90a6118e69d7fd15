"""What the Jaipur lessons teach, checked cell by cell where a test can see it (issue 7, items 14 and 15):
the sale-value table of lesson 4 marks the sales JAI-SELL-4 forbids, and the rulings the lessons rest on
are flagged as rulings."""
from __future__ import annotations

import json
import re
import math
from pathlib import Path

import pytest

LESSONS = Path(__file__).resolve().parents[2] / "notebooks" / "jaipur"


def cells(name: str) -> list[dict]:
    return [{"type": c["cell_type"], "source": "".join(c["source"])}
            for c in json.loads((LESSONS / name).read_text(encoding="utf-8"))["cells"]]


def run_cells_defining(name: str, *names: str) -> dict:
    """Run the lesson's first code cell (its imports) and the cells that define ``names``; return the namespace."""
    code = [c["source"] for c in cells(name) if c["type"] == "code"]
    wanted = [src for src in code[1:] if any(f"def {n}(" in src or f"{n} = " in src for n in names)]
    namespace: dict = {}
    for src in [code[0], *wanted]:
        exec(compile(src, name, "exec"), namespace)  # noqa: S102 - our own lesson cells
    return namespace


@pytest.mark.rule("JAI-SELL-4")
def test_lesson_4_sale_table_marks_one_precious_card_as_illegal():
    ns = run_cells_defining("04_selling.ipynb", "sale_value", "table")
    table = ns["table"]
    for good in ("diamond", "gold", "silver"):
        assert ns["sale_value"](good, 1) is None
        assert math.isnan(table.loc[1, good])  # shown as "✗ illegal" (na_rep)
        assert table.loc[2, good] > 0
    for good in ("cloth", "spice", "leather"):
        assert table.loc[1, good] == ns["jaipur"].GOODS_TOKENS[ns["jaipur"].GOODS.index(good)][0]
    source = "\n".join(c["source"] for c in cells("04_selling.ipynb"))
    assert 'na_rep="✗ illegal"' in source and "illegal (JAI-SELL-4)" in source


@pytest.mark.parametrize(("lesson", "words"), [
    ("04_selling.ipynb", "We let each player see the values of their own bonus tokens"),
    ("05_end_and_scoring.ipynb", "the round ends only when a refill comes up short"),
    ("03_taking_cards.ipynb", "If you read the Portuguese rulebook."),
    ("03_taking_cards.ipynb", "whenever at least one camel is on display"),
])
def test_rulings_and_rulebook_slips_are_flagged(lesson, words):
    boxes = [c["source"] for c in cells(lesson) if c["type"] == "markdown" and words in " ".join(c["source"].split())]
    assert boxes, (lesson, words)
    if "Portuguese" in words or "bonus" in words or "refill" in words:
        assert any(re.search(r"^> \*\*(Ruling of this project|If you read the Portuguese rulebook)", box, re.M)
                   for box in boxes), boxes


def test_lesson_3_never_says_taking_camels_is_always_allowed():
    text = "\n".join(c["source"] for c in cells("03_taking_cards.ipynb"))
    assert "always allowed" not in text




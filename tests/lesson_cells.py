"""Read and run lesson cells without a kernel (issue 18: each finding stays fixed, cheaply).

``run_cells(path, *markers)`` runs the lesson's first code cell (its imports) and then, in notebook order, every
code cell whose source contains one of ``markers``; it returns the namespace, so a test can check what the cell
computed (the same numbers the learner sees). Figures are drawn on the Agg backend and closed.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
SERIES = ("jaipur", "samarkand", "caravan", "marco_polo")


def lessons(series: str) -> list[Path]:
    """The numbered lessons of one series, in reading order."""
    return sorted((NOTEBOOKS / series).glob("[0-9][0-9]_*.ipynb"))


def cells(path: Path) -> list[dict]:
    """``[{"type": "markdown" | "code", "source": str}, ...]``."""
    return [{"type": c["cell_type"], "source": "".join(c["source"])}
            for c in json.loads(Path(path).read_text(encoding="utf-8"))["cells"]]


def guided(path: Path) -> set[int]:
    """Indexes of the cells of lesson 1's guided first turn (issue 17 owns them): from a heading naming a guided
    (first) turn to the next heading of the same level."""
    out, inside = set(), False
    for i, c in enumerate(cells(path)):
        head = c["source"].lstrip().startswith("## ") if c["type"] == "markdown" else False
        if head:
            inside = "guided" in c["source"].split("\n", 1)[0].lower()
        if inside:
            out.add(i)
    return out


def text(path: Path, kind: str | None = None) -> str:
    return "\n".join(c["source"] for c in cells(path) if kind is None or c["type"] == kind)


def run_cells(path: Path, *markers: str) -> dict:
    """Run the first code cell and the code cells containing any of ``markers``; return the namespace."""
    import matplotlib

    matplotlib.use("Agg")
    os.environ["CARAVAN_LESSONS_TESTING"] = "1"
    code = [c["source"] for c in cells(path) if c["type"] == "code"]
    wanted = [src for src in code[1:] if any(m in src for m in markers)]
    assert wanted, f"no cell of {Path(path).name} contains {markers}"
    namespace: dict = {"display": lambda *a, **k: None}
    cwd = os.getcwd()
    os.chdir(Path(path).parent)
    try:
        for src in [code[0], *wanted]:
            exec(compile(src, str(path), "exec"), namespace)  # noqa: S102 - our own lesson cells
    finally:
        os.chdir(cwd)
        import matplotlib.pyplot as plt

        plt.close("all")
    return namespace

"""Every lesson and exercise notebook runs top to bottom headless, as a learner's 'Run all' would.

The translated lessons (``notebooks/pt``, ``notebooks/fi``: START_HERE and each game's first lesson) run here too,
once each, and what they print and show must be in their language: no English fragment of the catalogue in their
outputs (the glossary table and the widgets' own models aside: the apps are checked in tests/test_i18n_apps.py).
"""
import html
import json
import re
import time
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
LIMIT_S = 60  # each notebook; the lesson of issue 2 aims at 20 s (see the bench and the closing notes)


@pytest.mark.notebook
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_notebook_runs_top_to_bottom(path, monkeypatch):
    monkeypatch.setenv("MPLBACKEND", "Agg")
    monkeypatch.setenv("CARAVAN_LESSONS_TESTING", "1")  # notebooks may use smaller samples, and say so
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=LIMIT_S, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}})
    start = time.perf_counter()
    client.execute()
    elapsed = time.perf_counter() - start
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []) if o.output_type == "error"]
    assert not errors, errors
    assert elapsed < LIMIT_S, f"{path.name} took {elapsed:.1f} s"
    lang = path.relative_to(ROOT / "notebooks").parts[0]
    if lang in TRANSLATED:
        english = _english_outputs(nb, lang)
        assert not english, f"{path.relative_to(ROOT)} shows English: {english[:10]}"
    print(f"{path.relative_to(ROOT)}: {elapsed:.1f} s")


def test_there_are_lessons():
    names = {p.relative_to(ROOT).as_posix() for p in NOTEBOOKS}
    assert "notebooks/START_HERE.ipynb" in names
    assert "notebooks/jaipur/01_play_a_round.ipynb" in names


TRANSLATED = ("pt", "fi")
"""The languages with translated lessons: START_HERE and each game's lesson 1, as ``notebooks/<lang>/...``."""
FIRST_LESSONS = {"jaipur": "01_play_a_round.ipynb", "samarkand": "01_families_and_the_map.ipynb",
                 "caravan": "01_board_and_setup.ipynb", "marco_polo": "01_the_map_as_a_graph.ipynb"}
_RULE_ID = re.compile(r"\b(?:JAI|SAM|CAR|MP)-[A-Z]+-\d+\b")
_LINK = re.compile(r"\]\(([^)\s]+\.(?:ipynb|md))\)")


def _english_outputs(nb, lang: str) -> list[str]:
    """(cell index, English fragments) for each output of an executed translated lesson that shows English."""
    from tests.i18n_support import TAG, english_in, english_only_fragments

    fragments, found = english_only_fragments(lang), []
    for i, cell in enumerate(nb.cells):
        for output in cell.get("outputs", []) if cell.cell_type == "code" else ():
            data = output.get("data", {})
            if output.output_type == "stream":
                text = output.text
            elif "application/vnd.jupyter.widget-view+json" in data or "image/png" in data and len(data) <= 2:
                continue                      # an app (its words: test_i18n_apps) or a picture
            elif data.get("text/markdown", "").startswith("| English"):
                continue                      # the glossary: English beside the other two on purpose
            elif "text/markdown" in data or "text/html" in data:
                text = html.unescape(TAG.sub(" ", data.get("text/markdown") or data["text/html"]))
            else:
                text = data.get("text/plain", "")     # a repr such as <Caravan ...> is text, not a tag
            left = english_in(text, fragments)
            if left:
                found.append(f"cell {i}: {left}")
    return found


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _text(cell: dict) -> str:
    return "".join(cell["source"])


def _rule_ids(cells: list[dict]) -> set[str]:
    return set(_RULE_ID.findall(" ".join(_text(c) for c in cells if c["cell_type"] == "markdown")))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_start_here_and_every_first_lesson_exist_in_each_language(lang):
    """Each translated lesson: sets its language in its first code cell, cites every rule ID the English lesson
    cites (no ruling box left out), shows its game's glossary, and every link it has leads to a file."""
    pairs = [(ROOT / "notebooks" / "START_HERE.ipynb", ROOT / "notebooks" / lang / "START_HERE.ipynb", None)]
    pairs += [(ROOT / "notebooks" / game / name, ROOT / "notebooks" / lang / game / name, game)
              for game, name in FIRST_LESSONS.items()]
    for english, translated, game in pairs:
        assert translated.is_file(), f"missing {translated.relative_to(ROOT)}"
        cells = _cells(translated)
        first_code = next(_text(c) for c in cells if c["cell_type"] == "code")
        assert f'set_language("{lang}")' in first_code, translated
        assert _rule_ids(_cells(english)) <= _rule_ids(cells), (translated, _rule_ids(_cells(english)) - _rule_ids(cells))
        if game:
            assert any(_text(c).strip() == f'glossary("{game}")' for c in cells), translated
            assert any(_text(c).strip() == f'glossary("{game}")' for c in _cells(english)), english
        for path in (english, translated):
            for cell in _cells(path):
                for link in _LINK.findall(_text(cell)) if cell["cell_type"] == "markdown" else ():
                    target = (path.parent / link.replace("/release/", "/")).resolve()   # release/: made by make lab
                    assert target.is_file(), f"{path.relative_to(ROOT)}: {link}"

"""Make the student release of a game's exercise notebooks with nbgrader's own preprocessors.

    python -m caravan_lessons.exercises release jaipur            # -> exercises/jaipur/release/
    python -m caravan_lessons.exercises release jaipur --out DIR

The sources (``exercises/<game>/*.ipynb``) hold the solutions and the hidden tests. The release
runs them through the steps of ``nbgrader generate_assignment`` that need no course database:
LockCells, ClearSolutions, ClearOutput, CheckCellMetadata, ComputeChecksums, ClearHiddenTests,
ClearMarkScheme, ComputeChecksums, CheckCellMetadata. A solution region becomes
``# YOUR CODE HERE`` and ``pass`` (not nbgrader's default ``raise NotImplementedError()``),
so the release runs top to bottom and each check says "not solved yet" instead of crashing.
Teachers who run a full nbgrader course set the same stub in their ``nbgrader_config.py``:
``c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\\npass"}``.
"""
from __future__ import annotations

from pathlib import Path

CODE_STUB = "# YOUR CODE HERE\npass"
"""What replaces a solution region in the student release."""

RELEASE_DIR = "release"
"""The release folder inside a game's exercise folder (ignored by git)."""


def exercise_dir(game: str, source: str | Path | None = None) -> Path:
    """The folder of ``game``'s source notebooks.

    Args:
        source: a folder to use instead. Default: ``exercises/<game>`` under the current folder if
            it exists, else beside the installed package (a git checkout with an editable install).

    Raises:
        ValueError: unknown game, or no such folder.
    """
    from . import GAMES

    if game not in GAMES:
        raise ValueError(f"no exercises for {game!r}; games with exercises: {', '.join(GAMES)}")
    if source is not None:
        folder = Path(source)
    else:
        here = Path.cwd() / "exercises" / game
        folder = here if here.is_dir() else Path(__file__).resolve().parents[2] / "exercises" / game
    if not folder.is_dir():
        raise ValueError(f"no exercise folder {folder}: the source notebooks (with the answers) are only in a clone "
                         "of the caravan_lessons project, not in the installed package; run this in the clone, or "
                         "pass --source FOLDER")
    return folder


def source_notebooks(folder: Path) -> list[Path]:
    """The source notebooks of a folder, in reading order (not the release)."""
    return sorted(p for p in folder.glob("*.ipynb") if not p.name.startswith("."))


def _preprocessors():
    from nbgrader.preprocessors import (
        CheckCellMetadata,
        ClearHiddenTests,
        ClearMarkScheme,
        ClearOutput,
        ClearSolutions,
        ComputeChecksums,
        LockCells,
    )
    from traitlets.config import Config

    config = Config()
    config.ClearSolutions.code_stub = {"python": CODE_STUB}
    steps = [LockCells, ClearSolutions, ClearOutput, CheckCellMetadata, ComputeChecksums,
             ClearHiddenTests, ClearMarkScheme, ComputeChecksums, CheckCellMetadata]
    return [step(config=config) for step in steps]


def release_notebook(path: Path) -> nbformat.NotebookNode:  # noqa: F821 - nbformat imported inside
    """The student version of one source notebook (nothing is written)."""
    import nbformat

    nb = nbformat.read(path, as_version=4)
    resources: dict = {"nbgrader": {"notebook": path.stem, "assignment": path.parent.name}}
    for step in _preprocessors():
        nb, resources = step.preprocess(nb, resources)
    for cell in nb.cells:  # ClearOutput keeps nothing to hide, but be explicit about clean files
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    nb.metadata.pop("widgets", None)
    nbformat.validate(nb)
    return nb


MANIFEST = ".release-hashes.json"
"""A file in the release folder: notebook name -> sha256 of the bytes the last release wrote."""


class Released(list):
    """The notebooks of a release (a list of paths, those written), with ``kept``: the released
    notebooks left alone because the student changed them since the last release."""

    def __init__(self, written=(), kept=()):
        super().__init__(written)
        self.kept: list[Path] = list(kept)


def _sha256(data: bytes) -> str:
    import hashlib

    return hashlib.sha256(data).hexdigest()


def release(game: str = "jaipur", out: str | Path | None = None, source: str | Path | None = None,
            force: bool = False) -> Released:
    """Write the student release of ``game``'s exercises and return the notebooks written.

    A released notebook the student has changed is kept: a notebook in ``out`` is replaced only
    when its bytes are what the last release wrote (a sha256 in ``.release-hashes.json`` there) or
    what this release would write. ``force=True`` replaces every notebook.

    Args:
        out: the folder to write (created). Default: ``release/`` inside the exercise folder.
        source: the folder of the source notebooks (see :func:`exercise_dir`).
        force: replace notebooks the student changed too.

    Returns:
        :class:`Released`: the paths written; ``.kept`` lists the changed notebooks left alone.
    """
    import json

    import nbformat

    folder = exercise_dir(game, source)
    target = Path(out) if out is not None else folder / RELEASE_DIR
    notebooks = source_notebooks(folder)
    if not notebooks:
        raise ValueError(f"no notebooks in {folder}")
    target.mkdir(parents=True, exist_ok=True)
    manifest_path = target / MANIFEST
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        if not isinstance(manifest, dict):
            manifest = {}
    except (OSError, ValueError):
        manifest = {}
    written, kept = [], []
    for path in notebooks:
        text = nbformat.writes(release_notebook(path))
        data = (text if text.endswith("\n") else text + "\n").encode("utf-8")
        destination = target / path.name
        if destination.exists() and not force:
            current = _sha256(destination.read_bytes())
            if current not in (manifest.get(path.name), _sha256(data)):
                kept.append(destination)
                continue
        destination.write_bytes(data)
        manifest[path.name] = _sha256(data)
        written.append(destination)
    manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return Released(written, kept)


def _source_folders(game: str) -> list[Path]:
    """Folders that may hold ``game``'s source notebooks: ``exercises/<game>`` in the current folder or one
    above it, or the folder above (a release folder sits inside the source folder). Never beside the
    installed package: with an editable install (a clone's ``pip install -e``) that would hand the
    reference to a notebook run from anywhere, a course folder included; a self-learner works in the
    clone, where the current folder finds it."""
    here = Path.cwd()
    return [p / "exercises" / game for p in (here, *here.parents)] + [here.parent]


def reference_source(game: str, answer_name: str) -> str | None:
    """The reference answer of ``answer_name`` from a source notebook of ``game``, or None.

    Reads the answer cell (an nbgrader solution cell) that defines ``answer_name`` in a source
    notebook (one with ``### BEGIN SOLUTION`` markers) and returns it without the markers and
    without the empty ``name = None`` placeholder. None when no source notebook can be found:
    the installed package itself holds no answer. Always None while nbgrader grades (an answer cell
    must not be able to fetch the reference from a clone next to the course), even if the learner's code
    removed ``NBGRADER_EXECUTION`` (:mod:`caravan_lessons.exercises.guard` remembers it).
    """
    import json
    import re

    from .framework import grading_run

    if grading_run():
        return None

    pattern = re.compile(rf"^(?:def|class)\s+{re.escape(answer_name)}\b|^{re.escape(answer_name)}\s*=",
                         re.MULTILINE)
    for folder in _source_folders(game):
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.ipynb")):
            try:
                cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
            except (OSError, ValueError, AttributeError):
                continue
            for cell in cells:
                if not isinstance(cell, dict) or cell.get("cell_type") != "code":
                    continue
                source = cell.get("source", "")
                source = "".join(source) if isinstance(source, list) else str(source)
                if "### BEGIN SOLUTION" not in source or not pattern.search(source):
                    continue
                before, _, after = source.partition("### BEGIN SOLUTION")
                solution, _, tail = after.partition("### END SOLUTION")
                # drop the empty placeholder of a value answer ("q1a_counts = None") and the comment above it
                kept = [line for line in before.splitlines()
                        if not re.match(rf"^{re.escape(answer_name)}\s*=\s*None\s*$", line)
                        and not line.startswith("# Your answer")]
                lines = kept + solution.strip("\n").splitlines() + tail.strip("\n").splitlines()
                return "\n".join(line for line in lines if line.strip() != "").rstrip() + "\n"
    return None

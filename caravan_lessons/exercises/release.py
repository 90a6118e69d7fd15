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
        raise ValueError(f"no exercise folder {folder}; run this in the project's folder or pass --source")
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


def release(game: str = "jaipur", out: str | Path | None = None, source: str | Path | None = None) -> list[Path]:
    """Write the student release of ``game``'s exercises and return the notebooks written.

    Args:
        out: the folder to write (created; existing notebooks of the same name are replaced).
            Default: ``release/`` inside the exercise folder.
        source: the folder of the source notebooks (see :func:`exercise_dir`).
    """
    import nbformat

    folder = exercise_dir(game, source)
    target = Path(out) if out is not None else folder / RELEASE_DIR
    notebooks = source_notebooks(folder)
    if not notebooks:
        raise ValueError(f"no notebooks in {folder}")
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for path in notebooks:
        nb = release_notebook(path)
        destination = target / path.name
        nbformat.write(nb, destination)
        written.append(destination)
    return written

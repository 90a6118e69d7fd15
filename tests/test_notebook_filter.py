"""Opening, running and saving a lesson in JupyterLab leaves `git status` clean (issue 18, newcomer §2): the git
filter `make lab` installs (nbstripout with the Makefile's options) turns what JupyterLab writes back into the
committed file, and the learners' JupyterLab hides the teachers' nbgrader menus."""
from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
MAKEFILE = (ROOT / "Makefile").read_text(encoding="utf-8")
NOTEBOOKS = sorted(p for pattern in ("notebooks/**/*.ipynb", "exercises/*/*.ipynb") for p in ROOT.glob(pattern)
                   if ".ipynb_checkpoints" not in p.parts)


def filter_options() -> tuple[bool, list[str]]:
    """(keep ids?, extra keys) as the Makefile configures the filter."""
    keys = re.search(r"NB_EXTRA_KEYS := (.*?)\n\n|NB_EXTRA_KEYS := ((?:.*\\\n)*.*)\n", MAKEFILE, re.S)
    text = (keys.group(1) or keys.group(2)).replace("\\\n", " ")
    return "-m nbstripout --keep-id" in MAKEFILE, text.split()


def saved_by_jupyterlab(nb):
    """What JupyterLab writes after Run All and Save: outputs, counts, the kernel's full language_info."""
    nb = nbformat.from_dict(json.loads(json.dumps(nb)))
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    nb.metadata["language_info"] = {"codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py",
                                    "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
                                    "pygments_lexer": "ipython3", "version": "3.11.7"}
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            cell.execution_count = i + 1
            cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text="ran\n")]
    return nb


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_saved_notebook_filters_back_to_the_committed_file(path):
    from nbstripout._nbstripout import strip_output

    keep_id, keys = filter_options()
    assert keep_id and "metadata.language_info.version" in keys
    raw = path.read_text(encoding="utf-8")
    nb = saved_by_jupyterlab(nbformat.reads(raw, as_version=nbformat.NO_CONVERT))
    cleaned = strip_output(nb, keep_output=False, keep_count=False, keep_id=keep_id, extra_keys=keys)
    assert nbformat.writes(cleaned) + "\n" == raw


def learners_config() -> dict:
    """The learners' server config, run as jupyter runs it: the namespace, with ``c`` the config object."""
    from traitlets.config import Config

    c = Config()
    namespace = {"get_config": lambda: c}
    exec((ROOT / ".jupyter-learners" / "jupyter_server_config.py").read_text(encoding="utf-8"), namespace)  # noqa: S102
    return namespace


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if p.parts[-3] == "notebooks" or p.parent.name == "notebooks"],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_saving_a_lesson_in_the_learners_lab_writes_the_committed_file(path):
    """git cannot see through the filter when a saved file's size changed (it calls the file modified without
    running the filter), so the learners' JupyterLab saves a lesson as it is committed."""
    hook = learners_config()["c"].FileContentsManager.pre_save_hook
    raw = path.read_text(encoding="utf-8")
    model = {"type": "notebook", "content": saved_by_jupyterlab(nbformat.reads(raw, as_version=nbformat.NO_CONVERT))}
    hook(model=model, path=str(path.relative_to(ROOT)), contents_manager=None)
    assert nbformat.writes(model["content"]) + "\n" == raw
    other = {"type": "notebook", "content": saved_by_jupyterlab(nbformat.reads(raw, as_version=nbformat.NO_CONVERT))}
    hook(model=other, path="exercises/jaipur/release/01_read_a_position.ipynb", contents_manager=None)
    assert any(cell.get("outputs") for cell in other["content"].cells)        # a student's copy is saved whole


def test_the_learners_lab_hides_nbgrader_unless_classroom():
    config = (ROOT / ".jupyter-learners" / "jupyter_server_config.py").read_text(encoding="utf-8")
    page = json.loads((ROOT / ".jupyter-learners" / "labconfig" / "page_config.json").read_text(encoding="utf-8"))
    assert '"nbgrader.server_extensions.formgrader": False' in config and '"voila.server_extension": False' in config
    assert page["disabledExtensions"]["@jupyter/nbgrader"] is True
    assert "$(if $(CLASSROOM),,JUPYTER_CONFIG_PATH=$(CURDIR)/.jupyter-learners)" in MAKEFILE
    assert "--port=$(LAB_PORT) --ServerApp.port_retries=0" in MAKEFILE and "LAB_PORT ?= 8888" in MAKEFILE
    assert "http://127.0.0.1:$(LAB_PORT)/lab" in MAKEFILE and "127.0.0.1:8888" not in MAKEFILE

"""The project's packaging stays consistent: conda and pip list the same packages, notebooks are
committed without outputs, and the README's Quick start is what CI runs."""

from __future__ import annotations

import json
import os
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"
ENVIRONMENT = ROOT / "environment.yml"
README = ROOT / "README.md"
CI_RUN = ROOT / ".ci" / "run"
MAKEFILE = ROOT / "Makefile"
NOTEBOOK_DIRS = ("notebooks", "exercises", "apps")

# conda-forge name -> PyPI name, where the two differ. Keep it small and explicit.
CONDA_TO_PIP = {
    "matplotlib-base": "matplotlib",
    "pytables": "tables",
}
# conda entries that are the toolchain, not dependencies of the project
CONDA_TOOLCHAIN = {"python", "pip"}

_NAME = re.compile(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*(.*)")


def normalize(name: str) -> str:
    """PEP 503 normalisation: case-insensitive, runs of - _ . are the same."""
    return re.sub(r"[-_.]+", "-", name).lower()


def split_requirement(text: str) -> tuple[str, str]:
    """'jupyterlab>=4.0 ; python_version>"3"' -> ('jupyterlab', '>=4.0'); also conda's 'ch::name >=1'."""
    text = text.split(";", 1)[0].split("::")[-1]
    match = _NAME.match(text)
    assert match, f"cannot read a package name from {text!r}"
    return normalize(match.group(1)), re.sub(r"\s+", "", match.group(3))


# --- reading the two files -------------------------------------------------------------------------


def pyproject_requirements() -> dict[str, str]:
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    reqs = project["dependencies"] + project.get("optional-dependencies", {}).get("test", [])
    return dict(split_requirement(r) for r in reqs)


def _tiny_yaml_dependencies(text: str) -> tuple[list[str], list[str]]:
    """Read `dependencies:` of an environment.yml: a list of strings and one `- pip:` sub-list.
    Enough for the conda format; used only when PyYAML is not importable."""
    conda: list[str] = []
    pip: list[str] = []
    in_deps = False
    pip_indent: int | None = None
    for raw in text.splitlines():
        line = re.sub(r"(^|\s)#.*", "", raw).rstrip()
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        if indent == 0:
            in_deps = line == "dependencies:"
            pip_indent = None
            continue
        if not in_deps or not line.lstrip().startswith("- "):
            continue
        item = line.lstrip()[2:].strip()
        if len(item) >= 2 and item[0] == item[-1] and item[0] in "'\"":
            item = item[1:-1]
        if pip_indent is not None and indent > pip_indent:
            pip.append(item)
        elif item == "pip:":
            pip_indent = indent
        else:
            pip_indent = None
            conda.append(item)
    return conda, pip


def environment_requirements() -> tuple[dict[str, str], list[str]]:
    """(conda + pip packages -> version bound, pip lines that install the project itself)."""
    text = ENVIRONMENT.read_text(encoding="utf-8")
    try:
        import yaml  # PyYAML: a dependency of jupyter-events, so normally present
    except ImportError:
        conda, pip = _tiny_yaml_dependencies(text)
    else:
        conda, pip = [], []
        for entry in yaml.safe_load(text)["dependencies"]:
            if isinstance(entry, dict):
                pip.extend(entry.get("pip", []))
            else:
                conda.append(str(entry))

    found: dict[str, str] = {}
    for entry in conda:
        name, bound = split_requirement(entry)
        name = CONDA_TO_PIP.get(name, name)
        if name not in CONDA_TOOLCHAIN:
            found[name] = bound
    project_lines = []
    for entry in pip:
        if entry.startswith(("-", ".", "/")) or "://" in entry:  # -e ".[test]", paths, URLs
            project_lines.append(entry)
        else:
            name, bound = split_requirement(entry)
            found[name] = bound
    return found, project_lines


def test_tiny_yaml_reader_agrees_with_pyyaml():
    """The fallback reader must read environment.yml as PyYAML does (skipped without PyYAML)."""
    yaml = pytest.importorskip("yaml")
    text = ENVIRONMENT.read_text(encoding="utf-8")
    entries = yaml.safe_load(text)["dependencies"]
    conda = [str(e) for e in entries if not isinstance(e, dict)]
    pip = [p for e in entries if isinstance(e, dict) for p in e.get("pip", [])]
    assert _tiny_yaml_dependencies(text) == (conda, pip)


# --- conda and pip agree ---------------------------------------------------------------------------


def test_environment_yml_lists_the_same_packages_as_pyproject():
    pip_side = pyproject_requirements()
    conda_side, _ = environment_requirements()
    only_pyproject = sorted(set(pip_side) - set(conda_side))
    only_environment = sorted(set(conda_side) - set(pip_side))
    assert not (only_pyproject or only_environment), (
        "environment.yml and pyproject.toml (dependencies + test extra) differ:\n"
        f"  only in pyproject.toml:  {', '.join(only_pyproject) or '-'}\n"
        f"  only in environment.yml: {', '.join(only_environment) or '-'}\n"
        "(if a conda package has another name than on PyPI, add it to CONDA_TO_PIP)"
    )


def test_environment_yml_uses_the_same_version_bounds():
    pip_side = pyproject_requirements()
    conda_side, _ = environment_requirements()
    differ = [
        f"  {name}: pyproject '{pip_side[name] or '(none)'}' vs environment.yml '{conda_side[name] or '(none)'}'"
        for name in sorted(set(pip_side) & set(conda_side))
        if pip_side[name] != conda_side[name]
    ]
    assert not differ, "version bounds differ:\n" + "\n".join(differ)


def test_environment_yml_installs_the_project_itself():
    _, project_lines = environment_requirements()
    assert any(line.startswith("-e") and "." in line for line in project_lines), (
        'environment.yml should install the project with pip: `- pip: [-e ".[test]"]`'
    )


# --- notebooks are committed clean -----------------------------------------------------------------


def committed_notebooks() -> list[Path]:
    found = []
    for top in NOTEBOOK_DIRS:
        for path in sorted((ROOT / top).rglob("*.ipynb")):
            parts = path.relative_to(ROOT).parts
            if any(part.startswith(".") for part in parts):  # hidden dirs, .ipynb_checkpoints
                continue
            found.append(path)
    return found


def notebook_problems(path: Path) -> list[str]:
    rel = path.relative_to(ROOT)
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        return [f"{rel}: not a readable notebook ({exc})"]
    problems = []
    if "widgets" in nb.get("metadata", {}):
        problems.append(f"{rel}: saved widget state in the notebook metadata")
    for index, cell in enumerate(nb.get("cells", [])):
        if cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        first = ("".join(source) if isinstance(source, list) else source).strip().splitlines()
        where = f"{rel}: cell {index}" + (f" ({first[0][:50]!r})" if first else "")
        if cell.get("outputs"):
            problems.append(f"{where} has {len(cell['outputs'])} output(s)")
        if cell.get("execution_count") is not None:
            problems.append(f"{where} has execution count {cell['execution_count']}")
    return problems


def test_notebooks_are_committed_without_outputs():
    problems = [p for path in committed_notebooks() for p in notebook_problems(path)]
    assert not problems, (
        "notebooks must be committed clean (Kernel > Restart and Clear Outputs, then save):\n  "
        + "\n  ".join(problems)
    )


# --- the README's Quick start is what CI runs ------------------------------------------------------


def quick_start_commands() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = re.search(r"^## Quick start[ \t]*\n(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
    assert section, "README.md has no '## Quick start' section"
    blocks = re.findall(r"^```[^\n]*\n(.*?)^```", section.group(1), re.MULTILINE | re.DOTALL)
    assert blocks, "the Quick start section has no fenced code block"
    commands = []
    for block in blocks:
        for line in block.splitlines():
            line = line.strip().removeprefix("$ ").strip()
            if line and not line.startswith("#"):
                commands.append(line)
    return commands


def readme_test_command() -> str:
    tests = [c for c in quick_start_commands() if re.search(r"\btest\b", c)]
    assert len(tests) == 1, f"expected one test command in the Quick start, found {tests}"
    return tests[0]


def script_lines(path: Path) -> list[str]:
    lines = (line.split(" #")[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def test_quick_start_has_exactly_two_commands():
    commands = quick_start_commands()
    assert len(commands) == 2, f"the Quick start should have exactly two commands, found {commands}"


def test_quick_start_make_targets_exist():
    targets = set(
        re.findall(r"^([A-Za-z0-9_.-]+)\s*:(?!=)", MAKEFILE.read_text(encoding="utf-8"), re.MULTILINE)
    )
    for command in quick_start_commands():
        words = command.split()
        if words[0] == "make":
            missing = [w for w in words[1:] if "=" not in w and not w.startswith("-") and w not in targets]
            assert not missing, f"Makefile has no target {missing} used by the Quick start: {command!r}"


def test_ci_runs_the_readme_test_command():
    command = readme_test_command()
    lines = script_lines(CI_RUN)
    assert any(line in (command, f"exec {command}") for line in lines), (
        f".ci/run should run the README's test command {command!r}; its commands are:\n  "
        + "\n  ".join(lines)
    )
    copied = [line for line in lines if "pytest" in line]
    assert not copied, f".ci/run should call {command!r}, not repeat what it does: {copied}"
    assert os.access(CI_RUN, os.X_OK), ".ci/run is not executable (chmod +x .ci/run)"

# caravan_lessons: one virtual environment (.venv) serves the lessons, the tests and the benchmark.
#   make lab     open the lessons in JupyterLab
#   make test    run the whole test suite (the command CI runs)
#   make bench   time the engines and bots
#   make clean   remove the venv, caches and build/test artefacts
# Override the interpreter with `make lab PYTHON=python3.12`; pass pytest options with
# `make test PYTEST_ARGS="-k jaipur -x"`; long runs with `make test PYTEST_ARGS=--run-slow`.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PYTEST_ARGS ?=
# test processes (pytest-xdist); 'make test WORKERS=0' runs in one process
WORKERS ?= auto

# jupyter-server refuses to start as root without --allow-root (CI containers run as root)
ALLOW_ROOT := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

.PHONY: lab test bench clean

lab: $(STAMP)
	$(BIN)/python -m caravan_lessons.exercises release jaipur
	$(BIN)/jupyter lab $(ALLOW_ROOT) --ServerApp.root_dir=. notebooks/START_HERE.ipynb

test: $(STAMP)
	$(BIN)/python -m pytest -n $(WORKERS) $(PYTEST_ARGS)

bench: $(STAMP)
	$(BIN)/python -m caravan_lessons bench

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Re-install only when pyproject.toml changes. The test extra goes in too, so there is one venv
# for everything; the editable install means edits to caravan_lessons/ need no re-install.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install -e '.[test]'
	touch $@

clean:
	rm -rf $(VENV) build dist *.egg-info artifacts .pytest_cache .hypothesis .ruff_cache
	find . -path ./.git -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) -type d \
		-prune -exec rm -rf {} +

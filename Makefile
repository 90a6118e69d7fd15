# caravan_lessons: one virtual environment (.venv) serves the lessons, the tests and the benchmark.
#   make lab     open the lessons in JupyterLab (LAB_PORT=9100 for another port; CLASSROOM=1 for nbgrader's menus)
#   make test    run the whole test suite (the command CI runs)
#   make bench   time the engines and bots
#   make translations  extract the messages, update the pt/fi catalogues, compile them (babel)
#   make fuzz    the standing fuzz suite with its figures (FUZZ_SCALE=20 for 20x the examples)
#   make app     a game's play page, standalone with Voila (http://127.0.0.1:8866): GAME=jaipur (default),
#                samarkand, caravan or marco_polo
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

.PHONY: lab test bench fuzz app clean translations

# Students' copies of every game's exercises (a copy the student already changed is kept), and a git
# filter (nbstripout, this clone only) so that running and saving the lessons never shows them as changed in
# git: it strips outputs and execution counts, keeps cell ids, and reduces the kernel's language_info to its
# name, as the notebooks are committed. Learners get JupyterLab without the teachers' nbgrader menus and
# Voila preview (.jupyter-learners/); CLASSROOM=1 keeps them. LAB_PORT picks the port (the server stops with a
# message if it is taken, so the address printed is the one it uses).
LAB_PORT ?= 8888
CLASSROOM ?=
NB_EXTRA_KEYS := metadata.language_info.codemirror_mode metadata.language_info.file_extension \
	metadata.language_info.mimetype metadata.language_info.nbconvert_exporter \
	metadata.language_info.pygments_lexer metadata.language_info.version
LEARNERS := $(if $(CLASSROOM),,JUPYTER_CONFIG_PATH=$(CURDIR)/.jupyter-learners)
lab: $(STAMP)
	for game in $$($(BIN)/python -c "from caravan_lessons.exercises import GAMES; print(*GAMES)"); do \
		$(BIN)/python -m caravan_lessons.exercises release $$game || exit 1; done
	if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then $(BIN)/nbstripout --install && \
		git config filter.nbstripout.clean '"$(abspath $(BIN))/python" -m nbstripout --keep-id' && \
		git config filter.nbstripout.extrakeys "$(NB_EXTRA_KEYS)"; fi
	@echo "Start page: notebooks/START_HERE.ipynb (no browser here? open the address JupyterLab prints below, http://127.0.0.1:$(LAB_PORT)/lab?token= and its token, then double-click notebooks/START_HERE.ipynb)"
	$(LEARNERS) $(BIN)/jupyter lab $(ALLOW_ROOT) --port=$(LAB_PORT) --ServerApp.port_retries=0 \
		--ServerApp.root_dir=. notebooks/START_HERE.ipynb

test: $(STAMP)
	$(BIN)/python -m pytest -n $(WORKERS) $(PYTEST_ARGS)

# Voila runs apps/$(GAME).ipynb and shows only its widgets, the play app first: make app GAME=samarkand (or
# caravan, marco_polo; default jaipur); APP_PORT=8867 make app for another port
APP_PORT ?= 8866
GAME ?= jaipur
app: $(STAMP)
	@test -f apps/$(GAME).ipynb || { echo "make app: no page apps/$(GAME).ipynb; GAME is one of: $(basename $(notdir $(wildcard apps/*.ipynb)))"; exit 2; }
	$(BIN)/voila apps/$(GAME).ipynb --no-browser --port=$(APP_PORT) --Voila.ip=127.0.0.1

bench: $(STAMP)
	$(BIN)/python -m caravan_lessons bench

# babel's three steps over caravan_lessons/locale/: extract (caravan_lessons.pot), update (<lang>/LC_MESSAGES/
# caravan_lessons.po: new messages empty, changed ones fuzzy), compile (.mo); then the missing/inconsistent count.
# Translate what `python -m caravan_lessons.catalogs check` lists, in the .po files.
translations: $(STAMP)
	$(BIN)/python -m caravan_lessons.catalogs update

FUZZ_SCALE ?= 1
fuzz: $(STAMP)
	CARAVAN_FUZZ_SCALE=$(FUZZ_SCALE) $(BIN)/python -m pytest tests/fuzz -q -p no:cacheprovider

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

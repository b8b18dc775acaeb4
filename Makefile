# make run   - create .venv if needed, install the program, start the game
# make test  - create .venv if needed, install with the test extra, run ruff and the whole suite
# make bench - run the benchmarks in benchmarks/
# make lint  - ruff check and ruff format --check only
# make translations - extract, update and compile the catalogs in locales/
# make icons - render the application icon files from resources/icons/backgammon.svg

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PYTEST_ARGS ?= -q

.PHONY: run test lint bench format translations icons clean

# Stamps record what was installed; they are remade only when pyproject.toml changes.
RUN_STAMP := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "Python 3.11 or newer is needed (found: $$($(PYTHON) --version 2>&1))." >&2; exit 1; }
	$(PYTHON) -m venv $(VENV) || \
		{ echo "Could not create $(VENV): on Debian/Ubuntu install python3-venv first." >&2; \
		  rm -rf $(VENV); exit 1; }
	$(BIN)/python -m pip install --quiet --upgrade pip

$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	@touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test]"
	@touch $@ $(RUN_STAMP)

run: $(RUN_STAMP)
	$(BIN)/python -m app

lint: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

test: lint
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: $(RUN_STAMP)
	@set -e; found=0; \
	for script in benchmarks/*.py; do \
		[ -e "$$script" ] || continue; \
		case "$$(basename "$$script")" in _*) continue;; esac; \
		found=1; echo "== $$script"; $(BIN)/python "$$script"; \
	done; \
	[ $$found = 1 ] || echo "No benchmarks found in benchmarks/."

translations: $(RUN_STAMP)
	$(BIN)/python -m locales all

icons: $(RUN_STAMP)
	$(BIN)/python packaging/render_icons.py

format: $(TEST_STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache .hypothesis

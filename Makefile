# make run   - create .venv if needed, install the program, start the game
# make test  - create .venv if needed, install with the test extra, run ruff and the whole suite
#   (always in the same order)
# make test-shuffled [SEED=n] [SHUFFLE_ARGS="-q tests/app"] - the suite (or a part) in a random
#   order with pytest-randomly, installed into .venv the first time; the seed is printed at the
#   top, and SEED=n repeats an order
# make bench - run the benchmarks in benchmarks/
# make lint  - ruff check and ruff format --check only
# make typecheck - mypy (strict) on engine/, ai/ and lessons/
# make qmllint - pyside6-qmllint on every QML file of app/qml; any warning fails it
# make qmltypes - remake app/qml/app.qmltypes (the types registered from Python, for qmllint)
# make translations - extract, update and compile the catalogs in locales/
# make icons - render the application icon files from resources/icons/backgammon.svg
# make wheel - build the wheel (with every data file the game needs) into dist/
# make bundle - build the one-folder application with PyInstaller into dist/Backgammon/
# make install-desktop - per user: menu entry, icons and AppStream data in ~/.local/share
#   (starts .venv/bin/backgammon; DESKTOP_EXEC=/path/to/backgammon for a bundle or another install)
# make uninstall-desktop - remove what install-desktop installed

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PYTEST_ARGS ?= -q

.PHONY: run test test-shuffled lint typecheck qmllint qmltypes bench format translations icons wheel bundle \
	install-desktop uninstall-desktop clean

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

typecheck: $(TEST_STAMP)
	$(BIN)/mypy

# qmllint knows the parts registered from Python through app/qml/app.qmltypes (committed; remade
# by `make qmltypes`, and tests/app/test_qmltypes.py fails when it is stale). Unused imports are
# only an "info" by default: made a warning here, so that they fail too.
QT_QML_DIR = $$($(BIN)/python -c 'from PySide6.QtCore import QLibraryInfo as L; \
	print(L.path(L.LibraryPath.QmlImportsPath))')
QMLLINT_ARGS ?= --max-warnings 0 --unused-imports warning

qmllint: $(TEST_STAMP)
	$(BIN)/pyside6-qmllint -I . -I "$(QT_QML_DIR)" $(QMLLINT_ARGS) app/qml/*.qml

qmltypes: $(RUN_STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m app.qmltypes

# pyproject.toml's addopts block pytest-randomly, so that a run stays in one order once
# test-shuffled has installed it; test-shuffled lets it in again with -p randomly.
test: lint typecheck qmllint
	$(BIN)/python -m pytest $(PYTEST_ARGS)

SHUFFLE_STAMP := $(VENV)/.installed-shuffle
SHUFFLE_ARGS ?= -q
PYTEST_RANDOMLY ?= pytest-randomly>=3.15,<4

$(SHUFFLE_STAMP): $(TEST_STAMP)
	$(BIN)/python -m pip install --quiet "$(PYTEST_RANDOMLY)"
	@touch $@

# The seed is chosen here and said first (pytest's -q hides the plugin's own line).
test-shuffled: $(SHUFFLE_STAMP)
	@seed="$(SEED)"; [ -n "$$seed" ] || seed=$$(od -An -N4 -tu4 /dev/urandom | tr -d ' '); \
	echo "test-shuffled: SEED=$$seed repeats this order"; \
	$(BIN)/python -m pytest -p randomly --randomly-seed=$$seed $(SHUFFLE_ARGS)

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

wheel: $(RUN_STAMP)
	rm -rf build/lib build/bdist.*
	$(BIN)/python -m pip wheel --quiet --no-deps --wheel-dir dist .
	@ls -l dist/*.whl

BUNDLE_STAMP := $(VENV)/.installed-bundle
PYINSTALLER ?= pyinstaller>=6.10,<7

$(BUNDLE_STAMP): $(RUN_STAMP)
	$(BIN)/python -m pip install --quiet "$(PYINSTALLER)"
	@touch $@

bundle: $(BUNDLE_STAMP)
	$(BIN)/pyinstaller --noconfirm --clean --log-level WARN --distpath dist \
		--workpath build/pyinstaller packaging/backgammon.spec
	@echo "Built dist/Backgammon/ ($$(du -sh dist/Backgammon | cut -f1))"

APP_ID := io.github.backgammon_desktop.Backgammon
XDG_DATA_HOME ?= $(HOME)/.local/share
DESKTOP_EXEC ?=
ICON_SIZES := 16 24 32 48 64 128 256 512

install-desktop: $(if $(DESKTOP_EXEC),,$(RUN_STAMP))
	@set -e; exec_path="$(or $(DESKTOP_EXEC),$(abspath $(BIN))/backgammon)"; \
	[ -x "$$exec_path" ] || { echo "$$exec_path is not a program" >&2; exit 1; }; \
	install -d "$(XDG_DATA_HOME)/applications" "$(XDG_DATA_HOME)/metainfo"; \
	sed "s|^Exec=[^ ]*|Exec=\"$$exec_path\"|" packaging/linux/$(APP_ID).desktop \
		> "$(XDG_DATA_HOME)/applications/$(APP_ID).desktop"; \
	install -m 644 packaging/linux/$(APP_ID).metainfo.xml "$(XDG_DATA_HOME)/metainfo/"; \
	for size in $(ICON_SIZES); do \
		install -D -m 644 packaging/linux/icons/hicolor/$${size}x$${size}/apps/$(APP_ID).png \
			"$(XDG_DATA_HOME)/icons/hicolor/$${size}x$${size}/apps/$(APP_ID).png"; \
	done; \
	install -D -m 644 packaging/linux/icons/hicolor/scalable/apps/$(APP_ID).svg \
		"$(XDG_DATA_HOME)/icons/hicolor/scalable/apps/$(APP_ID).svg"; \
	command -v update-desktop-database >/dev/null && \
		update-desktop-database -q "$(XDG_DATA_HOME)/applications" || true; \
	command -v gtk-update-icon-cache >/dev/null && \
		gtk-update-icon-cache -q -t "$(XDG_DATA_HOME)/icons/hicolor" || true; \
	echo "Installed the menu entry for $$exec_path in $(XDG_DATA_HOME)"

uninstall-desktop:
	rm -f "$(XDG_DATA_HOME)/applications/$(APP_ID).desktop" \
		"$(XDG_DATA_HOME)/metainfo/$(APP_ID).metainfo.xml" \
		$(foreach size,$(ICON_SIZES),"$(XDG_DATA_HOME)/icons/hicolor/$(size)x$(size)/apps/$(APP_ID).png") \
		"$(XDG_DATA_HOME)/icons/hicolor/scalable/apps/$(APP_ID).svg"

format: $(TEST_STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache .mypy_cache .hypothesis

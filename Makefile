# Papershelf: `make run` opens the app, `make test` runs every check. Both set up .venv first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test check pytest bench dist system-deps clean translations update-translations bytecode

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# The window's translations: the .ts sources are committed, the .qm files are built here.
TS := $(wildcard resources/translations/*.ts)
QM := $(TS:.ts=.qm)

translations: $(QM)

resources/translations/%.qm: resources/translations/%.ts | $(STAMP)
	$(VENV)/bin/pyside6-lrelease -silent $< -qm $@

# After changing strings in desktop/ui: extract them into the .ts files, then translate.
update-translations: $(STAMP)
	$(PY) -m desktop.ui.ts_files $(VENV)/bin/pyside6-lupdate

# Our modules compiled ahead: where PYTHONDONTWRITEBYTECODE is set (as on the CI machines)
# nothing is compiled for good, and every process the app or the tests start (the command
# line, the reading helper, a migration) compiled ours afresh, 0.2-0.3 s each: a fresh
# clone's suite took 19.6 min of CPU, a tree that had them 16.1 (one run each). Only changed
# files are compiled again.
bytecode: $(STAMP)
	$(PY) -m compileall -q desktop migrations

run: $(STAMP) translations bytecode
	$(PY) -m desktop

# Debian packages the tests need (PostgreSQL comes with the machine; see tests/conftest.py).
system-deps:
	bash .ci/system-deps

test: system-deps $(STAMP) check pytest

check: $(STAMP)
	$(VENV)/bin/ruff check desktop tests migrations setup.py
	$(VENV)/bin/ruff format --check desktop tests migrations setup.py
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

pytest: $(STAMP) translations bytecode
	$(PY) -m pytest -n 2 --dist loadgroup --durations=15

# JabRef is installed for the benchmarks only: they compare its load and save times with ours.
# Each benchmark file runs in a process of its own (see tests/benchmarks/apart.py).
bench: $(STAMP)
	PAPERSHELF_DEBIAN_PACKAGES=bench-packages bash .ci/system-deps
	$(PY) tests/benchmarks/apart.py

# The one-folder app (PyInstaller) in dist/papershelf/: runs without Python installed.
dist: $(STAMP) translations
	$(VENV)/bin/pyinstaller --noconfirm --log-level WARN --distpath dist \
		--workpath build/pyinstaller packaging/papershelf.spec

clean:
	rm -rf $(VENV) $(QM)

# Papershelf: `make run` opens the app, `make test` runs every check. Both set up .venv first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test check pytest bench dist system-deps clean

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m desktop

# Debian packages the tests need (PostgreSQL comes with the machine; see tests/conftest.py).
system-deps:
	bash .ci/system-deps

test: system-deps $(STAMP) check pytest

check: $(STAMP)
	$(VENV)/bin/ruff check desktop tests migrations setup.py
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

pytest: $(STAMP)
	$(PY) -m pytest -n 2 --dist loadgroup

bench: $(STAMP)
	$(PY) -m pytest tests/benchmarks -p no:xdist -s -q

# The one-folder app (PyInstaller) in dist/papershelf/: runs without Python installed.
dist: $(STAMP)
	$(VENV)/bin/pyinstaller --noconfirm --log-level WARN --distpath dist \
		--workpath build/pyinstaller packaging/papershelf.spec

clean:
	rm -rf $(VENV)

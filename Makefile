# Two entry points, each from a fresh clone: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: run test test-all lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $(STAMP)

## Install what is needed and open the dealer console.
run: $(STAMP)
	$(VENV)/bin/dealerassist

## Install what is needed and run the whole test suite (the slow proofs excluded; see test-all).
test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(VENV)/bin/lint-imports
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -m 'not slow' -p no:cacheprovider

## Everything, the exhaustive and long proofs included.
test-all: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -p no:cacheprovider

lint: $(STAMP)
	$(VENV)/bin/ruff check dealerassist tests

bench: $(STAMP)
	$(VENV)/bin/dealerassist bench --json

clean:
	rm -rf $(VENV) build *.egg-info

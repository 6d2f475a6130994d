# Two entry points, each from a fresh clone: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: run test test-all test-headless lint bench clean

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

## Every test outside ui/, vision/ and room/ in an environment WITHOUT PySide6, OpenCV and
## psycopg, proving the engine, rules, journal and session never need them (style principle 1).
HEADLESS := .venv-headless
$(HEADLESS)/.installed-stamp: pyproject.toml
	$(PYTHON) -m venv $(HEADLESS)
	$(HEADLESS)/bin/python -m pip install -q --upgrade pip
	$(HEADLESS)/bin/python -m pip install -q --no-deps -e .
	$(HEADLESS)/bin/python -m pip install -q "PyYAML>=6,<7" "platformdirs>=4,<5" "numpy>=1.26,<3" \
		"pytest>=8,<10" "hypothesis>=6.100,<7" "pokerkit==0.7.7" "treys==0.1.8"
	touch $@

test-headless: $(HEADLESS)/.installed-stamp
	$(HEADLESS)/bin/python -c "import importlib.util as u; assert not u.find_spec('PySide6') and not u.find_spec('cv2') and not u.find_spec('onnxruntime')"
	$(HEADLESS)/bin/python -m pytest -q -m 'not slow' -p no:cacheprovider -p no:pytest-qt \
		--ignore=tests/ui --ignore=tests/vision --ignore=tests/room

lint: $(STAMP)
	$(VENV)/bin/ruff check dealerassist tests scripts

bench: $(STAMP)
	$(VENV)/bin/dealerassist bench --json

clean:
	rm -rf $(VENV) $(HEADLESS) build *.egg-info

# Two commands set up a fresh machine: `make run` (the app) and `make test` (the whole suite).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
APT_PACKAGES := python3-venv python3-tk xvfb xdotool x11-utils imagemagick

.PHONY: run test system-deps bench icons build clean format

# System packages: installed with apt-get when running as root and something is missing.
system-deps:
	@if ! $(PYTHON) -c 'import tkinter, venv' 2>/dev/null || ! command -v Xvfb >/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_PACKAGES) >/dev/null; \
	  else \
	    echo "Please install: $(APT_PACKAGES) (e.g. sudo apt-get install $(APT_PACKAGES))"; \
	  fi; \
	fi

$(STAMP): setup.cfg pyproject.toml
	$(MAKE) system-deps
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m sudoku_tk

test: $(STAMP)
	$(PY) -m pytest -n 2 -q

# One code format and import order (ruff, configured in pyproject.toml); tests/test_format.py checks it.
format: $(STAMP)
	$(VENV)/bin/ruff check --select I --fix -q sudoku_tk tests build_scripts
	$(VENV)/bin/ruff format -q sudoku_tk tests build_scripts

bench: $(STAMP)
	$(PY) -m sudoku_tk.bench

icons: $(STAMP)
	$(PY) build_scripts/make_icons.py

build: $(STAMP)
	$(PY) -m pip install -q -e '.[build]'
	$(PY) build_scripts/build.py

clean:
	rm -rf $(VENV) build dist *.egg-info

# Two commands set up a fresh machine: `make run` (the app) and `make test` (the whole suite).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# `make run` installs the app alone (Pillow, no test tools) as a plain install; `make test` installs the package
# editable with its test extra, which serves `make run` too from then on.
APP_STAMP := $(VENV)/.installed-app
STAMP := $(VENV)/.installed
APP_APT := python3-venv python3-tk
APT_PACKAGES := $(APP_APT) xvfb xdotool x11-utils imagemagick
PACKAGE_FILES := $(shell find sudoku_tk -type f -not -name '*.pyc' 2>/dev/null)

.PHONY: run test system-deps app-system-deps bench icons build clean format

# System packages: installed with apt-get when running as root and something is missing.
system-deps:
	@if ! $(PYTHON) -c 'import tkinter, venv' 2>/dev/null || ! command -v Xvfb >/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_PACKAGES) >/dev/null; \
	  else \
	    echo "Please install: $(APT_PACKAGES) (e.g. sudo apt-get install $(APT_PACKAGES))"; \
	  fi; \
	fi

# What the app alone needs: Tk and venv.
app-system-deps:
	@if ! $(PYTHON) -c 'import tkinter, venv' 2>/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APP_APT) >/dev/null; \
	  else \
	    echo "Please install: $(APP_APT) (e.g. sudo apt-get install $(APP_APT))"; \
	  fi; \
	fi

$(APP_STAMP): setup.cfg pyproject.toml $(PACKAGE_FILES)
	@$(MAKE) --no-print-directory app-system-deps
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@if [ -f $(STAMP) ]; then :; else \
	  echo "Installing Sudoku Tk and Pillow into $(VENV) ..."; \
	  $(PY) -m pip install -q --disable-pip-version-check . ; \
	fi
	@touch $(APP_STAMP)
	@echo "Next time, start the app with  $(VENV)/bin/sudoku-tk  and the command line with  $(VENV)/bin/sudoku-tk-cli --help"

$(STAMP): setup.cfg pyproject.toml
	$(MAKE) system-deps
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $(STAMP)

run: $(APP_STAMP)
	$(PY) -m sudoku_tk

test: $(STAMP)
	$(PY) -m pytest -n 2 -q

# One code format and import order (ruff, configured in pyproject.toml); tests/test_format.py checks it.
format: $(STAMP)
	$(VENV)/bin/ruff check --fix -q sudoku_tk tests build_scripts benchmarks
	$(VENV)/bin/ruff format -q sudoku_tk tests build_scripts benchmarks

bench: $(STAMP)
	$(PY) -m sudoku_tk.bench

icons: $(STAMP)
	$(PY) build_scripts/make_icons.py

build: $(STAMP)
	$(PY) -m pip install -q -e '.[build]'
	$(PY) build_scripts/build.py

clean:
	rm -rf $(VENV) build dist *.egg-info

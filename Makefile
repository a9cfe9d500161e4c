# Two entry points for a newcomer: `make run` (the backend on 127.0.0.1) and `make test` (everything CI runs).
# Both create the virtual environment they need on first use.
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
SHARED_DIR ?= $(abspath ../shared)
export SHARED_DIR

.PHONY: run test lint infra-check build

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $@

run: $(VENV)/.installed
	$(PY) -m localrun $(ARGS)

test: $(VENV)/.installed
	TZ=UTC bash infra/test-all.sh

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .

# The cloud definition alone: cfn-lint, sam validate/build (no Docker), the built artifacts, the ASL validator.
infra-check: $(VENV)/.installed
	bash infra/check-cloud.sh

# What `sam deploy` ships (no Docker; Python 3.12 through pyenv): sam build, then bytecode for every module.
build:
	bash infra/build.sh

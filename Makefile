# Two entry points for a newcomer: `make run` (the backend on 127.0.0.1) and `make test` (everything CI runs).
# Both create the virtual environment they need on first use.
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
SHARED_DIR ?= $(abspath ../shared)
export SHARED_DIR

.PHONY: run test lint infra-check build web screens deploy-web

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $@

# The web client: npm's lockfile installed into web/node_modules, then built into web/dist (git-ignored) when a
# source, its scripts, the lockfile or the API's document changed.
WEB_SOURCES := $(shell find web/src web/index.html web/package.json web/vite.config.ts web/tsconfig.json -type f -not -path '*/generated/*' 2>/dev/null)

web/node_modules/.installed: web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	sha256sum web/package-lock.json | cut -d' ' -f1 > $@

web/dist/index.html: web/node_modules/.installed $(WEB_SOURCES) docs/api/openapi.json
	cd web && npm run --silent build

web: web/dist/index.html

run: $(VENV)/.installed web/dist/index.html
	$(PY) -m localrun $(ARGS)

# docs/screens/*.png, from the browser tests' own runs (desktop and phone, 390x844).
screens: $(VENV)/.installed web/dist/index.html
	cd web && SCREENS=1 npx playwright test

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

# The client to the cloud: build, upload to the stack's bucket, invalidate its distribution (STACK=<name>).
deploy-web: $(VENV)/.installed web/dist/index.html
	$(PY) infra/deploy_web.py --stack $(STACK)

#!/usr/bin/env bash
# Everything CI checks, in the order that fails fastest. Run through `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
export TZ=UTC
export SHARED_DIR="${SHARED_DIR:-$(cd .. && pwd)/shared}"

echo "== lint"
.venv/bin/ruff check .

echo "== pytest"
$PY -m pytest -n 2 -q

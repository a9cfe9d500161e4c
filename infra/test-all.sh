#!/usr/bin/env bash
# Everything CI checks, in the order that fails fastest. Run through `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
export TZ=UTC
export SHARED_DIR="${SHARED_DIR:-$(cd .. && pwd)/shared}"

echo "== lint"
.venv/bin/ruff check .

echo "== types"
.venv/bin/mypy

echo "== pytest"
$PY -m pytest -n 2 -q

echo "== the API's contract (Redocly lint, generated Python and TypeScript clients under mypy/tsc --strict, each playing a house game on the local runner, schemathesis)"
bash infra/check-contract.sh

echo "== the web client (its build, vitest, Playwright in Debian's Chromium against the local runner)"
bash infra/check-web.sh

echo "== engine case runners (the command lines the issues name)"
$PY -m rules.feinthold.cases tests/cases/feinthold/*.json
$PY -m rules.feint.cases tests/cases/feint/*.json
$PY -m rules.front1901.datc "$SHARED_DIR"/datc/datc_v2.4_06.txt "$SHARED_DIR"/datc/real.txt "$SHARED_DIR"/datc/dipai.txt
$PY -m rules.front1901 selfplay --seed 1 --until 1902 --powers AUSTRIA=easy,ENGLAND=hard,FRANCE=random > /dev/null

echo "== feint soak (500 bot-only games per seat count; --strict fails on any error or unfinished game)"
$PY -m rules.feint soak --games 500 --seats 2 --seed 1 --strict
$PY -m rules.feint soak --games 500 --seats 3 --seed 1 --strict
$PY -m rules.feint soak --games 500 --seats 4 --seed 1 --strict
$PY -m rules.feint soak --games 500 --seats 6 --seed 1 --strict

echo "== cloud definition (cfn-lint, sam validate/build, built artifacts, ASL)"
bash infra/check-cloud.sh

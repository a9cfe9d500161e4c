#!/usr/bin/env bash
# Holds the API's OpenAPI document (docs/api/openapi.json) as a contract, offline, on this machine:
#   (a) Redocly's linter, recommended rules (infra/tools/contract/redocly.yaml);
#   (b) a Python client generated with openapi-python-client, under mypy --strict;
#   (c) TypeScript types generated with openapi-typescript, under tsc --noEmit --strict;
#   (d) each game's outcome (won, drawn, unfinished) read through the generated Python client
#       (tests/clients/python/parse_outcomes.py), and a typed program in each language (tests/clients/) playing a house game end to end against the local
#       runner through its generated client only;
#   (e) schemathesis against the local runner: every operation, a member's and a moderator's token, real ids
#       (tests/clients/fuzz_local_runner.py, schemathesis.toml).
# Run from anywhere (infra/test-all.sh calls it). Installs its tools on first use and reuses them after, like the
# ASL validator: .venv-contract (pinned pip packages) and infra/tools/contract/node_modules (the npm lockfile),
# each with a stamp of what it was installed from. Everything it makes goes to build/contract/.
set -euo pipefail
cd "$(dirname "$0")/.."

source infra/lib.sh

BUILD=build/contract
TOOLS=infra/tools/contract
NODE_BIN=$TOOLS/node_modules/.bin
export CONTRACT_STARTED="${CONTRACT_STARTED:-$(date +%s)}"
contract_step() { echo "== contract: $1 (t=$(( $(date +%s) - CONTRACT_STARTED ))s)"; }
# Redocly asks nothing of the network this way (no telemetry, no update check).
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true

install_python_tools() {
    local stamp
    stamp="$(stamp_of $TOOLS/requirements.txt)"
    if [[ ! -x .venv-contract/bin/schemathesis || "$(cat .venv-contract/.installed 2>/dev/null)" != "$stamp" ]]; then
        rm -rf .venv-contract
        python3.11 -m venv .venv-contract
        # Every package is pinned: no resolution needed; no bytecode compiled up front.
        quietly pip-contract .venv-contract/bin/python -m pip install --no-deps --no-compile \
            -r $TOOLS/requirements.txt
        echo "$stamp" > .venv-contract/.installed
    fi
}
install_node_tools() {
    local stamp
    stamp="$(stamp_of $TOOLS/package-lock.json)"
    if [[ "$(cat $TOOLS/node_modules/.installed 2>/dev/null)" != "$stamp" ]]; then
        (cd $TOOLS && quietly npm-contract npm ci --no-audit --no-fund)
        echo "$stamp" > $TOOLS/node_modules/.installed
    fi
}

RUNNER_PID=""
stop_all() {
    # Only this script's own jobs and the runner it started, by their ids.
    [[ -n "$RUNNER_PID" ]] && kill "$RUNNER_PID" 2>/dev/null && wait "$RUNNER_PID" 2>/dev/null
    [[ -n "${pip_job:-}" ]] && kill "$pip_job" 2>/dev/null
    [[ -n "${npm_job:-}" ]] && kill "$npm_job" 2>/dev/null
    [[ -n "${fuzz_job:-}" ]] && kill "$fuzz_job" 2>/dev/null
    true
}
trap stop_all EXIT

rm -rf "$BUILD"
mkdir -p "$BUILD"

contract_step "the local runner (manual clock, free ports) and, in the background, the tools"
.venv/bin/python -m localrun --clock manual --port 0 --admin-port 0 --state-dir "$BUILD/localrun" \
    > "$BUILD/localrun.log" 2>&1 &
RUNNER_PID=$!
install_python_tools &
pip_job=$!
install_node_tools &
npm_job=$!

contract_step "(a) redocly lint, recommended rules"
wait "$npm_job"
npm_job=""
$NODE_BIN/redocly lint docs/api/openapi.json --config $TOOLS/redocly.yaml --format=summary

contract_step "(e) in the background: schemathesis against the local runner, a member's and a moderator's token"
wait "$pip_job"
pip_job=""
for _ in $(seq 1 600); do
    [[ -f "$BUILD/localrun/runner.json" ]] && break
    kill -0 "$RUNNER_PID" 2>/dev/null || { cat "$BUILD/localrun.log"; exit 1; }
    sleep 0.1
done
API=$(.venv/bin/python -c "import json, sys; print(json.load(open(sys.argv[1]))['api'])" "$BUILD/localrun/runner.json")
ADMIN=$(.venv/bin/python -c "import json, sys; print(json.load(open(sys.argv[1]))['admin'])" "$BUILD/localrun/runner.json")
# Most of its time is the runner's (DynamoDB one request at a time): the clients are built and checked meanwhile.
.venv-contract/bin/python tests/clients/fuzz_local_runner.py "$API" "$ADMIN" "$BUILD/fuzz" > "$BUILD/fuzz.log" 2>&1 &
fuzz_job=$!

contract_step "(c) openapi-typescript, tsc --noEmit --strict on the types"
mkdir -p "$BUILD/typescript"
$NODE_BIN/openapi-typescript docs/api/openapi.json -o "$BUILD/typescript/feinthold-api.d.ts" --silent
$NODE_BIN/tsc --noEmit --strict --skipDefaultLibCheck --lib es2022 "$BUILD/typescript/feinthold-api.d.ts"
# The program, strict, compiled against the types; node finds openapi-fetch through the link.
$NODE_BIN/tsc -p tests/clients/typescript/tsconfig.json
ln -sfn "$PWD/$TOOLS/node_modules" "$BUILD/typescript/node_modules"

contract_step "(b) openapi-python-client, mypy --strict on the client and the program"
mkdir -p "$BUILD/python"
.venv-contract/bin/openapi-python-client generate --path docs/api/openapi.json --meta none \
    --output-path "$BUILD/python/feinthold_api_client" --config tests/clients/python/openapi-python-client.yaml \
    > "$BUILD/python/generate.log" 2>&1 || { cat "$BUILD/python/generate.log"; exit 1; }
(cd "$BUILD/python" && ../../../.venv-contract/bin/mypy --strict --no-incremental feinthold_api_client \
    ../../../tests/clients/python/play_house_game.py ../../../tests/clients/python/parse_outcomes.py)

contract_step "(d) each game's outcomes through the Python client; each client plays a house game"
PYTHONPATH="$BUILD/python" .venv-contract/bin/python tests/clients/python/parse_outcomes.py
PYTHONPATH="$BUILD/python" .venv-contract/bin/python tests/clients/python/play_house_game.py "$API" "$ADMIN"
node "$BUILD/typescript/out/play_house_game.mjs" "$API" "$ADMIN"

contract_step "(e) schemathesis's answer"
fuzzed=0
wait "$fuzz_job" || fuzzed=$?
fuzz_job=""
cat "$BUILD/fuzz.log"
[[ "$fuzzed" == 0 ]]

contract_step "done"

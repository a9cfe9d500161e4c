#!/usr/bin/env bash
# Checks the cloud definition offline: cfn-lint, `sam validate --lint`, `sam build` without Docker, the built
# artifacts (the rules layer imports from its python/ folder, handlers and arm64 wheels are in every function),
# and the Amazon States Language validator on every state machine. Run from anywhere; installs what it needs
# on first use (.venv-sam, .venv-runtime-deps, infra/tools/node_modules) and reuses it after.
set -euo pipefail
cd "$(dirname "$0")/.."

# No AWS account is used: SAM reads credentials and a region even for offline commands.
export AWS_ACCESS_KEY_ID="${AWS_ACCESS_KEY_ID:-offline}"
export AWS_SECRET_ACCESS_KEY="${AWS_SECRET_ACCESS_KEY:-offline}"
export AWS_DEFAULT_REGION="${AWS_DEFAULT_REGION:-eu-west-1}"
export AWS_REGION="$AWS_DEFAULT_REGION"
export SAM_CLI_TELEMETRY=0
# sam build finds the Lambda runtime's Python (3.12) on the path through pyenv.
export PYENV_VERSION="${PYENV_VERSION:-3.12.1}"

LOGS="$PWD/.aws-sam/check-cloud"
mkdir -p "$LOGS"
started=$SECONDS
step() { echo "== cloud: $1 (t=$((SECONDS - started))s)"; }
# Runs a command with its output in a log, shown only if it fails (pip and sam are verbose).
quietly() {
    local log="$LOGS/$1.log"
    shift
    if ! "$@" > "$log" 2>&1; then
        cat "$log"
        echo "FAILED: $* (log: $log)" >&2
        return 1
    fi
}
# A stamp holds the hash of what an install was made from; a changed input reinstalls.
stamp_of() { cat "$@" | sha256sum | cut -d' ' -f1; }

# The functions' dependencies built for this machine: the built artifacts hold them for arm64.
install_runtime_deps() {
    local stamp
    stamp="$(stamp_of functions/requirements.txt)"
    if [[ "$(cat .venv-runtime-deps/.installed 2>/dev/null)" != "$stamp" ]]; then
        rm -rf .venv-runtime-deps
        quietly pip-runtime-deps python3.12 -m pip install --no-compile --target .venv-runtime-deps \
            -r functions/requirements.txt
        echo "$stamp" > .venv-runtime-deps/.installed
    fi
}
install_asl_validator() {
    local stamp
    stamp="$(stamp_of infra/tools/package-lock.json)"
    if [[ "$(cat infra/tools/node_modules/.installed 2>/dev/null)" != "$stamp" ]]; then
        (cd infra/tools && quietly npm-ci npm ci --no-audit --no-fund)
        echo "$stamp" > infra/tools/node_modules/.installed
    fi
}

step "cfn-lint"
if [[ -x .venv/bin/cfn-lint ]]; then .venv/bin/cfn-lint template.yaml; else cfn-lint template.yaml; fi

step "in the background: the functions' dependencies for this machine (.venv-runtime-deps), the ASL validator"
install_runtime_deps &
deps_job=$!
install_asl_validator &
npm_job=$!
# A failed step ends the script: end these two with it (only this script's own jobs).
trap 'kill "$deps_job" "$npm_job" 2>/dev/null || true' EXIT

step "SAM CLI in .venv-sam"
sam_stamp="$(stamp_of infra/tools/sam-requirements.txt)"
if [[ ! -x .venv-sam/bin/sam || "$(cat .venv-sam/.installed 2>/dev/null)" != "$sam_stamp" ]]; then
    rm -rf .venv-sam
    if python3.11 -c "import venv, ensurepip" 2>/dev/null; then
        python3.11 -m venv .venv-sam
    else
        python3.12 -m venv .venv-sam
    fi
    # Every package is pinned: no resolution needed; no bytecode compiled up front (most modules never load).
    quietly pip-sam .venv-sam/bin/python -m pip install --no-deps --no-compile -r infra/tools/sam-requirements.txt
    echo "$sam_stamp" > .venv-sam/.installed
fi
.venv-sam/bin/sam --version

step "sam validate --lint"
.venv-sam/bin/sam validate --lint --region "$AWS_DEFAULT_REGION"

step "sam build (no container, $(python3.12 --version 2>&1))"
# The build's inputs; unchanged since the last good build, the build stands (sam's own cache still copies
# every function's dependencies, which takes most of a minute on a busy machine).
build_stamp="$(find template.yaml samconfig.toml functions layers/rules/python statemachines -type f \
    ! -path '*/__pycache__/*' -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)"
if [[ -f .aws-sam/build/template.yaml && "$(cat "$LOGS/build.stamp" 2>/dev/null)" == "$build_stamp" ]]; then
    echo "inputs unchanged since the last build"
else
    rm -f "$LOGS/build.stamp"
    quietly sam-build .venv-sam/bin/sam build --region "$AWS_DEFAULT_REGION"
    grep -E "^Building|Build Succeeded" "$LOGS/sam-build.log"
    echo "$build_stamp" > "$LOGS/build.stamp"
fi

step "built artifacts"
wait "$deps_job"
.venv/bin/python infra/tools/check_build.py .aws-sam/build --deps .venv-runtime-deps

step "asl-validator"
wait "$npm_job"
for machine in statemachines/*.asl.json; do
    infra/tools/node_modules/.bin/asl-validator --json-path "$machine"
done

step "done"

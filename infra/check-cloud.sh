#!/usr/bin/env bash
# Checks the cloud definition offline: cfn-lint, `sam validate --lint`, the build (infra/build.sh: `sam build`
# without Docker, then bytecode), the built artifacts (the rules layer imports from its python/ folder,
# handlers, arm64 wheels and bytecode are in every function), and the Amazon States Language validator on every state machine. Run from anywhere; installs what it needs
# on first use (.venv-sam, .venv-runtime-deps, infra/tools/node_modules) and reuses it after.
set -euo pipefail
cd "$(dirname "$0")/.."

source infra/lib.sh

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

step "sam validate --lint"
install_sam_cli
.venv-sam/bin/sam validate --lint --region "$AWS_DEFAULT_REGION"

bash infra/build.sh

step "built artifacts"
wait "$deps_job"
.venv/bin/python infra/tools/check_build.py .aws-sam/build --deps .venv-runtime-deps

step "asl-validator"
wait "$npm_job"
for machine in statemachines/*.asl.json; do
    infra/tools/node_modules/.bin/asl-validator --json-path "$machine"
done

step "done"

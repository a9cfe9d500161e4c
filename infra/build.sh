#!/usr/bin/env bash
# What `sam deploy` ships: `sam build` without Docker (Python 3.12 through pyenv), then every module of the
# built functions and layer compiled to bytecode.
#
# Why the second step: Lambda's /var/task and /opt are read-only, so Python cannot write __pycache__ there,
# and an artifact without bytecode compiles every module it imports (ours, pydantic, FastAPI, botocore, ...)
# again at every cold start; bench/spine_bytecode.py measures what that costs. The .pyc files are
# unchecked-hash ones, loaded without a look at the source's timestamp: `sam deploy` zips every file with
# the time 1980-01-01 (samcli.lib.package.utils.make_zip), so a timestamp-checked .pyc would never match.
#
# Unchanged inputs since the last good build: the build stands (sam's own cache still copies every
# function's dependencies, which takes most of a minute on a busy machine). Run from anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."
source infra/lib.sh

step "SAM CLI in .venv-sam"
install_sam_cli
.venv-sam/bin/sam --version

step "sam build (no container, $(python3.12 --version 2>&1))"
build_stamp="$(find template.yaml samconfig.toml functions layers/rules/python statemachines -type f \
    ! -path '*/__pycache__/*' -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)"
if [[ -f .aws-sam/build/template.yaml && "$(cat "$LOGS/build.stamp" 2>/dev/null)" == "$build_stamp" ]]; then
    echo "inputs unchanged since the last build"
else
    rm -f "$LOGS/build.stamp"
    quietly sam-build .venv-sam/bin/sam build --region "$AWS_DEFAULT_REGION"
    grep -E "^Building|Build Succeeded" "$LOGS/sam-build.log"
    step "bytecode for every built module (python3.12, unchecked-hash)"
    quietly compileall python3.12 -m compileall -q -j 0 --invalidation-mode unchecked-hash .aws-sam/build
    echo "$build_stamp" > "$LOGS/build.stamp"
fi

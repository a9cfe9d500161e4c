# Shell helpers shared by infra/build.sh and infra/check-cloud.sh (sourced, not run).

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
# One clock for a run and the scripts it calls.
export CLOUD_STARTED="${CLOUD_STARTED:-$(date +%s)}"
step() { echo "== cloud: $1 (t=$(( $(date +%s) - CLOUD_STARTED ))s)"; }
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

# The SAM CLI in its own virtual environment: it pins its own boto3.
install_sam_cli() {
    local stamp
    stamp="$(stamp_of infra/tools/sam-requirements.txt)"
    if [[ ! -x .venv-sam/bin/sam || "$(cat .venv-sam/.installed 2>/dev/null)" != "$stamp" ]]; then
        rm -rf .venv-sam
        if python3.11 -c "import venv, ensurepip" 2>/dev/null; then
            python3.11 -m venv .venv-sam
        else
            python3.12 -m venv .venv-sam
        fi
        # Every package is pinned: no resolution needed; no bytecode compiled up front (most modules never load).
        quietly pip-sam .venv-sam/bin/python -m pip install --no-deps --no-compile -r infra/tools/sam-requirements.txt
        echo "$stamp" > .venv-sam/.installed
    fi
}

#!/usr/bin/env bash
# The web client as its own stage of `make test` (not inside pytest): Debian's Chromium (installed with apt-get
# when missing), the npm lockfile (web/node_modules, reinstalled when the lockfile changes), the build (types
# generated from docs/api/openapi.json, tsc --strict, Vite), the unit tests (vitest), then the browser tests
# (Playwright's runner driving /usr/bin/chromium against local runners with the manual clock).
set -euo pipefail
cd "$(dirname "$0")/.."
source infra/lib.sh

export WEB_STARTED="${WEB_STARTED:-$(date +%s)}"
web_step() { echo "== web: $1 (t=$(( $(date +%s) - WEB_STARTED ))s)"; }

web_step "Chromium from Debian's packages"
if [[ ! -x /usr/bin/chromium ]]; then
    started=$(date +%s)
    quietly apt-update apt-get update
    DEBIAN_FRONTEND=noninteractive quietly apt-chromium apt-get install -y --no-install-recommends chromium chromium-driver
    echo "installed chromium in $(( $(date +%s) - started ))s"
fi
/usr/bin/chromium --version 2>/dev/null

web_step "npm ci (web/package-lock.json)"
stamp="$(stamp_of web/package-lock.json)"
if [[ "$(cat web/node_modules/.installed 2>/dev/null)" != "$stamp" ]]; then
    (cd web && quietly npm-web npm ci --no-audit --no-fund)
    echo "$stamp" > web/node_modules/.installed
fi

web_step "build (generated client, tsc --strict, vite)"
(cd web && npm run --silent build)

web_step "unit tests (vitest)"
(cd web && npx vitest run)

web_step "browser tests (Playwright, /usr/bin/chromium, local runners with the manual clock)"
(cd web && CI="${CI:-}" npx playwright test)

web_step "done"

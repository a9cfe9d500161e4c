#!/usr/bin/env bash
# The game boards in Debian's Chromium against a local runner: chunk sizes gzipped, the time to draw the
# Front 1901 map and the Feint board (median of 10 loads against the home screen), frames per second replaying
# Front 1901 history. Usage: bench/web_boards.sh (after `make web`).
set -euo pipefail
cd "$(dirname "$0")/../web"
npx playwright test -c playwright.bench.config.ts boards

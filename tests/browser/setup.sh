#!/usr/bin/env bash
# What the Chromium tests need: Debian's chromium and playwright-core from
# the committed lock file. Installs what is missing; quiet otherwise.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${CHROMIUM:-}" ] && ! command -v chromium >/dev/null 2>&1; then
    echo "tests: installing Debian's chromium for the browser tests..." >&2
    sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq && $sudo apt-get install -y -qq chromium >&2
fi
if [ ! -d node_modules/playwright-core ]; then
    npm ci --no-audit --no-fund >&2
fi

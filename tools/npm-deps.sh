#!/usr/bin/env bash
# Installs the page's npm tools from package-lock.json (npm ci), and npm
# itself from Debian's packages when it is missing. make runs this when
# node_modules is missing or older than the lock file.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v npm >/dev/null 2>&1; then
    if command -v apt-get >/dev/null 2>&1; then
        echo "npm-deps.sh: npm not found; installing Debian's nodejs and npm..." >&2
        sudo=""
        [ "$(id -u)" = 0 ] || sudo="sudo"
        $sudo apt-get update -qq >&2 && $sudo apt-get install -y -qq nodejs npm >&2
    else
        echo "npm-deps.sh: npm not found: install node 18 or newer with npm, then run make again." >&2
        exit 1
    fi
fi
npm ci --no-audit --no-fund --loglevel=error

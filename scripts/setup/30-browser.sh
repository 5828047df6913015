#!/usr/bin/env bash
# Debian's chromium and playwright-core (from npm, pointed at the system chromium: the
# browser-downloading packages do not work here) for the studio's browser tests
# (tests/ext_browser.rs, tests/browser/).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
apt_install chromium fonts-noto-cjk
cd "$(dirname "$0")/../../tests/browser"
if [ ! -d node_modules/playwright-core ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

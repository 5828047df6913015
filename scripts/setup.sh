#!/usr/bin/env bash
# Installs every outside program the tests use: runs scripts/setup/*.sh in order (each is
# idempotent: a second run installs nothing). Needs root or sudo for Debian's packages.
set -euo pipefail
cd "$(dirname "$0")/.."
for s in scripts/setup/[0-9]*.sh; do
  echo "== setup: $s"
  bash "$s"
done

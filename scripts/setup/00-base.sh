#!/usr/bin/env bash
# Fairy-Stockfish's Python bindings (pyffish, the tests' oracle: tests/fsf/README.md), in the
# repository's .venv, and real XBoard, Xvfb and Fairy-Max for the GUI match tests.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
apt_install python3-venv xboard xvfb fairymax
if [ ! -x .venv/bin/python3 ]; then python3 -m venv .venv; fi
.venv/bin/pip install --quiet pyffish

#!/usr/bin/env bash
# The language-server clients of tests/ext_lsp.rs: pytest-lsp (a real LSP client driving
# `chimera lsp` over stdio) in the repository's .venv, and Debian's neovim run headless with the
# README's snippet.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
apt_install python3-venv neovim
if [ ! -x .venv/bin/python3 ]; then python3 -m venv .venv; fi
.venv/bin/pip install --quiet pytest-lsp pytest-timeout

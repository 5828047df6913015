#!/usr/bin/env bash
# The engines `chimera match` plays in its tests (tests/ext_match.rs) and in
# scripts/match-benchmark.sh: Fairy-Stockfish (UCI, /usr/games/fairy-stockfish) and Fairy-Max and
# MaxQi (CECP, /usr/games/fairymax, /usr/games/maxqi).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
apt_install fairy-stockfish fairymax

#!/usr/bin/env bash
# Fonts the pictures draw pieces with (`chimera render` PNGs, tests/suite/render.rs): DejaVu Sans
# for letters and chess figurines (♚♛♜♝♞♟), Noto CJK (serif and sans) for xiangqi's Chinese
# characters and shogi's kanji. resvg finds them through the system's font folders.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
apt_install fonts-dejavu-core fonts-noto-cjk fontconfig

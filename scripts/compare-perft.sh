#!/usr/bin/env bash
# Times the same perfts in Chimera, Fairy-Stockfish and (optionally) a shakmaty perft binary,
# side by side, and prints the node counts and the speed ratios.
#
#   scripts/compare-perft.sh FAIRY_STOCKFISH [SHAKMATY_PERFT]
#
# FAIRY_STOCKFISH: a Fairy-Stockfish binary built with large boards and all variants (see the
#   README's Speed section: `make -j2 build ARCH=x86-64-modern largeboards=yes all=yes`).
# SHAKMATY_PERFT: optional; a program `SHAKMATY_PERFT DEPTH [FEN]` that prints
#   `Nodes searched: N` for standard chess (a few lines over the shakmaty crate's `perft`).
#
# Environment: CHIMERA (default target/release/chimera, built with `cargo build --release`),
# THREADS (Chimera's multi-threaded column, default: the number of cores), ROUNDS (default 1:
# each round runs every program once per case, alternating; the best time of the rounds counts),
# QUICK=1 (one ply less everywhere, for trying the script out).
#
# Each time is the whole process (start-up, definition loading and the count), wall clock. The
# ratio columns are Fairy-Stockfish's time over Chimera's (above 1: Chimera is faster), and
# Chimera's single-threaded time over shakmaty's (how many times slower Chimera is). A node count
# that differs between the programs is printed as MISMATCH and makes the script exit 1.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
FSF=$1
SHAK=${2:-}
CHIMERA=${CHIMERA:-target/release/chimera}
THREADS=${THREADS:-$(nproc)}
ROUNDS=${ROUNDS:-1}
QUICK=${QUICK:-0}
for prog in "$FSF" "$CHIMERA" ${SHAK:+"$SHAK"}; do
  if [ ! -x "$prog" ]; then
    echo "error: $prog is not an executable program" >&2
    exit 2
  fi
done

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# Xiang Fu as Fairy-Stockfish states it (tests/fsf/ini/xiangfu.ini, which tests/differential_fsf.rs uses).
# `chimera export fsf definitions/xiang-fu.variant` refuses it: Fairy-Stockfish cannot state the
# Champion's confinement to whichever ring it stands in, so the export would not count the same.
cp tests/fsf/ini/xiangfu.ini "$WORK/variants.ini"

KIWIPETE='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
# name | definition | FSF variant | FEN (empty: start position) | depth | shakmaty too
CASES=(
  "chess|chess.variant|chess||6|yes"
  "kiwipete|chess.variant|chess|$KIWIPETE|5|yes"
  "xiangqi|xiangqi.variant|xiangqi||5|no"
  "shogi|shogi.variant|shogi||5|no"
  "crazyhouse|crazyhouse.variant|crazyhouse||6|no"
  "xiang-fu|xiang-fu.variant|xiangfu||6|no"
)

now() { date +%s.%N; }
nodes_of() { sed -n 's/^Nodes searched: *\([0-9]*\).*/\1/p' "$1" | tail -1; }

# Each runner writes the program's output to $WORK/out and prints the wall time in seconds.
run_fsf() { # variant fen depth
  local pos="startpos"
  [ -n "$2" ] && pos="fen $2"
  local t0 t1
  t0=$(now)
  printf 'setoption name VariantPath value %s\nsetoption name UCI_Variant value %s\nposition %s\ngo perft %s\nquit\n' \
    "$WORK/variants.ini" "$1" "$pos" "$3" | "$FSF" > "$WORK/out" 2>&1
  t1=$(now)
  echo "$t1 - $t0" | bc
}
run_chimera() { # definition fen depth threads
  local t0 t1
  t0=$(now)
  if [ -n "$2" ]; then
    "$CHIMERA" perft "definitions/$1" "$3" --fen "$2" --threads "$4" > "$WORK/out" 2>/dev/null
  else
    "$CHIMERA" perft "definitions/$1" "$3" --threads "$4" > "$WORK/out" 2>/dev/null
  fi
  t1=$(now)
  echo "$t1 - $t0" | bc
}
run_shak() { # fen depth
  local t0 t1
  t0=$(now)
  if [ -n "$1" ]; then "$SHAK" "$2" "$1" > "$WORK/out"; else "$SHAK" "$2" > "$WORK/out"; fi
  t1=$(now)
  echo "$t1 - $t0" | bc
}
best() { # current candidate
  if [ -z "$1" ] || [ "$(echo "$2 < $1" | bc)" = 1 ]; then echo "$2"; else echo "$1"; fi
}
ratio() { echo "scale=2; $1 / $2" | bc; }

echo "Chimera: $CHIMERA ($THREADS threads in the multi-threaded column)"
echo "Fairy-Stockfish: $FSF"
[ -n "$SHAK" ] && echo "shakmaty: $SHAK"
echo "cores: $(nproc), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); load before: $(cut -d' ' -f1-3 /proc/loadavg); rounds: $ROUNDS"
echo
printf '%-11s %5s %11s %8s %8s %8s %8s %8s %8s %9s\n' \
  case depth nodes "FSF s" "Chim1 s" "FSF/Ch1" "ChimN s" "FSF/ChN" "shak s" "Ch1/shak"
status=0
for c in "${CASES[@]}"; do
  IFS='|' read -r name def variant fen depth shak <<< "$c"
  [ "$QUICK" = 1 ] && depth=$((depth - 1))
  tf="" t1="" tn="" ts=""
  nf="" n1="" nn="" ns=""
  for _ in $(seq "$ROUNDS"); do
    tf=$(best "$tf" "$(run_fsf "$variant" "$fen" "$depth")"); nf=$(nodes_of "$WORK/out")
    t1=$(best "$t1" "$(run_chimera "$def" "$fen" "$depth" 1)"); n1=$(nodes_of "$WORK/out")
    tn=$(best "$tn" "$(run_chimera "$def" "$fen" "$depth" "$THREADS")"); nn=$(nodes_of "$WORK/out")
    if [ -n "$SHAK" ] && [ "$shak" = yes ]; then
      ts=$(best "$ts" "$(run_shak "$fen" "$depth")"); ns=$(nodes_of "$WORK/out")
    fi
  done
  same=yes
  for n in "$nf" "$nn" ${ns:+"$ns"}; do [ "$n" = "$n1" ] || same=no; done
  [ -n "$n1" ] || same=no
  shak_cols=$(printf '%8s %9s' - -)
  [ -n "$ts" ] && shak_cols=$(printf '%8.2f %9s' "$ts" "$(ratio "$t1" "$ts")x")
  printf '%-11s %5s %11s %8.2f %8.2f %8s %8.2f %8s %s\n' "$name" "$depth" "${n1:-?}" "$tf" "$t1" \
    "$(ratio "$tf" "$t1")x" "$tn" "$(ratio "$tf" "$tn")x" "$shak_cols"
  if [ "$same" = no ]; then
    echo "  MISMATCH: Fairy-Stockfish ${nf:-?}, Chimera 1 thread ${n1:-?}, $THREADS threads ${nn:-?}${ns:+, shakmaty $ns}"
    status=1
  fi
done
echo
# Start-up alone (load the variant, count one ply), part of every time above.
printf 'start-up (perft 1 of chess): Fairy-Stockfish %.2f s, Chimera %.2f s\n' \
  "$(run_fsf chess "" 1)" "$(run_chimera chess.variant "" 1 1)"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status

#!/usr/bin/env bash
# Runs every fuzz target (fuzz/fuzz_targets/*.rs) for SECONDS each, two at a time, starting from
# the committed seed corpus (fuzz/corpus/TARGET/); prints executions and findings per target and
# fails if any target found a crash, a timeout or a memory blow-up.
#
#   scripts/fuzz.sh 8             # the smoke run of scripts/test.sh
#   scripts/fuzz.sh 3600 fen pgn  # an hour each for two targets
#   scripts/fuzz.sh --runs 10000000 fen  # to ten million executions each, one target at a time
#   FUZZ_NICE=19 scripts/fuzz.sh --runs 10000000 fen  # the same at the lowest priority
#
# It builds with the nightly toolchain and libFuzzer (the `libfuzzer-sys` crate) using the same
# coverage flags as `cargo fuzz`, without the address sanitizer (the crate has no unsafe code), so
# it needs no `cargo install cargo-fuzz`. New inputs go to fuzz/target/work/, not to the corpus;
# a second long run of a target resumes from them.
#
# Cheaper executions, the same oracles: `-entropic=0` (libFuzzer's default entropic scheduler
# updates a frequency table for every feature of every execution: up to two thirds of the time of
# the targets that cover much code per input), and for long runs (`--runs`) a build without
# comparison tracing (`-sanitizer-coverage-trace-compares`, a call on every integer comparison:
# about a third of the time), in its own target directory. Comparison tracing feeds libFuzzer's
# table of compared values, which helps it guess magic words: the smoke run keeps it.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=
if [ "${1:-}" = --runs ]; then
  runs=${2:?--runs needs a number of executions}; shift 2
  secs=0
else
  secs=${1:-60}; shift || true
fi
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for f in fuzz/fuzz_targets/*.rs; do
    b=$(basename "$f" .rs); [ "$b" = common ] || targets+=("$b")
  done
fi
triple=$(rustc -vV | sed -n 's/^host: //p')
cmp=-Cllvm-args=-sanitizer-coverage-trace-compares tdir=target
[ -z "$runs" ] || { cmp=; tdir=target/nocmp; }
export RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
$cmp --cfg fuzzing -Cdebug-assertions -Coverflow-checks -Ctarget-cpu=x86-64-v2"
# --target keeps build scripts uninstrumented, as cargo fuzz does.
(cd fuzz && cargo +nightly build --release --quiet --target "$triple" --bins --target-dir "$tdir")
bin=fuzz/$tdir/$triple/release
work=fuzz/target/work
report=$work/report.txt
mkdir -p "$work"; : > "$report"

run() {
  local t=$1
  local corpus=fuzz/corpus/$t scratch=$work/$t art=$work/$t-artifacts
  mkdir -p "$corpus" "$scratch" "$art"
  local log=$work/$t.log
  # -timeout: one input that runs over 10 s is a finding; -rss_limit_mb bounds memory.
  local limit=(-max_total_time="$secs") nice=()
  [ -z "$runs" ] || limit=(-runs="$runs")
  [ -z "${FUZZ_NICE:-}" ] || nice=(nice -n "$FUZZ_NICE")
  local t0=$SECONDS
  if "${nice[@]}" "$bin/$t" "$scratch" "$corpus" "${limit[@]}" -timeout=10 -rss_limit_mb=2048 \
       -entropic=0 -print_final_stats=1 -artifact_prefix="$art/" >"$log" 2>&1; then
    status=ok
  else
    status=FOUND
  fi
  local execs took=$((SECONDS - t0))
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  printf '%-12s %12s executions %7s s %8s/s  %s\n' "$t" "${execs:-?}" "$took" \
    "$(( ${execs:-0} / (took > 0 ? took : 1) ))" "$status" >> "$report"
  if [ "$status" != ok ]; then
    echo "--- $t found something (artifacts in $art):"; grep -E "panicked|ERROR|SUMMARY|Test unit written" "$log" | head -20
    return 1
  fi
}

fail=0
pids=()
for t in "${targets[@]}"; do
  if [ -n "$runs" ]; then
    # One at a time: a long run leaves the other core to the rest of the machine.
    run "$t" || fail=1
    continue
  fi
  run "$t" & pids+=($!)
  # Two at a time: the machines have two cores.
  if [ ${#pids[@]} -ge 2 ]; then wait "${pids[0]}" || fail=1; pids=("${pids[@]:1}"); fi
done
for p in "${pids[@]}"; do wait "$p" || fail=1; done
if [ -n "$runs" ]; then echo "=== fuzz: $runs executions per target"; else echo "=== fuzz: ${secs} s per target"; fi
sort "$report"
exit $fail

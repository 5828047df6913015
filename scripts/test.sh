#!/usr/bin/env bash
# The test command (README "Two commands"; .ci/run runs exactly this): installs what the tests
# need, builds, runs every test (the pure-Rust suite and the `ext` tests that drive outside
# programs), a short fuzz run of every target, then clippy and rustdoc with warnings as errors.
# Every phase runs even when one before it failed; the exit status is 1 if any failed, and the
# time of each phase is printed at the end.
#
#   scripts/test.sh              # everything
#   SKIP_SETUP=1 scripts/test.sh # the programs are already installed
#   FUZZ_SECONDS=0 scripts/test.sh # no fuzz smoke
set -uo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=${CARGO_TERM_COLOR:-never}
# Debian installs XBoard, Fairy-Max and MaxQi in /usr/games, which root's PATH lacks.
export PATH="$PATH:/usr/games"

failed=()
times=()
# phase NAME LIMIT_SECONDS COMMAND...: runs one phase under a time limit, records time and failure.
phase() {
  local name=$1 limit=$2; shift 2
  local start=$SECONDS
  echo "=== $name: $*"
  if ! timeout --kill-after=30 "$limit" "$@"; then
    failed+=("$name")
    echo "=== $name FAILED (or passed its ${limit} s limit)"
  fi
  times+=("$(printf '%-8s %4d s' "$name" $((SECONDS - start)))")
}

[ -n "${SKIP_SETUP:-}" ] || phase setup 900 bash scripts/setup.sh
# The `ci` profile (Cargo.toml): optimised like release, without LTO, so perft and search tests
# run fast and the test binaries build quickly.
phase build 1500 cargo test --profile ci --features ext --no-run
phase tests 1500 cargo test --profile ci --features ext --no-fail-fast
[ "${FUZZ_SECONDS:-8}" = 0 ] || phase fuzz 900 bash scripts/fuzz.sh "${FUZZ_SECONDS:-8}"
phase clippy 900 cargo clippy --all-targets --features ext -- -D warnings
# The library core builds without the terminal front ends (`cli`) and PNG output (`render`).
phase core 600 cargo clippy --no-default-features --lib -- -D warnings
phase doc 600 env RUSTDOCFLAGS="-D warnings" cargo doc --no-deps

echo "=== time by phase"
printf '%s\n' "${times[@]}"
printf 'total    %4d s\n' "$SECONDS"
if [ ${#failed[@]} -gt 0 ]; then
  echo "=== failed: ${failed[*]}"
  exit 1
fi
echo "=== all passed"

#!/usr/bin/env bash
# The test command: installs what is missing (scripts/setup.sh), then runs every check and
# test suite, keeps going when one fails, and ends with a summary whose last line is
# `N passed, N failed` (CI reads it). Exits non-zero if anything failed.
#
# Counts are tests where a suite reports them (cargo/wasm-bindgen-test `test result:` lines,
# `node --test` totals, a `N passed, N failed` line from the e2e runner); a check without
# test counts (fmt, clippy, the build) counts as one. A suite that fails without reporting
# a failed test (a compile error, a crash) counts one failure more, so it is never hidden.
set -uo pipefail
cd "$(dirname "$0")/.."

LOG_DIR=target/test-logs
mkdir -p "$LOG_DIR"
passed=0
failed=0
summary=()

# run_suite NAME COMMAND...: runs COMMAND with its output shown and kept in $LOG_DIR.
run_suite() {
  local name=$1
  shift
  local log="$LOG_DIR/${name// /-}.log"
  printf '\n==> %s: %s\n' "$name" "$*"
  local start=$SECONDS status
  "$@" 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
  local seconds=$((SECONDS - start))

  # Tests the suite itself reported, if any.
  local suite_passed suite_failed counted=0
  read -r suite_passed suite_failed counted < <(count_tests "$log")
  if [ "$counted" = 0 ]; then
    suite_passed=$((status == 0 ? 1 : 0))
    suite_failed=$((status == 0 ? 0 : 1))
  elif [ "$status" != 0 ] && [ "$suite_failed" = 0 ]; then
    suite_failed=1
  fi
  passed=$((passed + suite_passed))
  failed=$((failed + suite_failed))
  local verdict=ok
  [ "$status" = 0 ] || verdict="FAILED (exit $status)"
  summary+=("$(printf '%-28s %-18s %4d passed %3d failed %5ds' \
    "$name" "$verdict" "$suite_passed" "$suite_failed" "$seconds")")
}

# Prints "passed failed counted" from a suite's log.
count_tests() {
  awk '
    /^test result: / {
      for (i = 1; i <= NF; i++) {
        if ($(i + 1) ~ /^passed;/) p += $i
        if ($(i + 1) ~ /^failed;/) f += $i
      }
      c = 1
    }
    /^# pass [0-9]+$/ { p += $3; c = 1 }
    /^# fail [0-9]+$/ { f += $3; c = 1 }
    /^[0-9]+ passed, [0-9]+ failed$/ { e2e_p = $1; e2e_f = $3; e2e = 1 }
    END {
      if (e2e) { p += e2e_p; f += e2e_f; c = 1 }
      printf "%d %d %d\n", p, f, c
    }
  ' "$1"
}

total_start=$SECONDS
run_suite "setup" scripts/setup.sh
if [ "$failed" != 0 ]; then
  echo "setup failed: the toolchain is incomplete, so no test can run"
  echo "0 passed, 1 failed"
  exit 1
fi

run_suite "cargo fmt" cargo fmt --check
run_suite "clippy (native)" cargo clippy --all-targets -- -D warnings
# Benches are native only (criterion does not build for wasm32).
run_suite "clippy (wasm32)" cargo clippy --lib --tests --target wasm32-unknown-unknown -- -D warnings
run_suite "cargo test" cargo test
run_suite "wasm tests (node)" wasm-pack test --node --mode no-install
run_suite "wasm tests (chromium)" wasm-pack test --headless --chrome \
  --chromedriver /usr/bin/chromedriver --mode no-install
run_suite "release build" scripts/build.sh --node
run_suite "release build in node" node --test tests/node/
run_suite "npm package" node tests/npm/run.mjs
if [ -f tests/e2e/run.mjs ]; then
  run_suite "page e2e (playwright)" node tests/e2e/run.mjs
fi

printf '\n==> summary (logs in %s, %ds in all)\n' "$LOG_DIR" "$((SECONDS - total_start))"
printf '%s\n' "${summary[@]}"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]

#!/usr/bin/env bash
# The test command: installs what is missing (scripts/setup.sh), then runs every check and
# test suite, keeps going when one fails, and ends with a summary whose last line is
# `N passed, N failed` (CI reads it). Exits non-zero if anything failed.
#
# Counts are tests where a suite reports them (cargo/wasm-bindgen-test `test result:` lines,
# `node --test` totals, a `N passed, N failed` line from the e2e runner); a check without
# test counts (fmt, clippy, the build) counts as one. A suite that fails without reporting
# a failed test (a compile error, a crash) counts one failure more, so it is never hidden.
#
# No silent skips: every test a suite skips (`#[ignore]`, a wasm-bindgen-test suite
# configured for the other environment, node:test's skip and todo, the e2e runner's
# `env.skip`, a suite that cannot run at all) is named in the summary, and each one counts as
# a failure unless tests/expected-skips.txt lists it with its reason; so does a listed skip
# that no longer happens. The skips are reported on their own line before the last one.
#
#   scripts/test.sh                  # everything, as CI runs it
#   scripts/test.sh 'cargo test' e2e # set-up, then only the suites whose name contains a word
set -uo pipefail
cd "$(dirname "$0")/.."

LOG_DIR=target/test-logs
EXPECTED_SKIPS=tests/expected-skips.txt
mkdir -p "$LOG_DIR"
SKIPS="$LOG_DIR/skips.tsv"
: >"$SKIPS"
passed=0
failed=0
skips_expected=0
skips_unlisted=0
skips_gone=0
summary=()
ran=()
only=("$@")

# selected NAME: whether the suite NAME runs (every suite without arguments).
selected() {
  [ "${#only[@]}" = 0 ] && return 0
  local word
  for word in "${only[@]}"; do
    [[ "$1" == *"$word"* ]] && return 0
  done
  return 1
}

# run_suite NAME COMMAND...: runs COMMAND with its output shown and kept in $LOG_DIR.
run_suite() {
  local name=$1
  shift
  [ "$name" = setup ] || selected "$name" || return 0
  ran+=("$name")
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
  local suite_skipped
  list_skips "$log" >"$log.skips"
  suite_skipped=$(wc -l <"$log.skips")
  awk -v suite="$name" '{ print suite "\t" $0 }' "$log.skips" >>"$SKIPS"
  local verdict=ok
  [ "$status" = 0 ] || verdict="FAILED (exit $status)"
  summary+=("$(printf '%-28s %-18s %4d passed %3d failed %3d skipped %5ds' \
    "$name" "$verdict" "$suite_passed" "$suite_failed" "$suite_skipped" "$seconds")")
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

# skip_suite NAME REASON: a suite that cannot run at all is one skip.
skip_suite() {
  selected "$1" || return 0
  ran+=("$1")
  printf '\n==> %s: skipped, %s\n' "$1" "$2"
  printf '%s\t(the whole suite)\t%s\n' "$1" "$2" >>"$SKIPS"
  summary+=("$(printf '%-28s %-18s %4d passed %3d failed %3d skipped %5ds' "$1" skipped 0 0 1 0)")
}

# Prints "test name<TAB>reason" for every skip in a suite's log: cargo and wasm-bindgen-test
# `test X ... ignored` lines (named after the test target they ran in), wasm-bindgen-test
# suites configured for the other environment, node:test's `# SKIP` and `# TODO` (a todo
# test runs, but its failure fails nothing), and the e2e runner's `skip NAME # reason`. A
# suite whose totals report more skips than it named adds one unnamed skip per missing name,
# so a skip is never lost to an output format this does not know.
list_skips() {
  awk '
    function named(name, reason) { printf "%s\t%s\n", name, reason; n++ }
    /^ *Running / { target = ($2 == "unittests") ? $3 : $2 }
    /^ *Doc-tests / { target = "doc-tests " $2 }
    /^test .* \.\.\. ignored(, .*)?$/ {
      line = substr($0, 6)
      at = index(line, " ... ignored")
      reason = substr(line, at + length(" ... ignored"))
      sub(/^, /, "", reason)
      named(target ": " substr(line, 1, at - 1), reason == "" ? "#[ignore]" : reason)
    }
    /^ *[Tt]his test suite is only configured to run in / {
      reason = $0
      sub(/^ *[Tt]his test suite is /, "", reason)
      sub(/, but.*/, "", reason)
      named(target " (the whole suite)", reason)
    }
    /^ *(not )?ok [0-9]+ - .* # (SKIP|TODO)( .*)?$/ {
      line = $0
      sub(/^ *(not )?ok [0-9]+ - /, "", line)
      at = match(line, / # (SKIP|TODO)( .*)?$/)
      directive = substr(line, at + 3)
      named(substr(line, 1, at - 1), directive)
    }
    /^skip .* # / {
      line = substr($0, 6)
      at = match(line, / # [^#]*$/)
      named(substr(line, 1, at - 1), substr(line, at + 3))
    }
    /^test result: / {
      for (i = 1; i <= NF; i++) if ($(i + 1) ~ /^ignored;/) reported += $i
    }
    /^# (skipped|todo) [0-9]+$/ { reported += $3 }
    /^\([0-9]+ skipped\)$/ { gsub(/[()]/, "", $1); reported += $1 }
    END { for (; n < reported; n++) printf "(a skip the suite did not name)\t\n" }
  ' "$1"
}

# Compares the skips seen with tests/expected-skips.txt (`SUITE | TEST NAME | why`, for the
# suites that ran): prints every skip, and counts one failure for each skip not listed and
# each listed one that did not happen.
check_skips() {
  local expected=$EXPECTED_SKIPS
  [ -f "$expected" ] || expected=/dev/null
  local report
  report=$(awk -F '\t' -v ran="$(printf '%s\n' "${ran[@]}")" -v skips="$SKIPS" '
    BEGIN { n = split(ran, names, "\n"); for (i = 1; i <= n; i++) if (names[i] != "") did_run[names[i]] = 1 }
    FILENAME != skips {
      if ($0 ~ /^[ \t]*(#|$)/) next
      if (split($0, f, / [|] /) != 3) { printf "bad\t%s\t%d\t%s\n", FILENAME, FNR, $0; next }
      listed[f[1] SUBSEP f[2]] = f[3]
      next
    }
    {
      key = $1 SUBSEP $2
      if (key in listed) { seen[key] = 1; printf "expected\t%s\t%s\t%s\n", $1, $2, listed[key] }
      else printf "unlisted\t%s\t%s\t%s\n", $1, $2, $3
    }
    END {
      for (key in listed) {
        split(key, k, SUBSEP)
        if ((k[1] in did_run) && !(key in seen)) printf "gone\t%s\t%s\t%s\n", k[1], k[2], listed[key]
      }
    }
  ' "$expected" "$SKIPS")
  skips_expected=$(grep -c '^expected' <<<"$report")
  skips_unlisted=$(grep -c '^unlisted' <<<"$report")
  skips_gone=$(grep -c '^gone' <<<"$report")
  local bad
  bad=$(grep -c '^bad' <<<"$report")
  [ -n "$report" ] || return 0
  printf '\n==> skips (expected ones are listed with their reasons in %s)\n' "$EXPECTED_SKIPS"
  awk -F '\t' '{
    if ($1 == "expected") printf "skip            [%s] %s: %s\n", $2, $3, $4
    else if ($1 == "unlisted") printf "UNLISTED SKIP   [%s] %s: %s\n", $2, $3, $4
    else if ($1 == "gone") printf "DID NOT SKIP    [%s] %s (listed: %s)\n", $2, $3, $4
    else printf "BAD LINE        %s:%s: %s (expected SUITE | TEST NAME | why)\n", $2, $3, $4
  }' <<<"$report"
  local problems=$((skips_unlisted + skips_gone + bad))
  failed=$((failed + problems))
  local verdict=ok
  [ "$problems" = 0 ] || verdict=FAILED
  summary+=("$(printf '%-28s %-18s %4d passed %3d failed %3d skipped %5ds' \
    "skips" "$verdict" 0 "$problems" "$((skips_expected + skips_unlisted))" 0)")
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
# The widget's scoring core: the crate without its default `full` feature (scripts/build.sh),
# in the target folder that build uses.
run_suite "clippy (wasm32 core)" cargo clippy --lib --target wasm32-unknown-unknown \
  --no-default-features --target-dir target/core -- -D warnings
run_suite "cargo test" cargo test
run_suite "wasm tests (node)" wasm-pack test --node --mode no-install
run_suite "wasm tests (chromium)" wasm-pack test --headless --chrome \
  --chromedriver /usr/bin/chromedriver --mode no-install
run_suite "release build" scripts/build.sh --node
run_suite "release build in node" node --test --test-reporter=tap tests/node/
run_suite "npm package" node tests/npm/run.mjs
if [ -f tests/e2e/run.mjs ]; then
  run_suite "page e2e (playwright)" node tests/e2e/run.mjs
else
  skip_suite "page e2e (playwright)" "tests/e2e/run.mjs is missing"
fi

check_skips

printf '\n==> summary (logs in %s, %ds in all)\n' "$LOG_DIR" "$((SECONDS - total_start))"
printf '%s\n' "${summary[@]}"
# CI reads the last line: the skips go on the line before it.
echo "$((skips_expected + skips_unlisted)) skipped ($skips_expected expected, listed in $EXPECTED_SKIPS;" \
  "$skips_unlisted not listed and $skips_gone listed that did not skip, each counted as failed)"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]

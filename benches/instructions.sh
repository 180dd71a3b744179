#!/usr/bin/env bash
# Instructions per `scoreBoard` call through the Node build, JIT-compiled wasm and JS glue
# included, counted by valgrind: unlike timings, the count does not move with the machine's
# load. V8 is made deterministic (wasm compiled by TurboFan up front, no time-based
# heuristics, one thread); the count is (warm-up + N calls) − (warm-up calls), over N.
# Repeats within a few dozen instructions. Needs valgrind (apt) and scripts/build.sh --node.
#
#   benches/instructions.sh [calls=2000] [warm-up=1000]
set -euo pipefail
cd "$(dirname "$0")/.."
calls=${1:-2000}
warm=${2:-1000}
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }

count() { # rules, calls → instructions of the whole run
  valgrind --tool=callgrind --smc-check=all --callgrind-out-file=/dev/null \
    node --single-threaded --predictable --no-liftoff benches/instructions.cjs "$1" "$2" 2>&1 \
    | awk '/Collected/ { gsub(",", "", $4); print $4 }'
}

echo "| scoreBoard, 19×19 OGS positions | instructions per call |"
echo "|---|---|"
for rules in japanese chinese; do
  base=$(count "$rules" "$warm")
  full=$(count "$rules" $((warm + calls)))
  echo "| $rules | $(((full - base) / calls)) |"
done

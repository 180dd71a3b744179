#!/usr/bin/env bash
# The benchmark command: builds the release wasm package (page and Node flavours), prints
# the module's size (raw, gzip, brotli) and the page's total transfer, runs the Node
# benchmark against the peers (benches/peers.mjs: goban's goscorer, @sabaki/deadstones),
# then, with --core, the native criterion benchmarks (cargo bench --bench core), and with
# --instructions, scoreBoard's instructions per call under valgrind (benches/instructions.sh:
# a count the machine's load does not move).
#
#   scripts/bench.sh [--quick] [--core] [--instructions]
# Timings are medians of interleaved batches; on a shared machine compare the ratios, which
# are measured in the same run.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=()
core=0
instructions=0
for arg in "$@"; do
  case "$arg" in
    --quick) quick=(--quick) ;;
    --core) core=1 ;;
    --instructions) instructions=1 ;;
    *) echo "usage: scripts/bench.sh [--quick] [--core] [--instructions]" >&2; exit 2 ;;
  esac
done

scripts/setup.sh
scripts/build.sh --node

echo
echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), load $(cut -d' ' -f1-3 /proc/loadavg); node $(node --version); $(rustc --version)"
node benches/size.mjs
node benches/peers.mjs "${quick[@]}"

if [ "$core" = 1 ]; then
  cargo bench --bench core -- ${quick:+--quick}
fi

if [ "$instructions" = 1 ]; then
  benches/instructions.sh
fi

#!/usr/bin/env bash
# The benchmark command: builds the release wasm package (page and Node flavours), prints
# the module's size (raw, gzip, brotli) and the page's total transfer, runs the Node
# benchmark against the peers (benches/peers.mjs: goban's goscorer, @sabaki/deadstones),
# then, with --core, the native criterion benchmarks (cargo bench --bench core), and with
# --instructions, scoreBoard's instructions per call under valgrind (benches/instructions.sh:
# a count the machine's load does not move).
#
# --accuracy runs only the accuracy bench instead (benches/accuracy.mjs: dead-stone finders on
# the real-games corpus and on the kgs_marked games, whose records mark the agreed dead stones,
# each split into tuning and validation); every argument after it goes to that script
# (--corpus PATH, --limit N, --gnugo-sample N, --kgs PATH, --kgs-limit N, --json FILE, …).
# It installs Debian's gnugo when missing (a peer in its table; not needed by anything else).
#
# --load runs only the first-visit bench instead (benches/load.mjs: the page and the lesson
# in Chromium on throttled networks, served compressed; time to the first scored board and
# bytes); arguments after it go to that script (--runs N, --quick, --profiles, --pages,
# --cpu N, --chrome-presets, --json FILE).
#
# --cli runs only the command-line bench instead (benches/cli.mjs: `go-score score` from the
# packed package on the real-games corpus written out as .sgf files, 1 worker and all cores,
# beside GNU Go's seconds per game on a sample); arguments after it go to that script
# (--limit N, --gnugo-sample N, --corpus PATH, --keep DIR). It installs gnugo as --accuracy does.
#
#   scripts/bench.sh [--quick] [--core] [--instructions]
#   scripts/bench.sh --accuracy [accuracy options]
#   scripts/bench.sh --load [load bench options]
#   scripts/bench.sh --cli [cli bench options]
# Timings are medians of interleaved batches; on a shared machine compare the ratios, which
# are measured in the same run.
set -euo pipefail
# Relative paths given to the accuracy bench are the caller's (npm run: where npm was run).
export BENCH_CWD=${INIT_CWD:-$PWD}
cd "$(dirname "$0")/.."

quick=()
core=0
instructions=0
accuracy=0
cli=0
load=0
# Arguments after --accuracy, --load or --cli belong to that bench.
bench_args=()
for arg in "$@"; do
  if [ "$accuracy" = 1 ] || [ "$cli" = 1 ] || [ "$load" = 1 ]; then
    bench_args+=("$arg")
    continue
  fi
  case "$arg" in
    --quick) quick=(--quick) ;;
    --core) core=1 ;;
    --instructions) instructions=1 ;;
    --accuracy) accuracy=1 ;;
    --cli) cli=1 ;;
    --load) load=1 ;;
    *)
      echo "usage: scripts/bench.sh [--quick] [--core] [--instructions] | --accuracy [options] | --load [options] | --cli [options]" >&2
      exit 2
      ;;
  esac
done

scripts/setup.sh
if { [ "$accuracy" = 1 ] || [ "$cli" = 1 ]; } && ! command -v gnugo >/dev/null && [ ! -x /usr/games/gnugo ]; then
  echo "[bench] installing gnugo from Debian (a peer in the accuracy and cli tables)" >&2
  export DEBIAN_FRONTEND=noninteractive
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  # A failed install is not fatal: the table then says GNU Go is not available.
  { $SUDO apt-get update -q && $SUDO apt-get install -y -q gnugo; } >&2 \
    || echo "[bench] could not install gnugo: its rows will say not available" >&2
fi
if [ "$cli" = 1 ]; then
  # Builds too: the bench runs the command from the staged package, as users get it.
  scripts/pack.sh >/dev/null
else
  scripts/build.sh --node
fi

echo
echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), load $(cut -d' ' -f1-3 /proc/loadavg); node $(node --version); $(rustc --version)"
if [ "$accuracy" = 1 ]; then
  node benches/accuracy.mjs "${bench_args[@]}"
  exit
fi
if [ "$cli" = 1 ]; then
  node benches/cli.mjs "${bench_args[@]}"
  exit
fi
if [ "$load" = 1 ]; then
  node benches/size.mjs
  node benches/load.mjs "${bench_args[@]}"
  exit
fi
node benches/size.mjs
node benches/peers.mjs "${quick[@]}"

if [ "$core" = 1 ]; then
  cargo bench --bench core -- ${quick:+--quick}
fi

if [ "$instructions" = 1 ]; then
  benches/instructions.sh
fi

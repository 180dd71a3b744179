#!/usr/bin/env bash
# Release build of the wasm package for the page (www/pkg, `--target web`), its scoring
# core alone (www/pkg-core: the same crate without its default `full` feature, so only
# `scoreBoard`, `classifyRegions`, `scoreAndClassify`, `readDiagram`, `rulesets`,
# `defaultKomi` and `handicapPoints`; the
# widget's first boards need no more) and, with `--node`, a Node
# flavour in pkg/node. Each .wasm is optimised with npm's binaryen wasm-opt
# (never Debian's: it silently breaks the module). Everything else is wasm-pack's own
# output: the exports, their TypeScript declarations and the JS snippets they import.
# Prints raw and gzip sizes of each optimised .wasm. Last, the site's brotli and gzip copies
# for scripts/serve.mjs (scripts/compress.mjs: www/ into target/precompressed).
set -euo pipefail
cd "$(dirname "$0")/.."

WASM_OPT=node_modules/.bin/wasm-opt
OPT_CACHE=target/wasm-opt-cache
log() { printf '[build] %s\n' "$*" >&2; }

if [ ! -x "$WASM_OPT" ]; then
  log "missing $WASM_OPT: run scripts/setup.sh first"
  exit 1
fi

mkdir -p "$OPT_CACHE"
# `--target web` and `--target nodejs` share one cargo build: the second call only reruns
# wasm-bindgen on the cached release artifact. Entries: target, out dir, cargo arguments.
targets=("web:www/pkg:" "web:www/pkg-core:--no-default-features")
if [ "${1:-}" = "--node" ]; then
  targets+=("nodejs:pkg/node:")
fi

for entry in "${targets[@]}"; do
  IFS=: read -r target out_dir cargo_args <<<"$entry"
  log "wasm-pack build --target $target --out-dir $out_dir $cargo_args"
  # --mode no-install: never let wasm-pack download (or silently compile) its own tools.
  # The core builds in a target folder of its own, so switching features recompiles
  # neither build.
  target_dir=target
  [ -z "$cargo_args" ] || target_dir=target/core
  # shellcheck disable=SC2086 # cargo_args is empty or one flag
  CARGO_TARGET_DIR=$target_dir wasm-pack --log-level warn build --mode no-install --release \
    --target "$target" --out-dir "$out_dir" -- $cargo_args
  wasm="$out_dir/go_score_bg.wasm"
  raw_before=$(wc -c <"$wasm")
  # wasm-opt (binaryen compiled to JS) takes seconds; wasm-bindgen's output is
  # deterministic, so an unchanged module (and binaryen) reuses its optimised copy.
  key=$(cat "$wasm" node_modules/binaryen/package.json | sha256sum | cut -c1-64)
  cached="$OPT_CACHE/$key.wasm"
  if [ ! -f "$cached" ]; then
    "$WASM_OPT" -O "$wasm" -o "$cached.tmp"
    mv "$cached.tmp" "$cached"
  fi
  cp "$cached" "$wasm"
  raw=$(wc -c <"$wasm")
  gz=$(gzip -9 -c "$wasm" | wc -c)
  printf '[build] %s: %d bytes raw (%d before wasm-opt), %d bytes gzip\n' \
    "$wasm" "$raw" "$raw_before" "$gz" >&2
done
node scripts/compress.mjs www

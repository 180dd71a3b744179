#!/usr/bin/env bash
# Builds the npm package `go-score` and packs it: the release wasm build for browsers and
# bundlers (www/pkg, used by the Node entries too), its scoring core (www/pkg-core, which the
# widget loads first), the widget's modules from www/js, and
# npm/ (package.json, README, LICENSE, Node entries, widget types) are staged in
# target/npm/package, with the `go-score` command (npm/bin, npm/cli), then `npm pack`
# writes target/npm/go-score-<version>.tgz.
# Prints the tarball's path on stdout, its size on stderr.
#
#   scripts/pack.sh             build, stage, pack
#   scripts/pack.sh --no-build  reuse the current www/pkg (the test command has just built
#                               it)
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=target/npm
STAGE=$OUT/package
# The widget and the page modules it imports, in www/js's layout (their relative imports,
# `../pkg/go_score.js` included, resolve the same way inside the package).
WIDGET_FILES=(go-score-element.js controller.js goban.js panel.js state.js engine.js line.js history.js count-view.js count-words.js suggest.js diagram.js i18n.js)
log() { printf '[pack] %s\n' "$*" >&2; }

if [ "${1:-}" != "--no-build" ]; then
  scripts/build.sh --node
fi
for file in www/pkg/go_score.js www/pkg/go_score_bg.wasm www/pkg/snippets www/pkg-core/go_score.js \
  www/pkg-core/go_score_bg.wasm www/pkg-core/snippets; do
  [ -e "$file" ] || { log "missing $file: run scripts/build.sh"; exit 1; }
done

rm -rf "$STAGE"
mkdir -p "$STAGE/pkg" "$STAGE/pkg-core" "$STAGE/node" "$STAGE/js" "$STAGE/bin" "$STAGE/cli"
cp npm/package.json npm/README.md npm/LICENSE "$STAGE/"
# The browser build, as wasm-pack wrote it (its JS snippets included), serves every flavour:
# Node's entries in npm/node load it and compile its one .wasm synchronously.
cp -r www/pkg/go_score.js www/pkg/go_score.d.ts www/pkg/go_score_bg.wasm \
  www/pkg/go_score_bg.wasm.d.ts www/pkg/snippets "$STAGE/pkg/"
# The scoring core the widget loads first (its exports are the full module's too, so the
# package's API and types stay the full module's).
cp -r www/pkg-core/go_score.js www/pkg-core/go_score_bg.wasm www/pkg-core/snippets "$STAGE/pkg-core/"
cp www/pkg/go_score.d.ts "$STAGE/node/"
cp npm/node/go_score.js npm/node/index.mjs npm/node/package.json "$STAGE/node/"
for file in "${WIDGET_FILES[@]}"; do cp "www/js/$file" "$STAGE/js/"; done
mkdir -p "$STAGE/js/i18n"
# Every message catalogue (i18n.js's LANGUAGES lists them; it imports each on demand).
cp www/js/i18n/*.js "$STAGE/js/i18n/"
cp npm/js/go-score-element.d.ts "$STAGE/js/"
# The command line: its workers import the Node build as ../node/index.mjs.
cp npm/bin/go-score.mjs "$STAGE/bin/"
cp npm/cli/*.mjs "$STAGE/cli/"

version=$(awk -F'"' '/^version = / { print $2; exit }' Cargo.toml)
(cd "$STAGE" && npm pkg set "version=$version" >/dev/null)

rm -f "$OUT"/go-score-*.tgz
tarball=$(cd "$OUT" && npm pack ./package --silent --pack-destination . | tail -1)
tarball="$OUT/$tarball"
unpacked=$(du -sb "$STAGE" | cut -f1)
log "$tarball: $(wc -c <"$tarball") bytes packed, $unpacked bytes unpacked, $(tar -tzf "$tarball" | wc -l) files"
echo "$tarball"

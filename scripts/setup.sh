#!/usr/bin/env bash
# Installs everything go-score's build and tests need, from package registries only
# (crates.io, npm, Debian). Idempotent: a second run checks versions and does nothing.
# The usual wasm-pack downloads fail on machines without general web access, so every tool
# is pinned and installed by name (the README's "Set-up and commands" says why).
set -euo pipefail
cd "$(dirname "$0")/.."

WASM_PACK_VERSION=0.15.1
# wasm-bindgen-cli must equal the wasm-bindgen crate in Cargo.lock exactly: otherwise wasm-pack
# tries a download, then silently builds its own copy for minutes.
WASM_BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
WASM_BINDGEN_VERSION=${WASM_BINDGEN_VERSION:-0.2.130}

log() { printf '[setup] %s\n' "$*" >&2; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "adding rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

for component in rustfmt clippy; do
  if ! rustup component list --installed | grep -q "^$component"; then
    log "adding rust component $component"
    rustup component add "$component"
  fi
done

if ! wasm-pack --version 2>/dev/null | grep -q " $WASM_PACK_VERSION"; then
  log "installing wasm-pack $WASM_PACK_VERSION"
  cargo install wasm-pack --version "$WASM_PACK_VERSION" --locked
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q " $WASM_BINDGEN_VERSION"; then
  log "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION"
  # --locked fails for this version (a pinned dependency left the registry): fall back.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --locked \
    || cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
  log "installing chromium and chromium-driver from Debian"
  export DEBIAN_FRONTEND=noninteractive
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q chromium chromium-driver
fi
# A font with Chinese, Japanese and Korean glyphs, so the screenshots the e2e tests keep of
# every language show text rather than empty boxes.
if command -v fc-list >/dev/null && [ -z "$(fc-list :lang=ja 2>/dev/null)" ]; then
  log "installing fonts-wqy-zenhei (CJK glyphs for the screenshots) from Debian"
  export DEBIAN_FRONTEND=noninteractive
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q fonts-wqy-zenhei
fi
# Debian's binaryen (wasm-opt 108) silently breaks the module: never use it.
if command -v wasm-opt >/dev/null && wasm-opt --version | grep -q 'version 10[0-9]'; then
  log "warning: an old wasm-opt is on PATH ($(command -v wasm-opt)); the build uses node_modules/.bin/wasm-opt"
fi

# npm devDependencies (binaryen's wasm-opt, playwright-core), exactly as package-lock.json
# pins them; reinstalled when the lock file is newer than the last install.
if [ ! -x node_modules/.bin/wasm-opt ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  log "installing npm devDependencies"
  npm ci --no-audit --no-fund
fi
log "toolchain ready"

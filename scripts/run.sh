#!/usr/bin/env bash
# The run command: installs what is missing, builds the release wasm for the page, and
# serves www/ on 127.0.0.1 (port $PORT, default 8080, the next free one if busy),
# printing the URL. Ctrl-C stops it.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
scripts/build.sh
exec node scripts/serve.mjs www

#!/usr/bin/env bash
# Installs what is missing, builds the wasm module and the page, and serves
# the page on 127.0.0.1 (PORT, default 8080) as a production host would:
# precompressed (brotli or gzip) where the browser accepts it
# (scripts/serve.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

ensure_rust
ensure_wasm_bindgen
ensure_node

./scripts/build-wasm.sh
(cd www && npx vite build)

port="${PORT:-8080}"
echo
echo "Selfplay is served at http://127.0.0.1:${port}/  (Ctrl+C stops)"
echo
exec node scripts/serve.mjs "$port" www/dist

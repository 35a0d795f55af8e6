#!/usr/bin/env bash
# Builds the wasm module (release) and its JavaScript bindings into
# www/src/pkg/, where the engine worker imports them. Shrinks it with
# binaryen's wasm-opt from npm when that is installed (www/node_modules).
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --release --lib --target wasm32-unknown-unknown
rm -rf www/src/pkg
wasm-bindgen --target web --out-dir www/src/pkg --out-name selfplay \
  target/wasm32-unknown-unknown/release/selfplay.wasm

opt=www/node_modules/.bin/wasm-opt
if [[ -x "$opt" ]]; then
  # The features rustc enables by default for wasm32-unknown-unknown.
  "$opt" -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-multivalue --enable-reference-types \
    www/src/pkg/selfplay_bg.wasm -o www/src/pkg/selfplay_bg.wasm
fi
ls -l www/src/pkg/selfplay_bg.wasm

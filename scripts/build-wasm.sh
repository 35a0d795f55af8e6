#!/usr/bin/env bash
# Builds the wasm module (release) and its JavaScript bindings into pkg/, in
# the layout of wasm-pack: pkg/selfplay.js (an ES module), pkg/selfplay_bg.wasm,
# the TypeScript types pkg/selfplay.d.ts and a pkg/package.json that names
# them. The page (www/) and examples/ import it from there. Shrinks the module
# with binaryen's wasm-opt from npm (www/node_modules) when that is installed;
# never Debian's older binaryen, which breaks wasm-bindgen's output.
set -euo pipefail
cd "$(dirname "$0")/.."

# Without the speed measurements and their data (feature benchmarks):
# scripts/bench.sh builds its own module with them. Two modules: pkg/ the
# one every worker of the page loads (within the size budget,
# scripts/module-size.sh), and
# pkg/learners/selfplay_learners*, the same with the learners that the first
# leaves out (feature extra-learners), loaded only by the workers that train
# or play those learners (www/src/core/modules.ts).
opt=www/node_modules/.bin/wasm-opt
[[ -x "$opt" ]] || echo "note: $opt is not installed (npm ci in www/); the modules are not shrunk" >&2

target="${CARGO_TARGET_DIR:-$PWD/target}"

# build FEATURES TARGET_DIR OUT_DIR OUT_NAME
build() {
  CARGO_TARGET_DIR="$2" cargo build --release --lib --target wasm32-unknown-unknown --no-default-features --features "$1"
  wasm-bindgen --target web --out-dir "$3" --out-name "$4" "$2/wasm32-unknown-unknown/release/selfplay.wasm"
  if [[ -x "$opt" ]]; then
    # The features rustc enables for wasm32-unknown-unknown, and SIMD (.cargo/config.toml).
    "$opt" -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
      --enable-mutable-globals --enable-multivalue --enable-reference-types --enable-simd \
      "$3/$4_bg.wasm" -o "$3/$4_bg.wasm"
  fi
}

# The two modules are built at once, each in its own target directory: most
# of a build is its link-time optimisation (one module, one codegen unit),
# which keeps one core busy, so side by side they take little longer than
# one. Each build's messages are printed when both have ended.
rm -rf pkg
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
# Each build in a process group of its own (job control on while they
# start), so that an interrupted script stops both and what they started.
set -m
build "" "$target" pkg selfplay >"$logs/first" 2>&1 &
first=$!
build extra-learners "$target/learners" pkg/learners selfplay_learners >"$logs/learners" 2>&1 &
learners=$!
set +m
trap 'kill -- -"$first" -"$learners" 2>/dev/null; exit 130' INT TERM
status=0
wait "$first" || status=$?
wait "$learners" || status=$?
echo "--- the first module (pkg/selfplay*)"
cat "$logs/first"
echo "--- the learners' module (pkg/learners/selfplay_learners*)"
cat "$logs/learners"
if ((status != 0)); then
  echo "error: a wasm module's build failed (above)" >&2
  exit "$status"
fi

# What the page draws before its engine has loaded (the games, their start
# positions, the modules' sizes), from the module just built.
node scripts/page-start.mjs

version="$(awk -F'"' '/^version = / { print $2; exit }' Cargo.toml)"
cat > pkg/package.json <<EOF
{
  "name": "selfplay",
  "version": "${version}",
  "description": "Board-game agents that teach themselves: the Selfplay engine as a WebAssembly module (see docs/js-api.md).",
  "license": "MIT",
  "type": "module",
  "main": "selfplay.js",
  "module": "selfplay.js",
  "types": "selfplay.d.ts",
  "files": ["selfplay.js", "selfplay_bg.wasm", "selfplay.d.ts", "selfplay_bg.wasm.d.ts",
            "learners/selfplay_learners.js", "learners/selfplay_learners_bg.wasm",
            "learners/selfplay_learners.d.ts", "learners/selfplay_learners_bg.wasm.d.ts"],
  "sideEffects": ["./selfplay.js", "./learners/selfplay_learners.js"]
}
EOF
ls -l pkg/selfplay_bg.wasm pkg/learners/selfplay_learners_bg.wasm

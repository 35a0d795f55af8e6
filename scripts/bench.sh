#!/usr/bin/env bash
# Speed natively and in WebAssembly (Node), in one run.
#
#   scripts/bench.sh [seed]        (BENCH_SECONDS: seconds per measurement, default 1)
#
# Builds the native CLI and the wasm library (with the simd128 target feature,
# as the page is built), runs every game's measurements in both (`selfplay
# bench` natively, `benchSuite` in wasm) and prints each rate with the
# wasm/native ratio; where a measurement counts multiply-adds, also their
# share of the build's own multiply-add peak. Needs: cargo, the
# wasm32-unknown-unknown target, the wasm-bindgen CLI (same version as the
# crate's wasm-bindgen), node.
set -euo pipefail
cd "$(dirname "$0")/.."
seed="${1:-1}"
seconds="${BENCH_SECONDS:-1}"

cargo build --release --quiet
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="${WASM_RUSTFLAGS--C target-feature=+simd128}" \
  cargo build --release --quiet --lib --target wasm32-unknown-unknown
pkg="$(mktemp -d)"
trap 'rm -rf "$pkg"' EXIT
wasm-bindgen --target nodejs --out-dir "$pkg" target/wasm32-unknown-unknown/release/selfplay.wasm

native="$(./target/release/selfplay bench --seed "$seed" --seconds "$seconds" --json)"
wasm="$(node scripts/bench-wasm.mjs "$pkg" "$seed" "$seconds")"

node -e '
const native = JSON.parse(process.argv[1]), wasm = JSON.parse(process.argv[2]);
const e = (x) => x.toExponential(3).padStart(11);
const peak = (rates) => rates.find((r) => r.name === "peak_multiply_adds")?.per_second;
console.log(`measurement                                 native/s      wasm/s   wasm / native`);
for (const n of native) {
  const w = wasm.find((r) => r.name === n.name);
  if (!w) continue;
  console.log(`${(n.name + " (" + n.unit + ")").padEnd(42)} ${e(n.per_second)} ${e(w.per_second)}   ${(100 * w.per_second / n.per_second).toFixed(0).padStart(5)}%`);
  for (const [k, v] of Object.entries(n.detail ?? {})) {
    const wv = w.detail?.[k];
    if (wv === undefined) continue;
    let line = `  ${k.padEnd(40)} ${e(v)} ${e(wv)}   ${(100 * wv / v).toFixed(0).padStart(5)}%`;
    if (k === "multiply_adds_per_second") {
      line += `   (of the build peak: native ${(100 * v / peak(native)).toFixed(0)}%, wasm ${(100 * wv / peak(wasm)).toFixed(0)}%)`;
    }
    console.log(line);
  }
}
' "$native" "$wasm"

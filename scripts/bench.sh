#!/usr/bin/env bash
# Speed natively and in WebAssembly (Node), in one run.
#
#   scripts/bench.sh [games] [seed]        (BENCH_SECONDS: seconds per rules measurement)
#
# Builds the native CLI and the wasm library (with the simd128 target feature,
# as the page is built), runs the same benchmarks in both, and prints:
# Q-network training games/s, the wasm/native ratio and multiply-adds per
# second against each build's measured peak; then the rules measurements
# (Othello perft, Hare and Hounds random games, Q-learning games, exact
# solves) with their wasm/native ratios. Needs: cargo, the wasm32-unknown-unknown target, the
# wasm-bindgen CLI (same version as the crate's wasm-bindgen), node.
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-20000}"
seed="${2:-1}"

cargo build --release --quiet
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="${WASM_RUSTFLAGS--C target-feature=+simd128}" \
  cargo build --release --quiet --lib --target wasm32-unknown-unknown
pkg="$(mktemp -d)"
trap 'rm -rf "$pkg"' EXIT
wasm-bindgen --target nodejs --out-dir "$pkg" target/wasm32-unknown-unknown/release/selfplay.wasm

native="$(./target/release/selfplay othello bench --games "$games" --seed "$seed" --json)"
native_rules="$(./target/release/selfplay bench --seed "$seed" --seconds "${BENCH_SECONDS:-1}" --json)"
wasm="$(node scripts/bench-wasm.mjs "$pkg" "$games" "$seed")"

node -e '
const n = JSON.parse(process.argv[1]), w = JSON.parse(process.argv[2]);
const f = (x) => x.toFixed(0).padStart(8);
const g = (x) => (x / 1e9).toFixed(2).padStart(6);
console.log(`${n.label} self-play training, ${n.games} timed games`);
console.log(`          games/s   Gmadd/s  build peak  % of peak  10M games`);
for (const [name, r] of [["native", n], ["wasm", w]]) {
  const pct = (100 * r.multiply_adds_per_second / r.build_peak_multiply_adds_per_second).toFixed(0);
  const hours = (1e7 / r.games_per_second / 3600).toFixed(2);
  console.log(`${name.padEnd(7)} ${f(r.games_per_second)}   ${g(r.multiply_adds_per_second)}    ${g(r.build_peak_multiply_adds_per_second)}     ${pct.padStart(4)}%     ${hours} h`);
}
console.log(`wasm / native: ${(100 * w.games_per_second / n.games_per_second).toFixed(0)}%`);
if (n.core_peak_multiply_adds_per_second)
  console.log(`native vs core peak (cpu MHz x 16 f32 FMA/cycle): ${(100 * n.multiply_adds_per_second / n.core_peak_multiply_adds_per_second).toFixed(1)}%`);
console.log("");
const nr = JSON.parse(process.argv[3]);
console.log(`rules                          native/s        wasm/s   wasm / native`);
for (const r of nr) {
  const m = w.rules.find((x) => x.name === r.name);
  const e = (x) => x.toExponential(3).padStart(13);
  console.log(`${(r.name + " (" + r.unit + ")").padEnd(34)} ${e(r.per_second)} ${e(m.per_second)}   ${(100 * m.per_second / r.per_second).toFixed(0).padStart(5)}%`);
}
' "$native" "$wasm" "$native_rules"

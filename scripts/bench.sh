#!/usr/bin/env bash
# Speed natively and in WebAssembly (Node), in one run.
#
#   scripts/bench.sh [--long] [--only TEXT] [seed]   (BENCH_SECONDS: seconds per measurement, default 1)
#
# Builds the native CLI and the wasm library (with the simd128 target feature,
# as the page is built), runs every game's measurements in both (`selfplay
# bench` natively, the same measurements by name in wasm) and prints each rate
# with the wasm/native ratio; where a measurement counts multiply-adds, also
# their share of the build's own multiply-add peak; where it has parts (the
# positions of a benchmark set), a table of them, native beside wasm, with
# the total and the wasm/native time ratio. Last, the CPU time (user +
# system) of each side's process.
#
#   --only TEXT   only the measurements whose name contains TEXT
#   --long        also the long measurements (minutes each), e.g. the whole
#                 FFO #40–#49 set: scripts/bench.sh --long --only ffo_40_49
#
# Needs: cargo, the wasm32-unknown-unknown target, the wasm-bindgen CLI (same
# version as the crate's wasm-bindgen), node.
set -euo pipefail
cd "$(dirname "$0")/.."
seed=1
select=()
while [ $# -gt 0 ]; do
  case "$1" in
    --long) select+=(--long) ;;
    --only)
      [ $# -ge 2 ] || { echo "--only needs a text" >&2; exit 2; }
      select+=(--only "$2")
      shift
      ;;
    -*) echo "unknown option $1 (options: --long, --only TEXT)" >&2; exit 2 ;;
    *) seed="$1" ;;
  esac
  shift
done
seconds="${BENCH_SECONDS:-1}"

cargo build --release --quiet
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="${WASM_RUSTFLAGS--C target-feature=+simd128}" \
  cargo build --release --quiet --lib --target wasm32-unknown-unknown
target="${CARGO_TARGET_DIR:-target}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
wasm-bindgen --target nodejs --out-dir "$work/pkg" "$target/wasm32-unknown-unknown/release/selfplay.wasm"

# Each side's process CPU time, from bash's `time` (user and system seconds).
TIMEFORMAT='%3U %3S'
{ time "$target/release/selfplay" bench --seed "$seed" --seconds "$seconds" ${select[@]+"${select[@]}"} --json \
  >"$work/native.json" 2>&3; } 3>&2 2>"$work/native.cpu"
# The wasm side runs exactly the measurements the native side ran.
mapfile -t names < <(node -e 'for (const r of JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))) console.log(r.name)' "$work/native.json")
{ time node scripts/bench-wasm.mjs "$work/pkg" "$seed" "$seconds" "${names[@]}" >"$work/wasm.json" 2>&3; } 3>&2 2>"$work/wasm.cpu"

node -e '
const fs = require("fs");
const [nativeFile, wasmFile, nativeCpu, wasmCpu] = process.argv.slice(1);
const native = JSON.parse(fs.readFileSync(nativeFile, "utf8")), wasm = JSON.parse(fs.readFileSync(wasmFile, "utf8"));
const e = (x) => x.toExponential(3).padStart(11);
const si = (x) => (x >= 1e9 ? (x / 1e9).toFixed(2) + " G" : x >= 1e6 ? (x / 1e6).toFixed(1) + " M" : x >= 1e3 ? (x / 1e3).toFixed(1) + " k" : x.toFixed(0) + " ");
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
// Measurements with parts: one row per part, native beside wasm.
for (const n of native) {
  const w = wasm.find((r) => r.name === n.name);
  if (!w || !n.parts?.length) continue;
  const factNames = (n.parts[0].facts ?? []).map(([k]) => k);
  const u = n.unit;
  console.log(`\n${n.name}, part by part (${u}; wall-clock seconds and ${u}/s, native and wasm; wasm time / native time):`);
  const head = ["part".padEnd(10), ...factNames.map((k) => k.padStart(8)), u.padStart(10), "native s".padStart(10), `${u}/s`.padStart(10), "wasm s".padStart(10), `${u}/s`.padStart(10), "wasm/native".padStart(12)];
  console.log(head.join(" "));
  let total = { count: 0, ns: 0, ws: 0 };
  for (const p of n.parts) {
    const q = w.parts?.find((x) => x.name === p.name);
    if (!q) continue;
    const facts = (p.facts ?? []).map(([k, v]) => {
      const wv = (q.facts ?? []).find(([wk]) => wk === k)?.[1];
      return (wv === v ? v : `${v}|${wv}`).padStart(8);
    });
    const count = p.count === q.count ? si(p.count) : `${si(p.count)}|${si(q.count)}`;
    console.log([p.name.padEnd(10), ...facts, count.padStart(10), p.seconds.toFixed(2).padStart(10), si(p.per_second).padStart(10), q.seconds.toFixed(2).padStart(10), si(q.per_second).padStart(10), (q.seconds / p.seconds).toFixed(2).padStart(12)].join(" "));
    total.count += p.count;
    total.ns += p.seconds;
    total.ws += q.seconds;
  }
  console.log(["total".padEnd(10), ...factNames.map(() => "".padStart(8)), si(total.count).padStart(10), total.ns.toFixed(2).padStart(10), si(total.count / total.ns).padStart(10), total.ws.toFixed(2).padStart(10), si(total.count / total.ws).padStart(10), (total.ws / total.ns).toFixed(2).padStart(12)].join(" "));
}
const cpu = (f) => fs.readFileSync(f, "utf8").trim().split(/\s+/).slice(-2).map(Number);
const [nu, ns] = cpu(nativeCpu), [wu, ws] = cpu(wasmCpu);
console.log(`\nCPU time of each run (user + system): native ${(nu + ns).toFixed(2)} s (${nu.toFixed(2)} + ${ns.toFixed(2)}), wasm in node ${(wu + ws).toFixed(2)} s (${wu.toFixed(2)} + ${ws.toFixed(2)}); wasm / native ${((wu + ws) / (nu + ns)).toFixed(2)}`);
' "$work/native.json" "$work/wasm.json" "$work/native.cpu" "$work/wasm.cpu"

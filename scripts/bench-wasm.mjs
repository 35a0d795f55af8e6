// Runs the benchmark suite in WebAssembly under Node: the same measurements
// as `selfplay bench --json` (every game's rules, solvers and learners, and
// the build's multiply-add peak), by the same Rust code compiled to wasm.
//
//   node scripts/bench-wasm.mjs <dir with the wasm-bindgen --target nodejs output> [seed] [seconds] [name…]
//
// With names, runs those measurements (long ones included) instead of the
// suite. Prints the rates as one JSON array.
import { createRequire } from "node:module";
import path from "node:path";

const [dir, seedArg = "1", secondsArg = "1", ...names] = process.argv.slice(2);
if (!dir) {
  console.error("usage: node scripts/bench-wasm.mjs <pkg-dir> [seed] [seconds] [name…]");
  process.exit(2);
}
const seed = Number(seedArg);
const seconds = Number(secondsArg);
if (!Number.isInteger(seed) || seed < 0 || !(seconds > 0)) {
  console.error("seed must be a non-negative integer and seconds a positive number");
  process.exit(2);
}
const require = createRequire(import.meta.url);
const wasm = require(path.resolve(dir, "selfplay.js"));
// Seeds cross the boundary as BigInt.
const rates = names.length > 0 ? names.map((n) => wasm.benchRun(n, BigInt(seed), seconds)) : wasm.benchSuite(BigInt(seed), seconds);
console.log(JSON.stringify(rates));

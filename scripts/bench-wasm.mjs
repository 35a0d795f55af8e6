// Runs the benchmark suite in WebAssembly under Node: the same measurements
// as `selfplay bench --json` (every game's rules, solvers and learners, and
// the build's multiply-add peak), by the same Rust code compiled to wasm.
//
//   node scripts/bench-wasm.mjs <dir with the wasm-bindgen --target nodejs output> [seed] [seconds]
//
// Prints the rates as one JSON array.
import { createRequire } from "node:module";
import path from "node:path";

const [dir, seedArg = "1", secondsArg = "1"] = process.argv.slice(2);
if (!dir) {
  console.error("usage: node scripts/bench-wasm.mjs <pkg-dir> [seed] [seconds]");
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
console.log(JSON.stringify(wasm.benchSuite(seed, seconds)));

// Runs the Q-network training benchmark in WebAssembly under Node.
//
//   node scripts/bench-wasm.mjs <dir with the wasm-bindgen --target nodejs output> [games] [seed]
//
// Prints one JSON object: the same measurement as `selfplay othello bench --json`
// (QL1, 64 hidden, arctan, self-play), run by the same Rust code compiled to wasm,
// and under `rules` the measurements of `selfplay bench --json` (perft, Hare and
// Hounds games, learning and solving).
import { createRequire } from "node:module";
import path from "node:path";

const [dir, gamesArg = "20000", seedArg = "1"] = process.argv.slice(2);
if (!dir) {
  console.error("usage: node scripts/bench-wasm.mjs <pkg-dir> [games] [seed]");
  process.exit(2);
}
const games = Number(gamesArg);
const seed = Number(seedArg);
if (!Number.isInteger(games) || games <= 0 || !Number.isInteger(seed) || seed < 0) {
  console.error("games must be a positive integer and seed a non-negative integer");
  process.exit(2);
}
const require = createRequire(import.meta.url);
const wasm = require(path.resolve(dir, "selfplay.js"));

const warmup = Math.max(100, Math.floor(games / 10));
const r = wasm.benchQnetTraining(warmup, games, seed);
let peak = 0;
for (let i = 0; i < 3; i++) peak = Math.max(peak, wasm.benchPeakMultiplyAdds(20_000_000));
console.log(
  JSON.stringify({
    label: r.label,
    games: r.games,
    seconds: r.seconds,
    games_per_second: r.games_per_second,
    multiply_adds_per_second: r.multiply_adds_per_second,
    multiply_adds_per_game: r.multiply_adds / r.games,
    build_peak_multiply_adds_per_second: peak,
    rules: wasm.benchRules(seed, Number(process.env.BENCH_SECONDS ?? "1")),
  }),
);

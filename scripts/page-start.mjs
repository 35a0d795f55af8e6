// Writes pkg/start.json, what the page draws before its engine has loaded:
// every game as the engine lists it (`games()`), each game's start position
// (`new Session(id).state()`), and the size of each wasm module, so that the
// page can show the frame, the games and a board at once, and the engine's
// download as a share of its bytes. Run by scripts/build-wasm.sh after the
// modules are built: the same module answers, so the two always agree.
//
//   node scripts/page-start.mjs        (from the repository's root)
import { readFileSync, statSync, writeFileSync } from 'node:fs';

const pkg = new URL('../pkg/', import.meta.url);
const engine = await import(new URL('selfplay.js', pkg).href);
await engine.default({ module_or_path: readFileSync(new URL('selfplay_bg.wasm', pkg)) });

const games = engine.games();
const starts = {};
for (const g of games) {
  if (!g.built) continue;
  const s = new engine.Session(g.id);
  starts[g.id] = s.state();
  s.free();
}
const size = (file) => statSync(new URL(file, pkg)).size;
const start = {
  games,
  starts,
  wasmBytes: { first: size('selfplay_bg.wasm'), learners: size('learners/selfplay_learners_bg.wasm') },
};
// A 64-bit number would be a BigInt: none is expected here, and one is an error.
const text = JSON.stringify(start, (_, v) => {
  if (typeof v === 'bigint') throw new Error('a BigInt in the start data');
  return v;
});
writeFileSync(new URL('start.json', pkg), text + '\n');
console.log(`pkg/start.json: ${games.length} games, ${text.length} bytes`);

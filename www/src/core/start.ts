// What the page draws before its engine has loaded: every game as the
// engine lists it, each game's start position and the size of each wasm
// module, written by scripts/build-wasm.sh from the module it built
// (scripts/page-start.mjs, pkg/start.json) and bundled with the page's
// code. With them the header, the games and a board are on screen at once;
// moves are taken once the engine has loaded.

import data from 'selfplay-start';
import type { GameInfo, GameState } from './protocol';

export interface PageStart {
  /** `games()`: every game, as the engine lists it. */
  games: GameInfo[];
  /** Each playable game's start position, `new Session(id).state()`. */
  starts: Record<string, GameState>;
  /** The modules' sizes in bytes, for the download's progress. */
  wasmBytes: { first: number; learners: number };
}

export const START = data as unknown as PageStart;

// The page's registry of games: one plug-in per game folder. The game list
// itself — titles, sides, players, kinds of run — comes from the engine
// (`games()`); a game the engine plays and that has a plug-in here is
// playable on the page.

import type { GamePlugin } from './plugin';
import { othello } from './othello';
import { hareHounds } from './hare_hounds';
import { connect4 } from './connect4';
import { tictactoe } from './tictactoe';
import { connect6 } from './connect6';

const PLUGINS: GamePlugin[] = [othello, hareHounds, connect4, tictactoe, connect6];

/** The plug-in of a game, if the page has one. */
export function pluginOf(game: string): GamePlugin | undefined {
  return PLUGINS.find((p) => p.id === game);
}

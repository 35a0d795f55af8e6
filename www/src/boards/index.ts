// One renderer per game; a game without one is not playable on the page yet.

import type { GameId } from '../protocol';
import type { BoardView } from './board';
import { HareHoundsBoard } from './hare_hounds';
import { OthelloBoard } from './othello';

export function createBoard(game: GameId): BoardView | null {
  switch (game) {
    case 'othello':
      return new OthelloBoard();
    case 'hare_hounds':
      return new HareHoundsBoard();
    default:
      return null;
  }
}

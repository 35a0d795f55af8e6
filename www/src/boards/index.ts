// One renderer per game; a game without one is not playable on the page yet.

import type { GameId } from '../protocol';
import type { BoardView } from './board';
import { OthelloBoard } from './othello';

export function createBoard(game: GameId): BoardView | null {
  switch (game) {
    case 'othello':
      return new OthelloBoard();
    default:
      return null;
  }
}

// Which stones a grid board marks as the latest play, from the engine's
// record (pure, tested in Node). A turn is every move a side makes before the
// other side moves: one move in most games, two stones in a game where a
// side places two a turn. The board marks the stones of the last finished
// turn, and, while a side is in the middle of its turn (the side to move
// made the latest moves), the stones it has already placed this turn.

import type { GameState } from '../core/protocol';

/** The cells of the latest turns' stones. */
export interface TurnStones {
  /** Stones the side to move has placed in its unfinished turn (empty between turns). */
  thisTurn: number[];
  /** The stones of the last finished turn (the other side's, or the winner's last). */
  lastTurn: number[];
}

/**
 * The stones of the turn in progress and of the last finished one, from the
 * moves on the board (`history` up to `cursor`) and the side to move.
 * A move without a cell (a pass) belongs to its turn but marks nothing.
 */
export function turnStones(s: Pick<GameState, 'history' | 'cursor' | 'toMove'>): TurnStones {
  const played = s.history.slice(0, s.cursor);
  let i = played.length;
  const run = (side: 0 | 1): number[] => {
    const cells: number[] = [];
    while (i > 0 && played[i - 1].side === side) {
      const c = played[--i].cell;
      if (c !== null) cells.unshift(c);
    }
    return cells;
  };
  const thisTurn = s.toMove !== null && i > 0 && played[i - 1].side === s.toMove ? run(s.toMove) : [];
  const lastTurn = i > 0 ? run(played[i - 1].side) : [];
  return { thisTurn, lastTurn };
}

// A grid board for screen readers: the canvas's accessible name tells the
// board, the position, what is under the keyboard cursor (a cell or an
// intersection: its name, its piece, whether it is a legal move and its
// value) and the keys. Pure text, tested in Node; the board sets it.

import type { GameState } from '../core/protocol';
import { describePosition } from './board';
import type { Placement } from './grid-layout';

/** What the accessible name is made of. */
export interface GridFacts {
  /** The board's name ("Othello board"). */
  name: string;
  placement: Placement;
  flipped: boolean;
  state: GameState | null;
  /** The cursor's cell, its name ("d3"), whether it is a legal move, and its value on the heat map. */
  cursor: number;
  cursorName: string;
  legal: boolean;
  value: number | undefined;
  /** The value in words, where the engine gives them, and whether it is a best move. */
  valueWords?: string;
  best?: boolean;
  /** Moves drop into columns, by the digit keys 1 to `cols`. */
  dropInColumns: boolean;
  cols: number;
  /** A move as sentences name it ("column 4"). */
  moveWords?: (move: string) => string;
  /** A cell's name ("d3"), for the winning line. */
  cellName?: (cell: number) => string;
}

/** The keys that play on the board, in words. */
export function keysHelp(dropInColumns: boolean, cols: number): string {
  return dropInColumns ? `Keys 1 to ${cols} drop a disc; arrow keys move the cursor, Enter plays` : 'Arrow keys move the cursor, Enter plays';
}

/**
 * The board's accessible name: "Othello board. Black to move; … Cursor on
 * d3: empty, legal move. Arrow keys move the cursor, Enter plays." On a
 * board of intersections the cursor is on "the point d3".
 */
export function gridLabel(f: GridFacts): string {
  let what = 'empty';
  const v = f.state?.cells[f.cursor] ?? 0;
  if (v !== 0 && f.state) what = f.state.sides[v - 1];
  const legal = (f.legal ? ', legal move' : '') + (f.value !== undefined ? `, value ${f.valueWords ?? f.value.toFixed(3)}${f.best ? ', a best move' : ''}` : '');
  const position = f.state ? ` ${describePosition(f.state, f.moveWords, f.cellName)}` : '';
  const on = f.placement === 'intersections' ? `the point ${f.cursorName}` : f.cursorName;
  return `${f.name}${f.flipped ? ', seen from the other side' : ''}.${position} Cursor on ${on}: ${what}${legal}. ${keysHelp(f.dropInColumns, f.cols)}.`;
}

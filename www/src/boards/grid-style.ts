// How a grid game looks: the colours, pieces and marks of its board, and how
// it takes moves, given by the game's folder (`www/src/games/<id>/`).

import type { FlipMode, Placement } from './grid-layout';

/** How a piece is drawn: a disc (a stone), or a pen's cross or ring. */
export type PieceShape = 'disc' | 'cross' | 'ring';

export interface GridStyle {
  /** The board's name for screen readers ("Othello board"). */
  name: string;
  frame: string;
  board: string;
  line: string;
  label: string;
  /** The ring round each piece of the last turn. */
  lastMove: string;
  /** The band through a winning line, and the halo round it (defaults: a strong blue in white). */
  endLine?: string;
  endHalo?: string;
  /** The marks on the stones of a turn in progress (default: the cursor's colour). */
  thisTurn?: string;
  cursor: string;
  /** Points drawn where grid lines cross, as [row, column] of the crossing
   *  (on a board of intersections, the intersection's). */
  stars: Array<[number, number]>;
  /** The pieces of the two sides: a gradient from `light` (top left) to `dark`. */
  pieces: [{ light: string; dark: string }, { light: string; dark: string }];
  /** The pieces' shapes (default: discs): a cross and a ring are drawn in
   *  the piece's `dark` colour, as marks on paper. */
  shapes?: [PieceShape, PieceShape];
  /** Where the pieces stand (default: in the cells): on the intersections
   *  of the lines instead, as stones on a Go board; the rows and columns
   *  are then the lines, and the engine's cells their crossings. */
  placement?: Placement;
  /** A legal-move marker for each side to move. */
  markers: [string, string];
  /** The cell the keyboard cursor starts on. */
  startCursor: number;
  /** A move is a column (Connect Four): a click or Enter anywhere in a
   *  column plays the legal move that lands in it. */
  dropInColumns?: boolean;
  /** Labels above the columns (default a, b, c…; none: no strip above the board) and whether rows are numbered (default yes). */
  columnLabels?: string[] | false;
  rowLabels?: boolean;
  /** A move as sentences name it ("column 4"; default its own text), for the board's accessible name. */
  moveWords?: (move: string) => string;
  /** A name drawn small in the corner of each cell, in the engine's order ("1" to "9" for a board whose squares are numbered). */
  cellLabels?: string[];
  /** How the board looks from the other side: turned half round (default),
   *  or seen from behind, columns mirrored (a standing rack). */
  flip?: FlipMode;
  /** Pieces that change side turn over in a short animation (Othello's discs). */
  animateTurns?: boolean;
  /** The ring round the cells a previewed move would change, and round a
   *  stone waiting for a second tap (default: the cursor's colour). */
  preview?: string;
}

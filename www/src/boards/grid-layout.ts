// The geometry of a grid board, without the DOM (tested in Node): where the
// cells or intersections are drawn for a canvas width, which one a point of
// the canvas picks, how the board is seen from the other side, how the
// keyboard cursor moves, and where the grid's lines and star points go.
//
// Pieces stand in the cells (Othello, Connect Four) or on the intersections
// of the lines (Go-like boards): either way the engine's cells are numbered
// row-major from the top left, and a cell is named by a column letter and a
// row number from the top ("a1", "f5"). Both placements share one layout, a
// square of side `cell` per cell: a cell's centre is where an intersection's
// point is, so the lines run through the centres on an intersection board
// instead of between them.

/** Where pieces stand: in the squares between the lines, or on the lines' crossings. */
export type Placement = 'cells' | 'intersections';

/** How the board looks from the other side: turned half round, or seen from behind (columns mirrored). */
export type FlipMode = 'rotate' | 'mirror';

export const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** How far from an intersection a point still picks it, as a fraction of the lines' spacing. */
export const INTERSECTION_REACH = 0.45;

/**
 * Points closer than this, in CSS pixels, are smaller than a fingertip: on
 * such a board a tap by touch or pen first shows the stone it would place,
 * and a second tap places it.
 */
export const SMALL_POINT_PX = 28;

/** Whether a board whose points (or cells) are `spacing` CSS pixels apart is too fine to play by a single tap. */
export function smallPoints(spacing: number): boolean {
  return spacing > 0 && spacing < SMALL_POINT_PX;
}

/** The board's measures on a canvas of a given width, in CSS pixels. */
export interface GridLayout {
  /** Where the board starts: after the strip of coordinates above it, or after a thin frame where it has none. */
  top: number;
  /** Where the board starts on the left: after the row numbers, or a thin frame. */
  left: number;
  /** The width of a strip of coordinates (the size their text is drawn to). */
  strip: number;
  /** A cell's side: the spacing of the lines. */
  cell: number;
  /** The thin frame below and right of the board (and above or left of it where it has no coordinates). */
  pad: number;
}

/** Which sides of the board have a strip of coordinates: the column names above, the row numbers to the left. */
export interface Coordinates {
  top: boolean;
  left: boolean;
}

const BOTH: Coordinates = { top: true, left: true };

/** The measures of a board of `rows` × `cols` on a canvas `size` pixels wide. */
export function gridLayout(size: number, rows: number, cols: number, coords: Coordinates = BOTH): GridLayout {
  // Room for the coordinates above and left; a thin frame below and right,
  // and above or left where there are no coordinates.
  const strip = Math.round(size * 0.055);
  const pad = Math.round(size * 0.022);
  const top = coords.top ? strip : pad;
  const left = coords.left ? strip : pad;
  // Square cells, as many as fit across and down (the canvas is as wide as `size`).
  const cell = Math.min((size - left - pad) / cols, (size - top - pad) / rows);
  return { top, left, strip, cell, pad };
}

/** The canvas's height for a width: as tall as the cells and their frame (a rack of 6 × 7 is wider than high). */
export function gridHeight(width: number, rows: number, cols: number, coords: Coordinates = BOTH): number {
  const { top, cell, pad } = gridLayout(width, rows, cols, coords);
  return top + rows * cell + pad;
}

/** A line segment, [x0, y0, x1, y1]. */
export type Segment = [number, number, number, number];

/** A grid of rows × columns, as seen from one side or the other. */
export class GridGeometry {
  /** Seen from the other side. */
  flipped = false;

  constructor(
    readonly rows: number,
    readonly cols: number,
    readonly placement: Placement = 'cells',
    readonly flip: FlipMode = 'rotate',
    readonly coords: Coordinates = BOTH,
  ) {}

  /** How many cells (or intersections) the board has. */
  get size(): number {
    return this.rows * this.cols;
  }

  /** "d3" for the cell in column d, row 3 from the top. */
  name(cell: number): string {
    return `${LETTERS[cell % this.cols]}${Math.floor(cell / this.cols) + 1}`;
  }

  layout(size: number): GridLayout {
    return gridLayout(size, this.rows, this.cols, this.coords);
  }

  /** Where a cell is drawn: its row and column on the screen. */
  shown(sq: number): [number, number] {
    const row = Math.floor(sq / this.cols);
    const col = sq % this.cols;
    if (!this.flipped) return [row, col];
    return this.flip === 'mirror' ? [row, this.cols - 1 - col] : [this.rows - 1 - row, this.cols - 1 - col];
  }

  /** The cell drawn at a row and column of the screen. */
  cellShownAt(row: number, col: number): number {
    if (this.flipped) {
      col = this.cols - 1 - col;
      if (this.flip !== 'mirror') row = this.rows - 1 - row;
    }
    return row * this.cols + col;
  }

  /** The centre of the cell, or the intersection, drawn at a row and column of the screen. */
  point(l: GridLayout, row: number, col: number): [number, number] {
    return [l.left + (col + 0.5) * l.cell, l.top + (row + 0.5) * l.cell];
  }

  /** Where a cell's piece is drawn: the centre of its square, or its intersection. */
  centre(l: GridLayout, sq: number): [number, number] {
    const [row, col] = this.shown(sq);
    return this.point(l, row, col);
  }

  /**
   * The cell under a point in CSS pixels relative to the canvas, or null:
   * on a board of cells, the square it is in; on a board of intersections,
   * the nearest intersection if it is within `INTERSECTION_REACH` of the
   * spacing (a point between intersections picks none).
   */
  cellAt(l: GridLayout, x: number, y: number): number | null {
    const fx = (x - l.left) / l.cell;
    const fy = (y - l.top) / l.cell;
    let col: number;
    let row: number;
    if (this.placement === 'intersections') {
      col = Math.round(fx - 0.5);
      row = Math.round(fy - 0.5);
      if (Math.hypot(fx - 0.5 - col, fy - 0.5 - row) > INTERSECTION_REACH) return null;
    } else {
      col = Math.floor(fx);
      row = Math.floor(fy);
    }
    if (col < 0 || col >= this.cols || row < 0 || row >= this.rows) return null;
    return this.cellShownAt(row, col);
  }

  /**
   * The cell a tap at a point of the canvas means, wherever on the board it
   * falls: on a board of cells the cell under it; on a board of
   * intersections the one it is on (within the reach, taken or not), else,
   * between points, the nearest of the (up to four) round it that `free`
   * accepts, else the nearest of them; null off the board.
   */
  cellNear(l: GridLayout, x: number, y: number, free: (cell: number) => boolean): number | null {
    const on = this.cellAt(l, x, y);
    if (this.placement !== 'intersections' || on !== null) return on;
    const fx = (x - l.left) / l.cell - 0.5;
    const fy = (y - l.top) / l.cell - 0.5;
    // Half a spacing beyond the outer lines still reaches them.
    if (fx < -0.5 || fy < -0.5 || fx > this.cols - 0.5 || fy > this.rows - 0.5) return null;
    const near: { cell: number; d: number }[] = [];
    for (const row of [Math.floor(fy), Math.ceil(fy)])
      for (const col of [Math.floor(fx), Math.ceil(fx)]) {
        if (col < 0 || col >= this.cols || row < 0 || row >= this.rows) continue;
        near.push({ cell: this.cellShownAt(row, col), d: Math.hypot(fx - col, fy - row) });
      }
    near.sort((a, b) => a.d - b.d);
    return (near.find((n) => free(n.cell)) ?? near[0])?.cell ?? null;
  }

  /** The cursor moved by `rows` and `cols` as the board is seen (turned or not), stopping at its edges. */
  step(cursor: number, rows: number, cols: number): number {
    const [r, q] = this.shown(cursor);
    const row = Math.min(this.rows - 1, Math.max(0, r + rows));
    const col = Math.min(this.cols - 1, Math.max(0, q + cols));
    return this.cellShownAt(row, col);
  }

  /**
   * The grid's lines: on a board of cells, round and between the cells;
   * on a board of intersections, through them, from the first to the last.
   */
  lines(l: GridLayout): Segment[] {
    const { cell } = l;
    const inner = this.placement === 'intersections' ? 0.5 : 0;
    const [cols, rows] = this.placement === 'intersections' ? [this.cols, this.rows] : [this.cols + 1, this.rows + 1];
    const top = l.top + inner * cell;
    const left = l.left + inner * cell;
    const bottom = l.top + (this.rows - inner) * cell;
    const right = l.left + (this.cols - inner) * cell;
    const out: Segment[] = [];
    for (let i = 0; i < cols; i++) out.push([left + i * cell, top, left + i * cell, bottom]);
    for (let i = 0; i < rows; i++) out.push([left, top + i * cell, right, top + i * cell]);
    return out;
  }

  /**
   * Where a star point is drawn, given as [row, column] of the lines'
   * crossing (0 to rows on a board of cells, whose lines run round the
   * cells; 0 to rows − 1 on a board of intersections); it turns with the board.
   */
  star(l: GridLayout, row: number, col: number): [number, number] {
    const last = this.placement === 'intersections' ? [this.rows - 1, this.cols - 1] : [this.rows, this.cols];
    if (this.flipped) {
      col = last[1] - col;
      if (this.flip !== 'mirror') row = last[0] - row;
    }
    const inner = this.placement === 'intersections' ? 0.5 : 0;
    return [l.left + (col + inner) * l.cell, l.top + (row + inner) * l.cell];
  }

  /** The square round a cell as drawn (a cell's square, or the spacing round an intersection): [x, y, side]. */
  box(l: GridLayout, sq: number): [number, number, number] {
    const [row, col] = this.shown(sq);
    return [l.left + col * l.cell, l.top + row * l.cell, l.cell];
  }
}

// A grid board's input: the mouse (pointing previews, a click plays), touch
// (a tap plays — on a board of small points it first shows the stone, and a
// second tap plays it — a press held previews without playing) and the
// keyboard (arrow keys move a cursor over the cells or intersections as the
// board is seen, Enter or Space plays, Escape takes back a stone waiting for a
// second tap, in a column game the digits drop into a column). What a point
// of the canvas picks comes from the board's geometry.

import { HOLD_MS } from './board';
import type { GridGeometry } from './grid-layout';

/** The arrow keys' steps of the cursor, as [rows, columns] on the screen. */
export const ARROWS: Readonly<Record<string, [number, number]>> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/**
 * The legal cell a pick of `cell` means: itself, or in a column game (moves
 * drop into columns) the legal cell of its column, if it has one.
 */
export function targetCell(cell: number | null, legal: { has(cell: number): boolean; keys(): Iterable<number> }, cols: number, dropInColumns: boolean): number | null {
  if (cell === null || !dropInColumns || legal.has(cell)) return cell;
  for (const c of legal.keys()) if (c % cols === cell % cols) return c;
  return cell;
}

/** In a column game, the cell a digit key drops into (the column's bottom row), or null if the key names no column. */
export function digitDrop(key: string, rows: number, cols: number): number | null {
  const digit = Number(key);
  if (!Number.isInteger(digit) || digit < 1 || digit > cols) return null;
  return (rows - 1) * cols + digit - 1;
}

/** What the input asks of its board. */
export interface GridInputHost {
  /** The cell under a point of the canvas, in CSS pixels, or null. */
  cellAt(x: number, y: number): number | null;
  /** The cell a tap there means: on a board of points, the nearest free one round it (see `GridGeometry.cellNear`). */
  cellNear(x: number, y: number): number | null;
  /** The legal cell a pick of `cell` means (see `targetCell`). */
  target(cell: number | null): number | null;
  isLegal(cell: number): boolean;
  /** The visitor picked `cell` (it is played if it is legal); `byTap`: by a tap of a finger or pen, not a mouse or key. */
  pick(cell: number, byTap: boolean): void;
  /** The cell of a stone waiting for a second tap, if any. */
  pendingCell(): number | null;
  /** Takes a waiting stone away; false if there was none. */
  cancelPending(): boolean;
  /** The cell to preview may have changed. */
  notePreview(): void;
  /** The cursor or the piece pointed at changed: draw and describe the board again. */
  redraw(): void;
  describe(): void;
}

export class GridInput {
  /** The keyboard cursor's cell, and whether it is shown (once an arrow key is used, until the board loses the focus or is clicked). */
  cursor: number;
  private showCursor = false;
  /** The legal cell the mouse points at (in a column game, its column's), and the cell itself. */
  private hover: number | null = null;
  private pointed: number | null = null;
  /** The cell a finger has pressed and held (a touch preview), and the timer that starts it. */
  private held: number | null = null;
  private holdTimer = 0;
  private pressed: number | null = null;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly geom: GridGeometry,
    private readonly dropInColumns: boolean,
    startCursor: number,
    private readonly host: GridInputHost,
  ) {
    this.cursor = startCursor;
    const c = canvas;
    c.addEventListener('pointerdown', (e) => this.pointerDown(e));
    c.addEventListener('pointerup', (e) => this.pointerUp(e));
    c.addEventListener('pointermove', (e) => this.pointerMove(e));
    c.addEventListener('pointerleave', () => this.setHover(null));
    c.addEventListener('pointercancel', () => {
      this.pressed = null;
      this.endHold();
    });
    // A long press previews; the menu a long press opens is not wanted then.
    c.addEventListener('contextmenu', (e) => {
      if (this.held !== null || this.holdTimer) e.preventDefault();
    });
    c.addEventListener('keydown', (e) => this.keyDown(e));
    c.addEventListener('focus', () => {
      // The cursor starts on a legal move: the nearest one, when its cell is not.
      if (!this.showCursor) this.cursor = this.nearestLegal(this.cursor);
      host.redraw();
      host.describe();
    });
    c.addEventListener('blur', () => {
      this.showCursor = false;
      host.notePreview();
      host.redraw();
    });
  }

  /** The legal cell nearest to `cell` (itself when it is legal; the first in reading order among equals), or `cell` when none is. */
  private nearestLegal(cell: number): number {
    if (this.host.isLegal(cell)) return cell;
    const { rows, cols } = this.geom;
    const [r0, c0] = [Math.floor(cell / cols), cell % cols];
    let best = cell;
    let bestD = Infinity;
    for (let i = 0; i < rows * cols; i++) {
      if (!this.host.isLegal(i)) continue;
      const d = (Math.floor(i / cols) - r0) ** 2 + ((i % cols) - c0) ** 2;
      if (d < bestD) [best, bestD] = [i, d];
    }
    return best;
  }

  /** The legal cell the mouse points at. */
  get hovered(): number | null {
    return this.hover;
  }

  /** The keyboard cursor's cell while it is shown on the focused board. */
  get shownCursor(): number | null {
    return this.showCursor && document.activeElement === this.canvas ? this.cursor : null;
  }

  /** The cell to preview: the one held (touch), waiting for a second tap, pointed at (mouse), or under the keyboard cursor, if it is legal. */
  previewCell(): number | null {
    for (const cell of [this.held, this.host.pendingCell(), this.hover, this.shownCursor]) if (cell !== null && this.host.isLegal(cell)) return cell;
    return null;
  }

  /** After a new position: the cell pointed at is taken again (in a column game its legal cell may have moved). */
  repoint(): void {
    this.hover = this.host.target(this.pointed);
    this.canvas.style.cursor = this.hover !== null && this.host.isLegal(this.hover) ? 'pointer' : 'default';
  }

  destroy(): void {
    clearTimeout(this.holdTimer);
  }

  /** The cell a pointer event means: under a mouse, the cell it points at; under a finger or pen, the nearest free point round it too. */
  private eventCell(e: PointerEvent): number | null {
    const r = this.canvas.getBoundingClientRect();
    const [x, y] = [e.clientX - r.left, e.clientY - r.top];
    return e.pointerType === 'mouse' ? this.host.cellAt(x, y) : this.host.cellNear(x, y);
  }

  private endHold(): void {
    clearTimeout(this.holdTimer);
    this.holdTimer = 0;
    if (this.held === null) return;
    this.held = null;
    this.host.notePreview();
  }

  private pointerDown(e: PointerEvent): void {
    if (e.button !== 0) return;
    this.showCursor = false;
    this.pressed = this.eventCell(e);
    this.endHold();
    if (e.pointerType !== 'mouse') {
      // Pressed and held, a legal move is previewed; let go, it is not played.
      const cell = this.host.target(this.pressed);
      if (cell !== null && this.host.isLegal(cell)) {
        this.holdTimer = window.setTimeout(() => {
          this.holdTimer = 0;
          if (this.pressed === null) return;
          this.held = cell;
          this.host.notePreview();
        }, HOLD_MS);
      }
    }
    this.host.notePreview();
  }

  private pointerUp(e: PointerEvent): void {
    const cell = this.eventCell(e);
    const pressed = this.pressed;
    this.pressed = null;
    if (this.held !== null) {
      this.endHold();
      return;
    }
    this.endHold();
    if (cell === null || cell !== pressed) return;
    this.cursor = cell;
    this.host.pick(cell, e.pointerType !== 'mouse');
  }

  private pointerMove(e: PointerEvent): void {
    if (e.pointerType !== 'mouse') {
      // A finger that slides to another cell before the hold starts is not holding.
      if (this.holdTimer && this.eventCell(e) !== this.pressed) this.endHold();
      return;
    }
    this.setHover(this.eventCell(e));
  }

  private setHover(pointed: number | null): void {
    this.pointed = pointed;
    const cell = this.host.target(pointed);
    if (cell === this.hover) return;
    const before = this.hover !== null && this.host.isLegal(this.hover);
    this.hover = cell;
    const after = cell !== null && this.host.isLegal(cell);
    this.canvas.style.cursor = after ? 'pointer' : 'default';
    if (before || after) this.host.redraw();
    this.host.notePreview();
  }

  private keyDown(e: KeyboardEvent): void {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const d = ARROWS[e.key];
    if (d) {
      e.preventDefault();
      // The arrows move the cursor as the board is seen, turned or not.
      this.cursor = this.geom.step(this.cursor, d[0], d[1]);
      this.showCursor = true;
      this.host.redraw();
      this.host.describe();
      this.host.notePreview();
      return;
    }
    // A column game: the digit keys 1… drop into that column.
    const drop = this.dropInColumns ? digitDrop(e.key, this.geom.rows, this.geom.cols) : null;
    if (drop !== null) {
      e.preventDefault();
      this.cursor = drop;
      this.host.pick(this.cursor, false);
      return;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.showCursor = true;
      this.host.pick(this.cursor, false);
      return;
    }
    if (e.key === 'Escape' && this.host.cancelPending()) e.preventDefault();
  }
}

// A board of rows × columns on a canvas, for every grid game (Othello,
// Connect Four, tic-tac-toe; a Go-like board with its stones on the
// intersections): the size comes from the engine's geometry, the look
// (colours, pieces, marked points, cells or intersections) from the game's
// folder. It draws pieces, legal-move markers, the last turn (a ring round
// each of its pieces; the stones of a turn in progress marked in another
// colour) and a heat map of values with its colour key, and takes input by
// mouse, touch (pointer events) and keyboard (arrow keys move a cursor,
// Enter or Space plays). On a board whose points are smaller than a
// fingertip, a tap shows the stone first, and a second tap (or the Place
// button under the board) places it. The legal move pointed at, under the keyboard
// cursor, or pressed and held on a touch screen is previewed: the engine's
// state after it is drawn over the position, the cells it would change as
// half-tone pieces in a dashed ring, without playing it. A button turns the
// board round, to see it from the other side; pieces that change side can
// turn over in a short animation.
//
// This file composes the parts: the geometry (`grid-layout.ts`), drawing
// (`grid-draw.ts`), input (`grid-input.ts`), the turn animation
// (`grid-turns.ts`), the accessible name (`grid-a11y.ts`), the preview
// (`grid-preview.ts`), the stone waiting for a second tap (`grid-pending.ts`)
// and the marks of the latest turns (`grid-marks.ts`).

import type { GameInfo, GameState } from '../core/protocol';
import { CrispCanvas, HeatLegend, flipButton, heatColour, type BoardView, type Heat } from './board';
import { gridLabel } from './grid-a11y';
import { drawGrid, drawTurningPieces } from './grid-draw';
import { GridInput, targetCell } from './grid-input';
import { GridGeometry, gridHeight, smallPoints } from './grid-layout';
import { turnStones } from './grid-marks';
import { PendingStone } from './grid-pending';
import { GridPreview } from './grid-preview';
import type { GridStyle } from './grid-style';
import { TurnAnimation } from './grid-turns';

export type { GridStyle, PieceShape } from './grid-style';

export class GridBoard implements BoardView {
  readonly element: HTMLElement;
  onMove: (move: string) => void = () => {};
  onIllegal: (cell: number) => void = () => {};
  onPreview: (move: string | null) => void = () => {};
  state: GameState | null = null;

  private readonly geom: GridGeometry;
  private readonly crisp: CrispCanvas;
  private readonly input: GridInput;
  private readonly preview: GridPreview;
  private readonly pending: PendingStone;
  private readonly turns: TurnAnimation | null;
  private interactive = false;
  /** Legal moves by cell, when a person is to move. */
  private legal = new Map<number, string>();
  private heat: Heat | null = null;
  private readonly legend = new HeatLegend();
  /** Its parts are made (the canvas draws as soon as it is made). */
  private ready = false;

  constructor(
    info: GameInfo,
    private readonly style: GridStyle,
  ) {
    if (info.geometry.kind !== 'grid') throw new Error(`${info.title} is not played on a grid`);
    const { rows, cols } = info.geometry;
    const coords = { top: style.columnLabels !== false, left: style.rowLabels !== false };
    this.geom = new GridGeometry(rows, cols, style.placement ?? 'cells', style.flip ?? 'rotate', coords);
    this.element = document.createElement('div');
    this.element.className = 'board-box';
    const wrap = document.createElement('div');
    wrap.className = 'board-wrap';
    const tools = document.createElement('div');
    tools.className = 'board-tools';
    this.element.append(wrap, tools);
    this.crisp = new CrispCanvas(
      wrap,
      (ctx, size) => this.draw(ctx, size),
      (w) => gridHeight(w, rows, cols, coords),
    );
    const c = this.crisp.canvas;
    c.className = 'board-canvas';
    c.tabIndex = 0;
    c.setAttribute('role', 'application');
    c.setAttribute('aria-roledescription', style.name);
    this.input = new GridInput(c, this.geom, !!style.dropInColumns, style.startCursor, {
      cellAt: (x, y) => this.geom.cellAt(this.geom.layout(this.crisp.size), x, y),
      cellNear: (x, y) => this.geom.cellNear(this.geom.layout(this.crisp.size), x, y, (cell) => this.legal.has(cell)),
      target: (cell) => this.target(cell),
      isLegal: (cell) => this.legal.has(cell),
      pick: (cell, byTap) => this.pick(cell, byTap),
      pendingCell: () => this.pending.cell,
      cancelPending: () => this.cancelPending(),
      notePreview: () => this.notePreview(),
      redraw: () => this.crisp.redraw(),
      describe: () => this.describe(),
    });
    this.preview = new GridPreview(
      c,
      (cell) => this.cellName(cell),
      (move) => this.onPreview(move),
      () => this.crisp.redraw(),
    );
    this.pending = new PendingStone(
      c,
      () => {
        if (this.pending.cell !== null) this.pick(this.pending.cell, false);
      },
      () => this.cancelPending(),
    );
    this.element.append(this.preview.text, this.pending.status);
    this.turns = style.animateTurns
      ? new TurnAnimation(
          this.crisp,
          (ctx, size) => this.draw(ctx, size, false),
          (ctx, size) => drawTurningPieces(ctx, size, this.geom, this.style, this.turns!.pieces(this.state)),
        )
      : null;
    this.ready = true;
    // The flip button turns the board as the visitor last left it, at once.
    tools.append(
      this.pending.element,
      flipButton(info.id, (on) => this.setFlipped(on)),
      this.legend.element,
    );
    this.describe();
  }

  /** "d3" for the cell in column d, row 3 from the top. */
  cellName(cell: number): string {
    return this.geom.name(cell);
  }

  update(state: GameState, interactive: boolean): void {
    const prev = this.state;
    this.state = state;
    this.turns?.start(prev, state);
    this.interactive = interactive && state.toMove !== null;
    this.legal.clear();
    if (this.interactive) {
      for (const m of state.legal) if (m.cell !== null) this.legal.set(m.cell, m.text);
    }
    // A preview belongs to one position: another position (a move played,
    // undone, jumped to) or a board that takes no move ends it; the move
    // pointed at in the new position, if any, is previewed afresh.
    if (!prev || prev.position !== state.position || prev.cursor !== state.cursor || !this.interactive) this.preview.reset(this.state);
    // A stone waiting for a second tap belongs to its position too.
    if (this.pending.cell !== null && (!this.legal.has(this.pending.cell) || prev?.position !== state.position || prev.cursor !== state.cursor)) {
      this.pending.clear();
    }
    this.input.repoint();
    this.notePreview();
    const c = this.crisp.canvas;
    c.dataset.legal = [...this.legal.values()].join(' ');
    c.dataset.legalSquares = [...this.legal.keys()].map((cell) => this.cellName(cell)).join(' ');
    c.dataset.toMove = state.toMove === null ? '' : String(state.toMove);
    c.dataset.cursor = String(state.cursor);
    c.dataset.lastMove = state.lastMove?.cell != null ? this.cellName(state.lastMove.cell) : '';
    // The marked stones (grid-marks.ts): of the last finished turn, and those already placed in the turn in progress.
    const turns = turnStones(state);
    c.dataset.turnMarks = turns.lastTurn.map((sq) => this.cellName(sq)).join(' ');
    c.dataset.thisTurn = turns.thisTurn.map((sq) => this.cellName(sq)).join(' ');
    // How the game ended: the cells it marks (the winning line).
    c.dataset.endCells = (state.outcome?.cells ?? []).map((sq) => this.cellName(sq)).join(' ');
    this.crisp.redraw();
    this.describe();
  }

  setHeat(heat: Heat | null): void {
    this.heat = heat && heat.values.size > 0 ? heat : null;
    const c = this.crisp.canvas;
    if (this.heat) {
      const { values, min, max } = this.heat;
      c.dataset.heat = [...values].map(([cell, v]) => `${this.cellName(cell)}:${v.toFixed(2)}`).join(' ');
      c.dataset.heatColours = [...values].map(([cell, v]) => `${this.cellName(cell)}:${heatColour(v, min, max)}`).join(' ');
      c.dataset.heatBest = [...(this.heat.best ?? [])].map((cell) => this.cellName(cell)).join(' ');
    } else {
      delete c.dataset.heat;
      delete c.dataset.heatColours;
      delete c.dataset.heatBest;
    }
    this.legend.show(this.heat);
    this.crisp.redraw();
    this.describe();
  }

  focus(): void {
    this.crisp.canvas.focus();
  }

  setPreview(move: string | null, after: GameState | null): void {
    // Only the answer for the move pointed at now.
    if (!this.interactive) return;
    this.preview.answer(move, after, this.state);
  }

  destroy(): void {
    this.input.destroy();
    this.turns?.destroy();
    this.crisp.destroy();
  }

  /** Shows the board from the other side (true) or from the first side's. */
  setFlipped(on: boolean): void {
    this.geom.flipped = on;
    this.crisp.canvas.dataset.flipped = String(on);
    this.crisp.canvas.dataset.flip = this.geom.flip;
    this.crisp.redraw();
    this.describe();
  }

  /** Tells `onPreview` when the move to preview changes. */
  private notePreview(): void {
    const cell = this.interactive ? this.input.previewCell() : null;
    this.preview.note(cell === null ? null : (this.legal.get(cell) ?? null), this.state);
  }

  /** The legal cell a pick of `cell` means: itself, or in a column game the legal cell of its column. */
  private target(cell: number | null): number | null {
    return targetCell(cell, this.legal, this.geom.cols, !!this.style.dropInColumns);
  }

  /**
   * The visitor picked `picked`. A legal move is played, unless it was
   * tapped on a board of small points: then its stone waits there for a
   * second tap (a tap on another point moves it). A waiting stone stays
   * when the pick is not a legal move.
   */
  private pick(picked: number, byTap: boolean): void {
    const cell = this.target(picked)!;
    const move = this.legal.get(cell);
    if (move !== undefined && byTap && this.pending.cell !== cell && smallPoints(this.geom.layout(this.crisp.size).cell)) {
      this.pending.show(cell, move, this.state?.toMove != null ? this.state.sides[this.state.toMove] : '');
      this.notePreview();
      this.crisp.redraw();
      return;
    }
    if (move !== undefined) {
      this.pending.clear();
      this.notePreview();
      this.onMove(move);
    } else if (this.interactive) this.onIllegal(cell);
  }

  /** Takes a stone waiting for a second tap away; false if none waited. */
  private cancelPending(): boolean {
    if (this.pending.cell === null) return false;
    this.pending.clear('Stone taken away; nothing placed.');
    this.notePreview();
    this.crisp.redraw();
    return true;
  }

  /** Keeps the accessible name in step with the cursor and the position. */
  private describe(): void {
    const c = this.crisp.canvas;
    const cursor = this.input.cursor;
    // A board whose cells are numbered on it (1 to 9, say) names them so.
    const label = this.style.cellLabels?.[cursor];
    const name = label ? `square ${label}` : this.cellName(cursor);
    c.setAttribute(
      'aria-label',
      gridLabel({
        name: this.style.name,
        placement: this.geom.placement,
        flipped: this.geom.flipped,
        state: this.state,
        cursor,
        cursorName: name,
        legal: this.legal.has(cursor),
        value: this.heat?.values.get(cursor),
        valueWords: this.heat?.labels?.get(cursor),
        best: this.heat?.best?.has(cursor),
        dropInColumns: !!this.style.dropInColumns,
        cols: this.geom.cols,
        moveWords: this.style.moveWords,
        cellName: (cell) => this.cellName(cell),
      }),
    );
    c.dataset.focusSquare = this.cellName(cursor);
  }

  /** Draws the board; `withTurning` false leaves out the pieces that are turning over (the animation's base). */
  private draw(ctx: CanvasRenderingContext2D, size: number, withTurning = true): void {
    if (!this.ready) return;
    const { left, top, cell } = this.geom.layout(size);
    const c = this.crisp.canvas;
    c.dataset.originX = String(left);
    c.dataset.originY = String(top);
    c.dataset.cell = String(cell);
    c.dataset.rows = String(this.geom.rows);
    c.dataset.cols = String(this.geom.cols);
    c.dataset.placement = this.geom.placement;
    drawGrid(ctx, size, this.geom, this.style, {
      state: this.state,
      legal: new Set(this.legal.keys()),
      interactive: this.interactive,
      hover: this.input.hovered,
      heat: this.heat,
      preview: this.preview.shown,
      turning: this.turns?.pieces(this.state) ?? new Map(),
      drawTurning: withTurning,
      cursor: this.input.shownCursor,
      pending: this.interactive ? this.pending.cell : null,
    });
    if (this.pending.cell !== null && withTurning) {
      const [x, y] = this.geom.centre(this.geom.layout(size), this.pending.cell);
      this.pending.magnify(c, x, y, cell, c.width / size);
    }
  }
}

// A board of rows × columns on a canvas, for every grid game (Othello,
// Connect Four, Connect6): the size comes from the engine's geometry, the
// look (colours, pieces, marked points) from the game's folder. It draws
// pieces, legal-move markers, the last move (a ring round its cell) and a
// heat map of values with its colour key, and takes input by mouse, touch
// (pointer events) and keyboard (arrow keys move a cursor over the cells,
// Enter or Space plays). The legal move pointed at, under the keyboard
// cursor, or pressed and held on a touch screen is previewed: the engine's
// state after it is drawn over the position, the cells it would change as
// half-tone pieces in a dashed ring, without playing it. A button turns the board round, to see it from
// the other side; pieces that change side can turn over in a short animation.
//
// Cells are numbered as in the engine: row-major from the top left. A cell
// is named by a column letter and a row number from the top ("a1", "f5").

import type { GameInfo, GameState } from '../core/protocol';
import { CrispCanvas, HOLD_MS, HeatLegend, describePosition, describePreview, flipButton, heatColour, inkOn, type BoardView, type Heat } from './board';

/** How a grid game looks. */
/** How a piece is drawn: a disc (a stone), or a pen's cross or ring. */
export type PieceShape = 'disc' | 'cross' | 'ring';

export interface GridStyle {
  /** The board's name for screen readers ("Othello board"). */
  name: string;
  frame: string;
  board: string;
  line: string;
  label: string;
  lastMove: string;
  cursor: string;
  /** Points drawn where grid lines cross, as [row, column] of the crossing. */
  stars: Array<[number, number]>;
  /** The pieces of the two sides: a gradient from `light` (top left) to `dark`. */
  pieces: [{ light: string; dark: string }, { light: string; dark: string }];
  /** The pieces' shapes (default: discs): a cross and a ring are drawn in
   *  the piece's `dark` colour, as marks on paper. */
  shapes?: [PieceShape, PieceShape];
  /** A legal-move marker for each side to move. */
  markers: [string, string];
  /** The cell the keyboard cursor starts on. */
  startCursor: number;
  /** A move is a column (Connect Four): a click or Enter anywhere in a
   *  column plays the legal move that lands in it. */
  dropInColumns?: boolean;
  /** Labels above the columns (default a, b, c…) and whether rows are numbered (default yes). */
  columnLabels?: string[];
  rowLabels?: boolean;
  /** How the board looks from the other side: turned half round (default),
   *  or seen from behind, columns mirrored (a standing rack). */
  flip?: 'rotate' | 'mirror';
  /** Pieces that change side turn over in a short animation (Othello's discs). */
  animateTurns?: boolean;
  /** The ring round the cells a previewed move would change (default: the cursor's colour). */
  preview?: string;
}

/** Numbers the boards' preview descriptions, so that their ids differ. */
let previewIds = 0;

/** How long a piece takes to turn over, in ms. */
const TURN_MS = 250;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

export class GridBoard implements BoardView {
  readonly element: HTMLElement;
  onMove: (move: string) => void = () => {};
  onIllegal: (cell: number) => void = () => {};
  onPreview: (move: string | null) => void = () => {};
  state: GameState | null = null;

  private readonly rows: number;
  private readonly cols: number;
  private crisp: CrispCanvas;
  private interactive = false;
  /** Legal moves by cell, when a person is to move. */
  private legal = new Map<number, string>();
  private cursor: number;
  /** The legal cell the mouse points at (in a column game, its column's), and the cell itself. */
  private hover: number | null = null;
  private pointed: number | null = null;
  /** The cell a finger has pressed and held (a touch preview), and the timer that starts it. */
  private held: number | null = null;
  private holdTimer = 0;
  /** The move last reported to `onPreview`, and the engine's state after it once given. */
  private previewMove: string | null = null;
  private preview: GameState | null = null;
  private readonly previewText = document.createElement('p');
  private showCursor = false;
  private pressed: number | null = null;
  private heat: Heat | null = null;
  private readonly legend = new HeatLegend();
  /** Seen from the other side. */
  private flipped = false;
  /** Pieces turning over: the cells, their side before, and when it started. */
  private turning: { cells: Map<number, 0 | 1>; start: number } | null = null;
  private turnFrame = 0;
  /** The board drawn without the turning pieces, copied under them at each frame of the turn. */
  private turnBase: HTMLCanvasElement | null = null;
  private readonly reduceMotion = matchMedia('(prefers-reduced-motion: reduce)');

  constructor(
    info: GameInfo,
    private readonly style: GridStyle,
  ) {
    if (info.geometry.kind !== 'grid') throw new Error(`${info.title} is not played on a grid`);
    this.rows = info.geometry.rows;
    this.cols = info.geometry.cols;
    this.cursor = style.startCursor;
    this.element = document.createElement('div');
    this.element.className = 'board-box';
    const wrap = document.createElement('div');
    wrap.className = 'board-wrap';
    const tools = document.createElement('div');
    tools.className = 'board-tools';
    this.element.append(wrap, tools);
    // As tall as the cells and their frame (a rack of 6 × 7 is wider than high).
    this.crisp = new CrispCanvas(
      wrap,
      (ctx, size) => this.draw(ctx, size),
      (w) => {
        const { margin, cell } = this.geometry(w);
        return margin + this.rows * cell + Math.round(w * 0.022);
      },
    );
    const c = this.crisp.canvas;
    tools.append(
      flipButton(info.id, (on) => this.setFlipped(on)),
      this.legend.element,
    );
    c.className = 'board-canvas';
    c.tabIndex = 0;
    c.setAttribute('role', 'application');
    c.setAttribute('aria-roledescription', style.name);
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
    c.addEventListener('focus', () => this.crisp.redraw());
    c.addEventListener('blur', () => {
      this.showCursor = false;
      this.notePreview();
      this.crisp.redraw();
    });
    // The preview in words, read as the board's description.
    this.previewText.className = 'visually-hidden';
    this.previewText.id = `board-preview-${++previewIds}`;
    this.previewText.dataset.testid = 'board-preview-words';
    this.element.append(this.previewText);
    c.setAttribute('aria-describedby', this.previewText.id);
    this.describe();
  }

  /** "d3" for the cell in column d, row 3 from the top. */
  cellName(cell: number): string {
    return `${LETTERS[cell % this.cols]}${Math.floor(cell / this.cols) + 1}`;
  }

  update(state: GameState, interactive: boolean): void {
    const prev = this.state;
    this.state = state;
    this.startTurning(prev, state);
    this.interactive = interactive && state.toMove !== null;
    this.legal.clear();
    if (this.interactive) {
      for (const m of state.legal) if (m.cell !== null) this.legal.set(m.cell, m.text);
    }
    // A preview belongs to one position: another position (a move played,
    // undone, jumped to) or a board that takes no move ends it; the move
    // pointed at in the new position, if any, is previewed afresh.
    if (!prev || prev.position !== state.position || prev.cursor !== state.cursor || !this.interactive) {
      this.showPreview(null);
      this.previewMove = null;
    }
    this.hover = this.target(this.pointed);
    this.crisp.canvas.style.cursor = this.hover !== null && this.legal.has(this.hover) ? 'pointer' : 'default';
    this.notePreview();
    const c = this.crisp.canvas;
    c.dataset.legal = [...this.legal.values()].join(' ');
    c.dataset.toMove = state.toMove === null ? '' : String(state.toMove);
    c.dataset.cursor = String(state.cursor);
    c.dataset.lastMove = state.lastMove?.cell != null ? this.cellName(state.lastMove.cell) : '';
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
    } else {
      delete c.dataset.heat;
      delete c.dataset.heatColours;
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
    if (move !== this.previewMove || !this.interactive) return;
    this.showPreview(move === null ? null : after);
  }

  private showPreview(after: GameState | null): void {
    const c = this.crisp.canvas;
    const was = this.preview;
    this.preview = after;
    const s = this.state;
    if (after && s && this.previewMove) {
      c.dataset.preview = this.previewMove;
      c.dataset.previewChanged = after.changed.map((sq) => this.cellName(sq)).join(' ');
      this.previewText.textContent = describePreview(this.previewMove, s, after, (sq) => this.cellName(sq));
    } else {
      delete c.dataset.preview;
      delete c.dataset.previewChanged;
      this.previewText.textContent = '';
    }
    if (was !== after) this.crisp.redraw();
  }

  /** The legal cell to preview: the one held (touch), pointed at (mouse), or under the keyboard cursor. */
  private previewCell(): number | null {
    if (!this.interactive) return null;
    const keyed = this.showCursor && document.activeElement === this.crisp.canvas ? this.cursor : null;
    for (const cell of [this.held, this.hover, keyed]) if (cell !== null && this.legal.has(cell)) return cell;
    return null;
  }

  /** Tells `onPreview` when the move to preview changes; a preview of another move is cleared at once. */
  private notePreview(): void {
    const cell = this.previewCell();
    const move = cell === null ? null : (this.legal.get(cell) ?? null);
    if (move === this.previewMove) return;
    this.previewMove = move;
    this.showPreview(null);
    this.onPreview(move);
  }

  private endHold(): void {
    clearTimeout(this.holdTimer);
    this.holdTimer = 0;
    if (this.held === null) return;
    this.held = null;
    this.notePreview();
  }

  destroy(): void {
    clearTimeout(this.holdTimer);
    cancelAnimationFrame(this.turnFrame);
    this.crisp.destroy();
  }

  /** Shows the board from the other side (true) or from the first side's. */
  setFlipped(on: boolean): void {
    this.flipped = on;
    this.crisp.canvas.dataset.flipped = String(on);
    this.crisp.canvas.dataset.flip = this.style.flip ?? 'rotate';
    this.crisp.redraw();
    this.describe();
  }

  /** Starts the turn-over animation of the pieces a move made change side. */
  private startTurning(prev: GameState | null, s: GameState): void {
    cancelAnimationFrame(this.turnFrame);
    this.turning = null;
    if (!this.style.animateTurns || !prev || s.cursor !== prev.cursor + 1 || this.reduceMotion.matches) return;
    const cells = new Map<number, 0 | 1>();
    s.cells.forEach((v, i) => {
      const was = prev.cells[i];
      if ((v === 1 || v === 2) && (was === 1 || was === 2) && v !== was) cells.set(i, was === 1 ? 0 : 1);
    });
    if (cells.size === 0) return;
    this.turning = { cells, start: performance.now() };
    this.turnBase = null;
    this.crisp.canvas.dataset.turning = String(cells.size);
    const step = () => {
      if (!this.turning) return;
      if (performance.now() - this.turning.start >= TURN_MS) {
        this.turning = null;
        this.turnBase = null;
        this.crisp.canvas.dataset.turning = '0';
        this.crisp.redraw();
      } else {
        this.drawTurn();
        this.turnFrame = requestAnimationFrame(step);
      }
    };
    this.turnFrame = requestAnimationFrame(step);
  }

  /**
   * One frame of the turn: the rest of the board, drawn once, is copied and
   * only the turning pieces are drawn on it, so that a frame costs little.
   */
  private drawTurn(): void {
    const c = this.crisp.canvas;
    const size = this.crisp.size;
    const ctx = c.getContext('2d');
    if (!ctx || size <= 0) return;
    const k = c.width / size;
    if (!this.turnBase || this.turnBase.width !== c.width || this.turnBase.height !== c.height) {
      const base = document.createElement('canvas');
      base.width = c.width;
      base.height = c.height;
      const b = base.getContext('2d');
      if (!b) return;
      b.setTransform(k, 0, 0, k, 0, 0);
      this.draw(b, size, true);
      this.turnBase = base;
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, c.width, c.height);
    ctx.drawImage(this.turnBase, 0, 0);
    ctx.setTransform(k, 0, 0, k, 0, 0);
    this.drawTurningPieces(ctx, size);
  }

  /** The pieces turning over, as far as they have turned. */
  private drawTurningPieces(ctx: CanvasRenderingContext2D, size: number): void {
    const t = this.turning;
    const s = this.state;
    if (!t || !s) return;
    const { margin, cell } = this.geometry(size);
    const turned = Math.min(1, (performance.now() - t.start) / TURN_MS);
    for (const [sq, was] of t.cells) {
      const [row, col] = this.shown(sq);
      const now = s.cells[sq] === 1 ? 0 : 1;
      // The old side narrows to an edge, then the new side widens.
      this.drawPiece(ctx, margin + (col + 0.5) * cell, margin + (row + 0.5) * cell, cell * 0.42, turned < 0.5 ? was : now, 1, Math.max(0.04, Math.abs(1 - 2 * turned)));
    }
  }

  /** Where a cell is drawn: its row and column on the screen. */
  private shown(sq: number): [number, number] {
    const row = Math.floor(sq / this.cols);
    const col = sq % this.cols;
    if (!this.flipped) return [row, col];
    return this.style.flip === 'mirror' ? [row, this.cols - 1 - col] : [this.rows - 1 - row, this.cols - 1 - col];
  }

  /** The cell drawn at a row and column of the screen. */
  private cellShownAt(row: number, col: number): number {
    if (this.flipped) {
      col = this.cols - 1 - col;
      if (this.style.flip !== 'mirror') row = this.rows - 1 - row;
    }
    return row * this.cols + col;
  }

  // ---- geometry ----------------------------------------------------------

  private geometry(size: number) {
    // Room for the coordinates above and left; a thin frame below and right.
    const margin = Math.round(size * 0.055);
    const cell = (size - margin - Math.round(size * 0.022)) / Math.max(this.rows, this.cols);
    return { margin, cell };
  }

  /** The cell under a point in CSS pixels relative to the canvas. */
  private cellAt(x: number, y: number): number | null {
    const { margin, cell } = this.geometry(this.crisp.size);
    const col = Math.floor((x - margin) / cell);
    const row = Math.floor((y - margin) / cell);
    if (col < 0 || col >= this.cols || row < 0 || row >= this.rows) return null;
    return this.cellShownAt(row, col);
  }

  private eventCell(e: PointerEvent): number | null {
    const r = this.crisp.canvas.getBoundingClientRect();
    return this.cellAt(e.clientX - r.left, e.clientY - r.top);
  }

  // ---- input -------------------------------------------------------------

  private pointerDown(e: PointerEvent): void {
    if (e.button !== 0) return;
    this.showCursor = false;
    this.pressed = this.eventCell(e);
    this.endHold();
    if (e.pointerType !== 'mouse') {
      // Pressed and held, a legal move is previewed; let go, it is not played.
      const cell = this.target(this.pressed);
      if (cell !== null && this.legal.has(cell)) {
        this.holdTimer = window.setTimeout(() => {
          this.holdTimer = 0;
          if (this.pressed === null) return;
          this.held = cell;
          this.notePreview();
        }, HOLD_MS);
      }
    }
    this.notePreview();
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
    this.pick(cell);
  }

  private pointerMove(e: PointerEvent): void {
    if (e.pointerType !== 'mouse') {
      // A finger that slides to another cell before the hold starts is not holding.
      if (this.holdTimer && this.eventCell(e) !== this.pressed) this.endHold();
      return;
    }
    this.setHover(this.eventCell(e));
  }

  /** The legal cell a pick of `cell` means: itself, or in a column game the
   *  legal cell of its column. */
  private target(cell: number | null): number | null {
    if (cell === null || !this.style.dropInColumns || this.legal.has(cell)) return cell;
    for (const c of this.legal.keys()) if (c % this.cols === cell % this.cols) return c;
    return cell;
  }

  private setHover(pointed: number | null): void {
    this.pointed = pointed;
    const cell = this.target(pointed);
    if (cell === this.hover) return;
    const before = this.hover !== null && this.legal.has(this.hover);
    this.hover = cell;
    const after = cell !== null && this.legal.has(cell);
    this.crisp.canvas.style.cursor = after ? 'pointer' : 'default';
    if (before || after) this.crisp.redraw();
    this.notePreview();
  }

  private keyDown(e: KeyboardEvent): void {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const d = moves[e.key];
    if (d) {
      e.preventDefault();
      // The arrows move the cursor as the board is seen, turned or not.
      const [r, q] = this.shown(this.cursor);
      const row = Math.min(this.rows - 1, Math.max(0, r + d[0]));
      const col = Math.min(this.cols - 1, Math.max(0, q + d[1]));
      this.cursor = this.cellShownAt(row, col);
      this.showCursor = true;
      this.crisp.redraw();
      this.describe();
      this.notePreview();
      return;
    }
    // A column game: the digit keys 1… drop into that column.
    const digit = Number(e.key);
    if (this.style.dropInColumns && Number.isInteger(digit) && digit >= 1 && digit <= this.cols) {
      e.preventDefault();
      this.cursor = (this.rows - 1) * this.cols + digit - 1;
      this.pick(this.cursor);
      return;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.showCursor = true;
      this.pick(this.cursor);
    }
  }

  private pick(picked: number): void {
    const cell = this.target(picked)!;
    const move = this.legal.get(cell);
    if (move !== undefined) this.onMove(move);
    else if (this.interactive) this.onIllegal(cell);
  }

  /** Keeps the accessible name in step with the cursor and the position. */
  private describe(): void {
    const c = this.crisp.canvas;
    const name = this.cellName(this.cursor);
    let what = 'empty';
    const v = this.state?.cells[this.cursor] ?? 0;
    if (v !== 0 && this.state) what = this.state.sides[v - 1];
    const value = this.heat?.values.get(this.cursor);
    const legal = (this.legal.has(this.cursor) ? ', legal move' : '') + (value !== undefined ? `, value ${value.toFixed(3)}` : '');
    const keys = this.style.dropInColumns ? `Keys 1 to ${this.cols} drop a disc; arrow keys move the cursor, Enter plays` : 'Arrow keys move the cursor, Enter plays';
    const position = this.state ? ` ${describePosition(this.state)}` : '';
    c.setAttribute('aria-label', `${this.style.name}${this.flipped ? ', seen from the other side' : ''}.${position} Cursor on ${name}: ${what}${legal}. ${keys}.`);
    c.dataset.focusSquare = name;
  }

  // ---- drawing -----------------------------------------------------------

  /** Draws the board; `withoutTurning`: leaves out the pieces that are turning over. */
  private draw(ctx: CanvasRenderingContext2D, size: number, withoutTurning = false): void {
    const { margin, cell } = this.geometry(size);
    const st = this.style;
    const c = this.crisp.canvas;
    c.dataset.originX = String(margin);
    c.dataset.originY = String(margin);
    c.dataset.cell = String(cell);
    c.dataset.rows = String(this.rows);
    c.dataset.cols = String(this.cols);
    const width = cell * this.cols;
    const height = cell * this.rows;

    // The frame hugs the cells (the canvas is as tall as they are).
    ctx.fillStyle = st.frame;
    const pad = Math.round(size * 0.022);
    roundRect(ctx, 0, 0, Math.min(size, margin + width + pad), margin + height + pad, margin * 0.5);
    ctx.fill();
    ctx.fillStyle = st.board;
    ctx.fillRect(margin, margin, width, height);

    // Coordinates: letters above the columns, numbers left of the rows.
    ctx.fillStyle = st.label;
    ctx.font = `600 ${Math.max(9, Math.min(margin * 0.5, cell * 0.45))}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    // Seen from the other side the coordinates turn with the cells.
    for (let col = 0; col < this.cols; col++) {
      const x = this.shown(col)[1];
      ctx.fillText(st.columnLabels?.[col] ?? LETTERS[col], margin + (x + 0.5) * cell, margin / 2);
    }
    if (st.rowLabels !== false) {
      for (let row = 0; row < this.rows; row++) {
        const y = this.shown(row * this.cols)[0];
        ctx.fillText(String(row + 1), margin / 2, margin + (y + 0.5) * cell);
      }
    }

    ctx.strokeStyle = st.line;
    ctx.lineWidth = Math.max(1, size / 500);
    ctx.beginPath();
    for (let i = 0; i <= this.cols; i++) {
      ctx.moveTo(margin + i * cell, margin);
      ctx.lineTo(margin + i * cell, margin + height);
    }
    for (let i = 0; i <= this.rows; i++) {
      ctx.moveTo(margin, margin + i * cell);
      ctx.lineTo(margin + width, margin + i * cell);
    }
    ctx.stroke();
    ctx.fillStyle = st.line;
    for (const [r, q] of st.stars) {
      ctx.beginPath();
      ctx.arc(margin + q * cell, margin + r * cell, Math.max(2, cell * 0.06), 0, Math.PI * 2);
      ctx.fill();
    }

    const s = this.state;
    if (!s) return;
    const center = (sq: number): [number, number] => {
      const [row, col] = this.shown(sq);
      return [margin + (col + 0.5) * cell, margin + (row + 0.5) * cell];
    };
    const turning = this.turning;
    const preview = this.preview;
    const previewed = new Set(preview?.changed ?? []);

    for (let sq = 0; sq < this.rows * this.cols; sq++) {
      const v = s.cells[sq];
      if (st.dropInColumns && v === 0) {
        // An empty hole of the rack.
        const [x, y] = center(sq);
        ctx.fillStyle = st.frame;
        ctx.beginPath();
        ctx.arc(x, y, cell * 0.4, 0, Math.PI * 2);
        ctx.fill();
      }
      if (v !== 1 && v !== 2) continue;
      // A piece turning over is drawn by drawTurningPieces.
      if (turning?.cells.has(sq)) continue;
      // A piece the preview changes is drawn as it would be.
      if (previewed.has(sq)) continue;
      const [x, y] = center(sq);
      this.drawPiece(ctx, x, y, cell * 0.42, v === 1 ? 0 : 1, 1);
    }
    if (!withoutTurning) this.drawTurningPieces(ctx, size);

    if (s.lastMove && s.lastMove.cell !== null) {
      // The last move: a ring round its cell and a dot on its piece.
      const [x, y] = center(s.lastMove.cell);
      const w = Math.max(2, cell * 0.06);
      ctx.strokeStyle = st.lastMove;
      ctx.lineWidth = w;
      ctx.beginPath();
      ctx.arc(x, y, cell * 0.47, 0, Math.PI * 2);
      ctx.stroke();
      ctx.fillStyle = st.lastMove;
      ctx.beginPath();
      ctx.arc(x, y, cell * 0.09, 0, Math.PI * 2);
      ctx.fill();
    }

    if (this.heat) {
      // Values on the heat's scale (the key under the board): red at its
      // bottom, green at its top; the number itself on the cell, in black or
      // white, whichever reads better on the colour.
      const { values, min, max } = this.heat;
      ctx.save();
      ctx.font = `600 ${Math.max(9, cell * 0.26)}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      for (const [sq, v] of values) {
        const [row, col] = this.shown(sq);
        const colour = heatColour(v, min, max);
        ctx.fillStyle = colour;
        ctx.fillRect(margin + col * cell + 1, margin + row * cell + 1, cell - 2, cell - 2);
        ctx.fillStyle = inkOn(colour);
        const [x, y] = center(sq);
        ctx.fillText(v.toFixed(2), x, y);
      }
      ctx.restore();
    }

    if (preview) {
      // The preview: each cell the move would change, as it would be — a
      // half-tone piece of its new side (or nothing) in a dashed ring.
      ctx.save();
      for (const sq of previewed) {
        const [x, y] = center(sq);
        const v = preview.cells[sq];
        if (v === 1 || v === 2) this.drawPiece(ctx, x, y, cell * 0.42, v === 1 ? 0 : 1, 0.7);
        ctx.strokeStyle = st.preview ?? st.cursor;
        ctx.lineWidth = Math.max(1.5, cell * 0.045);
        ctx.setLineDash([cell * 0.09, cell * 0.07]);
        ctx.beginPath();
        ctx.arc(x, y, cell * 0.45, 0, Math.PI * 2);
        ctx.stroke();
      }
      ctx.restore();
    }

    if (this.interactive && s.toMove !== null) {
      for (const sq of this.legal.keys()) {
        const [x, y] = center(sq);
        if (previewed.has(sq)) continue;
        if (sq === this.hover) {
          this.drawPiece(ctx, x, y, cell * 0.42, s.toMove, 0.45);
        } else if (!this.heat?.values.has(sq)) {
          ctx.fillStyle = st.markers[s.toMove];
          ctx.beginPath();
          ctx.arc(x, y, cell * 0.11, 0, Math.PI * 2);
          ctx.fill();
        }
      }
    }

    if (this.showCursor && document.activeElement === c) {
      const [row, col] = this.shown(this.cursor);
      const w = Math.max(2, cell * 0.07);
      ctx.strokeStyle = st.cursor;
      ctx.lineWidth = w;
      ctx.strokeRect(margin + col * cell + w / 2, margin + row * cell + w / 2, cell - w, cell - w);
    }
  }

  /** A piece; `width` below 1 draws it narrowed, as it turns over. */
  private drawPiece(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, side: 0 | 1, alpha: number, width = 1): void {
    const p = this.style.pieces[side];
    ctx.save();
    ctx.globalAlpha = alpha;
    if (width < 1) {
      ctx.translate(x, 0);
      ctx.scale(width, 1);
      ctx.translate(-x, 0);
    }
    const shape = this.style.shapes?.[side] ?? 'disc';
    if (shape !== 'disc') {
      ctx.strokeStyle = p.dark;
      ctx.lineWidth = r * 0.22;
      ctx.lineCap = 'round';
      ctx.beginPath();
      if (shape === 'cross') {
        const d = r * 0.72;
        ctx.moveTo(x - d, y - d);
        ctx.lineTo(x + d, y + d);
        ctx.moveTo(x + d, y - d);
        ctx.lineTo(x - d, y + d);
      } else {
        ctx.arc(x, y, r * 0.78, 0, Math.PI * 2);
      }
      ctx.stroke();
      ctx.restore();
      return;
    }
    ctx.fillStyle = 'rgba(0, 0, 0, 0.35)';
    ctx.beginPath();
    ctx.arc(x + r * 0.06, y + r * 0.1, r, 0, Math.PI * 2);
    ctx.fill();
    const g = ctx.createRadialGradient(x - r * 0.35, y - r * 0.4, r * 0.1, x, y, r);
    g.addColorStop(0, p.light);
    g.addColorStop(1, p.dark);
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
    ctx.restore();
  }
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

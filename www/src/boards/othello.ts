// The Othello board on a canvas: discs, legal-move markers, the last move,
// and input by mouse, touch (pointer events) and keyboard (arrow keys move a
// cursor over the squares, Enter or Space plays).
//
// Squares are numbered as in the engine: a1 = 0 (top left), h1 = 7,
// a2 = 8, ..., h8 = 63; columns are letters, rows are digits.

import type { GameState } from '../protocol';
import { CrispCanvas, type BoardView } from './board';

const N = 8;
const FILES = 'abcdefgh';

const COLORS = {
  frame: '#173626',
  label: '#bcd9c6',
  board: '#2e7a4b',
  line: 'rgba(0, 0, 0, 0.55)',
  lastMove: '#e5483b',
  cursor: '#ffd54a',
};

export class OthelloBoard implements BoardView {
  readonly element: HTMLElement;
  onMove: (move: string) => void = () => {};
  onIllegal: (cell: number) => void = () => {};

  private crisp: CrispCanvas;
  private state: GameState | null = null;
  private interactive = false;
  /** Legal moves by cell, when a person is to move. */
  private legal = new Map<number, string>();
  private cursor = 19; // d3
  private hover: number | null = null;
  private showCursor = false;
  private pressed: number | null = null;
  private heat: Map<number, number> | null = null;

  constructor() {
    this.element = document.createElement('div');
    this.element.className = 'board-wrap';
    this.crisp = new CrispCanvas(this.element, (ctx, size) => this.draw(ctx, size));
    const c = this.crisp.canvas;
    c.className = 'board-canvas';
    c.tabIndex = 0;
    c.setAttribute('role', 'application');
    c.setAttribute('aria-roledescription', 'Othello board');
    c.addEventListener('pointerdown', (e) => this.pointerDown(e));
    c.addEventListener('pointerup', (e) => this.pointerUp(e));
    c.addEventListener('pointermove', (e) => this.pointerMove(e));
    c.addEventListener('pointerleave', () => this.setHover(null));
    c.addEventListener('pointercancel', () => (this.pressed = null));
    c.addEventListener('keydown', (e) => this.keyDown(e));
    c.addEventListener('focus', () => this.crisp.redraw());
    c.addEventListener('blur', () => {
      this.showCursor = false;
      this.crisp.redraw();
    });
    this.describe();
  }

  update(state: GameState, interactive: boolean): void {
    this.state = state;
    this.interactive = interactive && state.toMove !== null;
    this.legal.clear();
    if (this.interactive) {
      for (const m of state.legal) if (m.cell !== null) this.legal.set(m.cell, m.text);
    }
    const c = this.crisp.canvas;
    c.dataset.legal = [...this.legal.values()].join(' ');
    c.dataset.toMove = state.toMove === null ? '' : String(state.toMove);
    c.dataset.cursor = String(state.cursor);
    this.crisp.redraw();
    this.describe();
  }

  setHeat(values: Map<number, number> | null): void {
    this.heat = values && values.size > 0 ? values : null;
    const c = this.crisp.canvas;
    if (this.heat) {
      c.dataset.heat = [...this.heat].map(([sq, v]) => `${squareName(sq)}:${v.toFixed(2)}`).join(' ');
    } else {
      delete c.dataset.heat;
    }
    this.crisp.redraw();
    this.describe();
  }

  focus(): void {
    this.crisp.canvas.focus();
  }

  destroy(): void {
    this.crisp.destroy();
  }

  // ---- geometry ----------------------------------------------------------

  private geometry(size: number) {
    // Room for the coordinates above and left; a thin frame below and right.
    const margin = Math.round(size * 0.055);
    const cell = (size - margin - Math.round(size * 0.022)) / N;
    return { margin, cell };
  }

  /** The square under a point in CSS pixels relative to the canvas. */
  private cellAt(x: number, y: number): number | null {
    const { margin, cell } = this.geometry(this.crisp.size);
    const col = Math.floor((x - margin) / cell);
    const row = Math.floor((y - margin) / cell);
    if (col < 0 || col >= N || row < 0 || row >= N) return null;
    return row * N + col;
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
  }

  private pointerUp(e: PointerEvent): void {
    const cell = this.eventCell(e);
    const pressed = this.pressed;
    this.pressed = null;
    if (cell === null || cell !== pressed) return;
    this.cursor = cell;
    this.pick(cell);
  }

  private pointerMove(e: PointerEvent): void {
    if (e.pointerType !== 'mouse') return;
    this.setHover(this.eventCell(e));
  }

  private setHover(cell: number | null): void {
    if (cell === this.hover) return;
    const before = this.hover !== null && this.legal.has(this.hover);
    this.hover = cell;
    const after = cell !== null && this.legal.has(cell);
    this.crisp.canvas.style.cursor = after ? 'pointer' : 'default';
    if (before || after) this.crisp.redraw();
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
      const row = Math.min(N - 1, Math.max(0, Math.floor(this.cursor / N) + d[0]));
      const col = Math.min(N - 1, Math.max(0, (this.cursor % N) + d[1]));
      this.cursor = row * N + col;
      this.showCursor = true;
      this.crisp.redraw();
      this.describe();
      return;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.showCursor = true;
      this.pick(this.cursor);
    }
  }

  private pick(cell: number): void {
    const move = this.legal.get(cell);
    if (move !== undefined) this.onMove(move);
    else if (this.interactive) this.onIllegal(cell);
  }

  /** Keeps the accessible name in step with the cursor and the position. */
  private describe(): void {
    const c = this.crisp.canvas;
    const name = squareName(this.cursor);
    let what = 'empty';
    const v = this.state?.cells[this.cursor] ?? 0;
    if (v !== 0 && this.state) what = this.state.sides[v - 1];
    const q = this.heat?.get(this.cursor);
    const legal = (this.legal.has(this.cursor) ? ', legal move' : '') + (q !== undefined ? `, network's Q ${q.toFixed(3)}` : '');
    c.setAttribute(
      'aria-label',
      `Othello board. Arrow keys move the cursor, Enter plays. Cursor on ${name}: ${what}${legal}.`,
    );
    c.dataset.focusSquare = name;
  }

  // ---- drawing -----------------------------------------------------------

  private draw(ctx: CanvasRenderingContext2D, size: number): void {
    const { margin, cell } = this.geometry(size);
    const c = this.crisp.canvas;
    c.dataset.originX = String(margin);
    c.dataset.originY = String(margin);
    c.dataset.cell = String(cell);
    const board = cell * N;

    ctx.fillStyle = COLORS.frame;
    roundRect(ctx, 0, 0, size, size, margin * 0.5);
    ctx.fill();
    ctx.fillStyle = COLORS.board;
    ctx.fillRect(margin, margin, board, board);

    // Coordinates: letters above the columns, digits left of the rows.
    ctx.fillStyle = COLORS.label;
    ctx.font = `600 ${Math.max(9, margin * 0.5)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (let i = 0; i < N; i++) {
      ctx.fillText(FILES[i], margin + (i + 0.5) * cell, margin / 2);
      ctx.fillText(String(i + 1), margin / 2, margin + (i + 0.5) * cell);
    }

    ctx.strokeStyle = COLORS.line;
    ctx.lineWidth = Math.max(1, size / 500);
    ctx.beginPath();
    for (let i = 0; i <= N; i++) {
      ctx.moveTo(margin + i * cell, margin);
      ctx.lineTo(margin + i * cell, margin + board);
      ctx.moveTo(margin, margin + i * cell);
      ctx.lineTo(margin + board, margin + i * cell);
    }
    ctx.stroke();
    ctx.fillStyle = COLORS.line;
    for (const [r, q] of [
      [2, 2],
      [2, 6],
      [6, 2],
      [6, 6],
    ]) {
      ctx.beginPath();
      ctx.arc(margin + q * cell, margin + r * cell, Math.max(2, cell * 0.06), 0, Math.PI * 2);
      ctx.fill();
    }

    const s = this.state;
    if (!s) return;
    const center = (sq: number): [number, number] => [
      margin + ((sq % N) + 0.5) * cell,
      margin + (Math.floor(sq / N) + 0.5) * cell,
    ];

    for (let sq = 0; sq < N * N; sq++) {
      const v = s.cells[sq];
      if (v === 0) continue;
      const [x, y] = center(sq);
      drawDisc(ctx, x, y, cell * 0.42, v === 1, 1);
    }

    if (s.lastMove && s.lastMove.cell !== null) {
      const [x, y] = center(s.lastMove.cell);
      ctx.fillStyle = COLORS.lastMove;
      ctx.beginPath();
      ctx.arc(x, y, cell * 0.09, 0, Math.PI * 2);
      ctx.fill();
    }

    if (this.heat) {
      // Q(s, a) of the legal moves: the best green, the worst red, in between
      // by rank of value; the number itself on the square.
      const vals = [...this.heat.values()];
      const lo = Math.min(...vals);
      const hi = Math.max(...vals);
      ctx.save();
      ctx.font = `600 ${Math.max(9, cell * 0.26)}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      for (const [sq, v] of this.heat) {
        const t = hi > lo ? (v - lo) / (hi - lo) : 1;
        const col = sq % N;
        const row = Math.floor(sq / N);
        ctx.fillStyle = `hsla(${Math.round(t * 120)}, 85%, 45%, 0.75)`;
        ctx.fillRect(margin + col * cell + 1, margin + row * cell + 1, cell - 2, cell - 2);
        ctx.fillStyle = '#fff';
        const [x, y] = center(sq);
        ctx.fillText(v.toFixed(hi - lo < 0.05 ? 3 : 2), x, y);
      }
      ctx.restore();
    }

    if (this.interactive && s.toMove !== null) {
      const black = s.toMove === 0;
      for (const sq of this.legal.keys()) {
        const [x, y] = center(sq);
        if (sq === this.hover) {
          drawDisc(ctx, x, y, cell * 0.42, black, 0.45);
        } else if (!this.heat?.has(sq)) {
          ctx.fillStyle = black ? 'rgba(0, 0, 0, 0.38)' : 'rgba(255, 255, 255, 0.55)';
          ctx.beginPath();
          ctx.arc(x, y, cell * 0.11, 0, Math.PI * 2);
          ctx.fill();
        }
      }
    }

    if (this.showCursor && document.activeElement === c) {
      const col = this.cursor % N;
      const row = Math.floor(this.cursor / N);
      const w = Math.max(2, cell * 0.07);
      ctx.strokeStyle = COLORS.cursor;
      ctx.lineWidth = w;
      ctx.strokeRect(margin + col * cell + w / 2, margin + row * cell + w / 2, cell - w, cell - w);
    }
  }
}

/** "d3" for square 19. */
export function squareName(sq: number): string {
  return `${FILES[sq % N]}${Math.floor(sq / N) + 1}`;
}

function drawDisc(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  r: number,
  black: boolean,
  alpha: number,
): void {
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.fillStyle = 'rgba(0, 0, 0, 0.35)';
  ctx.beginPath();
  ctx.arc(x + r * 0.06, y + r * 0.1, r, 0, Math.PI * 2);
  ctx.fill();
  const g = ctx.createRadialGradient(x - r * 0.35, y - r * 0.4, r * 0.1, x, y, r);
  if (black) {
    g.addColorStop(0, '#5a5a5a');
    g.addColorStop(1, '#111');
  } else {
    g.addColorStop(0, '#ffffff');
    g.addColorStop(1, '#cfcfcf');
  }
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
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

// Pieces that change side turning over, in a short animation (Othello's
// discs): the old side narrows to an edge, then the new side widens. The
// rest of the board is drawn once and copied under the turning pieces at
// each frame, so that a frame costs little. None when the visitor asks for
// reduced motion.

import type { GameState } from '../core/protocol';
import type { CrispCanvas } from './board';
import type { TurningPiece } from './grid-draw';

/** How long a piece takes to turn over, in ms. */
export const TURN_MS = 250;

/**
 * The pieces a move turned over, with the side each showed before: cells
 * that hold a piece in both states, of another side now (a piece put down
 * or taken away does not turn).
 */
export function turnedCells(prev: GameState, s: GameState): Map<number, 0 | 1> {
  const cells = new Map<number, 0 | 1>();
  s.cells.forEach((v, i) => {
    const was = prev.cells[i];
    if ((v === 1 || v === 2) && (was === 1 || was === 2) && v !== was) cells.set(i, was === 1 ? 0 : 1);
  });
  return cells;
}

/** A piece `elapsed` ms into its turn from side `was` to `now`: the side it shows, and how wide it is drawn. */
export function turnFrame(was: 0 | 1, now: 0 | 1, elapsed: number): TurningPiece {
  const turned = Math.min(1, Math.max(0, elapsed / TURN_MS));
  return { side: turned < 0.5 ? was : now, width: Math.max(0.04, Math.abs(1 - 2 * turned)) };
}

export class TurnAnimation {
  /** The cells turning, their side before, and when the turn started. */
  private turning: { cells: Map<number, 0 | 1>; start: number } | null = null;
  private frame = 0;
  /** The board drawn without the turning pieces, copied under them at each frame. */
  private base: HTMLCanvasElement | null = null;
  private readonly reduceMotion = matchMedia('(prefers-reduced-motion: reduce)');

  /**
   * `drawBase` draws the board without the turning pieces, `drawTurning`
   * only them (as `pieces` gives them); both on a context scaled to CSS pixels.
   */
  constructor(
    private readonly crisp: CrispCanvas,
    private readonly drawBase: (ctx: CanvasRenderingContext2D, size: number) => void,
    private readonly drawTurning: (ctx: CanvasRenderingContext2D, size: number) => void,
  ) {}

  /** The pieces turning over now, for the state `s` they turn to (none when no turn is under way). */
  pieces(s: GameState | null): Map<number, TurningPiece> {
    const out = new Map<number, TurningPiece>();
    const t = this.turning;
    if (!t || !s) return out;
    const elapsed = performance.now() - t.start;
    for (const [sq, was] of t.cells) out.set(sq, turnFrame(was, s.cells[sq] === 1 ? 0 : 1, elapsed));
    return out;
  }

  /** Starts the turn of the pieces a move from `prev` to `s` made change side; ends a turn under way. */
  start(prev: GameState | null, s: GameState): void {
    cancelAnimationFrame(this.frame);
    this.turning = null;
    if (!prev || s.cursor !== prev.cursor + 1 || this.reduceMotion.matches) return;
    const cells = turnedCells(prev, s);
    if (cells.size === 0) return;
    this.turning = { cells, start: performance.now() };
    this.base = null;
    this.crisp.canvas.dataset.turning = String(cells.size);
    const step = () => {
      if (!this.turning) return;
      if (performance.now() - this.turning.start >= TURN_MS) {
        this.turning = null;
        this.base = null;
        this.crisp.canvas.dataset.turning = '0';
        this.crisp.redraw();
      } else {
        this.drawFrame();
        this.frame = requestAnimationFrame(step);
      }
    };
    this.frame = requestAnimationFrame(step);
  }

  /** One frame of the turn: the base copied, the turning pieces drawn on it. */
  private drawFrame(): void {
    const c = this.crisp.canvas;
    const size = this.crisp.size;
    const ctx = c.getContext('2d');
    if (!ctx || size <= 0) return;
    const k = c.width / size;
    if (!this.base || this.base.width !== c.width || this.base.height !== c.height) {
      const base = document.createElement('canvas');
      base.width = c.width;
      base.height = c.height;
      const b = base.getContext('2d');
      if (!b) return;
      b.setTransform(k, 0, 0, k, 0, 0);
      this.drawBase(b, size);
      this.base = base;
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, c.width, c.height);
    ctx.drawImage(this.base, 0, 0);
    ctx.setTransform(k, 0, 0, k, 0, 0);
    this.drawTurning(ctx, size);
  }

  destroy(): void {
    cancelAnimationFrame(this.frame);
  }
}

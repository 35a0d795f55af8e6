// What every board offers the play panel. A board draws the engine's state
// and reports which legal move the visitor chose; it knows no rules (legal
// moves, with the cells they take and leave, come from the engine's state).

import type { GameState } from '../core/protocol';

/** A value per cell over the board, on a scale from `min` (red) to `max` (green). */
export interface Heat {
  values: Map<number, number>;
  min: number;
  max: number;
}

export interface BoardView {
  /** The element to place in the page. */
  readonly element: HTMLElement;
  /** The state last drawn. */
  readonly state: GameState | null;
  /**
   * Draws a state. `interactive`: a person is to move, so legal moves are
   * marked and input is accepted.
   */
  update(state: GameState, interactive: boolean): void;
  /** Shows values over the legal cells (a heat map of Q(s, a)), or clears them. */
  setHeat?(heat: Heat | null): void;
  /**
   * Takes the next legal move of `side` made on the board without playing
   * it (whoever is to play that side), and gives it to `f` once; `null`
   * cancels. Returns false when the board does not show a position with
   * `side` to move.
   */
  captureMove?(side: 0 | 1, f: ((move: string) => void) | null): boolean;
  /** Called with the move's text when the visitor picks a legal move. */
  onMove: (move: string) => void;
  /** Called when the visitor picks a cell that is not a legal move. */
  onIllegal: (cell: number) => void;
  /** Gives the keyboard focus to the board. */
  focus(): void;
  /** Stops observers and listeners. */
  destroy(): void;
}

/**
 * A canvas that keeps its backing store at the device's pixel ratio and
 * follows its container's size, so drawings are crisp at any zoom and on any
 * screen. Calls `draw` with a context scaled to CSS pixels.
 */
export class CrispCanvas {
  readonly canvas: HTMLCanvasElement;
  /** Size in CSS pixels (the canvas is square). */
  size = 0;
  private observer: ResizeObserver;
  private frame = 0;
  private dprQuery: MediaQueryList | null = null;
  private onDprChange = () => this.resize();

  constructor(
    private readonly container: HTMLElement,
    private readonly draw: (ctx: CanvasRenderingContext2D, size: number) => void,
  ) {
    this.canvas = document.createElement('canvas');
    container.append(this.canvas);
    // Resized in the next frame: resizing the canvas inside the observer's
    // callback can change the observed box again, in a loop.
    this.observer = new ResizeObserver(() => {
      cancelAnimationFrame(this.frame);
      this.frame = requestAnimationFrame(() => this.resize());
    });
    this.observer.observe(container);
    this.resize();
  }

  private watchDpr(): void {
    this.dprQuery?.removeEventListener('change', this.onDprChange);
    this.dprQuery = matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
    this.dprQuery.addEventListener('change', this.onDprChange);
  }

  resize(): void {
    const size = Math.floor(Math.min(this.container.clientWidth, this.container.clientHeight || Infinity));
    if (size <= 0) return;
    const dpr = window.devicePixelRatio || 1;
    const px = Math.round(size * dpr);
    this.size = size;
    this.canvas.style.width = `${size}px`;
    this.canvas.style.height = `${size}px`;
    if (this.canvas.width !== px || this.canvas.height !== px) {
      this.canvas.width = px;
      this.canvas.height = px;
    }
    this.watchDpr();
    this.redraw();
  }

  redraw(): void {
    const ctx = this.canvas.getContext('2d');
    if (!ctx || this.size <= 0) return;
    const scale = this.canvas.width / this.size;
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    ctx.clearRect(0, 0, this.size, this.size);
    this.draw(ctx, this.size);
  }

  destroy(): void {
    cancelAnimationFrame(this.frame);
    this.observer.disconnect();
    this.dprQuery?.removeEventListener('change', this.onDprChange);
  }
}

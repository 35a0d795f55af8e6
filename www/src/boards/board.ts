// What every board offers the play panel. A board draws the engine's state
// and reports which legal move the visitor chose; it knows no rules (legal
// moves, with the cells they take and leave, come from the engine's state).

import type { GameState } from '../core/protocol';

/** A value per cell over the board, on a scale from `min` (red) to `max` (green). */
export interface Heat {
  values: Map<number, number>;
  min: number;
  max: number;
  /** What the values are, in words ("Q(s, a) of the network"). */
  units: string;
  /** The scale is the values' own fixed range (a value has the same colour
   *  in every position); otherwise it runs from the lowest value shown to the highest. */
  fixed: boolean;
  /** The value of each move in words, where the engine gives them ("wins with its 21st disc"). */
  labels?: Map<number, string>;
  /** The best move or moves: ringed on the board, so that the choice shows when the values are close. */
  best?: Set<number>;
}

/**
 * How the values of one heat map are written on their cells, with their
 * signs as the key writes them: whole numbers as they are ("−16", "+3")
 * when every value is whole (exact scores), else every one to two places
 * ("+0.25", "−0.06"), so that a value that happens to be 0 reads "0.00"
 * beside them.
 */
export function cellValues(values: Iterable<number>): (v: number) => string {
  const whole = [...values].every((v) => Number.isInteger(v));
  return (v) => (whole ? signed(v) : signedPlaces(v));
}

/** A number to two places with its sign: "+0.25", "−0.06", "0.00" (a value that rounds to 0 has none). */
export function signedPlaces(v: number): string {
  return withSign(v, Math.abs(v).toFixed(2));
}

/** `digits` (|v| written out) with v's sign, none when they read as zero. */
function withSign(v: number, digits: string): string {
  return /^[0.]*$/.test(digits) ? digits : `${v > 0 ? '+' : '−'}${digits}`;
}

/** The colours of a heat map's scale, from its bottom (red) through the middle (sand) to its top (green). */
const HEAT_STOPS: Array<[number, number, number]> = [
  [176, 32, 32],
  [236, 214, 138],
  [28, 120, 52],
];

/** The colour of `v` on the scale `min`…`max` ("#rrggbb"): a fixed function of the three numbers. */
export function heatColour(v: number, min: number, max: number): string {
  const t = max > min ? Math.min(1, Math.max(0, (v - min) / (max - min))) : 1;
  const [a, b] = t < 0.5 ? [HEAT_STOPS[0], HEAT_STOPS[1]] : [HEAT_STOPS[1], HEAT_STOPS[2]];
  const u = t < 0.5 ? t * 2 : t * 2 - 1;
  return `#${a.map((x, i) => Math.round(x + (b[i] - x) * u).toString(16).padStart(2, '0')).join('')}`;
}

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
export function inkOn(hex: string): string {
  const lin = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const l = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

/** A number for people: "−0.25", "+1". */
function signed(v: number): string {
  const t = Number.isInteger(v) ? String(Math.abs(v)) : Math.abs(v).toFixed(2);
  return v > 0 ? `+${t}` : v < 0 ? `−${t}` : '0';
}

/** A tick of the key: at most two places, no trailing zeros ("0", "+0.5", "−0.34", "+1"). */
export function tickValue(v: number): string {
  return withSign(v, Math.abs(v).toFixed(2).replace(/\.?0+$/, ''));
}

/**
 * The key to a heat map: the colour bar with the scale's ends and middle, and
 * in its tooltip what the values are. Hidden while no heat map is shown.
 */
export class HeatLegend {
  readonly element: HTMLElement;
  private readonly lo = document.createElement('span');
  private readonly mid = document.createElement('span');
  private readonly hi = document.createElement('span');
  private readonly caption = document.createElement('span');

  constructor() {
    this.element = document.createElement('div');
    this.element.className = 'heat-legend';
    this.element.dataset.testid = 'heat-legend';
    this.element.hidden = true;
    const bar = document.createElement('span');
    bar.className = 'heat-bar';
    bar.setAttribute('aria-hidden', 'true');
    bar.style.background = `linear-gradient(to right, ${[0, 0.25, 0.5, 0.75, 1].map((t) => heatColour(t, 0, 1)).join(', ')})`;
    const ticks = document.createElement('span');
    ticks.className = 'heat-ticks';
    ticks.append(this.lo, this.mid, this.hi);
    const scale = document.createElement('span');
    scale.className = 'heat-scale';
    scale.append(bar, ticks);
    this.caption.className = 'heat-caption';
    this.element.append(this.caption, scale);
  }

  show(heat: Heat | null): void {
    this.element.hidden = !heat;
    if (!heat) return;
    const { min, max } = heat;
    this.lo.textContent = tickValue(min);
    this.mid.textContent = tickValue((min + max) / 2);
    this.hi.textContent = tickValue(max);
    this.caption.textContent =
      (heat.fixed ? 'Value of each move' : 'Value of each move, lowest to highest shown') + (heat.best?.size ? '; ringed: the best.' : '.');
    this.element.dataset.min = String(min);
    this.element.dataset.max = String(max);
    this.element.dataset.fixed = String(heat.fixed);
    this.element.title =
      `${heat.units}. Red is the bottom of the scale (${signed(min)}), green its top (${signed(max)}). ` +
      (heat.fixed
        ? 'The scale is fixed, the whole range the values can take, so a colour means the same value in every position.'
        : 'These values have no fixed range, so the scale runs from the lowest value on the board to the highest.');
    this.element.setAttribute('aria-label', `Colour key: ${signed(min)} red to ${signed(max)} green. ${this.element.title}`);
  }
}

/** Where a board's flip is remembered, per game. */
const flipKey = (game: string) => `selfplay.flipped.${game}`;

/** Whether the visitor last turned this game's board round. */
export function storedFlip(game: string): boolean {
  try {
    return localStorage.getItem(flipKey(game)) === '1';
  } catch {
    return false;
  }
}

/**
 * A button that turns a board round, to see it from the other side; the
 * choice is kept per game in this browser. `apply` draws the board turned
 * (true) or not.
 */
export function flipButton(game: string, apply: (flipped: boolean) => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'flip-board';
  b.dataset.testid = 'flip-board';
  b.textContent = 'Flip board';
  b.title = 'See the board from the other side (the coordinates turn with it)';
  const set = (on: boolean) => {
    b.setAttribute('aria-pressed', String(on));
    apply(on);
  };
  b.addEventListener('click', () => {
    const on = b.getAttribute('aria-pressed') !== 'true';
    try {
      if (on) localStorage.setItem(flipKey(game), '1');
      else localStorage.removeItem(flipKey(game));
    } catch {
      // Without storage the board still turns, for this visit.
    }
    set(on);
  });
  set(storedFlip(game));
  return b;
}

/**
 * How a game ended in words: the engine's sentence, and the cells it marks
 * named by `name` (the winning line, "d1, e2, f3, g4"; or the one point
 * where it ended). Empty while the game goes on.
 */
export function endWords(s: GameState, name?: (cell: number) => string): string {
  const o = s.outcome;
  if (!o) return '';
  if (!name || o.cells.length === 0) return o.text;
  if (o.cells.length === 1) return `${o.text.replace(/\.$/, '')} (at ${name(o.cells[0])}).`;
  return `${o.text} The winning line: ${o.cells.map(name).join(', ')}.`;
}

/** A sentence about a position for screen readers: whose turn (or the result, and where it was won), the counts, the last move, the game's own status. */
export function describePosition(s: GameState, moveWords: (move: string) => string = (m) => m, name?: (cell: number) => string): string {
  const parts: string[] = [];
  if (s.outcome) parts.push(`Game over: ${endWords(s, name).replace(/\.$/, '')}`);
  else if (s.toMove !== null) parts.push(`${s.sides[s.toMove]} to move`);
  if (s.counts) parts.push(`${s.sides[0]} ${s.counts[0]}, ${s.sides[1]} ${s.counts[1]}`);
  if (s.lastMove) parts.push(`last move ${s.sides[s.lastMove.side]} ${moveWords(s.lastMove.text)}`);
  else parts.push('no move yet');
  if (s.status) parts.push(s.status.replace(/\.$/, ''));
  return `${parts.join('; ')}.`;
}

/**
 * A preview in words for screen readers: what the move would do to the
 * board and the counts after it, from the engine's state after the move
 * ("After d3 (a preview, not played): Black on d3; d4 turns to Black;
 * Black 4, White 1."). `name` names a cell.
 */
export function describePreview(move: string, now: GameState, after: GameState, name: (cell: number) => string): string {
  const placed = new Map<number, number[]>();
  const turned = new Map<number, number[]>();
  const emptied: number[] = [];
  for (const c of after.changed) {
    const was = now.cells[c];
    const will = after.cells[c];
    if (will === 0) emptied.push(c);
    else (was === 0 ? placed : turned).set(will, [...(was === 0 ? placed : turned).get(will) ?? [], c]);
  }
  const list = (cells: number[]) => cells.map(name).join(', ');
  const parts: string[] = [];
  for (const [v, cells] of placed) parts.push(`${after.sides[v - 1]} on ${list(cells)}`);
  for (const [v, cells] of turned) parts.push(`${list(cells)} ${cells.length === 1 ? 'turns' : 'turn'} to ${after.sides[v - 1]}`);
  if (emptied.length) parts.push(`${list(emptied)} left empty`);
  if (after.counts) parts.push(`${after.sides[0]} ${after.counts[0]}, ${after.sides[1]} ${after.counts[1]}`);
  if (after.outcome) parts.push(after.outcome.text.replace(/\.$/, ''));
  return `After ${move} (a preview, not played): ${parts.join('; ')}.`;
}

/** How long a press on a touch screen is held before it previews the move instead of playing it, in ms. */
export const HOLD_MS = 400;

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
  /**
   * Called when the legal move the visitor points at (mouse), has the
   * keyboard cursor on, or presses and holds (touch) changes; `null` when
   * there is none. The board then waits for `setPreview`.
   */
  onPreview: (move: string | null) => void;
  /**
   * Draws `after`, the engine's state after `move`, over the position shown
   * (the cells it changes in a preview style), or clears the preview
   * (`null`). A preview of another move than the one last reported is dropped.
   */
  setPreview(move: string | null, after: GameState | null): void;
  /** Called when the visitor picks a cell that is not a legal move. */
  onIllegal: (cell: number) => void;
  /** Gives the keyboard focus to the board. */
  focus(): void;
  /** A cell as people name it ("d3", a point's name). */
  cellName?(cell: number): string;
  /** Stops observers and listeners. */
  destroy(): void;
}

/**
 * A canvas that keeps its backing store at the device's pixel ratio and
 * follows its container's width, so drawings are crisp at any zoom and on any
 * screen; its height is `heightOf(width)` (square by default). Calls `draw`
 * with a context scaled to CSS pixels.
 */
export class CrispCanvas {
  readonly canvas: HTMLCanvasElement;
  /** Width in CSS pixels. */
  size = 0;
  /** Height in CSS pixels. */
  height = 0;
  private observer: ResizeObserver;
  private frame = 0;
  /** Frames waited for the canvas to be put on the page (`redraw`). */
  private waits = 0;
  private dprQuery: MediaQueryList | null = null;
  private onDprChange = () => this.resize();

  constructor(
    private readonly container: HTMLElement,
    private readonly draw: (ctx: CanvasRenderingContext2D, size: number) => void,
    private readonly heightOf: (width: number) => number = (w) => w,
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
    const size = Math.floor(this.container.clientWidth);
    if (size <= 0) return;
    const height = Math.ceil(this.heightOf(size));
    const dpr = window.devicePixelRatio || 1;
    const px = Math.round(size * dpr);
    const py = Math.round(height * dpr);
    this.size = size;
    this.height = height;
    this.canvas.style.width = `${size}px`;
    this.canvas.style.height = `${height}px`;
    if (this.canvas.width !== px || this.canvas.height !== py) {
      this.canvas.width = px;
      this.canvas.height = py;
    }
    this.watchDpr();
    this.redraw();
  }

  redraw(): void {
    // Not sized yet (the observer sizes a new canvas two frames after it is
    // put on the page, and a warm engine's first state comes sooner): size it
    // now, so that a board that takes moves is always drawn and its squares
    // are where a click finds them.
    if (this.size <= 0) {
      this.resize();
      // Not on the page yet (a board drawn before its view is shown): sized
      // in the first frame after it is put there, before that frame is
      // painted, so that the first board seen is whole and takes clicks.
      if (this.size <= 0 && !this.canvas.isConnected && this.waits++ < 600) {
        cancelAnimationFrame(this.frame);
        this.frame = requestAnimationFrame(() => this.redraw());
      }
      return;
    }
    const ctx = this.canvas.getContext('2d');
    if (!ctx) return;
    const scale = this.canvas.width / this.size;
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    ctx.clearRect(0, 0, this.size, this.height);
    this.draw(ctx, this.size);
  }

  destroy(): void {
    cancelAnimationFrame(this.frame);
    this.observer.disconnect();
    this.dprQuery?.removeEventListener('change', this.onDprChange);
  }
}

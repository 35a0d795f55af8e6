// The Hare and Hounds board: the graph of 11 points and 22 lines, drawn in
// SVG. Pieces slide along a line when they move. A person picks a piece of
// the side to move, then one of its marked targets (with the mouse, a tap,
// or the keyboard: arrow keys between points, Enter or Space to pick, Escape
// to drop the piece). The hare is picked up by itself on the hare's turn.

import type { GameState } from '../protocol';
import type { BoardView } from './board';

/** Point names in the engine's order (`board::NAMES`): cell i is NAMES[i]. */
export const NAMES = ['a', 'b', 'c', 'L', 'd', 'e', 'f', 'R', 'g', 'h', 'i'] as const;
const COLUMN = [1, 2, 3, 0, 1, 2, 3, 4, 1, 2, 3];
const ROW = [0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2];
/** The 22 lines, by point names. */
const LINES = [
  'a-b', 'b-c', 'L-d', 'd-e', 'e-f', 'f-R', 'g-h', 'h-i',
  'a-d', 'd-g', 'b-e', 'e-h', 'c-f', 'f-i',
  'L-a', 'L-g', 'R-c', 'R-i',
  'a-e', 'e-i', 'g-e', 'e-c',
];

const SVG = 'http://www.w3.org/2000/svg';
const X = (i: number) => 12 + COLUMN[i] * 19;
const Y = (i: number) => 10 + ROW[i] * 20;

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/** Splits a move's text ("L-d") into point indices. */
export function moveEnds(text: string): [number, number] | null {
  const [a, b] = text.split('-');
  const from = NAMES.indexOf(a as (typeof NAMES)[number]);
  const to = NAMES.indexOf(b as (typeof NAMES)[number]);
  return from < 0 || to < 0 ? null : [from, to];
}

export class HareHoundsBoard implements BoardView {
  readonly element: HTMLElement;
  onMove: (move: string) => void = () => {};
  onIllegal: (cell: number) => void = () => {};
  /** Called after every state drawn (the hints listen here). */
  onState: (state: GameState) => void = () => {};
  /** The state last drawn. */
  state: GameState | null = null;

  private readonly root: SVGSVGElement;
  private readonly points: SVGGElement[] = [];
  private readonly pieces: SVGGElement;
  private readonly status: HTMLElement;
  private interactive = false;
  /** Whether the game on the board waits for a person's move. */
  private personToMove = false;
  /** While set, the next legal hound move goes here instead of being played. */
  private capture: ((move: string) => void) | null = null;
  private selected: number | null = null;
  private focusIndex = 7;
  private readonly reduceMotion = matchMedia('(prefers-reduced-motion: reduce)');

  constructor() {
    this.element = document.createElement('div');
    this.element.className = 'hh-board';
    this.element.dataset.testid = 'board';
    this.root = svg('svg', { viewBox: '0 0 100 60', role: 'group', 'aria-label': 'Hare and Hounds board' });
    const lines = svg('g', { class: 'hh-lines', 'aria-hidden': 'true' });
    for (const l of LINES) {
      const [a, b] = moveEnds(l)!;
      lines.append(svg('line', { x1: X(a), y1: Y(a), x2: X(b), y2: Y(b) }));
    }
    this.pieces = svg('g', { class: 'hh-pieces', 'aria-hidden': 'true' });
    const pts = svg('g', { class: 'hh-points' });
    NAMES.forEach((name, i) => {
      const g = svg('g', { class: 'hh-point', role: 'button', tabindex: -1, 'data-point': name, 'data-cell': i });
      g.append(
        svg('circle', { class: 'hh-hit', cx: X(i), cy: Y(i), r: 7 }),
        svg('circle', { class: 'hh-dot', cx: X(i), cy: Y(i), r: 1.6 }),
        svg('circle', { class: 'hh-target', cx: X(i), cy: Y(i), r: 3.2 }),
      );
      // Up and to the right, clear of a piece (radius 4.6) on the point.
      const label = svg('text', { class: 'hh-name', x: X(i) + 4.8, y: Y(i) - 4.6, 'aria-hidden': 'true' });
      label.textContent = name;
      g.append(label);
      g.addEventListener('click', () => {
        this.focusIndex = i;
        this.pick(i);
      });
      g.addEventListener('keydown', (e) => this.key(e, i));
      pts.append(g);
      this.points.push(g);
    });
    this.root.append(lines, pts, this.pieces);
    this.status = document.createElement('p');
    this.status.className = 'hh-board-status visually-hidden';
    this.status.setAttribute('aria-live', 'polite');
    this.element.append(this.root, this.status);
    this.points[this.focusIndex].setAttribute('tabindex', '0');
  }

  update(state: GameState, interactive: boolean): void {
    const prev = this.state;
    this.state = state;
    this.personToMove = interactive;
    this.interactive = this.canPick();
    if (!prev || prev.position !== state.position) this.selected = null;
    // The hare has one piece: pick it up for the person at once.
    if (this.interactive && state.toMove === 1) {
      const hare = state.cells.indexOf(2);
      if (this.movesFrom(hare).length > 0) this.selected = hare;
    }
    this.element.dataset.cursor = String(state.cursor);
    this.element.dataset.toMove = state.toMove === null ? '' : String(state.toMove);
    this.element.dataset.interactive = String(this.interactive);
    this.drawPieces(prev, state);
    this.drawMarks();
    this.onState(state);
  }

  /** The point of the piece picked up, if any. */
  selectedPoint(): number | null {
    return this.selected;
  }

  /**
   * Picks a hound move on the board without playing it (whoever is to play
   * the hounds): the next legal hound move made by clicking, tapping or the
   * keyboard is given to `f` once. `null` cancels. Returns false when the
   * board does not show a position with the hounds to move.
   */
  captureMove(f: ((move: string) => void) | null): boolean {
    if (f && this.state?.toMove !== 0) return false;
    this.capture = f;
    this.selected = null;
    this.interactive = this.canPick();
    this.element.dataset.interactive = String(this.interactive);
    this.element.dataset.capturing = String(f !== null);
    this.drawMarks();
    if (f) this.say('Pick a hound, then where it goes: the move is taken, not played.');
    return true;
  }

  private canPick(): boolean {
    const s = this.state;
    if (!s || s.toMove === null) return false;
    return this.personToMove || (this.capture !== null && s.toMove === 0);
  }

  focus(): void {
    this.points[this.focusIndex].focus();
  }

  destroy(): void {
    this.onState = () => {};
  }

  // ---- input ---------------------------------------------------------------

  private movesFrom(i: number): string[] {
    if (!this.state || i < 0) return [];
    return this.state.legal.filter((m) => moveEnds(m.text)?.[0] === i).map((m) => m.text);
  }

  private pick(i: number): void {
    const s = this.state;
    if (!s || !this.interactive) return;
    if (this.selected !== null) {
      const move = `${NAMES[this.selected]}-${NAMES[i]}`;
      if (s.legal.some((m) => m.text === move)) {
        const capture = this.capture;
        if (capture) {
          this.captureMove(null);
          capture(move);
          return;
        }
        this.selected = null;
        this.drawMarks();
        this.onMove(move);
        return;
      }
    }
    if (this.movesFrom(i).length > 0) {
      this.selected = this.selected === i && s.toMove === 0 ? null : i;
      this.drawMarks();
      this.say(this.selected === null ? 'Piece put down.' : `Piece on ${NAMES[i]} picked up: choose where it goes.`);
      return;
    }
    this.onIllegal(i);
  }

  private key(e: KeyboardEvent, i: number): void {
    const dirs: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    if (e.key in dirs) {
      e.preventDefault();
      const [dx, dy] = dirs[e.key];
      const next = this.neighbour(i, dx, dy);
      if (next !== null) this.moveFocus(next);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.pick(i);
    } else if (e.key === 'Escape' && this.selected !== null && this.state?.toMove === 0) {
      this.selected = null;
      this.drawMarks();
    }
  }

  /** The nearest point in a direction (ties: the closest across). */
  private neighbour(i: number, dx: number, dy: number): number | null {
    let best: number | null = null;
    let bestScore = Infinity;
    for (let j = 0; j < NAMES.length; j++) {
      const ax = COLUMN[j] - COLUMN[i];
      const ay = ROW[j] - ROW[i];
      const along = ax * dx + ay * dy;
      if (along <= 0) continue;
      const across = Math.abs(ax * dy) + Math.abs(ay * dx);
      const score = along + 2 * across;
      if (score < bestScore) {
        bestScore = score;
        best = j;
      }
    }
    return best;
  }

  private moveFocus(i: number): void {
    this.points[this.focusIndex].setAttribute('tabindex', '-1');
    this.focusIndex = i;
    this.points[i].setAttribute('tabindex', '0');
    this.points[i].focus();
  }

  private say(text: string): void {
    this.status.textContent = text;
  }

  // ---- drawing -------------------------------------------------------------

  private drawPieces(prev: GameState | null, s: GameState): void {
    const moved = prev && s.cursor === prev.cursor + 1 && s.lastMove ? moveEnds(s.lastMove.text) : null;
    const nodes: SVGGElement[] = [];
    s.cells.forEach((c, i) => {
      if (c === 0) return;
      const g = svg('g', { class: c === 1 ? 'hh-piece hound' : 'hh-piece hare' });
      g.append(svg('circle', { cx: X(i), cy: Y(i), r: 4.6 }));
      const t = svg('text', { x: X(i), y: Y(i) + 1.6, 'text-anchor': 'middle' });
      t.textContent = c === 1 ? 'H' : 'R';
      g.append(t);
      nodes.push(g);
      if (moved && moved[1] === i && !this.reduceMotion.matches && typeof g.animate === 'function') {
        const dx = X(moved[0]) - X(i);
        const dy = Y(moved[0]) - Y(i);
        g.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'translate(0px, 0px)' }], {
          duration: 260,
          easing: 'ease-out',
        });
      }
    });
    this.pieces.replaceChildren(...nodes);
  }

  private drawMarks(): void {
    const s = this.state;
    if (!s) return;
    const targets = new Set(
      this.selected === null
        ? []
        : this.movesFrom(this.selected).map((t) => moveEnds(t)![1]),
    );
    const movable = new Set(
      this.interactive ? s.legal.map((m) => moveEnds(m.text)?.[0]).filter((x): x is number => x !== undefined) : [],
    );
    const last = s.lastMove ? moveEnds(s.lastMove.text) : null;
    this.points.forEach((g, i) => {
      const content = s.cells[i] === 1 ? 'hound' : s.cells[i] === 2 ? 'hare' : 'empty';
      g.dataset.content = content;
      g.classList.toggle('target', targets.has(i));
      g.classList.toggle('movable', movable.has(i));
      g.classList.toggle('selected', this.selected === i);
      g.classList.toggle('last', !!last && (last[0] === i || last[1] === i));
      if (targets.has(i)) g.dataset.target = 'true';
      else delete g.dataset.target;
      const what = content === 'empty' ? 'empty' : content === 'hound' ? 'a hound' : 'the hare';
      const extra = this.selected === i ? ', picked up' : targets.has(i) ? ', a legal target' : movable.has(i) ? ', can move' : '';
      g.setAttribute('aria-label', `Point ${NAMES[i]}: ${what}${extra}`);
    });
  }
}

// A board of named points joined by lines, drawn in SVG, for games whose
// pieces step along lines (Hare and Hounds). The points, lines and pieces
// come from the game's folder; the moves from the engine (each legal move
// names the cell it leaves and the cell it goes to). Pieces slide along a
// line when they move. A person picks a piece of the side to move, then one
// of its marked targets — with the mouse, a tap, or the keyboard (arrow keys
// between points, Enter or Space to pick, Escape to put the piece down). When
// every legal move starts from the same piece, it is picked up at once.

import type { GameState, LegalMove } from '../core/protocol';
import type { BoardView } from './board';

/** A game's graph: its points in the engine's cell order, its lines, its pieces. */
export interface GraphLayout {
  /** The board's name for screen readers. */
  name: string;
  /** The drawing's size in SVG units. */
  width: number;
  height: number;
  points: Array<{ name: string; x: number; y: number }>;
  /** Lines between points, by index. */
  lines: Array<[number, number]>;
  /** The pieces of the two sides. */
  pieces: [GraphPiece, GraphPiece];
}

export interface GraphPiece {
  /** The piece's name in data attributes and classes ("hound"). */
  name: string;
  /** "a hound", for screen readers. */
  words: string;
  /** The letter on the piece. */
  glyph: string;
  fill: string;
  stroke: string;
  text: string;
}

const SVG = 'http://www.w3.org/2000/svg';
/** A piece's radius, in SVG units. */
const PIECE = 4.6;

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

function ends(m: LegalMove): [number, number] | null {
  return m.from == null || m.cell === null ? null : [m.from, m.cell];
}

export class GraphBoard implements BoardView {
  readonly element: HTMLElement;
  onMove: (move: string) => void = () => {};
  onIllegal: (cell: number) => void = () => {};
  state: GameState | null = null;

  private readonly root: SVGSVGElement;
  private readonly points: SVGGElement[] = [];
  private readonly pieces: SVGGElement;
  private readonly status: HTMLElement;
  private interactive = false;
  /** Whether the game on the board waits for a person's move. */
  private personToMove = false;
  /** While set, the next legal move of this side goes to `f` instead of being played. */
  private capture: { side: 0 | 1; f: (move: string) => void } | null = null;
  private selected: number | null = null;
  /** The piece was picked up for the person (the only one that can move). */
  private autoSelected = false;
  private focusIndex: number;
  private readonly reduceMotion = matchMedia('(prefers-reduced-motion: reduce)');

  constructor(private readonly layout: GraphLayout) {
    const P = layout.points;
    this.focusIndex = P.length - 1;
    this.element = document.createElement('div');
    this.element.className = 'graph-board';
    this.element.dataset.testid = 'board';
    this.root = svg('svg', { viewBox: `0 0 ${layout.width} ${layout.height}`, role: 'group', 'aria-label': layout.name });
    const lines = svg('g', { class: 'graph-lines', 'aria-hidden': 'true' });
    for (const [a, b] of layout.lines) lines.append(svg('line', { x1: P[a].x, y1: P[a].y, x2: P[b].x, y2: P[b].y }));
    this.pieces = svg('g', { class: 'graph-pieces', 'aria-hidden': 'true' });
    const pts = svg('g', { class: 'graph-points' });
    P.forEach((p, i) => {
      const g = svg('g', { class: 'graph-point', role: 'button', tabindex: -1, 'data-point': p.name, 'data-cell': i });
      g.append(
        svg('circle', { class: 'graph-hit', cx: p.x, cy: p.y, r: 7 }),
        svg('circle', { class: 'graph-dot', cx: p.x, cy: p.y, r: 1.6 }),
        svg('circle', { class: 'graph-target', cx: p.x, cy: p.y, r: 3.2 }),
      );
      // Up and to the right, clear of a piece on the point.
      const label = svg('text', { class: 'graph-name', x: p.x + PIECE + 0.2, y: p.y - PIECE, 'aria-hidden': 'true' });
      label.textContent = p.name;
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
    this.status.className = 'graph-board-status visually-hidden';
    this.status.setAttribute('aria-live', 'polite');
    this.element.append(this.root, this.status);
    this.points[this.focusIndex].setAttribute('tabindex', '0');
  }

  update(state: GameState, interactive: boolean): void {
    const prev = this.state;
    this.state = state;
    this.personToMove = interactive;
    if (!prev || prev.position !== state.position) {
      this.selected = null;
      this.autoSelected = false;
    }
    this.refreshInteraction();
    this.element.dataset.cursor = String(state.cursor);
    this.element.dataset.toMove = state.toMove === null ? '' : String(state.toMove);
    this.drawPieces(prev, state);
    this.drawMarks();
  }

  captureMove(side: 0 | 1, f: ((move: string) => void) | null): boolean {
    if (f && this.state?.toMove !== side) return false;
    this.capture = f ? { side, f } : null;
    this.selected = null;
    this.autoSelected = false;
    this.refreshInteraction();
    this.element.dataset.capturing = String(f !== null);
    this.drawMarks();
    if (f) this.say('Pick a piece, then where it goes: the move is taken, not played.');
    return true;
  }

  /** Whether input is taken now; picks up the only piece that can move. */
  private refreshInteraction(): void {
    const s = this.state;
    this.interactive = !!s && s.toMove !== null && (this.personToMove || this.capture?.side === s.toMove);
    this.element.dataset.interactive = String(this.interactive);
    if (this.interactive && s && this.selected === null) {
      const from = new Set(s.legal.map((m) => m.from));
      const only = [...from][0];
      if (from.size === 1 && typeof only === 'number') {
        this.selected = only;
        this.autoSelected = true;
      }
    }
  }

  focus(): void {
    this.points[this.focusIndex].focus();
  }

  destroy(): void {
    this.capture = null;
  }

  // ---- input ---------------------------------------------------------------

  private movesFrom(i: number): LegalMove[] {
    return this.state?.legal.filter((m) => m.from === i) ?? [];
  }

  private pick(i: number): void {
    const s = this.state;
    if (!s || !this.interactive) return;
    if (this.selected !== null) {
      const move = this.movesFrom(this.selected).find((m) => m.cell === i);
      if (move) {
        const capture = this.capture;
        if (capture) {
          this.captureMove(capture.side, null);
          capture.f(move.text);
          return;
        }
        this.selected = null;
        this.drawMarks();
        this.onMove(move.text);
        return;
      }
    }
    if (this.movesFrom(i).length > 0) {
      if (this.selected === i && !this.autoSelected) this.selected = null;
      else if (!this.autoSelected) this.selected = i;
      this.drawMarks();
      this.say(this.selected === null ? 'Piece put down.' : `Piece on ${this.layout.points[i].name} picked up: choose where it goes.`);
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
    } else if (e.key === 'Escape' && this.selected !== null && !this.autoSelected) {
      this.selected = null;
      this.drawMarks();
    }
  }

  /** The nearest point in a direction (ties: the closest across). */
  private neighbour(i: number, dx: number, dy: number): number | null {
    const P = this.layout.points;
    let best: number | null = null;
    let bestScore = Infinity;
    for (let j = 0; j < P.length; j++) {
      const ax = P[j].x - P[i].x;
      const ay = P[j].y - P[i].y;
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
    const P = this.layout.points;
    const moved = prev && s.cursor === prev.cursor + 1 && s.lastMove ? ends({ text: '', cell: s.lastMove.cell, from: s.lastMove.from }) : null;
    const nodes: SVGGElement[] = [];
    s.cells.forEach((c, i) => {
      if (c !== 1 && c !== 2) return;
      const piece = this.layout.pieces[c - 1];
      const g = svg('g', { class: `graph-piece ${piece.name}` });
      g.append(svg('circle', { cx: P[i].x, cy: P[i].y, r: PIECE, fill: piece.fill, stroke: piece.stroke }));
      const t = svg('text', { x: P[i].x, y: P[i].y + 1.6, 'text-anchor': 'middle', fill: piece.text });
      t.textContent = piece.glyph;
      g.append(t);
      nodes.push(g);
      if (moved && moved[1] === i && !this.reduceMotion.matches && typeof g.animate === 'function') {
        const dx = P[moved[0]].x - P[i].x;
        const dy = P[moved[0]].y - P[i].y;
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
    const targets = new Set(this.selected === null ? [] : this.movesFrom(this.selected).map((m) => m.cell));
    const movable = new Set(this.interactive ? s.legal.map((m) => m.from) : []);
    const last = s.lastMove;
    this.points.forEach((g, i) => {
      const c = s.cells[i];
      const piece = c === 1 || c === 2 ? this.layout.pieces[c - 1] : null;
      g.dataset.content = piece ? piece.name : 'empty';
      g.classList.toggle('target', targets.has(i));
      g.classList.toggle('movable', movable.has(i));
      g.classList.toggle('selected', this.selected === i);
      g.classList.toggle('last', !!last && (last.from === i || last.cell === i));
      if (targets.has(i)) g.dataset.target = 'true';
      else delete g.dataset.target;
      const extra = this.selected === i ? ', picked up' : targets.has(i) ? ', a legal target' : movable.has(i) ? ', can move' : '';
      g.setAttribute('aria-label', `Point ${this.layout.points[i].name}: ${piece ? piece.words : 'empty'}${extra}`);
    });
  }
}

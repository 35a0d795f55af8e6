// A board of named points joined by lines, drawn in SVG, for games whose
// pieces step along lines (Hare and Hounds). The points, lines and pieces
// come from the game's folder; the moves from the engine (each legal move
// names the cell it leaves and the cell it goes to). Pieces slide along a
// line when they move. A person picks a piece of the side to move, then one
// of its marked targets — with the mouse, a tap, or the keyboard (arrow keys
// between points, Enter or Space to pick, Escape to put the piece down). When
// every legal move starts from the same piece, it is picked up at once.
// The last move is ringed at both ends (dashed where the piece left, solid
// where it went); each point's name sits where no line, piece or ring
// covers it; a button shows the board from the other side (mirrored).
// With a piece picked up, the target pointed at (mouse), focused (keyboard)
// or pressed and held (touch) is previewed: the piece is drawn ghosted where
// it would go and its point emptied, without playing the move.

import type { GameState, LegalMove } from '../core/protocol';
import { HOLD_MS, describePosition, describePreview, flipButton, type BoardView } from './board';
import { PIECE, RING, nearestToward, pieceNode, placeNames, svg, type GraphLayout } from './graph-geometry';

export type { GraphLayout, GraphPiece } from './graph-geometry';

/** Numbers the boards' preview descriptions, so that their ids differ. */
let previewIds = 0;

function ends(m: LegalMove): [number, number] | null {
  return m.from == null || m.cell === null ? null : [m.from, m.cell];
}

export class GraphBoard implements BoardView {
  readonly element: HTMLElement;
  onMove: (move: string) => void = () => {};
  onIllegal: (cell: number) => void = () => {};
  onPreview: (move: string | null) => void = () => {};
  state: GameState | null = null;

  private readonly root: SVGSVGElement;
  private readonly points: SVGGElement[] = [];
  private readonly lineNodes: SVGLineElement[] = [];
  /** Seen from the other side: left and right swapped. */
  private flipped = false;
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
  /** The point the mouse is over, the point with the keyboard focus, the point a finger holds. */
  private hovered: number | null = null;
  private focused: number | null = null;
  private held: number | null = null;
  private holdTimer = 0;
  /** A hold ended: the click that follows the finger's release does not play. */
  private swallowClick = false;
  /** The move last reported to `onPreview`, and the engine's state after it once given. */
  private previewMove: string | null = null;
  private preview: GameState | null = null;
  private readonly previewLayer: SVGGElement;
  private readonly previewText: HTMLElement;
  private readonly reduceMotion = matchMedia('(prefers-reduced-motion: reduce)');

  /**
   * `game`: the engine's name of the game, under which the visitor's choice
   * of side to see the board from is kept.
   */
  constructor(
    private readonly layout: GraphLayout,
    game: string,
  ) {
    const P = layout.points;
    this.focusIndex = P.length - 1;
    this.element = document.createElement('div');
    this.element.className = 'graph-board';
    this.element.dataset.testid = 'board';
    this.root = svg('svg', { viewBox: `0 0 ${layout.width} ${layout.height}`, role: 'group', 'aria-label': layout.name, 'data-piece-radius': PIECE, 'data-ring-radius': RING });
    const lines = svg('g', { class: 'graph-lines', 'aria-hidden': 'true' });
    for (let k = 0; k < layout.lines.length; k++) {
      const line = svg('line', {});
      lines.append(line);
      this.lineNodes.push(line);
    }
    this.pieces = svg('g', { class: 'graph-pieces', 'aria-hidden': 'true' });
    const pts = svg('g', { class: 'graph-points' });
    P.forEach((p, i) => {
      const g = svg('g', { class: 'graph-point', role: 'button', tabindex: -1, 'data-point': p.name, 'data-cell': i });
      g.append(
        svg('circle', { class: 'graph-last', r: RING }),
        svg('circle', { class: 'graph-hit', r: 7 }),
        svg('circle', { class: 'graph-dot', r: 1.6 }),
        svg('circle', { class: 'graph-target', r: 3.2 }),
      );
      const label = svg('text', { class: 'graph-name', 'text-anchor': 'middle', 'dominant-baseline': 'central', 'aria-hidden': 'true' });
      label.textContent = p.name;
      g.append(label);
      g.addEventListener('click', () => {
        if (this.swallowClick) {
          this.swallowClick = false;
          return;
        }
        this.focusIndex = i;
        this.pick(i);
      });
      g.addEventListener('keydown', (e) => this.key(e, i));
      g.addEventListener('pointerenter', (e) => {
        if (e.pointerType !== 'mouse') return;
        this.hovered = i;
        this.notePreview();
      });
      g.addEventListener('pointerleave', (e) => {
        if (e.pointerType !== 'mouse' || this.hovered !== i) return;
        this.hovered = null;
        this.notePreview();
      });
      g.addEventListener('pointerdown', (e) => this.pressDown(e, i));
      g.addEventListener('pointerup', () => this.endHold());
      g.addEventListener('pointercancel', () => this.endHold(false));
      g.addEventListener('contextmenu', (e) => {
        if (this.held !== null || this.holdTimer) e.preventDefault();
      });
      g.addEventListener('focus', () => {
        this.focused = i;
        this.notePreview();
      });
      g.addEventListener('blur', () => {
        if (this.focused !== i) return;
        this.focused = null;
        this.notePreview();
      });
      pts.append(g);
      this.points.push(g);
    });
    this.previewLayer = svg('g', { class: 'graph-preview', 'aria-hidden': 'true' });
    this.root.append(lines, pts, this.pieces, this.previewLayer);
    // The preview in words, read as the board's and its points' description.
    this.previewText = document.createElement('p');
    this.previewText.className = 'visually-hidden';
    this.previewText.id = `graph-preview-${++previewIds}`;
    this.previewText.dataset.testid = 'board-preview-words';
    this.root.setAttribute('aria-describedby', this.previewText.id);
    for (const g of this.points) g.setAttribute('aria-describedby', this.previewText.id);
    this.status = document.createElement('p');
    this.status.className = 'graph-board-status visually-hidden';
    this.status.setAttribute('aria-live', 'polite');
    const tools = document.createElement('div');
    tools.className = 'board-tools';
    tools.append(flipButton(game, (on) => this.setFlipped(on)));
    this.element.append(this.root, tools, this.status, this.previewText);
    this.points[this.focusIndex].setAttribute('tabindex', '0');
  }

  /** Where point `i` is drawn (left and right swapped when seen from the other side). */
  private at(i: number): { x: number; y: number } {
    const p = this.layout.points[i];
    return this.flipped ? { x: this.layout.width - p.x, y: p.y } : p;
  }

  /** Shows the board from the other side (mirrored: the hare's side on the left) or not. */
  setFlipped(on: boolean): void {
    this.flipped = on;
    this.element.dataset.flipped = String(on);
    const L = this.layout;
    const pos = L.points.map((_, i) => this.at(i));
    L.lines.forEach(([a, b], k) => {
      const line = this.lineNodes[k];
      for (const [attr, v] of [
        ['x1', pos[a].x],
        ['y1', pos[a].y],
        ['x2', pos[b].x],
        ['y2', pos[b].y],
      ] as const) {
        line.setAttribute(attr, String(v));
      }
    });
    const names = placeNames(
      pos,
      L.points.map((p) => p.name),
      L.lines,
      L.width,
      L.height,
    );
    this.points.forEach((g, i) => {
      for (const c of g.querySelectorAll('circle')) {
        c.setAttribute('cx', String(pos[i].x));
        c.setAttribute('cy', String(pos[i].y));
      }
      const t = g.querySelector('text')!;
      t.setAttribute('x', names[i][0].toFixed(2));
      t.setAttribute('y', names[i][1].toFixed(2));
    });
    if (this.state) {
      this.drawPieces(null, this.state);
      this.drawPreview();
      this.describe();
    }
  }

  /** The board's accessible name: the position in words. */
  private describe(): void {
    const s = this.state;
    const where = this.flipped ? ', seen from the other side' : '';
    if (!s) {
      this.root.setAttribute('aria-label', `${this.layout.name}${where}`);
      return;
    }
    const pieces = this.layout.pieces
      .map((piece, k) => {
        const on = this.layout.points.filter((_, i) => s.cells[i] === k + 1).map((p) => p.name);
        return on.length ? `${piece.name}${on.length > 1 ? 's' : ''} on ${on.join(', ')}` : '';
      })
      .filter(Boolean)
      .join('; ');
    this.root.setAttribute('aria-label', `${this.layout.name}${where}. ${describePosition(s, undefined, (i) => this.cellName(i))} ${pieces}.`);
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
    // A preview belongs to one position and to a board that takes moves.
    if (!prev || prev.position !== state.position || prev.cursor !== state.cursor || !this.interactive) {
      this.previewMove = null;
      this.preview = null;
    }
    this.element.dataset.cursor = String(state.cursor);
    this.element.dataset.toMove = state.toMove === null ? '' : String(state.toMove);
    const last = state.lastMove;
    const name = (i: number | null | undefined) => (typeof i === 'number' ? this.layout.points[i].name : '');
    this.element.dataset.lastFrom = name(last?.from);
    this.element.dataset.lastTo = name(last?.cell);
    // How the game ended: the point it marks (the trapped or escaped hare).
    this.element.dataset.endCells = (state.outcome?.cells ?? []).map((i) => name(i)).join(' ');
    this.drawPieces(prev, state);
    this.drawMarks();
    this.describe();
    this.showPreview(this.preview);
    this.notePreview();
  }

  setPreview(move: string | null, after: GameState | null): void {
    // Only the answer for the move pointed at now.
    if (move !== this.previewMove || !this.interactive) return;
    this.showPreview(move === null ? null : after);
  }

  private showPreview(after: GameState | null): void {
    this.preview = after;
    const s = this.state;
    const name = (i: number) => this.layout.points[i].name;
    if (after && s && this.previewMove) {
      this.element.dataset.preview = this.previewMove;
      this.element.dataset.previewChanged = after.changed.map(name).join(' ');
      this.previewText.textContent = describePreview(this.previewMove, s, after, name);
    } else {
      delete this.element.dataset.preview;
      delete this.element.dataset.previewChanged;
      this.previewText.textContent = '';
    }
    this.drawPreview();
  }

  /** The move to preview: to the target held (touch), pointed at (mouse) or focused (keyboard) from the piece picked up. */
  private previewCandidate(): string | null {
    if (!this.interactive || this.selected === null) return null;
    const moves = this.movesFrom(this.selected);
    for (const i of [this.held, this.hovered, this.focused]) {
      const m = i === null ? undefined : moves.find((l) => l.cell === i);
      if (m) return m.text;
    }
    return null;
  }

  /** Tells `onPreview` when the move to preview changes; a preview of another move is cleared at once. */
  private notePreview(): void {
    const move = this.previewCandidate();
    if (move === this.previewMove) return;
    this.previewMove = move;
    this.showPreview(null);
    this.onPreview(move);
  }

  private pressDown(e: PointerEvent, i: number): void {
    this.endHold(false);
    this.swallowClick = false;
    if (e.pointerType === 'mouse' || e.button !== 0) return;
    // Pressed and held, a target is previewed; let go, the move is not played.
    if (this.previewCandidateAt(i) === null) return;
    this.holdTimer = window.setTimeout(() => {
      this.holdTimer = 0;
      this.held = i;
      this.notePreview();
    }, HOLD_MS);
  }

  private previewCandidateAt(i: number): string | null {
    if (!this.interactive || this.selected === null) return null;
    return this.movesFrom(this.selected).find((m) => m.cell === i)?.text ?? null;
  }

  /** Ends a touch hold; `released`: the finger was lifted, so the click that follows is not a move. */
  private endHold(released = true): void {
    clearTimeout(this.holdTimer);
    this.holdTimer = 0;
    if (this.held === null) return;
    this.held = null;
    this.swallowClick = released;
    this.notePreview();
  }

  /** The previewed move: the piece ghosted where it would go, its point emptied. */
  private drawPreview(): void {
    const p = this.preview;
    const s = this.state;
    const changed = new Set(p && s ? p.changed : []);
    for (const node of this.pieces.querySelectorAll<SVGGElement>('.graph-piece')) {
      node.classList.toggle('preview-away', changed.has(Number(node.dataset.cell)));
    }
    if (!p || !s) {
      this.previewLayer.replaceChildren();
      return;
    }
    const nodes: SVGElement[] = [];
    for (const i of changed) {
      const at = this.at(i);
      const c = p.cells[i];
      if (c === 1 || c === 2) {
        nodes.push(pieceNode(this.layout.pieces[c - 1], at, i));
      }
      nodes.push(svg('circle', { class: 'graph-preview-ring', cx: at.x, cy: at.y, r: RING - 0.3 }));
    }
    this.previewLayer.replaceChildren(...nodes);
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

  /** A point's name ("e"). */
  cellName(cell: number): string {
    return this.layout.points[cell]?.name ?? String(cell);
  }

  destroy(): void {
    this.capture = null;
    clearTimeout(this.holdTimer);
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
      this.notePreview();
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
      const next = nearestToward(this.layout.points.map((_, j) => this.at(j)), i, dx, dy);
      if (next !== null) this.moveFocus(next);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.pick(i);
    } else if (e.key === 'Escape' && this.selected !== null && !this.autoSelected) {
      this.selected = null;
      this.drawMarks();
      this.notePreview();
    }
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
    const P = this.layout.points.map((_, j) => this.at(j));
    const moved = prev && s.cursor === prev.cursor + 1 && s.lastMove ? ends({ text: '', cell: s.lastMove.cell, from: s.lastMove.from }) : null;
    const nodes: SVGGElement[] = [];
    s.cells.forEach((c, i) => {
      if (c !== 1 && c !== 2) return;
      const g = pieceNode(this.layout.pieces[c - 1], P[i], i);
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
      g.classList.toggle('last-from', !!last && last.from === i);
      g.classList.toggle('last-to', !!last && last.cell === i);
      g.classList.toggle('end', s.outcome?.cells.includes(i) ?? false);
      if (targets.has(i)) g.dataset.target = 'true';
      else delete g.dataset.target;
      const lastWords = !last ? '' : last.from === i ? ', the last move left it' : last.cell === i ? ', the last move went here' : '';
      const extra = (this.selected === i ? ', picked up' : targets.has(i) ? ', a legal target' : movable.has(i) ? ', can move' : '') + lastWords;
      g.setAttribute('aria-label', `Point ${this.layout.points[i].name}: ${piece ? piece.words : 'empty'}${extra}`);
    });
  }
}

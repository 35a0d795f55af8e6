// The game's moves as a table: one row per turn, numbered at the left, with
// a column per side headed by the side's name (a turn of several moves, as
// two stones a turn, in one cell). A move is a button that shows
// the position after it (a jump in the record); the current position's move
// is marked; undone moves (after the cursor) are struck through until a new
// move drops them. The list scrolls in its own box to the current move.
// Under it, the game's seed and how many moves are played.

import { el } from '../../core/dom';
import type { GameState, MoveEntry } from '../../core/protocol';

/**
 * The record's moves in rows, by index, one slot per side. A side's moves
 * one after another are one turn and share a slot (two stones a turn);
 * a new row begins when the first side starts a turn, or when the slot of
 * the side starting a turn in this row is taken (the second side opens).
 */
export function moveRows(history: readonly MoveEntry[]): (number[] | null)[][] {
  const rows: (number[] | null)[][] = [];
  for (const [i, m] of history.entries()) {
    const last = rows[rows.length - 1];
    const sameTurn = i > 0 && history[i - 1].side === m.side;
    if (sameTurn) {
      last[m.side]?.push(i);
      continue;
    }
    if (!last || m.side === 0 || last[m.side] !== null) rows.push([null, null]);
    rows[rows.length - 1][m.side] = [i];
  }
  return rows;
}

/** A move that is a pass (no cell and no piece moved). */
export function isPass(m: MoveEntry): boolean {
  return m.cell === null && (m.from ?? null) === null;
}

/** The tooltip of move `i`: "Move 3, Black: f5 (undone) — show the position after it". */
export function moveTitle(sides: readonly string[], m: MoveEntry, i: number, cursor: number): string {
  const undone = i >= cursor;
  return `Move ${i + 1}, ${sides[m.side]}: ${isPass(m) ? 'passed (no legal move)' : m.text}${undone ? ' (undone)' : ''} — show the position after it`;
}

/** The line under the list: "Seed 7 · 3 moves played". */
export function playedLine(seed: number, cursor: number): string {
  return `Seed ${seed} · ${cursor} move${cursor === 1 ? '' : 's'} played`;
}

export class MoveList {
  /** The list's own scrolling box. */
  readonly element = el('div', { className: 'move-list', 'data-testid': 'moves' });
  /** The seed and the count of moves played. */
  readonly summary = el('p', {
    className: 'seed',
    title: 'The seed is the number the computer players’ random choices start from: the same seed and the same moves play the same game again.',
  });
  /** The frame that scrolls the list to the current move, if one is due. */
  private scroll = 0;
  private destroyed = false;

  /** `onJump` shows the position after the first `cursor` moves. */
  constructor(private readonly onJump: (cursor: number) => void) {}

  show(s: GameState, seed: number): void {
    this.draw(s);
    // After this frame's changes: measuring the list now would lay the page out twice.
    if (!this.scroll) {
      this.scroll = requestAnimationFrame(() => {
        this.scroll = 0;
        if (!this.destroyed) this.showCurrentMove();
      });
    }
    this.summary.textContent = playedLine(seed, s.cursor);
  }

  destroy(): void {
    this.destroyed = true;
    if (this.scroll) cancelAnimationFrame(this.scroll);
  }

  private draw(s: GameState): void {
    if (s.history.length === 0) {
      this.element.replaceChildren(el('p', { className: 'move-list-empty' }, 'No moves yet.'));
      return;
    }
    const head = el(
      'tr',
      {},
      el('th', { scope: 'col', className: 'turn-no', title: 'Turn' }, '#'),
      ...s.sides.map((name) => el('th', { scope: 'col' }, name)),
    );
    const body = moveRows(s.history).map((r, n) =>
      el(
        'tr',
        {},
        el('th', { scope: 'row', className: 'turn-no' }, `${n + 1}.`),
        ...r.map((turn) => el('td', {}, ...(turn ?? []).map((i) => this.moveButton(s, s.history[i], i)))),
      ),
    );
    const table = el(
      'table',
      { className: 'move-table' },
      el('caption', { className: 'visually-hidden' }, 'Moves of the game, one row per turn'),
      el('thead', {}, head),
      el('tbody', {}, ...body),
    );
    this.element.replaceChildren(table);
  }

  /** The button of move `i` of the record: shows the position after it. */
  private moveButton(s: GameState, m: MoveEntry, i: number): HTMLElement {
    const undone = i >= s.cursor;
    const b = el('button', { type: 'button', className: `move side-${m.side}${undone ? ' undone' : ''}${isPass(m) ? ' pass' : ''}` }, m.text);
    b.dataset.index = String(i);
    b.title = moveTitle(s.sides, m, i, s.cursor);
    b.addEventListener('click', () => this.onJump(i + 1));
    if (i === s.cursor - 1) b.setAttribute('aria-current', 'step');
    return b;
  }

  /**
   * A list longer than its box is shown as the column heads and a whole
   * number of rows: the box is made as tall as fits under its height in the
   * style sheet, so that scrolled to a move no row is cut in half under the
   * heads.
   */
  private fitRows(): void {
    const list = this.element;
    list.style.maxHeight = '';
    const row = list.querySelector('tbody tr');
    const head = list.querySelector('thead');
    if (!row || !head || list.scrollHeight <= list.clientHeight) return;
    const rowHeight = row.getBoundingClientRect().height;
    const headHeight = head.getBoundingClientRect().height;
    if (rowHeight <= 0) return;
    const rows = Math.max(1, Math.floor((list.clientHeight - headHeight) / rowHeight));
    // The borders count in the height (box-sizing: border-box).
    list.style.maxHeight = `${headHeight + rows * rowHeight + list.offsetHeight - list.clientHeight}px`;
  }

  /** Scrolls the move list's own box (never the page) so the current move shows. */
  private showCurrentMove(): void {
    const list = this.element;
    this.fitRows();
    const cur = list.querySelector<HTMLElement>('[aria-current]');
    if (!cur || list.scrollHeight <= list.clientHeight) return;
    // Below the column heads, which stay at the top of the box.
    const headHeight = list.querySelector('thead')?.getBoundingClientRect().height ?? 0;
    const top = cur.getBoundingClientRect().top - list.getBoundingClientRect().top - list.clientTop + list.scrollTop - headHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + headHeight + cur.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + headHeight + cur.offsetHeight - list.clientHeight;
  }
}

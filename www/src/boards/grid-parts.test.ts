import { describe, expect, it } from 'vitest';
import type { GameState } from '../core/protocol';
import { gridLabel, keysHelp, type GridFacts } from './grid-a11y';
import { ARROWS, digitDrop, targetCell } from './grid-input';
import { GridGeometry } from './grid-layout';
import { TURN_MS, turnFrame, turnedCells } from './grid-turns';

function state(cells: number[], extra: Partial<GameState> = {}): GameState {
  return {
    game: 'test', title: 'Test', sides: ['Black', 'White'], rows: 2, cols: 2, cells, toMove: 0, legal: [],
    lastMove: null, changed: [], counts: null, notice: null, status: null, outcome: null, history: [], cursor: 0, position: '',
    ...extra,
  };
}

describe('input: what a pick or a key means', () => {
  it('a pick is its own cell, or in a column game the legal cell of its column', () => {
    const legal = new Map([
      [37, 'd'],
      [40, 'g'],
    ]);
    expect(targetCell(2, legal, 7, false)).toBe(2);
    expect(targetCell(2, legal, 7, true)).toBe(37);
    expect(targetCell(5, legal, 7, true)).toBe(40);
    // A full column (no legal cell) keeps the cell picked; nothing is picked without a cell.
    expect(targetCell(1, legal, 7, true)).toBe(1);
    expect(targetCell(null, legal, 7, true)).toBeNull();
  });
  it('a digit drops into its column’s bottom row; other keys and columns off the board drop nowhere', () => {
    expect(digitDrop('1', 6, 7)).toBe(35);
    expect(digitDrop('7', 6, 7)).toBe(41);
    expect(digitDrop('8', 6, 7)).toBeNull();
    expect(digitDrop('0', 6, 7)).toBeNull();
    expect(digitDrop(' ', 6, 7)).toBeNull();
    expect(digitDrop('a', 6, 7)).toBeNull();
  });
  it('the arrows walk the cursor over the intersections of a 19 × 19 board', () => {
    const g = new GridGeometry(19, 19, 'intersections');
    let cursor = 0;
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'ArrowUp']) cursor = g.step(cursor, ...ARROWS[key]);
    expect(g.name(cursor)).toBe('b1');
    for (let i = 0; i < 30; i++) cursor = g.step(cursor, ...ARROWS.ArrowDown);
    expect(g.name(cursor)).toBe('b19');
  });
});

describe('the turn-over animation', () => {
  it('turns the pieces that changed side, not those put down or taken away', () => {
    const prev = state([1, 2, 0, 1]);
    const now = state([2, 2, 1, 0]);
    expect([...turnedCells(prev, now)]).toEqual([[0, 0]]);
    expect([...turnedCells(state([2, 1, 0, 0]), state([1, 2, 0, 0]))]).toEqual([
      [0, 1],
      [1, 0],
    ]);
  });
  it('narrows the old side to an edge, then widens the new one', () => {
    expect(turnFrame(0, 1, 0)).toEqual({ side: 0, width: 1 });
    expect(turnFrame(0, 1, TURN_MS / 4)).toEqual({ side: 0, width: 0.5 });
    expect(turnFrame(0, 1, TURN_MS / 2)).toEqual({ side: 1, width: 0.04 });
    expect(turnFrame(0, 1, (3 * TURN_MS) / 4)).toEqual({ side: 1, width: 0.5 });
    expect(turnFrame(1, 0, 2 * TURN_MS)).toEqual({ side: 0, width: 1 });
  });
});

describe('the board’s accessible name', () => {
  const facts = (extra: Partial<GridFacts>): GridFacts => ({
    name: 'Test board',
    placement: 'cells',
    flipped: false,
    state: null,
    cursor: 0,
    cursorName: 'a1',
    legal: false,
    value: undefined,
    dropInColumns: false,
    cols: 8,
    ...extra,
  });
  it('names the board, the cell under the cursor and the keys', () => {
    expect(gridLabel(facts({}))).toBe('Test board. Cursor on a1: empty. Arrow keys move the cursor, Enter plays.');
  });
  it('tells the position, the piece under the cursor, a legal move and its value, and a turned board', () => {
    const s = state([0, 2, 0, 0], { counts: [0, 1] });
    expect(gridLabel(facts({ state: s, cursor: 1, cursorName: 'b1', flipped: true }))).toBe(
      'Test board, seen from the other side. Black to move; Black 0, White 1; no move yet. Cursor on b1: White. Arrow keys move the cursor, Enter plays.',
    );
    expect(gridLabel(facts({ state: s, legal: true, value: 0.25 }))).toContain('Cursor on a1: empty, legal move, value 0.250.');
  });
  it('puts the cursor on a point of a board of intersections', () => {
    expect(gridLabel(facts({ name: 'Go board', placement: 'intersections', cursorName: 'k10', cols: 19 }))).toBe(
      'Go board. Cursor on the point k10: empty. Arrow keys move the cursor, Enter plays.',
    );
  });
  it('tells the digit keys of a column game', () => {
    expect(keysHelp(true, 7)).toBe('Keys 1 to 7 drop a disc; arrow keys move the cursor, Enter plays');
  });
});

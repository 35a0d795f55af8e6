import { describe, expect, it } from 'vitest';
import type { GameState } from '../core/protocol';
import { cellValues, describePosition, describePreview, endWords, heatColour, inkOn, signedPlaces, tickValue } from './board';

describe('heatColour: red at the bottom, sand in the middle, green at the top', () => {
  it('gives the scale’s stops at its ends and middle', () => {
    expect(heatColour(-1, -1, 1)).toBe('#b02020');
    expect(heatColour(0, -1, 1)).toBe('#ecd68a');
    expect(heatColour(1, -1, 1)).toBe('#1c7834');
  });
  it('mixes between the stops', () => {
    // A quarter of the way: halfway from red (176, 32, 32) to sand (236, 214, 138).
    expect(heatColour(25, 0, 100)).toBe('#ce7b55');
    // Three quarters: halfway from sand to green (28, 120, 52).
    expect(heatColour(75, 0, 100)).toBe('#84a75f');
  });
  it('clamps values outside the scale; a scale without width is all green', () => {
    expect(heatColour(-5, 0, 1)).toBe('#b02020');
    expect(heatColour(5, 0, 1)).toBe('#1c7834');
    expect(heatColour(3, 3, 3)).toBe('#1c7834');
  });
});

describe('cellValues: one way of writing for all of a heat map’s values', () => {
  it('writes exact scores as whole numbers with their sign', () => {
    const f = cellValues([-16, 0, 3]);
    expect([-16, 0, 3].map(f)).toEqual(['−16', '0', '+3']);
  });
  it('writes every value to two places with its sign when any is not whole, a 0 too', () => {
    const f = cellValues([0, 0.06, 0.63, -0.25, -0.001]);
    expect([0, 0.06, 0.63, -0.25, -0.001].map(f)).toEqual(['0.00', '+0.06', '+0.63', '−0.25', '0.00']);
  });
});

describe('signedPlaces: two places with the sign, none on a value that reads 0', () => {
  it('writes a sign on every value but zero', () => {
    expect([0.25, -0.06, 0, -0.004, 0.004, 10, -1].map(signedPlaces)).toEqual(['+0.25', '−0.06', '0.00', '0.00', '0.00', '+10.00', '−1.00']);
  });
});

describe('tickValue: the key’s ends and middle, short', () => {
  it('drops trailing zeros and keeps the sign', () => {
    expect([0, 0.5, 1, -1, -0.34, 0.1, -64, 0.004].map(tickValue)).toEqual(['0', '+0.5', '+1', '−1', '−0.34', '+0.1', '−64', '0']);
  });
});

describe('inkOn: black or white, whichever has the higher contrast', () => {
  it('is black on light colours and white on dark ones', () => {
    expect(inkOn('#ffffff')).toBe('#000000');
    expect(inkOn('#ecd68a')).toBe('#000000');
    expect(inkOn('#000000')).toBe('#ffffff');
    expect(inkOn('#b02020')).toBe('#ffffff');
    expect(inkOn('#1c7834')).toBe('#ffffff');
  });
  it('changes side where the two contrasts are equal (luminance √(0.0525·1.05) − 0.05 ≈ 0.179)', () => {
    // Greys: #767676 has luminance 0.181 (black wins), #757575 0.178 (white wins).
    expect(inkOn('#767676')).toBe('#000000');
    expect(inkOn('#757575')).toBe('#ffffff');
  });
});

function state(extra: Partial<GameState>): GameState {
  return {
    game: 'othello', title: 'Othello', sides: ['Black', 'White'], rows: 2, cols: 2, cells: [0, 0, 0, 0], toMove: 0, legal: [],
    lastMove: null, changed: [], counts: null, notice: null, status: null, outcome: null, history: [], cursor: 0, position: '',
    ...extra,
  };
}

describe('describePosition', () => {
  it('says whose turn it is, the counts and that no move is played yet', () => {
    expect(describePosition(state({ counts: [2, 2] }))).toBe('Black to move; Black 2, White 2; no move yet.');
  });
  it('names the last move and the game’s own status, without its full stop', () => {
    const s = state({ toMove: 1, lastMove: { text: 'f5', side: 0, cell: 37 }, status: 'The hounds have moved 3 times.' });
    expect(describePosition(s)).toBe('White to move; last move Black f5; The hounds have moved 3 times.');
    // A game whose moves read better named.
    expect(describePosition(s, (m) => `square ${m}`)).toBe('White to move; last move Black square f5; The hounds have moved 3 times.');
  });
  it('gives the result once the game is over', () => {
    const s = state({ toMove: null, outcome: { winner: 1, text: 'White wins 40–24.', cells: [] }, counts: [24, 40], lastMove: { text: 'a1', side: 1, cell: 0 } });
    expect(describePosition(s)).toBe('Game over: White wins 40–24; Black 24, White 40; last move White a1.');
  });
  it('names the winning line, or the point where the game ended', () => {
    const name = (c: number) => ['a1', 'b2', 'c3', 'd4'][c];
    const won = state({ toMove: null, outcome: { winner: 0, text: 'Black wins: six in a row.', cells: [0, 1, 2, 3] } });
    expect(endWords(won, name)).toBe('Black wins: six in a row. The winning line: a1, b2, c3, d4.');
    expect(describePosition(won, undefined, name)).toBe('Game over: Black wins: six in a row. The winning line: a1, b2, c3, d4; no move yet.');
    const trapped = state({ toMove: null, outcome: { winner: 0, text: 'The hounds win: the hare is trapped.', cells: [2] } });
    expect(endWords(trapped, name)).toBe('The hounds win: the hare is trapped (at c3).');
    // Without names, or while the game goes on.
    expect(endWords(won)).toBe('Black wins: six in a row.');
    expect(endWords(state({}), name)).toBe('');
  });
});

describe('describePreview', () => {
  const name = (c: number) => ['a1', 'b1', 'a2', 'b2'][c];
  it('lists the pieces put down, the pieces turned and the counts after', () => {
    const now = state({ cells: [0, 2, 2, 1] });
    const after = state({ cells: [1, 1, 1, 1], changed: [0, 1, 2], counts: [4, 0] });
    expect(describePreview('a1', now, after, name)).toBe('After a1 (a preview, not played): Black on a1; b1, a2 turn to Black; Black 4, White 0.');
  });
  it('says which cells a move leaves empty, one turned, and the result', () => {
    const now = state({ cells: [2, 1, 0, 0] });
    const after = state({ cells: [0, 2, 2, 0], changed: [0, 1, 2], outcome: { winner: 1, text: 'White wins.', cells: [] } });
    expect(describePreview('a1-a2', now, after, name)).toBe('After a1-a2 (a preview, not played): White on a2; b1 turns to White; a1 left empty; White wins.');
  });
});

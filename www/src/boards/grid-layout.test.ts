import { describe, expect, it } from 'vitest';
import { GridGeometry, INTERSECTION_REACH, SMALL_POINT_PX, gridHeight, gridLayout, smallPoints } from './grid-layout';

describe('gridLayout: room for the coordinates, a thin frame, square cells', () => {
  it('fits the longer side of the board in the width', () => {
    // 500 px: margin round(27.5) = 28, frame round(11) = 11, 461 px for 8 cells.
    expect(gridLayout(500, 8, 8)).toEqual({ top: 28, left: 28, strip: 28, cell: 461 / 8, pad: 11 });
    // A rack of 6 × 7: its 7 columns fill the width.
    expect(gridLayout(500, 6, 7).cell).toBeCloseTo(461 / 7);
  });
  it('makes the canvas as tall as the rows and their frame', () => {
    expect(gridHeight(500, 8, 8)).toBe(500);
    expect(gridHeight(500, 6, 7)).toBeCloseTo(28 + (6 * 461) / 7 + 11);
  });
  it('gives a side without coordinates the thin frame alone, and the cells its room', () => {
    // A rack numbered above its columns only: 500 − 11 − 11 = 478 px for 7 columns.
    const rack = gridLayout(500, 6, 7, { top: true, left: false });
    expect(rack).toEqual({ top: 28, left: 11, strip: 28, cell: 478 / 7, pad: 11 });
    expect(gridHeight(500, 6, 7, { top: true, left: false })).toBeCloseTo(28 + (6 * 478) / 7 + 11);
    // A 3 × 3 board with no coordinates at all is framed evenly and square.
    expect(gridLayout(500, 3, 3, { top: false, left: false })).toEqual({ top: 11, left: 11, strip: 28, cell: 478 / 3, pad: 11 });
    expect(gridHeight(500, 3, 3, { top: false, left: false })).toBe(500);
  });
  it('finds the cells from where they are drawn when top and left differ', () => {
    const g = new GridGeometry(6, 7, 'cells', 'mirror', { top: true, left: false });
    const l = g.layout(500);
    for (const sq of [0, 6, 38, 41]) {
      const [x, y] = g.centre(l, sq);
      expect(g.cellAt(l, x, y)).toBe(sq);
      const [bx, by, side] = g.box(l, sq);
      expect(bx + side / 2).toBeCloseTo(x);
      expect(by + side / 2).toBeCloseTo(y);
    }
    // The first column starts right after the thin frame, the first row after the numbers.
    expect(g.cellAt(l, 12, 30)).toBe(0);
    expect(g.cellAt(l, 10, 30)).toBeNull();
    expect(g.cellAt(l, 12, 27)).toBeNull();
  });
});

describe('a board of cells', () => {
  const g = new GridGeometry(8, 8);
  const l = { top: 20, left: 20, strip: 20, cell: 10, pad: 5 };
  it('names cells by column letter and row from the top', () => {
    expect(g.name(0)).toBe('a1');
    expect(g.name(19)).toBe('d3');
    expect(g.name(63)).toBe('h8');
  });
  it('picks the cell a point is in, anywhere in its square, and none off the board', () => {
    expect(g.cellAt(l, 20, 20)).toBe(0);
    expect(g.cellAt(l, 29.9, 29.9)).toBe(0);
    expect(g.cellAt(l, 30, 20)).toBe(1);
    // d3's square: x 50–60, y 40–50.
    expect(g.cellAt(l, 51, 49)).toBe(19);
    expect(g.cellAt(l, 19.9, 25)).toBeNull();
    expect(g.cellAt(l, 25, 100)).toBeNull();
  });
  it('draws a piece at its cell’s centre and a star where lines cross', () => {
    expect(g.centre(l, 19)).toEqual([55, 45]);
    expect(g.star(l, 2, 2)).toEqual([40, 40]);
  });
  it('has lines round the cells: rows + 1 and cols + 1 of them, across the whole board', () => {
    const lines = g.lines(l);
    expect(lines).toHaveLength(18);
    expect(lines[0]).toEqual([20, 20, 20, 100]);
    expect(lines[8]).toEqual([100, 20, 100, 100]);
    expect(lines[9]).toEqual([20, 20, 100, 20]);
  });
});

describe('a board of intersections (stones on the lines’ crossings)', () => {
  const g = new GridGeometry(19, 19, 'intersections');
  // Lines 10 px apart; the first line 5 px inside the board's edge.
  const l = { top: 20, left: 20, strip: 20, cell: 10, pad: 5 };
  it('puts intersection → point at the crossing of its lines', () => {
    expect(g.centre(l, 0)).toEqual([25, 25]);
    // Column d (3), row 3 (2).
    expect(g.centre(l, 2 * 19 + 3)).toEqual([55, 45]);
    expect(g.centre(l, 19 * 19 - 1)).toEqual([205, 205]);
  });
  it('draws its lines through the intersections, from the first to the last, one per row and column', () => {
    const lines = g.lines(l);
    expect(lines).toHaveLength(38);
    expect(lines[0]).toEqual([25, 25, 25, 205]);
    expect(lines[18]).toEqual([205, 25, 205, 205]);
    expect(lines[19]).toEqual([25, 25, 205, 25]);
    expect(lines[37]).toEqual([25, 205, 205, 205]);
  });
  it('puts its star points on intersections', () => {
    // The centre of a 19 × 19 board, k10 (column 9, row 9).
    expect(g.star(l, 9, 9)).toEqual(g.centre(l, 9 * 19 + 9));
    expect(g.star(l, 3, 15)).toEqual(g.centre(l, 3 * 19 + 15));
  });
  it('picks point → nearest intersection, on it or near it', () => {
    expect(g.cellAt(l, 25, 25)).toBe(0);
    expect(g.cellAt(l, 55, 45)).toBe(2 * 19 + 3);
    // Just short of halfway to the next one, along a line.
    expect(g.cellAt(l, 55 + 4.4, 45)).toBe(2 * 19 + 3);
    expect(g.cellAt(l, 55 - 4.4, 45)).toBe(2 * 19 + 3);
    expect(g.cellAt(l, 55, 45 + 4.4)).toBe(2 * 19 + 3);
    // Past halfway, the next one (within its reach).
    expect(g.cellAt(l, 55 + 5.6, 45)).toBe(2 * 19 + 4);
  });
  it('picks no intersection from a point farther than the reach from every one', () => {
    const r = INTERSECTION_REACH * 10;
    // Along a line: within the reach, and just beyond it.
    expect(g.cellAt(l, 55 + r - 0.01, 45)).toBe(2 * 19 + 3);
    expect(g.cellAt(l, 55 + r + 0.01, 45)).toBeNull();
    // The middle of a square of four intersections is 7.07 px from each.
    expect(g.cellAt(l, 60, 50)).toBeNull();
    // Diagonally: 3 px each way is 4.24 px away, inside the reach; 3.3 px each way is 4.67 px, outside.
    expect(g.cellAt(l, 58, 48)).toBe(2 * 19 + 3);
    expect(g.cellAt(l, 58.3, 48.3)).toBeNull();
  });
  it('takes a tap anywhere between points to the nearest free point round it, or the nearest when none is free', () => {
    const all = () => true;
    // The middle of a square of four: the one up and left wins the tie.
    expect(g.cellNear(l, 60, 50, all)).toBe(2 * 19 + 3);
    // Beyond every point's reach, nearer the lower right one: that one.
    expect(g.cellNear(l, 61.5, 51.5, all)).toBe(3 * 19 + 4);
    // That one taken: the next nearest that is free.
    expect(g.cellNear(l, 61.5, 51.5, (c) => c !== 3 * 19 + 4)).toBe(2 * 19 + 4);
    // None free: the nearest, for the board to say it is taken.
    expect(g.cellNear(l, 61.5, 51.5, () => false)).toBe(3 * 19 + 4);
    // On a point, within its reach: that point, taken or not.
    expect(g.cellNear(l, 63, 53, () => false)).toBe(3 * 19 + 4);
    // Off the board: none.
    expect(g.cellNear(l, 1, 1, all)).toBeNull();
  });
  it('picks an edge intersection from a point just outside the lines, and nothing off the board', () => {
    expect(g.cellAt(l, 21, 25)).toBe(0);
    expect(g.cellAt(l, 209, 205)).toBe(19 * 19 - 1);
    expect(g.cellAt(l, 19, 25)).toBeNull();
    expect(g.cellAt(l, 25, 211)).toBeNull();
  });
  it('turns with the board: a point picks the intersection drawn there', () => {
    const f = new GridGeometry(19, 19, 'intersections');
    f.flipped = true;
    // The top left point of the turned board is the last intersection.
    expect(f.cellAt(l, 25, 25)).toBe(19 * 19 - 1);
    expect(f.centre(l, 19 * 19 - 1)).toEqual([25, 25]);
    // A star turns with it (d16 drawn where q4 would be).
    expect(f.star(l, 15, 3)).toEqual(g.star(l, 3, 15));
  });
});

describe('the keyboard cursor moves as the board is seen', () => {
  it('steps one cell or intersection and stops at the edges', () => {
    const g = new GridGeometry(19, 19, 'intersections');
    expect(g.step(0, 0, 1)).toBe(1);
    expect(g.step(0, 1, 0)).toBe(19);
    expect(g.step(0, -1, 0)).toBe(0);
    expect(g.step(0, 0, -1)).toBe(0);
    expect(g.step(19 * 19 - 1, 1, 0)).toBe(19 * 19 - 1);
    expect(g.step(19 * 19 - 1, 0, 1)).toBe(19 * 19 - 1);
    expect(g.step(18, 0, 1)).toBe(18);
    expect(g.step(18, 1, 0)).toBe(37);
  });
  it('goes the other way on a board turned half round', () => {
    const g = new GridGeometry(8, 8);
    g.flipped = true;
    // Right on the screen is left on the board; down on the screen is up.
    expect(g.step(19, 0, 1)).toBe(18);
    expect(g.step(19, 1, 0)).toBe(11);
    expect(g.step(0, 0, 1)).toBe(0);
  });
  it('mirrors only the columns on a rack seen from behind', () => {
    const g = new GridGeometry(6, 7, 'cells', 'mirror');
    g.flipped = true;
    expect(g.step(10, 0, 1)).toBe(9);
    expect(g.step(10, 1, 0)).toBe(17);
    expect(g.shown(0)).toEqual([0, 6]);
    expect(g.cellShownAt(0, 6)).toBe(0);
  });
});

describe('smallPoints: boards too fine for a single tap', () => {
  it('a 19 × 19 board on a phone is, an 8 × 8 or a rack of 6 × 7 is not', () => {
    // A board about 370 px wide on a 390 px phone.
    expect(smallPoints(gridLayout(370, 19, 19).cell)).toBe(true);
    expect(smallPoints(gridLayout(370, 8, 8).cell)).toBe(false);
    expect(smallPoints(gridLayout(370, 6, 7).cell)).toBe(false);
    // The same 19 × 19 board drawn large, on a laptop.
    expect(smallPoints(gridLayout(640, 19, 19).cell)).toBe(false);
  });
  it('the threshold itself is large enough, and a board not laid out yet is not small', () => {
    expect(smallPoints(SMALL_POINT_PX - 0.1)).toBe(true);
    expect(smallPoints(SMALL_POINT_PX)).toBe(false);
    expect(smallPoints(0)).toBe(false);
  });
});

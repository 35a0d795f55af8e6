import { describe, expect, it } from 'vitest';
import type { WeightTable } from '../core/protocol';
import { barOf, cellOf, formatWeight, largestChanges, rowScale, rowsOf, weightsCsv } from './weights';

// Two columns (early, late), two counts (plain, edge); the bonus row has no edge count.
// Values are sums of powers of two, so that the changes compare exactly.
const table: WeightTable = {
  about: 'test',
  reference: 'hand-set',
  columns: ['early', 'late'],
  variants: ['plain', 'edge'],
  rows: [
    { group: 'Mine', name: 'three', reference: [0.5, 0, 0.5, 0], learned: [0.75, 0.125, 0.25, 0] },
    { group: 'Mine', name: 'bonus', reference: [1, null, 1, null], learned: [1, null, 0.875, null] },
    { group: 'Theirs', name: 'three, "open"', reference: [-0.5, 0, -0.5, 0], learned: [-0.5, 0, -1, -0.0625] },
  ],
};

describe('weights', () => {
  it('reads a cell by column and count, and none where the row lacks the count', () => {
    expect(cellOf(table, table.rows[0], 1, 0)).toMatchObject({ reference: 0.5, learned: 0.25 });
    expect(cellOf(table, table.rows[1], 0, 1)).toBeNull();
  });
  it('lists the weights that moved most first, in table order when equal, and leaves out the unmoved', () => {
    const moved = largestChanges(table, 10).map((c) => [c.row.name, c.column, c.variant]);
    expect(moved).toEqual([
      ['three, "open"', 1, 0],
      ['three', 0, 0],
      ['three', 1, 0],
      ['three', 0, 1],
      ['bonus', 1, 0],
      ['three, "open"', 1, 1],
    ]);
    expect(largestChanges(table, 2)).toHaveLength(2);
  });
  it('shows a count only for the rows that have it', () => {
    expect(rowsOf(table, 0).map((r) => r.name)).toEqual(['three', 'bonus', 'three, "open"']);
    expect(rowsOf(table, 1).map((r) => r.name)).toEqual(['three', 'three, "open"']);
  });
  it('scales a row by its largest value, reference or learned, not below a tenth of the table’s, and draws bars either side of the middle', () => {
    expect(rowScale(table, table.rows[2], 0)).toBe(1);
    // A row's own largest value when it is above a tenth of the count's largest…
    expect(rowScale(table, table.rows[0], 1)).toBe(0.125);
    // …and a tenth of the count's largest when the row's values are smaller.
    const tiny = { ...table, rows: [...table.rows, { group: 'Theirs', name: 'tiny', reference: [0, 0, 0, 0], learned: [0.001, 0, 0, 0] }] };
    expect(rowScale(tiny, tiny.rows[3], 0)).toBe(0.1);
    expect(barOf(0.25, 1)).toEqual({ left: 50, width: 12.5 });
    expect(barOf(-1, 1)).toEqual({ left: 0, width: 50 });
    expect(barOf(0.3, 0)).toEqual({ left: 50, width: 0 });
  });
  it('writes weights with a true minus sign, and no sign on a zero', () => {
    expect(formatWeight(-0.0211)).toBe('−0.021');
    expect(formatWeight(-0.0001)).toBe('0.000');
    expect(formatWeight(0.5)).toBe('0.500');
  });
  it('writes every value as CSV, quoting names that need it', () => {
    const lines = weightsCsv(table).trim().split('\n');
    expect(lines[0]).toBe('group,feature,column,count,hand-set,learned');
    // 4 + 2 + 4 values.
    expect(lines).toHaveLength(11);
    expect(lines).toContain('Theirs,"three, ""open""",late,edge,0,-0.0625');
  });
});

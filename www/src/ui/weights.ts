// A model's weights beside those it started from (the engine's
// `WeightTable`), as the Weights view reads them: which moved most, the
// values of one count, and the whole table as CSV. No DOM here.

import type { WeightRow, WeightTable } from '../core/protocol';
import { csvField } from '../core/text';

/** One cell of the table: a row's value in a column, counted one way. */
export interface WeightCell {
  row: WeightRow;
  column: number;
  variant: number;
  reference: number;
  learned: number;
}

/** The cell of `row` in `column`, counted as `variant`; null where the row has no such count. */
export function cellOf(table: WeightTable, row: WeightRow, column: number, variant: number): WeightCell | null {
  const i = column * table.variants.length + variant;
  const reference = row.reference[i];
  const learned = row.learned[i];
  if (reference == null || learned == null) return null;
  return { row, column, variant, reference, learned };
}

/** The `n` cells that moved furthest from the reference, largest first (ties in table order); unmoved cells are left out. */
export function largestChanges(table: WeightTable, n: number): WeightCell[] {
  const all: WeightCell[] = [];
  for (const row of table.rows) {
    for (let c = 0; c < table.columns.length; c++) {
      for (let v = 0; v < table.variants.length; v++) {
        const cell = cellOf(table, row, c, v);
        if (cell && cell.learned !== cell.reference) all.push(cell);
      }
    }
  }
  const moved = (c: WeightCell) => Math.abs(c.learned - c.reference);
  // A stable sort keeps the table's order among equal changes.
  return all.sort((a, b) => moved(b) - moved(a)).slice(0, n);
}

/** The rows counted as `variant` (a row without that count is left out). */
export function rowsOf(table: WeightTable, variant: number): WeightRow[] {
  return table.rows.filter((r) => table.columns.some((_, c) => cellOf(table, r, c, variant) !== null));
}

/** The largest magnitude in a row's cells counted as `variant`, reference and learned. */
function rowMax(table: WeightTable, row: WeightRow, variant: number): number {
  let m = 0;
  for (let c = 0; c < table.columns.length; c++) {
    const cell = cellOf(table, row, c, variant);
    if (cell) m = Math.max(m, Math.abs(cell.reference), Math.abs(cell.learned));
  }
  return m;
}

/** The share of the table's largest value below which a row's scale does not go. */
export const SCALE_FLOOR = 0.1;

/**
 * The scale a row's bars share, counted as `variant`: its largest value, so
 * that small weights show, but not below a tenth of the largest value of that
 * count in the table, so that a row of near-zeros does not draw them as large
 * as a real weight.
 */
export function rowScale(table: WeightTable, row: WeightRow, variant: number): number {
  const all = Math.max(0, ...table.rows.map((r) => rowMax(table, r, variant)));
  return Math.max(rowMax(table, row, variant), SCALE_FLOOR * all);
}

/** A bar for `value` on a scale of ±`scale` around a middle line: where it starts and how wide it is, in percent of the cell. */
export function barOf(value: number, scale: number): { left: number; width: number } {
  const width = scale > 0 ? (50 * Math.min(Math.abs(value), scale)) / scale : 0;
  return { left: value < 0 ? 50 - width : 50, width };
}

/** A weight for people: three decimals, a true minus sign. */
export function formatWeight(v: number): string {
  const t = Math.abs(v).toFixed(3);
  return v < 0 && Number(t) !== 0 ? `−${t}` : t;
}

/** The whole table, a line per value: group, row, column, count, the reference and the learned value. */
export function weightsCsv(table: WeightTable): string {
  const lines = [['group', 'feature', 'column', 'count', table.reference, 'learned'].map(csvField).join(',')];
  for (const row of table.rows) {
    for (let c = 0; c < table.columns.length; c++) {
      for (let v = 0; v < table.variants.length; v++) {
        const cell = cellOf(table, row, c, v);
        if (cell) lines.push([row.group, row.name, table.columns[c], table.variants[v], cell.reference, cell.learned].map(csvField).join(','));
      }
    }
  }
  return lines.join('\n') + '\n';
}

// A model's weights beside those it started from, over the whole window:
// the weights that moved most, then a table with a row per feature and a
// column per phase (or whatever the game's columns are), each cell a pair of
// bars — the reference in grey, the learned value in colour — around a zero
// line. One count of the features is shown at a time (the plain count
// first); the whole table downloads as CSV. Escape or Close leaves it.

import { downloadBlob, el, keepFocusIn } from '../core/dom';
import { fileStem } from '../core/text';
import type { WeightTable } from '../core/protocol';
import { barOf, cellOf, formatWeight, largestChanges, rowScale, rowsOf, weightsCsv } from './weights';

/** How many of the weights that moved most the view lists. */
const MOVED = 6;

/** A file name from a model's name. */
function csvName(name: string): string {
  return `${fileStem(name, 'model')}-weights.csv`;
}

/** The view on screen, if any: a second press of a Weights button does not open another. */
let shown: HTMLElement | null = null;

/** Shows `table`, the weights of the model named `name`, until the visitor closes it; focus goes back to `back`. */
export function openWeights(name: string, table: WeightTable, back: HTMLElement | null): void {
  if (shown) return;
  const close = el('button', { type: 'button', className: 'primary', 'data-testid': 'weights-close' }, 'Close');
  const csv = el('button', { type: 'button', 'data-testid': 'weights-csv', title: 'Every weight of every count as a table (CSV), for a spreadsheet' }, 'Download all (CSV)');
  csv.addEventListener('click', () => downloadBlob(new Blob([weightsCsv(table)], { type: 'text/csv' }), csvName(name)));

  const moved = largestChanges(table, MOVED);
  const movedList = moved.length
    ? el(
        'ol',
        { className: 'weights-moved', 'data-testid': 'weights-moved' },
        ...moved.map((c) =>
          el(
            'li',
            {},
            el('strong', {}, `${c.row.name}`),
            ` (${c.row.group.toLowerCase()}, ${table.columns[c.column]}, ${table.variants[c.variant]}): ${formatWeight(c.reference)} → ${formatWeight(c.learned)}`,
          ),
        ),
      )
    : el('p', { 'data-testid': 'weights-moved' }, `No weight has moved from the ${table.reference} ones yet.`);

  const variantId = `weights-variant-${Math.random().toString(36).slice(2)}`;
  const variant = el('select', { id: variantId, 'data-testid': 'weights-variant' });
  table.variants.forEach((v, i) => variant.append(el('option', { value: String(i) }, v)));
  const controls = el(
    'div',
    { className: 'weights-controls' },
    ...(table.variants.length > 1
      ? [el('label', { htmlFor: variantId, title: 'A pattern can be counted in several ways, each with its own weights' }, 'Count: '), variant]
      : []),
    el(
      'span',
      { className: 'weights-legend', 'aria-hidden': 'true' },
      el('span', { className: 'weights-swatch reference' }),
      ` ${table.reference}`,
      el('span', { className: 'weights-swatch learned' }),
      ' learned',
    ),
  );
  const tableBox = el('div', { className: 'weights-table-box' });

  const draw = () => {
    const v = Number(variant.value) || 0;
    const head = el('tr', {}, el('th', { scope: 'col' }, 'Feature'), ...table.columns.map((c) => el('th', { scope: 'col' }, c)));
    const body = el('tbody', {});
    let group: string | null = null;
    for (const row of rowsOf(table, v)) {
      if (row.group !== group) {
        group = row.group;
        body.append(el('tr', { className: 'weights-group' }, el('th', { scope: 'rowgroup', colSpan: table.columns.length + 1 }, group)));
      }
      const scale = rowScale(table, row, v);
      const cells = table.columns.map((_, c) => {
        const cell = cellOf(table, row, c, v);
        if (!cell) return el('td', {}, '–');
        const bar = (value: number, kind: string) => {
          const { left, width } = barOf(value, scale);
          const b = el('span', { className: `weights-bar ${kind}` });
          b.style.left = `${left}%`;
          b.style.width = `${width}%`;
          return b;
        };
        const words = `${table.reference} ${formatWeight(cell.reference)}, learned ${formatWeight(cell.learned)}`;
        return el(
          'td',
          { title: words },
          el('span', { className: 'weights-bars', 'aria-hidden': 'true' }, bar(cell.reference, 'reference'), bar(cell.learned, 'learned')),
          el('span', { className: 'weights-value', 'aria-hidden': 'true' }, formatWeight(cell.learned)),
          el('span', { className: 'visually-hidden' }, words),
        );
      });
      body.append(el('tr', { 'data-row': row.name }, el('th', { scope: 'row' }, row.name), ...cells));
    }
    tableBox.replaceChildren(
      el(
        'table',
        { className: 'weights-table', 'data-testid': 'weights-table' },
        el('caption', { className: 'visually-hidden' }, `Weights of ${name}, ${table.variants[v]}`),
        el('thead', {}, head),
        body,
      ),
    );
  };
  variant.addEventListener('change', draw);
  draw();

  const view = el(
    'div',
    { className: 'curve-view weights-view', role: 'dialog', 'aria-modal': 'true', 'aria-label': `What ${name} learned`, 'data-testid': 'weights-view' },
    el('div', { className: 'curve-view-head' }, el('h2', {}, `What “${name}” learned`), close),
    el(
      'div',
      { className: 'weights-body' },
      el('p', {}, table.about),
      el('h3', {}, `Moved most from the ${table.reference} weights`),
      movedList,
      el('h3', {}, 'Every weight'),
      el('p', { className: 'hint' }, `Each row has its own scale (at least a tenth of the largest weight’s); the line in each cell is 0. The number is the learned weight.`),
      controls,
      tableBox,
      el('p', {}, csv),
    ),
  );
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') done();
    keepFocusIn(view, e);
  };
  const done = () => {
    document.removeEventListener('keydown', onKey);
    shown = null;
    view.remove();
    // Another full-window view (a model's curves) may still be open.
    if (!document.querySelector('.curve-view')) document.body.classList.remove('curve-view-open');
    back?.focus();
  };
  close.addEventListener('click', done);
  document.addEventListener('keydown', onKey);
  shown = view;
  document.body.append(view);
  document.body.classList.add('curve-view-open');
  close.focus();
}

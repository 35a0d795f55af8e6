// A saved model's learning curves, reopened from the Models tab: its run's
// charts as the Train tab drew them, over the whole window, each with its
// large view and its exports (CSV, PNG). Escape or Close leaves it.

import { CurveChart } from '../core/curve-chart';
import { el, keepFocusIn } from '../core/dom';
import type { SavedCurve } from '../core/storage';

/** Shows `curve` (of the model named `name`) until the visitor closes it. */
export function openCurves(name: string, curve: SavedCurve, back: HTMLElement | null): void {
  const close = el('button', { type: 'button', className: 'primary', 'data-testid': 'curves-close' }, 'Close');
  const charts: CurveChart[] = [];
  const body = el('div', { className: 'curve-view-charts' });
  const view = el(
    'div',
    { className: 'curve-view', role: 'dialog', 'aria-modal': 'true', 'aria-label': `Learning curves of ${name}`, 'data-testid': 'curves-view' },
    el('div', { className: 'curve-view-head' }, el('h2', {}, `Learning curves of “${name}”`), close),
    body,
  );
  for (const spec of curve.charts) {
    const lines = curve.lines.filter((l) => l.chart === spec.id && l.points.length > 0);
    if (lines.length === 0) continue;
    const box = el('div', { className: 'run-chart', 'data-chart': spec.id });
    body.append(box);
    const chart = new CurveChart(box, { title: spec.title, xLabel: spec.xLabel, yLabel: spec.yLabel, yRange: spec.yRange ?? undefined });
    chart.setCurves(lines.map((l) => ({ label: l.label, color: l.color, dashed: l.dashed, about: l.about, points: l.points })));
    charts.push(chart);
  }
  if (charts.length === 0) body.append(el('p', {}, 'This model’s run had no curve points yet.'));
  const onKey = (e: KeyboardEvent) => {
    // A chart's own large view closes first.
    if (e.key === 'Escape' && !document.querySelector('.chart-full')) done();
    keepFocusIn(view, e);
  };
  const done = () => {
    document.removeEventListener('keydown', onKey);
    for (const c of charts) c.destroy();
    view.remove();
    // Another full-window view may still be open.
    if (!document.querySelector('.curve-view')) document.body.classList.remove('curve-view-open');
    back?.focus();
  };
  close.addEventListener('click', done);
  document.addEventListener('keydown', onKey);
  document.body.append(view);
  document.body.classList.add('curve-view-open');
  close.focus();
}

// Learning curves: several curves (runs × opponents) overlaid on one chart,
// growing as training goes. Drawn with uPlot (small, fast, canvas-based);
// each curve keeps its own x values and uPlot.join aligns them.

import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One curve: points (x, y) in order of x. */
export interface Curve {
  label: string;
  color: string;
  points: Array<[number, number]>;
  /** Dashed, e.g. for the second colour of the same run. */
  dashed?: boolean;
  /** The legend entry that shows and hides this curve (default: its label);
   *  e.g. a run's solid and dashed curves share one entry. */
  group?: string;
}

export interface ChartOptions {
  title: string;
  xLabel: string;
  yLabel: string;
  /** Fixed y range, e.g. [0, 100] for percentages. */
  yRange?: [number, number];
  height?: number;
}

/** A palette that stays readable on the page's light and dark themes. */
export const PALETTE = [
  '#2f7ed8', '#d9534f', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2', '#7f7f7f',
];

/** The points of a curve in uPlot's joined data (gaps are null). */
function pointCount(ys: ArrayLike<number | null | undefined>): number {
  let n = 0;
  for (let i = 0; i < ys.length; i++) if (ys[i] != null) n++;
  return n;
}

function groupOf(c: Curve): string {
  return c.group ?? c.label;
}

/** Formats a game count compactly: 950, 12.5k, 2.1M. */
export function compactCount(n: number): string {
  if (n >= 1e6) return `${+(n / 1e6).toFixed(n >= 1e7 ? 0 : 1)}M`;
  if (n >= 1e3) return `${+(n / 1e3).toFixed(n >= 1e4 ? 0 : 1)}k`;
  return `${Math.round(n)}`;
}

export class CurveChart {
  private plot: uPlot | null = null;
  private signature = '';
  private readonly box: HTMLElement;
  private readonly legend: HTMLElement;
  private readonly table: HTMLTableElement;
  /** Legend entries the visitor has hidden; kept when the curves change. */
  private readonly hidden = new Set<string>();
  private readonly resize: ResizeObserver;
  private curves: Curve[] = [];

  constructor(
    host: HTMLElement,
    private readonly opts: ChartOptions,
  ) {
    this.box = document.createElement('div');
    this.box.className = 'chart';
    this.box.setAttribute('role', 'img');
    this.box.setAttribute('aria-label', opts.title);
    // The numbers behind the chart, for keyboards and screen readers.
    const details = document.createElement('details');
    details.className = 'chart-data';
    const summary = document.createElement('summary');
    summary.textContent = 'Data';
    this.table = document.createElement('table');
    details.append(summary, this.table);
    // A compact legend: one button per entry, pressed = shown.
    this.legend = document.createElement('div');
    this.legend.className = 'chart-legend';
    this.legend.setAttribute('role', 'group');
    this.legend.setAttribute('aria-label', `${opts.title}: curves (press to hide or show)`);
    host.append(this.box, this.legend, details);
    this.resize = new ResizeObserver(() => this.fit());
    this.resize.observe(this.box);
  }

  /** The box's width; before the box is laid out (not yet in the page, or
   *  in a hidden tab) the narrowest chart, so that it never overflows a
   *  phone's screen before the resize observer fits it. */
  private width(): number {
    return Math.max(240, Math.floor(this.box.clientWidth));
  }

  private lastWidth = 0;
  private fitFrame = 0;

  /** Follows the box's width, in the next frame and only when it changed
   *  (resizing inside the observer's callback would loop). */
  private fit(): void {
    cancelAnimationFrame(this.fitFrame);
    this.fitFrame = requestAnimationFrame(() => {
      const w = this.width();
      if (!this.plot || w === this.lastWidth) return;
      this.lastWidth = w;
      this.plot.setSize({ width: w, height: this.opts.height ?? 260 });
    });
  }

  /** Replaces the curves; keeps the chart when only the points changed. */
  setCurves(curves: Curve[]): void {
    this.curves = curves;
    const sig = curves.map((c) => `${c.label}|${c.color}|${c.dashed ? 1 : 0}`).join('\n');
    const tables = curves.map((c): uPlot.AlignedData => [
      c.points.map((p) => p[0]),
      c.points.map((p) => p[1]),
    ]);
    const data: uPlot.AlignedData =
      tables.length === 0 ? [[]] : tables.length === 1 ? tables[0] : uPlot.join(tables);
    if (sig !== this.signature || !this.plot) {
      this.signature = sig;
      this.plot?.destroy();
      this.plot = new uPlot(this.options(curves), data, this.box);
      this.lastWidth = this.width();
      this.renderLegend();
    } else {
      this.plot.setData(data);
    }
    this.renderTable();
  }

  private renderLegend(): void {
    const groups = new Map<string, Curve>();
    for (const c of this.curves) if (!groups.has(groupOf(c))) groups.set(groupOf(c), c);
    this.legend.replaceChildren(
      ...[...groups].map(([group, c]) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'legend-entry';
        b.setAttribute('aria-pressed', String(!this.hidden.has(group)));
        const swatch = document.createElement('span');
        swatch.className = 'legend-swatch';
        swatch.style.background = c.color;
        swatch.setAttribute('aria-hidden', 'true');
        b.append(swatch, group);
        b.addEventListener('click', () => this.toggle(group, b));
        return b;
      }),
    );
  }

  private toggle(group: string, button: HTMLButtonElement): void {
    const show = this.hidden.has(group);
    if (show) this.hidden.delete(group);
    else this.hidden.add(group);
    button.setAttribute('aria-pressed', String(show));
    this.curves.forEach((c, i) => {
      if (groupOf(c) === group) this.plot?.setSeries(i + 1, { show });
    });
  }

  private options(curves: Curve[]): uPlot.Options {
    const o = this.opts;
    return {
      title: o.title,
      width: this.width(),
      height: o.height ?? 260,
      scales: {
        x: { time: false },
        y: o.yRange ? { range: o.yRange } : {},
      },
      axes: [
        { label: o.xLabel, values: (_u, ticks) => ticks.map(compactCount) },
        { label: o.yLabel },
      ],
      // The page draws its own compact legend (renderLegend).
      legend: { show: false },
      series: [
        { label: o.xLabel, value: (_u, v) => (v == null ? '–' : compactCount(v)) },
        ...curves.map(
          (c): uPlot.Series => ({
            label: c.label,
            show: !this.hidden.has(groupOf(c)),
            stroke: c.color,
            width: 2,
            dash: c.dashed ? [6, 4] : undefined,
            spanGaps: true,
            // Markers while a curve has few points (it grows as training goes).
            points: { show: (u, si) => pointCount(u.data[si]) < 40 },
            value: (_u, v) => (v == null ? '–' : v.toFixed(1)),
          }),
        ),
      ],
    };
  }

  private renderTable(): void {
    const rows: string[][] = [['curve', this.opts.xLabel, this.opts.yLabel]];
    for (const c of this.curves) {
      const last = c.points[c.points.length - 1];
      if (last) rows.push([c.label, compactCount(last[0]), last[1].toFixed(1)]);
    }
    this.table.replaceChildren(
      ...rows.map((r, i) => {
        const tr = document.createElement('tr');
        for (const cell of r) {
          const td = document.createElement(i === 0 ? 'th' : 'td');
          td.textContent = cell;
          tr.append(td);
        }
        return tr;
      }),
    );
  }

  destroy(): void {
    cancelAnimationFrame(this.fitFrame);
    this.resize.disconnect();
    this.plot?.destroy();
    this.plot = null;
  }
}

// Learning curves drawn: several curves (runs × opponents) overlaid on one
// chart, growing as training goes, with uPlot (small, fast, canvas-based);
// each curve keeps its own x values and uPlot.join aligns them.
//
// A share of games (won, or lost) measured on a sample is drawn as its line and a
// shaded band, its 95% range (charts.ts, bandHalfWidth): how far the
// measured rate may be from the true one by chance. Any other curve is drawn
// as its moving average, with the measured values as faint dots. The legend
// has one entry per line, drawn in the line's colour and dash style.
//
// Each chart has a large view (it fills the window, for a class on a
// projector; Escape or Close leaves it) and exports: its points as CSV, and
// the chart with its title and legend as a PNG image. Where the page around
// it lends the board's place (a game's view on a wide screen, board-place.ts),
// "In the board's place" moves the chart there, larger, until "Back to the
// board" (or the view taking the place back) puts it back where it was.

import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { borrowPlace, type PlaceLoan } from './board-place';
import { downloadBlob } from './dom';
import { messageOf, showNotice } from './notices';
import { csvField, fileStem } from './text';
import { BAND_NOTE, BAND_WORDS, bandHalfWidth, bandShade, compactCount, curveKey, isSampledRate, movingAverage, SMOOTH_REACH, type ChartOptions, type Curve } from './charts';

/** Lines shown at first: more are listed in the legend, off, to be turned on one by one. */
export const MAX_SHOWN = 8;

/** A file name from a chart's title. */

/** The height inside an element's padding. */
function contentHeight(e: HTMLElement): number {
  const style = getComputedStyle(e);
  return e.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
}

/** The dash pattern of a dashed line (canvas and SVG alike). */
const DASH = [6, 4];

/** The points of a curve in uPlot's joined data (gaps are null). */
function pointCount(ys: ArrayLike<number | null | undefined>): number {
  let n = 0;
  for (let i = 0; i < ys.length; i++) if (ys[i] != null) n++;
  return n;
}

/** A colour (#rrggbb) with an opacity. */
function faint(color: string, alpha: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(color);
  if (!m) return color;
  const v = parseInt(m[1], 16);
  return `rgba(${v >> 16}, ${(v >> 8) & 255}, ${v & 255}, ${alpha})`;
}

const SMOOTH_WORDS = `The line is the average of each point and up to ${SMOOTH_REACH} neighbours on each side; the faint dots are the measured values.`;

/** What a legend entry says in its tooltip about its line. */
function legendTitle(c: Curve, rate: boolean, exact = false): string {
  const line = c.dashed ? 'Dashed line' : 'Solid line';
  const last = c.points[c.points.length - 1];
  const sample = rate && last?.[2] ? ` Each point was measured on ${last[2].toLocaleString('en-US')} games.` : '';
  const about = c.about ? ` ${c.about}` : '';
  const how = rate ? BAND_WORDS : exact ? '' : SMOOTH_WORDS;
  return `${line}: ${c.label}.${about}${sample}${how ? ` ${how}` : ''} Press to hide or show it.`;
}

/** A short line in the curve's colour and dash style, with the band's shade behind it for a rate. */
function swatch(c: Curve, rate: boolean): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('class', 'legend-swatch');
  svg.setAttribute('width', '26');
  svg.setAttribute('height', '12');
  svg.setAttribute('viewBox', '0 0 26 12');
  svg.setAttribute('aria-hidden', 'true');
  if (rate) {
    const band = document.createElementNS(ns, 'rect');
    band.setAttribute('x', '0');
    band.setAttribute('y', '2');
    band.setAttribute('width', '26');
    band.setAttribute('height', '8');
    band.setAttribute('fill', faint(c.color, 0.22));
    svg.append(band);
  }
  const line = document.createElementNS(ns, 'line');
  line.setAttribute('x1', '0');
  line.setAttribute('x2', '26');
  line.setAttribute('y1', '6');
  line.setAttribute('y2', '6');
  line.setAttribute('stroke', c.color);
  line.setAttribute('stroke-width', '2.5');
  if (c.dashed) line.setAttribute('stroke-dasharray', DASH.join(' '));
  svg.append(line);
  return svg;
}

export class CurveChart {
  private plot: uPlot | null = null;
  private signature = '';
  private readonly box: HTMLElement;
  private readonly legend: HTMLElement;
  private readonly note: HTMLElement;
  /** Over the empty axes before the first point. */
  private readonly empty: HTMLElement;
  private readonly table: HTMLTableElement;
  /** Curves (by `curveKey`) the visitor has hidden; kept when the curves change. */
  private readonly hidden = new Set<string>();
  private readonly resize: ResizeObserver;
  private readonly host: HTMLElement;
  private readonly largeButton: HTMLButtonElement;
  private readonly closeButton: HTMLButtonElement;
  /** The large view is open; `Escape` closes it. */
  private large = false;
  private readonly placeButton: HTMLButtonElement;
  private readonly backButton: HTMLButtonElement;
  /** Left where the chart was while it is in the board's place. */
  private readonly away: HTMLElement;
  /** The board's place, while the chart is shown there. */
  private loan: PlaceLoan | null = null;
  private readonly onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && this.large) {
      e.preventDefault();
      this.setLarge(false);
    }
  };
  /** Curves (by `curveKey`) seen before: a new one beyond the first MAX_SHOWN starts hidden. */
  private readonly seen = new Set<string>();
  private curves: Curve[] = [];
  /** uPlot's series of each curve: its line first, then its band's edges or its dots. */
  private seriesOf: number[][] = [];
  /** Each curve's band among uPlot's bands (none for a curve without one). */
  private bandOf: Array<{ index: number; series: [number, number] } | undefined> = [];

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
    // A compact legend: one button per line, pressed = shown.
    this.legend = document.createElement('div');
    this.legend.className = 'chart-legend';
    this.legend.setAttribute('role', 'group');
    this.legend.setAttribute('aria-label', `${opts.title}: lines (press to hide or show)`);
    this.note = document.createElement('p');
    this.note.className = 'chart-note';
    this.empty = document.createElement('p');
    this.empty.className = 'chart-empty';
    this.empty.dataset.testid = 'chart-empty';
    this.empty.textContent = 'No points yet: each one appears here as soon as it is measured.';
    this.empty.hidden = true;
    this.box.append(this.empty);
    const button = (text: string, testid: string, title: string) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = text;
      b.dataset.testid = testid;
      b.title = title;
      return b;
    };
    this.largeButton = button('Large view', 'chart-large', 'Shows the chart over the whole window, for a class or a projector (Escape closes it).');
    this.closeButton = button('Close', 'chart-close', 'Back to the page (Escape)');
    this.closeButton.hidden = true;
    const csv = button('CSV', 'chart-csv', 'Downloads the points of every line as a table (CSV), for a spreadsheet.');
    const png = button('Image', 'chart-png', 'Downloads the chart with its legend as an image (PNG).');
    this.largeButton.addEventListener('click', () => this.setLarge(true));
    this.closeButton.addEventListener('click', () => this.setLarge(false));
    // Shown by the stylesheet only inside a view that offers the board's place.
    this.placeButton = button(
      'In the board’s place',
      'chart-place',
      'Shows this chart where the board is, larger, while the run trains (a run being watched goes back to full speed); the board comes back with ‘Back to the board’.',
    );
    this.placeButton.classList.add('chart-place');
    this.backButton = button('Back to the board', 'chart-unplace', 'Shows the board again and puts this chart back in its panel.');
    this.backButton.classList.add('primary');
    this.backButton.hidden = true;
    this.placeButton.addEventListener('click', () => this.setPlaced(true));
    this.backButton.addEventListener('click', () => this.setPlaced(false));
    this.away = document.createElement('p');
    this.away.className = 'chart-away';
    this.away.dataset.testid = 'chart-away';
    this.away.textContent = `“${opts.title}” is shown larger in the board’s place; ‘Back to the board’ brings it back here.`;
    csv.addEventListener('click', () => downloadBlob(new Blob([this.csv()], { type: 'text/csv' }), `${fileStem(opts.title, 'chart')}.csv`));
    png.addEventListener('click', () => {
      this.image().then(
        (b) => downloadBlob(b, `${fileStem(opts.title, 'chart')}.png`),
        (e: unknown) => showNotice(`The image could not be made: ${messageOf(e)}`),
      );
    });
    const tools = document.createElement('div');
    tools.className = 'chart-tools controls';
    tools.append(this.backButton, this.largeButton, this.placeButton, csv, png, this.closeButton);
    this.host = host;
    host.append(tools, this.box, this.legend, this.note, details);
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
      const h = this.height();
      if (!this.plot || (w === this.lastWidth && h === this.plot.height)) return;
      this.lastWidth = w;
      this.plot.setSize({ width: w, height: h });
    });
  }

  /** The plot's height: in the large view the window's, in the board's place
   *  the place's, less the tools and legend. */
  private height(): number {
    const room = this.large ? window.innerHeight : this.loan ? contentHeight(this.loan.slot) : 0;
    if (room <= 0) return this.opts.height ?? 260;
    // The tools, legend, note and table above and under the box, and the title in it.
    let other = 0;
    for (const c of this.host.children) if (c !== this.box) other += c.getBoundingClientRect().height;
    const title = this.plot ? Math.max(0, this.box.getBoundingClientRect().height - this.plot.height) : 40;
    const style = getComputedStyle(this.host);
    const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
    return Math.max(160, Math.floor(room - other - title - padding - 24));
  }

  /** The tools of where the chart is: in the large view only Close and the exports. */
  private showTools(): void {
    const placed = this.loan !== null;
    this.largeButton.hidden = this.large;
    this.closeButton.hidden = !this.large;
    this.placeButton.hidden = this.large || placed;
    this.backButton.hidden = this.large || !placed;
  }

  /** Whether the chart is in the board's place. */
  get placed(): boolean {
    return this.loan !== null;
  }

  /** Moves the chart to the board's place, if the page around it lends it, or back where it was. */
  setPlaced(on: boolean, focus = true): void {
    if (on === (this.loan !== null)) return;
    if (on) {
      const loan = borrowPlace(this.host, () => this.setPlaced(false, false));
      if (!loan) return;
      this.loan = loan;
      this.host.replaceWith(this.away);
      loan.slot.append(this.host);
      this.resize.observe(loan.slot);
    } else {
      const loan = this.loan!;
      this.loan = null;
      // Moving the chart takes the focus from it: it goes to the chart's tools again.
      const within = this.host.contains(document.activeElement);
      this.resize.unobserve(loan.slot);
      if (this.away.parentNode) this.away.replaceWith(this.host);
      else this.host.remove();
      loan.release();
      focus ||= within;
    }
    this.showTools();
    // A large view that moved with the chart keeps the page behind it, and
    // only that, inert: the chart's new ancestors' siblings, not its own.
    if (this.large) {
      this.setBackgroundInert(true);
      if (focus) this.closeButton.focus();
      focus = false;
    }
    if (focus) {
      if (this.loan) this.backButton.focus();
      else {
        this.placeButton.focus();
        // On a narrow screen the button is not shown.
        if (document.activeElement !== this.placeButton) this.largeButton.focus();
      }
    }
    this.lastWidth = 0;
    this.fit();
  }

  /** Elements made inert while the large view is open (they were not before). */
  private inerted: HTMLElement[] = [];

  /** While the large view is open, the rest of the page takes no focus,
   *  clicks or screen-reader reading: every sibling of the chart and of each
   *  of its ancestors is inert. */
  private setBackgroundInert(on: boolean): void {
    for (const e of this.inerted) e.inert = false;
    this.inerted = [];
    if (!on) return;
    for (let node: HTMLElement | null = this.host; node && node !== document.body; node = node.parentElement) {
      for (const sib of node.parentElement?.children ?? []) {
        if (sib !== node && sib instanceof HTMLElement && !sib.inert) {
          sib.inert = true;
          this.inerted.push(sib);
        }
      }
    }
  }

  /** Opens or closes the large view (the chart over the whole window). */
  setLarge(on: boolean, focus = true): void {
    if (on === this.large) return;
    this.large = on;
    this.host.classList.toggle('chart-full', on);
    this.host.setAttribute('role', on ? 'dialog' : '');
    if (on) {
      this.host.setAttribute('aria-modal', 'true');
      this.host.setAttribute('aria-label', this.opts.title);
    } else {
      for (const a of ['role', 'aria-modal', 'aria-label']) this.host.removeAttribute(a);
    }
    this.showTools();
    document.body.classList.toggle('chart-full-open', on);
    this.setBackgroundInert(on);
    if (on) {
      document.addEventListener('keydown', this.onKey);
      this.closeButton.focus();
    } else {
      document.removeEventListener('keydown', this.onKey);
      if (focus) this.largeButton.focus();
    }
    this.lastWidth = 0;
    this.fit();
  }

  /** Every point of every line: curve, x, y and (for a share of games) the games it was measured on. */
  csv(): string {
    const rows = [['curve', this.opts.xLabel, this.opts.yLabel, 'games measured'].map(csvField).join(',')];
    for (const c of this.curves) for (const p of c.points) rows.push([c.label, p[0], p[1], p[2] ?? ''].map(csvField).join(','));
    return `${rows.join('\n')}\n`;
  }

  /** The chart as drawn, with its title above and its shown lines' legend below, as a PNG. */
  image(): Promise<Blob> {
    const plot = this.plot;
    if (!plot) return Promise.reject(new Error('the chart has no lines yet'));
    const src = plot.ctx.canvas;
    const ratio = src.width / Math.max(1, plot.width);
    const shown = this.curves.filter((c) => !this.hidden.has(curveKey(c)));
    const line = 22 * ratio;
    const canvas = document.createElement('canvas');
    canvas.width = src.width;
    canvas.height = Math.ceil(src.height + line * (2 + shown.length));
    const g = canvas.getContext('2d');
    if (!g) return Promise.reject(new Error('this browser cannot draw the image'));
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.fillStyle = '#1d2621';
    g.font = `bold ${15 * ratio}px system-ui, sans-serif`;
    g.textBaseline = 'middle';
    g.fillText(this.opts.title, 10 * ratio, line * 0.75, canvas.width - 20 * ratio);
    g.drawImage(src, 0, line * 1.5);
    g.font = `${13 * ratio}px system-ui, sans-serif`;
    shown.forEach((c, i) => {
      const y = src.height + line * (2 + i);
      g.strokeStyle = c.color;
      g.lineWidth = 2.5 * ratio;
      g.setLineDash(c.dashed ? DASH.map((d) => d * ratio) : []);
      g.beginPath();
      g.moveTo(10 * ratio, y);
      g.lineTo(36 * ratio, y);
      g.stroke();
      g.fillText(c.label, 44 * ratio, y, canvas.width - 54 * ratio);
    });
    return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the image could not be made'))), 'image/png'));
  }

  /** Replaces the curves; keeps the chart when only the points changed. */
  setCurves(curves: Curve[]): void {
    this.curves = curves;
    // A readable number of lines: the first MAX_SHOWN are drawn, later ones start off (the legend turns them on).
    for (const c of curves) {
      const key = curveKey(c);
      if (this.seen.has(key)) continue;
      if (this.seen.size >= MAX_SHOWN) this.hidden.add(key);
      this.seen.add(key);
    }
    this.host.dataset.lines = String(curves.length);
    const points = curves.reduce((n, c) => n + c.points.length, 0);
    this.host.dataset.points = String(points);
    this.empty.hidden = points > 0;
    // Inside the image role the note is not read out: the image's name says it.
    this.box.setAttribute('aria-label', points > 0 ? this.opts.title : `${this.opts.title}: ${this.empty.textContent ?? ''}`);
    this.host.dataset.shown = String(curves.filter((c) => !this.hidden.has(curveKey(c))).length);
    const rates = curves.map(isSampledRate);
    const sig = curves.map((c, i) => `${c.label}|${c.color}|${c.dashed ? 1 : 0}|${rates[i] ? 1 : 0}`).join('\n');
    const tables = curves.map((c, i): uPlot.AlignedData => {
      const xs = c.points.map((p) => p[0]);
      const ys = c.points.map((p) => p[1]);
      if (rates[i]) {
        const half = c.points.map((p) => bandHalfWidth(p[1], p[2] ?? 0));
        return [xs, ys, ys.map((y, j) => Math.max(0, y - half[j])), ys.map((y, j) => Math.min(100, y + half[j]))];
      }
      return this.opts.exact ? [xs, ys] : [xs, movingAverage(ys), ys];
    });
    const data: uPlot.AlignedData = tables.length === 0 ? [[]] : tables.length === 1 ? tables[0] : uPlot.join(tables);
    if (sig !== this.signature || !this.plot) {
      this.signature = sig;
      this.plot?.destroy();
      this.plot = new uPlot(this.options(curves, rates), data, this.box);
      this.lastWidth = this.width();
      this.renderLegend(rates);
    } else {
      this.plot.setData(data);
    }
    this.renderTable(rates);
  }

  private renderLegend(rates: boolean[]): void {
    this.legend.replaceChildren(
      ...this.curves.map((c, i) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'legend-entry';
        b.dataset.dash = c.dashed ? DASH.join(' ') : 'solid';
        b.dataset.band = rates[i] ? '95%' : this.opts.exact ? 'exact' : 'average';
        b.title = legendTitle(c, rates[i], this.opts.exact);
        b.setAttribute('aria-pressed', String(!this.hidden.has(curveKey(c))));
        b.append(swatch(c, rates[i]), c.label);
        b.addEventListener('click', () => this.toggle(i, b));
        return b;
      }),
    );
    const notes: string[] = [];
    if (rates.some(Boolean)) notes.push(BAND_NOTE);
    if (rates.some((r) => !r) && !this.opts.exact) notes.push(`Lines: averages over ${2 * SMOOTH_REACH + 1} points; dots: the measured values.`);
    if (this.curves.length > MAX_SHOWN) notes.push(`The first ${MAX_SHOWN} lines are drawn; press a name to show or hide its line.`);
    this.note.textContent = notes.join(' ');
    this.note.title = [rates.some(Boolean) ? BAND_WORDS : '', rates.some((r) => !r) && !this.opts.exact ? SMOOTH_WORDS : ''].filter(Boolean).join(' ');
  }

  /** The opacity of each band when the curves `withBand` has marked and the visitor shows have bands. */
  private shade(curves: Curve[], withBand: (i: number) => boolean): number {
    const shade = bandShade(curves.filter((c, i) => withBand(i) && !this.hidden.has(curveKey(c))).length);
    this.host.dataset.bandShade = String(shade);
    return shade;
  }

  /** Each band as faint as the number of bands shown asks. */
  private reshade(): void {
    const plot = this.plot;
    if (!plot) return;
    const shade = this.shade(this.curves, (i) => this.bandOf[i] !== undefined);
    this.curves.forEach((c, i) => {
      const b = this.bandOf[i];
      // uPlot keeps a band's fill as a function.
      if (b) plot.setBand(b.index, { series: b.series, fill: () => faint(c.color, shade) });
    });
    plot.redraw(false);
  }

  private toggle(i: number, button: HTMLButtonElement): void {
    const key = curveKey(this.curves[i]);
    const show = this.hidden.has(key);
    if (show) this.hidden.delete(key);
    else this.hidden.add(key);
    button.setAttribute('aria-pressed', String(show));
    for (const s of this.seriesOf[i] ?? []) this.plot?.setSeries(s, { show });
    this.reshade();
    this.host.dataset.shown = String(this.curves.filter((c) => !this.hidden.has(curveKey(c))).length);
  }

  private options(curves: Curve[], rates: boolean[]): uPlot.Options {
    const o = this.opts;
    const series: uPlot.Series[] = [{ label: o.xLabel, value: (_u, v) => (v == null ? '–' : compactCount(v)) }];
    const bands: uPlot.Band[] = [];
    // Many bands over each other blend into one mud: each fainter the more are shown.
    const shade = this.shade(curves, (i) => rates[i]);
    this.seriesOf = [];
    this.bandOf = [];
    curves.forEach((c, i) => {
      const show = !this.hidden.has(curveKey(c));
      const line = series.length;
      series.push({
        label: c.label,
        show,
        stroke: c.color,
        width: 2,
        dash: c.dashed ? DASH : undefined,
        spanGaps: true,
        // Markers while a curve has few points (it grows as training goes).
        points: { show: (u, si) => pointCount(u.data[si]) < 40 },
        value: (_u, v) => (v == null ? '–' : v.toFixed(1)),
      });
      if (rates[i]) {
        const edge = (label: string): uPlot.Series => ({ label, show, stroke: 'transparent', width: 0, spanGaps: true, points: { show: false } });
        series.push(edge(`${c.label} (95% low)`), edge(`${c.label} (95% high)`));
        const band: uPlot.Band = { series: [line + 2, line + 1], fill: faint(c.color, shade) };
        this.bandOf[i] = { index: bands.length, series: band.series };
        bands.push(band);
        this.seriesOf.push([line, line + 1, line + 2]);
      } else if (o.exact) {
        this.seriesOf.push([line]);
      } else {
        series.push({
          label: `${c.label} (measured)`,
          show,
          stroke: faint(c.color, 0.45),
          width: 0,
          paths: () => null,
          points: { show: true, size: 4, fill: faint(c.color, 0.35), stroke: faint(c.color, 0.35) },
        });
        this.seriesOf.push([line, line + 1]);
      }
    });
    return {
      title: o.title,
      width: this.width(),
      height: this.height(),
      scales: {
        x: o.xLog ? { time: false, distr: 3, log: 10 } : { time: false },
        y: o.yRange ? { range: o.yRange } : {},
      },
      // A log axis is labelled at the powers of ten only (its other ticks are the 2…9 between).
      axes: [{ label: o.xLabel, values: (_u, ticks) => ticks.map((t) => (!o.xLog || Math.abs(Math.log10(t) - Math.round(Math.log10(t))) < 1e-9 ? compactCount(t) : '')) }, { label: o.yLabel }],
      // The page draws its own compact legend (renderLegend).
      legend: { show: false },
      series,
      bands,
    };
  }

  private renderTable(rates: boolean[]): void {
    // Three columns, so that the table fits a phone: a rate's 95% range and sample follow its value.
    const head = ['curve', this.opts.xLabel, this.opts.yLabel];
    const rows = this.curves.flatMap((c, i) => {
      const last = c.points[c.points.length - 1];
      if (!last) return [];
      const half = rates[i] ? bandHalfWidth(last[1], last[2] ?? 0) : null;
      const value = half === null ? last[1].toFixed(1) : `${last[1].toFixed(1)} ± ${half.toFixed(1)} (of ${last[2]} games)`;
      return [{ cells: [c.label, compactCount(last[0]), value], last, half }];
    });
    const tr = (cells: string[], th: boolean) => {
      const row = document.createElement('tr');
      for (const cell of cells) {
        const td = document.createElement(th ? 'th' : 'td');
        td.textContent = cell;
        row.append(td);
      }
      return row;
    };
    this.table.replaceChildren(
      tr(head, true),
      ...rows.map((r) => {
        const row = tr(r.cells, false);
        row.dataset.y = String(r.last[1]);
        if (r.half !== null) {
          row.dataset.n = String(r.last[2]);
          row.dataset.half = String(r.half);
        }
        return row;
      }),
    );
  }

  destroy(): void {
    this.setLarge(false, false);
    this.setPlaced(false, false);
    cancelAnimationFrame(this.fitFrame);
    this.resize.disconnect();
    this.plot?.destroy();
    this.plot = null;
  }
}

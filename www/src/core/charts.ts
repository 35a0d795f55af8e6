// What learning curves show, without the drawing (curve-chart.ts draws them
// with uPlot, loaded only with the Train tab): the curves' types, colours,
// the 95% range of a win rate measured on a sample of games, the moving
// average of other curves, and compact numbers.

/** One point of a curve: x, y, and for a win rate (in percent) measured on
 *  a sample of games, the number of games `n`. */
export type CurvePoint = [x: number, y: number, n?: number];

/** One curve: points in order of x. */
export interface Curve {
  /** What names the curve while its label changes (a run's legend grows when a second run starts); the label when absent. */
  id?: string;
  label: string;
  color: string;
  points: CurvePoint[];
  /** Dashed, e.g. for the second colour of the same run. */
  dashed?: boolean;
  /** What the curve measures, in words (added to its legend entry's tooltip). */
  about?: string;
}

/** The curve's lasting name: its id, else its label. */
export function curveKey(c: Curve): string {
  return c.id ?? c.label;
}

/**
 * Half the width of the 95% range of a win rate measured on `n` games, in
 * percentage points: 1.96·√(p(1−p)/n) with p the measured rate. The true
 * rate is in measured ± this with 95% confidence (the normal approximation
 * of the binomial sample); it is widest at 50% and shrinks as 1/√n.
 */
export function bandHalfWidth(percent: number, n: number): number {
  if (!(n > 0)) return 0;
  const p = Math.min(1, Math.max(0, percent / 100));
  return 100 * 1.96 * Math.sqrt((p * (1 - p)) / n);
}

/** How many points a moving average spans (centred: this many on each side, and the point itself). */
export const SMOOTH_REACH = 2;

/**
 * The moving average of `ys`, centred on each point over up to `reach`
 * points on each side (fewer at the ends), so that it does not lag behind
 * the curve.
 */
export function movingAverage(ys: readonly number[], reach = SMOOTH_REACH): number[] {
  return ys.map((_, i) => {
    const k = Math.min(reach, i, ys.length - 1 - i);
    let sum = 0;
    for (let j = i - k; j <= i + k; j++) sum += ys[j];
    return sum / (2 * k + 1);
  });
}

/** The chart's note on its bands: any share of games measured on a sample (won, lost), not only a win rate. */
export const BAND_NOTE = 'Shaded: the range each measured share of games could be off by chance (95%), given the games it was measured on.';

/** The same at length, for a tooltip. */
export const BAND_WORDS =
  'The shaded band is the 95% range of each share of games measured (games won, or games lost): it was measured on a limited number of games, so by chance alone it ' +
  'can be off by up to the band’s half-width (1.96·√(p(1−p)/n) for a share p of n games). A rise or fall smaller than the band may be luck.';

/** Whether a curve is a share of games measured on samples (it gets a band). */
export function isSampledRate(c: Curve): boolean {
  return c.points.length > 0 && c.points.every((p) => p[2] !== undefined && p[2] > 0);
}

export interface ChartOptions {
  title: string;
  xLabel: string;
  yLabel: string;
  /** Fixed y range, e.g. [0, 100] for percentages. */
  yRange?: [number, number];
  height?: number;
  /** A logarithmic x axis (for x values spread over powers of ten). */
  xLog?: boolean;
  /** Curves are drawn through their values as they are (values that are not noisy samples), not as moving averages. */
  exact?: boolean;
}

/** A palette that stays readable on the page's light and dark themes. */
export const PALETTE = [
  '#2f7ed8', '#d9534f', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2', '#7f7f7f',
];

/** Formats a game count compactly: 950, 12.5k, 2.1M; a fraction below 10 (seconds) to two digits: 0.1, 0.085, 2.5. */
export function compactCount(n: number): string {
  if (n >= 1e6) return `${+(n / 1e6).toFixed(n >= 1e7 ? 0 : 1)}M`;
  if (n >= 1e3) return `${+(n / 1e3).toFixed(n >= 1e4 ? 0 : 1)}k`;
  if (n > 0 && n < 10 && !Number.isInteger(n)) return `${+n.toPrecision(2)}`;
  return `${Math.round(n)}`;
}

/** The opacity of each of `n` 95% bands on one chart: 0.16 for up to two, fainter beyond (so that overlaps stay readable), never below 0.06. */
export function bandShade(n: number): number {
  return n <= 2 ? 0.16 : Math.max(0.06, 0.32 / n);
}

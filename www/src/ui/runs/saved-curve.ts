// A run's curves as its Train tab draws them, kept with its model (in the
// library, and in the model file that export writes): the kind's charts and
// one line per series, with its label, colour and points.

import { PALETTE } from '../../core/charts';
import type { ChartSpec, Point, SeriesSpec } from '../../core/protocol';
import type { SavedCurve } from '../../core/storage';

/**
 * The curves of a run whose series are `series` and points `points`, on
 * the kind's `charts`: each line named `legend` and its series' label,
 * coloured from the palette at `colorBase` and its series' group.
 */
export function savedCurveOf(charts: ChartSpec[], series: SeriesSpec[], points: Point[], legend: string, colorBase: number): SavedCurve {
  const groups = [...new Set(series.map((s) => s.group))];
  return {
    charts: charts.map((c) => ({ id: c.id, title: c.title, xLabel: c.xLabel, yLabel: c.yLabel, yRange: c.yRange ?? null })),
    lines: series.map((s) => ({
      chart: s.chart,
      label: `${legend} ${s.label}`,
      color: PALETTE[(colorBase + groups.indexOf(s.group)) % PALETTE.length],
      dashed: s.dashed,
      about: s.about,
      points: points.flatMap((p): [number, number, number?][] => {
        const y = p.y[s.id];
        if (y === undefined) return [];
        const n = p.n?.[s.id];
        return [n === undefined ? [p.x, y] : [p.x, y, n]];
      }),
    })),
  };
}

// The Train tab's charts: every run's curves on its kind's charts, one set
// of charts per experiment (a multi-run preset started at once, its charts
// above the earlier ones) and one for the runs started alone; a chart whose
// runs were all closed is hidden. Each run's lines are named by what sets it
// apart from the others (legends.ts) and coloured from its colour base. The
// chart code (uPlot) is loaded when the first curve is drawn.

import { PALETTE, type Curve, type CurvePoint } from '../../core/charts';
import type { CurveChart } from '../../core/curve-chart';
import { el } from '../../core/dom';
import { messageOf, showNotice } from '../../core/notices';
import type { RunKindInfo } from '../../core/protocol';
import { legends } from '../legends';
import type { RunCard } from './card';

export class RunCharts {
  readonly element = el('div', { className: 'run-charts', 'data-testid': 'run-charts' });
  private readonly charts = new Map<string, { box: HTMLElement; chart: CurveChart | null }>();
  private nextColor = 0;
  /** The chart code (uPlot), loaded when the first curve is drawn. */
  private chartCode: typeof import('../../core/curve-chart') | null = null;
  private chartCodeLoading = false;

  /** `kinds`: the game's kinds of run; `loaded`: the chart code arrived (draw again). */
  constructor(
    private readonly kinds: RunKindInfo[],
    private readonly loaded: () => void,
  ) {}

  /** Takes every chart out of its large view and the board's place (the view goes). */
  unplace(): void {
    for (const c of this.charts.values()) c.chart?.setLarge(false, false);
  }

  destroy(): void {
    for (const c of this.charts.values()) c.chart?.destroy();
  }

  /** Every run's curves on its kind's charts; charts without curves are hidden. */
  draw(cards: RunCard[]): void {
    if (!this.chartCode) {
      if (!cards.some((c) => c.series.length > 0) || this.chartCodeLoading) return;
      this.chartCodeLoading = true;
      import('../../core/curve-chart').then(
        (m) => {
          this.chartCode = m;
          this.loaded();
        },
        (e: unknown) => {
          this.chartCodeLoading = false;
          showNotice(`The charts could not load: ${messageOf(e)}`);
        },
      );
      return;
    }
    const { CurveChart } = this.chartCode;
    const curves = new Map<string, Curve[]>();
    const sorted = cards.slice().sort((a, b) => a.number - b.number);
    // One set of charts per experiment, and one for the runs started alone.
    const groups = new Map<string, RunCard[]>();
    for (const card of sorted) {
      if (card.series.length === 0) continue;
      const g = card.info.experiment?.id ?? '';
      groups.set(g, [...(groups.get(g) ?? []), card]);
    }
    for (const cards of groups.values()) {
      const names = legends(cards, this.kinds);
      cards.forEach((c, i) => (c.legend = names[i]));
    }
    const titles = new Map<string, string>();
    for (const card of sorted) {
      if (card.series.length === 0) continue;
      const groups = [...new Set(card.series.map((s) => s.group))];
      if (card.colorBase < 0) {
        card.colorBase = this.nextColor;
        this.nextColor += groups.length;
      }
      card.setColor(PALETTE[card.colorBase % PALETTE.length]);
      for (const s of card.series) {
        const points: CurvePoint[] = [];
        for (const p of card.points) {
          const y = p.y[s.id];
          if (y !== undefined) points.push([p.x, y, p.n?.[s.id]]);
        }
        const exp = card.info.experiment;
        const key = `${exp?.id ?? ''}|${card.kind}.${s.chart}`;
        if (exp) titles.set(exp.id, exp.name);
        const list = curves.get(key) ?? [];
        list.push({
          id: `${card.id}.${s.id}`,
          label: `${card.legend} ${s.label}`,
          color: PALETTE[(card.colorBase + groups.indexOf(s.group)) % PALETTE.length],
          dashed: s.dashed,
          about: s.about,
          points,
        });
        curves.set(key, list);
      }
    }
    // The latest experiment's charts first.
    const experiments = ['', ...titles.keys()].reverse();
    // The charts of an experiment whose runs were all closed: no line left.
    for (const [key, c] of this.charts) {
      const exp = key.slice(0, key.indexOf('|'));
      if (exp && !titles.has(exp)) {
        c.chart?.setLarge(false, false);
        c.chart?.setPlaced(false, false);
        c.box.hidden = true;
      }
    }
    for (const exp of experiments) {
      for (const kind of this.kinds) {
        for (const spec of kind.charts) {
          const key = `${exp}|${kind.id}.${spec.id}`;
          const list = curves.get(key) ?? [];
          let c = this.charts.get(key);
          if (!c && list.length === 0) continue;
          if (!c) {
            const box = el('div', { className: 'run-chart', 'data-chart': `${kind.id}.${spec.id}`, 'data-experiment': exp });
            // A new experiment's charts go above the earlier ones.
            if (exp) this.element.prepend(box);
            else this.element.append(box);
            c = { box, chart: null };
            this.charts.set(key, c);
          }
          // A chart whose runs were all closed goes (from the large view and the board's place too).
          if (list.length === 0) {
            c.chart?.setLarge(false, false);
            c.chart?.setPlaced(false, false);
          }
          c.box.hidden = list.length === 0;
          if (list.length === 0) continue;
          const title = exp ? `${spec.title} — ${titles.get(exp)}` : spec.title;
          c.chart ??= new CurveChart(c.box, { title, xLabel: spec.xLabel, yLabel: spec.yLabel, yRange: spec.yRange ?? undefined });
          c.chart.setCurves(list);
        }
      }
    }
  }
}

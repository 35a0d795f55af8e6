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

  /** The runs just started: their first chart is to be shown where it is seen at once. */
  private reveal: { experiment: string; kind: string; card: () => HTMLElement | null; board: boolean } | null = null;

  /** `kinds`: the game's kinds of run; `loaded`: the chart code arrived (draw again). */
  constructor(
    private readonly kinds: RunKindInfo[],
    private readonly loaded: () => void,
  ) {}

  /**
   * Shows the first chart of runs just started (of `kind`, in `experiment`
   * or alone) as soon as it is drawn, where a visitor sees it without
   * scrolling, with the newest run's progress and buttons: on a wide screen
   * in the board's place beside the panel (unless the preset uses the
   * board, `board`), else scrolled so that the run's status line is at the
   * top of the window and the chart's plot under it, or the plot alone
   * where both do not fit.
   */
  revealNext(kind: string, experiment: string | null, card: () => HTMLElement | null, board: boolean): void {
    this.reveal = { kind, experiment: experiment ?? '', card, board };
  }

  private revealNow(): void {
    const r = this.reveal;
    if (!r) return;
    const c = [...this.charts.entries()].find(([key, c]) => key.startsWith(`${r.experiment}|${r.kind}.`) && c.chart && !c.box.hidden)?.[1];
    if (!c?.chart) return;
    this.reveal = null;
    const card = r.card();
    // A chart already in the board's place (a run started before) stays there.
    if (!r.board && ![...this.charts.values()].some((o) => o.chart?.placed)) c.chart.setPlaced(true, false);
    if (c.chart.placed) {
      card?.scrollIntoView({ block: 'nearest', behavior: 'instant' });
      return;
    }
    const top = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
    const margin = 8;
    const plot = (c.box.querySelector('canvas') ?? c.box).getBoundingClientRect();
    const status = (card?.querySelector('[data-testid="run-status"]') ?? card)?.getBoundingClientRect();
    if (status && plot.bottom - status.top + 2 * margin <= window.innerHeight - top) {
      // The run's status at the top, its buttons and the plot under it.
      window.scrollBy({ top: status.top - top - margin, behavior: 'instant' });
    } else {
      // The plot alone, whole, at the bottom of the window.
      window.scrollBy({ top: plot.bottom - window.innerHeight + margin, behavior: 'instant' });
    }
  }

  /**
   * Takes every chart out of its large view (the view goes, or the board is
   * wanted for a watched run). A chart still waiting to be revealed is not:
   * when its first point comes it stays in its panel and the window does not
   * scroll, so it does not take the board from the games being watched.
   */
  unplace(): void {
    this.reveal = null;
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
    this.revealNow();
  }
}

// The Ladder tab's chart: each rated learned player's rating against the
// games it trained for (or the seconds it took), the stages of one run as
// one line, and the game's own players as dashed level lines.

import { PALETTE, type Curve } from '../../core/charts';
import { CurveChart } from '../../core/curve-chart';
import { el } from '../../core/dom';
import type { LadderRating } from '../../core/protocol';
import type { ReadyModel } from '../../core/ready';
import type { LadderPlayer, ModelMeta } from '../../core/storage';
import { READY_MODEL } from './candidates';

/** The run a library snapshot belongs to (snapshot ids are `<run>-after-<games>`), or null. */
function snapshotRun(id: string): string | null {
  return /^(.*)-after-\d+$/.exec(id)?.[1] ?? null;
}

/** What the chart is drawn from. */
export interface ChartSource {
  ratings: LadderRating[];
  players: LadderPlayer[];
  missing: Map<string, string>;
  ready: ReadyModel[];
  models: ModelMeta[];
}

export class LadderChart {
  private chart: CurveChart | null = null;
  /** What the chart's x axis counts. */
  private axis: 'games' | 'seconds' = 'games';
  private last: ChartSource | null = null;
  private readonly box = el('div', { className: 'run-chart ladder-chart', 'data-testid': 'ladder-chart' });
  /** Said when no rated model knows how long it trained. */
  private readonly note = el('p', { className: 'hint', hidden: true, 'data-testid': 'ladder-axis-note' }, 'None of the rated learned players knows how long it trained: models saved before the seconds were kept, and ready-made agents built before then, have none. Their ratings are on the chart against games.');
  private readonly axisSelect = el(
    'select',
    { id: 'ladder-axis', 'data-testid': 'ladder-axis' },
    el('option', { value: 'games' }, 'games it learned from'),
    el('option', { value: 'seconds' }, 'seconds it learned for'),
  );
  readonly element = el(
    'section',
    { className: 'ladder-chart-section', hidden: true },
    el('h3', {}, 'Rating against training'),
    el('div', { className: 'field ladder-axis' }, el('label', { htmlFor: 'ladder-axis' }, 'Rating against the '), this.axisSelect),
    el('p', { className: 'hint' }, 'Each learned player at the number of games it trained for, or the seconds it took; the stages of one run (its snapshots, or the ready-made stages) make one line. Dashed: the game’s own players, for comparison. Seconds are as measured on the machine that trained it: this browser for models trained here.'),
    this.note,
    this.box,
  );

  constructor() {
    this.axisSelect.addEventListener('change', () => {
      this.axis = this.axisSelect.value === 'seconds' ? 'seconds' : 'games';
      // The chart is made anew with the other axis's title and labels.
      this.chart?.destroy();
      this.chart = null;
      this.box.replaceChildren();
      if (this.last) this.render(this.last);
    });
  }

  render(s: ChartSource): void {
    this.last = s;
    const seconds = this.axis === 'seconds';
    const rated = new Map(s.ratings.map((r) => [r.player, r.elo]));
    const runs = new Map<string, Curve>();
    /** Rated learned players, whether or not this axis can place them. */
    let learned = 0;
    const fixed: [string, number][] = [];
    for (const p of s.players) {
      const elo = rated.get(p.name);
      if (elo === undefined || s.missing.has(p.name)) continue;
      if (!p.model) {
        fixed.push([p.name, elo]);
        continue;
      }
      let games: number;
      let id: string;
      let label: string;
      if (p.model.startsWith(READY_MODEL)) {
        const r = s.ready.find((m) => `${READY_MODEL}${m.id}` === p.model);
        if (!r) continue;
        [games, id, label] = [seconds ? (r.seconds ?? 0) : r.games, `ready:${r.run}`, `${r.short} (ready-made)`];
      } else {
        const m = s.models.find((x) => x.id === p.model);
        if (!m) continue;
        // A run's snapshots make one line; any other model is a point of its own.
        const run = snapshotRun(m.id);
        [games, id, label] = [seconds ? (m.trainSeconds ?? 0) : m.gamesTrained, run ?? m.id, run ? m.name.replace(/ · after [\d,]+ games$/, '') : m.name];
      }
      learned += 1;
      // A model of before the seconds were kept has none: it is left off that chart.
      if (!(games > 0)) continue;
      let c = runs.get(id);
      if (!c) {
        c = { id, label, color: PALETTE[runs.size % PALETTE.length], points: [] };
        runs.set(id, c);
      }
      c.points.push([games, elo]);
    }
    const curves = [...runs.values()];
    for (const c of curves) c.points.sort((a, b) => a[0] - b[0]);
    const xs = curves.flatMap((c) => c.points.map((q) => q[0]));
    // The section is there once a learned player is rated, so that a visitor
    // whose players have no seconds can read why and switch back to games.
    this.element.hidden = learned === 0;
    this.box.hidden = curves.length === 0;
    this.note.hidden = curves.length > 0 || learned === 0;
    if (curves.length === 0) return;
    const [lo, hi] = [Math.min(...xs), Math.max(...xs)];
    fixed.forEach(([name, elo], i) => curves.push({ id: `fixed:${name}`, label: name, color: PALETTE[(runs.size + i) % PALETTE.length], dashed: true, points: lo < hi ? [[lo, elo], [hi, elo]] : [[lo, elo]] }));
    this.chart ??= new CurveChart(this.box, seconds ? { title: 'Rating against seconds of training', xLabel: 'seconds of training', yLabel: 'Elo', xLog: true, exact: true } : { title: 'Rating against training games', xLabel: 'training games', yLabel: 'Elo', xLog: true, exact: true });
    this.chart.setCurves(curves);
  }

  destroy(): void {
    this.chart?.destroy();
  }
}

// The Train tab: settings of a Q-network run (with the study's presets),
// several runs at once (one training worker each), their progress, and their
// learning curves overlaid on one chart. Runs post checkpoints that go to
// IndexedDB; after a reload or a crashed worker they can be resumed.

import { CurveChart, PALETTE, compactCount, type Curve } from '../charts';
import { el } from '../dom';
import type { Engine } from '../engine';
import { inspect, metaOf } from '../models';
import { messageOf, showNotice } from '../notices';
import type { EvalPoint, Reply, TrainCheckpoint, TrainSettings, TrainStatus } from '../protocol';
import { downloadFile, newId, type Checkpoint, type ModelLibrary } from '../storage';
import { WorkerClient } from '../worker-client';

/** What the Train tab needs from the rest of the page. */
export interface TrainHost {
  engine: Engine;
  library: Promise<ModelLibrary>;
  /** Lets the Play tab use a network and shows it. */
  playAgainst(name: string, label: string, bytes: Uint8Array): Promise<void>;
}

/** A named configuration; `note` says how it differs from the study (null: the study's own). */
interface Preset {
  name: string;
  note: string | null;
  config: TrainSettings;
}

const OPPONENTS = 3;

/** Defaults sized for a browser tab: a short run with a curve point every 1,000 games. */
const BROWSER_DEFAULTS: TrainSettings = {
  encoding: 'ql1',
  hidden: 64,
  activation: 'arctan',
  opponent: 'self',
  games: 20_000,
  c: 3_000_000,
  seed: 1,
  eval_every: 1_000,
  eval_games: 100,
};

/** Checkpoint interval asked of workers: 30 s, or `?checkpointMs=` (≥ 1 s) for tests. */
function checkpointMs(): number {
  const v = Number(new URLSearchParams(location.hash.split('?')[1] ?? '').get('checkpointMs'));
  return Number.isFinite(v) && v >= 1000 && v <= 30_000 ? v : 30_000;
}

function describe(s: TrainSettings): string {
  const opp = s.opponent === 'self' ? 'self-play' : 'vs MSB';
  return `${s.encoding.toUpperCase()}-H${s.hidden} ${s.activation} ${opp}, seed ${s.seed}`;
}

function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '–';
  if (seconds < 60) return `${Math.ceil(seconds)} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min`;
}

/** One training run: a worker, its status, its curve, its card on the page. */
class Run {
  readonly id: string;
  readonly client: WorkerClient;
  status: TrainStatus | 'starting' | 'crashed' = 'starting';
  settings: TrainSettings | null = null;
  curve: EvalPoint[] = [];
  gamesPlayed = 0;
  gamesTotal = 0;
  rate = 0;
  /** The last checkpoint, kept here too in case storage is unavailable. */
  lastCheckpoint: TrainCheckpoint | null = null;
  /** The library id its model is saved under (saving again replaces it). */
  modelId = newId();
  /** A name for the page; numbers the runs of this tab. */
  label: string;

  readonly card: HTMLElement;
  private readonly bar = el('progress', { max: 1, value: 0 }) as HTMLProgressElement;
  private readonly stats = el('p', { className: 'run-stats', 'data-testid': 'run-stats' });
  private readonly statusText = el('p', { className: 'run-status', 'data-testid': 'run-status', 'aria-live': 'polite' });
  private readonly note = el('p', { className: 'run-note', 'data-testid': 'run-note' });
  private readonly latest = el('p', { className: 'run-latest', 'data-testid': 'run-latest' });
  private readonly pauseButton = el('button', { type: 'button', 'data-testid': 'run-pause' }, 'Pause');
  private readonly stopButton = el('button', { type: 'button', 'data-testid': 'run-stop' }, 'Stop');
  private readonly playButton = el('button', { type: 'button', 'data-testid': 'run-play' }, 'Play against this network');
  private readonly saveButton = el('button', { type: 'button', 'data-testid': 'run-save' }, 'Save to library');
  private readonly exportButton = el('button', { type: 'button', 'data-testid': 'run-export' }, 'Export file');
  private readonly closeButton = el('button', { type: 'button', 'data-testid': 'run-close', hidden: true }, 'Close');

  constructor(
    private readonly panel: TrainPanel,
    index: number,
    id?: string,
  ) {
    this.id = id ?? newId();
    this.label = `Run ${index}`;
    this.client = new WorkerClient(
      () => new Worker(new URL('../train.worker.ts', import.meta.url), { type: 'module', name: `train-${index}` }),
      {
        onUnsolicited: (r) => this.receive(r),
        onRestart: (reason) => this.crashed(reason),
      },
      60_000,
    );
    this.card = el(
      'article',
      { className: 'run', 'data-testid': 'run', 'data-run-id': this.id },
      el('h3', {}, this.label),
      this.statusText,
      this.bar,
      this.stats,
      this.latest,
      el('div', { className: 'controls' }, this.pauseButton, this.stopButton, this.playButton, this.saveButton, this.exportButton, this.closeButton),
      this.note,
    );
    this.pauseButton.addEventListener('click', () => void this.togglePause());
    this.stopButton.addEventListener('click', () => void this.stop());
    this.playButton.addEventListener('click', () => void this.play());
    this.saveButton.addEventListener('click', () => void this.save());
    this.exportButton.addEventListener('click', () => void this.exportFile());
    this.closeButton.addEventListener('click', () => this.panel.removeRun(this));
    this.render();
  }

  /** Starts the run: new from settings, or from checkpoint/model bytes. */
  async start(opts: { settings?: TrainSettings; bytes?: Uint8Array; totalGames?: number; curve?: EvalPoint[] }): Promise<void> {
    this.status = 'starting';
    this.render();
    const answer = await this.client.request({
      kind: 'trainStart',
      runId: this.id,
      settings: opts.settings,
      bytes: opts.bytes,
      totalGames: opts.totalGames,
      checkpointMs: checkpointMs(),
    });
    if (answer.kind !== 'trainStarted') throw new Error(`unexpected answer '${answer.kind}' from the trainer`);
    this.settings = answer.settings;
    this.curve = answer.curve;
    this.gamesPlayed = answer.gamesPlayed;
    this.gamesTotal = answer.gamesTotal;
    this.status = this.gamesPlayed >= this.gamesTotal ? 'finished' : 'running';
    (this.card.querySelector('h3') as HTMLElement).textContent = `${this.label}: ${describe(answer.settings)}`;
    this.render();
    this.panel.redrawChart();
  }

  private receive(r: Reply): void {
    switch (r.kind) {
      case 'trainProgress': {
        const p = r.progress;
        this.gamesPlayed = p.gamesPlayed;
        this.gamesTotal = p.gamesTotal;
        this.rate = p.gamesPerSecond;
        if (p.snapshots.length > 0) {
          this.curve.push(...p.snapshots);
          this.panel.redrawChart();
        }
        this.render();
        break;
      }
      case 'trainCheckpoint':
        void this.storeCheckpoint(r.checkpoint);
        break;
      case 'trainDone':
        this.status = r.status;
        this.render();
        if (r.status === 'finished') void this.finish();
        break;
      case 'error':
        this.status = 'stopped';
        this.note.textContent = r.message;
        showNotice(`${this.label}: ${r.message}`);
        this.render();
        break;
      default:
        break;
    }
  }

  private async storeCheckpoint(cp: TrainCheckpoint): Promise<void> {
    this.lastCheckpoint = cp;
    if (this.status === 'stopped' || this.status === 'finished') return;
    const record: Checkpoint = {
      runId: cp.runId,
      game: 'othello',
      algorithm: 'qnet',
      settings: cp.settings,
      bytes: cp.bytes,
      gamesPlayed: cp.gamesPlayed,
      gamesTotal: cp.gamesTotal,
      curve: cp.curve,
      savedAt: Date.now(),
    };
    try {
      const lib = await this.panel.host.library;
      await lib.saveCheckpoint(record);
      this.card.dataset.checkpoint = String(cp.gamesPlayed);
      this.note.textContent = `Checkpoint saved at ${cp.gamesPlayed.toLocaleString('en')} games${lib.volatileReason ? ' (in this tab only: storage is unavailable)' : ''}.`;
    } catch (e) {
      this.note.textContent = `The checkpoint could not be stored: ${messageOf(e)}`;
    }
  }

  /** The run reached its planned total: save the model, drop the checkpoint. */
  private async finish(): Promise<void> {
    await this.save();
    await this.dropCheckpoint();
  }

  async dropCheckpoint(): Promise<void> {
    try {
      await (await this.panel.host.library).deleteCheckpoint(this.id);
    } catch (e) {
      showNotice(messageOf(e));
    }
  }

  private crashed(reason: string): void {
    if (this.status === 'stopped' || this.status === 'finished') return;
    this.status = 'crashed';
    this.note.textContent = `The training worker stopped (${reason}).`;
    this.render();
  }

  private async togglePause(): Promise<void> {
    try {
      if (this.status === 'crashed') {
        const cp = this.lastCheckpoint;
        await this.start(cp ? { bytes: cp.bytes, totalGames: cp.gamesTotal } : { settings: this.settings ?? undefined });
        return;
      }
      const kind = this.status === 'running' ? 'trainPause' : 'trainResume';
      const a = await this.client.request({ kind, runId: this.id });
      if (a.kind === 'trainAck') this.status = a.status;
      this.render();
    } catch (e) {
      showNotice(messageOf(e));
    }
  }

  private async stop(): Promise<void> {
    try {
      if (this.status !== 'crashed') {
        const a = await this.client.request({ kind: 'trainStop', runId: this.id });
        if (a.kind === 'trainAck') this.status = a.status;
      } else {
        this.status = 'stopped';
      }
      this.render();
      await this.dropCheckpoint();
      this.note.textContent = 'Stopped. Save the network to the library to keep it.';
    } catch (e) {
      showNotice(messageOf(e));
    }
  }

  private async exportBytes(): Promise<Uint8Array> {
    if (this.status === 'crashed') throw new Error('the training worker stopped; resume the run first');
    const a = await this.client.request({ kind: 'trainExport', runId: this.id });
    if (a.kind !== 'trainBytes') throw new Error(`unexpected answer '${a.kind}' from the trainer`);
    return a.bytes;
  }

  private async play(): Promise<void> {
    try {
      const bytes = await this.exportBytes();
      await this.panel.host.playAgainst(`net:${this.id}`, `${this.label} at ${compactCount(this.gamesPlayed)} games`, bytes);
    } catch (e) {
      showNotice(messageOf(e));
    }
  }

  /** Stores the current weights in the library (replacing this run's earlier save). */
  async save(): Promise<void> {
    try {
      const bytes = await this.exportBytes();
      const info = await inspect(this.panel.host.engine, bytes);
      const lib = await this.panel.host.library;
      // A name that tells runs apart; a name given in the library stays.
      const given = await lib.meta(this.modelId).then(
        (m) => m.name,
        () => null,
      );
      const seed = this.settings ? ` · seed ${this.settings.seed}` : '';
      const name = given ?? `${info.name || 'Q-network'}${seed} · ${compactCount(info.gamesTrained)} games`;
      await lib.save(metaOf(info, name, this.modelId), bytes);
      this.note.textContent = `Saved to the library as “${name}”.`;
      this.card.dataset.saved = 'true';
    } catch (e) {
      this.note.textContent = `Not saved: ${messageOf(e)}`;
      showNotice(`Not saved: ${messageOf(e)}`);
    }
  }

  /** Downloads the current weights as a model file (works without storage). */
  private async exportFile(): Promise<void> {
    try {
      const bytes = await this.exportBytes();
      const info = await inspect(this.panel.host.engine, bytes);
      downloadFile(bytes, info.fileName);
    } catch (e) {
      showNotice(`Not exported: ${messageOf(e)}`);
    }
  }

  render(): void {
    const s = this.status;
    this.card.dataset.status = s;
    this.card.dataset.games = String(this.gamesPlayed);
    this.card.dataset.points = String(this.curve.length);
    this.card.dataset.curve = this.curve.map((p) => p.games).join(' ');
    const last = this.curve[this.curve.length - 1];
    this.latest.textContent = last
      ? `At ${last.games.toLocaleString('en')} games, greedy wins (as black / as white): ` +
        last.results
          .map((r) => {
            const pct = (x: { wins: number; draws: number; losses: number }) =>
              `${Math.round((100 * x.wins) / Math.max(1, x.wins + x.draws + x.losses))}%`;
            return `vs ${r.opponent} ${pct(r.black)} / ${pct(r.white)}`;
          })
          .join(' · ')
      : 'No curve point yet.';
    this.bar.max = Math.max(1, this.gamesTotal);
    this.bar.value = this.gamesPlayed;
    this.bar.setAttribute('aria-label', `${this.label} progress`);
    const left = this.rate > 0 ? (this.gamesTotal - this.gamesPlayed) / this.rate : NaN;
    this.stats.textContent =
      `${this.gamesPlayed.toLocaleString('en')} / ${this.gamesTotal.toLocaleString('en')} games` +
      (s === 'running' ? ` · ${Math.round(this.rate).toLocaleString('en')} games/s · ${formatDuration(left)} left` : '');
    const words: Record<typeof s, string> = {
      starting: 'Starting…',
      running: 'Training',
      paused: 'Paused',
      stopped: 'Stopped',
      finished: 'Finished',
      crashed: 'The worker stopped — resume from the last checkpoint',
    };
    this.statusText.textContent = words[s];
    this.pauseButton.textContent = s === 'running' ? 'Pause' : 'Resume';
    this.pauseButton.disabled = !(s === 'running' || s === 'paused' || s === 'crashed');
    this.stopButton.disabled = !(s === 'running' || s === 'paused' || s === 'crashed');
    this.playButton.disabled = s === 'starting' || s === 'crashed';
    this.saveButton.disabled = s === 'starting' || s === 'crashed';
    this.exportButton.disabled = s === 'starting' || s === 'crashed';
    this.closeButton.hidden = !(s === 'stopped' || s === 'finished');
  }

  destroy(): void {
    this.client.terminate();
    this.card.remove();
  }
}

export class TrainPanel {
  readonly element: HTMLElement;
  private runs: Run[] = [];
  private count = 0;
  private presets: Preset[] = [];
  private chart: CurveChart | null = null;
  private readonly chartHost = el('div', { className: 'train-chart', 'data-testid': 'train-chart' });
  private readonly runList = el('div', { className: 'runs', 'data-testid': 'runs' });
  private readonly resumeList = el('div', { className: 'resume-list', 'data-testid': 'resume-list' });
  private readonly presetSelect = el('select', { id: 'train-preset', 'data-testid': 'train-preset' }) as HTMLSelectElement;
  private readonly fields: Record<keyof TrainSettings, HTMLInputElement | HTMLSelectElement>;
  private readonly startButton = el('button', { type: 'button', className: 'primary', 'data-testid': 'train-start' }, 'Start training');

  constructor(readonly host: TrainHost) {
    const select = (id: string, options: [string, string][]) => {
      const s = el('select', { id: `train-${id}`, 'data-testid': `train-${id}` }) as HTMLSelectElement;
      for (const [v, label] of options) s.append(el('option', { value: v }, label));
      return s;
    };
    const number = (id: string, min: number, step = 1) =>
      el('input', { id: `train-${id}`, 'data-testid': `train-${id}`, type: 'number', min, step, inputMode: 'numeric' }) as HTMLInputElement;
    this.fields = {
      encoding: select('encoding', [
        ['ql1', 'QL1 — 64 inputs, mover’s view'],
        ['ql2', 'QL2 — 129 inputs, black/white/turn'],
      ]),
      // Any size the engine takes (1–1024); the study's 40 and 64 are offered.
      hidden: Object.assign(number('hidden', 1), { max: 1024, title: 'The study used 40 and 64' }),
      activation: select('activation', [
        ['arctan', 'arctan x'],
        ['sigmoid', '2/(1+e^−x) − 1'],
      ]),
      opponent: select('opponent', [
        ['self', 'Itself (self-play)'],
        ['msb', 'MSB (half as black, then as white)'],
      ]),
      games: number('games', 1),
      c: number('c', 1),
      seed: number('seed', 0),
      eval_every: number('eval_every', 0),
      eval_games: number('eval_games', 2, 2),
    };
    this.fill(BROWSER_DEFAULTS);
    const labels: Record<keyof TrainSettings, string> = {
      encoding: 'Input encoding',
      hidden: 'Hidden nodes',
      activation: 'Activation',
      opponent: 'Opponent while training',
      games: 'Training games',
      c: 'β constant C (β = games / C)',
      seed: 'Seed',
      eval_every: 'Curve point every (games)',
      eval_games: 'Evaluation games per opponent',
    };
    const form = el(
      'form',
      { className: 'train-form' },
      el('label', { htmlFor: 'train-preset' }, 'Preset'),
      this.presetSelect,
      ...(Object.keys(this.fields) as (keyof TrainSettings)[]).flatMap((k) => [
        el('label', { htmlFor: `train-${k}` }, labels[k]),
        this.fields[k],
      ]),
      el('div', { className: 'controls' }, this.startButton),
      // Suggestions for the hidden nodes: the study's sizes.
      el('datalist', { id: 'train-hidden-sizes' }, el('option', { value: '40' }), el('option', { value: '64' })),
    );
    this.fields.hidden.setAttribute('list', 'train-hidden-sizes');
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.startNew();
    });
    this.startButton.type = 'submit';
    this.presetSelect.append(el('option', { value: '' }, 'Custom'));
    this.presetSelect.addEventListener('change', () => this.applyPreset());
    for (const f of Object.values(this.fields)) f.addEventListener('change', () => (this.presetSelect.value = ''));

    this.element = el(
      'div',
      { className: 'train' },
      el('p', {}, 'A Q-network learns Othello from its own games. Each run trains in its own worker; the page stays responsive.'),
      this.resumeList,
      form,
      el('h3', {}, 'Learning curves (greedy win % vs random, MVB, MSB; solid as black, dashed as white)'),
      this.chartHost,
      this.runList,
    );
    void this.loadPresets();
    void this.listCheckpoints();
  }

  shown(): void {
    if (!this.chart) {
      this.chart = new CurveChart(this.chartHost, { title: 'Win rate of the greedy network', xLabel: 'training games', yLabel: 'win %', yRange: [0, 100] });
    }
    this.redrawChart();
  }

  private fill(s: TrainSettings): void {
    for (const [k, f] of Object.entries(this.fields)) f.value = String(s[k as keyof TrainSettings]);
  }

  private read(): TrainSettings {
    const num = (k: keyof TrainSettings, min: number) => {
      const v = Number(this.fields[k].value);
      if (!Number.isInteger(v) || v < min || v > 2 ** 53) {
        this.fields[k].focus();
        throw new Error(`${k.replace('_', ' ')} must be a whole number of at least ${min}`);
      }
      return v;
    };
    return {
      encoding: this.fields.encoding.value as TrainSettings['encoding'],
      hidden: num('hidden', 1),
      activation: this.fields.activation.value as TrainSettings['activation'],
      opponent: this.fields.opponent.value as TrainSettings['opponent'],
      games: num('games', 1),
      c: num('c', 1),
      seed: num('seed', 0),
      eval_every: num('eval_every', 0),
      eval_games: num('eval_games', 2),
    };
  }

  private async loadPresets(): Promise<void> {
    try {
      this.presets = await this.host.engine.value<Preset[]>({ kind: 'presets' });
      const study = el('optgroup', { label: 'The study’s configurations' });
      const beyond = el('optgroup', { label: 'Beyond the study' });
      this.presets.forEach((p, i) => (p.note ? beyond : study).append(el('option', { value: String(i), title: p.note ?? '' }, p.note ? `${p.name} — ${p.note}` : p.name)));
      this.presetSelect.append(study);
      if (beyond.childElementCount > 0) this.presetSelect.append(beyond);
    } catch (e) {
      showNotice(`The presets could not be loaded: ${messageOf(e)}`);
    }
  }

  /** A preset sets the configuration and its study values (games, C); the
   *  curve settings stay sized for the browser. */
  private applyPreset(): void {
    const p = this.presets[Number(this.presetSelect.value)];
    if (!this.presetSelect.value || !p) return;
    const keep = { eval_every: this.fields.eval_every.value, eval_games: this.fields.eval_games.value, seed: this.fields.seed.value };
    this.fill({ ...BROWSER_DEFAULTS, ...p.config });
    this.fields.eval_every.value = String(Math.max(Number(keep.eval_every), Math.round(p.config.games / 100)));
    this.fields.eval_games.value = keep.eval_games;
    this.fields.seed.value = keep.seed;
  }

  private newRun(id?: string): Run {
    const run = new Run(this, ++this.count, id);
    this.runs.push(run);
    this.runList.prepend(run.card);
    return run;
  }

  private async startNew(): Promise<void> {
    let settings: TrainSettings;
    try {
      settings = this.read();
    } catch (e) {
      showNotice(messageOf(e));
      return;
    }
    const run = this.newRun();
    try {
      await run.start({ settings });
    } catch (e) {
      showNotice(`The run could not start: ${messageOf(e)}`);
      this.removeRun(run);
    }
  }

  /** Continues training a model (from the Models tab) for the form's number of games more. */
  async continueFrom(bytes: Uint8Array, gamesTrained: number): Promise<void> {
    let extra: number;
    try {
      extra = this.read().games;
    } catch (e) {
      showNotice(messageOf(e));
      return;
    }
    const run = this.newRun();
    try {
      await run.start({ bytes, totalGames: gamesTrained + extra });
    } catch (e) {
      showNotice(`Training could not continue: ${messageOf(e)}`);
      this.removeRun(run);
    }
  }

  removeRun(run: Run): void {
    run.destroy();
    this.runs = this.runs.filter((r) => r !== run);
    this.redrawChart();
  }

  /** Offers the checkpoints of runs that are not running in this tab. */
  async listCheckpoints(): Promise<void> {
    let cps: Checkpoint[];
    try {
      cps = await (await this.host.library).checkpoints();
    } catch (e) {
      showNotice(messageOf(e));
      return;
    }
    const mine = new Set(this.runs.map((r) => r.id));
    const offers = cps.filter((c) => !mine.has(c.runId) && c.game === 'othello' && c.algorithm === 'qnet');
    this.resumeList.replaceChildren();
    if (offers.length === 0) return;
    this.resumeList.append(el('h3', {}, 'Unfinished runs'));
    for (const cp of offers) {
      const s = cp.settings as TrainSettings;
      const resume = el('button', { type: 'button', className: 'primary', 'data-testid': 'resume-run' }, 'Resume');
      const discard = el('button', { type: 'button', 'data-testid': 'discard-run' }, 'Discard');
      const row = el(
        'div',
        { className: 'resume-offer', 'data-testid': 'resume-offer' },
        el(
          'p',
          {},
          `${describe(s)}: ${cp.gamesPlayed.toLocaleString('en')} of ${cp.gamesTotal.toLocaleString('en')} games, saved ${new Date(cp.savedAt).toLocaleString()}.`,
        ),
        el('div', { className: 'controls' }, resume, discard),
      );
      resume.addEventListener('click', async () => {
        row.remove();
        const run = this.newRun(cp.runId);
        try {
          await run.start({ bytes: cp.bytes, totalGames: cp.gamesTotal });
        } catch (e) {
          showNotice(`The run could not resume: ${messageOf(e)}`);
          this.removeRun(run);
        }
      });
      discard.addEventListener('click', async () => {
        try {
          await (await this.host.library).deleteCheckpoint(cp.runId);
          row.remove();
        } catch (e) {
          showNotice(messageOf(e));
        }
      });
      this.resumeList.append(row);
    }
  }

  redrawChart(): void {
    if (!this.chart) return;
    const curves: Curve[] = [];
    this.runs.forEach((run, i) => {
      const names = [...new Set(run.curve.flatMap((p) => p.results.map((r) => r.opponent)))];
      names.forEach((opp, j) => {
        for (const side of ['black', 'white'] as const) {
          const points: Array<[number, number]> = [];
          for (const p of run.curve) {
            const r = p.results.find((x) => x.opponent === opp);
            if (!r) continue;
            const rec = r[side];
            const n = rec.wins + rec.draws + rec.losses;
            if (n > 0) points.push([p.games, (100 * rec.wins) / n]);
          }
          curves.push({
            label: `${run.label} vs ${opp} as ${side}`,
            group: `${run.label} vs ${opp}`,
            color: PALETTE[(i * OPPONENTS + j) % PALETTE.length],
            dashed: side === 'white',
            points,
          });
        }
      });
    });
    this.chart.setCurves(curves);
  }

  destroy(): void {
    for (const r of this.runs) r.destroy();
    this.chart?.destroy();
  }
}

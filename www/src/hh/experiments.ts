// The Experiments tab of Hare and Hounds: the study's experiments as
// presets. The runs of one experiment go to the worker pool; their curves
// (win %, perfect-move share, and experiment 4's Q-values) are overlaid as
// points arrive. The learned hounds of any run can be saved to the library,
// and a saved model can continue training here (from the Models tab): its
// run joins the table with its saved curve and goes on; saving it again
// adds a new model to the library and leaves the original as it was.
// Running runs are checkpointed (the hounds model with the run's settings,
// curve and random state) to the library's checkpoints store every 30 s and
// when stopped; after a reload or a crashed worker the tab offers to resume
// them, exactly where the checkpoint was (a learning hare's table is saved
// with the hounds, so experiment 5 resumes exactly as well).

import { compactCount, CurveChart, PALETTE, type Curve } from '../charts';
import { el } from '../dom';
import { messageOf, showNotice } from '../notices';
import { newId, type Checkpoint } from '../storage';
import type { HareHoundsBoard } from '../boards/hare_hounds';
import type { Engine } from '../engine';
import { inspect, metaOf } from '../models';
import { hhLibrary } from './library';
import { RunPool, type RunEvents } from './pool';
import type { CurvePoint, Probe, RunConfig } from './protocol';

const PRESETS: Array<{ n: number; label: string }> = [
  { n: 1, label: '1 · α × γ (ε = 1) vs the random hare — 9 runs, 300k games' },
  { n: 2, label: '2 · ε ∈ {0.1, 0.5, 0.9, 1} vs the random hare — 4 runs, 300k games' },
  { n: 3, label: '3 · vs the simple hare — 10k games' },
  { n: 4, label: '4 · convergence of three Q-values — 200k games' },
  { n: 5, label: '5 · both sides learn (not in the study) — 300k games' },
];

/** Experiment 4's default state–action pairs (as in the engine). */
const DEFAULT_PROBES: Probe[] = [
  { position: 'hounds=e,c,i hare=R stall=0', action: 'e-f' },
  { position: 'hounds=d,b,h hare=a stall=0', action: 'd-e' },
  { position: 'hounds=L,a,g hare=R stall=0', action: 'L-d' },
];

interface RunView {
  id: string;
  /** The experiment (1–5) of a preset run. */
  experiment?: number;
  config: RunConfig;
  color: string;
  points: CurvePoint[];
  games: number;
  status: 'running' | 'done' | 'stopped' | 'failed';
  row: HTMLTableRowElement;
  /** Games of the saved model a continued run started from. */
  continuedFrom?: number;
  /** Games of the last stored checkpoint. */
  checkpointAt?: number;
  /** Checkpoint writes and deletes of this run, in order. */
  storing: Promise<void>;
}

/** What a Hare and Hounds checkpoint keeps beside the model file (`Checkpoint.settings`). */
interface HhCheckpointSettings {
  label: string;
  color: string;
  experiment: number | null;
  seed: number;
  continuedFrom: number | null;
}

/** Checkpoint interval: 30 s, or `?checkpointMs=` (200 ms to 30 s) for tests. */
function checkpointMs(): number {
  const v = Number(new URLSearchParams(location.hash.split('?')[1] ?? '').get('checkpointMs'));
  return Number.isFinite(v) && v >= 200 && v <= 30_000 ? v : 30_000;
}

const HARES: Array<{ value: string; label: string }> = [
  { value: '', label: 'the hare it learned against' },
  { value: 'random', label: 'the random hare' },
  { value: 'simple', label: 'the simple hare' },
  { value: 'perfect', label: 'the perfect hare' },
];

/** Further games offered when a saved model continues (experiment 3's length). */
const DEFAULT_MORE_GAMES = 10_000;

export class ExperimentsPanel {
  readonly element: HTMLElement;
  private pool: RunPool | null = null;
  private runs: RunView[] = [];
  private preset = el('select', { 'data-testid': 'preset' }) as HTMLSelectElement;
  private seed = el('input', { type: 'number', min: 0, step: 1, value: '1', 'data-testid': 'exp-seed' }) as HTMLInputElement;
  private startButton = el('button', { type: 'button', className: 'primary', 'data-testid': 'exp-start' }, 'Start');
  private stopButton = el('button', { type: 'button', 'data-testid': 'exp-stop', disabled: true }, 'Stop');
  private status = el('p', { className: 'exp-status', 'aria-live': 'polite', 'data-testid': 'exp-status' });
  private probeBox = el('fieldset', { className: 'probes' });
  private probeInputs: Array<{ position: HTMLInputElement; action: HTMLInputElement; moves: HTMLDataListElement; pick: HTMLButtonElement }> = [];
  private table = el('table', { className: 'exp-runs', 'data-testid': 'exp-runs' });
  private charts = el('div', { className: 'exp-charts' });
  private winChart: CurveChart;
  private perfectChart: CurveChart;
  private probeChart: CurveChart;
  private perfectHost = el('div', {});
  private winHost = el('div', {});
  private probeHost = el('div', {});
  private redrawQueued = false;
  private continueBox = el('fieldset', { className: 'continue-box', 'data-testid': 'continue-box', hidden: true });
  private continueText = el('p', { 'data-testid': 'continue-text' });
  private moreGames = el('input', { type: 'number', min: 1, max: 100_000_000, step: 1, value: String(DEFAULT_MORE_GAMES), 'data-testid': 'continue-games' }) as HTMLInputElement;
  private continueHare = el('select', { 'data-testid': 'continue-hare' }) as HTMLSelectElement;
  private continueButton = el('button', { type: 'button', className: 'primary', 'data-testid': 'continue-start' }, 'Continue training');
  private continueBytes: Uint8Array | null = null;
  private resumeBox = el('section', { className: 'resume-list', 'data-testid': 'hh-resume-list', 'aria-label': 'Unfinished runs' });
  /** A storage problem is told once, not at every checkpoint. */
  private storageTold = false;
  private offersGen = 0;

  constructor(
    private readonly board: HareHoundsBoard,
    private readonly engine: Engine,
  ) {
    for (const p of PRESETS) this.preset.append(el('option', { value: p.n }, p.label));
    this.preset.value = '3';
    this.preset.addEventListener('change', () => this.showProbes());
    this.startButton.addEventListener('click', () => void this.start());
    this.stopButton.addEventListener('click', () => this.stop());

    this.probeBox.append(el('legend', {}, 'State–action pairs whose Q-values are sampled'));
    DEFAULT_PROBES.forEach((p, i) => {
      const moves = el('datalist', { id: `hh-probe-moves-${i}` }) as HTMLDataListElement;
      const position = el('input', { type: 'text', value: p.position, size: 30, 'aria-label': `Pair ${i + 1}: position`, 'data-testid': `probe-pos-${i}` }) as HTMLInputElement;
      const action = el('input', { type: 'text', value: p.action, size: 5, 'aria-label': `Pair ${i + 1}: hound move`, 'data-testid': `probe-move-${i}` }) as HTMLInputElement;
      action.setAttribute('list', moves.id);
      const fromBoard = el(
        'button',
        { type: 'button', 'aria-pressed': 'false', 'data-testid': `probe-pick-${i}`, title: 'Take the position on the board (hounds to move) and the hound move you make there' },
        'Pick on the board',
      ) as HTMLButtonElement;
      fromBoard.addEventListener('click', () => this.probeFromBoard(i));
      this.probeInputs.push({ position, action, moves, pick: fromBoard });
      this.probeBox.append(el('div', { className: 'probe' }, `${i + 1}. `, position, ' ', action, moves, ' ', fromBoard));
    });
    this.probeBox.append(
      el(
        'p',
        { className: 'hint' },
        'Reach a position with the hounds to move on the board (play it in the Play tab), press “Pick on the board”, then move a hound there by clicking, tapping or the keyboard: the pair takes that position and that move, and the move is not played. Press the button again to cancel.',
      ),
    );

    for (const h of HARES) this.continueHare.append(el('option', { value: h.value }, h.label));
    const cancel = el('button', { type: 'button', 'data-testid': 'continue-cancel' }, 'Cancel');
    cancel.addEventListener('click', () => this.closeContinue());
    this.continueButton.addEventListener('click', () => void this.startContinue());
    this.continueBox.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') this.closeContinue();
      if (e.key === 'Enter' && e.target instanceof HTMLInputElement) void this.startContinue();
    });
    this.continueBox.append(
      el('legend', {}, 'Continue training a saved model'),
      this.continueText,
      el('label', {}, 'Further learning games ', this.moreGames),
      el('label', {}, ' against ', this.continueHare),
      el('div', { className: 'controls' }, this.continueButton, cancel),
      el('p', { className: 'hint' }, 'The run goes on from the saved table, games and curve (with the saved random stream, exactly as if it had not stopped). Saving it adds a new model; the saved one stays as it is.'),
    );

    this.charts.append(this.winHost, this.perfectHost, this.probeHost);
    this.winChart = new CurveChart(this.winHost, { title: 'Greedy hounds’ win % (dashed: against the perfect hare)', xLabel: 'learning games', yLabel: 'win %', yRange: [0, 100] });
    this.perfectChart = new CurveChart(this.perfectHost, {
      title: 'Perfect moves in won positions %',
      xLabel: 'learning games',
      yLabel: '% perfect',
      yRange: [0, 100],
    });
    this.probeChart = new CurveChart(this.probeHost, { title: 'Sampled Q-values', xLabel: 'learning games', yLabel: 'Q', yRange: [-1, 1] });

    this.element = el(
      'div',
      { className: 'hh-experiments' },
      el('p', {}, 'The Hare and Hounds study’s experiments. Each run learns in a worker of its own (as many at once as this device has cores); the curves grow as it goes.'),
      el('label', {}, 'Experiment ', this.preset),
      el('label', {}, ' Seed ', this.seed),
      this.probeBox,
      el('div', { className: 'controls' }, this.startButton, this.stopButton),
      this.resumeBox,
      this.continueBox,
      this.status,
      // Scrolls sideways by itself on a narrow screen, not the whole page.
      el('div', { className: 'exp-runs-wrap' }, this.table),
      this.charts,
    );
    this.showProbes();
    this.showCharts();
    void this.refreshOffers();
  }

  destroy(): void {
    this.board.captureMove(null);
    this.pool?.destroy();
    this.winChart.destroy();
    this.perfectChart.destroy();
    this.probeChart.destroy();
  }

  private showProbes(): void {
    this.probeBox.hidden = this.preset.value !== '4';
  }

  /** Takes pair `i` from the board: its position, and the hound move made there next. */
  private probeFromBoard(i: number): void {
    const inputs = this.probeInputs[i];
    const wasPicking = inputs.pick.getAttribute('aria-pressed') === 'true';
    this.board.captureMove(null);
    for (const p of this.probeInputs) p.pick.setAttribute('aria-pressed', 'false');
    if (wasPicking) return;
    const s = this.board.state;
    if (!s || s.toMove !== 0 || !this.board.captureMove((move) => done(move))) {
      showNotice('The board must show a position with the hounds to move: play to one in the Play tab first.', 'info');
      return;
    }
    inputs.pick.setAttribute('aria-pressed', 'true');
    this.status.textContent = `Pair ${i + 1}: move a hound on the board (the move is taken, not played).`;
    const done = (move: string) => {
      // The position the move was made in (the board may have changed since the button).
      const now = this.board.state!;
      const position = now.position.replace(/\s*move=\S+/, '');
      inputs.moves.replaceChildren(...now.legal.map((m) => el('option', { value: m.text })));
      inputs.pick.setAttribute('aria-pressed', 'false');
      inputs.position.value = position;
      inputs.action.value = move;
      this.status.textContent = `Pair ${i + 1}: ${position} · ${move}.`;
    };
  }

  /** Offers to continue a saved hounds model (from the Models tab). */
  offerContinue(bytes: Uint8Array, gamesTrained: number): void {
    this.continueBytes = bytes;
    this.continueText.textContent = `A saved Hare and Hounds model, ${gamesTrained.toLocaleString()} learning games so far.`;
    this.continueBox.hidden = false;
    this.moreGames.focus();
    this.moreGames.select();
  }

  private closeContinue(): void {
    this.continueBytes = null;
    this.continueBox.hidden = true;
  }

  private async startContinue(): Promise<void> {
    const bytes = this.continueBytes;
    // Once only, however often Enter is pressed while the worker answers.
    if (!bytes || this.continueButton.disabled) return;
    const games = Number(this.moreGames.value);
    if (!Number.isInteger(games) || games < 1 || games > 100_000_000) {
      showNotice('The number of further games must be a whole number from 1 to 100,000,000.');
      this.moreGames.focus();
      return;
    }
    this.pool ??= new RunPool();
    const id = newId();
    const view: RunView = {
      id,
      config: { label: 'continued', hounds: { alpha: 0, gamma: 0, epsilon: 0 }, hare: { kind: '' }, learn_games: 1, eval_games: 0, total_games: 0, seed: 0, perfect_share: false, probes: [] },
      color: PALETTE[this.runs.length % PALETTE.length],
      points: [],
      games: 0,
      status: 'running',
      row: el('tr', {}) as HTMLTableRowElement,
      storing: Promise.resolve(),
    };
    this.continueButton.disabled = true;
    try {
      const r = await this.pool.continueRun(id, bytes, games, this.continueHare.value || null, this.events(view), checkpointMs());
      // Points that arrived before this answer (none: the worker answers first) would be kept.
      view.config = { ...r.config, label: `${r.config.label} (continued)` };
      view.points = [...r.points, ...view.points];
      view.games = Math.max(view.games, r.games);
      view.continuedFrom = r.games;
    } catch (e) {
      // The engine's message says what is wrong ("this model cannot continue training: …").
      showNotice(`Continue training: ${messageOf(e)}`);
      this.continueButton.disabled = false;
      return;
    }
    this.continueButton.disabled = false;
    this.closeContinue();
    if (this.runs.length === 0) this.table.replaceChildren(this.tableHead());
    this.runs.push(view);
    this.table.append(view.row);
    this.renderRow(view);
    this.showCharts();
    this.status.textContent = `Continuing ${view.config.label.replace(/ \(continued\)$/, '')} from ${view.games.toLocaleString()} games for ${games.toLocaleString()} more.`;
    this.updateButtons();
    this.queueRedraw();
  }

  private tableHead(): HTMLTableRowElement {
    return el('tr', {}, el('th', {}, 'Run'), el('th', {}, 'Games'), el('th', {}, 'Win %'), el('th', {}, 'Perfect %'), el('th', {}, 'Status'), el('th', {}, 'Hounds')) as HTMLTableRowElement;
  }

  /** Probe chart when a run samples Q-values; win and perfect charts when a run evaluates. */
  private showCharts(): void {
    this.probeHost.hidden = !this.runs.some((r) => r.config.probes.length > 0);
    this.winHost.hidden = this.perfectHost.hidden = !this.runs.some((r) => r.config.eval_games > 0 || r.config.perfect_share);
  }

  private events(r: RunView): RunEvents {
    return {
      onPoints: (points, games, done) => {
        r.points.push(...points);
        r.games = games;
        if (done) {
          r.status = 'done';
          this.dropCheckpoint(r);
        }
        if (this.runs.includes(r)) {
          this.renderRow(r);
          this.queueRedraw();
        }
      },
      onError: (message) => {
        r.status = 'failed';
        // A run not (yet) in the table: a continuation that failed to start
        // says so itself; runs replaced by a new experiment are gone.
        if (!this.runs.includes(r)) return;
        this.renderRow(r);
        showNotice(`Run ${r.config.label}: ${message}`);
        this.updateButtons();
        // Its last checkpoint (if any) can go on in a fresh worker.
        void r.storing.then(() => this.refreshOffers());
      },
      onCheckpoint: (bytes, games) => this.storeCheckpoint(r, bytes, games),
      onCheckpointFailed: (message) => this.tellStorage(`Run ${r.config.label} could not be checkpointed (${message}); it goes on.`),
    };
  }

  private tellStorage(message: string): void {
    if (this.storageTold) return;
    this.storageTold = true;
    showNotice(message, 'info');
  }

  /** Stores a run's checkpoint (after its earlier writes); a stopped run's becomes an offer. */
  private storeCheckpoint(r: RunView, bytes: Uint8Array, games: number): void {
    const settings: HhCheckpointSettings = {
      label: r.config.label,
      color: r.color,
      experiment: r.experiment ?? null,
      seed: r.config.seed,
      continuedFrom: r.continuedFrom ?? null,
    };
    const cp: Checkpoint = {
      runId: r.id,
      game: 'hare_hounds',
      algorithm: 'q_table',
      settings,
      bytes,
      gamesPlayed: games,
      gamesTotal: r.config.total_games,
      // The curve is in the model file, with the table and the random state.
      curve: null,
      savedAt: Date.now(),
    };
    r.storing = r.storing.then(async () => {
      // A run that ended meanwhile keeps no checkpoint.
      if (r.status === 'done') return;
      try {
        const lib = await hhLibrary();
        await lib.saveCheckpoint(cp);
        r.checkpointAt = games;
        if (lib.volatileReason) this.tellStorage(`${lib.volatileReason} Checkpoints of the runs are kept in this tab only.`);
      } catch (e) {
        this.tellStorage(`${messageOf(e)} The runs go on without checkpoints.`);
        return;
      }
      if (this.runs.includes(r)) this.renderRow(r);
      if (r.status !== 'running') await this.refreshOffers();
    });
  }

  private dropCheckpoint(r: RunView): void {
    r.storing = r.storing.then(async () => {
      try {
        await (await hhLibrary()).deleteCheckpoint(r.id);
      } catch (e) {
        this.tellStorage(messageOf(e));
      }
      r.checkpointAt = undefined;
      if (this.runs.includes(r)) this.renderRow(r);
      await this.refreshOffers();
    });
  }

  /** Offers the checkpoints of Hare and Hounds runs that are not running here. */
  private async refreshOffers(): Promise<void> {
    const gen = ++this.offersGen;
    let cps: Checkpoint[];
    try {
      cps = await (await hhLibrary()).checkpoints();
    } catch (e) {
      this.tellStorage(messageOf(e));
      return;
    }
    // A later refresh is under way: it shows the newer list.
    if (gen !== this.offersGen) return;
    const running = new Set(this.runs.filter((r) => r.status === 'running').map((r) => r.id));
    const offers = cps
      .filter((c) => c.game === 'hare_hounds' && c.algorithm === 'q_table' && !running.has(c.runId) && c.gamesPlayed < c.gamesTotal)
      .sort((a, b) => a.savedAt - b.savedAt);
    this.resumeBox.replaceChildren();
    if (offers.length === 0) return;
    this.resumeBox.append(el('h3', {}, 'Unfinished runs'));
    for (const cp of offers) {
      const s = cp.settings as HhCheckpointSettings;
      const resume = el('button', { type: 'button', className: 'primary', 'data-testid': 'hh-resume-run' }, 'Resume');
      const discard = el('button', { type: 'button', 'data-testid': 'hh-discard-run' }, 'Discard');
      const what = `${s.label}${s.experiment ? `, experiment ${s.experiment}` : ''}, seed ${s.seed}`;
      resume.setAttribute('aria-label', `Resume ${what}`);
      discard.setAttribute('aria-label', `Discard ${what}`);
      const row = el(
        'div',
        { className: 'resume-offer', 'data-testid': 'hh-resume-offer', 'data-games': String(cp.gamesPlayed) },
        el('p', {}, `${what}: ${cp.gamesPlayed.toLocaleString()} of ${cp.gamesTotal.toLocaleString()} games, saved ${new Date(cp.savedAt).toLocaleString()}.`),
        el('div', { className: 'controls' }, resume, discard),
      );
      resume.addEventListener('click', () => {
        row.remove();
        void this.resume(cp);
      });
      discard.addEventListener('click', async () => {
        row.remove();
        try {
          await (await hhLibrary()).deleteCheckpoint(cp.runId);
        } catch (e) {
          showNotice(messageOf(e));
        }
        await this.refreshOffers();
      });
      this.resumeBox.append(row);
    }
    if (offers.length > 1) {
      const all = el('button', { type: 'button', 'data-testid': 'hh-resume-all' }, 'Resume all');
      all.addEventListener('click', () => {
        this.resumeBox.replaceChildren();
        for (const cp of offers) void this.resume(cp);
      });
      this.resumeBox.append(el('div', { className: 'controls' }, all));
    }
  }

  /** Goes on with a checkpointed run: its table row (new, or the stopped one) runs again. */
  private async resume(cp: Checkpoint): Promise<void> {
    const s = cp.settings as HhCheckpointSettings;
    this.pool ??= new RunPool();
    let view = this.runs.find((r) => r.id === cp.runId);
    const fresh = !view;
    if (view?.status === 'running') return;
    view ??= {
      id: cp.runId,
      config: { label: s.label, hounds: { alpha: 0, gamma: 0, epsilon: 0 }, hare: { kind: '' }, learn_games: 1, eval_games: 0, total_games: cp.gamesTotal, seed: s.seed, perfect_share: false, probes: [] },
      color: s.color,
      points: [],
      games: 0,
      status: 'running',
      row: el('tr', {}) as HTMLTableRowElement,
      storing: Promise.resolve(),
    };
    if (s.experiment !== null) view.experiment = s.experiment;
    if (s.continuedFrom !== null) view.continuedFrom = s.continuedFrom;
    const v = view;
    try {
      // The saved hare and random stream: the same run as if it had never stopped.
      const r = await this.pool.continueRun(cp.runId, cp.bytes, cp.gamesTotal - cp.gamesPlayed, null, this.events(v), checkpointMs());
      v.config = { ...r.config, label: s.label };
      v.points = r.points;
      v.games = r.games;
      v.status = 'running';
      v.checkpointAt = cp.gamesPlayed;
    } catch (e) {
      showNotice(`The run could not resume: ${messageOf(e)}`);
      await this.refreshOffers();
      return;
    }
    if (fresh) {
      if (this.runs.length === 0) this.table.replaceChildren(this.tableHead());
      this.runs.push(v);
      this.table.append(v.row);
    }
    this.renderRow(v);
    this.showCharts();
    this.status.textContent = `Resumed ${s.label} from its checkpoint at ${cp.gamesPlayed.toLocaleString()} games.`;
    this.updateButtons();
    this.queueRedraw();
  }

  private async start(): Promise<void> {
    const experiment = Number(this.preset.value);
    const seed = Number(this.seed.value);
    if (!Number.isInteger(seed) || seed < 0) {
      showNotice('The seed must be a whole number from 0 up.');
      return;
    }
    this.stop();
    this.pool ??= new RunPool();
    const probes = experiment === 4 ? this.probeInputs.map((p) => ({ position: p.position.value.trim(), action: p.action.value.trim() })) : null;
    let configs: RunConfig[];
    try {
      configs = await this.pool.preset(experiment, seed, probes);
    } catch (e) {
      showNotice(`The experiment cannot start: ${messageOf(e)}`);
      return;
    }
    this.runs = configs.map((config, i) => ({
      id: newId(),
      experiment,
      config,
      color: PALETTE[i % PALETTE.length],
      points: [],
      games: 0,
      status: 'running' as const,
      row: el('tr', {}) as HTMLTableRowElement,
      storing: Promise.resolve(),
    }));
    this.table.replaceChildren(this.tableHead(), ...this.runs.map((r) => r.row));
    this.showCharts();
    for (const r of this.runs) {
      this.renderRow(r);
      this.pool.start(r.id, r.config, this.events(r), checkpointMs());
    }
    this.status.textContent = `Experiment ${experiment}: ${this.runs.length} run${this.runs.length === 1 ? '' : 's'} on ${this.pool.size} worker${this.pool.size === 1 ? '' : 's'}.`;
    this.updateButtons();
    this.queueRedraw();
  }

  private stop(): void {
    for (const r of this.runs) {
      if (r.status === 'running') {
        this.pool?.stop(r.id);
        r.status = 'stopped';
        this.renderRow(r);
      }
    }
    this.updateButtons();
  }

  private updateButtons(): void {
    const running = this.runs.some((r) => r.status === 'running');
    this.stopButton.disabled = !running;
    if (!running && this.runs.length > 0) {
      const ended = this.runs.every((r) => r.status === 'done') ? 'all done' : this.runs.some((r) => r.status === 'failed') ? 'ended (see the table)' : 'stopped';
      this.status.textContent = `${(this.status.textContent ?? '').replace(/ — .*$/, '').replace(/\.$/, '')} — ${ended}.`;
    }
  }

  private renderRow(r: RunView): void {
    const last = r.points[r.points.length - 1];
    const save = el('button', { type: 'button', 'data-testid': 'save-hounds', disabled: r.status === 'failed' }, 'Save');
    save.addEventListener('click', () => void this.save(r));
    r.row.dataset.status = r.status;
    r.row.dataset.points = String(r.points.length);
    r.row.dataset.games = String(r.games);
    r.row.dataset.lastPoint = String(last?.games ?? '');
    // Exact shares of the last point: a run that resumed must match one that never stopped.
    r.row.dataset.lastPerfect = last?.hounds_perfect ? `${last.hounds_perfect.all} ${last.hounds_perfect.winning}` : '';
    if (r.continuedFrom !== undefined) r.row.dataset.continuedFrom = String(r.continuedFrom);
    if (r.checkpointAt !== undefined) r.row.dataset.checkpoint = String(r.checkpointAt);
    else delete r.row.dataset.checkpoint;
    const saved = r.checkpointAt !== undefined && r.status !== 'done' ? ` (checkpoint at ${r.checkpointAt.toLocaleString()})` : '';
    r.row.replaceChildren(
      el('td', {}, el('span', { className: 'swatch', style: `background:${r.color}`, 'aria-hidden': 'true' }), ` ${r.config.label}`),
      el('td', { title: `${r.games.toLocaleString()} of ${r.config.total_games.toLocaleString()} learning games` }, `${compactCount(r.games)} / ${compactCount(r.config.total_games)}`),
      el('td', {}, last?.win_percent == null ? '–' : last.win_percent.toFixed(1)),
      el('td', {}, last?.hounds_perfect == null ? '–' : (100 * last.hounds_perfect.winning).toFixed(1)),
      el('td', {}, `${r.status}${saved}`),
      el('td', {}, save),
    );
    if (r.status !== 'running') this.updateButtons();
  }

  private queueRedraw(): void {
    if (this.redrawQueued) return;
    this.redrawQueued = true;
    requestAnimationFrame(() => {
      this.redrawQueued = false;
      this.redraw();
    });
  }

  private redraw(): void {
    const curve = (r: RunView, f: (p: CurvePoint) => number | null | undefined, label = r.config.label, color = r.color, dashed = false): Curve => ({
      label,
      // A run's curves share its legend entry (the probes have their own).
      group: color === r.color ? r.config.label : label,
      color,
      dashed,
      points: r.points.flatMap((p) => {
        const y = f(p);
        return y == null ? [] : [[p.games, y] as [number, number]];
      }),
    });
    this.winChart.setCurves([
      ...this.runs.map((r) => curve(r, (p) => p.win_percent)),
      // Dashed: the same greedy hounds against the perfect hare.
      ...this.runs
        .filter((r) => r.points.some((p) => p.vs_perfect_percent !== null))
        .map((r) => curve(r, (p) => p.vs_perfect_percent, `${r.config.label} vs perfect hare`, r.color, true)),
    ]);
    this.perfectChart.setCurves(this.runs.map((r) => curve(r, (p) => (p.hounds_perfect ? 100 * p.hounds_perfect.winning : null))));
    const probeCurves: Curve[] = [];
    for (const r of this.runs) {
      r.config.probes.forEach((pr, i) => {
        probeCurves.push(curve(r, (p) => p.probes[i], `${pr.position.replace(/ stall=0/, '')} · ${pr.action}`, PALETTE[i % PALETTE.length]));
      });
    }
    if (probeCurves.length > 0) this.probeChart.setCurves(probeCurves);
  }

  private async save(r: RunView): Promise<void> {
    if (!this.pool) return;
    try {
      // The worker's table may be ahead of the last points shown here: the
      // name and the games come from the worker, with the table.
      const { bytes, name } = await this.pool.model(r.id, `Hounds ${r.config.label} (seed ${r.config.seed}, {games} games)`);
      // The library entry (summary, win rates, file name) is the engine's
      // reading of the file, as for an imported one.
      const info = await inspect(this.engine, bytes);
      await (await hhLibrary()).save(metaOf(info, name), bytes);
      showNotice(`Saved “${name}” to the model library. Load it under Play → Hints.`, 'info');
    } catch (e) {
      showNotice(`The hounds could not be saved: ${messageOf(e)}`);
    }
  }
}

// The Train tab, the same for every game and kind of run: the form is built
// from the kind's fields, the presets come from the engine (a single-run
// preset fills the form; a multi-run preset — a study's experiment — starts
// all its runs with the seed field), the charts from the kind's charts and
// each run's curves from its series. Runs go to the page's worker pool;
// several can go at once, their curves overlaid (the legend shows and hides
// them). Runs that stopped, crashed or were cut off by a reload are offered
// for Resume or Discard from their checkpoints; a model from the library can
// continue training here. The panel belongs to the page (`keeper`), not to
// the game's view: it is lent to the view each time the game opens, and its
// runs go on while another game is shown.

import { PALETTE, type Curve, type CurvePoint } from '../core/charts';
import type { CurveChart } from '../core/curve-chart';
import { el } from '../core/dom';
import type { Engine } from '../core/engine';
import { messageOf, showNotice } from '../core/notices';
import { onRunsChanged, releaseRun, runsElsewhere } from '../core/run-locks';
import { sharedPool, type RunPool } from '../core/pool';
import type { GameInfo, PresetInfo, RunConfig, RunKindInfo, WeightTable } from '../core/protocol';
import { isSavedCurve, type Checkpoint, type ModelLibrary, type ModelMeta } from '../core/storage';
import type { RunHooks, Section } from '../games/plugin';
import { BenchPanel } from './bench-panel';
import { clone, FieldForm } from './fields';
import { RunCard, type CardHost, type CardInfo } from './run-card';
import { Watcher } from './watch';
import type { BoardLoan } from '../boards/lend';
import { formatPoints, parsePoints } from './snapshots';
import { boundedParam } from './address';
import { legends } from './legends';
import { keeper, type KeptPanel, type RunSummary } from './run-keeper';

export interface RunsHost {
  info: GameInfo;
  /** A move as sentences name it ("column 4"). */
  moveWords(move: string): string;
  engine: Engine;
  library: Promise<ModelLibrary>;
  hooks: RunHooks | null;
  /** Plays `name` against a person; without `bytes`, a library model ("net:<id>"). */
  playAgainst: (name: string, label: string, side: 0 | 1 | null, bytes: Uint8Array | null) => Promise<void>;
  /** Two library models ("net:<id>") play each other in the Play tab. */
  match: (first: string, second: string) => Promise<void>;
  /** Takes the game's board from the Play tab, to show a watched run's games;
   *  `taken` is called if the view takes it back before it is released. */
  lendBoard(taken: () => void): BoardLoan;
  /** The element that holds the board. */
  boardArea: HTMLElement;
  /** A model file's weights beside those it started from (null when its game does not show them). */
  weights(bytes: Uint8Array): Promise<WeightTable | null>;
}

/** Checkpoint interval asked of the workers: 5 s, or `?checkpointMs=` (200 ms to 30 s) for tests.
 *  A checkpoint is also taken when the page is hidden or closed. */
function checkpointMs(): number {
  return boundedParam(location.hash, 'checkpointMs', 200, 30_000, 5_000);
}

/** Further games offered when a saved model continues. */
const DEFAULT_MORE_GAMES = 10_000;
const MAX_MORE_GAMES = 100_000_000;
const CUSTOM = '';
const SEED = 'seed';

const GROUPS: Record<string, string> = { demo: 'Short demos (about 2 minutes)', study: 'From the study', beyond: 'Beyond the study' };

export class RunsPanel implements KeptPanel {
  readonly element: HTMLElement;
  private kind: RunKindInfo;
  private readonly pool: RunPool = sharedPool();
  private cards: RunCard[] = [];
  private count = 0;
  private nextColor = 0;
  private form!: FieldForm;
  private readonly formBox = el('div', { className: 'train-fields' });
  private readonly kindSelect = el('select', { id: 'train-kind', 'data-testid': 'train-kind' });
  private readonly kindAbout = el('p', { className: 'kind-about' });
  private readonly presetSelect = el('select', { id: 'train-preset', 'data-testid': 'train-preset' });
  private readonly presetSentence = el('p', { className: 'preset-sentence', 'data-testid': 'preset-sentence', hidden: true });
  private readonly presetBox = el('div', { className: 'preset-section' });
  private presetSection: Section | null = null;
  /** The chosen preset and its configurations (one for a single-run preset). */
  private preset: PresetInfo | null = null;
  private presetConfigs: RunConfig[] = [];
  private presetTicket = 0;
  /** The seed the visitor gave last: a preset's runs derive theirs from it. */
  private baseSeed = 1;
  /** "Keep snapshots after … games": shown for kinds whose model plays. */
  private readonly snapshotInput = el('input', {
    id: 'train-snapshots',
    type: 'text',
    inputMode: 'numeric',
    autocomplete: 'off',
    spellcheck: false,
    'data-testid': 'train-snapshots',
    'aria-describedby': 'train-snapshots-help',
  });
  /** Fills the field with the kind's suggested points (the field starts empty: no run fills the library unasked). */
  private readonly snapshotSuggest = el('button', { type: 'button', className: 'snapshot-suggest', 'data-testid': 'train-snapshots-suggest' });
  private readonly snapshotField = el(
    'div',
    { className: 'field snapshot-field' },
    el('label', { htmlFor: 'train-snapshots' }, 'Keep snapshots after … games'),
    this.snapshotInput,
    this.snapshotSuggest,
    el(
      'small',
      { className: 'field-help', id: 'train-snapshots-help', title: 'A snapshot is a copy of the model (its weights or table) frozen at that moment of the run.' },
      'The model as it is after each of these numbers of learning games is kept in the library, to play against it or to match an early one with a later one. Separate them with commas (1000, 10000) or write 10k; empty keeps none.',
    ),
  );
  private readonly startButton = el('button', { type: 'submit', className: 'primary', 'data-testid': 'train-start' }, 'Start training');
  /** The same, next to the preset choice: on screen as soon as a preset is chosen. */
  private readonly startNear = el('button', { type: 'submit', className: 'primary', 'data-testid': 'train-start-near' }, 'Start training');
  /** A field of the chosen single-run preset was edited: it is "(changed)". */
  private presetChanged = false;
  private readonly stopAll = el('button', { type: 'button', 'data-testid': 'runs-stop-all', hidden: true }, 'Stop all runs');
  private readonly status = el('p', { className: 'runs-status', 'data-testid': 'runs-status', 'aria-live': 'polite' });
  private action = '';
  private readonly resumeList = el('section', { className: 'resume-list', 'data-testid': 'resume-list', 'aria-label': 'Unfinished runs' });
  private offersTicket = 0;
  private readonly continueBox = el('fieldset', { className: 'continue-box', 'data-testid': 'continue-box', hidden: true });
  private continuing: { meta: ModelMeta; bytes: Uint8Array; kind: RunKindInfo; form: FieldForm; games: HTMLInputElement; start: HTMLButtonElement } | null = null;
  private readonly chartsBox = el('div', { className: 'run-charts', 'data-testid': 'run-charts' });
  private readonly charts = new Map<string, { box: HTMLElement; chart: CurveChart | null }>();
  private readonly runList = el('div', { className: 'runs', 'data-testid': 'runs' });
  private redrawQueued = false;
  /** The chart code (uPlot), loaded when the first curve is drawn. */
  private chartCode: typeof import('../core/curve-chart') | null = null;
  private chartCodeLoading = false;
  private storageTold = false;
  private readonly checkpointMs = checkpointMs();
  private readonly cardHost: CardHost;
  /** Shows one run's training games on the board ("Watch it learn"). */
  private watcher: Watcher | null = null;
  private readonly bench: BenchPanel;

  constructor(private host: RunsHost) {
    this.kind = host.info.runs[0];
    this.cardHost = {
      info: host.info,
      engine: host.engine,
      library: host.library,
      pool: () => this.pool,
      checkpointMs: this.checkpointMs,
      // The view of the moment (the panel outlives views).
      playAgainst: (name, label, side, bytes) => this.host.playAgainst(name, label, side, bytes),
      match: (first, second) => this.host.match(first, second),
      changed: () => this.changed(),
      close: (card) => this.remove(card),
      offersChanged: () => void this.refreshOffers(),
      tellStorage: (m) => this.tellStorage(m),
      watch: (card, on) => void this.watch(card, on),
      watching: () => this.watcher?.watching ?? null,
      weights: (bytes) => this.host.weights(bytes),
    };
    for (const k of host.info.runs) this.kindSelect.append(el('option', { value: k.id }, k.title));
    this.snapshotSuggest.addEventListener('click', () => {
      this.snapshotInput.value = formatPoints(this.kind.snapshots);
      this.snapshotInput.focus();
    });
    this.kindSelect.addEventListener('change', () => this.setKind(host.info.runs.find((k) => k.id === this.kindSelect.value)!));
    this.presetSelect.addEventListener('change', () => void this.choosePreset(true));
    this.stopAll.addEventListener('click', () => {
      for (const c of this.cards) if (c.status === 'running' || c.status === 'paused') void c.stop();
    });

    // The fields are checked by the page (with sentences), not by the browser.
    const form = el(
      'form',
      { className: 'train-form', noValidate: true },
      el('div', { className: 'field', hidden: host.info.runs.length < 2 }, el('label', { htmlFor: 'train-kind' }, 'Kind of run'), this.kindSelect),
      this.kindAbout,
      el(
        'div',
        { className: 'preset-row' },
        el('div', { className: 'field' }, el('label', { htmlFor: 'train-preset' }, 'Preset'), this.presetSelect),
        this.startNear,
      ),
      this.presetSentence,
      this.presetBox,
      this.formBox,
      this.snapshotField,
      el('div', { className: 'controls' }, this.startButton),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.start();
    });

    this.bench = new BenchPanel(host.info);
    this.element = el(
      'div',
      { className: 'train' },
      this.resumeList,
      this.continueBox,
      form,
      el('div', { className: 'runs-head' }, this.status, el('div', { className: 'controls' }, this.stopAll)),
      this.runList,
      this.chartsBox,
      this.bench.element,
    );
    this.setKind(this.kind);
    void this.refreshOffers();
    // Another tab started, stopped or checkpointed a run: the offers follow.
    this.unsubscribe.push(onRunsChanged(() => void this.refreshOffers()));
    // Hidden or closing: every running run checkpoints now, not up to 5 s later.
    const now = () => this.pool.checkpointNow();
    const hidden = () => document.visibilityState === 'hidden' && now();
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', now);
    this.unsubscribe.push(() => document.removeEventListener('visibilitychange', hidden), () => window.removeEventListener('pagehide', now));
  }

  private readonly unsubscribe: (() => void)[] = [];

  shown(): void {
    this.queueRedraw();
  }

  /** The game's view opened again: the panel is lent to it (its board, its Play tab). */
  attach(host: RunsHost): void {
    if (host === this.host) return;
    this.host = host;
    this.setPresetSection();
  }

  /** The game's view closes: what used its board ends; the runs go on. */
  leave(): void {
    this.presetSection?.destroy?.();
    this.presetSection = null;
    this.host.hooks?.destroy?.();
    this.watcher?.destroy();
    this.watcher = null;
    // A chart left in its large view would keep the next view from scrolling.
    for (const c of this.charts.values()) c.chart?.setLarge(false, false);
    for (const c of this.cards) c.render();
  }

  /** Ends every run and frees what the panel holds (the page closes). */
  destroy(): void {
    this.leave();
    for (const f of this.unsubscribe) f();
    for (const c of this.cards) releaseRun(c.id);
    this.bench.destroy();
    for (const c of this.charts.values()) c.chart?.destroy();
  }

  // ---- the page's list of runs (the header) -----------------------------------

  runs(): RunSummary[] {
    return this.cards.map((c) => ({ id: c.id, name: c.name, label: c.label, status: c.status, games: c.games, total: c.total }));
  }

  async resume(runId: string): Promise<void> {
    const card = this.cards.find((c) => c.id === runId);
    if (card?.status === 'paused') return card.resumePaused();
    if (card && card.active) return;
    if (card) return card.resumeFromCheckpoint();
    const cp = (await (await this.host.library).checkpoints(this.host.info.id)).find((c) => c.runId === runId);
    if (!cp) throw new Error('its checkpoint is no longer stored');
    await this.resumeOffer(cp);
  }

  // ---- the form ------------------------------------------------------------

  private setKind(kind: RunKindInfo): void {
    this.kind = kind;
    this.kindSelect.value = kind.id;
    this.kindAbout.textContent = kind.about;
    this.form = new FieldForm(kind.fields, 'train', (id) => this.edited(id));
    this.formBox.replaceChildren(this.form.element);
    // Only a model that plays is worth keeping along the way.
    this.snapshotField.hidden = kind.snapshots.length === 0;
    this.snapshotInput.value = '';
    this.snapshotInput.placeholder = 'none';
    const suggested = formatPoints(kind.snapshots);
    this.snapshotSuggest.textContent = `Use ${suggested}`;
    this.snapshotSuggest.setAttribute('aria-label', `Keep snapshots after ${suggested} games (suggested)`);
    const seed = this.form.inputOf(SEED);
    if (seed) this.baseSeed = Number(seed.value) || 1;
    this.presetSelect.replaceChildren(el('option', { value: CUSTOM }, 'Custom settings (below)'));
    for (const [group, label] of Object.entries(GROUPS)) {
      const presets = kind.presets.filter((p) => p.group === group);
      if (presets.length === 0) continue;
      const og = el('optgroup', { label });
      // The name only, so that the chosen one fits its list; the sentence under the list says how many runs.
      for (const p of presets) og.append(el('option', { value: p.id, title: p.sentence }, p.name));
      this.presetSelect.append(og);
    }
    const others = kind.presets.filter((p) => !(p.group in GROUPS));
    for (const p of others) this.presetSelect.append(el('option', { value: p.id }, p.name));
    this.setPreset(null, []);
  }

  /** A field was changed: a single-run preset keeps its name, "(changed)"; the seed is remembered. */
  private edited(id: string): void {
    if (id === SEED) this.baseSeed = Number(this.form.inputOf(SEED)?.value) || 0;
    if (this.preset && this.preset.runs > 1) {
      if (id === SEED) void this.choosePreset();
      return;
    }
    if (this.preset && !this.presetChanged) {
      this.presetChanged = true;
      this.nameChosen();
    }
  }

  /** The chosen preset's name, with "(changed)" once a field was edited. */
  private presetName(): string | null {
    return this.preset ? `${this.preset.name}${this.presetChanged ? ' (changed)' : ''}` : null;
  }

  /** The list shows the chosen preset's name as it is now. */
  private nameChosen(): void {
    for (const o of this.presetSelect.querySelectorAll('option')) {
      const p = this.kind.presets.find((q) => q.id === o.value);
      if (p) o.textContent = o.value === this.preset?.id ? this.presetName() : p.name;
    }
    this.presetSelect.dataset.changed = String(this.presetChanged);
  }

  /** `show`: the visitor chose it, and Start beside it comes into view. */
  private async choosePreset(show = false): Promise<void> {
    const id = this.presetSelect.value;
    const preset = this.kind.presets.find((p) => p.id === id) ?? null;
    const ticket = ++this.presetTicket;
    if (!preset) {
      this.setPreset(null, []);
      return;
    }
    this.startButton.disabled = this.startNear.disabled = true;
    const form = this.form;
    const before = this.shownValues();
    try {
      const configs = await this.host.engine.presetRuns(this.host.info.id, this.kind.id, preset.id, this.baseSeed);
      // Another preset, or another kind of run, was chosen meanwhile.
      if (ticket !== this.presetTicket || this.form !== form) return;
      // What the visitor typed while the preset was read stays, as a change to it.
      const typed = [...this.shownValues()].filter(([id, v]) => before.get(id) !== v);
      this.setPreset(preset, configs);
      if (typed.length > 0 && preset.runs <= 1) {
        for (const [id, v] of typed) {
          const input = this.form.inputOf(id);
          if (input instanceof HTMLInputElement && input.type === 'checkbox') input.checked = v === 'true';
          else if (input) input.value = v;
        }
        this.presetChanged = true;
        this.nameChosen();
      }
      if (show) this.startNear.scrollIntoView({ block: 'center' });
    } catch (e) {
      if (ticket === this.presetTicket) showNotice(`The preset could not be read: ${messageOf(e)}`);
    } finally {
      if (ticket === this.presetTicket) this.startButton.disabled = this.startNear.disabled = false;
    }
  }

  /** Each field's shown value (a box's: ticked or not). */
  private shownValues(): Map<string, string> {
    const out = new Map<string, string>();
    for (const f of this.form.fields) {
      const input = this.form.inputOf(f.id);
      if (input) out.set(f.id, input instanceof HTMLInputElement && input.type === 'checkbox' ? String(input.checked) : input.value);
    }
    return out;
  }

  private setPreset(preset: PresetInfo | null, configs: RunConfig[]): void {
    this.preset = preset;
    this.presetChanged = false;
    this.presetConfigs = configs;
    this.setPresetSection();
    this.presetSentence.hidden = !preset;
    const multi = !!preset && preset.runs > 1;
    if (preset) {
      const runs = multi ? ` Its ${configs.length} runs start together, their seeds derived from the seed below.` : '';
      this.presetSentence.textContent = `${preset.sentence}${runs}`;
    }
    if (preset && !multi && configs[0]) this.form.fill(configs[0]);
    // A multi-run preset needs only its seed.
    this.form.showOnly(multi ? (id) => id === SEED : undefined);
    const seed = this.form.inputOf(SEED);
    if (multi && seed) seed.value = String(this.baseSeed);
    this.startButton.textContent = this.startNear.textContent = multi ? `Start ${configs.length} runs` : 'Start training';
    this.nameChosen();
  }

  /** The game's inputs shown with the chosen preset (made by the view's hooks). */
  private setPresetSection(): void {
    this.presetSection?.destroy?.();
    const preset = this.preset;
    this.presetSection = preset ? (this.host.hooks?.presetSection?.(this.kind, preset, this.presetConfigs) ?? null) : null;
    this.presetBox.replaceChildren(...(this.presetSection ? [this.presetSection.element] : []));
  }

  /** The configurations the form describes now. */
  private async configs(): Promise<{ configs: RunConfig[]; preset: PresetInfo | null }> {
    const preset = this.preset;
    if (!preset) return { configs: [this.form.read()], preset: null };
    let configs: RunConfig[];
    if (preset.runs > 1) {
      configs = await this.host.engine.presetRuns(this.host.info.id, this.kind.id, preset.id, this.baseSeed);
    } else {
      // The preset's settings, with the fields as shown.
      configs = [this.form.read(clone(this.presetConfigs[0] ?? {}))];
    }
    return { configs: this.host.hooks?.adjustRuns?.(this.kind, preset, configs) ?? configs, preset };
  }

  private async start(): Promise<void> {
    // Not while a preset is being read (its configurations would be stale).
    if (this.startButton.disabled) return;
    let plan: { configs: RunConfig[]; preset: PresetInfo | null };
    let snapshots: number[] = [];
    this.startButton.disabled = this.startNear.disabled = true;
    try {
      if (!this.snapshotField.hidden) {
        try {
          snapshots = parsePoints(this.snapshotInput.value);
        } catch (e) {
          this.snapshotInput.focus();
          throw e;
        }
      }
      plan = await this.configs();
    } catch (e) {
      showNotice(`The run cannot start: ${messageOf(e)}`);
      return;
    } finally {
      this.startButton.disabled = this.startNear.disabled = false;
    }
    const name = plan.preset ? (this.presetName() ?? plan.preset.name) : null;
    const preset = plan.preset && name ? { id: plan.preset.id, name } : null;
    // The runs of a multi-run preset are one experiment: they get charts of their own.
    const experiment = preset && plan.configs.length > 1 ? { id: `${preset.id}@${Date.now()}`, name: preset.name } : null;
    const cards = plan.configs.map(() => this.newCard({ preset, experiment }));
    await Promise.all(
      cards.map((card, i) =>
        card.create(this.kind.id, plan.configs[i], snapshots).catch((e: unknown) => {
          showNotice(`The run could not start: ${messageOf(e)}`);
          this.remove(card);
        }),
      ),
    );
    const started = cards.filter((c) => this.cards.includes(c)).length;
    if (started === 0) return;
    // The new run's card (progress, Pause, Stop) comes into view; the chart follows it.
    this.runList.firstElementChild?.scrollIntoView({ block: 'nearest' });
    const workers = this.pool.workers || 1;
    this.setAction(`${name ?? 'Custom settings'}: ${started} run${started === 1 ? '' : 's'} on ${workers} worker${workers === 1 ? '' : 's'}.`);
  }

  // ---- runs ----------------------------------------------------------------

  private newCard(info: Partial<CardInfo>, id?: string): RunCard {
    const card = new RunCard(this.cardHost, ++this.count, info, id);
    this.cards.push(card);
    this.runList.prepend(card.element);
    return card;
  }

  /** Watches `card`'s run (ending any other watching), or goes back to full speed. */
  private async watch(card: RunCard, on: boolean): Promise<void> {
    this.watcher ??= new Watcher({
      info: this.host.info,
      moveWords: (move) => this.host.moveWords(move),
      pool: () => this.cardHost.pool(),
      lendBoard: (taken) => this.host.lendBoard(taken),
      boardArea: this.host.boardArea,
      changed: () => {
        for (const c of this.cards) c.render();
      },
    });
    if (on) await this.watcher.start(card.id, card.name);
    else if (this.watcher.watching === card.id) await this.watcher.stop();
  }

  private remove(card: RunCard): void {
    if (this.watcher?.watching === card.id) void this.watcher.stop();
    this.cards = this.cards.filter((c) => c !== card);
    card.element.remove();
    this.changed();
    void this.refreshOffers();
  }

  private changed(): void {
    this.updateStatus();
    this.queueRedraw();
    keeper.changed();
  }

  private setAction(text: string): void {
    this.action = text;
    this.updateStatus();
  }

  /** The last action, and once nothing runs, how the runs ended. */
  private updateStatus(): void {
    const going = this.cards.filter((c) => c.status === 'running' || c.status === 'paused').length;
    this.stopAll.hidden = going < 2;
    if (!this.action) return;
    const busy = this.cards.some((c) => c.status === 'running' || c.status === 'starting');
    if (busy || this.cards.length === 0) {
      this.status.textContent = this.action;
      return;
    }
    const word = this.cards.every((c) => c.status === 'finished')
      ? 'all done'
      : this.cards.some((c) => c.status === 'crashed')
        ? 'ended with a failure (see the runs)'
        : this.cards.some((c) => c.status === 'paused')
          ? 'paused'
          : 'stopped';
    this.status.textContent = `${this.action.replace(/\.$/, '')} — ${word}.`;
  }

  private tellStorage(message: string): void {
    if (this.storageTold) return;
    this.storageTold = true;
    showNotice(message, 'info');
  }

  // ---- unfinished runs -------------------------------------------------------

  /** Offers the checkpoints of this game's runs that are not going in this tab. */
  private async refreshOffers(): Promise<void> {
    keeper.changed(true);
    const ticket = ++this.offersTicket;
    let cps: Checkpoint[];
    let elsewhere: Set<string>;
    try {
      [cps, elsewhere] = await Promise.all([(await this.host.library).checkpoints(this.host.info.id), runsElsewhere()]);
    } catch (e) {
      this.tellStorage(messageOf(e));
      return;
    }
    // A later refresh is under way: it shows the newer list.
    if (ticket !== this.offersTicket) return;
    const kinds = new Set(this.host.info.runs.map((k) => k.id));
    const going = new Set(this.cards.filter((c) => c.active).map((c) => c.id));
    const offers = cps
      .filter((c) => c.game === this.host.info.id && kinds.has(c.algorithm) && !going.has(c.runId) && c.gamesPlayed < c.gamesTotal)
      .sort((a, b) => a.savedAt - b.savedAt);
    this.resumeList.replaceChildren();
    // Tests wait for this, not for a fixed time, before they check that nothing is offered.
    this.resumeList.dataset.loaded = 'true';
    if (offers.length === 0) return;
    this.resumeList.append(el('h3', {}, 'Unfinished runs'));
    for (const cp of offers) {
      const info = cardInfo(cp, this.host.info.runs);
      const what = `${info.label}${info.preset ? ` (${info.preset.name})` : ''}`;
      if (elsewhere.has(cp.runId)) {
        // Another tab trains it: it is shown, not offered, until that tab lets go.
        this.resumeList.append(
          el(
            'div',
            { className: 'resume-offer', 'data-testid': 'run-elsewhere', 'data-games': String(cp.gamesPlayed) },
            el('p', {}, `${what}: training in another tab of this page (${cp.gamesPlayed.toLocaleString('en-US')} of ${cp.gamesTotal.toLocaleString('en-US')} games at its last checkpoint).`),
          ),
        );
        continue;
      }
      const resume = el('button', { type: 'button', className: 'primary', 'data-testid': 'resume-run', 'aria-label': `Resume ${what}` }, 'Resume');
      const discard = el('button', { type: 'button', 'data-testid': 'discard-run', 'aria-label': `Discard ${what}` }, 'Discard');
      // Its curves as they were at its last checkpoint, without resuming it.
      const saved = isSavedCurve(cp.curve) ? cp.curve : null;
      const curve = el('button', { type: 'button', 'data-testid': 'resume-curve', 'aria-label': `Curve of ${what}`, hidden: !saved }, 'Curve');
      curve.addEventListener('click', () => {
        if (saved) void import('./curve-view').then((v) => v.openCurves(info.label, saved, curve));
      });
      const row = el(
        'div',
        { className: 'resume-offer', 'data-testid': 'resume-offer', 'data-games': String(cp.gamesPlayed) },
        el('p', {}, `${what}: ${cp.gamesPlayed.toLocaleString('en-US')} of ${cp.gamesTotal.toLocaleString('en-US')} games, saved ${new Date(cp.savedAt).toLocaleString()}.`),
        el('div', { className: 'controls' }, resume, curve, discard),
      );
      resume.addEventListener('click', () => {
        row.remove();
        void this.resumeOffer(cp);
      });
      discard.addEventListener('click', () => {
        resume.disabled = discard.disabled = true;
        void (async () => {
          try {
            await (await this.host.library).deleteCheckpoint(cp.runId);
            row.remove();
          } catch (e) {
            showNotice(messageOf(e));
          }
          await this.refreshOffers();
        })();
      });
      this.resumeList.append(row);
    }
    const free = offers.filter((c) => !elsewhere.has(c.runId));
    if (free.length > 1) {
      const all = el('button', { type: 'button', 'data-testid': 'resume-all' }, 'Resume all');
      all.addEventListener('click', () => {
        this.resumeList.replaceChildren();
        for (const cp of free) void this.resumeOffer(cp);
      });
      this.resumeList.append(el('div', { className: 'controls' }, all));
    }
  }

  /** Goes on with a checkpointed run: its card (the stopped one, or a new one) runs again. */
  private async resumeOffer(cp: Checkpoint): Promise<void> {
    const info = cardInfo(cp, this.host.info.runs);
    const held = this.cards.find((c) => c.id === cp.runId);
    if (held?.active) return;
    const card = held ?? this.newCard(info, cp.runId);
    try {
      await card.resumeFromCheckpoint(cp);
    } catch (e) {
      showNotice(`The run could not resume: ${messageOf(e)}`);
      if (card.status === 'stopped' && card.points.length === 0) this.remove(card);
      await this.refreshOffers();
      return;
    }
    this.setAction(`Resumed ${info.label} from its checkpoint at ${cp.gamesPlayed.toLocaleString('en-US')} games.`);
  }

  // ---- continue training a saved model --------------------------------------

  /** Offers to continue a model of the library (from the Models tab). */
  continueFrom(meta: ModelMeta, bytes: Uint8Array): void {
    const kind = this.host.info.runs.find((k) => k.id === meta.continuesAs) ?? this.kind;
    const form = new FieldForm(kind.continueFields, 'continue');
    const games = el('input', {
      id: 'continue-games',
      type: 'number',
      min: 1,
      max: MAX_MORE_GAMES,
      step: 1,
      inputMode: 'numeric',
      value: String(DEFAULT_MORE_GAMES),
      'data-testid': 'continue-games',
    });
    const start = el('button', { type: 'button', className: 'primary', 'data-testid': 'continue-start' }, 'Continue training');
    const cancel = el('button', { type: 'button', 'data-testid': 'continue-cancel' }, 'Cancel');
    start.addEventListener('click', () => void this.startContinue());
    cancel.addEventListener('click', () => this.closeContinue());
    this.continueBox.replaceChildren(
      el('legend', {}, 'Continue training a saved model'),
      el('p', { 'data-testid': 'continue-text' }, `“${meta.name}”, ${meta.gamesTrained.toLocaleString('en-US')} learning games so far.`),
      el('div', { className: 'field' }, el('label', { htmlFor: 'continue-games' }, 'Further learning games'), games),
      form.element,
      el('div', { className: 'controls' }, start, cancel),
      el('p', { className: 'hint' }, 'The run goes on from the saved model, its games and curve (with its saved random stream, exactly as if it had not stopped). Saving it adds a new model; the saved one stays as it is.'),
    );
    this.continueBox.onkeydown = (e) => {
      if (e.key === 'Escape') this.closeContinue();
      if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
        e.preventDefault();
        void this.startContinue();
      }
    };
    this.continuing = { meta, bytes, kind, form, games, start };
    this.continueBox.hidden = false;
    games.focus();
    games.select();
  }

  private closeContinue(): void {
    this.continuing = null;
    this.continueBox.hidden = true;
    this.continueBox.replaceChildren();
  }

  private async startContinue(): Promise<void> {
    const c = this.continuing;
    // Once only, however often Enter is pressed while the worker answers.
    if (!c || c.start.disabled) return;
    const more = Number(c.games.value);
    if (!Number.isInteger(more) || more < 1 || more > MAX_MORE_GAMES) {
      showNotice(`The number of further games must be a whole number from 1 to ${MAX_MORE_GAMES.toLocaleString('en-US')}.`);
      c.games.focus();
      return;
    }
    let settings: Record<string, unknown>;
    try {
      settings = c.form.read();
    } catch (e) {
      showNotice(messageOf(e));
      return;
    }
    c.start.disabled = true;
    const card = this.newCard({ continuedFrom: c.meta.gamesTrained });
    try {
      await card.resume(c.bytes, c.meta.gamesTrained + more, settings, c.meta.continuesAs ? c.kind.id : '');
    } catch (e) {
      // The engine's message says what is wrong ("this model cannot continue training: …").
      showNotice(`Continue training: ${messageOf(e)}`);
      this.remove(card);
      c.start.disabled = false;
      return;
    }
    this.closeContinue();
    this.setAction(`Continuing ${c.meta.name} from ${c.meta.gamesTrained.toLocaleString('en-US')} games for ${more.toLocaleString('en-US')} more.`);
  }

  // ---- charts --------------------------------------------------------------

  private queueRedraw(): void {
    if (this.redrawQueued) return;
    this.redrawQueued = true;
    requestAnimationFrame(() => {
      this.redrawQueued = false;
      this.redraw();
    });
  }

  /** Every run's curves on its kind's charts; charts without curves are hidden. */
  private redraw(): void {
    if (!this.chartCode) {
      if (!this.cards.some((c) => c.series.length > 0) || this.chartCodeLoading) return;
      this.chartCodeLoading = true;
      import('../core/curve-chart').then(
        (m) => {
          this.chartCode = m;
          this.queueRedraw();
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
    const sorted = this.cards.slice().sort((a, b) => a.number - b.number);
    // One set of charts per experiment, and one for the runs started alone.
    const groups = new Map<string, RunCard[]>();
    for (const card of sorted) {
      if (card.series.length === 0) continue;
      const g = card.info.experiment?.id ?? '';
      groups.set(g, [...(groups.get(g) ?? []), card]);
    }
    for (const cards of groups.values()) {
      const names = legends(cards, this.host.info.runs);
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
      for (const kind of this.host.info.runs) {
        for (const spec of kind.charts) {
          const key = `${exp}|${kind.id}.${spec.id}`;
          const list = curves.get(key) ?? [];
          let c = this.charts.get(key);
          if (!c && list.length === 0) continue;
          if (!c) {
            const box = el('div', { className: 'run-chart', 'data-chart': `${kind.id}.${spec.id}`, 'data-experiment': exp });
            // A new experiment's charts go above the earlier ones.
            if (exp) this.chartsBox.prepend(box);
            else this.chartsBox.append(box);
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

/** What a checkpoint says of its run (records of older versions have less); `kinds` name its kind of run. */
function cardInfo(cp: Checkpoint, kinds: RunKindInfo[]): CardInfo {
  const s = (cp.settings ?? {}) as Partial<CardInfo>;
  const numbers = (v: unknown): number[] => (Array.isArray(v) ? v.filter((n): n is number => Number.isInteger(n) && n > 0) : []);
  const kind = kinds.find((k) => k.id === cp.algorithm)?.title ?? 'training';
  return {
    label: typeof s.label === 'string' && s.label ? s.label : `a run of ${kind.charAt(0).toLowerCase()}${kind.slice(1)}`,
    preset: s.preset && typeof s.preset.name === 'string' ? s.preset : null,
    continuedFrom: typeof s.continuedFrom === 'number' ? s.continuedFrom : null,
    snapshots: { at: numbers(s.snapshots?.at), taken: numbers(s.snapshots?.taken) },
    experiment: s.experiment && typeof s.experiment.id === 'string' && typeof s.experiment.name === 'string' ? s.experiment : null,
  };
}

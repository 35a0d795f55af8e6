// The Train tab, the same for every game and kind of run: the form
// (train-form.ts) starts runs in the page's worker pool, each with its card
// (card.ts); several can go at once, their curves overlaid on the kind's
// charts (charts.ts, the legend shows and hides them). Runs that stopped,
// crashed or were cut off by a reload are offered for Resume or Discard
// from their checkpoints (offers.ts); a model from the library can continue
// training here (continue.ts). The panel belongs to the page (`keeper`),
// not to the game's view: it is lent to the view each time the game opens,
// and its runs go on while another game is shown.

import { el } from '../../core/dom';
import type { Engine } from '../../core/engine';
import { messageOf, showNotice } from '../../core/notices';
import { onRunsChanged, releaseRun } from '../../core/run-locks';
import { sharedPool, type RunPool } from '../../core/pool';
import type { GameInfo, WeightTable } from '../../core/protocol';
import type { Checkpoint, ModelLibrary, ModelMeta } from '../../core/storage';
import type { RunHooks } from '../../games/plugin';
import type { BoardLoan } from '../../boards/lend';
import { BenchPanel } from '../bench-panel';
import { Watcher } from '../watch';
import { boundedParam } from '../address';
import { keeper, type KeptPanel, type RunSummary } from '../run-keeper';
import { RunCard, type CardHost, type CardInfo } from './card';
import { RunCharts } from './charts';
import { ContinueBox } from './continue';
import { cardInfo, ResumeOffers } from './offers';
import { TrainForm, type StartPlan } from './train-form';

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

/** Checkpoint interval asked of the workers: 2 s (a reload loses at most that much of a run), or `?checkpointMs=` (200 ms to 30 s) for tests.
 *  A checkpoint is also taken when the page is hidden or closed. */
function checkpointMs(): number {
  return boundedParam(location.hash, 'checkpointMs', 200, 30_000, 2_000);
}

export class RunsPanel implements KeptPanel {
  readonly element: HTMLElement;
  private readonly pool: RunPool = sharedPool();
  private cards: RunCard[] = [];
  private count = 0;
  private readonly form: TrainForm;
  private readonly stopAll = el('button', { type: 'button', 'data-testid': 'runs-stop-all', hidden: true }, 'Stop all runs');
  private readonly status = el('p', { className: 'runs-status', 'data-testid': 'runs-status', 'aria-live': 'polite' });
  private action = '';
  private readonly offers: ResumeOffers;
  private readonly continueBox: ContinueBox;
  private readonly charts: RunCharts;
  private readonly runList = el('div', { className: 'runs', 'data-testid': 'runs' });
  private redrawQueued = false;
  private storageTold = false;
  private readonly checkpointMs = checkpointMs();
  private readonly cardHost: CardHost;
  /** Shows one run's training games on the board ("Watch it learn"). */
  private watcher: Watcher | null = null;
  private readonly bench: BenchPanel;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(private host: RunsHost) {
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
      offersChanged: () => void this.offers.refresh(),
      tellStorage: (m) => this.tellStorage(m),
      watch: (card, on) => void this.watch(card, on),
      watching: () => this.watcher?.watching ?? null,
      weights: (bytes) => this.host.weights(bytes),
    };
    this.form = new TrainForm({ info: host.info, engine: host.engine, hooks: () => this.host.hooks, start: (plan) => this.start(plan) });
    this.offers = new ResumeOffers({
      info: host.info,
      library: host.library,
      going: () => new Set(this.cards.filter((c) => c.active).map((c) => c.id)),
      tellStorage: (m) => this.tellStorage(m),
      resume: (cp) => this.resumeOffer(cp),
    });
    this.continueBox = new ContinueBox({
      start: async (meta, bytes, total, settings, kind) => {
        const card = this.newCard({ continuedFrom: meta.gamesTrained });
        try {
          await card.resume(bytes, total, settings, kind);
        } catch (e) {
          this.remove(card);
          throw e;
        }
      },
      said: (text) => this.setAction(text),
    });
    this.charts = new RunCharts(host.info.runs, () => this.queueRedraw());
    this.stopAll.addEventListener('click', () => {
      for (const c of this.cards) if (c.status === 'running' || c.status === 'paused') void c.stop();
    });
    this.bench = new BenchPanel(host.info);
    this.element = el(
      'div',
      { className: 'train' },
      this.offers.element,
      this.continueBox.element,
      this.form.element,
      el('div', { className: 'runs-head' }, this.status, el('div', { className: 'controls' }, this.stopAll)),
      this.runList,
      this.charts.element,
      this.bench.element,
    );
    void this.offers.refresh();
    // Another tab started, stopped or checkpointed a run: the offers follow.
    this.unsubscribe.push(onRunsChanged(() => void this.offers.refresh()));
    // Hidden or closing: every running run checkpoints now, not up to 2 s later.
    const now = () => this.pool.checkpointNow();
    const hidden = () => document.visibilityState === 'hidden' && now();
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', now);
    this.unsubscribe.push(() => document.removeEventListener('visibilitychange', hidden), () => window.removeEventListener('pagehide', now));
  }

  shown(): void {
    this.queueRedraw();
  }

  /** The game's view opened again: the panel is lent to it (its board, its Play tab). */
  attach(host: RunsHost): void {
    if (host === this.host) return;
    this.host = host;
    this.form.setPresetSection();
  }

  /** The game's view closes: what used its board ends; the runs go on. */
  leave(): void {
    this.form.leave();
    this.host.hooks?.destroy?.();
    this.watcher?.destroy();
    this.watcher = null;
    // A chart left in its large view would keep the next view from scrolling.
    this.charts.unplace();
    for (const c of this.cards) c.render();
  }

  /** Ends every run and frees what the panel holds (the page closes). */
  destroy(): void {
    this.leave();
    for (const f of this.unsubscribe) f();
    for (const c of this.cards) releaseRun(c.id);
    this.bench.destroy();
    this.charts.destroy();
  }

  // ---- the page's list of runs (the header) -----------------------------------

  runs(): RunSummary[] {
    return this.cards.map((c) => ({ id: c.id, name: c.name, kind: c.kind, label: c.label, status: c.status, games: c.games, total: c.total }));
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

  /** Offers to continue a model of the library (from the Models tab). */
  continueFrom(meta: ModelMeta, bytes: Uint8Array): void {
    const kind = this.host.info.runs.find((k) => k.id === meta.continuesAs) ?? this.form.kind;
    this.continueBox.open(meta, bytes, kind);
  }

  // ---- runs ----------------------------------------------------------------

  private async start(plan: StartPlan): Promise<void> {
    const { preset } = plan;
    // The runs of a multi-run preset are one experiment: they get charts of their own.
    const experiment = preset && plan.configs.length > 1 ? { id: `${preset.id}@${Date.now()}`, name: preset.name } : null;
    const cards = plan.configs.map(() => this.newCard({ preset, experiment }));
    // The curve is what a demo shows: its chart comes into view as soon as it is drawn.
    this.charts.revealNext(plan.kind.id, experiment?.id ?? null, () => cards.find((c) => this.cards.includes(c))?.element ?? null, this.form.usesBoard());
    await Promise.all(
      cards.map((card, i) =>
        card.create(plan.kind.id, plan.configs[i], plan.snapshots).catch((e: unknown) => {
          showNotice(`The run could not start: ${messageOf(e)}`);
          this.remove(card);
        }),
      ),
    );
    const started = cards.filter((c) => this.cards.includes(c)).length;
    if (started === 0) return;
    const workers = this.pool.workers || 1;
    this.setAction(`${preset?.name ?? 'Custom settings'}: ${started} run${started === 1 ? '' : 's'} on ${workers} worker${workers === 1 ? '' : 's'}.`);
    // The new run's card (progress, Pause, Stop) comes into view, its top
    // under the header: the card is still growing (its description, its
    // snapshots), and brought only as far as its bottom edge its buttons
    // would slide out of view below; its chart follows (charts.ts).
    this.runList.firstElementChild?.scrollIntoView({ block: 'start' });
  }

  private newCard(info: Partial<CardInfo>, id?: string): RunCard {
    const card = new RunCard(this.cardHost, ++this.count, info, id);
    this.cards.push(card);
    this.runList.prepend(card.element);
    return card;
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
      await this.offers.refresh();
      return;
    }
    this.setAction(`Resumed ${info.label} from its checkpoint at ${cp.gamesPlayed.toLocaleString('en-US')} games.`);
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
    if (on) {
      // The watched games are drawn on the board: a chart in its place gives it back.
      this.charts.unplace();
      await this.watcher.start(card.id, card.name);
    } else if (this.watcher.watching === card.id) await this.watcher.stop();
  }

  private remove(card: RunCard): void {
    if (this.watcher?.watching === card.id) void this.watcher.stop();
    this.cards = this.cards.filter((c) => c !== card);
    card.element.remove();
    this.changed();
    void this.offers.refresh();
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

  private queueRedraw(): void {
    if (this.redrawQueued) return;
    this.redrawQueued = true;
    requestAnimationFrame(() => {
      this.redrawQueued = false;
      this.charts.draw(this.cards);
    });
  }
}

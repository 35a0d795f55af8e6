// One training run in the Train tab, of any game and kind: its card (progress,
// games/s, time left, status, the latest curve point in words, and Pause /
// Resume, Stop, Play against, Save to library, Export file, Watch it learn
// for kinds whose games can be shown, Close), its curve
// points, and its checkpoints. The run itself lives in a worker of the pool.
//
// A checkpoint is the run's full state (`Run.checkpoint()`); the worker posts
// one at least every 2 s while the run goes, when it pauses or stops, and when the page is hidden or closed.
// The card stores it in IndexedDB; a stopped or crashed run is offered for
// Resume after a reload and goes on exactly from it. A finished run is saved
// to the library and keeps no checkpoint.
//
// Snapshots: the worker hands over the model at each snapshot point (after
// exactly that many games); the card stores it in the library and lists it
// (`SnapshotShelf`). The points taken are part of the checkpoint's record,
// so a resumed run asks only for the others; a storage failure is told and
// the run goes on.

import { compactCount } from '../../core/charts';
import { formatDuration } from '../../core/text';
import { el } from '../../core/dom';
import type { Engine } from '../../core/engine';
import { describeModel } from '../../core/model-words';
import { metaOf } from '../../core/models';
import { runNeedsLearners } from '../../core/modules';
import { messageOf, showNotice } from '../../core/notices';
import type { RunListener, RunPool } from '../../core/pool';
import type { GameInfo, ModelInfo, Point, RunConfig, RunNews, RunSnapshot, SeriesSpec, WeightTable } from '../../core/protocol';
import { announceRuns, claimRun, releaseRun } from '../../core/run-locks';
import { downloadFile, newId, type Checkpoint, type ModelLibrary, type SavedCurve } from '../../core/storage';
import { pageGlossed } from '../glossary';
import { SnapshotShelf, snapshotId } from '../snapshots';
import { savedCurveOf } from './saved-curve';

export type CardStatus = 'starting' | 'running' | 'paused' | 'stopped' | 'finished' | 'crashed';

/** What a checkpoint keeps beside the run's state, to show the run again. */
export interface CardInfo {
  label: string;
  /** The preset it came from. */
  preset: { id: string; name: string } | null;
  /** The games of the saved model a continued run started from. */
  continuedFrom: number | null;
  /** Snapshot points (learning games) asked for, and those stored so far. */
  snapshots: { at: number[]; taken: number[] };
  /** The experiment (a multi-run preset started at once) it belongs to: its runs share their charts. */
  experiment: { id: string; name: string } | null;
}

/** What a card needs from its panel. */
export interface CardHost {
  info: GameInfo;
  engine: Engine;
  library: Promise<ModelLibrary>;
  pool(): RunPool;
  checkpointMs: number;
  playAgainst: (name: string, label: string, side: 0 | 1 | null, bytes: Uint8Array | null) => Promise<void>;
  /** Two library models ("net:<id>") play each other in the Play tab. */
  match: (first: string, second: string) => Promise<void>;
  /** The run's curves, progress or status changed. */
  changed(card: RunCard): void;
  close(card: RunCard): void;
  /** A checkpoint was stored or dropped: the offers may change. */
  offersChanged(): void;
  /** Says a storage problem once, not at every checkpoint. */
  tellStorage(message: string): void;
  /** Watches the run's training games one at a time, or (`false`) goes back to full speed. */
  watch(card: RunCard, on: boolean): void;
  /** The id of the run being watched, if any. */
  watching(): string | null;
  /** A model file's weights beside those it started from (null when its game does not show them). */
  weights(bytes: Uint8Array): Promise<WeightTable | null>;
}

const WORDS: Record<CardStatus, string> = {
  starting: 'Starting…',
  running: 'Training',
  paused: 'Paused',
  stopped: 'Stopped',
  finished: 'Finished',
  crashed: 'The worker stopped — resume from the last checkpoint',
};

export class RunCard implements RunListener {
  readonly id: string;
  /** "Run 3". */
  readonly name: string;
  readonly number: number;
  readonly element: HTMLElement;
  kind = '';
  status: CardStatus = 'starting';
  series: SeriesSpec[] = [];
  points: Point[] = [];
  games = 0;
  total = 0;
  /** The first palette index of its curves' colours (set by the panel). */
  colorBase = -1;
  /** Games of the last stored checkpoint. */
  checkpointAt: number | null = null;
  info: CardInfo;
  private rate = 0;
  private latest = '';
  private config: RunConfig | null = null;
  /** The settings last written into the card's `data-config`. */
  private configShown: RunConfig | null = null;
  private lastCheckpoint: { bytes: Uint8Array; games: number; total: number } | null = null;
  /** Games of the model the learner's line describes. */
  private describedGames = -1;
  /** Checkpoint writes and deletes, in order. */
  private storing: Promise<void> = Promise.resolve();
  /** The worker that held the run died after it had stopped or finished. */
  private lost = false;
  /** The library id its model is saved under (saving again replaces it). */
  private modelId = newId();
  /** The name it last gave the saved model (a name given in the library stays). */
  private savedName: string | null = null;

  private readonly heading = el('h3', {});
  /** The heading's text as last drawn. */
  private headingText = '';
  private readonly swatch = el('span', { className: 'swatch', 'aria-hidden': 'true' });
  private readonly bar = el('progress', { max: 1, value: 0 });
  private readonly stats = el('p', { className: 'run-stats', 'data-testid': 'run-stats' });
  private readonly statusText = el('p', { className: 'run-status', 'data-testid': 'run-status', 'aria-live': 'polite' });
  private readonly note = el('p', { className: 'run-note', 'data-testid': 'run-note' });
  /** What the note says now. */
  private noteText = '';
  /** What it trains, in words ("Q-network, 64 inputs, …"). */
  private readonly learnerText = el('p', { className: 'run-learner', 'data-testid': 'run-learner', hidden: true });
  private readonly latestText = el('p', { className: 'run-latest', 'data-testid': 'run-latest' });
  private readonly pauseButton = el('button', { type: 'button', 'data-testid': 'run-pause' }, 'Pause');
  private readonly stopButton = el('button', { type: 'button', 'data-testid': 'run-stop' }, 'Stop');
  private readonly playButton = el('button', { type: 'button', 'data-testid': 'run-play' }, 'Play against');
  private readonly saveButton = el('button', { type: 'button', 'data-testid': 'run-save' }, 'Save to library');
  private readonly exportButton = el('button', { type: 'button', 'data-testid': 'run-export' }, 'Export file');
  private readonly closeButton = el('button', { type: 'button', 'data-testid': 'run-close' }, 'Close');
  private readonly weightsButton = el('button', { type: 'button', 'data-testid': 'run-weights', title: 'What it has learned so far: every weight beside the one it started from' }, 'Weights');
  private readonly watchButton = el(
    'button',
    {
      type: 'button',
      'data-testid': 'run-watch',
      'aria-pressed': 'false',
      title: 'Slows the run to one training game at a time and draws each game on the board, with the values the agent gives the legal moves. The games are the run’s own: watching changes nothing it learns.',
    },
    'Watch it learn',
  );
  private readonly shelf: SnapshotShelf;
  /** Said on cards of kinds whose games cannot be shown one by one. */
  private readonly watchNote = el('p', { className: 'run-note', 'data-testid': 'run-watch-note', hidden: true }, 'This kind of run cannot be watched game by game.');

  constructor(
    private readonly host: CardHost,
    number: number,
    info: Partial<CardInfo> = {},
    id?: string,
  ) {
    this.id = id ?? newId();
    this.number = number;
    this.name = `Run ${number}`;
    this.info = {
      label: info.label ?? '',
      preset: info.preset ?? null,
      continuedFrom: info.continuedFrom ?? null,
      experiment: info.experiment ?? null,
      snapshots: { at: [...(info.snapshots?.at ?? [])], taken: [...(info.snapshots?.taken ?? [])] },
    };
    this.shelf = new SnapshotShelf({
      info: host.info,
      library: host.library,
      runName: this.name,
      runId: this.id,
      playAgainst: host.playAgainst,
      match: host.match,
    });
    this.element = el(
      'article',
      { className: 'run', 'data-testid': 'run', 'data-run-id': this.id },
      this.heading,
      this.learnerText,
      this.statusText,
      this.bar,
      this.stats,
      this.latestText,
      el('div', { className: 'controls' }, this.pauseButton, this.stopButton, this.playButton, this.saveButton, this.exportButton, this.weightsButton, this.watchButton, this.closeButton),
      this.note,
      this.watchNote,
      this.shelf.element,
    );
    this.pauseButton.addEventListener('click', () => void this.pauseOrResume());
    this.stopButton.addEventListener('click', () => void this.stop());
    this.playButton.addEventListener('click', () => void this.play());
    this.saveButton.addEventListener('click', () => void this.save());
    this.exportButton.addEventListener('click', () => void this.exportFile());
    this.weightsButton.addEventListener('click', () => void this.showWeights());
    this.closeButton.addEventListener('click', () => this.close());
    this.watchButton.addEventListener('click', () => this.host.watch(this, this.host.watching() !== this.id));
    this.render();
    void this.shelf.refresh();
  }

  /** Its settings as the engine gave them (null before it started). */
  get settings(): RunConfig | null {
    return this.config;
  }

  /** The name of its lines in a chart ("Run 2", or what differs from the other runs: "α 0.5, γ 0.9"). */
  legend = '';

  /** Its label and what it continues, for the list of unfinished runs. */
  get label(): string {
    return this.info.label;
  }

  /** Whether its worker is working on it (or about to). */
  get active(): boolean {
    return this.status === 'starting' || this.status === 'running' || this.status === 'paused';
  }

  // ---- starting ------------------------------------------------------------

  /** A new run from its configuration, with snapshots after `snapshots` games. */
  create(runKind: string, config: RunConfig, snapshots: number[] = this.info.snapshots.at): Promise<void> {
    this.config = config;
    this.info.snapshots = { at: [...snapshots], taken: [] };
    const learners = runNeedsLearners(this.host.info, runKind);
    return this.begin(() => this.host.pool().create(this.id, this.host.info.id, runKind, config, this.host.checkpointMs, this.snapshotPlan(), this, learners));
  }

  /** A run that goes on from a checkpoint or a saved model of the kind `kind` ('' when not known). */
  resume(bytes: Uint8Array, total: number | null, settings: Record<string, unknown> | null, kind = this.kind): Promise<void> {
    // A kind not known: the pool finds the module (modules.ts).
    const learners = kind !== '' && runNeedsLearners(this.host.info, kind);
    return this.begin(() => this.host.pool().resume(this.id, bytes, total, settings, this.host.checkpointMs, this.snapshotPlan(), this, learners));
  }

  /** The snapshot points not yet taken, and their name (`{label}`: the run's label). */
  private snapshotPlan(): { at: number[]; name: string } | null {
    const { at, taken } = this.info.snapshots;
    const due = at.filter((n) => !taken.includes(n));
    return due.length > 0 ? { at: due, name: `${this.info.label || '{label}'} · after {games} games` } : null;
  }

  private async begin(make: () => Promise<RunSnapshot>): Promise<void> {
    const before = this.status;
    this.status = 'starting';
    this.lost = false;
    // A run resumed from a checkpoint may go back to fewer games.
    this.describedGames = -1;
    this.render();
    let snap: RunSnapshot;
    try {
      // One tab at a time trains a run and writes its checkpoint.
      if (!(await claimRun(this.id))) throw new Error('this run is training in another tab of this page');
      snap = await make();
    } catch (e) {
      this.status = before === 'starting' ? 'stopped' : before;
      this.render();
      throw e;
    }
    this.kind = snap.kind;
    this.config = snap.config;
    if (!this.info.label) this.info.label = this.info.continuedFrom !== null ? `${snap.label} (continued)` : snap.label;
    this.series = snap.series;
    this.points = snap.points;
    this.games = snap.games;
    this.total = snap.total;
    this.latest = snap.latest;
    this.rate = 0;
    this.status = snap.done ? 'finished' : 'running';
    this.shelf.setPlan(this.info.snapshots.at, this.total);
    this.render();
    this.host.changed(this);
    this.host.offersChanged();
    void this.describe();
  }

  /** Says what the run trains, from the engine's reading of its model. */
  private async describe(info?: ModelInfo): Promise<void> {
    try {
      info ??= await this.host.engine.inspect((await this.model(`${this.label}`)).bytes);
    } catch {
      // A run whose worker is gone says it in its note; the description waits for its next reading.
      return;
    }
    // A reading that arrives late (of an earlier checkpoint) leaves a newer one.
    if (info.gamesTrained < this.describedGames) return;
    this.describedGames = info.gamesTrained;
    this.learnerText.textContent = describeModel(info, this.host.info);
    // Described when it starts, at each checkpoint, and when it pauses, stops and is saved: a table's size is the size then.
    this.learnerText.title = `How it learns: ${info.summary}. Its size is as of ${compactCount(info.gamesTrained)} games.`;
    this.learnerText.hidden = false;
  }

  // ---- what the worker says ------------------------------------------------

  onNews(n: RunNews): void {
    this.points.push(...n.points);
    this.games = n.games;
    this.total = n.total;
    this.rate = n.rate;
    if (n.latest !== null) this.latest = n.latest;
    if (n.done && this.status === 'running') {
      this.status = 'finished';
      void this.finish();
    }
    this.render();
    this.host.changed(this);
  }

  onCheckpoint(bytes: Uint8Array, games: number, total: number): void {
    this.lastCheckpoint = { bytes, games, total };
    this.store(bytes, games, total);
    // The learner as it is now (a table grows as it learns), read in the
    // engine's worker beside the storing, whether or not that succeeds; a
    // newer checkpoint's reading replaces this one's.
    if (this.status !== 'running') return;
    this.host.engine
      .inspect(bytes)
      .then((info) => {
        if (this.lastCheckpoint?.bytes === bytes && this.status === 'running') void this.describe(info);
      })
      .catch(() => undefined);
  }

  /** The model after exactly `games` games goes to the library, before any later checkpoint is stored. */
  onSnapshot(bytes: Uint8Array, games: number, name: string): void {
    const words = `${games.toLocaleString('en-US')} games`;
    this.storing = this.storing.then(async () => {
      try {
        const info = await this.host.engine.inspect(bytes);
        const lib = await this.host.library;
        await lib.save(metaOf(info, this.host.info, name, snapshotId(this.id, games)), bytes);
        if (!this.info.snapshots.taken.includes(games)) this.info.snapshots.taken.push(games);
        this.shelf.say(`Snapshot after ${words} kept in the library${lib.volatileReason ? ' (in this tab only: storage is unavailable)' : ''}.`);
      } catch (e) {
        const text = `The snapshot after ${words} could not be stored: ${messageOf(e)} The run goes on.`;
        this.shelf.say(text);
        showNotice(`${this.name}: ${text}`);
      }
      await this.shelf.refresh();
    });
  }

  /**
   * `p` says `text`, the glossary's words in it explained. When only the
   * words between them change (a count of games), those are changed in
   * place: an explanation opened on a word stays open.
   */
  private say(p: HTMLElement, text: string): void {
    if (p.dataset.text === text) return;
    p.dataset.text = text;
    const parts = pageGlossed(text);
    const now = [...p.childNodes];
    const same =
      now.length === parts.length &&
      parts.every((n, i) => (typeof n === 'string' ? now[i].nodeType === Node.TEXT_NODE : now[i].nodeType !== Node.TEXT_NODE && now[i].textContent === n.textContent));
    if (!same) p.replaceChildren(...parts);
    else parts.forEach((n, i) => typeof n === 'string' && (now[i].textContent = n));
  }

  private setNote(text: string): void {
    this.noteText = text;
    this.say(this.note, text);
  }

  onError(message: string): void {
    this.status = 'crashed';
    this.setNote(message);
    showNotice(`${this.name}: ${message}`);
    this.render();
    this.host.changed(this);
    void this.storing.then(() => this.host.offersChanged());
  }

  onCrash(reason: string): void {
    if (!this.active) {
      // Stopped or finished: only what its worker held is gone.
      this.lost = true;
      this.render();
      return;
    }
    this.status = 'crashed';
    this.setNote(`The training worker stopped (${reason}).`);
    this.render();
    this.host.changed(this);
    void this.storing.then(() => this.host.offersChanged());
  }

  // ---- checkpoints ---------------------------------------------------------

  private store(bytes: Uint8Array, games: number, total: number): void {
    this.storing = this.storing.then(async () => {
      // A run that ended meanwhile keeps no checkpoint.
      if (this.status === 'finished') return;
      // Made now, after the snapshots before it were stored: it knows them.
      const record: Checkpoint = {
        runId: this.id,
        game: this.host.info.id,
        algorithm: this.kind,
        settings: { ...this.info, snapshots: { at: [...this.info.snapshots.at], taken: [...this.info.snapshots.taken] } },
        bytes,
        gamesPlayed: games,
        gamesTotal: total,
        curve: this.savedCurve(),
        savedAt: Date.now(),
      };
      try {
        const lib = await this.host.library;
        await lib.saveCheckpoint(record);
        announceRuns();
        this.checkpointAt = games;
        this.setNote(`Checkpoint saved at ${games.toLocaleString('en-US')} games${lib.volatileReason ? ' (in this tab only: storage is unavailable)' : ''}.`);
        if (lib.volatileReason) this.host.tellStorage(`${lib.volatileReason} Checkpoints of the runs are kept in this tab only.`);
      } catch (e) {
        this.setNote(`The checkpoint could not be stored: ${messageOf(e)}`);
        this.host.tellStorage(`${messageOf(e)} The runs go on without checkpoints.`);
        return;
      }
      this.render();
      if (!this.active) this.host.offersChanged();
    });
  }

  private dropCheckpoint(): Promise<void> {
    this.storing = this.storing.then(async () => {
      try {
        await (await this.host.library).deleteCheckpoint(this.id);
        announceRuns();
        this.checkpointAt = null;
      } catch (e) {
        this.host.tellStorage(messageOf(e));
      }
      this.render();
      this.host.offersChanged();
    });
    return this.storing;
  }

  /** The run reached its planned total: its model goes to the library, and
   *  only once it is stored there does its checkpoint go. A model the visitor
   *  deleted from the library while the run went on is not brought back (Save
   *  stores it again). */
  private async finish(): Promise<void> {
    // A checkpoint still being written says so first; the run's end is said after it.
    await this.storing;
    if (this.savedName !== null && (await this.inLibrary()) === false) {
      this.setNote('Finished. Its model was deleted from the library while it trained, so it was not saved again; press Save to library to keep it.');
      await this.dropCheckpoint();
      return;
    }
    if (await this.save()) {
      await this.dropCheckpoint();
    } else {
      const at = this.checkpointAt;
      this.setNote(
        this.noteText +
          ' The run is finished but not stored: export it now, or free space and press Save to library.' +
          (at !== null ? ` Its last checkpoint (${at.toLocaleString('en-US')} games) is kept.` : ''),
      );
    }
  }

  /** Whether its saved model is still in the library (null: cannot tell). */
  private async inLibrary(): Promise<boolean | null> {
    try {
      await (await this.host.library).meta(this.modelId);
      return true;
    } catch (e) {
      return e instanceof Error && 'kind' in e && (e as { kind: string }).kind === 'missing' ? false : null;
    }
  }

  // ---- the visitor's actions -----------------------------------------------

  private async pauseOrResume(): Promise<void> {
    try {
      if (this.status === 'running') {
        const status = await this.host.pool().pause(this.id);
        // The worker posted the pause's checkpoint before its answer: the card
        // says Paused once that checkpoint is stored (a reload then loses nothing),
        // unless the run crashed or ended meanwhile.
        await this.storing.catch(() => undefined);
        if (this.status === 'running') this.status = status;
        // Its size now (a table grows as it learns).
        void this.describe();
      } else if (this.status === 'paused') {
        this.status = await this.host.pool().resumePaused(this.id);
      } else {
        await this.resumeFromCheckpoint();
        return;
      }
      this.render();
      this.host.changed(this);
    } catch (e) {
      showNotice(`${this.name}: ${messageOf(e)}`);
    }
  }

  /** Goes on with a paused run (from the page's list of runs). */
  async resumePaused(): Promise<void> {
    if (this.status === 'paused') await this.pauseOrResume();
  }

  /** Goes on from the last checkpoint (or from the start, if there is none yet). */
  async resumeFromCheckpoint(stored?: Checkpoint): Promise<void> {
    await this.storing;
    let cp: { bytes: Uint8Array; total: number; kind: string } | null = stored
      ? { bytes: stored.bytes, total: stored.gamesTotal, kind: stored.algorithm }
      : this.lastCheckpoint && { ...this.lastCheckpoint, kind: this.kind };
    if (!cp) {
      const found = (await (await this.host.library).checkpoints()).find((c) => c.runId === this.id);
      if (found) cp = { bytes: found.bytes, total: found.gamesTotal, kind: found.algorithm };
    }
    if (cp) {
      await this.resume(cp.bytes, cp.total, null, cp.kind);
    } else if (this.config) {
      await this.create(this.kind, this.config);
    } else {
      throw new Error('there is no checkpoint to go on from');
    }
  }

  async stop(): Promise<void> {
    try {
      if (this.status === 'running' || this.status === 'paused') {
        this.status = await this.host.pool().stop(this.id);
        this.setNote('Stopped. It can go on from its checkpoint; save the model to keep it.');
        void this.describe();
      } else if (this.status === 'crashed') {
        this.status = 'stopped';
      } else {
        return;
      }
      this.render();
      this.host.changed(this);
      await this.storing;
      this.host.offersChanged();
    } catch (e) {
      showNotice(`${this.name}: ${messageOf(e)}`);
    }
  }

  private close(): void {
    this.shelf.destroy();
    releaseRun(this.id);
    this.host.pool().drop(this.id);
    this.host.close(this);
  }

  /** The run's model now, named `name` (`{games}`: the games played). */
  private model(name: string): Promise<{ bytes: Uint8Array; games: number; name: string }> {
    if (this.lost || this.status === 'crashed' || this.status === 'starting') {
      return Promise.reject(new Error('its training worker stopped; resume the run first'));
    }
    return this.host.pool().model(this.id, name);
  }

  private async play(): Promise<void> {
    try {
      const { bytes, games } = await this.model(`${this.label} at {games} games`);
      const info = await this.host.engine.inspect(bytes);
      await this.host.playAgainst(`net:${this.id}`, `${this.name} at ${compactCount(games)} games`, info.side, bytes);
    } catch (e) {
      showNotice(`${this.name}: ${messageOf(e)}`);
    }
  }

  /** Stores what the run learned in the library, replacing this run's earlier save. */
  /** Stores its model in the library; false (and says why) if it could not. */
  async save(): Promise<boolean> {
    try {
      const { bytes, name } = await this.model(`${this.label} ({games} games)`);
      const info = await this.host.engine.inspect(bytes);
      const lib = await this.host.library;
      const earlier = await lib.meta(this.modelId).catch(() => null);
      // A name the visitor gave in the library stays.
      const keep = earlier && earlier.name !== this.savedName ? earlier.name : null;
      const stored = keep ?? name;
      // The file keeps the curves too (an export carries them): the same bytes as an export of it.
      const curve = this.savedCurve();
      const named = keep ? await this.host.engine.rename(bytes, keep) : bytes;
      await lib.save({ ...metaOf(info, this.host.info, stored, this.modelId), curve }, await this.host.engine.withCharts(named, curve));
      void this.describe(info);
      this.savedName = stored;
      this.element.dataset.saved = 'true';
      this.setNote(`Saved to the library as “${stored}”.`);
      return true;
    } catch (e) {
      this.setNote(`Not saved: ${messageOf(e)}`);
      showNotice(`Not saved: ${messageOf(e)}`);
      return false;
    }
  }

  /** Downloads what the run learned as a model file (works without storage). */
  private async exportFile(): Promise<void> {
    try {
      const { bytes } = await this.model(`${this.label} ({games} games)`);
      // With its curves as drawn, so that an import shows them.
      const withCurves = await this.host.engine.withCharts(bytes, this.savedCurve());
      const info = await this.host.engine.inspect(withCurves);
      downloadFile(withCurves, info.fileName);
    } catch (e) {
      showNotice(`Not exported: ${messageOf(e)}`);
    }
  }

  /** Opens the Weights view of what it has learned so far. */
  private async showWeights(): Promise<void> {
    try {
      const { bytes, games } = await this.model(`${this.label} ({games} games)`);
      const [table, view] = await Promise.all([this.host.weights(bytes), import('../weights-view')]);
      if (!table) throw new Error('this kind of run does not show its weights');
      view.openWeights(`${this.name} at ${compactCount(games)} games`, table, this.weightsButton);
    } catch (e) {
      showNotice(`${this.name}: ${messageOf(e)}`);
    }
  }

  /** Its curves as drawn, to keep with its model. */
  savedCurve(): SavedCurve {
    const kind = this.host.info.runs.find((k) => k.id === this.kind);
    return savedCurveOf(kind?.charts ?? [], this.series, this.points, this.legend || this.name, Math.max(0, this.colorBase));
  }

  // ---- drawing -------------------------------------------------------------

  /** Shows the colour of its first curve. */
  setColor(color: string): void {
    this.swatch.style.background = color;
  }

  render(): void {
    const s = this.status;
    // A run that no longer trains here lets other tabs resume it, once its last checkpoint is written.
    if (!this.active) void this.storing.then(() => !this.active && releaseRun(this.id));
    const d = this.element.dataset;
    d.status = s;
    d.games = String(this.games);
    d.total = String(this.total);
    d.points = String(this.points.length);
    d.curve = this.points.map((p) => p.x).join(' ');
    const last = this.points[this.points.length - 1];
    d.lastPoint = last ? String(last.x) : '';
    // The last point's values exactly: a resumed run must match one that never stopped.
    d.last = last ? JSON.stringify(last.y) : '';
    const worker = this.host.pool().workerOf(this.id);
    if (worker !== null && !this.lost) d.worker = String(worker);
    else delete d.worker;
    if (this.checkpointAt !== null) d.checkpoint = String(this.checkpointAt);
    else delete d.checkpoint;
    if (this.info.continuedFrom !== null) d.continuedFrom = String(this.info.continuedFrom);
    const preset = this.info.preset ? ` — ${this.info.preset.name}` : '';
    // The run's settings as the engine writes them (α=0.5 ε=0.1 …), each
    // letter explained; redrawn only when they change, so that an open
    // explanation stays open while the run goes on.
    const heading = ` ${this.name}: ${this.label || 'starting'}`;
    if (this.headingText !== heading) {
      this.headingText = heading;
      this.heading.replaceChildren(this.swatch, ` ${this.name}: `, ...pageGlossed(this.label || 'starting'));
    }
    this.heading.title = `${this.label}${preset}`;
    this.latestText.textContent = this.latest;
    this.bar.max = Math.max(1, this.total);
    this.bar.value = this.games;
    this.bar.setAttribute('aria-label', `${this.name} progress`);
    const left = this.rate > 0 ? (this.total - this.games) / this.rate : NaN;
    const watchedNow = this.host.watching() === this.id;
    this.stats.textContent =
      `${this.games.toLocaleString('en-US')} / ${this.total.toLocaleString('en-US')} games` +
      (s === 'running'
        ? watchedNow
          ? ' · watched: one game at a time'
          : ` · ${Math.round(this.rate).toLocaleString('en-US')} games/s · ${formatDuration(left)} left`
        : '');
    // Lines rewritten at every report keep, while the run trains, the
    // tallest height they have had: the buttons under them stay where a
    // visitor is about to click instead of jumping by a line.
    for (const line of [this.latestText, this.stats]) {
      if (s !== 'running') line.style.minHeight = '';
      else if (line.offsetHeight > parseFloat(line.style.minHeight || '0')) line.style.minHeight = `${line.offsetHeight}px`;
    }
    this.say(this.statusText, this.lost ? `${WORDS[s]} (its worker stopped: resume it to save or play against it)` : WORDS[s]);
    const held = !this.lost && (s === 'running' || s === 'paused' || s === 'stopped' || s === 'finished');
    this.pauseButton.textContent = s === 'running' ? 'Pause' : 'Resume';
    this.pauseButton.disabled = !(s === 'running' || s === 'paused' || s === 'crashed' || (s === 'stopped' && (this.lastCheckpoint !== null || this.checkpointAt !== null)));
    this.stopButton.disabled = !(s === 'running' || s === 'paused' || s === 'crashed');
    this.playButton.disabled = !held;
    this.saveButton.disabled = !held;
    this.exportButton.disabled = !held;
    this.weightsButton.hidden = !(this.host.info.runs.find((k) => k.id === this.kind)?.showsWeights ?? false);
    this.weightsButton.disabled = !held;
    this.closeButton.hidden = !(s === 'stopped' || s === 'finished' || s === 'crashed');
    const watchable = this.host.info.runs.find((k) => k.id === this.kind)?.watchable ?? false;
    const watched = this.host.watching() === this.id;
    this.watchButton.hidden = !watchable;
    this.watchNote.hidden = watchable || this.kind === '';
    this.watchButton.disabled = !watched && s !== 'running';
    this.watchButton.textContent = watched ? 'Back to full speed' : 'Watch it learn';
    this.watchButton.setAttribute('aria-pressed', String(watched));
    d.watched = String(watched);
    if (this.config !== this.configShown) {
      this.configShown = this.config;
      // The run's settings as the engine gives them (for tests and tools), written when they change.
      // A seed is a BigInt, which JSON has not: written as a number when exact, else as text.
      if (this.config) d.config = JSON.stringify(this.config, (_, v: unknown) => (typeof v === 'bigint' ? (v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString()) : v));
    }
  }
}

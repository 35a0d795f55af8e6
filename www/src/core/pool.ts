// The run pool: every training run of the page, of any game and kind, goes
// to one of up to `navigator.hardwareConcurrency` workers (at most 8; one more
// only when none of them has the module a run needs), each
// with its own wasm instance; a worker steps its runs in turn. Workers start
// when runs need them. A run goes to an idle worker, else a new one, else the
// one with the fewest running runs. If a worker dies, its runs are told (they
// resume from their last checkpoints) and a fresh worker takes its place.
// A run whose learner is in the learners' module (modules.ts) goes to a
// worker that loaded that module; the others to any worker.

import { lacksLearner, workerName } from './modules';
import { showNotice } from './notices';
import type { RunConfig, RunNews, RunSnapshot, RunStatus, SnapshotPlan, WatchedGame } from './protocol';
import { WorkerClient, WorkerError } from './worker-client';

/** What a run hears from its worker. */
export interface RunListener {
  onNews(news: RunNews): void;
  /** The run's full state, to store. */
  onCheckpoint(bytes: Uint8Array, games: number, total: number): void;
  /** The model after exactly `games` games, at one of the run's snapshot points. */
  onSnapshot(bytes: Uint8Array, games: number, name: string): void;
  /** The engine stopped the run with an error. */
  onError(message: string): void;
  /** The run's worker died: the run is gone from it. */
  onCrash(reason: string): void;
}

interface Slot {
  index: number;
  /** It loaded the learners' module. */
  learners: boolean;
  client: WorkerClient;
  /** Every run it holds (to save or play against, even finished). */
  runs: Set<string>;
  /** The runs it is stepping now. */
  active: Set<string>;
}

let shared: RunPool | null = null;

/** The page's one pool: every game's runs share its workers, and it lives as long as the page. */
export function sharedPool(): RunPool {
  shared ??= new RunPool();
  return shared;
}

export function poolSize(): number {
  return Math.max(1, Math.min(8, navigator.hardwareConcurrency || 2));
}

export class RunPool {
  private slots: Slot[] = [];
  private owner = new Map<string, Slot>();
  private listeners = new Map<string, RunListener>();
  private watched: string | null = null;

  constructor(readonly size = poolSize()) {}

  private spawn(index: number, learners: boolean): Slot {
    const slot: Slot = {
      index,
      learners,
      runs: new Set(),
      active: new Set(),
      client: new WorkerClient(
        () => new Worker(new URL('./pool.worker.ts', import.meta.url), { type: 'module', name: workerName(`pool-${index + 1}`, learners) }),
        'a training worker',
        {
          onNews: (news) => {
            switch (news.kind) {
              case 'runProgress':
                if (news.news.done) slot.active.delete(news.news.runId);
                this.listeners.get(news.news.runId)?.onNews(news.news);
                return;
              case 'runCheckpoint':
                this.listeners.get(news.runId)?.onCheckpoint(news.bytes, news.games, news.total);
                return;
              case 'runSnapshot':
                this.listeners.get(news.runId)?.onSnapshot(news.bytes, news.games, news.name);
                return;
              case 'runError':
                slot.active.delete(news.runId);
                this.listeners.get(news.runId)?.onError(news.message);
                return;
              case 'error':
                showNotice(news.message);
                return;
              case 'ready':
              case 'loading':
              case 'compiled':
                return;
            }
          },
          onRestart: (reason) => this.crashed(slot, reason),
        },
        { learners },
      ),
    };
    return slot;
  }

  private crashed(slot: Slot, reason: string): void {
    const lost = [...slot.runs];
    slot.runs.clear();
    slot.active.clear();
    for (const runId of lost) this.owner.delete(runId);
    if (lost.length > 0) showNotice(`A training worker stopped (${reason}). A fresh one has taken its place; its runs can resume from their last checkpoints.`);
    for (const runId of lost) this.listeners.get(runId)?.onCrash(reason);
  }

  /**
   * The worker for a new run, among those that can run it (a worker with the
   * learners' module runs any): an idle one, else a new one; when the pool is
   * full, one in place of a worker of the other module that holds no run,
   * else the least busy (a new one past the pool's size only when no worker
   * can run it at all).
   */
  private pick(learners: boolean): Slot {
    const able = this.slots.filter((s) => s.learners || !learners);
    const idle = able.find((s) => s.active.size === 0);
    if (idle) return idle;
    if (this.slots.length < this.size) {
      const slot = this.spawn(this.slots.length, learners);
      this.slots.push(slot);
      return slot;
    }
    const empty = this.slots.findIndex((s) => s.runs.size === 0 && s.learners !== learners);
    if (empty >= 0) {
      this.slots[empty].client.terminate();
      const slot = this.spawn(empty, learners);
      this.slots[empty] = slot;
      return slot;
    }
    if (able.length === 0) {
      const slot = this.spawn(this.slots.length, learners);
      this.slots.push(slot);
      return slot;
    }
    return able.reduce((a, b) => (b.active.size < a.active.size ? b : a));
  }

  private take(runId: string, listener: RunListener, learners: boolean): Slot {
    // A run that goes on again (resumed from its checkpoint) may move to
    // another worker: the first one forgets it.
    const before = this.owner.get(runId);
    if (before) this.forget(before, runId);
    const slot = this.pick(learners);
    slot.runs.add(runId);
    slot.active.add(runId);
    this.owner.set(runId, slot);
    this.listeners.set(runId, listener);
    return slot;
  }

  private forget(slot: Slot, runId: string): void {
    slot.runs.delete(runId);
    slot.active.delete(runId);
    this.owner.delete(runId);
    slot.client.request({ kind: 'runDrop', runId }).catch(() => {});
  }

  private slotOf(runId: string): Slot {
    const slot = this.owner.get(runId);
    if (!slot) throw new Error('that run is no longer held by a worker');
    return slot;
  }

  private async started(runId: string, slot: Slot, answer: Promise<RunSnapshot>): Promise<RunSnapshot> {
    try {
      const snapshot = await answer;
      if (snapshot.done) slot.active.delete(runId);
      return snapshot;
    } catch (e) {
      slot.runs.delete(runId);
      slot.active.delete(runId);
      if (this.owner.get(runId) === slot) this.owner.delete(runId);
      throw e;
    }
  }

  /** Starts a new run of `runKind` from its configuration; `learners`: its learner is in the learners' module. */
  create(
    runId: string,
    game: string,
    runKind: string,
    config: RunConfig,
    checkpointMs: number,
    snapshots: SnapshotPlan | null,
    listener: RunListener,
    learners = false,
  ): Promise<RunSnapshot> {
    const slot = this.take(runId, listener, learners);
    return this.started(runId, slot, slot.client.request({ kind: 'runCreate', runId, game, runKind, config, checkpointMs, snapshots }));
  }

  /**
   * Goes on from a checkpoint or a saved model (a new total, the kind's
   * continue settings); `learners`: its learner is known to be in the
   * learners' module. Otherwise a worker with the first module tries, and
   * one with the learners' module when the first lacks the learner.
   */
  async resume(
    runId: string,
    bytes: Uint8Array,
    total: number | null,
    settings: Record<string, unknown> | null,
    checkpointMs: number,
    snapshots: SnapshotPlan | null,
    listener: RunListener,
    learners = false,
  ): Promise<RunSnapshot> {
    const attempt = (inLearners: boolean) => {
      const slot = this.take(runId, listener, inLearners);
      // The bytes are copied, not moved, so that a second attempt still has them.
      return this.started(runId, slot, slot.client.request({ kind: 'runResume', runId, bytes, total, settings, checkpointMs, snapshots }));
    };
    try {
      return await attempt(learners);
    } catch (e) {
      if (learners || !(e instanceof WorkerError) || !lacksLearner(e.message)) throw e;
      return attempt(true);
    }
  }

  async pause(runId: string): Promise<RunStatus> {
    const slot = this.slotOf(runId);
    const status = await slot.client.request({ kind: 'runPause', runId });
    if (status !== 'running') slot.active.delete(runId);
    return status;
  }

  async resumePaused(runId: string): Promise<RunStatus> {
    const slot = this.slotOf(runId);
    const status = await slot.client.request({ kind: 'runContinue', runId });
    if (status === 'running') slot.active.add(runId);
    return status;
  }

  async stop(runId: string): Promise<RunStatus> {
    const slot = this.slotOf(runId);
    const status = await slot.client.request({ kind: 'runStop', runId });
    slot.active.delete(runId);
    return status;
  }

  /**
   * Watch mode: the run plays its next training game and gives it (the run
   * then waits for the next call); `null` when it cannot (not running, done,
   * or a kind of run whose games cannot be shown). Watching a run ends the
   * watching of any other.
   */
  async watch(runId: string): Promise<WatchedGame | null> {
    if (this.watched !== null && this.watched !== runId) await this.endWatch(this.watched);
    this.watched = runId;
    return this.slotOf(runId).client.request({ kind: 'runWatch', runId });
  }

  /** Ends watch mode: the run goes back to full-speed chunks at once. */
  async endWatch(runId: string): Promise<void> {
    if (this.watched === runId) this.watched = null;
    const slot = this.owner.get(runId);
    if (slot) await slot.client.request({ kind: 'runWatchEnd', runId }).catch(() => undefined);
  }

  /** The run being watched, if any. */
  get watching(): string | null {
    return this.watched;
  }

  /** What the run learned, as a model file; `{games}` in `name` becomes the games played. */
  model(runId: string, name: string): Promise<{ bytes: Uint8Array; games: number; name: string }> {
    return this.slotOf(runId).client.request({ kind: 'runModel', runId, name });
  }

  /** Asks every worker with a running run for a checkpoint now. */
  checkpointNow(): void {
    for (const s of this.slots) if (s.active.size > 0) void s.client.request({ kind: 'runCheckpointNow' }).catch(() => undefined);
  }

  /** Forgets a run: its worker frees it. */
  drop(runId: string): void {
    const slot = this.owner.get(runId);
    if (slot) this.forget(slot, runId);
    this.listeners.delete(runId);
  }

  /** The number (1, 2, …) of the worker that holds a run, if one does. */
  workerOf(runId: string): number | null {
    const slot = this.owner.get(runId);
    return slot ? slot.index + 1 : null;
  }

  /** Workers started so far. */
  get workers(): number {
    return this.slots.length;
  }

  destroy(): void {
    for (const s of this.slots) s.client.terminate();
    this.slots = [];
    this.owner.clear();
    this.listeners.clear();
  }
}

// The page's pool of experiment workers: as many as the machine has cores
// (navigator.hardwareConcurrency, at most 8), each with its own wasm
// instance. Runs are handed to the worker with the fewest runs; the page
// thread only receives curve points.

import type { CurvePoint, PoolReply, PoolRequest, Probe, RunConfig } from './protocol';

export interface RunEvents {
  onPoints(points: CurvePoint[], games: number, done: boolean): void;
  onError(message: string): void;
  /** The run's full state as a model file, at `games` learning games. */
  onCheckpoint(bytes: Uint8Array, games: number): void;
  onCheckpointFailed(message: string): void;
}

interface Slot {
  worker: Worker;
  runs: Set<string>;
}

export function poolSize(): number {
  const n = navigator.hardwareConcurrency || 2;
  return Math.max(1, Math.min(8, n));
}

export class RunPool {
  private slots: Slot[] = [];
  private owner = new Map<string, Slot>();
  private listeners = new Map<string, RunEvents>();
  private pending = new Map<number, { slot: Slot; resolve: (r: PoolReply) => void; reject: (e: Error) => void }>();
  private nextReq = 1;

  constructor(readonly size = poolSize()) {
    for (let i = 0; i < size; i++) this.slots.push(this.spawn(i));
  }

  private spawn(i: number): Slot {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: `experiments-${i}` });
    const slot: Slot = { worker, runs: new Set() };
    worker.onmessage = (ev: MessageEvent<PoolReply>) => this.receive(ev.data);
    worker.onerror = (ev: ErrorEvent) => {
      ev.preventDefault();
      const message = `an experiment worker stopped: ${ev.message || 'unknown error'}`;
      for (const runId of slot.runs) this.listeners.get(runId)?.onError(message);
      // Questions the worker will never answer now.
      for (const [reqId, p] of this.pending) {
        if (p.slot !== slot) continue;
        this.pending.delete(reqId);
        p.reject(new Error(message));
      }
      slot.runs.clear();
      worker.terminate();
      const fresh = this.spawn(i);
      this.slots[i] = fresh;
    };
    return slot;
  }

  private receive(r: PoolReply): void {
    switch (r.kind) {
      case 'ready':
        return;
      case 'points':
        this.listeners.get(r.runId)?.onPoints(r.points, r.games, r.done);
        return;
      case 'runError':
        if (r.runId) this.listeners.get(r.runId)?.onError(r.message);
        return;
      case 'checkpoint':
        this.listeners.get(r.runId)?.onCheckpoint(r.bytes, r.games);
        return;
      case 'checkpointFailed':
        this.listeners.get(r.runId)?.onCheckpointFailed(r.message);
        return;
      default: {
        const p = this.pending.get(r.reqId);
        if (!p) return;
        this.pending.delete(r.reqId);
        if (r.kind === 'failed') p.reject(new Error(r.message));
        else p.resolve(r);
      }
    }
  }

  private ask(slot: Slot, req: PoolRequest & { reqId: number }): Promise<PoolReply> {
    return new Promise((resolve, reject) => {
      this.pending.set(req.reqId, { slot, resolve, reject });
      slot.worker.postMessage(req);
    });
  }

  /** The runs of an experiment (1–5), from the engine. */
  async preset(experiment: number, seed: number, probes: Probe[] | null): Promise<RunConfig[]> {
    const r = await this.ask(this.slots[0], { kind: 'preset', reqId: this.nextReq++, experiment, seed, probes });
    if (r.kind !== 'preset') throw new Error('unexpected answer from an experiment worker');
    return r.runs;
  }

  /** Starts a run on the least busy worker, checkpointing every `checkpointMs` (0: never). */
  start(runId: string, config: RunConfig, events: RunEvents, checkpointMs: number): void {
    const slot = this.take(runId, events);
    slot.worker.postMessage({ kind: 'start', runId, config, checkpointMs } satisfies PoolRequest);
  }

  /**
   * Continues a saved hounds model on the least busy worker for `games` more
   * games (against `hare`, or the saved hare when null). Resolves with the
   * run's settings and saved curve once the worker holds it; new points then
   * arrive through `events`.
   */
  async continueRun(
    runId: string,
    bytes: Uint8Array,
    games: number,
    hare: string | null,
    events: RunEvents,
    checkpointMs = 0,
  ): Promise<{ config: RunConfig; points: CurvePoint[]; games: number }> {
    const slot = this.take(runId, events);
    try {
      const r = await this.ask(slot, { kind: 'continue', reqId: this.nextReq++, runId, bytes, games, hare, checkpointMs });
      if (r.kind !== 'continued') throw new Error('unexpected answer from an experiment worker');
      return r;
    } catch (e) {
      slot.runs.delete(runId);
      this.listeners.delete(runId);
      throw e;
    }
  }

  private take(runId: string, events: RunEvents): Slot {
    const slot = this.slots.reduce((a, b) => (b.runs.size < a.runs.size ? b : a));
    // A stopped run that goes on again (from its checkpoint) in another worker:
    // the first one forgets it.
    const before = this.owner.get(runId);
    if (before && before !== slot && this.slots.includes(before)) {
      before.runs.delete(runId);
      before.worker.postMessage({ kind: 'drop', runId } satisfies PoolRequest);
    }
    slot.runs.add(runId);
    this.owner.set(runId, slot);
    this.listeners.set(runId, {
      onPoints: (p, g, done) => {
        if (done) slot.runs.delete(runId);
        events.onPoints(p, g, done);
      },
      onError: (m) => {
        slot.runs.delete(runId);
        events.onError(m);
      },
      onCheckpoint: (b, g) => events.onCheckpoint(b, g),
      onCheckpointFailed: (m) => events.onCheckpointFailed(m),
    });
    return slot;
  }

  stop(runId: string): void {
    const slot = this.owner.get(runId);
    slot?.runs.delete(runId);
    slot?.worker.postMessage({ kind: 'stop', runId } satisfies PoolRequest);
  }

  /**
   * The learned hounds of a run as a model file named `name`, where the
   * worker puts the games played in place of `{games}`.
   */
  async model(runId: string, name: string): Promise<{ bytes: Uint8Array; games: number; name: string }> {
    const slot = this.owner.get(runId);
    if (!slot || !this.slots.includes(slot)) throw new Error('that run is no longer held by a worker');
    const r = await this.ask(slot, { kind: 'model', reqId: this.nextReq++, runId, name });
    if (r.kind !== 'model') throw new Error('unexpected answer from an experiment worker');
    return r;
  }

  destroy(): void {
    for (const s of this.slots) s.worker.terminate();
    for (const p of this.pending.values()) p.reject(new Error('the experiments were closed'));
    this.pending.clear();
    this.slots = [];
  }
}

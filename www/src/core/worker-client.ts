// The page's side of a worker: requests with ids and promises, progress
// reports routed to their request, and a worker that is replaced when it
// dies or falls silent. Every worker of the page (engine, thinking, run pool)
// is driven through this one class.
//
// Liveness: while a request is unanswered, the worker must say something —
// an answer, a progress report, a run's news — at least every `silenceMs`
// (15 s); a worker that is silent that long is taken for dead and replaced.
// A thinking worker posts progress while it searches, so a long think is
// never mistaken for a hang. The watch starts once the worker has said it is
// ready: loading its module (a download, the first time) may take longer.

import type { CommandOf, Kind, News, Progress, Reply, Results } from './protocol';
import { claimModule, offerModule, releaseModule } from './wasm-share';

export interface WorkerEvents {
  /** A message the worker sent on its own (a run's news, a load error). */
  onNews?: (news: News) => void;
  /** The worker died and a new one was started; its state is gone. */
  onRestart?: (reason: string) => void;
}

interface Pending {
  resolve: (result: Results[Kind]) => void;
  reject: (e: Error) => void;
  onProgress?: (p: Progress) => void;
}

/** An error the worker returned for a request (bad input, an illegal move). */
export class WorkerError extends Error {}

/** The worker died (or hung) before it answered; the visitor has been told. */
export class WorkerDied extends Error {}

/** The request was given up because its worker was ended on purpose (a cancelled think). */
export class Cancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

export class WorkerClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private watchdog: ReturnType<typeof setTimeout> | null = null;
  /** How many workers this client has started (1 for the first). */
  generation = 0;

  /**
   * @param create makes a new worker (called again after a crash)
   * @param what names the worker in messages ("the engine")
   * @param lazy start the worker at the first request, not now
   * @param learners its worker loads the learners' module (modules.ts)
   */
  constructor(
    private readonly create: () => Worker,
    private readonly what: string,
    private readonly events: WorkerEvents = {},
    { lazy = false, silenceMs = 15_000, learners = false }: { lazy?: boolean; silenceMs?: number; learners?: boolean } = {},
  ) {
    this.silenceMs = silenceMs;
    this.learners = learners;
    if (!lazy) this.worker = this.start();
  }

  private readonly learners: boolean;
  /** The current worker fetches the module for the page's workers (wasm-share.ts). */
  private fetching = false;

  private readonly silenceMs: number;

  /** Starts the worker if it has not started; returns its generation. */
  ensureStarted(): number {
    this.worker ??= this.start();
    return this.generation;
  }

  /** The current worker has loaded its module (said `ready`). */
  private loaded = false;

  private start(): Worker {
    const w = this.create();
    this.generation++;
    this.loaded = false;
    w.onmessage = (ev: MessageEvent<Reply>) => this.receive(ev.data);
    w.onerror = (ev: ErrorEvent) => {
      ev.preventDefault();
      this.restart(ev.message || 'the worker stopped with an error');
    };
    w.onmessageerror = () => this.restart('a message from the worker could not be read');
    // Its module: fetched by this worker, or the one another compiled.
    const claim = claimModule(this.learners);
    this.fetching = claim === 'fetch';
    if (claim === 'fetch') w.postMessage({ kind: 'module', module: null });
    else void claim.then((module) => w.postMessage({ kind: 'module', module }));
    return w;
  }

  private receive(reply: Reply): void {
    if (reply.kind === 'ready') this.loaded = true;
    if (reply.kind === 'compiled') {
      this.fetching = false;
      offerModule(this.learners, reply.module);
    }
    this.heard();
    if (reply.id === null) {
      this.events.onNews?.(reply);
      return;
    }
    const p = this.pending.get(reply.id);
    if (!p) return;
    if (reply.kind === 'progress') {
      p.onProgress?.(reply.progress);
      return;
    }
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.disarm();
    if (reply.kind === 'error') {
      p.reject(new WorkerError(reply.message));
      if (reply.fatal) this.restart(reply.message);
    } else {
      p.resolve(reply.result);
    }
  }

  /** The worker spoke: it is alive for another `silenceMs`. */
  private heard(): void {
    if (this.pending.size > 0) this.arm();
  }

  private arm(): void {
    this.disarm();
    if (!this.loaded) return;
    this.watchdog = setTimeout(() => this.restart(`no sign of life for ${this.silenceMs / 1000} s`), this.silenceMs);
  }

  private disarm(): void {
    if (this.watchdog !== null) clearTimeout(this.watchdog);
    this.watchdog = null;
  }

  /** Sends a command; resolves with its result, rejects with the worker's error. */
  request<K extends Kind>(cmd: CommandOf<K>, onProgress?: (p: Progress) => void, transfer: Transferable[] = []): Promise<Results[K]> {
    this.worker ??= this.start();
    const id = this.nextId++;
    return new Promise<Results[K]>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (r: Results[Kind]) => void, reject, onProgress });
      if (this.pending.size === 1) this.arm();
      this.worker!.postMessage({ ...cmd, id }, transfer);
    });
  }

  /** Whether a request is waiting for its answer. */
  get busy(): boolean {
    return this.pending.size > 0;
  }

  private replace(fail: (p: Pending) => void): void {
    this.worker?.terminate();
    if (this.fetching) releaseModule(this.learners);
    this.disarm();
    const failed = [...this.pending.values()];
    this.pending.clear();
    this.worker = this.start();
    for (const p of failed) fail(p);
  }

  /** Replaces a dead worker: fails what was pending, then tells the owner. */
  restart(reason: string): void {
    this.replace((p) => p.reject(new WorkerDied(`${this.what} stopped (${reason})`)));
    this.events.onRestart?.(reason);
  }

  /** Ends the worker on purpose and starts a fresh one; pending requests fail with `Cancelled`. */
  cancel(): void {
    if (!this.worker) return;
    this.replace((p) => p.reject(new Cancelled()));
  }

  terminate(): void {
    this.worker?.terminate();
    if (this.fetching) releaseModule(this.learners);
    this.fetching = false;
    this.worker = null;
    this.disarm();
    for (const p of this.pending.values()) p.reject(new Cancelled());
    this.pending.clear();
  }
}

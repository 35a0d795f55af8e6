// The page's side of a worker: requests with ids and promises, and a worker
// that is replaced if it dies. Used for the engine worker now and for
// training workers later (same protocol, other commands).

import type { Answer, Command, Reply } from './protocol';

export interface WorkerEvents {
  /** A message the worker sent on its own (progress, a load error). */
  onUnsolicited?: (reply: Reply) => void;
  /** The worker died and a new one was started; its state is gone. */
  onRestart?: (reason: string) => void;
}

interface Pending {
  resolve: (a: Answer) => void;
  reject: (e: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** An error the worker returned for a request (bad input, illegal move). */
export class WorkerError extends Error {}

export class WorkerClient {
  private worker: Worker;
  private nextId = 1;
  private pending = new Map<number, Pending>();

  /**
   * @param create makes a new worker (called again after a crash)
   * @param timeoutMs a request unanswered this long means the worker hangs
   */
  constructor(
    private readonly create: () => Worker,
    private readonly events: WorkerEvents = {},
    private readonly timeoutMs = 15000,
  ) {
    this.worker = this.start();
  }

  private start(): Worker {
    const w = this.create();
    w.onmessage = (ev: MessageEvent<Reply>) => this.receive(ev.data);
    w.onerror = (ev: ErrorEvent) => {
      ev.preventDefault();
      this.restart(ev.message || 'the worker stopped with an error');
    };
    w.onmessageerror = () => this.restart('a message from the worker could not be read');
    return w;
  }

  private receive(reply: Reply): void {
    if (reply.id === null) {
      this.events.onUnsolicited?.(reply);
      return;
    }
    const p = this.pending.get(reply.id);
    if (!p) return;
    this.pending.delete(reply.id);
    clearTimeout(p.timer);
    if (reply.kind === 'error') {
      p.reject(new WorkerError(reply.message));
      if (reply.fatal) this.restart(reply.message);
    } else {
      p.resolve(reply);
    }
  }

  /** Sends a command; resolves with the answer, rejects with its error. */
  request(cmd: Command): Promise<Answer> {
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.restart(`no answer after ${this.timeoutMs / 1000} s`);
      }, this.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.worker.postMessage({ ...cmd, id });
    });
  }

  /** Replaces the worker: fails what was pending, then tells the owner. */
  restart(reason: string): void {
    this.worker.terminate();
    const failed = [...this.pending.values()];
    this.pending.clear();
    this.worker = this.start();
    for (const p of failed) {
      clearTimeout(p.timer);
      p.reject(new Error(`the engine stopped (${reason})`));
    }
    this.events.onRestart?.(reason);
  }

  terminate(): void {
    this.worker.terminate();
    for (const p of this.pending.values()) clearTimeout(p.timer);
    this.pending.clear();
  }
}

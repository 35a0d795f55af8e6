// The thinking worker as the page sees it: think and analyze requests with
// a budget and progress reports, for every computer player and every
// analysis. Cancelling ends the worker and starts a fresh one (a search in
// wasm cannot be interrupted otherwise); model files are sent again to the
// new worker with its first request that needs them. The worker starts with
// the first request, so a page where only people play never loads it.

import { showNotice } from './notices';
import type { Analysis, AgentSpec, Budget, Progress, Thought } from './protocol';
import { upperFirst } from './text';
import { WorkerClient } from './worker-client';

/** A player for a request: its model file, if any, with a key naming those bytes. */
export interface AgentRequest {
  game: string;
  player: string;
  settings: Record<string, unknown> | null;
  model: { key: string; bytes: Uint8Array } | null;
}

export class Thinker {
  private client: WorkerClient;
  /** The model keys the current worker has been sent. */
  private sent = new Set<string>();
  private sentTo = 0;

  /** `label`: the worker in messages for people. */
  constructor(label = 'the thinking worker') {
    this.client = new WorkerClient(
      () => new Worker(new URL('./thinker.worker.ts', import.meta.url), { type: 'module', name: 'thinker' }),
      label,
      {
        onNews: (news) => {
          if (news.kind === 'error') showNotice(news.message);
        },
        onRestart: (reason) => showNotice(`${upperFirst(label)} stopped (${reason}); a fresh one has been started.`),
      },
      { lazy: true },
    );
  }

  /** The request's player, with the model file only if this worker lacks it. */
  private spec(a: AgentRequest): AgentSpec {
    const generation = this.client.ensureStarted();
    if (this.sentTo !== generation) {
      this.sent.clear();
      this.sentTo = generation;
    }
    if (!a.model) return { ...a, model: null };
    const first = !this.sent.has(a.model.key);
    // Requests are answered in order: once sent, the bytes are there for the next.
    if (first) this.sent.add(a.model.key);
    return { ...a, model: first ? a.model : { key: a.model.key } };
  }

  /** Chooses a move for `agent` in `position`; `onProgress` hears a search's reports. */
  think(agent: AgentRequest, position: string, seed: number, budget: Budget | null, onProgress?: (p: Progress) => void): Promise<Thought> {
    return this.client.request({ kind: 'think', agent: this.spec(agent), position, seed: BigInt(seed), budget }, onProgress);
  }

  /** Values every legal move of `position` (null for a player without values); `onProgress` hears a search's reports. */
  analyze(agent: AgentRequest, position: string, budget: Budget | null = null, onProgress?: (p: Progress) => void): Promise<Analysis | null> {
    return this.client.request({ kind: 'analyze', agent: this.spec(agent), position, budget }, onProgress);
  }

  /** Whether a request is being answered. */
  get busy(): boolean {
    return this.client.busy;
  }

  /** Gives up every request: the worker is ended and a fresh one started. */
  cancel(): void {
    this.client.cancel();
  }

  terminate(): void {
    this.client.terminate();
  }
}

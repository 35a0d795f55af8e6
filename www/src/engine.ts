// The engine worker as the page sees it: commands in, game states out.
// One engine worker serves the page; if it dies it is restarted and the
// views are told, so they can replay their game into the new one.

import { showNotice } from './notices';
import type { EngineCommand, GameState } from './protocol';
import { WorkerClient } from './worker-client';

export class Engine {
  private client: WorkerClient;
  private restartListeners = new Set<() => void>();

  constructor() {
    this.client = new WorkerClient(
      () => new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'engine' }),
      {
        onUnsolicited: (reply) => {
          if (reply.kind === 'error') showNotice(reply.message);
        },
        onRestart: (reason) => {
          showNotice(`The engine stopped (${reason}). It has been restarted; the game is being restored.`);
          for (const f of this.restartListeners) f();
        },
      },
    );
  }

  /** Runs a command in the worker; resolves with the resulting state. */
  async run(cmd: EngineCommand): Promise<GameState> {
    const answer = await this.client.request(cmd);
    if (answer.kind !== 'state') throw new Error(`unexpected answer '${answer.kind}' from the engine`);
    return answer.state;
  }

  /** Registers a function to call after a restart; returns its remover. */
  onRestart(f: () => void): () => void {
    this.restartListeners.add(f);
    return () => this.restartListeners.delete(f);
  }
}

// The engine worker as the page sees it: commands in, game states out.
// One engine worker serves the page; if it dies it is restarted and the
// views are told, so they can replay their game into the new one.

import { showNotice } from './notices';
import type { EngineCommand, GameState } from './protocol';
import { WorkerClient } from './worker-client';

export class Engine {
  private client: WorkerClient;
  private restartListeners = new Set<() => void>();
  /** The networks loaded as players, sent again to a restarted worker. */
  private nets = new Map<string, Uint8Array>();
  /** The model file of Hare and Hounds' "learned" player, if one is loaded. */
  private learned: Uint8Array | null = null;

  constructor() {
    this.client = new WorkerClient(
      () => new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'engine' }),
      {
        onUnsolicited: (reply) => {
          if (reply.kind === 'error') showNotice(reply.message);
        },
        onRestart: (reason) => {
          showNotice(`The engine stopped (${reason}). It has been restarted; the game is being restored.`);
          for (const [name, bytes] of this.nets) void this.client.request({ kind: 'setNet', name, bytes }).catch(() => {});
          for (const f of this.restartListeners) f();
        },
      },
    );
  }

  /**
   * Runs a command in the worker; resolves with the resulting state. A model
   * loaded as Hare and Hounds' "learned" player stays loaded: every new game
   * (a visitor's, or the replay after an engine restart) gets it again.
   */
  async run(cmd: EngineCommand): Promise<GameState> {
    if (cmd.kind === 'new' && cmd.game === 'hare_hounds' && this.learned) cmd = { ...cmd, learned: this.learned };
    const answer = await this.client.request(cmd);
    if (answer.kind !== 'state') throw new Error(`unexpected answer '${answer.kind}' from the engine`);
    if (cmd.kind === 'setLearned') this.learned = cmd.bytes;
    return answer.state;
  }

  /** Runs a command answered with a plain value (inspect, presets, …). */
  async value<T>(cmd: EngineCommand): Promise<T> {
    const answer = await this.client.request(cmd);
    if (answer.kind !== 'value') throw new Error(`unexpected answer '${answer.kind}' from the engine`);
    return answer.value as T;
  }

  /** Loads a Q-network as the player `name`; kept across engine restarts. */
  async setNet(name: string, bytes: Uint8Array): Promise<void> {
    await this.value({ kind: 'setNet', name, bytes });
    this.nets.set(name, bytes);
  }

  /** Registers a function to call after a restart; returns its remover. */
  onRestart(f: () => void): () => void {
    this.restartListeners.add(f);
    return () => this.restartListeners.delete(f);
  }
}

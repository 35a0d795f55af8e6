// The thinking worker as the page sees it: think and analyze requests with
// a budget and progress reports, for every computer player and every
// analysis. Cancelling ends the worker and starts a fresh one (a search in
// wasm cannot be interrupted otherwise); model files are sent again to the
// new worker with its first request that needs them. The worker starts with
// the first request, so a page where only people play never loads it; a
// player whose code is in the learners' module (modules.ts) is asked of a
// second worker that loads that module.

import { lacksLearner, workerName } from './modules';
import { showNotice } from './notices';
import type { Analysis, AgentSpec, Budget, Progress, Thought, WeightTable } from './protocol';
import { upperFirst } from './text';
import { WorkerClient, WorkerError } from './worker-client';

/** A player for a request: its model file, if any, with a key naming those bytes. */
export interface AgentRequest {
  game: string;
  player: string;
  settings: Record<string, unknown> | null;
  model: { key: string; bytes: Uint8Array } | null;
  /**
   * It plays in the learners' module (modules.ts); when false, a player the
   * first module lacks (a model of such a learner) is asked again there.
   */
  learners?: boolean;
}

/** One thinking worker, and the model files it has been sent. */
class Channel {
  readonly client: WorkerClient;
  /** The model keys the current worker has been sent. */
  private sent = new Set<string>();
  private sentTo = 0;

  constructor(label: string, learners: boolean) {
    this.client = new WorkerClient(
      () => new Worker(new URL('./thinker.worker.ts', import.meta.url), { type: 'module', name: workerName('thinker', learners) }),
      label,
      {
        onNews: (news) => {
          if (news.kind === 'error') showNotice(news.message);
        },
        onRestart: (reason) => showNotice(`${upperFirst(label)} stopped (${reason}); a fresh one has been started.`),
      },
      { lazy: true, learners },
    );
  }

  /** The request's player, with the model file only if this worker lacks it. */
  spec(a: AgentRequest): AgentSpec {
    const generation = this.client.ensureStarted();
    if (this.sentTo !== generation) {
      this.sent.clear();
      this.sentTo = generation;
    }
    const { learners: _, ...agent } = a;
    if (!agent.model) return { ...agent, model: null };
    const first = !this.sent.has(agent.model.key);
    // Requests are answered in order: once sent, the bytes are there for the next.
    if (first) this.sent.add(agent.model.key);
    return { ...agent, model: first ? agent.model : { key: agent.model.key } };
  }
}

export class Thinker {
  /** The worker with the first module, and the one with the learners' module, each started at its first request. */
  private readonly channels: [Channel, Channel];
  /** A learners' worker of its own for models' weights: a think cancelled never cancels them, nor waits for them. */
  private readonly weightsChannel: Channel;

  /** `label`: the worker in messages for people. */
  constructor(label = 'the thinking worker') {
    this.channels = [new Channel(label, false), new Channel(label, true)];
    this.weightsChannel = new Channel('the worker that reads models’ weights', true);
  }

  /** The players found to need the learners' module. */
  private readonly moved = new Set<string>();

  /** Asks `agent`'s worker; again of the learners' one if the first module lacks the player. */
  private async ask<T>(agent: AgentRequest, send: (c: Channel, spec: AgentSpec) => Promise<T>): Promise<T> {
    const key = JSON.stringify([agent.game, agent.player, agent.model?.key ?? null]);
    const learners = agent.learners === true || this.moved.has(key);
    const c = this.channels[learners ? 1 : 0];
    try {
      return await send(c, c.spec(agent));
    } catch (e) {
      if (learners || !(e instanceof WorkerError) || !lacksLearner(e.message)) throw e;
      this.moved.add(key);
      const l = this.channels[1];
      return send(l, l.spec(agent));
    }
  }

  /** Chooses a move for `agent` in `position`; `onProgress` hears a search's reports. */
  think(agent: AgentRequest, position: string, seed: number, budget: Budget | null, onProgress?: (p: Progress) => void): Promise<Thought> {
    return this.ask(agent, (c, spec) => c.client.request({ kind: 'think', agent: spec, position, seed: BigInt(seed), budget }, onProgress));
  }

  /** Values every legal move of `position` (null for a player without values); `onProgress` hears a search's reports. */
  analyze(agent: AgentRequest, position: string, budget: Budget | null = null, onProgress?: (p: Progress) => void): Promise<Analysis | null> {
    return this.ask(agent, (c, spec) => c.client.request({ kind: 'analyze', agent: spec, position, budget }, onProgress));
  }

  /** A model file's weights beside those it started from, null when its game does not show them (asked of a learners' worker, which has the learners). */
  weights(bytes: Uint8Array): Promise<WeightTable | null> {
    return this.weightsChannel.client.request({ kind: 'weights', bytes });
  }

  /** Starts the first module's worker ahead of its first request (its code
   *  loads now; it takes the engine's compiled module as soon as there is one). */
  prepare(): void {
    this.channels[0].client.ensureStarted();
  }

  /** Whether a request is being answered. */
  get busy(): boolean {
    return this.channels.some((c) => c.client.busy);
  }

  /** Gives up every request: a worker answering one is ended and a fresh one started. */
  cancel(): void {
    for (const c of this.channels) if (c.client.busy) c.client.cancel();
  }

  terminate(): void {
    for (const c of [...this.channels, this.weightsChannel]) c.client.terminate();
  }
}

// The worker's side of the protocol, shared by every worker of the page:
// load the wasm module (each worker compiles its own instance; the page's
// thread never does; the learners' module when the worker's name asks for
// it, see modules.ts), hold each request until it has loaded, answer it with
// its handler's result, turn a thrown error into an error reply, and close
// the worker after a wasm trap — a bug, not bad input, that leaves the module
// in an unknown state — so that the page starts a fresh one.

import type * as Selfplay from 'selfplay';
import type * as SelfplayLearners from 'selfplay-learners';
import { loadsLearners } from './modules';
import type { CommandOf, Kind, Progress, Reply, Request, Results } from './protocol';

export const scope = self as unknown as DedicatedWorkerGlobalScope;

/** The engine module's exports (both builds export the same). */
export type Engine = typeof Selfplay;

let engine: Engine | null = null;

/** The loaded module, for the handlers (which run only once it has loaded). */
export function wasm(): Engine {
  if (!engine) throw new Error('the engine module has not loaded');
  return engine;
}

/** The loaded module, for a worker that loads the learners' module (its name says so). */
export function learnersWasm(): typeof SelfplayLearners {
  if (!loadsLearners(scope.name)) throw new Error(`${scope.name} does not load the learners' module`);
  return wasm() as typeof SelfplayLearners;
}

/** Loads the module this worker's name asks for. */
async function load(): Promise<void> {
  const m: Engine = loadsLearners(scope.name) ? await import('selfplay-learners') : await import('selfplay');
  await m.default();
  engine = m;
}

export function post(reply: Reply, transfer: Transferable[] = []): void {
  scope.postMessage(reply, transfer);
}

export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** What a handler may use besides its command. */
export interface Context {
  /** Posts a progress report for the request being answered. */
  progress: (p: Progress) => void;
}

/** The handlers of one kind of worker: the requests it answers. */
export type Handlers = { [K in Kind]?: (cmd: CommandOf<K>, ctx: Context) => Results[K] };

/** The buffers of a result that can move to the page instead of being copied. */
function transferables(result: unknown): Transferable[] {
  if (result instanceof Uint8Array) return [result.buffer];
  if (result && typeof result === 'object' && 'bytes' in result && result.bytes instanceof Uint8Array) return [result.bytes.buffer];
  return [];
}

/**
 * Loads the module, posts `ready`, then answers each request with its
 * handler; `what` names the worker in messages ("the engine could not
 * load: …").
 */
export function serve(what: string, handlers: Handlers): void {
  const ready = load().then(
    () => post({ id: null, kind: 'ready' }),
    (e: unknown) => {
      post({ id: null, kind: 'error', message: `${what} could not load: ${messageOf(e)}` });
      throw e;
    },
  );
  scope.onmessage = async (ev: MessageEvent<Request>) => {
    const req = ev.data;
    try {
      await ready;
    } catch {
      post({ id: req.id, kind: 'error', message: `${what} is not loaded` });
      return;
    }
    const handler = handlers[req.kind] as ((cmd: Request, ctx: Context) => Results[Kind]) | undefined;
    try {
      if (!handler) throw new Error(`${what} does not answer '${req.kind}'`);
      const result = handler(req, { progress: (progress) => post({ id: req.id, kind: 'progress', progress }) });
      post({ id: req.id, kind: 'result', result }, transferables(result));
    } catch (e) {
      if (e instanceof WebAssembly.RuntimeError) {
        post({ id: req.id, kind: 'error', message: `${what} crashed: ${messageOf(e)}`, fatal: true });
        scope.close();
        return;
      }
      post({ id: req.id, kind: 'error', message: messageOf(e) });
    }
  };
}

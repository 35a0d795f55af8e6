// The worker's side of the protocol, shared by every worker of the page:
// load the wasm module (the page's thread never does; the learners' module
// when the worker's name asks for it, see modules.ts) — the first worker
// fetches it, reporting the bytes as they arrive and compiling them as they
// come, and hands the compiled module to the page for the others
// (wasm-share.ts) — hold each request until it has loaded, answer it with
// its handler's result, turn a thrown error into an error reply, and close
// the worker after a wasm trap — a bug, not bad input, that leaves the module
// in an unknown state — so that the page starts a fresh one.

import type * as Selfplay from 'selfplay';
import type * as SelfplayLearners from 'selfplay-learners';
import firstUrl from '../../../pkg/selfplay_bg.wasm?url';
import learnersUrl from '../../../pkg/learners/selfplay_learners_bg.wasm?url';
import { loadsLearners } from './modules';
import type { CommandOf, Kind, ModuleGift, Progress, Reply, Request, Results } from './protocol';

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

/** The compiled module from the page, or null when this worker fetches it. */
let given: (m: WebAssembly.Module | null) => void = () => {};
const gift = new Promise<WebAssembly.Module | null>((resolve) => (given = resolve));

/** Reports the bytes downloaded at most this often (ms), and at the end. */
const REPORT_MS = 100;

/** Fetches the module at `url`, compiling it as it arrives, and reports the bytes received. */
async function download(url: string): Promise<WebAssembly.Module> {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`the engine's file could not be fetched (${response.status} ${response.statusText})`);
  let loaded = 0;
  let said = 0;
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, out) {
        loaded += chunk.byteLength;
        const now = performance.now();
        if (now - said >= REPORT_MS) {
          said = now;
          post({ id: null, kind: 'loading', loaded });
        }
        out.enqueue(chunk);
      },
      flush() {
        post({ id: null, kind: 'loading', loaded });
      },
    }),
  );
  return WebAssembly.compileStreaming(new Response(counted, { headers: { 'content-type': 'application/wasm' } }));
}

/** Loads the module this worker's name asks for: the page's compiled one, or fetched and compiled here and handed back. */
async function load(): Promise<void> {
  const learners = loadsLearners(scope.name);
  const m: Engine = learners ? await import('selfplay-learners') : await import('selfplay');
  let module = await gift;
  if (!module) {
    module = await download(learners ? learnersUrl : firstUrl);
    post({ id: null, kind: 'compiled', module });
  }
  await m.default({ module_or_path: module });
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
  scope.onmessage = async (ev: MessageEvent<Request | ModuleGift>) => {
    if (ev.data.kind === 'module') {
      given(ev.data.module);
      return;
    }
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

// The frame shared by the page's workers (engine and training): load the
// wasm module, hold each request until it has loaded, turn a thrown error
// into an error reply, and close the worker after a wasm trap — a bug, not
// bad input, that leaves the module in an unknown state — so that the page
// starts a fresh one (see `WorkerClient`).

import init from './pkg/selfplay.js';
import type { Reply, Request } from './protocol';

export const scope = self as unknown as DedicatedWorkerGlobalScope;

export function post(reply: Reply, transfer: Transferable[] = []): void {
  scope.postMessage(reply, transfer);
}

export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Loads the module, posts `ready`, then passes each request to `handle`;
 * `what` names the worker in messages ("the engine could not load: …").
 */
export function serve(what: string, handle: (req: Request) => void): void {
  const ready = init().then(
    () => post({ id: null, kind: 'ready' }),
    (e: unknown) => {
      post({ id: null, kind: 'error', message: `the ${what} could not load: ${messageOf(e)}` });
      throw e;
    },
  );
  scope.onmessage = async (ev: MessageEvent<Request>) => {
    const req = ev.data;
    try {
      await ready;
    } catch {
      post({ id: req.id, kind: 'error', message: `the ${what} is not loaded` });
      return;
    }
    try {
      handle(req);
    } catch (e) {
      if (e instanceof WebAssembly.RuntimeError) {
        post({ id: req.id, kind: 'error', message: `the ${what} crashed: ${messageOf(e)}`, fatal: true });
        scope.close();
        return;
      }
      post({ id: req.id, kind: 'error', message: messageOf(e) });
    }
  };
}

// The engine worker: holds the wasm `Session` of the game on screen and
// answers the page's requests one at a time. All rules and players run here,
// never on the page thread.

import init, { Session } from './pkg/selfplay.js';
import type { EngineCommand, GameState, Reply, Request } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;

let session: Session | null = null;

function post(reply: Reply): void {
  scope.postMessage(reply);
}

function current(): Session {
  if (!session) throw new Error('no game has been started');
  return session;
}

function stateOf(s: Session): GameState {
  return s.state() as GameState;
}

/** Runs one engine command; returns the state to send back. */
function run(cmd: EngineCommand): { state: GameState; move?: string } {
  switch (cmd.kind) {
    case 'new': {
      const fresh = new Session(cmd.game);
      session?.free();
      session = fresh;
      return { state: stateOf(fresh) };
    }
    case 'state':
      return { state: stateOf(current()) };
    case 'play':
      current().play(cmd.move);
      return { state: stateOf(current()) };
    case 'ai': {
      const move = current().aiMove(cmd.player, cmd.seed);
      return { state: stateOf(current()), move };
    }
    case 'undo':
      current().undo();
      return { state: stateOf(current()) };
    case 'redo':
      current().redo();
      return { state: stateOf(current()) };
    case 'loadPosition':
      current().loadPosition(cmd.text);
      return { state: stateOf(current()) };
    case 'setLearned':
      current().setLearned(cmd.bytes);
      return { state: stateOf(current()) };
    case 'loadTranscript':
      current().loadTranscript(cmd.text);
      return { state: stateOf(current()) };
    case 'replay': {
      const s = new Session(cmd.game);
      try {
        for (const m of cmd.moves) s.play(m);
        return { state: stateOf(s) };
      } finally {
        s.free();
      }
    }
  }
}

function messageOf(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}

const ready = init().then(
  () => post({ id: null, kind: 'ready' }),
  (e: unknown) => {
    post({ id: null, kind: 'error', message: `the engine could not load: ${messageOf(e)}` });
    throw e;
  },
);

scope.onmessage = async (ev: MessageEvent<Request>) => {
  const req = ev.data;
  try {
    await ready;
  } catch {
    post({ id: req.id, kind: 'error', message: 'the engine is not loaded' });
    return;
  }
  try {
    if (req.kind.startsWith('train')) {
      throw new Error('this worker plays games; training runs in a training worker');
    }
    const t0 = performance.now();
    const { state, move } = run(req as EngineCommand & { id: number });
    const reply: Reply = { id: req.id, kind: 'state', state, elapsedMs: performance.now() - t0 };
    if (move !== undefined) reply.move = move;
    post(reply);
  } catch (e) {
    if (e instanceof WebAssembly.RuntimeError) {
      // A trap (a bug, not bad input) leaves the module in an unknown state:
      // report it and let the page start a new worker.
      post({ id: req.id, kind: 'error', message: `the engine crashed: ${messageOf(e)}`, fatal: true });
      scope.close();
      return;
    }
    post({ id: req.id, kind: 'error', message: messageOf(e) });
  }
};

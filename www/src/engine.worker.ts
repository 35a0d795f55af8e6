// The engine worker: holds the wasm `Session` of the game on screen and
// answers the page's requests one at a time. All rules and players run here,
// never on the page thread.

import { inspectModel, qnetPresets, renameModel, Session, Trainer } from './pkg/selfplay.js';
import type { EngineCommand, GameState, Reply } from './protocol';
import { post, serve } from './worker-host';

let session: Session | null = null;
/** Q-network players by name ("net:…"), each a Trainer loaded from a model file. */
const nets = new Map<string, Trainer>();

function net(name: string): Trainer {
  const t = nets.get(name);
  if (!t) throw new Error(`the network "${name}" is not loaded; choose it again from the Models tab`);
  return t;
}

/** "d3" for square 19, "pass" for 64 (the engine's move texts). */
function moveText(sq: number): string {
  return sq >= 64 ? 'pass' : `${'abcdefgh'[sq % 8]}${Math.floor(sq / 8) + 1}`;
}

/** Commands answered with a plain value instead of a game state. */
function value(cmd: EngineCommand): { value: unknown } | null {
  switch (cmd.kind) {
    case 'setNet': {
      const t = Trainer.load(cmd.bytes);
      nets.get(cmd.name)?.free();
      nets.set(cmd.name, t);
      return { value: true };
    }
    case 'qValues': {
      const s = current().state() as GameState;
      if (s.toMove === null) return { value: null };
      return { value: Array.from(net(cmd.name).q_values_text(s.position)) };
    }
    case 'inspect':
      return { value: inspectModel(cmd.bytes) };
    case 'renameModel':
      return { value: renameModel(cmd.bytes, cmd.name) };
    case 'presets':
      return { value: qnetPresets() };
    default:
      return null;
  }
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
      try {
        if (cmd.learned) fresh.setLearned(cmd.learned);
      } catch (e) {
        fresh.free();
        throw e;
      }
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
      if (cmd.player.startsWith('net:')) {
        const s = current();
        const move = moveText(net(cmd.player).best_move_text((s.state() as GameState).position));
        s.play(move);
        return { state: stateOf(s), move };
      }
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
    case 'setNet':
    case 'qValues':
    case 'inspect':
    case 'renameModel':
    case 'presets':
      throw new Error(`'${cmd.kind}' is answered with a value`);
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

serve('engine', (req) => {
  if (req.kind.startsWith('train')) {
    throw new Error('this worker plays games; training runs in a training worker');
  }
  const v = value(req as EngineCommand);
  if (v) {
    post({ id: req.id, kind: 'value', value: v.value });
    return;
  }
  const t0 = performance.now();
  const { state, move } = run(req as EngineCommand & { id: number });
  const reply: Reply = { id: req.id, kind: 'state', state, elapsedMs: performance.now() - t0 };
  if (move !== undefined) reply.move = move;
  post(reply);
});

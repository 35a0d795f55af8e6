// The engine worker: the list of games, the `Session` of the game on
// screen, and model files (read, rename) and presets. Every rule runs here,
// never on the page's thread; computer players think in the thinking worker.

import { games, inspectModel, presetRuns, renameModel, Session, settingsModel } from 'selfplay';
import type { GameState } from './protocol';
import { serve } from './worker-host';

let session: Session | null = null;

function current(): Session {
  if (!session) throw new Error('no game has been started');
  return session;
}

function state(): GameState {
  return current().state();
}

serve('the engine', {
  games: () => games(),
  new(cmd) {
    const fresh = new Session(cmd.game);
    session?.free();
    session = fresh;
    return state();
  },
  state,
  play(cmd) {
    current().play(cmd.move);
    return state();
  },
  undo() {
    current().undo();
    return state();
  },
  redo() {
    current().redo();
    return state();
  },
  jump(cmd) {
    current().jump(cmd.cursor);
    return state();
  },
  preview: (cmd) => current().preview(cmd.move),
  record() {
    const s = current();
    const { cursor, history } = state();
    if (cursor === history.length) return s.transcript();
    // `transcript` writes the moves on the board: show the whole record for it.
    s.jump(history.length);
    try {
      return s.transcript();
    } finally {
      s.jump(cursor);
    }
  },
  loadRecord(cmd) {
    // Read into a game of its own, so that a bad record changes nothing.
    const fresh = new Session(cmd.game);
    try {
      fresh.loadTranscript(cmd.text);
    } catch (e) {
      fresh.free();
      throw e;
    }
    session?.free();
    session = fresh;
    return state();
  },
  inspect: (cmd) => inspectModel(cmd.bytes),
  rename: (cmd) => renameModel(cmd.bytes, cmd.name),
  settingsModel: (cmd) => settingsModel(cmd.game, cmd.player, cmd.settings, cmd.name),
  presetRuns: (cmd) => presetRuns(cmd.game, cmd.runKind, cmd.preset, cmd.seed),
});

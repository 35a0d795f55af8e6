// The engine worker: the list of games, a `Session` for each board the page
// has opened, and model files (read, rename) and presets. Every rule runs
// here, never on the page's thread; computer players think in the thinking
// worker.

import type { Session } from 'selfplay';
import type { GameState, OnBoard } from './protocol';
import { serve, wasm } from './worker-host';

/** The game on each board, by the board's number. */
const sessions = new Map<number, Session>();

function current(cmd: OnBoard): Session {
  const s = sessions.get(cmd.board);
  if (!s) throw new Error('no game has been started on this board');
  return s;
}

function state(cmd: OnBoard): GameState {
  return current(cmd).state();
}

/** Puts `fresh` on the board, in place of its game. */
function place(cmd: OnBoard, fresh: Session): GameState {
  sessions.get(cmd.board)?.free();
  sessions.set(cmd.board, fresh);
  return fresh.state();
}

serve('the engine', {
  games: () => wasm().games(),
  new: (cmd) => place(cmd, new (wasm().Session)(cmd.game)),
  state,
  play(cmd) {
    current(cmd).play(cmd.move);
    return state(cmd);
  },
  undo(cmd) {
    current(cmd).undo();
    return state(cmd);
  },
  redo(cmd) {
    current(cmd).redo();
    return state(cmd);
  },
  jump(cmd) {
    current(cmd).jump(cmd.cursor);
    return state(cmd);
  },
  preview: (cmd) => current(cmd).preview(cmd.move),
  record(cmd) {
    const s = current(cmd);
    const { cursor, history } = s.state();
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
    const fresh = new (wasm().Session)(cmd.game);
    try {
      fresh.loadTranscript(cmd.text);
    } catch (e) {
      fresh.free();
      throw e;
    }
    return place(cmd, fresh);
  },
  close(cmd) {
    sessions.get(cmd.board)?.free();
    sessions.delete(cmd.board);
    return true;
  },
  inspect: (cmd) => wasm().inspectModel(cmd.bytes),
  rename: (cmd) => wasm().renameModel(cmd.bytes, cmd.name),
  withCharts: (cmd) => wasm().withCharts(cmd.bytes, cmd.charts),
  settingsModel: (cmd) => wasm().settingsModel(cmd.game, cmd.player, cmd.settings, cmd.name),
  presetRuns: (cmd) => wasm().presetRuns(cmd.game, cmd.runKind, cmd.preset, cmd.seed),
});

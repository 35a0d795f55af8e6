// A worker of the run pool: its own wasm instance and the training runs the
// page gave it, of any game and kind. The running ones are stepped in turn,
// each for a chunk of about 100 ms, yielding to the event loop between
// chunks (a MessageChannel task) so that pause, stop and save requests are
// answered promptly. After each chunk the run's news (new curve points,
// games, rate) goes to the page; a checkpoint (the run's full state) at least
// every `checkpointMs` while it runs, and when it pauses or stops.
//
// Snapshots: a run may name points (learning games) where its model is kept.
// A chunk is cut short so that it ends exactly on the next point, and the
// model after exactly those games goes to the page (`runSnapshot`) before
// the run goes on.
//
// Watch mode ("Watch it learn"): a watched run leaves the turn of chunks and
// plays one training game per `runWatch` request (`Run.stepWatched`: the
// game its next chunk would have played, with the same news, snapshots and
// checkpoints), so the page paces it while it shows each game; `runWatchEnd`
// puts it back in turn at once.

import type { Run } from 'selfplay';
import type { GameState, RunSnapshot, RunStatus, SnapshotPlan, Step, Watched, WatchedGame } from './protocol';
import { messageOf, post, serve, wasm } from './worker-host';

/** A chunk aims at this much work before yielding (ms). */
const CHUNK_MS = 100;

interface Held {
  run: Run;
  status: RunStatus;
  /** Games of the next chunk. */
  chunk: number;
  /** Learning games per second, smoothed. */
  rate: number;
  checkpointMs: number;
  lastCheckpoint: number;
  /** The snapshot points still to come, ascending, and their name. */
  stops: number[];
  stopName: string;
  /** Watched: the run plays one game per request, not chunks. */
  watching: boolean;
}

const held = new Map<string, Held>();
/** The running runs, in turn. */
const queue: string[] = [];

const channel = new MessageChannel();
let scheduled = false;
channel.port1.onmessage = () => {
  scheduled = false;
  stepNext();
  schedule();
};

function schedule(): void {
  if (scheduled || queue.length === 0) return;
  scheduled = true;
  channel.port2.postMessage(null);
}

function get(runId: string): Held {
  const h = held.get(runId);
  if (!h) throw new Error('that run is not in this worker any more');
  return h;
}

function unqueue(runId: string): void {
  const i = queue.indexOf(runId);
  if (i >= 0) queue.splice(i, 1);
}

/** Posts the run's full state, if it has played and is not finished. */
function checkpoint(runId: string, h: Held): void {
  h.lastCheckpoint = performance.now();
  const games = h.run.games;
  if (h.run.done || games === 0) return;
  const bytes = h.run.checkpoint();
  post({ id: null, kind: 'runCheckpoint', runId, bytes, games, total: h.run.total }, [bytes.buffer]);
}

/** Posts the model as a snapshot if the run stands exactly on its next snapshot point. */
function snapshot(runId: string, h: Held): void {
  const games = h.run.games;
  while (h.stops.length > 0 && h.stops[0] < games) h.stops.shift();
  if (h.stops[0] !== games) return;
  h.stops.shift();
  const name = h.stopName.replace('{label}', h.run.label).replace('{games}', games.toLocaleString('en-US'));
  const bytes = h.run.model(name);
  post({ id: null, kind: 'runSnapshot', runId, games, name, bytes }, [bytes.buffer]);
}

function stepNext(): void {
  const runId = queue.shift();
  if (runId === undefined) return;
  const h = held.get(runId);
  if (!h || h.status !== 'running') return;
  const before = h.run.games;
  // The chunk ends on the next snapshot point, never beyond it.
  const stop = h.stops.find((at) => at > before);
  const capped = stop !== undefined && stop - before < h.chunk;
  const games0 = capped ? stop - before : h.chunk;
  let s: Step;
  const t0 = performance.now();
  try {
    s = h.run.step(games0);
  } catch (e) {
    // A trap leaves the module in an unknown state: the worker dies, the page
    // replaces it and offers the run from its last checkpoint.
    if (e instanceof WebAssembly.RuntimeError) throw e;
    h.status = 'stopped';
    post({ id: null, kind: 'runError', runId, message: messageOf(e) });
    return;
  }
  const ms = Math.max(1, performance.now() - t0);
  const games = s.games;
  if (games > before) {
    const r = ((games - before) * 1000) / ms;
    h.rate = h.rate === 0 ? r : 0.7 * h.rate + 0.3 * r;
  }
  // Aim the next chunk at CHUNK_MS, changing it at most fourfold at a time
  // (a chunk cut short at a snapshot point says little of the speed).
  if (!capped) {
    const aim = Math.round((h.chunk * CHUNK_MS) / ms);
    h.chunk = Math.max(1, Math.min(100_000, Math.max(Math.floor(h.chunk / 4), Math.min(h.chunk * 4, aim))));
  }
  snapshot(runId, h);
  if (s.done) h.status = 'finished';
  else {
    queue.push(runId);
    // Before the news: a checkpoint never arrives after its run's end.
    if (h.checkpointMs > 0 && performance.now() - h.lastCheckpoint >= h.checkpointMs) checkpoint(runId, h);
  }
  post({
    id: null,
    kind: 'runProgress',
    news: {
      runId,
      points: s.points,
      games,
      total: s.total,
      rate: h.rate,
      done: s.done,
      latest: s.points.length > 0 ? h.run.latest() : null,
    },
  });
}

/**
 * Watch mode: one training game (the same game a chunk would have played
 * next), with the usual news, snapshot and checkpoint, and the game's
 * states for the board (replayed on a session of the game).
 */
function watchOne(runId: string): WatchedGame | null {
  const h = get(runId);
  h.watching = true;
  unqueue(runId);
  if (h.status !== 'running') return null;
  let w: Watched | null;
  try {
    w = h.run.stepWatched();
  } catch (e) {
    if (e instanceof WebAssembly.RuntimeError) throw e;
    h.status = 'stopped';
    post({ id: null, kind: 'runError', runId, message: messageOf(e) });
    return null;
  }
  if (w === null) return null;
  const games = w.games;
  snapshot(runId, h);
  if (w.done) h.status = 'finished';
  else if (h.checkpointMs > 0 && performance.now() - h.lastCheckpoint >= h.checkpointMs) checkpoint(runId, h);
  post({
    id: null,
    kind: 'runProgress',
    news: { runId, points: w.points, games, total: w.total, rate: h.rate, done: w.done, latest: w.points.length > 0 ? h.run.latest() : null },
  });
  const session = new (wasm().Session)(h.run.game);
  const states: GameState[] = [session.state()];
  try {
    for (const m of w.moves) {
      session.play(m);
      states.push(session.state());
    }
  } finally {
    session.free();
  }
  const { points: _points, ...game } = w;
  return { ...game, states };
}

function hold(runId: string, run: Run, checkpointMs: number, plan: SnapshotPlan | null): RunSnapshot {
  held.get(runId)?.run.free();
  unqueue(runId);
  const done = run.done;
  const games = run.games;
  const h: Held = {
    run,
    status: done ? 'finished' : 'running',
    chunk: 20,
    rate: 0,
    checkpointMs,
    lastCheckpoint: performance.now(),
    stops: [...new Set(plan?.at ?? [])].filter((at) => Number.isInteger(at) && at >= games).sort((a, b) => a - b),
    stopName: plan?.name ?? '{games}',
    watching: false,
  };
  held.set(runId, h);
  // A run resumed exactly on a point it has no snapshot of yet takes it now.
  snapshot(runId, h);
  if (!done) {
    queue.push(runId);
    schedule();
  }
  return {
    game: run.game,
    kind: run.kind,
    label: run.label,
    config: run.config,
    series: run.series(),
    points: run.points(),
    games: run.games,
    total: run.total,
    done,
    latest: run.latest(),
  };
}

serve('a training worker', {
  runCreate: (cmd) => hold(cmd.runId, wasm().Run.create(cmd.game, cmd.runKind, cmd.config), cmd.checkpointMs, cmd.snapshots),
  runResume: (cmd) => hold(cmd.runId, wasm().Run.resume(cmd.bytes, { total: cmd.total, settings: cmd.settings }), cmd.checkpointMs, cmd.snapshots),
  runPause(cmd) {
    const h = get(cmd.runId);
    if (h.status === 'running') {
      h.status = 'paused';
      unqueue(cmd.runId);
      checkpoint(cmd.runId, h);
    }
    return h.status;
  },
  runContinue(cmd) {
    const h = get(cmd.runId);
    if (h.status === 'paused') {
      h.status = 'running';
      h.lastCheckpoint = performance.now();
      if (!h.watching) {
        queue.push(cmd.runId);
        schedule();
      }
    }
    return h.status;
  },
  runWatch: (cmd) => watchOne(cmd.runId),
  runWatchEnd(cmd) {
    const h = get(cmd.runId);
    if (h.watching) {
      h.watching = false;
      if (h.status === 'running' && !queue.includes(cmd.runId)) {
        queue.push(cmd.runId);
        schedule();
      }
    }
    return h.status;
  },
  runStop(cmd) {
    const h = get(cmd.runId);
    if (h.status === 'running' || h.status === 'paused') {
      h.status = 'stopped';
      unqueue(cmd.runId);
      checkpoint(cmd.runId, h);
    }
    return h.status;
  },
  runCheckpointNow() {
    for (const [runId, h] of held) if (h.status === 'running') checkpoint(runId, h);
    return true;
  },
  runDrop(cmd) {
    unqueue(cmd.runId);
    held.get(cmd.runId)?.run.free();
    held.delete(cmd.runId);
    return true;
  },
  runModel(cmd) {
    const h = get(cmd.runId);
    const games = h.run.games;
    const name = cmd.name.replace('{games}', games.toLocaleString('en-US'));
    return { bytes: h.run.model(name), games, name };
  },
});

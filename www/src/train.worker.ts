// A training worker: holds one wasm `Trainer` (one run) and trains it in
// bounded chunks of about 100 ms, yielding to the event loop between chunks
// (a MessageChannel task) so that pause, stop and export requests are handled
// promptly. Posts progress after each chunk, a checkpoint (the full state:
// weights, momentum, RNG, curve) at least every 30 s, on pause and on stop,
// and the model when the run finishes.

import { Trainer } from './pkg/selfplay.js';
import type { EvalPoint, Reply, TrainCommand, TrainSettings, TrainStatus } from './protocol';
import { messageOf, post, serve } from './worker-host';

/** Checkpoints at least this often while running (ms); `?checkpointMs=` in tests. */
const CHECKPOINT_MS = 30_000;
/** A chunk aims at this much work before yielding (ms). */
const CHUNK_MS = 100;

let trainer: Trainer | null = null;
let runId = '';
let settings: TrainSettings | null = null;
let status: TrainStatus = 'paused';
let chunk = 20;
let lastCheckpoint = 0;
let rate = 0;

function current(): Trainer {
  if (!trainer) throw new Error('no training run has been started');
  return trainer;
}

function curveOf(t: Trainer): EvalPoint[] {
  return t.curve() as EvalPoint[];
}

function checkpoint(): void {
  const t = current();
  const bytes = t.save();
  lastCheckpoint = performance.now();
  post(
    {
      id: null,
      kind: 'trainCheckpoint',
      checkpoint: {
        runId,
        bytes,
        gamesPlayed: t.games_played(),
        gamesTotal: settings?.games ?? 0,
        curve: curveOf(t),
        settings: settings!,
      },
    },
    [bytes.buffer],
  );
}

// A zero-delay task that is not clamped like nested setTimeout.
const channel = new MessageChannel();
channel.port1.onmessage = () => step();
const later = () => channel.port2.postMessage(null);

interface Progress {
  games_played: number;
  games_total: number;
  trained: number;
  snapshots: EvalPoint[];
  done: boolean;
}

function step(): void {
  if (status !== 'running' || !trainer) return;
  try {
    const t0 = performance.now();
    const p = trainer.train(chunk) as Progress;
    const ms = performance.now() - t0;
    if (p.trained > 0 && ms > 0) {
      const r = (p.trained * 1000) / ms;
      rate = rate === 0 ? r : 0.7 * rate + 0.3 * r;
      // Aim the next chunk at CHUNK_MS; evaluations make some chunks longer.
      chunk = Math.max(1, Math.min(50_000, Math.round((chunk * CHUNK_MS) / Math.max(ms, 1))));
    }
    if (settings) settings.games = p.games_total;
    post({
      id: null,
      kind: 'trainProgress',
      progress: {
        runId,
        gamesPlayed: p.games_played,
        gamesTotal: p.games_total,
        gamesPerSecond: rate,
        snapshots: p.snapshots,
      },
    });
    if (p.done) {
      // Finished: the page saves the model and drops the checkpoint.
      status = 'finished';
      post({ id: null, kind: 'trainDone', runId, status });
      return;
    }
    if (performance.now() - lastCheckpoint >= checkpointMs) checkpoint();
  } catch (e) {
    // A trap leaves the module in an unknown state: let the worker die, so
    // that the page replaces it and offers to resume from the last checkpoint.
    if (e instanceof WebAssembly.RuntimeError) throw e;
    status = 'stopped';
    post({ id: null, kind: 'error', message: `training stopped: ${messageOf(e)}` });
    return;
  }
  later();
}

let checkpointMs = CHECKPOINT_MS;

function run(cmd: TrainCommand & { id: number }): Reply {
  switch (cmd.kind) {
    case 'trainStart': {
      const t = cmd.bytes ? Trainer.load(cmd.bytes) : new Trainer(JSON.stringify(cmd.settings));
      if (cmd.totalGames !== undefined) t.set_total_games(cmd.totalGames);
      trainer?.free();
      trainer = t;
      runId = cmd.runId;
      settings = JSON.parse(t.config()) as TrainSettings;
      if (cmd.totalGames !== undefined) settings.games = cmd.totalGames;
      status = t.is_done() ? 'finished' : 'running';
      lastCheckpoint = performance.now();
      if (status === 'running') later();
      return {
        id: cmd.id,
        kind: 'trainStarted',
        runId,
        settings,
        curve: curveOf(t),
        gamesPlayed: t.games_played(),
        gamesTotal: settings.games,
      };
    }
    case 'trainPause':
      current();
      if (status === 'running') {
        status = 'paused';
        checkpoint();
      }
      return { id: cmd.id, kind: 'trainAck', runId, status };
    case 'trainResume':
      current();
      if (status === 'paused') {
        status = 'running';
        later();
      }
      return { id: cmd.id, kind: 'trainAck', runId, status };
    case 'trainStop':
      current();
      if (status === 'running' || status === 'paused') status = 'stopped';
      return { id: cmd.id, kind: 'trainAck', runId, status };
    case 'trainExport': {
      const t = current();
      const bytes = t.export_model();
      return { id: cmd.id, kind: 'trainBytes', runId, bytes, gamesPlayed: t.games_played() };
    }
  }
}

serve('trainer', (req) => {
  if (req.kind === 'trainStart' && typeof req.checkpointMs === 'number' && req.checkpointMs >= 1000) checkpointMs = req.checkpointMs;
  if (!req.kind.startsWith('train')) throw new Error('this worker trains; games are played in the engine worker');
  post(run(req as TrainCommand & { id: number }));
});

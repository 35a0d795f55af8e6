// A worker of the Experiments pool: one wasm instance and its runs, stepped
// in turn in chunks sized to take about 100 ms each.

import init, { HhRun, hhPreset } from '../pkg/selfplay.js';
import type { CurvePoint, PoolReply, PoolRequest, RunConfig } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const ready = init();

const runs = new Map<string, HhRun>();
const queue: string[] = [];
const chunk = new Map<string, number>();
let looping = false;
/** Checkpoint interval of each run (ms; 0: never) and when it last posted one. */
const checkpointEvery = new Map<string, number>();
const lastCheckpoint = new Map<string, number>();

function post(reply: PoolReply, transfer: Transferable[] = []): void {
  scope.postMessage(reply, transfer);
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Posts the run's full state (table, curve, settings, random state), if it checkpoints and has played. */
function checkpoint(runId: string, run: HhRun): void {
  lastCheckpoint.set(runId, performance.now());
  if (!checkpointEvery.get(runId) || run.done || run.games === 0) return;
  try {
    const bytes = run.houndsModel('checkpoint');
    post({ kind: 'checkpoint', runId, bytes, games: run.games }, [bytes.buffer]);
  } catch (e) {
    post({ kind: 'checkpointFailed', runId, message: messageOf(e) });
  }
}

function watch(runId: string, ms: number): void {
  checkpointEvery.set(runId, ms);
  lastCheckpoint.set(runId, performance.now());
}

function loop(): void {
  const runId = queue[0];
  const run = runId === undefined ? undefined : runs.get(runId);
  if (!run) {
    if (runId !== undefined) queue.shift();
    looping = queue.length > 0;
    if (looping) setTimeout(loop, 0);
    return;
  }
  try {
    const n = chunk.get(runId) ?? 20;
    const t0 = performance.now();
    const points = run.step(n) as CurvePoint[];
    const ms = performance.now() - t0;
    // Aim at ~100 ms per chunk, changing the size by at most 4× at a time.
    const next = Math.max(1, Math.min(n * 4, Math.max(1, Math.round((n * 100) / Math.max(ms, 1))), 100_000));
    chunk.set(runId, Math.max(Math.floor(n / 4), next));
    const done = run.done;
    const every = checkpointEvery.get(runId) ?? 0;
    // Before the points: a checkpoint never arrives after its run's end.
    if (!done && every > 0 && performance.now() - (lastCheckpoint.get(runId) ?? 0) >= every) checkpoint(runId, run);
    post({ kind: 'points', runId, points, games: run.games, done });
    // Round robin: the runs of a worker grow side by side.
    queue.shift();
    if (!done) queue.push(runId);
  } catch (e) {
    queue.shift();
    post({ kind: 'runError', runId, message: messageOf(e) });
  }
  setTimeout(loop, 0);
}

function handle(req: PoolRequest): void {
  switch (req.kind) {
    case 'preset':
      try {
        const runs = hhPreset(req.experiment, req.seed, req.probes) as RunConfig[];
        post({ kind: 'preset', reqId: req.reqId, runs });
      } catch (e) {
        post({ kind: 'failed', reqId: req.reqId, message: messageOf(e) });
      }
      return;
    case 'start':
      try {
        runs.get(req.runId)?.free();
        runs.set(req.runId, new HhRun(req.config));
        watch(req.runId, req.checkpointMs);
        queue.push(req.runId);
        if (!looping) {
          looping = true;
          setTimeout(loop, 0);
        }
      } catch (e) {
        post({ kind: 'runError', runId: req.runId, message: messageOf(e) });
      }
      return;
    case 'continue':
      try {
        const run = HhRun.fromModel(req.bytes, req.games, req.hare, null);
        runs.get(req.runId)?.free();
        runs.set(req.runId, run);
        watch(req.runId, req.checkpointMs);
        // The saved curve first; the new points follow from the loop.
        post({ kind: 'continued', reqId: req.reqId, config: run.config as RunConfig, points: run.curve as CurvePoint[], games: run.games });
        queue.push(req.runId);
        if (!looping) {
          looping = true;
          setTimeout(loop, 0);
        }
      } catch (e) {
        post({ kind: 'failed', reqId: req.reqId, message: messageOf(e) });
      }
      return;
    case 'stop': {
      const i = queue.indexOf(req.runId);
      if (i >= 0) queue.splice(i, 1);
      const run = runs.get(req.runId);
      if (run && i >= 0) checkpoint(req.runId, run);
      checkpointEvery.delete(req.runId);
      return;
    }
    case 'drop': {
      const i = queue.indexOf(req.runId);
      if (i >= 0) queue.splice(i, 1);
      runs.get(req.runId)?.free();
      runs.delete(req.runId);
      checkpointEvery.delete(req.runId);
      lastCheckpoint.delete(req.runId);
      return;
    }
    case 'model': {
      const run = runs.get(req.runId);
      try {
        if (!run) throw new Error('that run is not in this worker any more');
        const games = run.games;
        const name = req.name.replace('{games}', games.toLocaleString());
        const bytes = run.houndsModel(name);
        post({ kind: 'model', reqId: req.reqId, bytes, games, name }, [bytes.buffer]);
      } catch (e) {
        post({ kind: 'failed', reqId: req.reqId, message: messageOf(e) });
      }
      return;
    }
  }
}

ready.then(
  () => post({ kind: 'ready' }),
  (e: unknown) => post({ kind: 'runError', runId: '', message: `the engine could not load: ${messageOf(e)}` }),
);

scope.onmessage = async (ev: MessageEvent<PoolRequest>) => {
  try {
    await ready;
  } catch {
    return;
  }
  handle(ev.data);
};

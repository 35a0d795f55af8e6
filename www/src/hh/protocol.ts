// Messages between the Experiments tab's pool and its workers (Hare and
// Hounds). Each worker holds its own wasm instance and its runs; it steps
// one run at a time in chunks of about 100 ms, so that it stays responsive.

/** A run as the engine describes it (`RunConfig`, snake_case as in Rust). */
export interface RunConfig {
  label: string;
  hounds: { alpha: number; gamma: number; epsilon: number };
  hare: { kind: string };
  learn_games: number;
  eval_games: number;
  total_games: number;
  seed: number;
  perfect_share: boolean;
  probes: Probe[];
}

export interface Probe {
  position: string;
  action: string;
}

export interface PerfectShare {
  all: number;
  winning: number;
  states: number;
  winning_states: number;
}

/** One point of a run's curves (`CurvePoint`). */
export interface CurvePoint {
  games: number;
  win_percent: number | null;
  vs_perfect_percent: number | null;
  hounds_perfect: PerfectShare | null;
  hare_perfect: PerfectShare | null;
  probes: number[];
}

export type PoolRequest =
  | { kind: 'preset'; reqId: number; experiment: number; seed: number; probes: Probe[] | null }
  /** `checkpointMs`: post a checkpoint at least this often (0: never). */
  | { kind: 'start'; runId: string; config: RunConfig; checkpointMs: number }
  /** Stops a run; the worker keeps it (for saving) and posts a last checkpoint. */
  | { kind: 'stop'; runId: string }
  /** Forgets a run (it goes on in another worker). */
  | { kind: 'drop'; runId: string }
  /** The run's hounds as a model file; `{games}` in `name` becomes the games played. */
  | { kind: 'model'; reqId: number; runId: string; name: string }
  /** Continues a saved hounds model for `games` more games; `hare` null: the saved hare. */
  | { kind: 'continue'; reqId: number; runId: string; bytes: Uint8Array; games: number; hare: string | null; checkpointMs: number };

export type PoolReply =
  | { kind: 'ready' }
  | { kind: 'preset'; reqId: number; runs: RunConfig[] }
  | { kind: 'model'; reqId: number; bytes: Uint8Array; games: number; name: string }
  | { kind: 'failed'; reqId: number; message: string }
  /** A continued run: its settings and the saved curve; new points follow as `points`. */
  | { kind: 'continued'; reqId: number; config: RunConfig; points: CurvePoint[]; games: number }
  | { kind: 'points'; runId: string; points: CurvePoint[]; games: number; done: boolean }
  | { kind: 'runError'; runId: string; message: string }
  /** The run's full state as a hounds model file (`HhRun.houndsModel`), at `games` learning games. */
  | { kind: 'checkpoint'; runId: string; bytes: Uint8Array; games: number }
  | { kind: 'checkpointFailed'; runId: string; message: string };

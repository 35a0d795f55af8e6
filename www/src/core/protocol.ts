// The page's one worker protocol, shared by the page and its four kinds of
// worker: the engine worker (the game on each board, model files, the game list),
// the thinking worker (every computer player's move and every analysis, and
// a model's weights),
// the run pool's workers (training runs of any kind) and the ladder's
// workers (rating ladder games).
//
// Every request carries an id; the worker answers it with one `result` or
// one `error` with the same id, and may send `progress` with that id before
// (a search that reports while it thinks). Messages a worker sends on its own
// have `id: null`: `ready` once the wasm module is loaded, and a run's news
// (`runProgress`, `runCheckpoint`, `runError`).
//
// The types of the engine's values are here too, re-exported from the types
// generated from the Rust ones (pkg/selfplay.d.ts): they are what `games()`,
// `Session.state()`, `Agent` and `Run` return (docs/js-api.md).

import type {
  AgentThought as Thought,
  GameInfo,
  Limits as Budget,
  ModelInfo,
  Point,
  PositionAnalysis as Analysis,
  Progress,
  SeriesSpec,
  SessionState as GameState,
  Watched,
} from 'selfplay';

/** A game's name in files and addresses ("othello"). */
export type GameId = string;

// ---- The engine's values ---------------------------------------------------
//
// Generated from the Rust types (tsify) into pkg/selfplay.d.ts by
// ./scripts/build-wasm.sh, and only re-exported here: a field renamed, added
// or removed in Rust changes these types, and `tsc` fails wherever the page
// disagrees. The page's names for four of them differ from the engine's:
// `GameState` is `SessionState`, `Thought` is `AgentThought`, `Analysis` is
// `PositionAnalysis` and `Budget` is `Limits` (docs/js-api.md lists the Rust
// type behind each).

export type {
  ArrayInfo,
  ChartSpec,
  Choice,
  FieldKind,
  FieldSpec,
  GameInfo,
  Geometry,
  LegalMove,
  ModelInfo,
  MoveAnalysis,
  MoveEntry,
  OutcomeView,
  PlayerInfo,
  PlayerSettings,
  Point,
  PresetInfo,
  Progress,
  Resume,
  RunKindInfo,
  Scale,
  SeriesSpec,
  SolveInfo,
  Step,
  ValuedMove,
  Watched,
  WatchedDecision,
  AgentThought as Thought,
  Limits as Budget,
  PositionAnalysis as Analysis,
  SessionState as GameState,
} from 'selfplay';

// The ladder's values, and a model's weights: from the learners' module,
// which alone has the ladder and the learners whose weights are shown.
import type { LadderGame, LadderRating, SidedPlayer, WeightTable } from 'selfplay-learners';
export type { LadderGame, LadderRating, SidedPlayer, WeightRow, WeightTable } from 'selfplay-learners';

// ---- The page's own values -------------------------------------------------

/** A run configuration: the learner's own settings object. */
export type RunConfig = Record<string, unknown>;

/** What the page holds of a run a worker has just made or resumed. */
export interface RunSnapshot {
  game: GameId;
  kind: string;
  label: string;
  config: RunConfig;
  series: SeriesSpec[];
  points: Point[];
  games: number;
  total: number;
  done: boolean;
  latest: string;
}

export type RunStatus = 'running' | 'paused' | 'stopped' | 'finished';

/** Where a run keeps snapshots of its model: after these numbers of learning
 *  games (the chunks stop exactly there), each named `name` with `{games}`
 *  replaced by the games played. */
export interface SnapshotPlan {
  at: number[];
  name: string;
}

// ---- Requests -------------------------------------------------------------

/** A player, as the thinking worker builds it: `new Agent(game, player, settings, model)`. */
export interface AgentSpec {
  game: GameId;
  player: string;
  settings: Record<string, unknown> | null;
  /** A model file for the player "model": a key that names these bytes, and
   *  the bytes when the worker may not have them yet. */
  model: { key: string; bytes?: Uint8Array } | null;
}

/** The answer to each kind of request. */
export interface Results {
  // The engine worker: one Session per board, model files, the game list.
  games: GameInfo[];
  new: GameState;
  state: GameState;
  play: GameState;
  undo: GameState;
  redo: GameState;
  jump: GameState;
  preview: GameState;
  record: string;
  loadRecord: GameState;
  close: true;
  inspect: ModelInfo;
  rename: Uint8Array;
  withCharts: Uint8Array;
  settingsModel: Uint8Array;
  presetRuns: RunConfig[];
  // The thinking worker: one agent per player, setting and model.
  think: Thought;
  analyze: Analysis | null;
  weights: WeightTable | null;
  // A pool worker: several runs, stepped in turn.
  runCreate: RunSnapshot;
  runResume: RunSnapshot;
  runPause: RunStatus;
  runContinue: RunStatus;
  runStop: RunStatus;
  runCheckpointNow: true;
  runDrop: true;
  runModel: { bytes: Uint8Array; games: number; name: string };
  runWatch: WatchedGame | null;
  runWatchEnd: RunStatus;
  // A ladder worker: the rating ladder's games and ratings.
  ladderTodo: LadderGame[];
  ladderGame: number;
  ladderRatings: LadderRating[];
}

/** A player of a ladder game: its name in the table, and the agent that plays it. */
export interface LadderEntrant {
  name: string;
  agent: AgentSpec;
}

/**
 * The engine worker keeps one game for each board the page has opened
 * (`Engine.open`); a command on a game names its board, so that a board
 * that was closed, or a view still starting when another game was opened,
 * can never play into another board's game.
 */
export interface OnBoard {
  board: number;
}

export type Command =
  | { kind: 'games' }
  | ({ kind: 'new'; game: GameId } & OnBoard)
  | ({ kind: 'state' } & OnBoard)
  | ({ kind: 'play'; move: string } & OnBoard)
  | ({ kind: 'undo' } & OnBoard)
  | ({ kind: 'redo' } & OnBoard)
  /** The position after the first `cursor` moves of the record. */
  | ({ kind: 'jump'; cursor: number } & OnBoard)
  /** The state a legal move of the position on the board would give, without
   *  playing it (`Session.preview`): its `changed` lists the cells it would change. */
  | ({ kind: 'preview'; move: string } & OnBoard)
  /** The whole record (undone moves too) in the game's notation (`Session.transcript`). */
  | ({ kind: 'record' } & OnBoard)
  /** A new game of `game` from a record in its notation; an error (naming the
   *  first bad move) leaves the game on the board as it was. */
  | ({ kind: 'loadRecord'; game: GameId; text: string } & OnBoard)
  /** The board is closed: its game is freed. */
  | ({ kind: 'close' } & OnBoard)
  | { kind: 'inspect'; bytes: Uint8Array }
  | { kind: 'rename'; bytes: Uint8Array; name: string }
  /** The model file keeping a run's curves as drawn (`withCharts`). */
  | { kind: 'withCharts'; bytes: Uint8Array; charts: unknown }
  /** A model file that keeps a player's settings (players with `savesSettings`). */
  | { kind: 'settingsModel'; game: GameId; player: string; settings: Record<string, unknown>; name: string }
  /** Seeds are BigInt (the engine refuses a number: a seed is any 64-bit value). */
  | { kind: 'presetRuns'; game: GameId; runKind: string; preset: string; seed: bigint }
  | { kind: 'think'; agent: AgentSpec; position: string; seed: bigint; budget: Budget | null }
  | { kind: 'analyze'; agent: AgentSpec; position: string; budget: Budget | null }
  /** A model file's weights beside those it started from (`modelWeights`, the
   *  learners' thinking worker); null for a model whose weights are not shown. */
  | { kind: 'weights'; bytes: Uint8Array }
  /** `checkpointMs`: post a checkpoint at least this often while running. */
  | { kind: 'runCreate'; runId: string; game: GameId; runKind: string; config: RunConfig; checkpointMs: number; snapshots: SnapshotPlan | null }
  /** Goes on from a checkpoint or a saved model (`Run.resume`); snapshots are
   *  taken at the plan's points from the run's games on (one due at exactly
   *  those games at once). */
  | {
      kind: 'runResume';
      runId: string;
      bytes: Uint8Array;
      total: number | null;
      settings: Record<string, unknown> | null;
      checkpointMs: number;
      snapshots: SnapshotPlan | null;
    }
  /** Pauses a run; the worker posts a checkpoint. */
  | { kind: 'runPause'; runId: string }
  | { kind: 'runContinue'; runId: string }
  /** Ends a run; the worker keeps it (to save or play against) and posts a checkpoint. */
  | { kind: 'runStop'; runId: string }
  /** Posts a checkpoint of every running run now (the page is being hidden or closed). */
  | { kind: 'runCheckpointNow' }
  /** Forgets a run. */
  | { kind: 'runDrop'; runId: string }
  /** What the run learned, as a model file named `name`, where `{games}`
   *  becomes the games played. */
  | { kind: 'runModel'; runId: string; name: string }
  /** Watch mode: the run stops its chunks and plays one training game
   *  (`Run.stepWatched`), exactly as a chunk would have; the game comes
   *  back and the run waits for the next request. `null` when the run is not
   *  running, is done, or its kind cannot show its games. */
  | { kind: 'runWatch'; runId: string }
  /** Ends watch mode: a running run goes back to its chunks at once. */
  | { kind: 'runWatchEnd'; runId: string }
  /** The ladder's games of `players` over `openings` openings that `table` lacks (`ladderTodo`). */
  | { kind: 'ladderTodo'; game: GameId; table: string; players: SidedPlayer[]; openings: number }
  /** Plays one ladder game with fresh agents (`ladderGame`): the first player's score. */
  | { kind: 'ladderGame'; game: GameId; opening: number; first: LadderEntrant; second: LadderEntrant; seed: bigint }
  /** The ratings of a table of games, `anchor` at 0, the first move's advantage fitted unless `perSide` (`ladderRatings`). */
  | { kind: 'ladderRatings'; table: string; anchor: string; perSide: boolean };

export type Kind = Command['kind'];
export type CommandOf<K extends Kind> = Extract<Command, { kind: K }>;

/** A request as posted: a command with its id. */
export type Request = Command & { id: number };

/** What the page sends a new worker first: the compiled wasm module to
 *  instantiate, or null when this worker is to fetch it (wasm-share.ts). */
export interface ModuleGift {
  kind: 'module';
  module: WebAssembly.Module | null;
}

// ---- Replies --------------------------------------------------------------

/** One training game of a run as the page shows it: the engine's watched game
 *  (`Run.stepWatched`: its number, moves, learner, decisions, units, scale and
 *  the run's games, total and done after it) without its curve points, which
 *  go out as the run's news, and with the game's states for the board
 *  (replayed in the pool worker): before the first move, then after each. */
export interface WatchedGame extends Omit<Watched, 'points'> {
  states: GameState[];
}

/** What a run reports after each chunk of games. */
export interface RunNews {
  runId: string;
  /** New curve points. */
  points: Point[];
  games: number;
  total: number;
  /** Learning games per second over the last chunks. */
  rate: number;
  done: boolean;
  /** `Run.latest()`, when new points came. */
  latest: string | null;
}

export type Reply =
  /** The module is loaded and the worker takes requests. */
  | { id: null; kind: 'ready' }
  /** Bytes of the wasm module downloaded so far (the worker that fetches it reports them as they arrive). */
  | { id: null; kind: 'loading'; loaded: number }
  /** The module this worker fetched and compiled, for the page's other workers (wasm-share.ts). */
  | { id: null; kind: 'compiled'; module: WebAssembly.Module }
  | { id: number; kind: 'result'; result: Results[Kind] }
  /** A search's report while it works on request `id`. */
  | { id: number; kind: 'progress'; progress: Progress }
  /** A request that failed (or, with `id: null`, a worker that could not
   *  load); the message is for people. `fatal`: the worker must be replaced. */
  | { id: number | null; kind: 'error'; message: string; fatal?: boolean }
  | { id: null; kind: 'runProgress'; news: RunNews }
  /** A run's full state, at `games` of `total` games, to store. */
  | { id: null; kind: 'runCheckpoint'; runId: string; bytes: Uint8Array; games: number; total: number }
  /** A run stopped on an error of the engine. */
  | { id: null; kind: 'runError'; runId: string; message: string }
  /** The run's model after exactly `games` learning games, one of its
   *  snapshot points, as a model file named `name`. */
  | { id: null; kind: 'runSnapshot'; runId: string; games: number; name: string; bytes: Uint8Array };

/** The messages a worker sends on its own. */
export type News = Exclude<Reply, { id: number }>;

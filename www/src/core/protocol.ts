// The page's one worker protocol, shared by the page and its three kinds of
// worker: the engine worker (the game on screen, model files, the game list),
// the thinking worker (every computer player's move and every analysis) and
// the run pool's workers (training runs of any kind).
//
// Every request carries an id; the worker answers it with one `result` or
// one `error` with the same id, and may send `progress` with that id before
// (a search that reports while it thinks). Messages a worker sends on its own
// have `id: null`: `ready` once the wasm module is loaded, and a run's news
// (`runProgress`, `runCheckpoint`, `runError`).
//
// The types of the engine's values are here too: they are what `games()`,
// `Session.state()`, `Agent` and `Run` return (docs/js-api.md).

/** A game's name in files and addresses ("othello"). */
export type GameId = string;

// ---- The engine's values ---------------------------------------------------

export interface Choice {
  value: string;
  label: string;
}

interface FieldBase {
  /** A dotted path into the settings object ("hounds.alpha"). */
  id: string;
  label: string;
  /** One line for students. */
  help: string;
}

/** A setting of a run, of a player or of a continued run. */
export type FieldSpec = FieldBase &
  (
    | { type: 'int'; min: number; max: number; default: number }
    | { type: 'float'; min: number; max: number; step: number; default: number }
    | { type: 'choice'; options: Choice[]; default: string }
    | { type: 'bool'; default: boolean }
  );

export interface PlayerInfo {
  id: string;
  label: string;
  description: string;
  /** Whether it plays the first side and the second side. */
  sides: [boolean, boolean];
  /** Whether it searches (takes a budget, reports progress, may take a while). */
  searches: boolean;
  settings: FieldSpec[];
  /** Whether its settings can be kept as a model file (`settingsModel`). */
  savesSettings: boolean;
  /** Set for an exact solver: `analyze` with `{ unbounded: true }` gives every
   *  move's exact value, however long it takes ("Solve exactly"). */
  solve: SolveInfo | null;
}

/** How a player solves positions exactly. */
export interface SolveInfo {
  /** What a solve gives and how long it takes, for students. */
  about: string;
  /** Settings that matter to a solve, merged into the player's settings. */
  settings: FieldSpec[];
}

export interface ChartSpec {
  id: string;
  title: string;
  xLabel: string;
  yLabel: string;
  yRange: [number, number] | null;
}

export interface PresetInfo {
  id: string;
  name: string;
  sentence: string;
  /** "study" for a study's own, "beyond" for additions. */
  group: string;
  /** How many runs it starts. */
  runs: number;
}

export interface RunKindInfo {
  id: string;
  title: string;
  about: string;
  fields: FieldSpec[];
  presets: PresetInfo[];
  charts: ChartSpec[];
  continueFields: FieldSpec[];
  /** Learning games after which the page suggests keeping a snapshot of the
   *  model; empty when the kind's model does not play. */
  snapshots: number[];
  /** Its runs can show their training games one at a time ("Watch it learn"). */
  watchable: boolean;
}

export type Geometry = { kind: 'grid'; rows: number; cols: number } | { kind: 'graph'; points: number };

/** What the engine says of a game (`games()`). */
export interface GameInfo {
  id: GameId;
  title: string;
  blurb: string;
  sides: [string, string];
  geometry: Geometry;
  players: PlayerInfo[];
  runs: RunKindInfo[];
  /** Settings of a learned model when it plays (the player `model`), if any. */
  modelSettings: FieldSpec[];
  /** Whether the engine plays it; games to come are listed with false. */
  built: boolean;
}

/** One legal move: its text, the cell it puts a piece on, the cell it leaves. */
export interface LegalMove {
  text: string;
  cell: number | null;
  from?: number | null;
}

/** One move of the record. `side` is 0 for the first mover. */
export interface MoveEntry {
  text: string;
  side: 0 | 1;
  cell: number | null;
  from?: number | null;
}

export interface OutcomeView {
  winner: 0 | 1 | null;
  text: string;
}

/** A game as `Session.state()` returns it. */
export interface GameState {
  game: GameId;
  title: string;
  sides: [string, string];
  rows: number;
  cols: number;
  /** Row-major: 0 empty, 1 first side, 2 second side. */
  cells: number[];
  /** 0 or 1; null once the game is over. */
  toMove: 0 | 1 | null;
  legal: LegalMove[];
  lastMove: MoveEntry | null;
  changed: number[];
  counts: [number, number] | null;
  /** A sentence about a pass that happened or must happen. */
  notice: string | null;
  /** A line of game state beyond the board. */
  status: string | null;
  outcome: OutcomeView | null;
  /** The whole record, undone moves (after `cursor`) included. */
  history: MoveEntry[];
  cursor: number;
  position: string;
}

/** A think request's limits; absent fields are unlimited. */
export interface Budget {
  ms?: number;
  nodes?: number;
  /** No limit at all, not even a player's own: only from a worker the page can end. */
  unbounded?: boolean;
}

/** A move a running search has finished valuing. */
export interface ValuedMove {
  text: string;
  value: number;
  label: string | null;
}

/** What a search reports while it thinks. */
export interface Progress {
  nodes: number;
  ms: number;
  depth: number | null;
  best: string | null;
  score: number | null;
  note: string;
  /** An exact search's bounds on the value being searched (of `best` when set). */
  lower: number | null;
  upper: number | null;
  /** The moves valued so far, by a search that values them one after the other. */
  moves: ValuedMove[];
}

/** The move an agent chose. */
export interface Thought {
  text: string;
  complete: boolean;
  depth: number | null;
  score: number | null;
  nodes: number;
  ms: number;
}

export type Scale = { kind: 'fixed'; min: number; max: number } | { kind: 'relative' };

export interface MoveAnalysis {
  text: string;
  cell: number | null;
  from: number | null;
  value: number | null;
  label: string | null;
  best: boolean;
}

/** An agent's values for every legal move (`Agent.analyze`). */
export interface Analysis {
  units: string;
  scale: Scale;
  position: string | null;
  moves: MoveAnalysis[];
  complete: boolean;
  nodes: number;
  ms: number;
}

/** One curve of a run (`Run.series()`). */
export interface SeriesSpec {
  id: string;
  chart: string;
  label: string;
  group: string;
  dashed: boolean;
  /** What the curve measures, for a student (the legend entry's tooltip). */
  about?: string;
}

/** One point of a run's curves: the value of each series after `x` games. */
export interface Point {
  x: number;
  y: Record<string, number>;
  /** For a value that is a win rate (in percent) measured on a sample: the
   *  number of games measured, by series id. */
  n?: Record<string, number>;
}

/** A model file as `inspectModel` describes it. */
export interface ModelInfo {
  name: string;
  kind: string;
  game: GameId;
  variant: string;
  algorithm: string;
  /** The algorithm in words ("a Q-network"). */
  algorithmTitle: string;
  encoding: string;
  hyper: Record<string, unknown>;
  /** The learner's seed: a BigInt, as every seed the engine gives or takes. */
  seed: bigint;
  gamesTrained: number;
  evaluation: unknown;
  curve: unknown;
  created: string;
  producer: string;
  fileName: string;
  size: number;
  /** The file's arrays: names, element types and shapes. */
  arrays: { name: string; dtype: string; shape: number[] }[];
  summary: string;
  winRates: Record<string, number>;
  /** Whether it plays, as the player "model". */
  plays: boolean;
  /** The only side it plays, if it plays one only. */
  side: 0 | 1 | null;
  /** The kind of run that continues it. */
  continuesAs: string | null;
  /** The settings of a player that it holds: loading it fills that player's form. */
  settingsFor: { player: string; settings: Record<string, unknown> } | null;
}

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
  // The engine worker: one Session, model files, the game list.
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
  inspect: ModelInfo;
  rename: Uint8Array;
  settingsModel: Uint8Array;
  presetRuns: RunConfig[];
  // The thinking worker: one agent per player, setting and model.
  think: Thought;
  analyze: Analysis | null;
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
}

export type Command =
  | { kind: 'games' }
  | { kind: 'new'; game: GameId }
  | { kind: 'state' }
  | { kind: 'play'; move: string }
  | { kind: 'undo' }
  | { kind: 'redo' }
  /** The position after the first `cursor` moves of the record. */
  | { kind: 'jump'; cursor: number }
  /** The state a legal move of the position on the board would give, without
   *  playing it (`Session.preview`): its `changed` lists the cells it would change. */
  | { kind: 'preview'; move: string }
  /** The whole record (undone moves too) in the game's notation (`Session.transcript`). */
  | { kind: 'record' }
  /** A new game of `game` from a record in its notation; an error (naming the
   *  first bad move) leaves the game on screen as it was. */
  | { kind: 'loadRecord'; game: GameId; text: string }
  | { kind: 'inspect'; bytes: Uint8Array }
  | { kind: 'rename'; bytes: Uint8Array; name: string }
  /** A model file that keeps a player's settings (players with `savesSettings`). */
  | { kind: 'settingsModel'; game: GameId; player: string; settings: Record<string, unknown>; name: string }
  /** Seeds are BigInt (the engine refuses a number: a seed is any 64-bit value). */
  | { kind: 'presetRuns'; game: GameId; runKind: string; preset: string; seed: bigint }
  | { kind: 'think'; agent: AgentSpec; position: string; seed: bigint; budget: Budget | null }
  | { kind: 'analyze'; agent: AgentSpec; position: string; budget: Budget | null }
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
  | { kind: 'runWatchEnd'; runId: string };

export type Kind = Command['kind'];
export type CommandOf<K extends Kind> = Extract<Command, { kind: K }>;

/** A request as posted: a command with its id. */
export type Request = Command & { id: number };

// ---- Replies --------------------------------------------------------------

/** A learner's values of the legal moves before one of its moves. */
export interface WatchedDecision {
  /** The index of the learner's move in the game's moves. */
  ply: number;
  /** Each legal move and its value. */
  values: Array<[string, number]>;
}

/** One training game of a run, as it was played (`Run.stepWatched`). */
export interface WatchedGame {
  /** The game's number in the run (the first is 1). */
  game: number;
  moves: string[];
  /** The side the learner played (0 or 1). */
  learner: 0 | 1;
  /** The learner played both sides. */
  selfPlay: boolean;
  decisions: WatchedDecision[];
  /** What the values are, in words. */
  units: string;
  /** The values' fixed [min, max], or null. */
  scale: [number, number] | null;
  /** The states of the game: before the first move, then after each. */
  states: GameState[];
  games: number;
  total: number;
  done: boolean;
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

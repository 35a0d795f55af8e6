// The messages between the page and its workers: one union for requests,
// one for replies. Every request carries an id; the reply to it carries the
// same id. Messages a worker sends on its own (progress of a training run,
// "ready") have `id: null`.
//
// The page never runs rules: it sends a request and draws the state that
// comes back. Training messages share the same envelope so that a training
// worker is driven exactly like the engine worker.

/** The games of the playground, by the engine's names. */
export type GameId = 'othello' | 'connect4' | 'hare_hounds' | 'connect6';

/** One legal move: the text `play` takes and the cell it places on. */
export interface LegalMove {
  text: string;
  cell: number | null;
}

/** One move of the game record. `side` is 0 for the first mover. */
export interface MoveEntry {
  text: string;
  side: 0 | 1;
  cell: number | null;
}

export interface OutcomeView {
  /** 0 or 1; null for a draw. */
  winner: 0 | 1 | null;
  text: string;
}

/** The engine's state of a game, as `Session.state()` returns it. */
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
  /** Cells the last move changed (placed or flipped). */
  changed: number[];
  counts: [number, number] | null;
  /** A sentence about a pass that just happened or must happen now. */
  notice: string | null;
  outcome: OutcomeView | null;
  /** The whole record, including undone moves after `cursor`. */
  history: MoveEntry[];
  cursor: number;
  position: string;
  players: string[];
  /** Hare and Hounds: the perfect moves and a loaded model's Q-values. */
  hints?: HintsView;
}

/** One legal move with its advice (Hare and Hounds). */
export interface HintMove {
  text: string;
  /** The loaded model's Q-value, when it plays the side to move. */
  q: number | null;
  /** Among the loaded model's greedy choices. */
  greedy: boolean;
  /** A best move of the exact solution. */
  perfect: boolean;
  /** Keeps the position's value (a win stays a win). */
  keepsValue: boolean;
  /** "hounds win in 21 plies" after the move, with perfect play. */
  valueAfter: string;
}

export interface HintsView {
  value: string;
  moves: HintMove[];
  /** The loaded model's name and side. */
  model: string | null;
}

// ---- Requests -------------------------------------------------------------

/** Requests to the engine worker, which holds one `Session`. */
export type EngineCommand =
  /** `learned`: a model file to load as the "learned" player of the new game. */
  | { kind: 'new'; game: GameId; learned?: Uint8Array }
  | { kind: 'state' }
  | { kind: 'play'; move: string }
  | { kind: 'ai'; player: string; seed: number }
  | { kind: 'undo' }
  | { kind: 'redo' }
  | { kind: 'loadPosition'; text: string }
  | { kind: 'loadTranscript'; text: string }
  /** Loads a model file as the "learned" player (and for the hints). */
  | { kind: 'setLearned'; bytes: Uint8Array }
  /** Replays a record in a fresh session, without touching the current game. */
  | { kind: 'replay'; game: GameId; moves: string[] }
  /** Registers a Q-network (a model file) as the player `name` ("net:…"). */
  | { kind: 'setNet'; name: string; bytes: Uint8Array }
  /** Q(s, a) of the player `name` in the current position; answered with 'value'. */
  | { kind: 'qValues'; name: string }
  /** A model file's header (answered with 'value', or an error saying what is wrong). */
  | { kind: 'inspect'; bytes: Uint8Array }
  /** The model file with a new name inside (answered with 'value'). */
  | { kind: 'renameModel'; bytes: Uint8Array; name: string }
  /** The study's presets of the Q-network learner (answered with 'value'). */
  | { kind: 'presets' };

/** Settings of a Q-network training run, as the Rust `TrainerConfig` reads them. */
export interface TrainSettings {
  encoding: 'ql1' | 'ql2';
  hidden: number;
  activation: 'sigmoid' | 'arctan';
  opponent: 'self' | 'msb';
  games: number;
  c: number;
  seed: number;
  eval_every: number;
  eval_games: number;
}

/** One opponent's results at a curve point (the agent's records). */
export interface OpponentResult {
  opponent: string;
  black: { wins: number; draws: number; losses: number };
  white: { wins: number; draws: number; losses: number };
}

/** A learning-curve point: results after `games` training games. */
export interface EvalPoint {
  games: number;
  results: OpponentResult[];
}

/** Requests to a training worker, which holds one run. */
export type TrainCommand =
  /** Starts a run: new from settings, or from a checkpoint or model file
   *  (`bytes`); `totalGames` sets a new planned total. */
  | { kind: 'trainStart'; runId: string; settings?: TrainSettings; bytes?: Uint8Array; totalGames?: number; checkpointMs?: number }
  | { kind: 'trainPause'; runId: string }
  | { kind: 'trainResume'; runId: string }
  | { kind: 'trainStop'; runId: string }
  /** The current weights as a model file (answered with 'trainBytes'). */
  | { kind: 'trainExport'; runId: string };

export type Command = EngineCommand | TrainCommand;

/** A request as posted: a command with its id. */
export type Request = Command & { id: number };

// ---- Replies --------------------------------------------------------------

/** Sent after each chunk of games. */
export interface TrainProgress {
  runId: string;
  gamesPlayed: number;
  gamesTotal: number;
  /** Training games per second over the last chunks. */
  gamesPerSecond: number;
  /** Curve points taken in this chunk. */
  snapshots: EvalPoint[];
}

/** A run's saved state, posted at least every 30 s, on pause and on stop. */
export interface TrainCheckpoint {
  runId: string;
  bytes: Uint8Array;
  gamesPlayed: number;
  gamesTotal: number;
  curve: EvalPoint[];
  settings: TrainSettings;
}

export type Reply =
  /** The module is loaded and the worker takes requests. */
  | { id: null; kind: 'ready' }
  /** The answer to any engine command. `move` is set after `ai`. */
  | { id: number; kind: 'state'; state: GameState; move?: string; elapsedMs: number }
  /** A request that failed; the message is for people. `fatal`: the worker
   *  cannot go on and must be replaced. */
  | { id: number | null; kind: 'error'; message: string; fatal?: boolean }
  /** The answer to a training command (started, paused, ...). */
  | { id: number; kind: 'trainAck'; runId: string; status: TrainStatus }
  /** Unsolicited: a training run's progress. */
  | { id: null; kind: 'trainProgress'; progress: TrainProgress }
  /** Unsolicited: a run ended (finished or stopped). */
  | { id: null; kind: 'trainDone'; runId: string; status: TrainStatus }
  /** Unsolicited: a run's checkpoint to store. */
  | { id: null; kind: 'trainCheckpoint'; checkpoint: TrainCheckpoint }
  /** The answer to trainStart: the run's settings and curve so far. */
  | { id: number; kind: 'trainStarted'; runId: string; settings: TrainSettings; curve: EvalPoint[]; gamesPlayed: number; gamesTotal: number }
  /** A model file (answer to trainExport). */
  | { id: number; kind: 'trainBytes'; runId: string; bytes: Uint8Array; gamesPlayed: number }
  /** A plain value (answers to inspect, renameModel, presets, qValues). */
  | { id: number; kind: 'value'; value: unknown };

export type TrainStatus = 'running' | 'paused' | 'stopped' | 'finished';

/** Replies that answer a request (those with a number id). */
export type Answer = Extract<Reply, { id: number }>;

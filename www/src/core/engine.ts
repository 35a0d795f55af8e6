// The engine worker as the page sees it: the game list, the games on the
// page's boards, model files and presets. One engine worker serves the page;
// if it dies it is restarted, the visitor is told, and the views replay their
// game into the new one.

import { showNotice } from './notices';
import type { CommandOf, GameInfo, GameState, ModelInfo, RunConfig } from './protocol';
import { WorkerClient } from './worker-client';

type BoardCommand<K extends 'new' | 'state' | 'play' | 'undo' | 'redo' | 'jump' | 'loadRecord'> = K extends unknown ? Omit<CommandOf<K>, 'board'> : never;
type SessionCommand = BoardCommand<'new' | 'state' | 'play' | 'undo' | 'redo' | 'jump' | 'loadRecord'>;

/**
 * The game on one of the page's boards, kept in the engine worker. Each
 * board has its own: a command of a board that was closed, or of a view
 * that was still starting when the visitor opened another game, fails or
 * changes only its own game, never the one on screen.
 */
export class EngineBoard {
  private closed = false;

  constructor(
    private readonly client: WorkerClient,
    private readonly board: number,
  ) {}

  /** A command on this board's game; resolves with the new state. */
  session(cmd: SessionCommand): Promise<GameState> {
    if (this.closed) return Promise.reject(new Error('this board is closed'));
    return this.client.request<SessionCommand['kind']>({ ...cmd, board: this.board });
  }

  /**
   * The state a legal move of the position on this board would give,
   * without playing it: the game stays as it is.
   */
  preview(move: string): Promise<GameState> {
    return this.client.request({ kind: 'preview', move, board: this.board });
  }

  /** The board's whole record in the game's notation ("f5d6c3"). */
  record(): Promise<string> {
    return this.client.request({ kind: 'record', board: this.board });
  }

  /** Frees the board's game in the worker; later commands fail. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    // A worker being restarted has lost the game already.
    this.client.request({ kind: 'close', board: this.board }).catch(() => {});
  }
}

export class Engine {
  private client: WorkerClient;
  private restartListeners = new Set<() => void>();
  private loadingListeners = new Set<(loaded: number | null) => void>();
  private list: Promise<GameInfo[]> | null = null;
  private boards = 0;
  /** Bytes of the module downloaded so far; null once the engine is ready. */
  private loadedBytes: number | null = 0;

  /**
   * The engine worker starts at its first request, or at `start()`.
   * @param silenceMs how long the engine may stay silent while asked before it is restarted
   */
  constructor(silenceMs?: number) {
    this.client = new WorkerClient(
      () => new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'engine' }),
      'the engine',
      {
        onNews: (news) => {
          if (news.kind === 'error') showNotice(news.message);
          if (news.kind === 'loading') this.setLoading(news.loaded);
          if (news.kind === 'ready') this.setLoading(null);
        },
        onRestart: (reason) => {
          showNotice(`The engine stopped (${reason}). It has been restarted; the game is being restored.`);
          for (const f of this.restartListeners) f();
        },
      },
      { silenceMs, lazy: true },
    );
  }

  /** Starts the engine worker (its module's download) if no request has. */
  start(): void {
    this.client.ensureStarted();
  }

  private setLoading(loaded: number | null): void {
    if (this.loadedBytes === null) return;
    this.loadedBytes = loaded;
    for (const f of this.loadingListeners) f(loaded);
  }

  /** Whether the engine has loaded its module. */
  get loaded(): boolean {
    return this.loadedBytes === null;
  }

  /**
   * Calls `f` with the bytes of the engine's module downloaded so far as
   * they arrive, then with null once the engine is ready (at once if it
   * is); returns its remover.
   */
  onLoading(f: (loaded: number | null) => void): () => void {
    this.loadingListeners.add(f);
    f(this.loadedBytes);
    return () => this.loadingListeners.delete(f);
  }

  /** Every game of the playground, from the engine; asked once. */
  games(): Promise<GameInfo[]> {
    this.list ??= this.client.request({ kind: 'games' }).catch((e: unknown) => {
      this.list = null;
      throw e;
    });
    return this.list;
  }

  /** A new board: a game of its own in the engine (started by its first `new` or `loadRecord`). */
  open(): EngineBoard {
    return new EngineBoard(this.client, ++this.boards);
  }

  /**
   * Reads a model file; rejects with the engine's message for a bad file, or
   * for one whose learner cannot be rebuilt from it (so nothing that cannot
   * be used is ever stored).
   */
  inspect(bytes: Uint8Array): Promise<ModelInfo> {
    return this.client.request({ kind: 'inspect', bytes });
  }

  /** The model file with a new name inside. */
  rename(bytes: Uint8Array, name: string): Promise<Uint8Array> {
    return this.client.request({ kind: 'rename', bytes, name });
  }

  /** The model file keeping `charts` (a run's curves as drawn), so that an import shows them. */
  withCharts(bytes: Uint8Array, charts: unknown): Promise<Uint8Array> {
    return this.client.request({ kind: 'withCharts', bytes, charts });
  }

  /** A model file that keeps the settings of a game's player. */
  settingsModel(game: string, player: string, settings: Record<string, unknown>, name: string): Promise<Uint8Array> {
    return this.client.request({ kind: 'settingsModel', game, player, settings, name });
  }

  /** The run configurations of one of a game's presets. */
  presetRuns(game: string, runKind: string, preset: string, seed: number): Promise<RunConfig[]> {
    return this.client.request({ kind: 'presetRuns', game, runKind, preset, seed: BigInt(seed) });
  }

  /** Registers a function to call after a restart; returns its remover. */
  onRestart(f: () => void): () => void {
    this.restartListeners.add(f);
    return () => this.restartListeners.delete(f);
  }
}

// The model library and training checkpoints, kept in IndexedDB.
//
// Three object stores:
//   modelMeta    one small record per model (name, game, algorithm, games
//                trained, latest win rates, size, dates): listing reads only
//                this store, so it stays cheap however large the models are;
//   modelData    the model files themselves (the bytes that export writes),
//                under the same id;
//   checkpoints  the state of running trainings (a model file of the learner
//                with its optimiser and RNG state, plus the curve so far), one
//                per run, so that a reload or a crashed worker can resume;
//   ladders      each game's rating ladder: its players and table of games.
//
// Every write that touches two stores runs in one transaction: a write that
// fails (the quota is full, the browser refuses) leaves nothing half-written.
// The schema is versioned: `MIGRATIONS[v]` takes a database of version v to
// v + 1, so a library filled by any earlier version opens with its models.
// A tab that holds an older version open closes its connection when a newer
// page asks to upgrade (and says so), so no tab blocks an upgrade for ever.
//
// When IndexedDB cannot be opened at all (some private modes, a disabled
// store), the library keeps models in memory for this tab only and says so;
// export still works from there.

import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';

import { downloadBlob } from './dom';
import type { GameId } from './protocol';
import { unrepeatedFileName } from './text';

/** What the list shows of a model, without its payload. */
export interface ModelMeta {
  id: string;
  name: string;
  game: GameId;
  algorithm: string;
  /** A short description of the configuration, e.g. "QL1 · 64 hidden · arctan". */
  summary: string;
  /** The model in words ("Q-network, 64 inputs, mover’s view, 40 hidden units, sigmoid"); absent in records of older versions. */
  description?: string;
  /** The only side it plays (0 or 1), null for both; absent in records of older versions. */
  side?: 0 | 1 | null;
  /** The kind of run that continues it, null for none; absent in records of older versions. */
  continuesAs?: string | null;
  /** Whether its weights can be shown (the Weights view); absent in records of older versions. */
  weights?: boolean;
  /** The player whose settings it holds (they can be loaded into its form), null for none; absent in records of older versions. */
  settingsFor?: string | null;
  gamesTrained: number;
  /** Seconds of training on the machine that trained it; absent or 0 when not known (records and files of older versions). */
  trainSeconds?: number;
  /** Latest evaluation: win percentages by label, e.g. {"vs MSB as black": 62.5}. */
  winRates: Record<string, number>;
  /** The file name export uses. */
  fileName: string;
  /** Bytes of the model file. */
  size: number;
  /** When it was trained (the file's date), and last changed here. */
  created: number;
  modified: number;
  /** When it was imported from a file, for an imported model. */
  imported?: number;
  /** The learning curves of the run that made it, as its Train tab drew them; absent for models without a run here. */
  curve?: SavedCurve;
}

/** Whether a stored value is a `SavedCurve` (a checkpoint's, or a model record's). */
export function isSavedCurve(v: unknown): v is SavedCurve {
  const c = v as Partial<SavedCurve> | null;
  return typeof c === 'object' && c !== null && Array.isArray(c.charts) && Array.isArray(c.lines);
}

/** A run's learning curves kept with its model: its kind's charts and their lines. */
export interface SavedCurve {
  charts: { id: string; title: string; xLabel: string; yLabel: string; yRange: [number, number] | null }[];
  /** One line each: its chart, label, colour and points ([x, y, games measured on]). */
  lines: { chart: string; label: string; color: string; dashed: boolean; about?: string; points: [number, number, number?][] }[];
}

/** A running training's saved state. */
export interface Checkpoint {
  runId: string;
  game: GameId;
  /** The kind of run ("qnet", "q_table"). */
  algorithm: string;
  /** What the Train tab shows of the run (opaque here). */
  settings: unknown;
  /** The run's full state as a model file (learner, optimiser, random
   *  generator, curve): `Run.resume` goes on from it exactly. */
  bytes: Uint8Array;
  gamesPlayed: number;
  gamesTotal: number;
  /** The run's curves as drawn (`SavedCurve`), to show them without resuming the run;
   *  null in records of older versions (the curve is in `bytes` too). */
  curve: unknown;
  savedAt: number;
}

/** A player of a rating ladder: its name in the table, and how it plays. */
export interface LadderPlayer {
  /** Its name in the table of games (unique in the ladder). */
  name: string;
  /** The game's player ("msb", "search"), or "model" for a model. */
  player: string;
  settings: Record<string, unknown> | null;
  /** The library's id of its model, or "ready:<id>" for a ready-made one; null for a game's player. */
  model: string | null;
  /** Its library model's training games and size when it joined (`games:bytes`): a model saved again since, with other contents, is another player (a rename keeps it). */
  version?: string;
  /** The only side it plays (a model of one side, or one side of a game whose sides differ); absent or null for both. */
  side?: 0 | 1 | null;
}

/** A game's rating ladder (one per game). */
export interface Ladder {
  game: GameId;
  players: LadderPlayer[];
  /** Openings each pair plays, each with both colours. */
  openings: number;
  /** Seeds every game (with the game's key). */
  seed: number;
  /** The games played, in the CLI's table form (`selfplay <game> ladder --results`). */
  table: string;
  savedAt: number;
}

interface Schema extends DBSchema {
  modelMeta: { key: string; value: ModelMeta; indexes: { byGame: string } };
  modelData: { key: string; value: { id: string; bytes: Uint8Array } };
  checkpoints: { key: string; value: Checkpoint; indexes: { byGame: string } };
  ladders: { key: string; value: Ladder };
}

const DB_NAME = 'selfplay';

type Migration = (db: IDBPDatabase<Schema>, tx: IDBPTransaction<Schema, ('modelMeta' | 'modelData' | 'checkpoints' | 'ladders')[], 'versionchange'>) => void;

/** `MIGRATIONS[v]` upgrades a database of version v to v + 1. Never edit one
 *  that has shipped: add the next. */
const MIGRATIONS: Migration[] = [
  // 0 → 1: the model library and the checkpoints.
  (db) => {
    const meta = db.createObjectStore('modelMeta', { keyPath: 'id' });
    meta.createIndex('byGame', 'game');
    db.createObjectStore('modelData', { keyPath: 'id' });
    db.createObjectStore('checkpoints', { keyPath: 'runId' });
  },
  // 1 → 2: checkpoints listed by game, as models are.
  (_db, tx) => {
    tx.objectStore('checkpoints').createIndex('byGame', 'game');
  },
  // 2 → 3: the rating ladders, one per game.
  (db) => {
    db.createObjectStore('ladders', { keyPath: 'game' });
  },
];

/** The schema version this page writes. */
export const DB_VERSION = MIGRATIONS.length;

/** What the library tells the page about other tabs. */
export interface LibraryEvents {
  /** Another tab with an older page keeps the library open; the upgrade waits for it. */
  blocked?(message: string): void;
  /** A newer page in another tab upgrades the library; this tab let go of it. */
  closed?(message: string): void;
}

/** Why a storage operation failed, in words for the visitor. */
export class StorageError extends Error {
  constructor(
    readonly kind: 'full' | 'unavailable' | 'missing' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

/** Turns whatever IndexedDB threw into a StorageError with a clear message. */
export function storageError(e: unknown, doing: string): StorageError {
  if (e instanceof StorageError) return e;
  const name = e instanceof DOMException ? e.name : e instanceof Error ? e.name : '';
  const detail = e instanceof Error ? e.message : String(e);
  if (name === 'QuotaExceededError' || /quota/i.test(detail)) {
    return new StorageError(
      'full',
      `The browser's storage for this page is full, so ${doing} did not happen. ` +
        'Nothing stored was changed. Delete or export models you no longer need, then try again.',
    );
  }
  if (name === 'InvalidStateError' || name === 'SecurityError' || name === 'UnknownError') {
    return new StorageError(
      'unavailable',
      `The browser refused to store data (${name}), so ${doing} did not happen. Export still works.`,
    );
  }
  return new StorageError('failed', `${doing} failed: ${detail}`);
}

/** The storage behind the library: IndexedDB, or memory for this tab. */
interface Backend {
  listMeta(game?: GameId): Promise<ModelMeta[]>;
  getMeta(id: string): Promise<ModelMeta | undefined>;
  getBytes(id: string): Promise<Uint8Array | undefined>;
  putModel(meta: ModelMeta, bytes: Uint8Array | null): Promise<void>;
  /** Renames in one step; false if the model is not there. */
  renameModel(id: string, name: string, modified: number): Promise<boolean>;
  deleteModel(id: string): Promise<void>;
  putCheckpoint(cp: Checkpoint): Promise<void>;
  listCheckpoints(game?: GameId): Promise<Checkpoint[]>;
  deleteCheckpoint(runId: string): Promise<void>;
  getLadder(game: GameId): Promise<Ladder | undefined>;
  putLadder(ladder: Ladder): Promise<void>;
}

class IdbBackend implements Backend {
  /** Why the connection was closed (a newer page upgraded), or null. */
  closedReason: string | null = null;

  constructor(private readonly conn: IDBPDatabase<Schema>) {}

  private get db(): IDBPDatabase<Schema> {
    if (this.closedReason) throw new StorageError('unavailable', this.closedReason);
    return this.conn;
  }

  close(reason: string): void {
    this.closedReason = reason;
    this.conn.close();
  }

  async listMeta(game?: GameId): Promise<ModelMeta[]> {
    return game
      ? this.db.getAllFromIndex('modelMeta', 'byGame', game)
      : this.db.getAll('modelMeta');
  }

  getMeta(id: string): Promise<ModelMeta | undefined> {
    return this.db.get('modelMeta', id);
  }

  async getBytes(id: string): Promise<Uint8Array | undefined> {
    return (await this.db.get('modelData', id))?.bytes;
  }

  async putModel(meta: ModelMeta, bytes: Uint8Array | null): Promise<void> {
    const tx = this.db.transaction(['modelMeta', 'modelData'], 'readwrite');
    const writes: Promise<unknown>[] = [tx.objectStore('modelMeta').put(meta)];
    if (bytes) writes.push(tx.objectStore('modelData').put({ id: meta.id, bytes }));
    await Promise.all([...writes, tx.done]);
  }

  async renameModel(id: string, name: string, modified: number): Promise<boolean> {
    const tx = this.db.transaction('modelMeta', 'readwrite');
    const store = tx.objectStore('modelMeta');
    const m = await store.get(id);
    if (m) await store.put({ ...m, name, modified });
    await tx.done;
    return m !== undefined;
  }

  async deleteModel(id: string): Promise<void> {
    const tx = this.db.transaction(['modelMeta', 'modelData'], 'readwrite');
    await Promise.all([
      tx.objectStore('modelMeta').delete(id),
      tx.objectStore('modelData').delete(id),
      tx.done,
    ]);
  }

  async putCheckpoint(cp: Checkpoint): Promise<void> {
    await this.db.put('checkpoints', cp);
  }

  listCheckpoints(game?: GameId): Promise<Checkpoint[]> {
    return game ? this.db.getAllFromIndex('checkpoints', 'byGame', game) : this.db.getAll('checkpoints');
  }

  async deleteCheckpoint(runId: string): Promise<void> {
    await this.db.delete('checkpoints', runId);
  }

  getLadder(game: GameId): Promise<Ladder | undefined> {
    return this.db.get('ladders', game);
  }

  async putLadder(ladder: Ladder): Promise<void> {
    await this.db.put('ladders', ladder);
  }
}

/** Keeps everything in memory: the fallback when IndexedDB is unavailable. */
class MemoryBackend implements Backend {
  private meta = new Map<string, ModelMeta>();
  private data = new Map<string, Uint8Array>();
  private cps = new Map<string, Checkpoint>();
  private ladders = new Map<GameId, Ladder>();

  async listMeta(game?: GameId): Promise<ModelMeta[]> {
    return [...this.meta.values()].filter((m) => !game || m.game === game);
  }
  async getMeta(id: string): Promise<ModelMeta | undefined> {
    return this.meta.get(id);
  }
  async getBytes(id: string): Promise<Uint8Array | undefined> {
    return this.data.get(id);
  }
  async putModel(meta: ModelMeta, bytes: Uint8Array | null): Promise<void> {
    this.meta.set(meta.id, { ...meta });
    if (bytes) this.data.set(meta.id, bytes);
  }
  async renameModel(id: string, name: string, modified: number): Promise<boolean> {
    const m = this.meta.get(id);
    if (m) this.meta.set(id, { ...m, name, modified });
    return m !== undefined;
  }
  async deleteModel(id: string): Promise<void> {
    this.meta.delete(id);
    this.data.delete(id);
  }
  async putCheckpoint(cp: Checkpoint): Promise<void> {
    this.cps.set(cp.runId, cp);
  }
  async listCheckpoints(game?: GameId): Promise<Checkpoint[]> {
    return [...this.cps.values()].filter((c) => !game || c.game === game);
  }
  async deleteCheckpoint(runId: string): Promise<void> {
    this.cps.delete(runId);
  }
  async getLadder(game: GameId): Promise<Ladder | undefined> {
    return structuredClone(this.ladders.get(game));
  }
  async putLadder(ladder: Ladder): Promise<void> {
    this.ladders.set(ladder.game, structuredClone(ladder));
  }
}

/** A new id for a model. */
export function newId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `m-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The model library of the page. */
export class ModelLibrary {
  private listeners = new Set<() => void>();

  private constructor(
    private readonly backend: Backend,
    /** Null when models persist; else why they only live in this tab. */
    readonly volatileReason: string | null,
  ) {}

  /** Opens the library; falls back to memory (and says why) if IndexedDB fails. */
  static async open(name = DB_NAME, events: LibraryEvents = {}): Promise<ModelLibrary> {
    try {
      if (typeof indexedDB === 'undefined') throw new Error('this browser has no IndexedDB');
      let backend: IdbBackend | null = null;
      const db = await openDB<Schema>(name, DB_VERSION, {
        upgrade(db, oldVersion, _newVersion, tx) {
          for (let v = oldVersion; v < DB_VERSION; v++) MIGRATIONS[v](db, tx);
        },
        blocked() {
          events.blocked?.(
            'Another tab with an older version of this page keeps the model library open. ' +
              'Reload or close that tab so that the library can be updated.',
          );
        },
        blocking() {
          const message =
            'A newer version of this page was opened in another tab and updated the model library. ' +
            'Reload this tab to keep using the library; export still works.';
          backend?.close(message);
          events.closed?.(message);
        },
      });
      backend = new IdbBackend(db);
      return new ModelLibrary(backend, null);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      return new ModelLibrary(
        new MemoryBackend(),
        `The browser does not let this page store data (${why}). ` +
          'Models are kept only until this tab closes; export the ones you want to keep.',
      );
    }
  }

  /** Calls `f` after every change to the list. Returns an unsubscribe. */
  onChange(f: () => void): () => void {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  }

  private changed(): void {
    for (const f of this.listeners) f();
  }

  /** The models of a game, newest first. */
  async list(game?: GameId): Promise<ModelMeta[]> {
    try {
      const all = await this.backend.listMeta(game);
      return all.sort((a, b) => b.modified - a.modified);
    } catch (e) {
      throw storageError(e, 'listing the models');
    }
  }

  async meta(id: string): Promise<ModelMeta> {
    const m = await this.backend.getMeta(id).catch((e) => {
      throw storageError(e, 'reading the model');
    });
    if (!m) throw new StorageError('missing', 'That model is no longer in the library.');
    return m;
  }

  /** The model file of a model. */
  async bytes(id: string): Promise<Uint8Array> {
    const b = await this.backend.getBytes(id).catch((e) => {
      throw storageError(e, 'reading the model');
    });
    if (!b) throw new StorageError('missing', 'That model is no longer in the library.');
    return b;
  }

  /** Stores a new model (or replaces one with the same id), atomically. */
  async save(meta: ModelMeta, bytes: Uint8Array): Promise<void> {
    try {
      await this.backend.putModel({ ...meta, size: bytes.byteLength }, bytes);
    } catch (e) {
      throw storageError(e, `saving "${meta.name}"`);
    }
    this.changed();
  }

  async rename(id: string, name: string): Promise<void> {
    const clean = name.trim();
    if (!clean) throw new StorageError('failed', 'A model needs a name.');
    let found: boolean;
    try {
      found = await this.backend.renameModel(id, clean, Date.now());
    } catch (e) {
      throw storageError(e, 'renaming the model');
    }
    if (!found) throw new StorageError('missing', 'That model is no longer in the library.');
    this.changed();
  }

  /** Deletes a model; returns what is needed to undo it. */
  async remove(id: string): Promise<{ meta: ModelMeta; bytes: Uint8Array }> {
    const meta = await this.meta(id);
    const bytes = await this.bytes(id);
    try {
      await this.backend.deleteModel(id);
    } catch (e) {
      throw storageError(e, `deleting "${meta.name}"`);
    }
    this.changed();
    return { meta, bytes };
  }

  /** A copy of a model under a new id and name. */
  async duplicate(id: string): Promise<ModelMeta> {
    const meta = await this.meta(id);
    const bytes = await this.bytes(id);
    const now = Date.now();
    const copy: ModelMeta = { ...meta, id: newId(), name: `${meta.name} (copy)`, created: now, modified: now };
    await this.save(copy, bytes);
    return copy;
  }

  async saveCheckpoint(cp: Checkpoint): Promise<void> {
    try {
      await this.backend.putCheckpoint(cp);
    } catch (e) {
      throw storageError(e, 'saving the training checkpoint');
    }
  }

  /** The stored checkpoints, of one game or of all. */
  async checkpoints(game?: GameId): Promise<Checkpoint[]> {
    try {
      return await this.backend.listCheckpoints(game);
    } catch (e) {
      throw storageError(e, 'reading the training checkpoints');
    }
  }

  async deleteCheckpoint(runId: string): Promise<void> {
    try {
      await this.backend.deleteCheckpoint(runId);
    } catch (e) {
      throw storageError(e, 'removing the training checkpoint');
    }
  }

  /** The game's rating ladder, if one was kept. */
  async ladder(game: GameId): Promise<Ladder | null> {
    try {
      return (await this.backend.getLadder(game)) ?? null;
    } catch (e) {
      throw storageError(e, 'reading the rating ladder');
    }
  }

  async saveLadder(ladder: Ladder): Promise<void> {
    try {
      await this.backend.putLadder(ladder);
    } catch (e) {
      throw storageError(e, 'saving the rating ladder');
    }
  }
}

/** Starts a download of `bytes` as a file called `fileName` (a games count the name says already is not said twice). */
export function downloadFile(bytes: Uint8Array, fileName: string): void {
  downloadBlob(new Blob([bytes as BlobPart], { type: 'application/octet-stream' }), unrepeatedFileName(fileName));
}

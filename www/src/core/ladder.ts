// The rating ladder's workers: a few workers of their own (each loads the
// learners' module, which holds the ladder), to which the page hands games
// one at a time, as many at once as there are workers. Model files are
// sent to a worker once, with the first game that needs them (again to a
// worker started after a crash).

import { workerName } from './modules';
import { poolSize } from './pool';
import type { AgentSpec, GameId, LadderEntrant, LadderGame, LadderRating, SidedPlayer } from './protocol';
import { Cancelled, WorkerClient } from './worker-client';

/** A ladder player as the workers need it: its name, and its model file's key and bytes if it is a model. */
export interface Entrant {
  name: string;
  player: string;
  settings: Record<string, unknown> | null;
  model: { key: string; bytes: Uint8Array } | null;
}

class Slot {
  readonly client: WorkerClient;
  private sent = new Set<string>();
  private sentTo = 0;
  /** A game is being played here. */
  busy = false;

  constructor(index: number, onRestart: (reason: string) => void) {
    this.client = new WorkerClient(
      () => new Worker(new URL('./ladder.worker.ts', import.meta.url), { type: 'module', name: workerName(`ladder-${index}`, true) }),
      'a ladder worker',
      { onRestart },
      { lazy: true, learners: true },
    );
  }

  /** Forgets which model files this worker has (a request failed: they are sent again). */
  forget(): void {
    this.sent.clear();
  }

  /** The entrant for a request, its model bytes only if this worker lacks them. */
  entrant(game: GameId, e: Entrant): LadderEntrant {
    const generation = this.client.ensureStarted();
    if (this.sentTo !== generation) {
      this.sent.clear();
      this.sentTo = generation;
    }
    const agent: AgentSpec = { game, player: e.player, settings: e.settings, model: null };
    if (e.model) {
      const first = !this.sent.has(e.model.key);
      if (first) this.sent.add(e.model.key);
      agent.model = first ? e.model : { key: e.model.key };
    }
    return { name: e.name, agent };
  }
}

export class LadderWorkers {
  private readonly slots: Slot[];
  private terminated = false;

  /** `onRestart`: a worker died (its game fails with `WorkerDied`) and a fresh one took its place. */
  constructor(onRestart: (reason: string) => void, size = Math.max(1, poolSize() - 1)) {
    this.slots = Array.from({ length: Math.min(size, 4) }, (_, i) => new Slot(i, onRestart));
  }

  /** How many games can be played at once. */
  get size(): number {
    return this.slots.length;
  }

  /** An idle worker if there is one, else the first. */
  private idle(): Slot {
    if (this.terminated) throw new Cancelled();
    return this.slots.find((s) => !s.busy) ?? this.slots[0];
  }

  /** The games of `players` (each on the sides it plays) over `openings` openings that `table` lacks, in a fixed order. */
  async todo(game: GameId, table: string, players: SidedPlayer[], openings: number): Promise<LadderGame[]> {
    return this.idle().client.request({ kind: 'ladderTodo', game, table, players, openings });
  }

  /** The ratings of `table`, `anchor` at 0; the first move's advantage fitted unless `perSide`. */
  async ratings(table: string, anchor: string, perSide: boolean): Promise<LadderRating[]> {
    return this.idle().client.request({ kind: 'ladderRatings', table, anchor, perSide });
  }

  /** Plays `g` on worker `slot` (0 ≤ slot < size): the first player's score. */
  async play(slot: number, game: GameId, g: LadderGame, first: Entrant, second: Entrant, seed: number): Promise<number> {
    if (this.terminated) throw new Cancelled();
    const s = this.slots[slot];
    s.busy = true;
    try {
      return await s.client.request({
        kind: 'ladderGame',
        game,
        opening: g.opening,
        first: s.entrant(game, first),
        second: s.entrant(game, second),
        seed: BigInt(seed),
      });
    } catch (e) {
      // What the worker was sent may not have been kept: send it again next time.
      s.forget();
      throw e;
    } finally {
      s.busy = false;
    }
  }

  /** Ends the games being played (they fail with `Cancelled`): their workers are replaced by fresh ones. */
  cancel(): void {
    for (const s of this.slots) if (s.client.busy) s.client.cancel();
  }

  /** Ends every worker; later requests fail with `Cancelled`. */
  terminate(): void {
    this.terminated = true;
    for (const s of this.slots) s.client.terminate();
  }
}

/** A game's key, as the table knows it: opening, first and second player. */
export function gameKey(g: LadderGame): string {
  return `${g.opening}\t${g.first}\t${g.second}`;
}

/** The keys of the games of a table (comment lines left out). */
export function tableKeys(table: string): Set<string> {
  const out = new Set<string>();
  for (const line of table.split('\n')) {
    const f = line.split('\t');
    if (f.length === 4 && !line.startsWith('#')) out.add(`${f[0]}\t${f[1]}\t${f[2]}`);
  }
  return out;
}

/** The table's line of a game (`selfplay <game> ladder`'s form). */
export function tableLine(g: LadderGame, score: number): string {
  return `${g.opening}\t${g.first}\t${g.second}\t${score}\n`;
}

/** The table without the games of `name`. */
export function withoutPlayer(table: string, name: string): string {
  return table
    .split('\n')
    .filter((line) => {
      const f = line.split('\t');
      return f.length !== 4 || (f[1] !== name && f[2] !== name);
    })
    .join('\n');
}

/** A player's name as the table can hold it: no tabs, line breaks or other control characters, not empty. */
export function tableName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
  return clean === '' ? 'player' : clean;
}

/** `name`, or `name (2)`, `name (3)`… : the first that `taken` lacks. */
export function freeName(name: string, taken: (n: string) => boolean): string {
  if (!taken(name)) return name;
  for (let i = 2; ; i++) if (!taken(`${name} (${i})`)) return `${name} (${i})`;
}

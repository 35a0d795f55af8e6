// The ready-made agents shipped with the page (public/ready/, built by
// scripts/ready-models.sh): learners trained by the engine's own runs with
// fixed seeds, each run kept at several stages, and every one measured
// against the game's fixed players. The manifest is read when a game's
// player lists or Models tab first need it; a model's file only when it is
// first played, exported or copied. Both are fetched through the service
// worker, which keeps them for offline use.

/** The controller name of a ready-made model: "ready:<id>". */
export const READY = 'ready:';

/** One side's record against one fixed opponent. */
export interface ReadyRecord {
  opponent: string;
  side: 0 | 1;
  wins: number;
  draws: number;
  losses: number;
}

/** A rating on the game's ladder: Elo, and half the width of its 95% interval. */
export interface ReadyRating {
  elo: number;
  interval: number;
}

/** A player's measured strength: its records and score (points won, %), and its rating in a game with a ladder. */
export interface ReadyStrength {
  score: number;
  records: ReadyRecord[];
  rating?: ReadyRating;
}

export interface ReadyModel {
  id: string;
  file: string;
  name: string;
  /** The learner in two or three words, for a list of players. */
  short: string;
  /** The run it is a stage of. */
  run: string;
  about: string;
  games: number;
  /** Seconds of learning on the machine that built it; absent when not known. */
  seconds?: number;
  command: string;
  seed: number;
  side: 0 | 1 | null;
  /** Whether its weights can be shown (the Weights view); absent when not. */
  weights?: boolean;
  bytes: number;
  strength: ReadyStrength;
}

export interface ReadyMeasure {
  games: number;
  opening: number;
  seed: number;
  opponents: string[];
  command: string;
}

/** How a game's fixed players and ready-made models were rated together on its ladder. */
export interface ReadyLadder {
  openings: number;
  seed: number;
  /** The player rated 0. */
  anchor: string;
  command: string;
}

export interface ReadyGame {
  measure: ReadyMeasure;
  /** Present when the players are rated (a game with a ladder). */
  ladder?: ReadyLadder;
  players: Record<string, ReadyStrength>;
  models: ReadyModel[];
}

interface Manifest {
  format: number;
  command: string;
  games: Record<string, ReadyGame>;
}

const FORMAT = 1;
/** Where the files are: beside the page. */
const base = (): URL => new URL('ready/', document.baseURI);

let manifest: Promise<Manifest | null> | null = null;
const files = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

/** The manifest, read once; null when the page has no ready-made models (or they cannot be read). */
function readManifest(): Promise<Manifest | null> {
  manifest ??= (async () => {
    try {
      const r = await fetch(new URL('manifest.json', base()));
      if (!r.ok) return null;
      const m = (await r.json()) as Manifest;
      return m.format === FORMAT ? m : null;
    } catch {
      return null;
    }
  })();
  return manifest;
}

/** A game's ready-made models and its fixed players' measured strength, or null. */
export async function readyGame(game: string): Promise<ReadyGame | null> {
  return (await readManifest())?.games[game] ?? null;
}

/** The file of a ready-made model, fetched once. */
export function readyBytes(model: ReadyModel): Promise<Uint8Array<ArrayBuffer>> {
  let p = files.get(model.file);
  if (!p) {
    p = (async () => {
      const r = await fetch(new URL(model.file, base()));
      if (!r.ok) throw new Error(`the ready-made model “${model.name}” could not be loaded (${r.status})`);
      return new Uint8Array(await r.arrayBuffer());
    })();
    // A failed fetch is tried again next time.
    p.catch(() => files.delete(model.file));
    files.set(model.file, p);
  }
  return p;
}

/** A strength's score on one side only (the records of that side), or null when it has none there. */
export function sideScore(s: ReadyStrength, side: 0 | 1): number | null {
  const rs = s.records.filter((r) => r.side === side);
  const games = rs.reduce((n, r) => n + r.wins + r.draws + r.losses, 0);
  if (games === 0) return null;
  const points = rs.reduce((n, r) => n + r.wins + r.draws / 2, 0);
  return Math.round((1000 * points) / games) / 10;
}

/** What a rating means, in words, with the anchor's label. */
export function ratingWords(anchor: string): string {
  return `${anchor} is 0; 200 points more wins about 3 games in 4`;
}

/** What a score means, in words: against which players, in how many games. */
export function scoreWords(g: ReadyGame, labels: (id: string) => string): string {
  return `points won against ${g.measure.opponents.map(labels).join(', ')} (a win 1, a draw ½), ${g.measure.games} games against each on each side`;
}

// The ready-made agents shipped with the page (public/ready/, built by
// scripts/ready-models.sh): learners trained by the engine's own runs with
// fixed seeds, each run kept at several stages, and every one measured
// against the game's fixed players. The manifest is read when a game's
// player lists or Models tab first need it; a model's file only when it is
// first played, exported or copied. Both are fetched through the service
// worker, which keeps them for offline use.

/** The controller name of a ready-made model: "ready:<id>". */
export const READY = 'ready:';

/** One player of a game's ladder and its rating there (the manifest's figures, from the shipped table of games). */
export interface LadderSeat {
  /** Its name in the ladder's table of games. */
  name: string;
  /** The game's player ("search"), or "model" for a ready-made model. */
  player: string;
  /** The player's settings (a level), absent for none. */
  settings?: Record<string, unknown>;
  /** The ready-made model it plays (its id), absent for a game's player. */
  model?: string;
  /** The only side it plays, or null for both. */
  side: 0 | 1 | null;
  /** Whole Elo, and half the width of its 95% interval. */
  elo: number;
  interval: number;
  games: number;
  /** Points won (a draw half a point). */
  score: number;
}

/** A game's ladder as shipped: its games' settings, its table of games (a file beside the manifest) and every seat's rating, strongest first. */
export interface ReadyLadder {
  openings: number;
  seed: number;
  /** The seat rated 0. */
  anchor: string;
  /** Every seat plays one side (a game whose sides differ). */
  perSide: boolean;
  /** The first move's advantage in Elo and its interval, where it is fitted. */
  firstMove?: [number, number];
  table: string;
  command: string;
  seats: LadderSeat[];
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
  /**
   * Its move from the start position (`position`, in the game's text form)
   * at its default settings, where it has one best move there: the page
   * plays it while the file is still on its way. `selfplay ready check`
   * asks the file again.
   */
  opening?: { position: string; move: string };
}

export interface ReadyGame {
  /** The game's ladder, with every own player and ready-made model rated on it. */
  ladder?: ReadyLadder;
  models: ReadyModel[];
}

interface Manifest {
  format: number;
  command: string;
  games: Record<string, ReadyGame>;
}

const FORMAT = 2;
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

/** The shipped table of a game's ladder (its file beside the manifest), fetched once. */
const tables = new Map<string, Promise<string>>();
export function readyTable(ladder: ReadyLadder): Promise<string> {
  let p = tables.get(ladder.table);
  if (!p) {
    p = (async () => {
      const r = await fetch(new URL(ladder.table, base()));
      if (!r.ok) throw new Error(`the ladder's games could not be loaded (${r.status})`);
      return r.text();
    })();
    p.catch(() => tables.delete(ladder.table));
    tables.set(ladder.table, p);
  }
  return p;
}

/** Who a seat may be: a game's player at its settings as set now, or a ready-made model. */
export type Who = { player: string; settings: Record<string, unknown> } | { model: string };

/** Whether `seat` plays `side`. */
export function playsSide(seat: LadderSeat, side: 0 | 1): boolean {
  return seat.side === null || seat.side === side;
}

/** The seat of the ladder that is `who` playing `side`, or null (not rated: a player at settings the ladder did not rate). */
export function seatOf(ladder: ReadyLadder, who: Who, side: 0 | 1): LadderSeat | null {
  return (
    ladder.seats.find((s) => {
      if (!playsSide(s, side)) return false;
      if ('model' in who) return s.model === who.model;
      if (s.model !== undefined || s.player !== who.player) return false;
      return Object.entries(s.settings ?? {}).every(([k, v]) => who.settings[k] === v);
    }) ?? null
  );
}

/** The range the strength words divide: from the random player of a side to the strongest seat of that side. */
export function sideRange(ladder: ReadyLadder, side: 0 | 1): { low: LadderSeat | null; high: LadderSeat | null } {
  const seats = ladder.seats.filter((s) => playsSide(s, side));
  const low = seats.find((s) => s.player === 'random' && s.model === undefined) ?? null;
  const high = seats.reduce<LadderSeat | null>((a, s) => (a === null || s.elo > a.elo ? s : a), null);
  return { low, high };
}

/** The words of strength, weakest first: each a quarter of the way up a side's players on its game's ladder. */
export const STRENGTH_WORDS = ['weak', 'fair', 'good', 'strong'] as const;
export type StrengthWord = (typeof STRENGTH_WORDS)[number];

/**
 * Where a rating stands among a side's rated players, from 0 (the side's
 * random player, or below it) to 1 (its strongest player), counted in
 * players: the side's ratings above the random player's are steps of equal
 * height, and a rating between two of them is that far between. So a
 * rating's place does not depend on how far below every other player the
 * random one is rated (a game where it loses every game rates it at a
 * bound, far down), only on the players it is rated above.
 */
export function ladderPlace(elo: number, ladder: ReadyLadder, side: 0 | 1): number {
  const { low, high } = sideRange(ladder, side);
  const seats = ladder.seats.filter((s) => playsSide(s, side));
  const bottom = low?.elo ?? Math.min(...seats.map((s) => s.elo));
  const steps = [bottom, ...[...new Set(seats.map((s) => s.elo))].filter((e) => e > bottom).sort((a, b) => a - b)];
  if (!high || steps.length < 2 || elo <= bottom) return 0;
  if (elo >= steps[steps.length - 1]) return 1;
  const i = steps.findIndex((e, j) => elo >= e && elo < steps[j + 1]);
  return (i + (elo - steps[i]) / (steps[i + 1] - steps[i])) / (steps.length - 1);
}

/**
 * A rating in a word: which quarter of the way from the side's random
 * player ("weak") to its strongest player ("strong") its place is in
 * ([`ladderPlace`], counted in players); a place on a quarter's upper edge
 * is in that quarter, so the random player and all below it are weak.
 */
export function ratingWord(elo: number, ladder: ReadyLadder, side: 0 | 1): StrengthWord {
  const f = ladderPlace(elo, ladder, side);
  return STRENGTH_WORDS[Math.max(0, Math.min(3, Math.ceil(f * 4 - 1e-9) - 1))];
}

/** Whether `seat` is the one rated 0: its rating is fixed, with no interval. */
export function isAnchor(ladder: ReadyLadder, seat: LadderSeat): boolean {
  return seat.name === ladder.anchor;
}

/**
 * A seat's rating in figures, `unit` after the number: "545 ± 37", or for
 * the anchor "0, the scale’s fixed zero"; their spaces are non-breaking, so
 * that a rating line keeps them on one line.
 */
export function ratingFigures(ladder: ReadyLadder, seat: LadderSeat, unit = ''): string {
  return isAnchor(ladder, seat) ? `0${unit},\u00a0the\u00a0scale’s\u00a0fixed\u00a0zero` : `${seat.elo}\u00a0±\u00a0${seat.interval}${unit}`;
}

/** What a rating on the ladder means, in words, with the players at the range's ends named by `label`. */
export function ratingWords(ladder: ReadyLadder, side: 0 | 1, label: (seat: LadderSeat) => string): string {
  const { low, high } = sideRange(ladder, side);
  const anchor = ladder.seats.find((s) => s.name === ladder.anchor);
  const scale = `Elo on this game’s ladder, from games of its players against each other: ${anchor ? label(anchor) : ladder.anchor} is 0, fixed (the scale’s zero, so it has no ± range), and 200 points more wins about 3 games in 4. The ± is the 95% range.`;
  if (!low || !high) return scale;
  return `${scale} The words say where a rating stands among the players rated here, counted in players from ${label(low)} (${low.elo}: weak) up to the strongest, ${label(high)} (${high.elo}: strong): the first quarter of the way up is weak, then fair, good, and the top quarter strong.`;
}

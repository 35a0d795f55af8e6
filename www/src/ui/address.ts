// The page's address: "#/" for the list of games, "#/othello?first=human&
// second=search&seed=7&moves=f5 d6&at=1&tab=train&search.level=10" for a
// game, who plays it, its seed, the moves played, how many of them are on
// the board, the tab shown and the computer players' settings that differ
// from their defaults ("<player>.<field>", the only names with a dot). Reading and writing it here, without the DOM, so that they can be
// tested in Node; the views pass `location.hash` in.

/** The view's path and query of a hash: "#/othello?seed=7" → ["othello", "seed=7"]; "#/" → [""]. */
export function splitHash(hash: string): [path: string, query?: string] {
  const [path, query] = hash.replace(/^#\/?/, '').split('?');
  return query === undefined ? [path] : [path, query];
}

/** The parameters of a hash's query. */
export function hashParams(hash: string): URLSearchParams {
  return new URLSearchParams(hash.split('?')[1] ?? '');
}

/**
 * A number the address sets (tests' `?delay=`, `?benchMs=`, `?checkpointMs=`, `?silenceMs=`, `?hintMs=`)
 * if it is given and within [min, max]; else `fallback`.
 */
export function boundedParam(hash: string, name: string, min: number, max: number, fallback: number): number {
  const param = hashParams(hash).get(name);
  const v = Number(param);
  return param !== null && param !== '' && Number.isFinite(v) && v >= min && v <= max ? v : fallback;
}

/** What a game's address asks for. */
export interface GameAddress {
  /** Who plays each side, when the address names both. */
  controllers?: [string, string];
  /** A whole number from 0. */
  seed?: number;
  /** The game record, move by move. */
  moves?: string[];
  /** How many of the moves are on the board (as given: the engine checks it). */
  at?: number;
  /** The tab shown. */
  tab: string | null;
  /** Computer players' settings, as written: "search.level" → "10". */
  settings: Record<string, string>;
}

/** Whether a parameter is a player's setting ("search.level"). */
const isSetting = (name: string) => name.includes('.');

export function readGameAddress(params: URLSearchParams): GameAddress {
  const settings: Record<string, string> = {};
  for (const [name, value] of params) if (isSetting(name)) settings[name] = value;
  const first = params.get('first');
  const second = params.get('second');
  const seed = Number(params.get('seed'));
  return {
    controllers: first && second ? [first, second] : undefined,
    seed: params.has('seed') && Number.isInteger(seed) && seed >= 0 ? seed : undefined,
    moves: params.get('moves')?.split(' ').filter(Boolean),
    at: params.has('at') ? Number(params.get('at')) : undefined,
    tab: params.get('tab'),
    settings,
  };
}

/** The game on the board, as the address keeps it. */
export interface GameRecord {
  controllers: readonly [string, string];
  seed: number;
  /** Every move played, in the game's notation. */
  moves: string[];
  /** How many of them are on the board (fewer after an undo). */
  cursor: number;
  /** The players' settings that differ from their defaults ("search.level" → "10"). */
  settings?: Record<string, string>;
}

/**
 * The address that keeps `game` on the board of `id`, from the address
 * `hash` (its other parameters kept); null when `hash` names another view,
 * which is then not the game's to write.
 */
export function writeGameAddress(hash: string, id: string, game: GameRecord): string | null {
  const [path, query] = splitHash(hash);
  if (path !== id) return null;
  const params = new URLSearchParams(query ?? '');
  params.set('first', game.controllers[0]);
  params.set('second', game.controllers[1]);
  params.set('seed', String(game.seed));
  if (game.moves.length > 0) params.set('moves', game.moves.join(' '));
  else params.delete('moves');
  if (game.cursor < game.moves.length) params.set('at', String(game.cursor));
  else params.delete('at');
  for (const name of [...params.keys()]) if (isSetting(name)) params.delete(name);
  for (const [name, value] of Object.entries(game.settings ?? {})) params.set(name, value);
  return `#/${id}?${params}`;
}

/** The pause before a computer's move, so that people can follow the game: `?delay=` (0–5000 ms), else 400 ms. */
export function computerDelayMs(hash: string): number {
  return boundedParam(hash, 'delay', 0, 5000, 400);
}

/** The pause before a game's first computer move: none (it follows nothing), or the address's `delay`. */
export function firstDelayMs(hash: string): number {
  return boundedParam(hash, 'delay', 0, 5000, 0);
}

/**
 * Keeps a game in the page's address as it is played, so that a reload
 * keeps it and a link shows it in another browser; the address is replaced,
 * not pushed (Back leaves the game). Once the address names another view (a
 * game link was followed while this game was still loading), or the view is
 * closed (`stop`), it is not the game's to write. Nor once the address is
 * no longer the one the keeper last saw (a link followed or an address
 * typed, whose view is on its way): the game's next move must not write
 * over it before the page has read it.
 */
export class AddressKeeper {
  private stopped = false;
  /** The address as the keeper last saw it: when it was made, then after each write. */
  private seen: string;

  constructor(
    private readonly id: string,
    private readonly read: () => string = () => location.hash,
    private readonly replace: (address: string) => void = (address) => history.replaceState(null, '', address),
  ) {
    this.seen = read();
  }

  write(game: GameRecord): void {
    if (this.stopped) return;
    const now = this.read();
    if (now !== this.seen) {
      this.stopped = true;
      return;
    }
    const address = writeGameAddress(now, this.id, game);
    if (address === null) return;
    this.replace(address);
    this.seen = this.read();
  }

  stop(): void {
    this.stopped = true;
  }
}

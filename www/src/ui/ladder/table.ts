// The Ladder tab's table of ratings: the rated players from the strongest,
// then those not rated yet, each with its rating and 95% interval, games,
// score and a Remove button; a player who plays no more games says why.

import { el } from '../../core/dom';
import type { LadderRating } from '../../core/protocol';

export interface TableSource {
  ratings: LadderRating[];
  /** The ladder's players, by name, in the order they joined. */
  names: string[];
  /** The player rated 0. */
  anchor: string | null;
  missing: Map<string, string>;
  /** Games a player not rated yet has played. */
  gamesOf(name: string): number;
  remove(name: string): void;
  /** A shipped player, which stays (no Remove button). */
  fixed(name: string): boolean;
}

/** Draws the rows into `body`, keeping the focus on the Remove button it was on. */
export function renderRatings(body: HTMLElement, s: TableSource): void {
  const active = document.activeElement;
  const focused = active instanceof HTMLElement && body.contains(active) ? active.closest<HTMLElement>('[data-player]')?.dataset.player : undefined;
  const rated = new Map(s.ratings.map((r) => [r.player, r]));
  const present = new Set(s.names);
  const order = [...s.ratings.map((r) => r.player).filter((n) => present.has(n)), ...s.names.filter((n) => !rated.has(n))];
  const rows = order.map((name, i) => {
    const r = rated.get(name);
    const why = s.missing.get(name);
    const remove = el('button', { type: 'button', className: 'ladder-remove', 'data-testid': 'ladder-remove', 'aria-label': `Remove ${name}`, title: `Remove ${name} and its games` }, '✕');
    remove.addEventListener('click', () => s.remove(name));
    return el(
      'tr',
      { 'data-testid': 'ladder-row', 'data-player': name },
      el('td', {}, r ? String(i + 1) : '–'),
      el('th', { scope: 'row' }, name, ...(why ? [el('span', { className: 'ladder-gone' }, ` (plays no more games: ${why})`)] : [])),
      el('td', { 'data-testid': 'ladder-elo', 'data-elo': r ? r.elo.toFixed(3) : '' }, r ? (name === s.anchor ? '0' : `${Math.round(r.elo)} ± ${Math.round(r.interval)}`) : 'not rated yet'),
      el('td', { 'data-testid': 'ladder-games' }, r ? r.games.toLocaleString('en') : String(s.gamesOf(name))),
      el('td', {}, r && r.games > 0 ? `${((100 * r.score) / r.games).toFixed(1)}%` : '–'),
      el('td', {}, ...(s.fixed(name) ? [] : [remove])),
    );
  });
  if (rows.length === 0) rows.push(el('tr', {}, el('td', { colSpan: 6, className: 'empty' }, 'No players yet: add some below.')));
  body.replaceChildren(...rows);
  if (focused !== undefined) [...body.querySelectorAll<HTMLElement>('[data-player]')].find((r) => r.dataset.player === focused)?.querySelector('button')?.focus();
}

// End-to-end: one honest strength scale for every game. Every game has a
// Ladder tab, shipped pre-filled with its own players (fixed players, a
// searching player at a few levels) and its ready-made agents, their games
// and their ratings; the player lists show the same ratings (in Elo, and a
// word under the list), and the random player is never more than "weak". At
// a laptop's and a phone's size.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser } from '@playwright/test';
import { watchErrors } from './helpers';

interface Seat {
  name: string;
  player: string;
  settings?: Record<string, unknown>;
  model?: string;
  side: 0 | 1 | null;
  elo: number;
  interval: number;
}
interface Manifest {
  games: Record<string, { ladder: { anchor: string; perSide: boolean; seats: Seat[] }; models: { id: string; short: string; games: number }[] }>;
}
const manifest = JSON.parse(readFileSync(fileURLToPath(new URL('../public/ready/manifest.json', import.meta.url)), 'utf8')) as Manifest;
const start = JSON.parse(readFileSync(fileURLToPath(new URL('../../pkg/start.json', import.meta.url)), 'utf8')) as {
  games: { id: string; built: boolean; sides: [string, string]; players: { id: string; label: string; sides: [boolean, boolean]; settings: { id: string; default: unknown }[] }[] }[];
};
const GAMES = start.games.filter((g) => g.built);

const SIZES = [
  { name: 'laptop', viewport: { width: 1366, height: 768 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
];

async function open(browser: Browser, size: (typeof SIZES)[number]) {
  const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });
  return { context, page: await context.newPage() };
}

test('every game ships a ladder that rates its own players and every ready-made agent', () => {
  for (const g of GAMES) {
    const game = manifest.games[g.id];
    expect(game?.ladder, g.id).toBeTruthy();
    const seats = game.ladder.seats;
    for (const m of game.models) expect(seats.some((s) => s.model === m.id), `${g.id} ${m.id}`).toBe(true);
    for (const p of g.players.filter((p) => p.settings.length === 0)) expect(seats.some((s) => s.player === p.id), `${g.id} ${p.id}`).toBe(true);
    expect(seats.find((s) => s.name === game.ladder.anchor)?.elo).toBe(0);
  }
});

for (const size of SIZES) {
  test(`every game's ladder shows its shipped ratings, the player lists the same, and Random is weak (${size.name})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const { context, page } = await open(browser, size);
    const errors = watchErrors(page);
    for (const g of GAMES) {
      const ladder = manifest.games[g.id].ladder;
      // The Ladder tab: every seat, with its shipped rating.
      await page.goto(`/#/${g.id}?first=human&second=human&tab=ladder`);
      await expect(page.getByTestId('ladder-row')).toHaveCount(ladder.seats.length);
      for (const s of ladder.seats) {
        const row = page.locator(`[data-testid="ladder-row"][data-player="${s.name}"]`);
        await expect(row.getByTestId('ladder-elo'), `${g.id} ${s.name}`).toHaveText(s.name === ladder.anchor ? '0' : `${s.elo} ± ${s.interval}`);
      }
      // What its games are, as its data says: each side against the other, players of one side only, or both sides for all.
      const lead = page.getByTestId('ladder-lead');
      const oneSided = ladder.seats.filter((s) => s.side !== null);
      if (ladder.perSide) await expect(lead, g.id).toContainText(`Every ${g.sides[0]} player in the ladder plays every ${g.sides[1]} player`);
      else if (oneSided.length > 0) await expect(lead, g.id).toContainText(`${oneSided.length} players play only as ${g.sides[oneSided[0].side!]}`);
      else await expect(lead, g.id).toContainText('plays every other from the same starting positions, once on each side.');
      if (g.id === 'othello' || g.id === 'hare_hounds') await page.screenshot({ path: `test-results/screens/ladder-${g.id}-${size.name === 'laptop' ? 'desktop' : 'phone'}.png`, fullPage: false });
      // The Play tab's lists: the same numbers, for the players at their settings as set (the defaults).
      await page.getByRole('tab', { name: 'Play' }).click();
      for (const side of [0, 1] as const) {
        const options = page.getByTestId(`player-${side}`).locator('option');
        await expect(options.filter({ hasText: 'Elo' }).first()).toBeAttached();
        for (const s of ladder.seats.filter((s) => s.side === null || s.side === side)) {
          const label = s.model
            ? (() => {
                const m = manifest.games[g.id].models.find((x) => x.id === s.model)!;
                return `${m.short}, `;
              })()
            : g.players.find((p) => p.id === s.player)!.label;
          const p = g.players.find((p) => p.id === s.player);
          // A player with settings is rated in the list at its defaults only.
          if (p && s.settings && Object.entries(s.settings).some(([k, v]) => p.settings.find((f) => f.id === k)?.default !== v)) continue;
          const option = options.filter({ hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.* · Elo ${s.elo}$`) });
          await expect(option, `${g.id} side ${side}: ${s.name} at ${s.elo}`).toHaveCount(1);
        }
        // Random, chosen: its rating and its word, never more than weak.
        if (g.players.find((p) => p.id === 'random')?.sides[side]) {
          await page.getByTestId(`player-${side}`).selectOption('random');
          const about = page.getByTestId(`player-about-${side}`);
          const seat = ladder.seats.find((s) => s.player === 'random' && (s.side === null || s.side === side))!;
          await expect(about).toContainText(`Rating ${seat.name === ladder.anchor ? `${seat.elo}, the scale’s fixed zero` : `${seat.elo}\u00a0±\u00a0${seat.interval}`} (weak)`);
          await page.getByTestId(`player-${side}`).selectOption('human');
        }
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });
}

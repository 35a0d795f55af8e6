// End-to-end: Othello's rating ladder in the page. It opens with the
// game's own players and ready-made agents rated, from the shipped table of
// their games: downloaded and rated by the CLI, the same ratings. A model
// trained in the page joins with one click and plays only its own games
// against them; a pause keeps what was played; a reload keeps every game;
// Start over takes back only what the visitor added. The ready-made stages
// of the Q-networks and the n-tuple network draw their ratings against the
// games and the seconds they trained.
//
// The CLI is the binary `cargo test` builds (target/debug/selfplay), or the
// one named by SELFPLAY_CLI.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { selfplay, startTraining, watchErrors } from './helpers';

interface Seat {
  name: string;
  elo: number;
}
const manifest = JSON.parse(readFileSync(fileURLToPath(new URL('../public/ready/manifest.json', import.meta.url)), 'utf8')) as {
  games: { othello: { ladder: { anchor: string; table: string; seats: Seat[] } } };
};
const shipped = manifest.games.othello.ladder;
const SEATS = shipped.seats.length;

/** The page's ratings: player → Elo (unrounded, from the table's data). */
async function pageRatings(page: Page): Promise<Map<string, number>> {
  const rows = page.getByTestId('ladder-row');
  const out = new Map<string, number>();
  for (const row of await rows.all()) {
    const name = (await row.getAttribute('data-player')) ?? '';
    const elo = await row.getByTestId('ladder-elo').getAttribute('data-elo');
    if (elo) out.set(name, Number(elo));
  }
  return out;
}

/** The games of a table file (lines of four tab-separated fields). */
function gamesIn(file: string): string[][] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => !l.startsWith('#') && l.trim() !== '')
    .map((l) => l.split('\t'));
}

/** Opens Othello's Ladder tab, the shipped players in it, with `openings` openings per pair for new players. */
async function openLadder(page: Page, openings: number): Promise<void> {
  await page.goto('/#/othello?tab=ladder');
  await expect(page.getByTestId('ladder-panel')).toBeVisible();
  await expect(page.getByTestId('ladder-row')).toHaveCount(SEATS);
  await page.getByText('Settings and the table of games').click();
  await page.getByTestId('ladder-openings').fill(String(openings));
  await page.getByTestId('ladder-openings').blur();
}

/** Adds the search player at `level` (picked beside it). */
async function addSearch(page: Page, level: number): Promise<void> {
  const search = page.getByTestId('ladder-candidate').filter({ has: page.locator('.candidate-name:text-is("Search")') });
  await search.getByTestId('ladder-level').fill(String(level));
  await search.getByTestId('ladder-add').click();
  await expect(search.getByTestId('ladder-add')).toHaveText('In the ladder');
}

test('the shipped ladder, as the CLI rates it; a model trained in the page joins with one click and plays only its own games', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  await openLadder(page, 1);
  await expect(page.getByTestId('ladder-note')).toContainText(`Ratings relative to ${shipped.anchor}, fixed at 0, from the`);
  await expect(page.locator(`[data-player="${shipped.anchor}"] [data-testid="ladder-elo"]`)).toHaveText('0');
  // The shipped players stay: no Remove button.
  await expect(page.getByTestId('ladder-remove')).toHaveCount(0);

  // The table, downloaded, is the shipped one: rated by the CLI, the same ratings.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ladder-download').click()]);
  const table = testInfo.outputPath('ladder.tsv');
  await download.saveAs(table);
  const shippedGames = gamesIn(fileURLToPath(new URL(`../public/ready/${shipped.table}`, import.meta.url)));
  expect(gamesIn(table)).toEqual(shippedGames);
  const cli = selfplay('othello', 'ladder', '--results', table, '--rate-only', '--anchor', shipped.anchor);
  const ratings = await pageRatings(page);
  expect(ratings.size).toBe(SEATS);
  for (const [name, elo] of ratings) {
    // The CLI's rows: rank, player, Elo, ±95%, games, score, two spaces or more apart.
    const row = cli
      .split('\n')
      .map((l) => l.trim().split(/\s{2,}/))
      .find((f) => f.length === 6 && f[1] === name);
    expect(row, cli).toBeTruthy();
    // The CLI prints whole Elo points, as the shipped ratings are.
    expect(Math.abs(elo - Number(row![2])), `${name}\n${cli}`).toBeLessThanOrEqual(0.5);
    expect(elo).toBe(shipped.seats.find((s) => s.name === name)!.elo);
  }

  // A short n-tuple run; its model, saved to the library when the run ends, joins with one click.
  await page.getByRole('tab', { name: 'Train' }).click();
  const run = await startTraining(page, { kind: 'ntuple', preset: 'fast' }, { games: 2000, eval_every: 1000, eval_games: 20 });
  await expect(run).toHaveAttribute('data-status', 'finished', { timeout: 90_000 });
  await page.getByRole('tab', { name: 'Models' }).click();
  await expect(page.getByTestId('model')).toHaveCount(1);
  // The library says how long it trained, as it says how many games.
  await expect(page.getByTestId('model')).toContainText(/2k games trained in (under a second|\d+ s)/);
  const modelName = (await page.getByTestId('model-name').first().textContent()) ?? '';
  await page.getByRole('tab', { name: 'Ladder' }).click();
  const candidate = page.locator(`[data-testid="ladder-candidate"][data-name="${modelName}"]`);
  await candidate.getByTestId('ladder-add').click();
  await expect(page.getByTestId('ladder-row')).toHaveCount(SEATS + 1);
  await page.getByTestId('ladder-play').click();
  // Only its own games: every shipped player × 1 opening × 2 colours.
  await expect(page.getByTestId('ladder-status')).toHaveText(`All ${2 * SEATS} games played.`, { timeout: 120_000 });
  await expect(page.locator(`[data-player="${modelName}"] [data-testid="ladder-games"]`)).toHaveText(String(2 * SEATS));
  // Rated with every game, shipped and new.
  await expect(page.getByTestId('ladder-note')).toHaveText(`Ratings relative to ${shipped.anchor}, fixed at 0.`);
  await expect(page.locator(`[data-player="${modelName}"] [data-testid="ladder-elo"]`)).not.toHaveText('not rated yet');
  // Rated, it is on the chart of rating against training, by games and by the seconds it took.
  const chart = page.getByTestId('ladder-chart');
  await expect(chart.locator('.legend-entry').filter({ hasText: modelName })).toHaveCount(1);
  await page.getByTestId('ladder-axis').selectOption('seconds');
  await expect(chart.getByRole('img', { name: 'Rating against seconds of training' })).toBeVisible();
  await expect(chart.locator('.legend-entry').filter({ hasText: modelName })).toHaveCount(1);

  // A reload keeps the player and its games.
  await page.reload();
  await expect(page.getByTestId('ladder-row')).toHaveCount(SEATS + 1);
  await expect(page.locator(`[data-player="${modelName}"] [data-testid="ladder-games"]`)).toHaveText(String(2 * SEATS));
  await page.getByText('Settings and the table of games').click();
  const [again] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ladder-download').click()]);
  const table2 = testInfo.outputPath('ladder-2.tsv');
  await again.saveAs(table2);
  const games = gamesIn(table2);
  expect(games).toHaveLength(shippedGames.length + 2 * SEATS);
  expect(games.slice(0, shippedGames.length)).toEqual(shippedGames);
  // Nothing left to play.
  await page.getByTestId('ladder-play').click();
  await expect(page.getByTestId('ladder-status')).toContainText('Every game of these players has been played');
  // Start over takes back the visitor's player and its games only.
  page.once('dialog', (d) => void d.accept());
  await page.getByTestId('ladder-clear').click();
  await expect(page.getByTestId('ladder-row')).toHaveCount(SEATS);
  await expect(page.locator('.notice-error')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a player who joins plays its games; a pause keeps them; every game once, none lost', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  await openLadder(page, 2);
  await addSearch(page, 5);
  // A pause after the first game keeps what was played; playing again plays
  // only the rest. The pause is pressed by the page as the first game is
  // counted: the games take a second or two in all, and a look of the test
  // could come after the last.
  await page.getByTestId('ladder-counter').evaluate((counter) => {
    const pause = () => {
      if (!/^[1-9][\d,]* of /.test(counter.textContent ?? '')) return false;
      document.querySelector<HTMLButtonElement>('[data-testid="ladder-play"]')!.click();
      return true;
    };
    const seen = new MutationObserver(() => {
      if (pause()) seen.disconnect();
    });
    seen.observe(counter, { childList: true, characterData: true, subtree: true });
  });
  await page.getByTestId('ladder-play').click();
  await expect(page.getByTestId('ladder-status')).toHaveText('Paused. The games played so far are kept.', { timeout: 60_000 });
  // Every shipped player × 2 openings × 2 colours.
  await expect(page.getByTestId('ladder-counter')).toContainText(`of ${4 * SEATS} games`);
  await page.getByTestId('ladder-play').click();
  await expect(page.getByTestId('ladder-status')).toHaveText(/^All \d+ games played\.$/, { timeout: 180_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ladder-download').click()]);
  const table = testInfo.outputPath('ladder.tsv');
  await download.saveAs(table);
  const keys = gamesIn(table)
    .filter((g) => g[1] === 'Search, level 5' || g[2] === 'Search, level 5')
    .map((g) => g.slice(0, 3).join('\t'));
  expect(keys).toHaveLength(4 * SEATS);
  expect(new Set(keys).size).toBe(4 * SEATS);
  await expect(page.locator('[data-player="Search, level 5"] [data-testid="ladder-games"]')).toHaveText(String(4 * SEATS));
  await expect(page.locator('.notice-error')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the ready-made stages of three runs draw their ratings against training games and seconds', async ({ page }, testInfo) => {
  const errors = watchErrors(page);
  await openLadder(page, 1);
  // One line per run (its stages), and the game's own players as level lines.
  const chart = page.getByTestId('ladder-chart');
  await expect(chart).toBeVisible();
  const fixed = shipped.seats.filter((s) => !/ · after /.test(s.name)).length;
  await expect(chart).toHaveAttribute('data-lines', String(3 + fixed));
  await expect(chart.locator('.legend-entry').first()).toHaveText(/\(ready-made\)$/);
  // Against seconds of training (kept in each shipped file): the same lines at other places.
  await page.getByTestId('ladder-axis').selectOption('seconds');
  await expect(chart.getByRole('img', { name: 'Rating against seconds of training' })).toBeVisible();
  await expect(chart).toHaveAttribute('data-lines', String(3 + fixed));
  await expect(page.getByTestId('ladder-axis-note')).toBeHidden();
  await chart.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('ladder-seconds.png') });
  // And back.
  await page.getByTestId('ladder-axis').selectOption('games');
  await expect(chart.getByRole('img', { name: 'Rating against training games' })).toBeVisible();
  expect(errors).toEqual([]);
});

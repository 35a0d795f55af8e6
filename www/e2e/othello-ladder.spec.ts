// End-to-end: Othello's rating ladder in the page. A visitor adds three of
// the game's players, plays their games on the ladder's workers and reads
// their ratings; the downloaded table, rated by the CLI, gives the same
// ratings. A model trained in the page then joins with one click and plays
// only its own games; a reload keeps every game. The ready-made stages of the
// Q-network and the n-tuple network draw their ratings against the games and
// the seconds they trained.
//
// The CLI is the binary `cargo test` builds (target/debug/selfplay), or the
// one named by SELFPLAY_CLI.

import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { selfplay, startTraining, watchErrors } from './helpers';

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

/** Opens Othello's Ladder tab with `openings` openings per pair, and Random and MSB in the ladder. */
async function openLadder(page: Page, openings: number): Promise<void> {
  await page.goto('/#/othello?tab=ladder');
  await expect(page.getByTestId('ladder-panel')).toBeVisible();
  await page.getByText('Settings and the table of games').click();
  await page.getByTestId('ladder-openings').fill(String(openings));
  await page.getByTestId('ladder-openings').blur();
  await addPlayer(page, 'Random');
  await addPlayer(page, 'MSB');
}

/** Adds the search player at `level` (picked beside it). */
async function addSearch(page: Page, level: number): Promise<void> {
  const search = page.getByTestId('ladder-candidate').filter({ has: page.locator('.candidate-name:text-is("Search")') });
  await search.getByTestId('ladder-level').fill(String(level));
  await search.getByTestId('ladder-add').click();
  await expect(search.getByTestId('ladder-add')).toHaveText('In the ladder');
}

async function addPlayer(page: Page, name: string): Promise<void> {
  const row = page.getByTestId('ladder-candidate').filter({ has: page.locator(`.candidate-name:text-is("${name}")`) });
  await row.getByTestId('ladder-add').click();
  await expect(page.locator(`[data-testid="ladder-row"][data-player="${name}"]`)).toHaveCount(1);
}

test('a ladder of three players, then a model trained in the page joins with one click', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  // Two openings per pair keep the test short: 3 pairs × 2 openings × 2 colours = 12 games.
  await openLadder(page, 2);
  await addSearch(page, 1);

  await page.getByTestId('ladder-play').click();
  await expect(page.getByTestId('ladder-status')).toHaveText('All 12 games played.', { timeout: 60_000 });
  await expect(page.getByTestId('ladder-row')).toHaveCount(3);
  await expect(page.getByTestId('ladder-note')).toHaveText('Ratings relative to Random, fixed at 0.');
  await expect(page.locator('[data-player="Random"] [data-testid="ladder-elo"]')).toHaveText('0');
  for (const g of await page.getByTestId('ladder-games').allTextContents()) expect(g).toBe('8');

  // The table, downloaded, is the CLI's: rated there, the same ratings.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ladder-download').click()]);
  const table = testInfo.outputPath('ladder.tsv');
  await download.saveAs(table);
  expect(gamesIn(table)).toHaveLength(12);
  const cli = selfplay('othello', 'ladder', '--results', table, '--rate-only', '--anchor', 'Random');
  const ratings = await pageRatings(page);
  expect([...ratings.keys()].sort()).toEqual(['MSB', 'Random', 'Search, level 1']);
  for (const [name, elo] of ratings) {
    // The CLI's rows: rank, player, Elo, ±95%, games, score, two spaces or more apart.
    const row = cli
      .split('\n')
      .map((l) => l.trim().split(/\s{2,}/))
      .find((f) => f.length === 6 && f[1] === name);
    expect(row, cli).toBeTruthy();
    // The CLI prints whole Elo points.
    expect(Math.abs(elo - Number(row![2])), `${name}\n${cli}`).toBeLessThanOrEqual(0.5);
  }
  // The search at level 1 beats random: its rating is above random's.
  expect(ratings.get('Search, level 1')!).toBeGreaterThan(0);

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
  await expect(page.getByTestId('ladder-row')).toHaveCount(4);
  await page.getByTestId('ladder-play').click();
  // Only its own games: 3 opponents × 2 openings × 2 colours.
  await expect(page.getByTestId('ladder-status')).toHaveText('All 12 games played.', { timeout: 60_000 });
  await expect(page.locator(`[data-player="${modelName}"] [data-testid="ladder-games"]`)).toHaveText('12');
  await expect(page.locator('[data-player="Random"] [data-testid="ladder-games"]')).toHaveText('12');
  // Rated, it is on the chart of rating against training, by games and by the seconds it took.
  const chart = page.getByTestId('ladder-chart');
  await expect(chart.locator('.legend-entry').first()).toHaveText(modelName);
  await expect(chart.getByRole('img', { name: 'Rating against training games' })).toBeVisible();
  await page.getByTestId('ladder-axis').selectOption('seconds');
  await expect(chart.getByRole('img', { name: 'Rating against seconds of training' })).toBeVisible();
  await expect(chart.locator('.legend-entry').first()).toHaveText(modelName);
  await expect(page.getByTestId('ladder-axis-note')).toBeHidden();

  // A reload keeps the players and every game.
  await page.reload();
  await expect(page.getByTestId('ladder-row')).toHaveCount(4);
  await expect(page.locator(`[data-player="${modelName}"] [data-testid="ladder-elo"]`)).not.toHaveText('not rated yet');
  await page.getByText('Settings and the table of games').click();
  const [again] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ladder-download').click()]);
  const table2 = testInfo.outputPath('ladder-2.tsv');
  await again.saveAs(table2);
  const games = gamesIn(table2);
  expect(games).toHaveLength(24);
  // The first twelve games are the same after the model joined.
  expect(games.slice(0, 12)).toEqual(gamesIn(table));
  // Nothing left to play.
  await page.getByTestId('ladder-play').click();
  await expect(page.getByTestId('ladder-status')).toContainText('Every game of these players has been played');
  await expect(page.locator('.notice-error')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a player who joins while the games are played, and a pause: every game once, none lost', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  await openLadder(page, 20);
  await addSearch(page, 6);
  // Level 6 keeps the games long enough (seconds in all) for a player to join meanwhile.
  await page.getByTestId('ladder-play').click();
  // 3 pairs × 20 openings × 2 colours; MVB joins while they are played.
  await expect(page.getByTestId('ladder-counter')).toContainText('of 120 games');
  await addPlayer(page, 'MVB');
  await expect(page.getByTestId('ladder-counter')).toContainText('of 240 games');
  // A pause keeps what was played; playing again plays only the rest.
  await page.getByTestId('ladder-play').click();
  await expect(page.getByTestId('ladder-status')).toHaveText('Paused. The games played so far are kept.');
  await page.getByTestId('ladder-play').click();
  await expect(page.getByTestId('ladder-status')).toHaveText(/^All \d+ games played\.$/, { timeout: 120_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ladder-download').click()]);
  const table = testInfo.outputPath('ladder.tsv');
  await download.saveAs(table);
  const keys = gamesIn(table).map((g) => g.slice(0, 3).join('\t'));
  expect(keys).toHaveLength(240);
  expect(new Set(keys).size).toBe(240);
  for (const g of await page.getByTestId('ladder-games').allTextContents()) expect(g).toBe('120');
  await expect(page.locator('.notice-error')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the ready-made stages of two runs in the ladder draw their ratings against training games and seconds', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await openLadder(page, 2);
  await page.getByText(/^Ready-made agents/).click();
  const stages = ['1,000', '10,000', '100,000'].map((n) => `Network trained against MSB · after ${n} games`);
  for (const name of stages) await addPlayer(page, name);
  await page.getByTestId('ladder-play').click();
  await expect(page.getByTestId('ladder-status')).toHaveText('All 40 games played.', { timeout: 60_000 });
  // One line for the run (three stages), and Random and MSB as level lines.
  const chart = page.getByTestId('ladder-chart');
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute('data-lines', '3');
  await expect(chart).toHaveAttribute('data-points', '7');
  await expect(chart.locator('.legend-entry')).toHaveText(['Net vs MSB (ready-made)', 'Random', 'MSB']);

  // The n-tuple network's stages join: two runs on one scale.
  for (const n of ['100,000', '500,000']) await addPlayer(page, `N-tuple network by self-play · after ${n} games`);
  await page.getByTestId('ladder-play').click();
  // 2 new players × 6 others, less their own pair counted twice: 11 pairs × 2 openings × 2 colours.
  await expect(page.getByTestId('ladder-status')).toHaveText('All 44 games played.', { timeout: 60_000 });
  await expect(chart).toHaveAttribute('data-lines', '4');
  await expect(chart).toHaveAttribute('data-points', '9');
  // Against seconds of training (kept in each shipped file): the same lines at other places.
  await page.getByTestId('ladder-axis').selectOption('seconds');
  await expect(chart.getByRole('img', { name: 'Rating against seconds of training' })).toBeVisible();
  await expect(chart).toHaveAttribute('data-lines', '4');
  await expect(chart).toHaveAttribute('data-points', '9');
  await expect(chart.locator('.legend-entry')).toHaveText(['Net vs MSB (ready-made)', 'N-tuple net (ready-made)', 'Random', 'MSB']);
  await expect(page.getByTestId('ladder-axis-note')).toBeHidden();
  await chart.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('ladder-seconds.png') });
  // And back.
  await page.getByTestId('ladder-axis').selectOption('games');
  await expect(chart.getByRole('img', { name: 'Rating against training games' })).toBeVisible();
  expect(errors).toEqual([]);
});

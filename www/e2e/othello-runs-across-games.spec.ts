// End-to-end: training runs belong to the page, not to the game's view. A run
// started in Othello's Train tab goes on while another game is open (its games
// count grows), the header says how many runs train and leads back to it, and
// its card and chart are there again. A paused run can be resumed from the
// header in another game; after a reload the unfinished run is listed in the
// header wherever the visitor is, with Resume. At 1366×768 and 390×844.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { games, initSync } from '../../pkg/selfplay.js';
import { watchErrors } from './helpers';

initSync({ module: readFileSync(fileURLToPath(new URL('../../pkg/selfplay_bg.wasm', import.meta.url))) });
/** Another game of the engine's list, shown while the run trains. */
const other = (games() as { id: string; title: string; built: boolean }[]).find((g) => g.id !== 'othello' && g.built)!;

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 768 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
];

const indicator = (page: Page) => page.getByTestId('runs-indicator');

/** Opens the header's list of runs (if closed) and gives its row for `game`. */
async function row(page: Page, game: string) {
  if ((await indicator(page).getAttribute('aria-expanded')) !== 'true') await indicator(page).click();
  return page.getByTestId('kept-run').and(page.locator(`[data-game="${game}"]`));
}

for (const size of SIZES) {
  test(`${size.name}: a run keeps training across a change of game, and the header leads back to it`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch, serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/#/othello?tab=train&checkpointMs=500');
    // Nothing trains yet: the header shows no runs.
    await expect(page.getByTestId('train-start')).toBeVisible();
    await expect(indicator(page)).toBeHidden();

    // A long run with a curve point every 1,000 games.
    await page.getByTestId('train-games').fill('10000000');
    await page.getByTestId('train-eval_every').fill('1000');
    await page.getByTestId('train-eval_games').fill('10');
    await page.getByTestId('train-start').click();
    const card = page.getByTestId('run');
    // Its worker starts first (the engine's module fetched and compiled): on a busy machine more than 5 s.
    await expect(card).toHaveAttribute('data-status', 'running', { timeout: 30_000 });
    await expect.poll(async () => Number(await card.getAttribute('data-points')), { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
    await expect(indicator(page)).toBeVisible();
    await expect(indicator(page)).toHaveAttribute('data-training', '1');
    await expect(indicator(page)).toBeInViewport();

    // Another game: the run goes on.
    await page.locator('.site-header nav').getByRole('link', { name: other.title, exact: true }).click();
    await expect(page.locator('.game-view')).toHaveAttribute('data-game', other.id);
    await expect(indicator(page)).toHaveAttribute('data-training', '1');
    await expect(indicator(page)).toContainText('1 training');
    const othello = await row(page, 'othello');
    await expect(othello).toHaveAttribute('data-status', 'running');
    const before = Number(await othello.getAttribute('data-games'));
    await expect.poll(async () => Number(await othello.getAttribute('data-games')), { timeout: 30_000 }).toBeGreaterThan(before + 100);
    // The list closes with Escape.
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('runs-list')).toBeHidden();

    // The way back: Othello's Train tab, with the run's card and chart.
    const back = await row(page, 'othello');
    await back.getByTestId('kept-run-open').click();
    await expect(page.locator('.game-view')).toHaveAttribute('data-game', 'othello');
    await expect(page.getByRole('tab', { name: 'Train' })).toHaveAttribute('aria-selected', 'true');
    await expect(card).toHaveCount(1);
    await expect(card).toHaveAttribute('data-status', 'running');
    const games = Number(await card.getAttribute('data-games'));
    expect(games).toBeGreaterThan(before);
    await expect.poll(async () => Number(await card.getAttribute('data-games')), { timeout: 30_000 }).toBeGreaterThan(games);
    await expect(page.locator('.run-chart:not([hidden]) canvas').first()).toBeVisible();

    // Paused here, resumed from the header while another game is open.
    await card.getByTestId('run-pause').click();
    await expect(card).toHaveAttribute('data-status', 'paused');
    await page.locator('.site-header nav').getByRole('link', { name: other.title, exact: true }).click();
    await expect(page.locator('.game-view')).toHaveAttribute('data-game', other.id);
    await expect(indicator(page)).toHaveAttribute('data-waiting', '1');
    const paused = await row(page, 'othello');
    await expect(paused).toHaveAttribute('data-status', 'paused');
    await paused.getByTestId('kept-run-resume').click();
    await expect(indicator(page)).toHaveAttribute('data-training', '1');
    await expect(page.locator('.game-view')).toHaveAttribute('data-game', other.id);

    // A reload cuts the run off: the header of any view offers it for Resume.
    await page.goto('/#/');
    await page.reload();
    await expect(indicator(page)).toHaveAttribute('data-waiting', '1', { timeout: 15_000 });
    await expect(indicator(page)).toContainText('1 to resume');
    const unfinished = await row(page, 'othello');
    await expect(unfinished).toHaveAttribute('data-status', 'unfinished');
    const saved = Number(await unfinished.getAttribute('data-games'));
    expect(saved).toBeGreaterThan(0);
    await unfinished.getByTestId('kept-run-resume').click();
    await expect(page.locator('.game-view')).toHaveAttribute('data-game', 'othello');
    await expect(card).toHaveAttribute('data-status', 'running');
    await expect.poll(async () => Number(await card.getAttribute('data-games')), { timeout: 30_000 }).toBeGreaterThan(saved);
    await expect(indicator(page)).toHaveAttribute('data-training', '1');
    await expect(indicator(page)).toHaveAttribute('data-waiting', '0');
    await card.getByTestId('run-stop').click();
    await expect(card).toHaveAttribute('data-status', 'stopped');
    expect(errors).toEqual([]);
    await context.close();
  });
}

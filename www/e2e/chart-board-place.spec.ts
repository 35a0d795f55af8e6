// End-to-end: a chart in the board's place. On a wide screen (1366×768) a
// training run's first chart goes there by itself after Start; any chart
// moves, with "In the board's place", into the board's
// column: wider than in the side panel, whole on the screen, the board
// hidden, still growing as the run trains; its large view opens from there.
// "Back to the board" brings the board and the chart back; so do the Play
// tab, watching a run learn, a window made narrow, leaving the game's view,
// another chart taking the place and closing the chart's run; choosing the
// place while a run is watched ends the watching. On a phone (390×844), where the
// board is above the panel, the button is not offered.

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { watchErrors } from './helpers';

/** A long Othello run with a curve point every 1,000 games, and its card. */
async function startRun(page: Page): Promise<Locator> {
  await page.goto('/#/othello?tab=train');
  await page.getByTestId('train-games').fill('10000000');
  await page.getByTestId('train-eval_every').fill('1000');
  await page.getByTestId('train-eval_games').fill('10');
  await page.getByTestId('train-start').click();
  const card = page.getByTestId('run');
  await expect(card).toHaveAttribute('data-status', 'running', { timeout: 30_000 });
  await expect.poll(async () => Number(await card.getAttribute('data-points')), { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
  await fromThePlace(page);
  return card;
}

/** On a wide screen a run's first chart goes to the board's place by itself after Start; these tests start from the panel. */
async function fromThePlace(page: Page): Promise<void> {
  // A phone has no board's place: nothing to bring back.
  if ((page.viewportSize()?.width ?? 0) <= 760) return;
  const back = page.locator('.board-area .run-chart').getByRole('button', { name: 'Back to the board' });
  await expect(back).toBeVisible();
  await back.click();
  await expect(page.locator('.board-area .run-chart')).toHaveCount(0);
}

/** The points the chart draws (every line's). */
async function points(chart: Locator): Promise<number> {
  return Number(await chart.getAttribute('data-points'));
}

/** The chart and the board are where they are when nothing is in the board's place. */
async function boardBack(page: Page, chart: Locator): Promise<void> {
  await expect(page.locator('.board-area .board-box')).toBeVisible();
  await expect(page.getByTestId('board-place')).toBeHidden();
  await expect(page.locator('.board-area .run-chart')).toHaveCount(0);
  await expect(page.getByTestId('chart-away')).toHaveCount(0);
  await expect(chart.getByTestId('chart-unplace')).toBeHidden();
  expect(await chart.evaluate((e) => e.closest('.side-panel') !== null)).toBe(true);
}

/** The chart is in the board's column, the board hidden. */
async function inPlace(page: Page, chart: Locator): Promise<void> {
  await expect(page.getByTestId('board-place')).toBeVisible();
  await expect(page.locator('.board-area .board-box')).toBeHidden();
  expect(await chart.evaluate((e) => e.closest('.board-area') !== null)).toBe(true);
  await expect(page.getByTestId('chart-away')).toBeVisible();
}

test('desktop: a chart takes the board’s place, larger and live, and gives it back', async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const card = await startRun(page);
  const chart = page.locator('.run-chart:not([hidden])').first();
  const plot = chart.locator('canvas').first();
  await expect(plot).toBeVisible();
  const panelWidth = (await plot.boundingBox())!.width;
  const place = chart.getByRole('button', { name: 'In the board’s place' });
  const back = chart.getByRole('button', { name: 'Back to the board' });
  await expect(place).toBeVisible();
  await expect(place).toHaveAttribute('title', /where the board is/);
  await expect(back).toBeHidden();
  await chart.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/chart-board-place-panel-desktop.png' });

  // In the board's place: the plot fills the board's column, the chart is whole on the screen.
  await place.click();
  await inPlace(page, chart);
  await expect(back).toBeFocused();
  await expect(place).toBeHidden();
  const column = (await page.locator('.board-area').boundingBox())!;
  await expect
    .poll(async () => (await plot.boundingBox())!.width, { message: 'the plot as wide as the board’s column' })
    .toBeGreaterThanOrEqual(Math.max(500, panelWidth + 100, column.width - 60));
  const p = (await plot.boundingBox())!;
  expect(p.x).toBeGreaterThanOrEqual(column.x);
  expect(p.x + p.width).toBeLessThanOrEqual(column.x + column.width + 0.5);
  // Higher than in the panel (260 px), yet the chart with its tools and legend fits the window.
  expect(p.height).toBeGreaterThan(300);
  const slot = (await page.getByTestId('board-place').boundingBox())!;
  const header = (await page.locator('.site-header').boundingBox())!;
  expect(slot.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(slot.y + slot.height).toBeLessThanOrEqual(768);
  for (const part of [chart.locator('.chart-tools'), plot, chart.locator('.chart-legend')]) await expect(part).toBeInViewport({ ratio: 1 });
  // Nothing else is drawn over the plot.
  const onTop = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('.board-place') !== null, [p.x + p.width / 2, p.y + p.height / 2]);
  expect(onTop).toBe(true);
  // It goes on growing there.
  const before = await points(chart);
  await expect.poll(() => points(chart), { timeout: 60_000 }).toBeGreaterThan(before);
  await inPlace(page, chart);
  await page.waitForTimeout(300);
  await page.screenshot({ path: 'test-results/screens/chart-board-place-desktop.png' });
  // No serious accessibility fault in the view as it is then.
  const axe = await new AxeBuilder({ page }).include('.game-view').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // The large view opens from the board's place, and closes back to it.
  await chart.getByTestId('chart-large').click();
  const full = page.locator('.chart-full');
  await expect(full).toHaveCount(1);
  // Its tools there: Close and the exports.
  await expect(full.getByTestId('chart-close')).toBeVisible();
  await expect(back).toBeHidden();
  await expect(place).toBeHidden();
  const center = await page.evaluate(() => document.elementFromPoint(683, 384)?.closest('.chart-full') !== null);
  expect(center).toBe(true);
  const corner = await page.evaluate(() => document.elementFromPoint(5, 5)?.closest('.chart-full') !== null);
  expect(corner).toBe(true);
  await page.keyboard.press('Escape');
  await expect(full).toHaveCount(0);
  await expect(chart.getByTestId('chart-large')).toBeFocused();
  await inPlace(page, chart);

  // Back to the board: the board and the chart in its panel, at its width there.
  await back.click();
  await boardBack(page, chart);
  await expect(place).toBeFocused();
  await expect.poll(async () => Math.abs((await plot.boundingBox())!.width - panelWidth)).toBeLessThanOrEqual(2);

  // The Play tab needs the board: it comes back. (The buttons work from the keyboard.)
  await place.focus();
  await page.keyboard.press('Enter');
  await inPlace(page, chart);
  await expect(back).toBeFocused();
  await page.getByRole('tab', { name: 'Play' }).click();
  await boardBack(page, chart);
  await expect(page.getByRole('tab', { name: 'Play' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Train' }).click();

  // Watching the run learn draws on the board: the board comes back; and the
  // chart taken to the board's place again ends the watching.
  await place.click();
  await inPlace(page, chart);
  await card.getByTestId('run-watch').click();
  await expect(page.getByTestId('watch-strip')).toBeVisible();
  await boardBack(page, chart);
  await expect(card).toHaveAttribute('data-watched', 'true');
  await place.click();
  await inPlace(page, chart);
  await expect(page.getByTestId('watch-strip')).toBeHidden();
  await expect(card).toHaveAttribute('data-watched', 'false');
  await expect(page.locator('.board-area')).not.toHaveClass(/watching/);

  // A window made narrow stacks the board above the panel: the board comes back, the button goes.
  await page.setViewportSize({ width: 700, height: 768 });
  await boardBack(page, chart);
  await expect(place).toBeHidden();
  await expect(chart.getByTestId('chart-large')).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(place).toBeVisible();

  // The large view open in the board's place when the window narrows: the
  // chart goes back to the panel still large, with Close usable, and
  // nothing of the page is left inert once it is closed.
  await place.click();
  await inPlace(page, chart);
  await chart.getByTestId('chart-large').click();
  await expect(page.locator('.chart-full')).toHaveCount(1);
  await page.setViewportSize({ width: 700, height: 768 });
  await expect(place).toBeHidden();
  await expect(page.locator('.chart-full')).toHaveCount(1);
  expect(await page.evaluate(() => document.querySelector('.chart-full')?.closest('[inert]') == null)).toBe(true);
  await expect(page.locator('.chart-full').getByTestId('chart-close')).toBeFocused();
  await page.locator('.chart-full').getByTestId('chart-close').click();
  await expect(page.locator('.chart-full')).toHaveCount(0);
  await expect(page.locator('[inert]')).toHaveCount(0);
  await boardBack(page, chart);
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(place).toBeVisible();

  // Another game's view: the chart is back in the Train tab when the game is opened again.
  await place.click();
  await inPlace(page, chart);
  await page.goto('/#/tictactoe');
  await expect(page.locator('.game-view')).toHaveAttribute('data-game', 'tictactoe');
  await page.goto('/#/othello?tab=train');
  await expect(page.locator('.game-view')).toHaveAttribute('data-game', 'othello');
  await expect(chart).toBeVisible();
  await boardBack(page, chart);

  await card.getByTestId('run-stop').click();
  await expect(card).toHaveAttribute('data-status', 'stopped');
  expect(errors).toEqual([]);
  await context.close();
});

test('desktop: one chart at a time in the board’s place; a chart whose run is closed gives it back', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  // A short tic-tac-toe run: three charts.
  await page.goto('/#/tictactoe?tab=train');
  await page.getByTestId('train-games').fill('3000');
  await page.getByTestId('train-eval_every').fill('500');
  await page.getByTestId('train-start').click();
  const card = page.getByTestId('run');
  await expect(card).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  await fromThePlace(page);
  const first = page.locator('.run-chart[data-chart="values.lost"]');
  const second = page.locator('.run-chart[data-chart="values.won"]');
  await expect(first.locator('canvas')).toBeVisible();
  await expect(second.locator('canvas')).toBeVisible();
  await expect(first.getByTestId('chart-place')).toBeVisible();

  await first.getByTestId('chart-place').click();
  await inPlace(page, first);
  // Another chart takes the place: the first one goes back to the panel.
  await second.getByTestId('chart-place').click();
  await inPlace(page, second);
  await expect(second.getByTestId('chart-unplace')).toBeFocused();
  await expect(page.locator('.board-area .run-chart')).toHaveCount(1);
  expect(await first.evaluate((e) => e.closest('.side-panel') !== null)).toBe(true);
  await expect(first.getByTestId('chart-place')).toBeVisible();
  await expect(first.getByTestId('chart-unplace')).toBeHidden();
  await expect(page.getByTestId('chart-away')).toHaveCount(1);

  // The run is closed: its charts go, from the board's place too, and the board comes back.
  await card.getByTestId('run-close').click();
  await expect(card).toHaveCount(0);
  await expect(page.locator('.board-area .board-box')).toBeVisible();
  await expect(page.getByTestId('board-place')).toBeHidden();
  await expect(page.locator('.board-area .run-chart')).toHaveCount(0);
  await expect(page.getByTestId('chart-away')).toHaveCount(0);
  await expect(second).toBeHidden();
  expect(await second.evaluate((e) => e.closest('.side-panel') !== null)).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});

test('phone: the board stands above the panel, so the chart keeps its place in the panel', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const card = await startRun(page);
  const chart = page.locator('.run-chart:not([hidden])').first();
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect(chart.getByTestId('chart-large')).toBeVisible();
  // The chart has the button, but it is not shown here.
  await expect(chart.getByTestId('chart-place')).toHaveCount(1);
  await expect(chart.getByRole('button', { name: 'In the board’s place' })).toBeHidden();
  await expect(chart.getByTestId('chart-unplace')).toBeHidden();
  await expect(page.getByTestId('board-place')).toBeHidden();
  await expect(page.locator('.board-area .board-box')).toBeVisible();
  await chart.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await page.screenshot({ path: 'test-results/screens/chart-board-place-phone.png' });
  await card.getByTestId('run-stop').click();
  expect(errors).toEqual([]);
  await context.close();
});

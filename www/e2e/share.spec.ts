import { test, expect, type Page } from '@playwright/test';
import { choosePreset, squarePoint, watchErrors } from './helpers';

// A game you can share: the moves are in the address, so a reload keeps the
// game and a link shows the same game in another browser; a click in the
// move list shows the position after that move.

const board = (page: Page) => page.locator('canvas.board-canvas');
const cursor = async (page: Page) => Number(await board(page).getAttribute('data-cursor'));
const moves = (page: Page) => page.getByTestId('moves').locator('.move');

async function click(page: Page, square: string): Promise<void> {
  const p = await squarePoint(page, square);
  await page.mouse.click(p.x, p.y);
}

test('the moves are in the address: a reload and a link in another browser show the same game; the move list jumps', async ({ page, browser }) => {
  const errors = watchErrors(page);
  await page.goto('/#/othello?first=human&second=human&seed=3');
  await expect(board(page)).toHaveAttribute('data-legal', /\w/);
  for (const [i, sq] of ['f5', 'd6', 'c3', 'd3', 'c4'].entries()) {
    await click(page, sq);
    await expect.poll(() => cursor(page)).toBe(i + 1);
  }
  await expect(page).toHaveURL(/moves=f5\+d6\+c3\+d3\+c4/);
  const counts = [await page.getByTestId('count-0').textContent(), await page.getByTestId('count-1').textContent()];

  // A reload keeps the game.
  await page.reload();
  await expect.poll(() => cursor(page)).toBe(5);
  await expect(moves(page)).toHaveText(['f5', 'd6', 'c3', 'd3', 'c4']);
  expect([await page.getByTestId('count-0').textContent(), await page.getByTestId('count-1').textContent()]).toEqual(counts);

  // A click on the second move shows the position after it; the rest can be redone.
  await moves(page).nth(1).click();
  await expect.poll(() => cursor(page)).toBe(2);
  await expect(page.getByTestId('count-0')).toHaveText('3');
  await expect(page.getByTestId('count-1')).toHaveText('3');
  await expect(page).toHaveURL(/at=2/);

  // The link, opened in another browser, shows that position with the whole record.
  const other = await (await browser.newContext()).newPage();
  await other.goto(page.url());
  await expect.poll(() => cursor(other)).toBe(2);
  await expect(other.getByTestId('moves').locator('.move')).toHaveCount(5);
  await other.getByTestId('redo').click();
  await expect.poll(() => cursor(other)).toBe(3);
  await other.context().close();

  // A link with a move that is not legal stops before it and says so.
  await page.goto('/#/othello?first=human&second=human&seed=3&moves=f5+a1+d6');
  await expect.poll(() => cursor(page)).toBe(1);
  await expect(page.getByRole('alert').filter({ hasText: 'Move 2 of the record (a1)' })).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('importing a file that is already in the library says so and adds nothing; notices stay with their game', async ({ page }, testInfo) => {
  const errors = watchErrors(page);
  await page.goto('/#/hare_hounds?first=human&second=simple&seed=1&delay=0');
  await page.getByRole('tab', { name: 'Train' }).click();
  await choosePreset(page, '3');
  await expect(page.getByTestId('train-start')).toBeEnabled();
  await page.getByTestId('train-start').click();
  const run = page.getByTestId('run').first();
  await expect(run).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  await expect(run).toHaveAttribute('data-saved', 'true');
  await page.getByRole('tab', { name: 'Models' }).click();
  const model = page.getByTestId('model');
  await expect(model).toHaveCount(1);
  const name = await model.getByTestId('model-name').textContent();
  const [download] = await Promise.all([page.waitForEvent('download'), model.getByTestId('model-export').click()]);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  await page.getByTestId('model-import').setInputFiles(file);
  await expect(page.getByTestId('models-status')).toContainText(`already in the library as “${name}”`);
  await expect(model).toHaveCount(1);

  // A file that is not a model is said once, beside the drop zone.
  await page.getByTestId('model-import').setInputFiles({ name: 'junk.selfplay', mimeType: 'application/octet-stream', buffer: Buffer.from('not a model') });
  await expect(page.getByTestId('models-status')).toContainText('junk.selfplay was not imported');
  await expect(page.locator('.notice-error')).toHaveCount(0);
  // A notice raised in one game (a model of another game, offered to its own) does not follow the visitor to another.
  await page.goto('/#/othello?tab=models');
  await page.getByTestId('model-import').setInputFiles(file);
  await expect(page.locator('.notice-error')).toHaveCount(1);
  await page.goto('/#/connect4');
  await expect(page.locator('canvas.board-canvas')).toBeVisible();
  await expect(page.locator('.notice-error')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a game link followed while the last game is still loading wins: the address and the view stay on the new game', async ({ page }) => {
  const errors = watchErrors(page);
  for (let i = 0; i < 3; i++) {
    await page.goto('/#/othello?first=human&second=human&seed=1&moves=f5+d6+c3+d3+c4');
    // At once, before the Othello game has been replayed into the engine.
    await page.goto('/#/connect4?first=human&second=human&seed=1');
    await expect(page.locator('canvas.board-canvas')).toHaveAttribute('data-rows', '6');
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => location.hash)).toMatch(/^#\/connect4\?/);
    await expect(page).toHaveTitle(/Connect Four/);
    await page.goto('/#/');
  }
  expect(errors).toEqual([]);
});

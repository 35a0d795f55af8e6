import { test, expect } from '@playwright/test';
import { examplesPort } from '../playwright.config';

// examples/minimal.html uses pkg/ directly, as another site would: a whole game
// of Othello against MSB in a worker, by clicking.
test('examples/minimal.html: a whole Othello game against MSB on pkg/ in a worker', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`http://127.0.0.1:${examplesPort}/examples/minimal.html`);
  const status = page.locator('#status');
  await expect(status).toHaveText('Your move (Black).');
  await expect(page.locator('#board button')).toHaveCount(64);
  const discs = () => page.locator('#board button').filter({ hasText: /⚫|⚪/ }).count();
  expect(await discs()).toBe(4);

  for (let turn = 0; turn < 40; turn++) {
    const text = await status.textContent();
    if (text !== 'Your move (Black).') break;
    const before = await discs();
    await page.locator('#board button.legal').first().click();
    await expect(status).not.toHaveText('MSB is thinking…');
    // The visitor's disc and at least MSB's reply (unless the game ended) are on the board.
    expect(await discs()).toBeGreaterThan(before);
  }
  await expect(status).toHaveText(/wins|draw/i);
  expect(await discs()).toBeGreaterThan(10);
  expect(errors).toEqual([]);
});

// End-to-end: "How fast is this browser?" at the bottom of the Train tab
// trains the game's first kind of run in one pool worker and then in N at
// once (N: the cores the browser reports, at most 8), reports games per
// second and the speed-up, saves nothing, and can be cancelled.

import { expect, test } from '@playwright/test';
import { watchErrors } from './helpers';

test('the benchmark reports a positive rate for one and for N workers, saves nothing, and can be cancelled', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/connect4?tab=train&benchMs=1000');
  const bench = page.getByTestId('bench');
  // Collapsed until opened; opened by keyboard.
  await expect(page.getByTestId('bench-start')).toBeHidden();
  await bench.locator('summary').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('bench-start').click();
  await expect(page.getByTestId('bench-cancel')).toBeVisible();
  // The runs go to workers of the run pool, not to the page's thread.
  await expect.poll(() => page.workers().filter((w) => w.url().includes('pool.worker')).length).toBeGreaterThanOrEqual(1);
  await expect(bench).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  const n = await page.evaluate(() => Math.max(1, Math.min(8, navigator.hardwareConcurrency || 2)));
  expect(Number(await bench.getAttribute('data-workers'))).toBe(n);
  const one = Number(await bench.getAttribute('data-rate1'));
  const many = Number(await bench.getAttribute('data-rate-n'));
  console.log(`benchmark, Connect Four: 1 worker ${one.toFixed(0)} games/s, ${n} workers ${many.toFixed(0)} games/s, × ${(many / one).toFixed(2)}`);
  expect(one).toBeGreaterThan(0);
  expect(many).toBeGreaterThan(0);
  await expect(page.getByTestId('bench-one')).toHaveText(/^[\d,]+ games\/s$/);
  if (n > 1) {
    await expect(page.getByTestId('bench-many')).toHaveText(/^[\d,]+ games\/s$/);
    await expect(page.getByTestId('bench-ratio')).toHaveText(`× ${(many / one).toFixed(2)}`);
  }
  // Its workers are ended, no run card appeared and nothing was saved.
  await expect.poll(() => page.workers().filter((w) => w.url().includes('pool.worker')).length).toBe(0);
  await expect(page.getByTestId('run')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Models' }).click();
  await expect(page.getByTestId('model-list')).toHaveAttribute('data-count', '0');
  await page.getByRole('tab', { name: 'Train' }).click();

  // Cancel: the measurement stops at once and says so; it can start again.
  // Measured for 10 s a worker here, so that it is still going when Cancel
  // is pressed (1 s a worker could be over first on a busy machine).
  await page.goto('/#/connect4?tab=train&benchMs=10000');
  // (The game's Train panel is kept across views: the box may still be open.)
  await bench.evaluate((d) => ((d as HTMLDetailsElement).open = true));
  await page.getByTestId('bench-start').click();
  await expect(page.getByTestId('bench-status')).toContainText('Measuring one worker');
  await page.getByTestId('bench-cancel').click();
  await expect(bench).toHaveAttribute('data-state', 'cancelled');
  await expect(page.getByTestId('bench-status')).toHaveText('Cancelled.');
  await expect(page.getByTestId('bench-result')).toBeHidden();
  await expect(page.getByTestId('bench-start')).toBeEnabled();
  await expect.poll(() => page.workers().filter((w) => w.url().includes('pool.worker')).length).toBe(0);
  expect(errors).toEqual([]);
});

// End-to-end: curves that last, and a chart a class can read. A finished
// run's curves are kept with its model: after a reload the Models tab
// reopens them, with the same points. Any chart opens in a large view that
// fills the window (Escape or Close leaves it) and exports its points as CSV
// and itself as a PNG image. At 1366×768 and 390×844.

import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { watchErrors } from './helpers';

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 768 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
];

/** The large view of the first chart fills the window; `how` leaves it. */
async function largeView(page: Page, scope: string, how: 'Escape' | 'button'): Promise<void> {
  const chart = page.locator(`${scope} .run-chart:not([hidden])`).first();
  await chart.getByTestId('chart-large').click();
  const full = page.locator('.chart-full');
  await expect(full).toHaveCount(1);
  const vp = page.viewportSize()!;
  const box = (await full.boundingBox())!;
  expect(box.x).toBeLessThanOrEqual(0.5);
  expect(box.y).toBeLessThanOrEqual(0.5);
  expect(box.width).toBeGreaterThanOrEqual(vp.width - 1);
  expect(box.height).toBeGreaterThanOrEqual(vp.height - 1);
  // The plot itself takes most of the window.
  await expect
    .poll(async () => {
      const c = (await full.locator('canvas').first().boundingBox())!;
      return c.width >= vp.width * 0.85 && c.height >= vp.height * 0.4;
    })
    .toBe(true);
  // Nothing of the page shows through: the middle of the window is the chart's.
  const top = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('.chart-full') !== null, [vp.width / 2, vp.height / 2]);
  expect(top).toBe(true);
  // The page behind is inert: the tab bar and the header take no focus or clicks.
  expect(await page.evaluate(() => [document.querySelector('[role="tablist"]'), document.querySelector('header')].map((e) => e?.closest('[inert]') != null))).toEqual([true, true]);
  const tabTakesFocus = () =>
    page.evaluate(() => {
      const tab = document.querySelector<HTMLElement>('[role="tab"]')!;
      tab.focus();
      return document.activeElement === tab;
    });
  expect(await tabTakesFocus()).toBe(false);
  if (how === 'Escape') await page.keyboard.press('Escape');
  else await full.getByTestId('chart-close').click();
  await expect(page.locator('.chart-full')).toHaveCount(0);
  await expect(chart.getByTestId('chart-large')).toBeFocused();
  // Closed, nothing is left inert.
  await expect(page.locator('[inert]')).toHaveCount(0);
  expect(await tabTakesFocus()).toBe(true);
}

for (const size of SIZES) {
  test(`${size.name}: a finished run's curves are kept with its model, and any chart opens large and exports`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch, serviceWorkers: 'block', acceptDownloads: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/#/tictactoe?tab=train');
    await page.getByTestId('train-games').fill('3000');
    await page.getByTestId('train-eval_every').fill('500');
    await page.getByTestId('train-start').click();
    const card = page.getByTestId('run');
    await expect(card).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
    await expect(card).toHaveAttribute('data-saved', 'true');
    const points = Number(await card.getAttribute('data-points'));
    expect(points).toBeGreaterThanOrEqual(5);

    // The Train tab's chart: large view, left with Escape and with Close.
    await largeView(page, '.train', 'Escape');
    await largeView(page, '.train', 'button');

    // Exports: the points as CSV (one row per point of each line), the chart as a PNG.
    const chart = page.locator('.train .run-chart:not([hidden])').first();
    const lines = Number(await chart.getAttribute('data-lines'));
    expect(lines).toBeGreaterThan(0);
    // Its kind of chart, to open the same one among the saved curves (on a wide screen the first went to the board's place after Start).
    const spec = (await chart.getAttribute('data-chart'))!.split('.').slice(1).join('.');
    const [csv] = await Promise.all([page.waitForEvent('download'), chart.getByTestId('chart-csv').click()]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const rows = readFileSync((await csv.path()), 'utf8').trim().split('\n');
    expect(rows[0]).toMatch(/^curve,/);
    expect(rows.length - 1).toBe(lines * points);
    const [png] = await Promise.all([page.waitForEvent('download'), chart.getByTestId('chart-png').click()]);
    expect(png.suggestedFilename()).toMatch(/\.png$/);
    const image = readFileSync((await png.path()));
    expect([...image.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(image.length).toBeGreaterThan(2000);

    // After a reload the run's card is gone; its model in the Models tab reopens its curves.
    await page.reload();
    await page.getByRole('tab', { name: 'Models' }).click();
    const model = page.getByTestId('model');
    await expect(model).toHaveCount(1);
    await model.getByTestId('model-curve').click();
    const view = page.getByTestId('curves-view');
    await expect(view).toBeVisible();
    const saved = view.locator(`.run-chart[data-chart="${spec}"]`);
    await expect(saved).toHaveAttribute('data-lines', String(lines));
    await expect(saved.locator('canvas').first()).toBeVisible();
    const [again] = await Promise.all([page.waitForEvent('download'), saved.getByTestId('chart-csv').click()]);
    expect(readFileSync((await again.path()), 'utf8').trim().split('\n')).toEqual(rows);
    // Its charts open large too; Escape leaves the large view first, then the curves.
    await largeView(page, '[data-testid="curves-view"]', 'Escape');
    await page.keyboard.press('Escape');
    await expect(view).toHaveCount(0);
    await expect(model.getByTestId('model-curve')).toBeFocused();

    // A run cut off by a reload keeps its curves in its checkpoint: the offer to resume it shows them.
    await page.getByRole('tab', { name: 'Train' }).click();
    await page.getByTestId('train-games').fill('1000000');
    await page.getByTestId('train-eval_every').fill('500');
    await page.getByTestId('train-start').click();
    const running = page.getByTestId('run');
    await expect.poll(async () => Number(await running.getAttribute('data-points')), { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
    await running.getByTestId('run-pause').click();
    await expect(running).toHaveAttribute('data-status', 'paused');
    const kept = Number(await running.getAttribute('data-checkpoint'));
    await page.reload();
    await page.getByRole('tab', { name: 'Train' }).click();
    const offer = page.getByTestId('resume-offer');
    await expect(offer).toHaveCount(1);
    await offer.getByTestId('resume-curve').click();
    await expect(view).toBeVisible();
    const cut = view.locator('.run-chart').first();
    await expect(cut).toHaveAttribute('data-lines', String(lines));
    const [last] = await Promise.all([page.waitForEvent('download'), cut.getByTestId('chart-csv').click()]);
    const xs = readFileSync(await last.path(), 'utf8').trim().split('\n').slice(1).map((r) => Number(r.split(',').at(-3)));
    expect(Math.max(...xs)).toBeLessThanOrEqual(kept);
    expect(Math.max(...xs)).toBeGreaterThanOrEqual(1000);
    await view.getByTestId('curves-close').click();
    await expect(view).toHaveCount(0);
    await offer.getByTestId('discard-run').click();
    await expect(offer).toHaveCount(0);
    expect(errors).toEqual([]);
    await context.close();
  });
}

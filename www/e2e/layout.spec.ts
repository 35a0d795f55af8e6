// End-to-end: on a phone-sized screen no view scrolls sideways — not the
// landing page, not any tab of a game, and not while training runs add
// their cards, curves and buttons. Wide content (the header's game list)
// scrolls inside its own box.

import { expect, test, type Page } from '@playwright/test';
import { choosePreset, stopIfGoing, watchErrors } from './helpers';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

/** Elements of the main view whose right edge passes the screen's. */
async function overflow(page: Page): Promise<{ scrollWidth: number; width: number; wide: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('main *')]
      .filter((e) => {
        const b = e.getBoundingClientRect();
        return b.width > 0 && b.right > width + 1;
      })
      .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`);
    return { scrollWidth: document.documentElement.scrollWidth, width, wide: wide.slice(0, 5) };
  });
}

async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const o = await overflow(page);
  expect(o.wide, `${where}: elements past the right edge`).toEqual([]);
  expect(o.scrollWidth, `${where}: page width`).toBeLessThanOrEqual(o.width);
}

test('a phone-sized screen never scrolls sideways', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/');
  await expect(page.getByRole('link', { name: /Othello/ }).first()).toBeVisible();
  await expectNoSidewaysScroll(page, 'landing');

  await page.goto('/#/othello?tab=train&delay=0');
  await expect(page.getByTestId('train-start')).toBeVisible();
  await expectNoSidewaysScroll(page, 'Othello, Train');
  // Long enough to be still training when it is stopped below.
  await page.getByTestId('train-games').fill('1000000');
  await page.getByTestId('train-eval_every').fill('500');
  await page.getByTestId('train-eval_games').fill('20');
  await page.getByTestId('train-start').click();
  const run = page.getByTestId('run').first();
  await expect.poll(async () => Number(await run.getAttribute('data-points')), { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
  await expectNoSidewaysScroll(page, 'Othello, a run training');
  await page.getByTestId('run-stop').click();
  for (const tab of ['Play', 'Models']) {
    await page.getByRole('tab', { name: tab }).click();
    await expectNoSidewaysScroll(page, `Othello, ${tab}`);
  }

  // From the scrolled Models tab to another game by the header's link: the
  // new view starts at its top.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('navigation', { name: 'Games' }).getByRole('link', { name: 'Hare and Hounds' }).click();
  await expect(page.getByTestId('board')).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goto('/#/hare_hounds?first=human&second=simple&seed=1&delay=0');
  await expect(page.getByTestId('board')).toBeVisible();
  await expectNoSidewaysScroll(page, 'Hare and Hounds, Play');
  await page.getByRole('tab', { name: 'Train' }).click();
  await expectNoSidewaysScroll(page, 'Hare and Hounds, Train');
  await choosePreset(page, '3');
  await expect(page.getByTestId('preset-sentence')).toBeVisible();
  await expect(page.getByTestId('train-start')).toBeEnabled();
  await page.getByTestId('train-start').click();
  const row = page.getByTestId('run');
  await expect.poll(async () => Number(await row.getAttribute('data-points')), { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
  await expectNoSidewaysScroll(page, 'Hare and Hounds, an experiment running');
  // (Its 10,000 games may be over by now on a busy machine: no Stop to press then.)
  await stopIfGoing(row);
  await page.getByRole('tab', { name: 'Models' }).click();
  await expectNoSidewaysScroll(page, 'Hare and Hounds, Models');
  expect(errors).toEqual([]);
});

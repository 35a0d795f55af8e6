// Offline and installable: after one visit the service worker has copied the
// site, its engines and every game's ready-made agents (the header says when:
// "Available offline"); with the network cut, a game never opened before
// plays its default opponent, a reload still plays, and training works. At
// a laptop's and a phone's size.

import { expect, test, type Browser } from '@playwright/test';
import { squarePoint, watchErrors } from './helpers';

const SIZES = [
  { name: 'laptop', viewport: { width: 1366, height: 768 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
];

async function open(browser: Browser, size: (typeof SIZES)[number]) {
  const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch, serviceWorkers: 'allow' });
  return { context, page: await context.newPage() };
}

for (const size of SIZES) {
  test(`after one visit a game never opened plays its default opponent offline (${size.name})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const { context, page } = await open(browser, size);
    const errors = watchErrors(page);
    await page.goto('/#/othello?delay=0');
    await expect(page.locator('canvas.board-canvas')).toHaveAttribute('data-legal', /\w/);
    // The header says when every game is available offline.
    const state = page.getByTestId('offline-state');
    await expect(state).toHaveAttribute('data-state', 'ready', { timeout: 120_000 });
    await expect(state).toBeVisible();
    if (!size.touch) {
      // At the header's right end, apart from the games' names.
      const s = (await state.boundingBox())!;
      const h = (await page.locator('.site-header').boundingBox())!;
      expect(s.x + s.width).toBeGreaterThan(h.x + h.width - 40);
    }
    await page.screenshot({ path: `test-results/screens/offline-ready-${size.name === 'laptop' ? 'desktop' : 'phone'}.png` });

    await context.setOffline(true);
    // Connect Four, never opened: its ready-made table plays Red, the visitor Yellow.
    await page.locator('nav[aria-label="Games"]').getByRole('link', { name: 'Connect Four' }).click();
    const board = page.locator('canvas.board-canvas');
    await expect.poll(async () => Number(await board.getAttribute('data-cursor')), { timeout: 30_000 }).toBe(1);
    await expect(board).toHaveAttribute('data-legal', /\w/);
    const col = await squarePoint(page, 'd1');
    if (size.touch) await page.touchscreen.tap(col.x, col.y);
    else await page.mouse.click(col.x, col.y);
    // The table answers.
    await expect.poll(async () => Number(await board.getAttribute('data-cursor')), { timeout: 30_000 }).toBe(3);
    await expect(page.locator('.notice-error')).toHaveCount(0);
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('after one visit the playground loads, plays and trains offline; it can be installed', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await open(browser, SIZES[0]);
  const errors = watchErrors(page);
  await page.goto('/#/othello?first=human&second=random&seed=1&delay=0');
  await expect(page.locator('canvas.board-canvas')).toHaveAttribute('data-legal', /\w/);
  await expect(page.getByTestId('offline-state')).toHaveAttribute('data-state', 'ready', { timeout: 120_000 });
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel=manifest]');
    return link ? ((await (await fetch(link.href)).json()) as { name: string; start_url: string; display: string; icons: unknown[] }) : null;
  });
  expect(manifest).toMatchObject({ start_url: './', display: 'standalone' });
  expect(manifest!.icons.length).toBeGreaterThan(0);

  await context.setOffline(true);
  await page.reload();
  const board = page.locator('canvas.board-canvas');
  await expect(board).toHaveAttribute('data-legal', /\w/);
  const p = await squarePoint(page, 'f5');
  await page.mouse.click(p.x, p.y);
  await expect.poll(async () => Number(await board.getAttribute('data-cursor'))).toBe(2);
  // Training works too: the workers load the cached modules.
  await page.getByRole('tab', { name: 'Train' }).click();
  await page.getByTestId('train-games').fill('2000');
  await page.getByTestId('train-eval_every').fill('1000');
  await page.getByTestId('train-eval_games').fill('10');
  await page.getByTestId('train-start').click();
  await expect(page.getByTestId('run').first()).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  expect(errors).toEqual([]);
  await context.close();
});

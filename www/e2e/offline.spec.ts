import { test, expect } from '@playwright/test';
import { squarePoint, watchErrors } from './helpers';

// Offline and installable: after one visit the service worker has cached the
// site and the wasm module; with the network cut, a reload still plays and
// trains.

test('after one visit the playground works offline: it loads, plays and trains; it can be installed', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/#/othello?first=human&second=random&seed=1&delay=0');
  await expect(page.locator('canvas.board-canvas')).toHaveAttribute('data-legal', /\w/);
  // The service worker is installed and has cached the build.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(async () => (await caches.keys()).length > 0 && (await (await caches.open('selfplay-v1')).keys()).length))
    .toBeGreaterThanOrEqual(8);
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
  // Training works too: the workers load the cached module.
  await page.getByRole('tab', { name: 'Train' }).click();
  await page.getByTestId('train-games').fill('2000');
  await page.getByTestId('train-eval_every').fill('1000');
  await page.getByTestId('train-eval_games').fill('10');
  await page.getByTestId('train-start').click();
  await expect(page.getByTestId('run').first()).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  expect(errors).toEqual([]);
  await context.close();
});

// End-to-end: the first minute on a slow link, in every game. With
// Chromium's network throttled to 1.6 Mbps down and 150 ms of latency (a
// slow mobile link), from an empty cache, a game's page draws its board
// within 1.5 s — the frame, the games and the start position come with the
// page's code — and a person can move within 4 s: the engine's module
// arrives compressed, compiled as it downloads, its progress on a bar
// meanwhile; where the default opponent moves first, its first move comes
// with the list of ready-made agents, and its file after the engine. At a
// laptop's and a phone's size. Wall-clock checks, on a throttled link whose
// time dominates: each is measured once per game and size.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { squarePoint, watchErrors } from './helpers';

const SIZES = [
  { name: 'laptop', viewport: { width: 1366, height: 768 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
];

/** 1.6 Mbps, 150 ms: DevTools' "slow 4G"-like link, in bytes per second. */
const LINK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };

async function throttled(browser: Browser, size: (typeof SIZES)[number]) {
  const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', LINK);
  return { context, page };
}

/** A click, or a tap on a touch screen, at a point of the page. */
async function press(page: Page, touch: boolean, p: { x: number; y: number }): Promise<void> {
  if (touch) await page.touchscreen.tap(p.x, p.y);
  else await page.mouse.click(p.x, p.y);
}

/** Every game the engine lists (pkg/start.json, written by scripts/build-wasm.sh). */
const GAMES = (
  JSON.parse(readFileSync(fileURLToPath(new URL('../../pkg/start.json', import.meta.url)), 'utf8')) as { games: { id: string; built: boolean }[] }
).games.filter((g) => g.built);

/**
 * A person's first legal move, whatever the game: on a grid, a click (or a
 * tap, and a second tap where the first only shows the stone) on the first
 * legal square; on a graph of points, a piece that can move picked up
 * (unless it is picked up already, the only one that can) and put on the
 * first legal target.
 */
async function firstMove(page: Page, touch: boolean): Promise<void> {
  const grid = page.locator('canvas.board-canvas');
  if ((await grid.count()) > 0) {
    const square = (await grid.getAttribute('data-legal-squares'))!.split(' ')[0];
    const cursor = await grid.getAttribute('data-cursor');
    const p = await squarePoint(page, square);
    await press(page, touch, p);
    if (touch && (await grid.getAttribute('data-cursor')) === cursor && (await page.getByTestId('pending-place').isVisible())) await press(page, touch, p);
    return;
  }
  const click = async (l: Locator) => (touch ? l.tap() : l.click());
  const target = page.locator('[data-point][data-target="true"]');
  if ((await target.count()) === 0) await click(page.locator('[data-point].movable').first());
  await click(target.first());
}

for (const game of GAMES) {
  for (const size of SIZES) {
    test(`${game.id}: on a 1.6 Mbps link the board is drawn within 1.5 s and takes a move within 4 s (${size.name}) @timing`, async ({ browser }) => {
      const { context, page } = await throttled(browser, size);
      const errors = watchErrors(page);
      await page.goto(`/#/${game.id}`);
      const board = page.locator('canvas.board-canvas, [data-testid="board"]');
      // The board, from the page's own code, before the engine.
      await page.waitForFunction(() => performance.getEntriesByName('board-drawn', 'mark').length > 0, null, { timeout: 20_000 });
      const drawn = await page.evaluate(() => Math.round(performance.getEntriesByName('board-drawn', 'mark')[0].startTime));
      await expect(board).toBeVisible();
      await expect(board).toBeInViewport();
      // The engine's download shows as a bar while the board waits for it (the first game's screenshot).
      if (game === GAMES[0]) await page.screenshot({ path: `test-results/screens/slow-link-${size.name === 'laptop' ? 'desktop' : 'phone'}.png` });
      // A person to move, with legal moves, and nothing under way (after the default opponent's first move where it moves first).
      await page.waitForFunction(
        () => {
          const b = document.querySelector('canvas.board-canvas, [data-testid="board"]');
          return !!b && (!!b.getAttribute('data-legal') || b.getAttribute('data-interactive') === 'true') && document.querySelector('.play')?.getAttribute('data-busy') === 'false';
        },
        null,
        { timeout: 20_000, polling: 50 },
      );
      const movable = await page.evaluate(() => Math.round(performance.now()));
      await expect(page.getByTestId('engine-progress')).toBeHidden();
      // And the move is taken.
      const before = Number(await board.getAttribute('data-cursor'));
      await firstMove(page, size.touch);
      await expect.poll(async () => Number(await board.getAttribute('data-cursor'))).toBeGreaterThan(before);
      // The bytes of each game's first load: scripts/first-load.mjs.
      console.log(`${game.id} ${size.name}: board drawn at ${drawn} ms, a move possible at ${movable} ms`);
      expect(drawn).toBeLessThanOrEqual(1_500);
      expect(movable).toBeLessThanOrEqual(4_000);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
}

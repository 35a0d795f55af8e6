// End-to-end: the first minute on a slow link. With Chromium's network
// throttled to 1.6 Mbps down and 150 ms of latency (a slow mobile link),
// from an empty cache, a game's page draws its board within 1.5 s — the
// frame, the games and the start position come with the page's code — and
// a move can be made within 4 s: the engine's module arrives compressed,
// compiled as it downloads, its progress on a bar meanwhile. At a laptop's
// and a phone's size. Wall-clock checks, on a throttled link whose time
// dominates: each is measured once per size.

import { expect, test, type Browser } from '@playwright/test';
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
  // The bytes that came over the link, per file (compressed as sent).
  const sizes = new Map<string, number>();
  cdp.on('Network.loadingFinished', (e) => sizes.set(e.requestId, e.encodedDataLength));
  return { context, page, sizes };
}

for (const size of SIZES) {
  test(`on a 1.6 Mbps link the board is drawn within 1.5 s and takes a move within 4 s (${size.name}) @timing`, async ({ browser }) => {
    const { context, page, sizes } = await throttled(browser, size);
    const errors = watchErrors(page);
    await page.goto('/#/othello');
    const board = page.locator('canvas.board-canvas');
    // The board, from the page's own code, before the engine.
    await page.waitForFunction(() => performance.getEntriesByName('board-drawn', 'mark').length > 0, null, { timeout: 20_000 });
    const drawn = await page.evaluate(() => Math.round(performance.getEntriesByName('board-drawn', 'mark')[0].startTime));
    await expect(board).toBeVisible();
    await expect(board).toBeInViewport();
    // The engine's download shows as a bar while the board waits for it.
    await page.screenshot({ path: `test-results/screens/slow-link-${size.name === 'laptop' ? 'desktop' : 'phone'}.png` });
    await expect(board).toHaveAttribute('data-legal', /\w/, { timeout: 20_000 });
    const movable = await page.evaluate(() => Math.round(performance.now()));
    await expect(page.getByTestId('engine-progress')).toBeHidden();
    // And the move is taken.
    const p = await squarePoint(page, 'f5');
    if (size.touch) await page.touchscreen.tap(p.x, p.y);
    else await page.mouse.click(p.x, p.y);
    await expect.poll(async () => Number(await board.getAttribute('data-cursor'))).toBeGreaterThanOrEqual(1);
    const bytes = [...sizes.values()].reduce((a, b) => a + b, 0);
    console.log(`${size.name}: board drawn at ${drawn} ms, a move possible at ${movable} ms, ${bytes} bytes over the link`);
    expect(drawn).toBeLessThanOrEqual(1_500);
    expect(movable).toBeLessThanOrEqual(4_000);
    expect(errors).toEqual([]);
    await context.close();
  });
}

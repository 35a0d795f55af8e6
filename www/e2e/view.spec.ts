import { test, expect, type Browser, type Locator, type Page } from '@playwright/test';
import { squarePoint, watchErrors } from './helpers';

// The view never gets lost: at a laptop and a phone size, the element a
// visitor needs next is inside the viewport and not covered (by the sticky
// header or anything else) after a move, after Start training and after
// "Play against".

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 768 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
];

async function open(browser: Browser, size: (typeof SIZES)[number]): Promise<Page> {
  const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });
  return context.newPage();
}

/** Whether the point (viewport coordinates) is on screen and the topmost element there is inside `selector`. */
async function reachable(page: Page, p: { x: number; y: number }, selector: string): Promise<boolean> {
  return page.evaluate(
    ({ x, y, selector }) => {
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
      const hit = document.elementFromPoint(x, y);
      return !!hit && !!hit.closest(selector);
    },
    { ...p, selector },
  );
}

async function centre(l: Locator): Promise<{ x: number; y: number }> {
  const b = await l.boundingBox();
  if (!b) throw new Error('not laid out');
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** The board's corner squares on the top row can be clicked. */
async function topRowReachable(page: Page): Promise<boolean> {
  for (const sq of ['a1', 'h1']) if (!(await reachable(page, await squarePoint(page, sq), 'canvas.board-canvas'))) return false;
  return true;
}

for (const size of SIZES) {
  test(`${size.name}: after every move the board's top row stays on screen and uncovered`, async ({ browser }) => {
    const page = await open(browser, size);
    const errors = watchErrors(page);
    await page.goto('/#/othello?first=human&second=mvb&seed=4&delay=0');
    const canvas = page.locator('canvas.board-canvas');
    await expect(canvas).toHaveAttribute('data-legal', /\w/);
    // Twelve moves of Black, each one a square clicked or tapped on the board.
    for (let i = 0; i < 12; i++) {
      await expect(page.locator('.play')).toHaveAttribute('data-to-move', '0');
      const legal = (await canvas.getAttribute('data-legal'))!.split(' ').filter(Boolean);
      expect(legal.length, `Black has a square to play at move ${i + 1}`).toBeGreaterThan(0);
      const before = Number(await canvas.getAttribute('data-cursor'));
      const p = await squarePoint(page, legal[0]);
      if (size.touch) await page.touchscreen.tap(p.x, p.y);
      else await page.mouse.click(p.x, p.y);
      await expect.poll(async () => Number(await canvas.getAttribute('data-cursor'))).toBeGreaterThan(before);
      expect(await topRowReachable(page), `after move ${i + 1}`).toBe(true);
    }
    // Black's twelve moves and MVB's replies are on the board.
    await expect(canvas).toHaveAttribute('data-cursor', '24');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test(`${size.name}: after Start training the run's controls are on screen; Play against shows the whole board`, async ({ browser }) => {
    const page = await open(browser, size);
    const errors = watchErrors(page);
    // The chart's code comes 6 s late, as on a loaded machine or a slow
    // link: the run's card must be in view by itself, not only once its
    // chart is drawn and brought into view.
    await page.route(/\/curve-chart-[^/]*\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 6000));
      await route.continue();
    });
    await page.goto('/#/othello?tab=train');
    // A run long enough to be still training while its controls are checked
    // (a short one can finish first, and a finished card grows).
    await page.getByTestId('train-games').fill('1000000');
    await page.getByTestId('train-eval_every').fill('1000');
    await page.getByTestId('train-eval_games').fill('10');
    // From Start on, at every frame: where the Stop button is on the page.
    await page.evaluate(() => {
      const w = window as unknown as { __stopTops: number[] };
      w.__stopTops = [];
      const t0 = performance.now();
      const look = () => {
        const b = document.querySelector('[data-testid=run-stop]');
        if (b) w.__stopTops.push(Math.round(b.getBoundingClientRect().top + scrollY));
        if (performance.now() - t0 < 6000) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.getByTestId('train-start').click();
    const run = page.getByTestId('run').first();
    // Its worker starts first (the engine's module fetched and compiled): on a busy machine more than 5 s.
    await expect(run).toHaveAttribute('data-status', 'running', { timeout: 30_000 });
    // What the visitor needs next: the run's progress and its buttons.
    await expect.poll(async () => reachable(page, await centre(run.getByTestId('run-status')), '[data-testid=run]')).toBe(true);
    await expect.poll(async () => reachable(page, await centre(run.getByTestId('run-stop')), '[data-testid=run-stop]')).toBe(true);
    // And they stay there while the card fills in (its description, its
    // snapshots): brought only as far as its bottom edge, the card once grew
    // above its buttons and pushed them out of view until its chart came.
    // Each look finds the button and what a click at its centre hits in one task of the page.
    const seen: boolean[] = [];
    for (let i = 0; i < 30; i++) {
      seen.push(
        await run.getByTestId('run-stop').evaluate((b) => {
          const r = b.getBoundingClientRect();
          const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
          return x >= 0 && y >= 0 && x < innerWidth && y < innerHeight && b.contains(document.elementFromPoint(x, y));
        }),
      );
      await page.waitForTimeout(100);
    }
    // The lines above it are rewritten at every report: the button may move
    // down as the card fills in, but never back up by a line.
    const tops = await page.evaluate(() => (window as unknown as { __stopTops: number[] }).__stopTops);
    expect(tops.length).toBeGreaterThan(10);
    for (let i = 1; i < tops.length; i++) expect(tops[i], `Stop moved up at frame ${i}: ${tops.slice(0, i + 1).join(' ')}`).toBeGreaterThanOrEqual(tops[i - 1] - 1);
    expect(seen.indexOf(false), 'Stop left the screen after Start').toBe(-1);
    // On a wide screen its curve is beside it, in the board's place; on a phone under it.
    const plot = page.locator('.run-chart:not([hidden]) canvas').first();
    // Its code comes 6 s after it was asked for (the route above), then it is drawn.
    await expect(plot).toBeInViewport({ ratio: 0.9, timeout: 30_000 });
    if (!size.touch) expect(await plot.evaluate((e) => e.closest('.board-area') !== null)).toBe(true);
    await expect(run).toHaveAttribute('data-status', 'running');
    await expect.poll(async () => Number((await run.getByTestId('run-stats').textContent())?.replace(/,/g, '').match(/^\d+/)?.[0] ?? 0)).toBeGreaterThan(0);
    await run.getByTestId('run-stop').click();
    await expect(run).toHaveAttribute('data-status', 'stopped');
    await run.getByTestId('run-play').click();
    await expect(page.getByRole('tab', { name: 'Play' })).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => topRowReachable(page)).toBe(true);
    const last = await squarePoint(page, 'h8');
    expect(await reachable(page, last, 'canvas.board-canvas')).toBe(true);
    await page.screenshot({ path: `test-results/view-${size.name}-play-against.png` });
    expect(errors).toEqual([]);
    await page.context().close();
  });
}

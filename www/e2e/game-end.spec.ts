// End-to-end: how a game ended, shown and said. A won Connect6 or Connect
// Four game marks its winning line on the board (a band through its pieces)
// and names it in words, on the status line and to screen readers (the
// board's accessible name); Othello says the final count; Hare and Hounds
// says how the hare was trapped, and marks where. And a tap anywhere on the
// Connect6 board, between points too, takes the nearest free point. At a
// laptop's and a phone's size.

import { expect, test, type Browser } from '@playwright/test';
import { squarePoint, watchErrors } from './helpers';

const SIZES = [
  { name: 'laptop', viewport: { width: 1366, height: 768 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
];

async function open(browser: Browser, size: (typeof SIZES)[number], path: string) {
  const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(path);
  return { context, page, errors };
}

/** Black's six down column J (White's stones scattered), then Red's four along the bottom row. */
const C6_WIN = 'J10 A1 C1 J11 J12 E1 G1 J13 J14 A3 C3 J15';

for (const size of SIZES) {
  const shot = size.name === 'laptop' ? 'desktop' : 'phone';

  test(`Connect6 and Connect Four mark the winning line and name it in words (${size.name})`, async ({ browser }) => {
    const { context, page, errors } = await open(browser, size, `/#/connect6?first=human&second=human&seed=1&moves=${encodeURIComponent(C6_WIN)}`);
    const board = page.locator('canvas.board-canvas');
    await expect(board).toHaveAttribute('data-end-cells', 'j10 j11 j12 j13 j14 j15');
    // In words, each stone as the move list names it.
    await expect(page.getByTestId('turn')).toHaveText('Black wins: six in a row. The winning line: J10, J11, J12, J13, J14, J15.');
    await expect(board).toHaveAccessibleName(/Game over: Black wins: six in a row\. The winning line: j10, j11, j12, j13, j14, j15/);
    // Drawn: the band's blue where the line passes between two of its stones.
    const [a, b] = [await squarePoint(page, 'j12'), await squarePoint(page, 'j13')];
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    const rgb = await board.evaluate((c: HTMLCanvasElement, p) => {
      const r = c.getBoundingClientRect();
      const s = c.width / r.width;
      return [...c.getContext('2d')!.getImageData(Math.round((p.x - r.left) * s), Math.round((p.y - r.top) * s), 1, 1).data].slice(0, 3);
    }, mid);
    expect(rgb[2] - rgb[0], `the band's blue at the line's middle: ${rgb.join(", ")}`).toBeGreaterThan(80);
    await board.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/connect6-won-${shot}.png` });

    await page.goto('/#/connect4?first=human&second=human&seed=1&moves=4 4 5 5 6 6 7');
    const c4 = page.locator('canvas.board-canvas');
    await expect(c4).toHaveAttribute('data-end-cells', /^(\S+ ){3}\S+$/);
    await expect(page.getByTestId('turn')).toHaveText('Red wins: four in a row with its 4th disc. The winning line: column 4, column 5, column 6, column 7.');
    await expect(c4).toHaveAccessibleName(/Game over: Red wins: four in a row/);
    await page.screenshot({ path: `test-results/screens/connect4-won-${shot}.png` });
    expect(errors).toEqual([]);
    await context.close();
  });

  test(`Othello says the final count; Hare and Hounds how the hare was trapped, and where (${size.name})`, async ({ browser }) => {
    // MSB against MVB, to the end.
    const { context, page, errors } = await open(browser, size, '/#/othello?first=msb&second=mvb&seed=1&delay=0');
    await expect(page.getByTestId('turn')).toHaveText(/^(Black|White) wins \d+–\d+\.$|^Draw \d+–\d+\.$/, { timeout: 60_000 });
    // Perfect hounds trap the simple hare on b.
    await page.goto(`/#/hare_hounds?first=human&second=human&seed=1&moves=${encodeURIComponent('g-e R-c a-b c-f b-c f-R c-f R-c L-a c-b f-c')}`);
    const board = page.getByTestId('board');
    await expect(board).toHaveAttribute('data-end-cells', 'b');
    await expect(page.getByTestId('turn')).toHaveText('The hounds win: the hare is trapped, with no free point to step to (at b).');
    await expect(page.locator('[data-point="b"]')).toHaveClass(/\bend\b/);
    await expect(page.locator('svg[role="group"]')).toHaveAccessibleName(/Game over: The hounds win: the hare is trapped, with no free point to step to \(at b\)/);
    await page.screenshot({ path: `test-results/screens/hare-trapped-${shot}.png` });
    expect(errors).toEqual([]);
    await context.close();
  });

  test(`a tap between Connect6 points takes the nearest free one, or says why it cannot (${size.name})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: size.viewport, hasTouch: true, isMobile: size.touch });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/#/connect6?first=human&second=human&seed=1&moves=J10');
    const board = page.locator('canvas.board-canvas');
    await expect(board).toHaveAttribute('data-legal', /K11/);
    await page.waitForFunction(() => document.querySelector('.play')?.getAttribute('data-busy') === 'false');
    // The middle of the square between J10, K10, J11 and K11, a little nearer K11: J10 is taken, K11 is the nearest free point.
    const [j10, k11] = [await squarePoint(page, 'j10'), await squarePoint(page, 'k11')];
    const tap = { x: j10.x + (k11.x - j10.x) * 0.55, y: j10.y + (k11.y - j10.y) * 0.55 };
    await page.touchscreen.tap(tap.x, tap.y);
    // A small-point board shows the stone first (a second tap places it); a large one places it at once.
    await expect.poll(async () => (await board.getAttribute('data-pending')) ?? (await board.getAttribute('data-last-move'))).toMatch(/^(K11|k11)$/);
    if ((await board.getAttribute('data-pending')) === 'K11') await page.touchscreen.tap(tap.x, tap.y);
    await expect(board).toHaveAttribute('data-last-move', 'k11');
    // A tap amid four taken points: the nearest is taken, and it is said.
    await page.goto('/#/connect6?first=human&second=human&seed=1&moves=J10 K10 K11 J11 A1');
    await expect(board).toHaveAttribute('data-legal', /L12/);
    await page.waitForFunction(() => document.querySelector('.play')?.getAttribute('data-busy') === 'false');
    const [p10, p11] = [await squarePoint(page, 'j10'), await squarePoint(page, 'k11')];
    await page.touchscreen.tap((p10.x + p11.x) / 2 + 1, (p10.y + p11.y) / 2 + 1);
    await expect(page.getByTestId('turn')).toHaveText(/^White: [jk]1[01] is taken; pick a free point\.$/);
    await expect(board).toHaveAttribute('data-cursor', '5');
    expect(errors).toEqual([]);
    await context.close();
  });
}

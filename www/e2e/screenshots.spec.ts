// Each game's main view at a laptop and a phone size, a few moves into a
// game: the board and the players are on screen, and the picture is kept.
// `scripts/screenshots.sh` copies the pictures into docs/screenshots/, which
// the README shows.

import { expect, test } from '@playwright/test';
import { watchErrors } from './helpers';

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 768 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
];

/** A few opening moves of each game, in the address's notation. */
const OPENINGS: Record<string, string[]> = {
  othello: ['f5', 'd6', 'c3', 'd3', 'c4', 'f4'],
  connect4: ['4', '4', '3', '5', '3'],
  hare_hounds: ['a-e', 'R-c', 'L-d'],
};

test('every game’s main view, at a laptop and a phone size, shows its board and players', async ({ browser }) => {
  const probe = await browser.newPage();
  await probe.goto('/#/');
  await expect(probe.locator('header nav a[href^="#/"]').first()).toBeVisible();
  // The built games, as the header lists them (coming ones are not links).
  const games = await probe.locator('header nav a[href^="#/"]').evaluateAll((as) => as.map((a) => (a.getAttribute('href') ?? '').slice(2)));
  await probe.close();
  expect(games.length).toBeGreaterThanOrEqual(3);
  for (const game of games) {
    const moves = OPENINGS[game];
    expect(moves, `an opening for ${game} in this file`).toBeDefined();
    for (const size of SIZES) {
      const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`/#/${game}?first=human&second=human&seed=1&moves=${moves.join('+')}`);
      const board = page.locator('.board-canvas, .graph-board').first();
      await expect(board).toBeVisible();
      await expect(page.getByTestId('moves').locator('.move')).toHaveCount(moves.length);
      // The board is wholly on screen, under the header, at both sizes.
      const b = (await board.boundingBox())!;
      const header = (await page.locator('header').boundingBox())!;
      expect(b.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(size.viewport.width);
      expect(b.y + b.height).toBeLessThanOrEqual(size.viewport.height);
      await page.screenshot({ path: `test-results/screens/${game}-${size.name}.png` });
      expect(errors).toEqual([]);
      await context.close();
    }
  }
});

// End-to-end: the smaller things a first visit meets, at a laptop's and a
// phone's size: every game's name whole in the header; the landing page's
// cards in line; after a jump in the move list the board is in view; the
// best moves ringed on a heat map and exact scores in words (in a hint and
// in the exact solver's progress); the keyboard
// cursor starting on a legal move; an exported file's name that says its
// games count once; the hare not marked like a point's name; a tab chosen
// on a phone bringing its panel up.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { selfplay, watchErrors } from './helpers';

const GAMES = (
  JSON.parse(readFileSync(fileURLToPath(new URL('../../pkg/start.json', import.meta.url)), 'utf8')) as {
    games: { id: string; built: boolean; runs: unknown[] }[];
  }
).games.filter((g) => g.built);

const SIZES = [
  { name: 'laptop', viewport: { width: 1366, height: 768 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
];

async function open(browser: Browser, size: (typeof SIZES)[number]): Promise<Page> {
  const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });
  return context.newPage();
}

const board = (page: Page) => page.locator('canvas.board-canvas');
const cursor = async (page: Page) => Number(await board(page).getAttribute('data-cursor'));

for (const size of SIZES) {
  test(`the header names every game whole; the landing cards are in line (${size.name})`, async ({ browser }) => {
    const page = await open(browser, size);
    const errors = watchErrors(page);
    await page.goto('/#/othello');
    await expect(board(page)).toBeVisible();
    const links = page.locator('.site-header nav a');
    expect(await links.count()).toBeGreaterThanOrEqual(5);
    for (const link of await links.all()) {
      const r = await link.evaluate((a) => {
        const b = a.getBoundingClientRect();
        return { left: b.left, right: b.right, cut: a.scrollWidth > a.clientWidth + 1 };
      });
      expect(r.cut, `${await link.getAttribute('href')} is cut`).toBe(false);
      expect(r.left).toBeGreaterThanOrEqual(0);
      expect(r.right, `${await link.getAttribute('href')} ends inside the window`).toBeLessThanOrEqual(size.viewport.width);
      // Its name for screen readers is the game's title.
      await expect(link).toHaveAccessibleName(/^(Othello|Hare and Hounds|Connect Four|Tic-tac-toe|Connect6)$/);
    }

    await page.goto('/#/');
    const cards = page.locator('.game-cards > li');
    const boxes = await Promise.all((await cards.all()).map(async (c) => (await c.boundingBox())!));
    expect(boxes.length).toBeGreaterThanOrEqual(5);
    if (size.touch) {
      // One column: every card as wide as the others and at the same left edge.
      for (const b of boxes) expect([Math.round(b.x), Math.round(b.width)]).toEqual([Math.round(boxes[0].x), Math.round(boxes[0].width)]);
    } else {
      // One row: every card at the same top and as tall as the others.
      for (const b of boxes) expect([Math.round(b.y), Math.round(b.height)]).toEqual([Math.round(boxes[0].y), Math.round(boxes[0].height)]);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test(`a chosen tab brings its panel up under the header, the first game's preset list on screen (${size.name})`, async ({ browser }) => {
    const page = await open(browser, size);
    const errors = watchErrors(page);
    for (const g of GAMES) {
      if (g.runs.length === 0) continue;
      await page.goto(`/#/${g.id}`);
      await expect(page.locator('.board-canvas, .graph-board').first()).toBeVisible();
      await page.getByRole('tab', { name: 'Train' }).click();
      // On a phone the panels are under the board: the chosen tab brings them up, under the header.
      await expect(page.getByRole('tabpanel', { name: 'Train' }), g.id).toBeInViewport();
      if (g === GAMES[0]) await expect(page.getByTestId('train-preset'), g.id).toBeInViewport();
      const header = (await page.locator('.site-header').boundingBox())!;
      expect((await page.getByRole('tab', { name: 'Train' }).boundingBox())!.y, g.id).toBeGreaterThanOrEqual(header.y + header.height - 1);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test(`a link that opens a game on its Train tab shows that panel, its preset list on screen (${size.name})`, async ({ browser }) => {
    const page = await open(browser, size);
    const errors = watchErrors(page);
    const g = GAMES.find((x) => x.runs.length > 0)!;
    await page.goto(`/#/${g.id}?tab=train`);
    await expect(page.getByRole('tab', { name: 'Train' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('train-preset')).toBeInViewport();
    const header = (await page.locator('.site-header').boundingBox())!;
    expect((await page.getByRole('tab', { name: 'Train' }).boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test(`a jump in the move list brings the board into view; the cursor starts on a legal move (${size.name})`, async ({ browser }) => {
    const page = await open(browser, size);
    const errors = watchErrors(page);
    const record = ['f5', 'd6', 'c3', 'd3', 'c4', 'f4', 'f6', 'f3', 'e6', 'e7', 'd7', 'c6'];
    await page.goto(`/#/othello?first=human&second=human&seed=1&moves=${record.join('+')}`);
    await expect.poll(() => cursor(page)).toBe(record.length);
    const moves = page.getByTestId('moves').locator('.move');
    await moves.nth(2).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 200));
    if (size.touch) await moves.nth(2).tap();
    else await moves.nth(2).click();
    await expect.poll(() => cursor(page)).toBe(3);
    await expect(board(page)).toBeInViewport({ ratio: 1 });
    const header = (await page.locator('.site-header').boundingBox())!;
    expect((await board(page).boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height - 1);

    // After f5 d6 c3 d3, d3 — where the cursor starts — is taken; focusing the board puts the cursor on a legal move.
    await page.goto('/#/othello?first=human&second=human&seed=1&moves=f5+d6+c3+d3');
    await expect.poll(() => cursor(page)).toBe(4);
    await board(page).focus();
    await expect(board(page)).toHaveAttribute('aria-label', /Cursor on [a-h][1-8]: empty, legal move/);
    await page.keyboard.press('Enter');
    await expect.poll(() => cursor(page)).toBe(5);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test(`a hint's best moves are ringed and exact scores are in words; the hare is not marked "R" (${size.name})`, async ({ browser }) => {
    const page = await open(browser, size);
    const errors = watchErrors(page);
    await page.goto('/#/connect4?first=human&second=human&seed=1&moves=4+4+4+4+3+3+5+2+2+6+6+6+5+5+5+3');
    await expect.poll(() => cursor(page)).toBe(16);
    await page.getByTestId('hint-player').selectOption('perfect');
    await page.getByTestId('hint').click();
    await expect(page.getByTestId('hint-result')).toContainText('(best)', { timeout: 60_000 });
    const best = (await board(page).getAttribute('data-heat-best'))!.split(' ').filter(Boolean);
    expect(best.length).toBeGreaterThanOrEqual(1);
    // The ringed moves are the best ones of the hint.
    const heat = new Map((await board(page).getAttribute('data-heat'))!.split(' ').map((h) => [h.split(':')[0], Number(h.split(':')[1])] as const));
    const top = Math.max(...heat.values());
    expect(best.sort()).toEqual([...heat].filter(([, v]) => v === top).map(([c]) => c).sort());
    await expect(page.getByTestId('heat-legend')).toContainText('ringed: the best');
    // In words, not a raw number, for the move under the cursor and in the hint.
    await board(page).focus();
    await expect(board(page)).toHaveAttribute('aria-label', /value (wins with its \d+(st|nd|rd|th) disc|loses to the opponent's \d+(st|nd|rd|th) disc|draws)/);
    await expect(page.getByTestId('hint-result')).not.toContainText('.00');
    // The exact solver's progress says its values in words too.
    await page.goto('/#/connect4?first=human&second=human&seed=1&moves=1+5+1+1+4+7+5');
    await expect.poll(() => cursor(page)).toBe(7);
    await page.getByTestId('solve-book').uncheck();
    // Every text the status takes, kept from now on: a progress report is
    // shown until the next, and a busy machine's test may look at none of them.
    await page.getByTestId('solve-status').evaluate((status) => {
      const w = window as unknown as { __said: string[] };
      w.__said = [];
      new MutationObserver(() => w.__said.push(status.textContent ?? '')).observe(status, { childList: true, characterData: true, subtree: true });
    });
    await page.getByTestId('solve').click();
    const inWords = /\((value [+-]?\d+: (wins with|loses to|draws)|its value is between [+-]?\d+: (wins with|loses to|draws)[^)]* and [+-]?\d+: (wins with|loses to|draws))/;
    await expect
      .poll(async () => (await page.evaluate(() => (window as unknown as { __said: string[] }).__said)).some((t) => inWords.test(t)), { timeout: 60_000 })
      .toBe(true);
    // (Leaving the game's view ends the solve: its worker is stopped.)

    await page.goto('/#/hare_hounds?first=human&second=simple&seed=1');
    const hare = page.locator('.graph-piece.hare text');
    await expect(hare).toHaveCount(1);
    await expect(hare).not.toHaveText('R');
    expect(errors).toEqual([]);
    await page.context().close();
  });
}

test('an exported model file says its games count once', async ({ page }, testInfo) => {
  const errors = watchErrors(page);
  const file = testInfo.outputPath('hounds.selfplay');
  selfplay('hare-hounds', 'train', '--side', 'hounds', '--opponent', 'random', '--games', '200', '--seed', '3', '--out', file);
  await page.goto('/#/hare_hounds?tab=models');
  await page.getByTestId('model-import').setInputFiles(file);
  const model = page.getByTestId('model');
  await expect(model).toHaveCount(1);
  await model.getByTestId('model-rename').click();
  await page.getByTestId('model-rename-input').fill('Run 5 (200 games)');
  await page.getByTestId('model-rename-input').press('Enter');
  await expect(model).toContainText('Run 5 (200 games)');
  const [download] = await Promise.all([page.waitForEvent('download'), model.getByTestId('model-export').click()]);
  expect(download.suggestedFilename()).toBe('hare-hounds-run-5-200-games.selfplay');
  expect(errors).toEqual([]);
});

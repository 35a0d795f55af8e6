// Each game's main view at a laptop and a phone size, a few moves into a
// game: the board and the players are on screen, and the picture is kept.
// `scripts/screenshots.sh` copies the pictures into docs/screenshots/, which
// the README shows.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { games as engineGames, initSync, Session } from '../../pkg/selfplay.js';
import { choosePreset, stopIfGoing, watchErrors } from './helpers';

initSync({ module: readFileSync(fileURLToPath(new URL('../../pkg/selfplay_bg.wasm', import.meta.url))) });

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 768 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
];

/** A few opening moves of a game, from the engine: each a legal move of the
 *  position before it (a different one each time, so the board is varied). */
function opening(game: string, plies = 5): string[] {
  const s = new Session(game);
  const moves: string[] = [];
  for (let i = 0; i < plies; i++) {
    const legal = (s.state() as { legal: { text: string }[] }).legal;
    if (legal.length === 0) break;
    const m = legal[(3 * i + 1) % legal.length].text;
    s.play(m);
    moves.push(m);
  }
  s.free();
  return moves;
}

test('every game’s main view, at a laptop and a phone size, shows its board and players', async ({ browser }) => {
  const probe = await browser.newPage();
  await probe.goto('/#/');
  await expect(probe.locator('header nav a[href^="#/"]').first()).toBeVisible();
  // The built games, as the header lists them (coming ones are not links).
  const games = await probe.locator('header nav a[href^="#/"]').evaluateAll((as) => as.map((a) => (a.getAttribute('href') ?? '').slice(2)));
  await probe.close();
  expect(games.length).toBeGreaterThanOrEqual(3);
  for (const game of games) {
    const moves = opening(game);
    expect(moves.length, `an opening of ${game}`).toBeGreaterThan(2);
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

test('the page’s runs in the header, and a chart’s large view, at a laptop and a phone size', async ({ browser }) => {
  test.setTimeout(240_000);
  const list = engineGames() as { id: string; title: string; built: boolean; runs: { id: string; title: string; presets: { id: string; group: string }[] }[] }[];
  const host = list.find((g) => g.runs[0]?.presets.some((p) => p.group === 'demo'))!;
  const demo = host.runs[0].presets.find((p) => p.group === 'demo')!;
  const other = list.find((g) => g.id !== host.id && g.runs.length > 0)!;
  for (const size of SIZES) {
    const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`/#/${host.id}?tab=train`);
    await expect(page.getByTestId('train-preset')).toBeVisible();
    // The header's height with no run (its button hidden).
    await expect(page.getByTestId('runs-indicator')).toBeHidden();
    const headerHeight = (await page.locator('.site-header').boundingBox())!.height;
    await choosePreset(page, demo.id);
    // Its points as often as the demo's, but games enough to be still
    // training when the header's row leads back to it (the demo's own total
    // could be over first on a busy machine, and a finished run leaves the list).
    await page.getByTestId('train-games').fill('10000000');
    await page.getByTestId('train-start-near').click();
    const card = page.getByTestId('run');
    await expect.poll(async () => Number(await card.getAttribute('data-points')), { timeout: 120_000 }).toBeGreaterThanOrEqual(8);
    await card.getByTestId('run-pause').click();
    await expect(card).toHaveAttribute('data-status', 'paused');
    // The chart over the whole window.
    await page.locator('.run-chart:not([hidden])').first().getByTestId('chart-large').click();
    await expect(page.locator('.chart-full canvas').first()).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `test-results/screens/chart-large-${size.name}.png` });
    await page.keyboard.press('Escape');
    // Resumed, then another game: the header lists the run.
    await card.getByTestId('run-pause').click();
    await expect(card).toHaveAttribute('data-status', 'running');
    await page.goto(`/#/${other.id}`);
    const links = page.locator('.site-header nav a');
    await expect(links).toHaveCount(list.filter((g) => g.built).length);
    // The runs' button covers none of the game names, and the header keeps
    // its height: on a phone the names stay on two lines beside the button.
    const button = page.getByTestId('runs-indicator');
    await expect(button).toBeVisible();
    const bb = (await button.boundingBox())!;
    for (const link of await links.all()) {
      const l = (await link.boundingBox())!;
      const apart = l.x + l.width <= bb.x || bb.x + bb.width <= l.x || l.y + l.height <= bb.y || bb.y + bb.height <= l.y;
      expect(apart, `the runs' button is beside ${await link.textContent()}`).toBe(true);
    }
    expect((await page.locator('.site-header').boundingBox())!.height).toBe(headerHeight);
    await button.click();
    await expect(page.getByTestId('kept-run')).toHaveCount(1);
    // The run in the page's words (its kind of run), told from others of
    // its kind by its own name, shortened, seed kept; in full in the tooltip.
    const row = page.getByTestId('kept-run').locator('p').first();
    await expect(row).toContainText(`Run 1: ${host.runs[0].title} (`);
    const study = (await row.getAttribute('title'))!;
    expect(study).toMatch(/^The run in the study’s words: ./);
    const seed = study.match(/, seed \d+$/)?.[0];
    if (seed) await expect(row).toContainText(`${seed})`);
    // The open list covers none of the header's game names.
    for (const link of await links.all()) {
      const hit = await link.evaluate((a) => {
        const r = a.getBoundingClientRect();
        return a.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
      });
      expect(hit, `${await link.textContent()} is not covered`).toBe(true);
    }
    await page.screenshot({ path: `test-results/screens/runs-${size.name}.png` });
    await page.getByTestId('kept-run-open').click();
    await stopIfGoing(card);
    expect(errors).toEqual([]);
    await context.close();
  }
});

// Othello's ready-made agents on the page (the generic loader, lists and Models tab, tried on one game).
import { test, expect, type Page, type Request } from '@playwright/test';
import { clickSquare, tapSquare, watchErrors } from './helpers';

// The ready-made agents shipped with the page (public/ready/): a first visit
// plays one within three clicks, with nothing trained; their files are
// fetched only when a game needs them, never when the page loads (the
// offline copy, offline.spec.ts, comes after); the player lists go from the
// weakest to the strongest, rated on the game's ladder; and one can be
// copied into the library, where it trains further like any model.

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 768 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
];

/** The ready-made model files the page has asked for. */
function readyFiles(requests: Request[]): string[] {
  return requests.map((r) => new URL(r.url()).pathname).filter((p) => p.includes('/ready/') && p.endsWith('.selfplay'));
}

async function boardCursor(page: Page): Promise<number> {
  return Number(await page.locator('canvas.board-canvas').getAttribute('data-cursor'));
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });

    test('a first visit plays a ready-made learned agent within three clicks, its file fetched only then', async ({ page }, info) => {
      const errors = watchErrors(page);
      const requests: Request[] = [];
      page.on('request', (r) => requests.push(r));
      await page.goto('/');
      await expect(page.getByTestId('open-othello')).toBeVisible();
      await page.waitForLoadState('networkidle');
      // The page's load fetches nothing of the ready-made agents, not even their list.
      expect(requests.filter((r) => r.url().includes('/ready/'))).toEqual([]);
      // Click 1: the game.
      await page.getByTestId('open-othello').click();
      const board = page.locator('canvas.board-canvas');
      await expect(board).toHaveAttribute('data-legal', /\w/);
      // The default opponent is a ready-made network, not Random; only its
      // file is fetched, now that it is in the game (the other stages are not).
      await expect(page.getByTestId('player-1')).toHaveValue('ready:msb-100000');
      await expect(page.getByTestId('player-about-1')).toContainText('ready-made');
      // Click 2: a move; the network answers.
      if (size.touch) await tapSquare(page, 'f5');
      else await clickSquare(page, 'f5');
      await expect.poll(() => boardCursor(page), { timeout: 30_000 }).toBe(2);
      expect(readyFiles(requests)).toEqual(['/ready/othello-msb-100000.selfplay']);
      await page.getByTestId('player-1').scrollIntoViewIfNeeded();
      await page.screenshot({ path: info.outputPath(`ready-play-${size.name}.png`) });
      expect(errors).toEqual([]);
    });

    test('the opponents go from the weakest to the strongest, each with its rating on the ladder', async ({ page }, info) => {
      const errors = watchErrors(page);
      await page.goto('/#/othello?delay=0');
      // Until the list of ready-made agents is read, the default keeps its place with a stand-in.
      await page.waitForFunction(() => performance.getEntriesByName('started').length > 0);
      await expect(page.getByTestId('player-1')).toHaveValue(/^ready:/);
      const texts = await page.getByTestId('player-1').locator('option').allTextContents();
      expect(texts[0]).toBe('Human');
      // Othello's are rated on its ladder: one scale, from their games against each other.
      const ratings = texts.map((t) => / · Elo (-?\d+)$/.exec(t)).flatMap((m) => (m ? [Number(m[1])] : []));
      // Random, MVB, MSB, the search at its level as set, and every ready-made stage are rated.
      expect(ratings.length).toBeGreaterThanOrEqual(12);
      expect(ratings).toEqual([...ratings].sort((a, b) => a - b));
      expect(texts).toContain('Random · Elo 0');
      expect(texts.find((t) => t.startsWith('Search'))).toMatch(/^Search · Elo \d+$/);
      const at = (prefix: string) => texts.findIndex((t) => t.startsWith(prefix));
      expect(at('Random')).toBeLessThan(at('MSB'));
      // The n-tuple network, which its score against the fixed players undersells, is above every network trained against MSB.
      expect(at('Net vs MSB, 1M ·')).toBeGreaterThan(-1);
      expect(at('N-tuple net, 2M ·')).toBeGreaterThan(at('Net vs MSB, 1M ·'));
      // The line under the list gives the rating; what it means opens on a tap or focus.
      await page.getByTestId('player-1').selectOption({ label: texts[at('N-tuple net, 2M ·')] });
      const aboutLine = page.getByTestId('player-about-1');
      // Its description's first sentence is on the line; "more" shows the rest and "less" hides it again.
      const more = page.getByTestId('player-about-more-1');
      const rest = aboutLine.locator('.about-more');
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await expect(rest).toBeHidden();
      await more.click();
      await expect(rest).toBeVisible();
      await expect(rest).toContainText('undersells');
      await expect(more).toHaveText('less');
      await more.click();
      await expect(rest).toBeHidden();
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      const rating = aboutLine.locator('.term', { hasText: /^Rating/ });
      await expect(rating).toHaveText(/^Rating \d+\s±\s\d+ \((weak|fair|good|strong)\)$/);
      await expect(rating).toHaveAttribute('title', /^Elo on this game’s ladder, from games of its players against each other: Random is 0/);
      await rating.click();
      const tip = aboutLine.getByRole('tooltip');
      await expect(tip).toBeVisible();
      await expect(tip).toContainText('The ± is the 95% range.');
      await aboutLine.scrollIntoViewIfNeeded();
      await page.screenshot({ path: info.outputPath(`ready-rated-player-${size.name}.png`) });
      expect(errors).toEqual([]);
    });

    test('the ready-made n-tuple network plays at a level, each described by its score against Egaroucid for Web', async ({ page }, info) => {
      const errors = watchErrors(page);
      await page.goto('/#/othello?first=human&delay=0');
      // The ready-made agents are listed once their list is read.
      await expect(page.getByTestId('player-1').locator('option', { hasText: 'N-tuple net, 2M ·' })).toHaveCount(1);
      const texts = await page.getByTestId('player-1').locator('option').allTextContents();
      const net = texts.find((t) => t.startsWith('N-tuple net, 2M ·'));
      expect(net).toBeDefined();
      await page.getByTestId('player-1').selectOption({ label: net! });
      const box = page.locator('.player-settings-box[data-player=model]');
      await box.locator('summary').click();
      const level = page.getByTestId('player-model-net_level');
      await expect(level).toBeVisible();
      // The network alone, then levels 1 to 10, each with its measured score.
      await expect(level.locator('option')).toHaveCount(11);
      await expect(level).toHaveValue('0');
      await expect(level.locator('option').nth(3)).toHaveText(/^3: 3 moves ahead, the last 6 squares exact · \d+% vs Egaroucid level 3$/);
      await level.selectOption('5');
      await expect(page.locator('#player-model-net_level-help')).toContainText('at most about a second');
      await page.locator('canvas.board-canvas').scrollIntoViewIfNeeded();
      if (size.touch) await tapSquare(page, 'f5');
      else await clickSquare(page, 'f5');
      await expect.poll(() => boardCursor(page), { timeout: 30_000 }).toBe(2);
      await level.scrollIntoViewIfNeeded();
      await page.screenshot({ path: info.outputPath(`ready-ntuple-level-${size.name}.png`) });
      expect(errors).toEqual([]);
    });

    test('the Models tab lists the ready-made agents; one is copied into the library and can train further', async ({ page }, info) => {
      const errors = watchErrors(page);
      const requests: Request[] = [];
      page.on('request', (r) => requests.push(r));
      await page.goto('/#/othello?tab=models&first=human&second=msb&delay=0');
      const rows = page.getByTestId('ready-model');
      await expect(rows.first()).toBeVisible();
      expect(await rows.count()).toBeGreaterThanOrEqual(6);
      // Each is rated on the game's ladder, with the command that plays the same games.
      await expect(page.getByTestId('ready-rating').first()).toContainText(/^Rating: -?\d+\s±\s\d+\sElo \((weak|fair|good|strong)\)$/);
      await expect(page.getByTestId('ready-rating-how')).toContainText('scripts/ladder.sh --game othello');
      // How long each learned, as the manifest says (the build machine's seconds).
      await expect(rows.filter({ hasText: 'After 1,000,000 games' })).toContainText(/1M games trained in \d+ min \d+ s/);
      await expect(page.getByTestId('model-list')).toContainText('No models yet');
      // Listing them fetched none of their files.
      expect(readyFiles(requests)).toEqual([]);
      await page.screenshot({ path: info.outputPath(`ready-models-${size.name}.png`), fullPage: false });
      const row = rows.filter({ hasText: 'After 10,000 games' }).first();
      await row.scrollIntoViewIfNeeded();
      await page.screenshot({ path: info.outputPath(`ready-models-rows-${size.name}.png`) });
      await row.getByTestId('ready-copy').click();
      const copied = page.getByTestId('model');
      await expect(copied).toHaveCount(1);
      await expect(copied.getByTestId('model-name')).toContainText('after 10,000 games');
      await expect(copied.getByTestId('model-train')).toBeVisible();
      expect(readyFiles(requests)).toHaveLength(1);
      // Copying again adds nothing.
      await row.getByTestId('ready-copy').click();
      await expect(page.getByTestId('models-status')).toContainText('already in the library');
      await expect(copied).toHaveCount(1);
      // Play against a ready-made stage from the tab.
      await row.getByTestId('ready-play').click();
      await expect(page.getByTestId('player-1')).toHaveValue('ready:msb-10000');
      expect(errors).toEqual([]);
    });
  });
}

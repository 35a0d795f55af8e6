// End-to-end: the preview of a move. The legal move pointed at with the
// mouse, under the keyboard cursor, or pressed and held on a touch screen is
// shown on the board as the engine's state after it — the cells it would
// change, checked here against the engine's own answer computed in node —
// without playing it; moving away or letting go ends it, a click still plays.
// Pictures of a preview in each game at a laptop and a phone size are kept in
// test-results/preview/.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { initSync, Session } from '../../pkg/selfplay.js';
import { holdRequests, squarePoint, watchErrors } from './helpers';

initSync({ module: readFileSync(fileURLToPath(new URL('../../pkg/selfplay_bg.wasm', import.meta.url))) });

const canvas = (page: Page) => page.locator('canvas.board-canvas');
const graph = (page: Page) => page.getByTestId('board');
const moveTexts = async (page: Page) => (await page.getByTestId('moves').locator('.move').allTextContents()).map((t) => t.trim());

interface EngineState {
  cols: number;
  cells: number[];
  changed: number[];
  counts: [number, number] | null;
  cursor: number;
}

/** The engine's preview of `move` after the record `moves`, computed here in node, and the state after playing it. */
function engineAfter(game: string, moves: string[], move: string): { preview: EngineState; played: EngineState; before: EngineState } {
  const s = new Session(game);
  try {
    for (const m of moves) s.play(m);
    const before = s.state() as EngineState;
    const preview = s.preview(move) as EngineState;
    // The session is unchanged by the preview.
    expect((s.state() as EngineState).cursor).toBe(before.cursor);
    s.play(move);
    return { preview, played: s.state(), before };
  } finally {
    s.free();
  }
}

const cellName = (cell: number, cols: number) => `${'abcdefghijklmnopqrstuvwxyz'[cell % cols]}${Math.floor(cell / cols) + 1}`;

/** Presses a touch screen at a point and holds it for `ms`, then calls `during` before letting go. */
async function touchHold(page: Page, p: { x: number; y: number }, ms: number, during: () => Promise<void>): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: p.x, y: p.y }] });
  await page.waitForTimeout(ms);
  try {
    await during();
  } finally {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }
}

test('Othello: pointing at d3 previews its disc and the disc it flips, as the engine gives it; moving away ends it; a click plays', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/othello?first=human&second=human&seed=1');
  await expect(canvas(page)).toHaveAttribute('data-legal', /d3/);
  const { preview, played, before } = engineAfter('othello', [], 'd3');
  const names = preview.changed.map((c) => cellName(c, preview.cols));
  // The engine's preview is the state after the move: d3 placed, d4 flipped.
  expect(preview.cells).toEqual(played.cells);
  expect(names).toEqual(['d3', 'd4']);

  const d3 = await squarePoint(page, 'd3');
  await page.mouse.move(d3.x, d3.y);
  await expect(canvas(page)).toHaveAttribute('data-preview', 'd3');
  await expect(canvas(page)).toHaveAttribute('data-preview-changed', names.join(' '));
  // In words, as the board's description.
  const words = page.getByTestId('board-preview-words');
  await expect(words).toHaveText('After d3 (a preview, not played): Black on d3; d4 turns to Black; Black 4, White 1.');
  const describedBy = await canvas(page).getAttribute('aria-describedby');
  expect(await words.getAttribute('id')).toBe(describedBy);
  // Nothing was played: the move list is empty, the engine's position is the start.
  expect(await moveTexts(page)).toEqual([]);
  const start = new Session('othello');
  expect(await page.locator('.play').getAttribute('data-position')).toBe(start.position());
  start.free();
  expect(before.cursor).toBe(0);

  // Another legal square previews its own move; an empty square that is not a move, none.
  const c4 = await squarePoint(page, 'c4');
  await page.mouse.move(c4.x, c4.y);
  await expect(canvas(page)).toHaveAttribute('data-preview', 'c4');
  await expect(canvas(page)).toHaveAttribute('data-preview-changed', engineAfter('othello', [], 'c4').preview.changed.map((c) => cellName(c, 8)).join(' '));
  const a1 = await squarePoint(page, 'a1');
  await page.mouse.move(a1.x, a1.y);
  await expect(canvas(page)).not.toHaveAttribute('data-preview', /./);
  await expect(words).toHaveText('');
  // Off the board: no preview.
  await page.mouse.move(d3.x, d3.y);
  await expect(canvas(page)).toHaveAttribute('data-preview', 'd3');
  await page.mouse.move(1, 1);
  await expect(canvas(page)).not.toHaveAttribute('data-preview', /./);

  // A click still plays the move; the preview ends with it, in the same
  // task as the move is drawn (one batch of the board's attribute changes),
  // so the board never shows the position without the move in between.
  await page.mouse.move(d3.x, d3.y);
  await expect(canvas(page)).toHaveAttribute('data-preview', 'd3');
  await canvas(page).evaluate((c) => {
    const w = window as unknown as { __batches: string[][] };
    w.__batches = [];
    new MutationObserver((records) =>
      w.__batches.push(records.map((r) => `${r.attributeName}=${(c as HTMLElement).getAttribute(r.attributeName!) ?? ''}`)),
    ).observe(c, { attributes: true, attributeFilter: ['data-preview', 'data-cursor'] });
  });
  await page.mouse.click(d3.x, d3.y);
  await expect.poll(() => moveTexts(page)).toEqual(['d3']);
  await expect(canvas(page)).not.toHaveAttribute('data-preview', /./);
  const batches = await page.evaluate(() => (window as unknown as { __batches: string[][] }).__batches);
  const ended = batches.findIndex((b) => b.some((r) => r.startsWith('data-preview')));
  expect(ended, JSON.stringify(batches)).toBeGreaterThanOrEqual(0);
  expect(batches[ended], JSON.stringify(batches)).toContain('data-cursor=1');
  await expect(canvas(page)).toHaveAttribute('data-last-move', 'd3');
  expect(errors).toEqual([]);
});

test('Othello: a move pointed at while the engine is still loading is previewed once it has loaded', async ({ page }) => {
  const errors = watchErrors(page);
  // The engine's download waits until the pointer rests on d3.
  const letGo = await holdRequests(page, '**/*.wasm');
  await page.goto('/#/othello?first=human&second=human&seed=1');
  await expect(page.getByTestId('engine-progress')).toBeVisible();
  await expect(canvas(page)).toHaveAttribute('data-legal', /d3/);
  const d3 = await squarePoint(page, 'd3');
  await page.mouse.move(d3.x, d3.y);
  await page.waitForTimeout(200);
  await expect(canvas(page)).not.toHaveAttribute('data-preview', /./);
  letGo();
  await expect(canvas(page)).toHaveAttribute('data-preview', 'd3', { timeout: 30_000 });
  await expect(canvas(page)).toHaveAttribute('data-preview-changed', 'd3 d4');
  expect(errors).toEqual([]);
});

test('Othello: the keyboard cursor on a legal move previews it; on another square it ends; Enter plays', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/othello?first=human&second=human&seed=1');
  await expect(canvas(page)).toHaveAttribute('data-legal', /d3/);
  await canvas(page).focus();
  // The cursor starts on d3; e3 is not a legal move.
  await page.keyboard.press('ArrowRight');
  await expect(canvas(page)).toHaveAttribute('data-focus-square', 'e3');
  await expect(canvas(page)).not.toHaveAttribute('data-preview', /./);
  await page.keyboard.press('ArrowLeft');
  await expect(canvas(page)).toHaveAttribute('data-focus-square', 'd3');
  await expect(canvas(page)).toHaveAttribute('data-preview', 'd3');
  await expect(canvas(page)).toHaveAttribute('data-preview-changed', 'd3 d4');
  expect(await moveTexts(page)).toEqual([]);
  // Leaving the board ends it.
  await page.keyboard.press('Shift+Tab');
  await expect(canvas(page)).not.toHaveAttribute('data-preview', /./);
  await canvas(page).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(canvas(page)).toHaveAttribute('data-preview', 'd3');
  await page.keyboard.press('Enter');
  await expect.poll(() => moveTexts(page)).toEqual(['d3']);
  // White to move now: the cursor's square is taken, so nothing is previewed.
  await expect(canvas(page)).not.toHaveAttribute('data-preview', /./);
  expect(errors).toEqual([]);
});

test('Othello: no preview while the computer is to move, nor once the game is over', async ({ page }) => {
  const errors = watchErrors(page);
  // The computer plays the first side after a long pause: the board takes no move.
  await page.goto('/#/othello?first=msb&second=human&seed=1&delay=5000');
  await expect(page.locator('.play')).toHaveAttribute('data-to-move', '0');
  const d3 = await squarePoint(page, 'd3');
  await page.mouse.move(d3.x, d3.y);
  await page.waitForTimeout(300);
  await expect(canvas(page)).not.toHaveAttribute('data-preview', /./);
  // A finished game (Red's four in column 4): pointing at the board previews nothing.
  await page.goto('/#/connect4?first=human&second=human&seed=1&moves=4+1+4+1+4+1+4');
  await expect(page.getByTestId('turn')).toContainText('Red wins');
  const top = await squarePoint(page, 'b1');
  await page.mouse.move(top.x, top.y);
  await page.waitForTimeout(300);
  await expect(canvas(page)).not.toHaveAttribute('data-preview', /./);
  expect(errors).toEqual([]);
});

test('Connect Four: pointing anywhere in a column previews the cell its disc would land on', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/connect4?first=human&second=human&seed=1&moves=4');
  await expect.poll(() => moveTexts(page)).toEqual(['4']);
  const { preview } = engineAfter('connect4', ['4'], '4');
  const landing = preview.changed.map((c) => cellName(c, preview.cols));
  expect(landing).toEqual(['d5']);
  // The top of column 4: the disc would fall onto the one already there.
  const top = await squarePoint(page, 'd1');
  await page.mouse.move(top.x, top.y);
  await expect(canvas(page)).toHaveAttribute('data-preview', '4');
  await expect(canvas(page)).toHaveAttribute('data-preview-changed', landing.join(' '));
  await expect(page.getByTestId('board-preview-words')).toHaveText('After 4 (a preview, not played): Yellow on d5.');
  expect(await moveTexts(page)).toEqual(['4']);
  await page.mouse.move(1, 1);
  await expect(canvas(page)).not.toHaveAttribute('data-preview', /./);
  expect(errors).toEqual([]);
});

test('Hare and Hounds: with a hound picked up, pointing at or focusing a target previews the step', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/hare_hounds?first=human&second=human&seed=1');
  await expect(page.locator('[data-point="a"]')).toHaveAttribute('data-content', 'hound');
  const { preview } = engineAfter('hare_hounds', [], 'a-b');
  const pointName = async (i: number) => (await page.locator(`[data-cell="${i}"][data-point]`).getAttribute('data-point'))!;
  const changed = await Promise.all(preview.changed.map(pointName));
  expect(changed.sort()).toEqual(['a', 'b']);
  await page.locator('[data-point="a"]').click();
  await expect(page.locator('[data-point="b"]')).toHaveAttribute('data-target', 'true');
  await page.locator('[data-point="b"]').hover();
  await expect(graph(page)).toHaveAttribute('data-preview', 'a-b');
  expect((await graph(page).getAttribute('data-preview-changed'))!.split(' ').sort()).toEqual(changed.sort());
  // The hound ghosted on b; the one on a drawn gone.
  await expect(page.locator('.graph-preview .graph-piece[data-cell]')).toHaveCount(1);
  const b = await page.locator('[data-point="b"]').getAttribute('data-cell');
  await expect(page.locator('.graph-preview .graph-piece')).toHaveAttribute('data-cell', b!);
  const a = await page.locator('[data-point="a"]').getAttribute('data-cell');
  await expect(page.locator(`.graph-pieces .graph-piece[data-cell="${a}"]`)).toHaveClass(/preview-away/);
  await expect(page.getByTestId('board-preview-words')).toContainText('After a-b (a preview, not played)');
  expect(await moveTexts(page)).toEqual([]);
  // Away from the target: the preview ends.
  await page.mouse.move(1, 1);
  await expect(graph(page)).not.toHaveAttribute('data-preview', /./);
  await expect(page.locator('.graph-preview .graph-piece')).toHaveCount(0);
  // The keyboard: the focus on a target previews it; Enter plays it.
  await page.locator('[data-point="b"]').focus();
  await expect(graph(page)).toHaveAttribute('data-preview', 'a-b');
  await page.keyboard.press('Enter');
  await expect.poll(() => moveTexts(page)).toEqual(['a-b']);
  await expect(graph(page)).not.toHaveAttribute('data-preview', /./);
  expect(errors).toEqual([]);
});

test('touch: pressing and holding a legal move previews it, letting go does not play it, a tap plays', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/#/othello?first=human&second=human&seed=1');
  await expect(canvas(page)).toHaveAttribute('data-legal', /d3/);
  const d3 = await squarePoint(page, 'd3');
  await touchHold(page, d3, 700, async () => {
    await expect(canvas(page)).toHaveAttribute('data-preview', 'd3');
    await expect(canvas(page)).toHaveAttribute('data-preview-changed', 'd3 d4');
  });
  await expect(canvas(page)).not.toHaveAttribute('data-preview', /./);
  await page.waitForTimeout(300);
  expect(await moveTexts(page)).toEqual([]);
  await page.touchscreen.tap(d3.x, d3.y);
  await expect.poll(() => moveTexts(page)).toEqual(['d3']);
  expect(errors).toEqual([]);
  await context.close();
});

test('pictures of a preview in each game, at a laptop and a phone size', async ({ browser }) => {
  // (game, record, what to preview: a square, or a point to pick up and a target)
  const cases: Array<{ game: string; moves: string[]; square?: string; from?: string; to?: string; expect: string }> = [
    { game: 'othello', moves: ['f5', 'd6', 'c3'], square: 'd3', expect: 'd3' },
    { game: 'connect4', moves: ['4', '4', '3'], square: 'e1', expect: '5' },
    { game: 'hare_hounds', moves: ['a-e', 'R-c'], from: 'L', to: 'd', expect: 'L-d' },
  ];
  for (const size of [
    { name: 'desktop', viewport: { width: 1366, height: 768 }, touch: false },
    { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
  ]) {
    for (const c of cases) {
      const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`/#/${c.game}?first=human&second=human&seed=1&moves=${c.moves.join('+')}`);
      await expect.poll(() => moveTexts(page)).toHaveLength(c.moves.length);
      const board = c.square ? canvas(page) : graph(page);
      const shot = () => page.screenshot({ path: `test-results/preview/${c.game}-${size.name}.png` });
      let point: { x: number; y: number };
      if (c.square) {
        point = await squarePoint(page, c.square);
      } else {
        if (size.touch) await page.locator(`[data-point="${c.from}"]`).tap();
        else await page.locator(`[data-point="${c.from}"]`).click();
        const box = (await page.locator(`[data-point="${c.to}"] .graph-hit`).boundingBox())!;
        point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      }
      if (size.touch) {
        await touchHold(page, point, 700, async () => {
          await expect(board).toHaveAttribute('data-preview', c.expect);
          await shot();
        });
      } else {
        await page.mouse.move(point.x, point.y);
        await expect(board).toHaveAttribute('data-preview', c.expect);
        await shot();
      }
      expect(await moveTexts(page)).toHaveLength(c.moves.length);
      expect(errors).toEqual([]);
      await context.close();
    }
  }
});

// End-to-end: the boards as a teacher shows them. A board turned round still
// plays the square clicked; the last move is marked where the engine says it
// was, in every game; screen readers hear the score in words, the moves as
// they are played and the position in the board's name; the heat map's
// colours are a fixed function of the value, with a key; Hare and Hounds'
// point names are clear of lines, pieces and rings, and no list is cut off.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { initSync, Session } from '../../pkg/selfplay.js';
import { clickSquare, squarePoint, watchErrors } from './helpers';

initSync({ module: readFileSync(fileURLToPath(new URL('../../pkg/selfplay_bg.wasm', import.meta.url))) });

const canvas = (page: Page) => page.locator('canvas.board-canvas');
const moveTexts = async (page: Page) => (await page.getByTestId('moves').locator('.move').allTextContents()).map((t) => t.trim());

interface EngineState {
  cols: number;
  lastMove: { text: string; side: number; cell: number | null; from?: number | null } | null;
}

/** The engine's state after a record, computed here in node. */
function engineAfter(game: string, moves: string[]): EngineState {
  const s = new Session(game);
  try {
    for (const m of moves) s.play(m);
    return s.state();
  } finally {
    s.free();
  }
}

const cellName = (cell: number, cols: number) => `${'abcdefghijklmnopqrstuvwxyz'[cell % cols]}${Math.floor(cell / cols) + 1}`;

/** The colour drawn on the canvas at a point in CSS pixels relative to it, as [r, g, b]. */
async function pixel(page: Page, x: number, y: number): Promise<number[]> {
  return canvas(page).evaluate(
    (c, [px, py]) => {
      const cv = c as HTMLCanvasElement;
      const k = cv.width / cv.getBoundingClientRect().width;
      return [...cv.getContext('2d')!.getImageData(Math.round(px * k), Math.round(py * k), 1, 1).data].slice(0, 3);
    },
    [x, y],
  );
}

/** Checks that the grid board's last-move ring is drawn round the cell the engine names. */
async function expectRingAt(page: Page, square: string, rgb: number[]): Promise<void> {
  const box = (await canvas(page).boundingBox())!;
  const cell = Number(await canvas(page).getAttribute('data-cell'));
  const p = await squarePoint(page, square);
  // On the ring: 0.47 of a cell right of the centre, between the piece and the grid line.
  const got = await pixel(page, p.x - box.x + 0.47 * cell, p.y - box.y);
  for (let i = 0; i < 3; i++) expect(Math.abs(got[i] - rgb[i]), `ring colour at ${square}: ${got.join(',')}`).toBeLessThanOrEqual(40);
}

test('a board turned round still plays the square clicked, and stays turned after a reload', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/othello?first=human&second=human&seed=1&delay=0');
  await expect(canvas(page)).toHaveAttribute('data-legal', /\w/);
  const flip = page.getByTestId('flip-board');
  await expect(flip).toHaveAttribute('aria-pressed', 'false');
  // By keyboard: focus and Enter.
  await flip.focus();
  await page.keyboard.press('Enter');
  await expect(flip).toHaveAttribute('aria-pressed', 'true');
  await expect(canvas(page)).toHaveAttribute('data-flipped', 'true');
  await expect(canvas(page)).toHaveAttribute('aria-label', /seen from the other side/);
  // d3 is drawn where e6 was: a click there plays d3, not e6.
  await clickSquare(page, 'd3');
  await expect.poll(() => moveTexts(page)).toEqual(['d3']);
  await expect(canvas(page)).toHaveAttribute('data-last-move', 'd3');
  // White's c3, clicked on the turned board.
  await clickSquare(page, 'c3');
  await expect.poll(() => moveTexts(page)).toEqual(['d3', 'c3']);
  // The choice is kept for this game.
  await page.reload();
  await expect(page.getByTestId('flip-board')).toHaveAttribute('aria-pressed', 'true');
  await expect(canvas(page)).toHaveAttribute('data-flipped', 'true');
  // Connect Four seen from behind: columns mirrored, and a tap on column 1 drops there.
  await page.goto('/#/connect4?first=human&second=human&seed=1&delay=0');
  // The game's view loads its code first: wait for its board (6 rows), not the last game's.
  await expect(canvas(page)).toHaveAttribute('data-rows', '6');
  await expect(canvas(page)).toHaveAttribute('data-legal', /\w/);
  await page.getByTestId('flip-board').click();
  await expect(canvas(page)).toHaveAttribute('data-flipped', 'true');
  await expect(canvas(page)).toHaveAttribute('data-flip', 'mirror');
  const legal = (await canvas(page).getAttribute('data-legal'))!.split(' ');
  await clickSquare(page, 'a6');
  await expect.poll(() => moveTexts(page)).toEqual([legal[0]]);
  await expect(canvas(page)).toHaveAttribute('data-last-move', 'a6');
  // Hare and Hounds mirrored: the hounds' side (L) is now on the right.
  await page.goto('/#/hare_hounds?first=human&second=human&seed=1&delay=0');
  // Its own board first (a Flip pressed sooner would turn Connect Four's back).
  await expect(page.locator('[data-point="L"]')).toHaveAttribute('data-content', 'hound');
  const flipped = page.getByTestId('flip-board');
  await expect(flipped).toHaveAttribute('aria-pressed', 'false');
  await flipped.click();
  await expect(flipped).toHaveAttribute('aria-pressed', 'true');
  const cx = (name: string) => page.locator(`[data-point="${name}"] .graph-dot`).evaluate((e) => Number(e.getAttribute('cx')));
  await expect.poll(async () => (await cx('L')) - (await cx('R'))).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

test('a click on the board as soon as a game switched to by address takes moves is played', async ({ page }) => {
  const errors = watchErrors(page);
  // A warm engine answers a new game within a frame: the board takes moves
  // (data-legal) at once, and must be drawn, its squares where a click finds
  // them, from that moment (a canvas sized two frames later would lose a click
  // made before then). Every time the board starts taking moves,
  // the page notes whether it is laid out. The first game's board, drawn
  // before the engine has loaded, takes moves as it comes into the page: it
  // must be laid out in the first frame that shows it.
  await page.addInitScript(() => {
    const w = window as unknown as { __takesMoves: string[] };
    w.__takesMoves = [];
    const note = (c: HTMLCanvasElement) => {
      const box = c.getBoundingClientRect();
      w.__takesMoves.push(`${c.dataset.legal!.split(' ')[0]}: cell ${c.dataset.cell ?? 'unset'}, ${Math.round(box.width)} px wide, canvas ${c.width}`);
    };
    new MutationObserver((records) => {
      for (const r of records) {
        for (const added of r.addedNodes) {
          if (!(added instanceof Element)) continue;
          const found = [added, ...added.querySelectorAll('canvas.board-canvas')].filter((e): e is HTMLCanvasElement => e instanceof HTMLCanvasElement && e.classList.contains('board-canvas'));
          for (const c of found) if (c.dataset.legal) requestAnimationFrame(() => note(c));
        }
        const c = r.target as HTMLCanvasElement;
        if (r.type !== 'attributes' || !c.classList.contains('board-canvas') || !c.dataset.legal || r.oldValue) continue;
        note(c);
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-legal'], attributeOldValue: true });
  });
  const steps = [
    ['othello', /^d3 /, 'd3', 'd3'],
    ['connect4', /^1 2 /, 'd6', '4'],
    ['othello', /^d3 /, 'c4', 'c4'],
    ['connect4', /^1 2 /, 'a6', '1'],
    ['othello', /^d3 /, 'e6', 'e6'],
  ] as const;
  for (const [game, legal, square, move] of steps) {
    await page.goto(`/#/${game}?first=human&second=human&seed=1&delay=0`);
    await expect(canvas(page)).toHaveAttribute('data-legal', legal);
    const p = await squarePoint(page, square);
    await page.mouse.click(p.x, p.y);
    await expect.poll(() => moveTexts(page), `${game}: ${square} clicked`).toEqual([move]);
  }
  const noted = await page.evaluate(() => (window as unknown as { __takesMoves: string[] }).__takesMoves);
  expect(noted).toHaveLength(steps.length);
  for (const n of noted) expect(n, 'laid out when it starts taking moves').toMatch(/cell \d[\d.]*, [1-9]\d{2,} px wide, canvas [1-9]\d{2,}$/);
  expect(errors).toEqual([]);
});

test('a game left while it was still starting never plays into the game opened after it', async ({ page }) => {
  const errors = watchErrors(page);
  // A slow IndexedDB (as on a busy machine): the Othello view's first read
  // of its models comes 1.5 s late, so that view is still starting when the
  // visitor opens another game. Once it is let go, the closed view must not
  // start its game in the engine over the new one (a click on the new board
  // would then be answered "'1' is not a Othello move").
  await page.addInitScript(() => {
    const w = window as unknown as { __held: boolean; __released: boolean };
    w.__held = false;
    w.__released = false;
    const getAll = IDBIndex.prototype.getAll; // eslint-disable-line @typescript-eslint/unbound-method -- called with its index below
    let first = true;
    IDBIndex.prototype.getAll = function (this: IDBIndex, ...args: Parameters<IDBIndex['getAll']>) {
      const req = getAll.apply(this, args);
      if (!first || args[0] !== 'othello') return req;
      first = false;
      let held = true;
      req.addEventListener(
        'success',
        (e) => {
          if (!held) return;
          e.stopImmediatePropagation();
          w.__held = true;
          setTimeout(() => {
            held = false;
            req.dispatchEvent(new Event('success'));
            w.__released = true;
          }, 1500);
        },
        { capture: true },
      );
      return req;
    };
  });
  await page.goto('/#/othello?first=human&second=human&seed=1&delay=0');
  await page.waitForFunction(() => (window as unknown as { __held: boolean }).__held);
  await page.goto('/#/connect4?first=human&second=human&seed=1&delay=0');
  await expect(canvas(page)).toHaveAttribute('data-rows', '6');
  await expect(canvas(page)).toHaveAttribute('data-legal', /^1 2 /);
  // The Othello view has been let go, and has had the time to act.
  await page.waitForFunction(() => (window as unknown as { __released: boolean }).__released);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  await clickSquare(page, 'a6');
  await expect.poll(() => moveTexts(page)).toEqual(['1']);
  await clickSquare(page, 'b6');
  await expect.poll(() => moveTexts(page)).toEqual(['1', '2']);
  await expect(page.locator('.notice')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the last move is marked where the engine says it was, in every game', async ({ page }) => {
  const errors = watchErrors(page);
  // Othello against MSB: a red ring round the engine's last move.
  await page.goto('/#/othello?first=human&second=msb&seed=2&delay=0');
  await expect(canvas(page)).toHaveAttribute('data-legal', /\w/);
  await expect(canvas(page)).toHaveAttribute('data-last-move', '');
  for (let i = 0; i < 3; i++) {
    await expect(canvas(page)).toHaveAttribute('data-to-move', '0');
    await expect(canvas(page)).toHaveAttribute('data-legal', /\w/);
    const legal = (await canvas(page).getAttribute('data-legal'))!.split(' ');
    const p = await squarePoint(page, legal[0]);
    await page.mouse.click(p.x, p.y);
    await expect.poll(() => moveTexts(page).then((m) => m.length)).toBe(2 * i + 2);
  }
  await expect(canvas(page)).toHaveAttribute('data-to-move', '0');
  let moves = await moveTexts(page);
  let engine = engineAfter('othello', moves);
  const last = cellName(engine.lastMove!.cell!, engine.cols);
  await expect(canvas(page)).toHaveAttribute('data-last-move', last);
  await expectRingAt(page, last, [0xe5, 0x48, 0x3b]);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: 'test-results/boards-othello-desktop.png' });

  // Connect Four against the leftmost-column player: a white ring.
  await page.goto('/#/connect4?first=human&second=stupid&seed=2&delay=0');
  // Its board (6 rows), not Othello's, which also waits for Black's move until the view changes.
  await expect(canvas(page)).toHaveAttribute('data-rows', '6');
  for (const [i, col] of ['d', 'e', 'c'].entries()) {
    await expect(canvas(page)).toHaveAttribute('data-to-move', '0');
    await expect(canvas(page)).toHaveAttribute('data-legal', /\w/);
    const p = await squarePoint(page, `${col}6`);
    await page.mouse.click(p.x, p.y);
    await expect.poll(() => moveTexts(page).then((m) => m.length)).toBe(2 * i + 2);
  }
  await expect(canvas(page)).toHaveAttribute('data-to-move', '0');
  moves = await moveTexts(page);
  engine = engineAfter('connect4', moves);
  const c4 = cellName(engine.lastMove!.cell!, engine.cols);
  await expect(canvas(page)).toHaveAttribute('data-last-move', c4);
  await expectRingAt(page, c4, [255, 255, 255]);
  await page.screenshot({ path: 'test-results/boards-connect4-desktop.png' });

  // Hare and Hounds against the simple hare: both ends of the hare's step.
  await page.goto('/#/hare_hounds?first=human&second=simple&seed=2&delay=0');
  await expect(canvas(page)).toHaveCount(0);
  const board = page.getByTestId('board');
  for (let i = 0; i < 2; i++) {
    await expect(board).toHaveAttribute('data-to-move', '0');
    await expect(board).toHaveAttribute('data-interactive', 'true');
    const from = page.locator('.graph-point.movable').first();
    await from.click();
    await page.locator('.graph-point.target').first().click();
    await expect.poll(() => moveTexts(page).then((m) => m.length)).toBe(2 * i + 2);
  }
  await expect(board).toHaveAttribute('data-to-move', '0');
  moves = await moveTexts(page);
  engine = engineAfter('hare_hounds', moves);
  const names = await page.locator('.graph-point').evaluateAll((gs) => gs.map((g) => (g as SVGGElement).dataset.point!));
  const from = names[engine.lastMove!.from!];
  const to = names[engine.lastMove!.cell!];
  await expect(board).toHaveAttribute('data-last-from', from);
  await expect(board).toHaveAttribute('data-last-to', to);
  for (const [name, cls] of [
    [from, 'last-from'],
    [to, 'last-to'],
  ]) {
    const ring = page.locator(`[data-point="${name}"].${cls} .graph-last`);
    await expect(ring).toHaveCount(1);
    expect(await ring.evaluate((e) => getComputedStyle(e).stroke)).not.toBe('none');
  }
  await page.screenshot({ path: 'test-results/boards-hare-desktop.png' });
  expect(errors).toEqual([]);
});

test('Othello discs turn over in a short animation that never holds up a move, and not at all under reduced motion', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/othello?first=human&second=human&seed=1&delay=0');
  await expect(canvas(page)).toHaveAttribute('data-legal', /\w/);
  // Every value the board's count of turning discs takes (a busy machine may
  // hold up a frame for longer than the turn, so it is watched, not polled).
  await canvas(page).evaluate((c) => {
    const w = window as unknown as { __turning: string[] };
    w.__turning = [];
    new MutationObserver(() => w.__turning.push((c as HTMLElement).dataset.turning ?? '')).observe(c, { attributes: true, attributeFilter: ['data-turning'] });
  });
  let p = await squarePoint(page, 'd3');
  await page.mouse.click(p.x, p.y);
  // d3 turns d4 over; White answers at once, while it turns (it takes 250 ms).
  await page.waitForFunction(() => (window as unknown as { __turning: string[] }).__turning.includes('1'));
  p = await squarePoint(page, 'c3');
  await page.mouse.click(p.x, p.y);
  await expect.poll(() => moveTexts(page)).toEqual(['d3', 'c3']);
  await expect(canvas(page)).toHaveAttribute('data-turning', '0');
  // Under reduced motion nothing turns.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/#/othello?first=human&second=human&seed=1&delay=0');
  await page.reload();
  await expect(canvas(page)).toHaveAttribute('data-legal', /\w/);
  p = await squarePoint(page, 'd3');
  await page.mouse.click(p.x, p.y);
  await expect.poll(() => moveTexts(page)).toEqual(['d3']);
  await expect(canvas(page)).not.toHaveAttribute('data-turning', /./);
  expect(errors).toEqual([]);
});

test('screen readers: the score in words, the computer’s move announced, the position in the board’s name', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/othello?first=human&second=msb&seed=3&delay=0');
  await expect(canvas(page)).toHaveAttribute('data-legal', /\w/);
  await expect(page.getByTestId('score')).toHaveText('Black 2, White 2');
  await expect(canvas(page)).toHaveAttribute('aria-label', /Black to move; Black 2, White 2; no move yet\./);
  const p = await squarePoint(page, 'd3');
  await page.mouse.click(p.x, p.y);
  await expect.poll(() => moveTexts(page).then((m) => m.length)).toBe(2);
  const reply = (await moveTexts(page))[1];
  const live = page.getByTestId('announce');
  await expect(live).toHaveAttribute('aria-live', 'polite');
  await expect(live).toHaveText(`White (MSB) played ${reply}.`);
  const counts = [await page.getByTestId('count-0').textContent(), await page.getByTestId('count-1').textContent()];
  await expect(page.getByTestId('score')).toHaveText(`Black ${counts[0]}, White ${counts[1]}`);
  await expect(canvas(page)).toHaveAttribute('aria-label', new RegExp(`Black to move; Black ${counts[0]}, White ${counts[1]}; last move White ${reply}\\.`));
  // Hare and Hounds: no counts; the stalling count and where the pieces stand.
  await page.goto('/#/hare_hounds?first=human&second=simple&seed=3&delay=0');
  const svg = page.getByTestId('board').locator('svg');
  await expect(svg).toHaveAttribute('aria-label', /Hounds to move; no move yet; Vertical hound moves in a row: 0 of 10.*hounds on a, L, g; hare on R\./);
  expect(errors).toEqual([]);
});

test('the heat map: colours on the fixed scale −1…+1 with a key; a value has one colour in every position', async ({ page }, testInfo) => {
  const errors = watchErrors(page);
  const cli = process.env.SELFPLAY_CLI ?? fileURLToPath(new URL('../../target/debug/selfplay', import.meta.url));
  if (!existsSync(cli)) throw new Error(`the selfplay CLI is not built at ${cli}: run cargo test (or set SELFPLAY_CLI)`);
  const file = testInfo.outputPath('net.selfplay');
  execFileSync(cli, ['othello', 'train', 'qnet', '--hidden', '8', '--opponent', 'self', '--games', '20', '--eval-every', '0', '--seed', '5', '--out', file]);
  await page.goto('/#/othello?tab=models&delay=0');
  await page.getByTestId('model-import').setInputFiles(file);
  await page.getByTestId('model').first().getByTestId('model-play').click();
  const legend = page.getByTestId('heat-legend');
  await expect(canvas(page)).toHaveAttribute('data-heat', /\w/);
  await expect(legend).toBeVisible();
  await expect(legend).toContainText('−1');
  await expect(legend).toContainText('+1');
  await expect(legend).toHaveAttribute('title', /Q\(s, a\).*fixed/);
  await expect(legend).toHaveAttribute('data-fixed', 'true');
  // The board area with its key passes axe (text contrast at least 4.5:1 included).
  const axe = await new AxeBuilder({ page }).include('.board-area').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(axe.passes.map((p) => p.id)).toContain('color-contrast');

  /** value → colour over the legal moves now on the board. */
  const read = async () => {
    const pairs = (attr: string | null) => attr!.split(' ').map((h) => h.split(':') as [string, string]);
    const values = Object.fromEntries(pairs(await canvas(page).getAttribute('data-heat')));
    const colours = Object.fromEntries(pairs(await canvas(page).getAttribute('data-heat-colours')));
    return Object.keys(values).map((sq) => [Number(values[sq]), colours[sq]] as const);
  };
  const start = await read();
  expect(start).toHaveLength(4);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: 'test-results/screens/heat-desktop.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(legend).toBeInViewport();
  await page.screenshot({ path: 'test-results/screens/heat-phone.png' });
  const p = await squarePoint(page, 'd3');
  await page.mouse.click(p.x, p.y);
  await expect.poll(async () => Number(await canvas(page).getAttribute('data-cursor'))).toBe(2);
  await expect.poll(async () => (await canvas(page).getAttribute('data-heat')) ?? '').not.toBe(start.map(([v]) => v).join(' '));
  const later = await read();
  const all = [...start, ...later];
  const red = (c: string) => parseInt(c.slice(1, 3), 16);
  const green = (c: string) => parseInt(c.slice(3, 5), 16);
  // A fixed function: equal values, equal colours; a higher value is never redder.
  for (const [v, c] of all) {
    for (const [w, d] of all) {
      if (v === w) expect(c).toBe(d);
      if (v > w) expect(green(c) - red(c)).toBeGreaterThanOrEqual(green(d) - red(d));
    }
    // Values well inside the range never take the colours of its ends (a
    // scale stretched to the values shown would paint its lowest and highest so).
    if (Math.abs(v) < 0.8) expect(c).not.toMatch(/^#(b02020|1c7834)$/);
  }
  expect(errors).toEqual([]);
});

/** Boxes of the point names that touch a line, a ring (which holds a piece) or the drawing's edge. */
async function nameClashes(page: Page): Promise<string[]> {
  return page.getByTestId('board').locator('svg').evaluate((root) => {
    const svg = root as SVGSVGElement;
    const ring = Number(svg.dataset.ringRadius);
    const vb = svg.viewBox.baseVal;
    const lines = [...svg.querySelectorAll('.graph-lines line')].map((l) => ['x1', 'y1', 'x2', 'y2'].map((a) => Number(l.getAttribute(a))));
    const half = Number(getComputedStyle(svg.querySelector('.graph-lines line')!).strokeWidth.replace('px', '')) / 2;
    const centres = [...svg.querySelectorAll('.graph-last')].map((c) => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]);
    const out: string[] = [];
    for (const t of svg.querySelectorAll<SVGTextElement>('.graph-name')) {
      const b = t.getBBox();
      const name = t.textContent;
      if (b.width <= 0) out.push(`${name}: not drawn`);
      if (b.x < vb.x || b.y < vb.y || b.x + b.width > vb.x + vb.width || b.y + b.height > vb.y + vb.height) out.push(`${name}: outside the drawing`);
      for (const [cx, cy] of centres) {
        const nx = Math.max(b.x, Math.min(cx, b.x + b.width));
        const ny = Math.max(b.y, Math.min(cy, b.y + b.height));
        if (Math.hypot(cx - nx, cy - ny) < ring) out.push(`${name}: on the piece or ring at ${cx},${cy}`);
      }
      for (const [x1, y1, x2, y2] of lines) {
        // Sampled along the line: any sample inside the box grown by half the stroke is a clash.
        for (let k = 0; k <= 200; k++) {
          const x = x1 + ((x2 - x1) * k) / 200;
          const y = y1 + ((y2 - y1) * k) / 200;
          if (x > b.x - half && x < b.x + b.width + half && y > b.y - half && y < b.y + b.height + half) {
            out.push(`${name}: on the line ${x1},${y1}–${x2},${y2}`);
            break;
          }
        }
      }
    }
    return out;
  });
}

/**
 * Selects in the game's view that would cut off the text of one of their
 * choices. A native select's scrollWidth never exceeds its clientWidth in
 * Chromium (the text is clipped inside), so it is compared with a copy of
 * itself free to take its natural width: that of its widest choice, arrow
 * and padding included. A select drawn by the page (`appearance:
 * base-select`, on narrow screens) wraps its text: its content must fit its
 * box, whichever choice is shown.
 */
async function cutSelects(page: Page): Promise<string[]> {
  return page.locator('main select').evaluateAll((ss) =>
    ss
      .filter((s) => s.clientWidth > 0)
      .flatMap((node) => {
        const s = node as HTMLSelectElement;
        const name = s.getAttribute('data-testid') ?? s.getAttribute('aria-label');
        const cs = getComputedStyle(s);
        if (cs.appearance === 'base-select') {
          const chosen = s.selectedIndex;
          const out: string[] = [];
          for (let i = 0; i < s.options.length; i++) {
            s.selectedIndex = i;
            if (s.scrollWidth > s.clientWidth || s.scrollHeight > s.clientHeight) out.push(`${name}: "${s.options[i].text}" overflows`);
          }
          s.selectedIndex = chosen;
          return out;
        }
        const free = s.cloneNode(true) as HTMLSelectElement;
        free.style.cssText = `position: absolute; left: 0; top: 0; visibility: hidden; width: auto; min-width: 0; max-width: none; font: ${cs.font}; padding: ${cs.padding}; border: ${cs.border}`;
        document.body.append(free);
        const natural = free.clientWidth;
        free.remove();
        return natural > s.clientWidth ? [`${name}: needs ${natural} px, has ${s.clientWidth}`] : [];
      }),
  );
}

for (const [label, size] of [
  ['desktop', { width: 1366, height: 768 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`Hare and Hounds on a ${label} screen: point names clear of lines, pieces and rings; no list cut off`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize(size);
    await page.goto('/#/hare_hounds?first=human&second=simple&seed=4&delay=0');
    const board = page.getByTestId('board');
    await expect(board).toHaveAttribute('data-interactive', 'true');
    expect(await nameClashes(page)).toEqual([]);
    // After a few moves (pieces and rings elsewhere) and seen from the other side.
    for (let i = 0; i < 2; i++) {
      await expect(board).toHaveAttribute('data-to-move', '0');
      await expect(board).toHaveAttribute('data-interactive', 'true');
      await page.locator('.graph-point.movable').first().click();
      await page.locator('.graph-point.target').first().click();
      await expect.poll(() => moveTexts(page).then((m) => m.length)).toBe(2 * i + 2);
    }
    expect(await nameClashes(page)).toEqual([]);
    await page.screenshot({ path: `test-results/boards-hare-${label}.png` });
    await page.getByTestId('flip-board').click();
    expect(await nameClashes(page)).toEqual([]);
    for (const tab of ['Play', 'Train', 'Models']) {
      await page.getByRole('tab', { name: tab }).click();
      expect(await cutSelects(page), `${tab} tab`).toEqual([]);
    }
    expect(errors).toEqual([]);
  });
}

/** Whether the element is inside the window and on top at its centre (nothing covers it). */
async function onScreenAndUncovered(page: Page, testid: string): Promise<boolean> {
  return page.getByTestId(testid).first().evaluate((e) => {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!top && (top === e || e.contains(top));
  });
}

for (const [label, size] of [
  ['desktop', { width: 1366, height: 768 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`every game on a ${label} screen after a few moves: the board and Flip board on screen and uncovered`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize(size);
    for (const [game, first, second] of [
      ['othello', 'msb', 'random'],
      ['connect4', 'random', 'stupid'],
      ['hare_hounds', 'random', 'simple'],
    ]) {
      await page.goto(`/#/${game}?first=${first}&second=${second}&seed=6&delay=0`);
      await expect.poll(async () => Number(await page.locator('[data-cursor]').first().getAttribute('data-cursor'))).toBeGreaterThanOrEqual(5);
      // Stop the computers: back to a person's game at this point.
      await page.getByTestId('player-0').selectOption('human');
      await page.getByTestId('player-1').selectOption('human');
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await onScreenAndUncovered(page, 'flip-board'), `${game}: Flip board`).toBe(true);
      // The open game's name in the header is in view (the bar scrolls sideways on a phone).
      const named = await page.locator('.site-header nav a[aria-current="page"]').evaluate((e) => {
        const r = e.getBoundingClientRect();
        return r.left >= 0 && r.right <= innerWidth;
      });
      expect(named, `${game}: its name in the header`).toBe(true);
      await page.screenshot({ path: `test-results/screens/${game}-${label}.png` });
      await page.getByTestId('flip-board').click();
      await page.screenshot({ path: `test-results/screens/${game}-${label}-flipped.png` });
      await page.getByTestId('flip-board').click();
    }
    expect(errors).toEqual([]);
  });
}

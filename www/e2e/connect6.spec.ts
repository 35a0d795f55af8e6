import { test, expect, type Browser, type Page } from '@playwright/test';
import { clickSquare, squarePoint, tapSquare, watchErrors } from './helpers';

// Connect6 on the page: stones on the intersections of a 19×19 board, two a
// turn. Played by clicks against the greedy player at a laptop and a phone
// size (the side to move stays the same between the two stones of a turn,
// and the computer places both of its own), a stone by keyboard, and a six
// that ends the game.

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 768 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
];

const board = (page: Page) => page.locator('canvas.board-canvas');
const moves = (page: Page) => page.getByTestId('moves').locator('.move');
const toMove = (page: Page) => board(page).getAttribute('data-to-move');

async function open(browser: Browser, size: (typeof SIZES)[number], hash: string) {
  const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(hash);
  await expect(page.getByRole('heading', { name: 'Connect6', level: 1 })).toBeVisible();
  await expect(board(page)).toHaveAttribute('data-placement', 'intersections');
  await expect(board(page)).toHaveAttribute('data-rows', '19');
  return { context, page, errors };
}

/** The board and the control under it are on screen. */
async function fits(page: Page, size: (typeof SIZES)[number]) {
  const b = (await board(page).boundingBox())!;
  expect(b.x).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width).toBeLessThanOrEqual(size.viewport.width + 0.5);
  expect(b.y + b.height).toBeLessThanOrEqual(size.viewport.height);
  // Under the board's top a phone still shows whose turn it is; a laptop shows it beside the board.
  await expect(page.getByTestId('turn')).toBeInViewport();
}

for (const size of SIZES) {
  test(`a game against greedy by clicks, two stones a turn (${size.name})`, async ({ browser }) => {
    const { context, page, errors } = await open(browser, size, '/#/connect6?first=human&second=greedy&seed=1&delay=0');
    await fits(page, size);
    // Black opens with one stone, in the centre.
    await clickSquare(page, 'j10');
    // Greedy answers with two stones, then it is Black's turn again.
    await expect(moves(page)).toHaveCount(3);
    await expect.poll(() => toMove(page)).toBe('0');
    const white = (await moves(page).allTextContents()).slice(1);
    expect(white).toHaveLength(2);
    // Two stones of Black: after the first, Black is still to move.
    const free = async (candidates: string[]) => {
      // The legal moves in the engine's notation (J10), the squares as the helpers name them (j10).
      const legal = ((await board(page).getAttribute('data-legal')) ?? '').split(' ');
      return candidates.find((c) => legal.includes(c.toUpperCase()))!;
    };
    const first = await free(['k11', 'h9', 'k9', 'h11']);
    await clickSquare(page, first);
    await expect(moves(page)).toHaveCount(4);
    expect(await toMove(page)).toBe('0');
    await expect(page.getByTestId('game-status')).toHaveText('Black places the second of its two stones.');
    await expect(board(page)).toHaveAttribute('data-last-move', first);
    const second = await free(['l12', 'g8', 'l8', 'g12']);
    await clickSquare(page, second);
    // Greedy's two stones follow.
    await expect(moves(page)).toHaveCount(7);
    await expect.poll(() => toMove(page)).toBe('0');
    await expect(page.getByTestId('game-status')).toHaveText('Black places the first of its two stones.');
    // Undo takes back whole turns to the person's: Greedy's two stones and Black's two.
    await page.getByTestId('undo').click();
    await expect.poll(() => board(page).getAttribute('data-cursor')).toBe('3');
    await fits(page, size);
    await page.screenshot({ path: `test-results/screens/connect6-play-${size.name}.png` });
    expect(errors).toEqual([]);
    await context.close();
  });

  test(`six in a row by clicks ends the game (${size.name})`, async ({ browser }) => {
    const { context, page, errors } = await open(browser, size, '/#/connect6?first=human&second=human&seed=1');
    // Black builds the column J5..J10; White places apart on row 1 and row 3.
    const stones = ['j5', 'a1', 'c1', 'j6', 'j7', 'e1', 'g1', 'j8', 'j9', 'a3', 'c3', 'j10'];
    for (const [i, s] of stones.entries()) {
      await clickSquare(page, s);
      await expect(moves(page)).toHaveCount(i + 1);
    }
    // J10 is the first stone of Black's pair, and wins at once.
    await expect(page.getByTestId('turn')).toHaveText(/Black wins/);
    await expect(board(page)).toHaveAttribute('data-legal', '');
    await expect(board(page)).toHaveAttribute('data-to-move', '');
    // A click on a free point plays nothing.
    await clickSquare(page, 'k10');
    await expect(moves(page)).toHaveCount(stones.length);
    await fits(page, size);
    await page.screenshot({ path: `test-results/screens/connect6-won-${size.name}.png` });
    expect(errors).toEqual([]);
    await context.close();
  });
}

for (const size of SIZES) {
  test(`stones by keyboard: Enter places one on the cursor, the side stays for the second (${size.name})`, async ({ browser }) => {
    const { context, page, errors } = await open(browser, size, '/#/connect6?first=human&second=human&seed=1');
    await expect(board(page)).toHaveAttribute('data-legal', /J10/);
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      if (await board(page).evaluate((c) => c === document.activeElement)) break;
    }
    await expect(board(page)).toBeFocused();
    // The cursor starts on the centre.
    await expect(board(page)).toHaveAttribute('data-focus-square', 'j10');
    await page.keyboard.press('Enter');
    await expect(moves(page)).toHaveText(['J10']);
    await expect.poll(() => toMove(page)).toBe('1');
    // White's pair: K10, then L10; White stays to move between them.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(moves(page)).toHaveCount(2);
    expect(await toMove(page)).toBe('1');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press(' ');
    await expect(moves(page)).toHaveText(['J10', 'K10', 'L10']);
    await expect.poll(() => toMove(page)).toBe('0');
    // The record in the game's notation.
    await expect(page).toHaveURL(/moves=J10\+K10\+L10/);
    expect(errors).toEqual([]);
    await context.close();
  });
}

// Placing on a phone: 19 × 19 points about 18 px apart are smaller than a
// finger, so a tap shows the stone first (a half-tone stone in a ring, and
// Place and Cancel under the board) and a second tap, or Place, places it.
// The mouse and the keyboard place at once (a board of large points plays on
// one tap, on the phone too: the other games' specs).

const PHONE = SIZES[1];
const DESKTOP = SIZES[0];
const pending = (page: Page) => board(page).getAttribute('data-pending');
const place = (page: Page) => page.getByTestId('pending-place');

/** The colour of the canvas's pixel at a page point, as [r, g, b]. */
async function pixel(page: Page, p: { x: number; y: number }): Promise<number[]> {
  return board(page).evaluate((c: HTMLCanvasElement, p) => {
    const r = c.getBoundingClientRect();
    const scale = c.width / r.width;
    const d = c.getContext('2d')!.getImageData(Math.round((p.x - r.left) * scale), Math.round((p.y - r.top) * scale), 1, 1).data;
    return [d[0], d[1], d[2]];
  }, p);
}

/** A point `dx` spacings right of a square's point, on the page. */
async function beside(page: Page, square: string, dx: number) {
  const p = await squarePoint(page, square);
  const cell = Number(await board(page).getAttribute('data-cell'));
  return { x: p.x + dx * cell, y: p.y };
}

/** Bluish: the marks of a waiting stone and of a turn in progress (the board is sand, orange marks the last turn). */
const blue = ([r, , b]: number[]) => b > r + 60;

test('phone: a tap shows the stone, a second tap places it; a tap elsewhere moves it; Place and Cancel', async ({ browser }) => {
  const { context, page, errors } = await open(browser, PHONE, '/#/connect6?first=human&second=human&seed=1');
  await expect(board(page)).toHaveAttribute('data-legal', /J10/);
  expect(Number(await board(page).getAttribute('data-cell'))).toBeLessThan(28);
  await expect(place(page)).toBeHidden();
  // The ring round a waiting stone passes three quarters of a spacing right of its point.
  expect(blue(await pixel(page, await beside(page, 'j10', 0.75)))).toBe(false);

  // A tap: the stone waits on J10, nothing is played.
  await tapSquare(page, 'j10');
  await expect.poll(() => pending(page)).toBe('J10');
  await expect(moves(page)).toHaveCount(0);
  await expect(place(page)).toHaveText('Place at J10');
  await expect(place(page)).toBeInViewport();
  await expect(page.getByTestId('pending-words')).toHaveText(/Black stone ready at J10, not placed yet/);
  await expect.poll(async () => blue(await pixel(page, await beside(page, 'j10', 0.75)))).toBe(true);
  // The loupe beside Place shows the waiting stone larger: dark at its centre, on the sand-coloured board.
  const loupe = page.getByTestId('pending-loupe');
  await expect(loupe).toBeInViewport();
  const centre = await loupe.evaluate((l: HTMLCanvasElement) => [...l.getContext('2d')!.getImageData(l.width / 2, l.height / 2, 1, 1).data]);
  expect(centre[0]).toBeLessThan(170);
  // Place and the waiting stone are on screen and nothing covers Place.
  const covered = await place(page).evaluate((b) => {
    const r = b.getBoundingClientRect();
    return !b.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
  });
  expect(covered).toBe(false);
  await fits(page, PHONE);
  await page.screenshot({ path: 'test-results/screens/connect6-pending-phone.png' });

  // A tap on another point moves the stone there; a second tap on it places it.
  await tapSquare(page, 'k11');
  await expect.poll(() => pending(page)).toBe('K11');
  await expect(moves(page)).toHaveCount(0);
  await expect(place(page)).toHaveText('Place at K11');
  await tapSquare(page, 'k11');
  await expect(moves(page)).toHaveText(['K11']);
  await expect.poll(() => pending(page)).toBeNull();
  await expect(place(page)).toBeHidden();

  // White's first stone: Place places it.
  await tapSquare(page, 'j10');
  await expect.poll(() => pending(page)).toBe('J10');
  await place(page).tap();
  await expect(moves(page)).toHaveText(['K11', 'J10']);
  await expect.poll(() => pending(page)).toBeNull();

  // Cancel, and Escape on the board, take the stone away without placing it.
  await tapSquare(page, 'l10');
  await expect.poll(() => pending(page)).toBe('L10');
  await page.getByTestId('pending-cancel').tap();
  await expect.poll(() => pending(page)).toBeNull();
  await expect(page.getByTestId('pending-words')).toHaveText(/nothing placed/);
  await tapSquare(page, 'l10');
  await expect.poll(() => pending(page)).toBe('L10');
  await board(page).focus();
  await page.keyboard.press('Escape');
  await expect.poll(() => pending(page)).toBeNull();
  await expect(moves(page)).toHaveCount(2);
  // A tap on a stone already placed leaves a waiting stone where it is.
  await tapSquare(page, 'l10');
  await tapSquare(page, 'k11');
  await expect.poll(() => pending(page)).toBe('L10');
  await expect(moves(page)).toHaveCount(2);
  expect(errors).toEqual([]);
  await context.close();
});

test('desktop: a click places a stone at once', async ({ browser }) => {
  const { context, page, errors } = await open(browser, DESKTOP, '/#/connect6?first=human&second=human&seed=1');
  await clickSquare(page, 'j10');
  await expect(moves(page)).toHaveText(['J10']);
  expect(await pending(page)).toBeNull();
  await expect(place(page)).toBeHidden();
  expect(errors).toEqual([]);
  await context.close();
});

for (const size of SIZES) {
  test(`the first stone of a turn is marked until the second, Undo takes it back; both stones of the last turn are marked (${size.name})`, async ({ browser }) => {
    const { context, page, errors } = await open(browser, size, '/#/connect6?first=human&second=human&seed=1');
    // Black's opening stone, White's pair (by mouse at both sizes: placed at once).
    for (const [i, s] of ['j10', 'k10', 'l10'].entries()) {
      await clickSquare(page, s);
      await expect(moves(page)).toHaveCount(i + 1);
    }
    await expect(board(page)).toHaveAttribute('data-turn-marks', 'k10 l10');
    await expect(board(page)).toHaveAttribute('data-this-turn', '');
    // Black's first stone: marked as this turn's, White's pair still the last turn.
    await clickSquare(page, 'j12');
    await expect(moves(page)).toHaveCount(4);
    await expect(board(page)).toHaveAttribute('data-this-turn', 'j12');
    await expect(board(page)).toHaveAttribute('data-turn-marks', 'k10 l10');
    await expect(page.getByTestId('game-status')).toHaveText('Black places the second of its two stones.');
    // Its mark is blue, at the stone's point.
    expect(blue(await pixel(page, await beside(page, 'j12', 0)))).toBe(true);
    await fits(page, size);
    await page.screenshot({ path: `test-results/screens/connect6-first-stone-${size.name}.png` });
    // Undo takes the single stone back: the point is free, Black still to move.
    await expect(page.getByTestId('undo')).toBeEnabled();
    await page.getByTestId('undo').click();
    // The move list keeps the stone undone (for Redo); the board shows three moves.
    await expect(board(page)).toHaveAttribute('data-cursor', '3');
    await expect(board(page)).toHaveAttribute('data-this-turn', '');
    await expect(board(page)).toHaveAttribute('data-legal', /\bJ12\b/);
    expect(await toMove(page)).toBe('0');
    expect(blue(await pixel(page, await beside(page, 'j12', 0)))).toBe(false);
    // Black's pair: both stones marked as the last turn.
    await clickSquare(page, 'j12');
    await clickSquare(page, 'j13');
    await expect(board(page)).toHaveAttribute('data-cursor', '5');
    await expect(board(page)).toHaveAttribute('data-turn-marks', 'j12 j13');
    await expect(board(page)).toHaveAttribute('data-this-turn', '');
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('a phone held sideways: Place and Cancel fit under the board, a second tap places', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 844, height: 390 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/#/connect6?first=human&second=human&seed=1');
  await expect(board(page)).toHaveAttribute('data-legal', /K11/);
  await tapSquare(page, 'k11');
  await expect.poll(() => pending(page)).toBe('K11');
  // The board fills the screen's height: the loupe gives way, Place and Cancel stay wholly on screen.
  await expect(page.getByTestId('pending-loupe')).toBeHidden();
  for (const b of [place(page), page.getByTestId('pending-cancel')]) await expect(b).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: 'test-results/screens/connect6-pending-sideways.png' });
  await tapSquare(page, 'k11');
  await expect(moves(page)).toHaveText(['K11']);
  expect(errors).toEqual([]);
  await context.close();
});

test('the engine, thinking in a worker, wins by threats: two open fours, then the six', async ({ page }) => {
  const errors = watchErrors(page);
  // Black (the engine) to move with two open threes, E2–G2 and E5–G5.
  const record = 'J10 A1 A19 E2 F2 S1 S19 G2 E5 A10 S10 F5 G5 K19 M19';
  await page.goto(`/#/connect6?first=engine&second=human&seed=1&delay=0&moves=${record.split(' ').join('+')}`);
  await expect(moves(page)).toHaveCount(15);
  // A loaded game waits for Continue before a computer moves.
  await page.getByTestId('continue').click();
  await expect(moves(page)).toHaveCount(17);
  await expect.poll(() => toMove(page)).toBe('1');
  // Its two stones make two open fours: White blocks one end of each, in vain.
  const legal = ((await board(page).getAttribute('data-legal')) ?? '').split(' ');
  const black = (await moves(page).allTextContents()).slice(15).map((t) => t.trim());
  expect(black.every((s) => /^[A-S]\d+$/.test(s))).toBe(true);
  for (const s of ['D2', 'D5']) if (legal.includes(s)) await clickSquare(page, s.toLowerCase());
  await expect(page.locator('.play')).toHaveAttribute('data-over', 'true');
  await expect(page.getByTestId('turn')).toContainText(/Black/);
  expect(errors).toEqual([]);
});

// Threats on request (the Threats section under the Play controls): each
// side's threats marked on the board and said in words, by keyboard at one
// size and by touch or click at the other; and the search for a forced win
// in a worker of its own, with its line in words, its first stones marked,
// and a Stop button.

/** Black to move with two open threes, E2–G2 and E5–G5. */
const THREES = 'J10 A1 A19 E2 F2 S1 S19 G2 E5 A10 S10 F5 G5 K19 M19';

for (const size of SIZES) {
  test(`threats on request: marked and in words; a forced win found in a worker (${size.name})`, async ({ browser }) => {
    const { context, page, errors } = await open(browser, size, `/#/connect6?first=human&second=human&seed=1&moves=${THREES.split(' ').join('+')}`);
    await expect(moves(page)).toHaveCount(15);
    const show = page.getByTestId('show-threats');
    const words = page.getByTestId('threat-words');
    if (size.touch) await show.tap();
    else {
      await show.focus();
      await page.keyboard.press('Space');
    }
    await expect(show).toBeChecked();
    await expect(words).toHaveText('Black has no threat. White has no threat.');
    // Black's first stone makes an open four: two threats, White's blocks marked.
    await clickSquare(page, 'h2');
    await expect(words).toHaveText('Black threatens to win in two ways: White must block at C2 and I2. White has no threat.');
    await expect(board(page)).toHaveAttribute('data-heat', /\bc2:-1\.00\b.*\bi2:-1\.00\b/);
    // Its second makes another: three threats or more, too many to block.
    await clickSquare(page, 'h5');
    await expect(words).toContainText('Black has three or more threats: two stones cannot block them all');
    await expect(words).toContainText('White has no threat.');
    await expect(board(page)).toHaveAttribute('data-heat', /\bi5:1\.00\b/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await fits(page, size);
    await page.screenshot({ path: `test-results/screens/connect6-threats-${size.name}.png` });
    // Back to Black's turn: the forced win, searched in a worker, in words and marked.
    await page.getByTestId('undo').click();
    await expect(board(page)).toHaveAttribute('data-cursor', '15');
    await expect(words).toHaveText('Black has no threat. White has no threat.');
    await page.getByTestId('forced-win').click();
    const result = page.getByTestId('forced-win-result');
    await expect(result).toContainText(/^Black wins by force in 2 turns, with two threats every turn: Black [A-S]\d+ [A-S]\d+, then White/);
    await expect(board(page)).toHaveAttribute('data-heat', /^[a-s]\d+:1\.00 [a-s]\d+:1\.00$/);
    await expect(page.getByTestId('forced-win')).toBeEnabled();
    await expect(page.getByTestId('forced-win-stop')).toBeDisabled();
    await page.getByTestId('forced-win-result').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/connect6-forced-win-${size.name}.png` });
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('a forced-win search shows its progress and stops on Stop; one the time ends says none was found within it', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  // A crowded middle game of 143 stones (of greedy against greedy): no forced win by two
  // threats a turn, and the search by one threat a turn runs for many seconds.
  const crowded = 'G3+E3+K3+H3+I3+F4+H4+J3+G5+I4+E5+B6+F6+F5+H5+I6+L6+M5+D6+E7+G7+E6+G6+I7+J7+H6+K6+K7+O7+C7+H7+B8+G8+M7+D8+I8+J8+E8+F8+K8+M8+H8+L8+N8+D9+E9+J9+F9+G9+L9+M9+H9+I9+N9+P9+K9+O9+E10+F10+D10+J10+G10+I10+L10+N10+M10+D11+P10+E11+F11+G11+J11+K11+H11+I11+L11+Q11+M11+N11+E12+H12+O11+P11+J12+L12+G12+I12+M12+E13+K12+P12+K13+L13+F13+G13+N13+O13+H13+I13+E14+I14+J13+M13+J14+K14+P13+S13+L14+N14+G14+M14+O14+P14+R14+E15+Q14+F15+K15+L15+G15+H15+P15+E16+I15+J15+G16+H16+M15+N15+I16+K16+F16+L16+Q16+K17+M16+N16+M17+N17+P16+L17+O17+J19';
  await page.goto(`/#/connect6?first=human&second=human&seed=1&moves=${crowded}`);
  await expect(moves(page)).toHaveCount(143);
  const result = page.getByTestId('forced-win-result');
  // Up to 30 s: long enough to be stopped.
  await page.getByTestId('forced-win-time').selectOption('30');
  await page.getByTestId('forced-win').click();
  await expect(page.getByTestId('forced-win-stop')).toBeEnabled();
  await expect(result).toContainText(/^Searching… \d+\.\d of 30 s, [\d,]+ positions/);
  await page.getByTestId('forced-win-stop').click();
  await expect(result).toHaveText('Stopped.');
  await expect(page.getByTestId('forced-win')).toBeEnabled();
  await expect(page.getByTestId('forced-win-stop')).toBeDisabled();
  // Searched again and let run: an answer within the time chosen.
  await page.getByTestId('forced-win-time').selectOption('2');
  await page.getByTestId('forced-win').click();
  await expect(result).toContainText(/^No forced win for Black found within the time given \(searched [\d,]+ positions, up to 4 turns\)/, { timeout: 15_000 });
  expect(errors).toEqual([]);
});

// A wall-time check (a control answers within 1 s while the engine thinks):
// run alone afterwards, with the other tests that measure time (@timing).
test('the engine’s reply arrives while the page stays responsive: a forced-win search and the controls answer meanwhile', { tag: '@timing' }, async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/#/connect6?first=human&second=engine&seed=1&delay=0');
  // The engine at its deepest and widest: it thinks for its whole budget.
  const box = page.locator('.player-settings-box[data-player=engine]');
  await box.locator('summary').click();
  await page.getByTestId('player-engine-level').fill('6');
  await page.getByTestId('player-engine-width').fill('40');
  await clickSquare(page, 'j10');
  await expect(page.getByTestId('turn')).toContainText('White (Engine) is thinking');
  // Meanwhile the page answers: a checkbox, the main thread, a search in another worker.
  const t0 = Date.now();
  await page.getByTestId('show-threats').check();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
  expect(Date.now() - t0).toBeLessThan(1000);
  await page.getByTestId('forced-win').click();
  await expect(page.getByTestId('forced-win-result')).toContainText('White has no forced win');
  await expect(moves(page)).toHaveCount(1);
  // Then White's two stones arrive, and the threats are said for the new position.
  await expect(moves(page)).toHaveCount(3, { timeout: 20_000 });
  await expect.poll(() => toMove(page)).toBe('0');
  await expect(page.getByTestId('threat-words')).toHaveText('Black has no threat. White has no threat.');
  expect(errors).toEqual([]);
});

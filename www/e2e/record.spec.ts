import { readFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { watchErrors } from './helpers';

// The Play tab's move list and game records: one row per turn under the
// sides' names, a move that shows the position after it; a record exported
// in the game's usual notation (a file, the clipboard) and imported back
// (a file, the paste box); a bad record refused with its first bad move,
// the game on the board kept.

const play = (page: Page) => page.locator('.play');
const position = (page: Page) => play(page).getAttribute('data-position');
const cursor = async (page: Page) => Number(await page.getByTestId('board').or(page.locator('canvas.board-canvas')).first().getAttribute('data-cursor'));
const moveList = (page: Page) => page.getByTestId('moves');
const moveTexts = (page: Page) => moveList(page).locator('.move').allTextContents();
const counts = async (page: Page) => [await page.getByTestId('count-0').textContent(), await page.getByTestId('count-1').textContent()];

/** Opens a game between two people from a link with these moves. */
async function openGame(page: Page, game: string, moves: string[]): Promise<void> {
  await page.goto(`/#/${game}?first=human&second=human&seed=5&moves=${moves.join('+')}`);
  await expect.poll(() => cursor(page)).toBe(moves.length);
}

/** Pastes a record into the box and loads it. */
async function paste(page: Page, record: string): Promise<void> {
  await page.getByTestId('record-paste').fill(record);
  await page.getByTestId('record-load').click();
}

test('the move list has a column per side under its name and a row per turn; a click or Enter on a move shows the position after it', async ({ page }) => {
  const errors = watchErrors(page);
  await openGame(page, 'othello', ['f5', 'd6', 'c3', 'd3', 'c4']);
  const list = moveList(page);
  await expect(list.locator('thead th')).toHaveText(['#', 'Black', 'White']);
  const rows = list.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0).locator('th')).toHaveText('1.');
  await expect(rows.nth(0).locator('td')).toHaveText(['f5', 'd6']);
  await expect(rows.nth(1).locator('td')).toHaveText(['c3', 'd3']);
  await expect(rows.nth(2).locator('td')).toHaveText(['c4', '']);
  // The last move is the current one.
  await expect(list.locator('[aria-current]')).toHaveText('c4');

  // A click on White's move of the second turn: the position after four moves.
  await rows.nth(1).locator('td').nth(1).getByRole('button').click();
  await expect.poll(() => cursor(page)).toBe(4);
  expect(await counts(page)).toEqual(['4', '4']);
  await expect(list.locator('[aria-current]')).toHaveText('d3');
  await expect(list.locator('.move.undone')).toHaveText(['c4']);

  // With the keyboard: Enter on Black's move of the second turn.
  await list.getByRole('button', { name: 'c3' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => cursor(page)).toBe(3);
  expect(await counts(page)).toEqual(['5', '2']);
  await expect(list.locator('[aria-current]')).toHaveText('c3');
  // Space too.
  await list.getByRole('button', { name: 'f5' }).focus();
  await page.keyboard.press(' ');
  await expect.poll(() => cursor(page)).toBe(1);
  expect(await counts(page)).toEqual(['4', '1']);

  // A longer game: the list scrolls in its own box, under its heads, to the current move.
  await paste(page, 'f5d6c3d3c4f4f6f3e6e7d7c6e3d2d1c1');
  await expect.poll(() => cursor(page)).toBe(16);
  const box = await list.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight, top: el.scrollTop }));
  expect(box.scroll).toBeGreaterThan(box.client);
  expect(box.top).toBeGreaterThan(0);
  const listBox = (await list.boundingBox())!;
  const headBox = (await list.locator('thead th').first().boundingBox())!;
  const current = (await list.locator('[aria-current]').boundingBox())!;
  await expect(list.locator('[aria-current]')).toHaveText('c1');
  expect(Math.abs(headBox.y - listBox.y)).toBeLessThan(2);
  expect(current.y).toBeGreaterThanOrEqual(headBox.y + headBox.height - 1);
  expect(current.y + current.height).toBeLessThanOrEqual(listBox.y + listBox.height + 1);
  // Nothing to save in a new game.
  await page.getByTestId('new-game').click();
  await page.getByTestId('record-copy').click();
  await expect(page.getByTestId('record-status')).toContainText('no moves to save yet');

  // The other games' heads are the sides the engine names.
  await openGame(page, 'hare_hounds', ['a-e', 'R-c', 'L-d']);
  await expect(moveList(page).locator('thead th')).toHaveText(['#', 'Hounds', 'Hare']);
  await expect(moveList(page).locator('tbody tr').nth(1).locator('td')).toHaveText(['L-d', '']);
  await openGame(page, 'connect4', ['4', '4', '5']);
  await expect(moveList(page).locator('thead th')).toHaveText(['#', 'Red', 'Yellow']);
  expect(errors).toEqual([]);
});

test('a record downloaded, copied and loaded back gives the same game, in each game’s notation', async ({ page, context }, testInfo) => {
  const errors = watchErrors(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // Othello with a pass (Black has no move after c1), Connect Four, Hare and Hounds.
  const games: [string, string[], string][] = [
    ['othello', ['d3', 'c3', 'b3', 'b2', 'f5', 'a3', 'a1', 'c1', 'pass', 'e3'], 'd3c3b3b2f5a3a1c1e3'],
    ['connect4', ['4', '4', '5', '3', '6'], '44536'],
    ['hare_hounds', ['a-e', 'R-c', 'L-d', 'c-b'], 'a-e R-c L-d c-b'],
  ];
  for (const [game, moves, notation] of games) {
    await openGame(page, game, moves);
    const before = await position(page);
    const listBefore = await moveTexts(page);
    expect(listBefore).toEqual(moves);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('record-download').click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${game}-\\d{4}-\\d{2}-\\d{2}\\.txt$`));
    const file = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(file);
    expect(readFileSync(file, 'utf8').trim()).toBe(notation);

    // A new game, then the file: the same position, at the end of the record.
    await page.getByTestId('new-game').click();
    await expect.poll(() => cursor(page)).toBe(0);
    expect(await position(page)).not.toBe(before);
    await page.getByTestId('record-file').setInputFiles(file);
    await expect(page.getByTestId('record-status')).toContainText(`${moves.length} moves`);
    await expect.poll(() => cursor(page)).toBe(moves.length);
    expect(await position(page)).toBe(before);
    expect(await moveTexts(page)).toEqual(listBefore);

    // Copy, new game, paste: the same again.
    await page.getByTestId('record-copy').click();
    await expect(page.getByTestId('record-status')).toContainText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(notation);
    await page.getByTestId('new-game').click();
    await expect.poll(() => cursor(page)).toBe(0);
    await paste(page, notation);
    await expect.poll(() => cursor(page)).toBe(moves.length);
    expect(await position(page)).toBe(before);
  }

  // The whole record is written even when an earlier position is shown.
  await page.getByTestId('moves').getByRole('button', { name: 'R-c' }).click();
  await expect.poll(() => cursor(page)).toBe(2);
  await page.getByTestId('record-copy').click();
  await expect(page.getByTestId('record-status')).toContainText('4 moves');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('a-e R-c L-d c-b');
  expect(await cursor(page)).toBe(2);
  expect(errors).toEqual([]);
});

test('an Othello record written by hand loads, a pass left out as usual; the list shows the pass and jumps', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/othello?first=human&second=human&seed=5');
  await expect.poll(() => cursor(page)).toBe(0);
  // f5 d6 c3 d3 c4, with spaces and capitals: Black 6, White 3 (counted by hand).
  await paste(page, ' F5 d6 c3\nd3 c4 ');
  await expect.poll(() => cursor(page)).toBe(5);
  expect(await counts(page)).toEqual(['6', '3']);

  // After c1 Black has no legal move and passes; White plays e3, flipping
  // c3 and d3: Black 6, White 7, Black to move.
  await paste(page, 'd3c3b3b2f5a3a1c1e3');
  await expect.poll(() => cursor(page)).toBe(10);
  expect(await counts(page)).toEqual(['6', '7']);
  await expect(play(page)).toHaveAttribute('data-to-move', '0');
  const fifth = moveList(page).locator('tbody tr').nth(4);
  await expect(fifth.locator('th')).toHaveText('5.');
  await expect(fifth.locator('td')).toHaveText(['pass', 'e3']);
  await expect(fifth.locator('.move.pass')).toHaveText('pass');
  // The list jumps: the position after c1 (Black 8, White 4).
  await moveList(page).getByRole('button', { name: 'c1' }).click();
  await expect.poll(() => cursor(page)).toBe(8);
  expect(await counts(page)).toEqual(['8', '4']);
  await expect(page.getByTestId('notice')).toContainText('Black has no legal move');
  expect(errors).toEqual([]);
});

test('a bad or foreign record is refused with its first bad move and number; the game on the board stays', async ({ page }) => {
  const errors = watchErrors(page);
  const cases: [string, string[], string, RegExp][] = [
    // a1 is empty but flips nothing.
    ['othello', ['f5', 'd6'], 'f5d6a1c3', /Move 3: a1 is not a legal move/],
    // A Connect Four record in Othello.
    ['othello', ['f5', 'd6'], '4453', /Move 1: '44' is not a square/],
    // Six discs fill column 4; the seventh does not fit.
    ['connect4', ['4', '3'], '4444444', /Move 7 \('4'\): column 4 is full/],
    // The hare cannot move from L, where a hound stands.
    ['hare_hounds', ['a-e'], 'a-b L-c R-f', /Move 2: L-c is not a legal move for Hare/],
    ['hare_hounds', ['a-e'], 'a-b f5', /Move 2: 'f5' is not a move/],
  ];
  for (const [game, moves, record, message] of cases) {
    await openGame(page, game, moves);
    const before = await position(page);
    const url = page.url();
    await paste(page, record);
    const status = page.getByTestId('record-status');
    await expect(status).toHaveAttribute('data-kind', 'error');
    await expect(status).toContainText('was not loaded, and the game on the board is unchanged');
    await expect(status).toContainText(message);
    expect(await cursor(page)).toBe(moves.length);
    expect(await position(page)).toBe(before);
    expect(await moveTexts(page)).toEqual(moves);
    expect(page.url()).toBe(url);
    // The game goes on from where it was.
    await expect(page.getByTestId('undo')).toBeEnabled();
  }
  // An empty box says what to write.
  await paste(page, '   ');
  await expect(page.getByTestId('record-status')).toContainText('is empty');
  expect(errors).toEqual([]);
});

test('touch: on a phone the move list fits the screen, and a tap on a move shows the position after it', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await openGame(page, 'othello', ['f5', 'd6', 'c3', 'd3', 'c4', 'f4', 'f6', 'f3', 'e6', 'e7', 'd7', 'c6', 'e3']);
  const list = moveList(page);
  await list.scrollIntoViewIfNeeded();
  // Nothing wider than the box, and the box within the screen.
  expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const box = (await list.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  // A tap on White's f4 (turn 3): the position after six moves.
  await list.getByRole('button', { name: 'f4' }).tap();
  await expect.poll(() => cursor(page)).toBe(6);
  await expect(list.locator('[aria-current]')).toHaveText('f4');
  // The record controls are tappable too: the paste box and Load.
  await page.getByTestId('record-paste').tap();
  await page.getByTestId('record-paste').fill('f5d6');
  await page.getByTestId('record-load').tap();
  await expect.poll(() => cursor(page)).toBe(2);
  expect(errors).toEqual([]);
  await context.close();
});

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test, expect, type Page } from '@playwright/test';
import { initSync, presetRuns, Run } from '../../pkg/selfplay.js';
import { choosePreset, clickSquare, watchErrors } from './helpers';

// Tic-tac-toe, the game every new game copies: played by clicks against the
// perfect player, and the textbook learner trained in the Train tab until it
// no longer loses to the perfect player, with the engine's own curve.

initSync({ module: readFileSync(fileURLToPath(new URL('../../pkg/selfplay_bg.wasm', import.meta.url))) });

const board = (page: Page) => page.locator('canvas.board-canvas');

test('a game against the perfect player by clicks: a corner answers the centre', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/tictactoe?first=human&second=perfect&seed=1&delay=0');
  await expect(page.getByRole('heading', { name: 'Tic-tac-toe', level: 1 })).toBeVisible();
  await expect(board(page)).toHaveAttribute('data-legal', /\w/);
  // The centre square (b2): every reply but a corner loses, so the perfect player takes one.
  await clickSquare(page, 'b2');
  const moves = page.getByTestId('moves').locator('.move');
  await expect(moves).toHaveCount(2);
  await expect(moves.first()).toHaveText('5');
  expect(['1', '3', '7', '9']).toContain(await moves.nth(1).textContent());
  // The board numbers its squares as the move list does, for screen readers too.
  await expect(board(page)).toHaveAttribute('aria-label', /Cursor on square 5: X\./);
  await board(page).focus();
  await page.keyboard.press('ArrowUp');
  await expect(board(page)).toHaveAttribute('aria-label', /Cursor on square 2: /);
  expect(errors).toEqual([]);
});

test('the textbook preset learns until it loses no game to the perfect player, and its curve is the engine’s', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/tictactoe?first=human&second=perfect&seed=1&delay=0');
  await page.getByRole('tab', { name: 'Train' }).click();
  await choosePreset(page, 'book');
  await expect(page.getByTestId('preset-sentence')).toBeVisible();
  await expect(page.getByTestId('train-start')).toBeEnabled();
  await page.getByTestId('train-start').click();
  const row = page.getByTestId('run').first();
  await expect(row).toHaveAttribute('data-status', 'finished', { timeout: 120_000 });
  await expect(row).toHaveAttribute('data-last-point', '50000');
  // The same run in the engine (node): the same curve, ending with no loss.
  const run = Run.create('tictactoe', 'values', (presetRuns('tictactoe', 'values', 'book', 1n))[0]);
  while (!run.done) run.step(10_000);
  const curve = run.points() as Array<{ x: number; y: Record<string, number> }>;
  run.free();
  const last = curve[curve.length - 1].y;
  expect(last['lost.X']).toBe(0);
  expect(last['lost.O']).toBe(0);
  await expect(row).toHaveAttribute('data-points', String(curve.length));
  const shown = JSON.parse((await row.getAttribute('data-last')) ?? 'null') as Record<string, number>;
  expect(shown).toEqual(last);
  expect(errors).toEqual([]);
});

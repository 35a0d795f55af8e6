import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { Agent, initSync, presetRuns, Run, Session } from '../../pkg/selfplay.js';
import { choosePreset, squarePoint, watchErrors } from './helpers';

// Connect Four on the page: a click anywhere in a column drops a disc there,
// the digit keys 1–7 do the same, the study's leftmost-column player answers,
// and the perfect player's hint gives the exact value of every column, as the
// engine does.

initSync({ module: readFileSync(fileURLToPath(new URL('../../pkg/selfplay_bg.wasm', import.meta.url))) });

const board = (page: Page) => page.locator('canvas.board-canvas');
const cursor = async (page: Page) => Number(await board(page).getAttribute('data-cursor'));

test('a whole game against the leftmost-column player, by clicking the top of a column and by keys', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/connect4?first=human&second=stupid&seed=1&delay=0');
  await expect(board(page)).toHaveAttribute('data-legal', /\w/);
  // The top cell of column 4: the disc falls to the bottom.
  for (let i = 0; i < 2; i++) {
    const p = await squarePoint(page, 'd1');
    await page.mouse.click(p.x, p.y);
    await expect.poll(() => cursor(page)).toBe(2 * i + 2);
  }
  await expect(page.getByTestId('moves').locator('.move')).toHaveText(['4', '1', '4', '1']);
  // The board's accessible name says the last move as a column.
  await expect(board(page)).toHaveAttribute('aria-label', /last move Yellow column 1\./);
  // Keys: 4 twice more, a vertical four.
  await board(page).focus();
  await page.keyboard.press('4');
  await expect.poll(() => cursor(page)).toBe(6);
  await page.keyboard.press('4');
  await expect(page.getByTestId('turn')).toContainText('Red wins: four in a row with its 4th disc.');
  const s = new Session('connect4');
  for (const m of ['4', '1', '4', '1', '4', '1', '4']) s.play(m);
  expect((s.state() as { outcome: { winner: number } }).outcome.winner).toBe(0);
  s.free();
  expect(errors).toEqual([]);
});

test('the perfect player’s hint: the exact value of every column, as the engine gives it', async ({ page }) => {
  const errors = watchErrors(page);
  const record = '4 4 4 4 3 3 5 2 2 6 6 6 5 5 5 3';
  // The hint searches to its end however slow the machine (`hintMs`), as the engine in node does below.
  await page.goto(`/#/connect4?first=human&second=human&seed=1&hintMs=600000&moves=${record.split(' ').join('+')}`);
  await expect.poll(() => cursor(page)).toBe(16);
  await page.getByTestId('hint-player').selectOption('perfect');
  await page.getByTestId('hint').click();
  const result = page.getByTestId('hint-result');
  await expect(result).toContainText('(best)', { timeout: 120_000 });
  await expect(result, 'the page’s hint searched to its end').not.toContainText('Partial');
  const s = new Session('connect4');
  for (const m of record.split(' ')) s.play(m);
  const a = new Agent('connect4', 'perfect', null, null).analyze(s.position(), { unbounded: true }, null) as {
    moves: { text: string; value: number | null; label: string | null }[];
    complete: boolean;
  };
  s.free();
  expect(a.complete).toBe(true);
  // Every legal column has its value on the board, as the engine gives it.
  const heat = (await board(page).getAttribute('data-heat'))!.split(' ').map((h) => Number(h.split(':')[1])).sort();
  expect(heat).toEqual(a.moves.map((m) => Number(m.value!.toFixed(2))).sort());
  const labels = a.moves.map((m) => m.label).filter((l): l is string => !!l);
  for (const l of labels) await expect(result).toContainText(l);
  expect(errors).toEqual([]);
});

test('solve exactly: the empty board from the book, a position without it with progress, and Stop keeps the game playable', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.goto('/#/connect4?first=human&second=human&seed=1');
  await expect(board(page)).toHaveAttribute('data-legal', /\w/);
  const section = page.getByTestId('solve-section');
  const status = page.getByTestId('solve-status');
  const table = page.getByTestId('solve-table');
  await expect(page.getByTestId('solve-book')).toBeChecked();
  // With the book, the empty board at once: the first player wins by the centre.
  await page.getByTestId('solve').click();
  await expect(status).toContainText('The empty board: the side to move wins with its 21st disc. Best move: 4.');
  await expect(table.locator('tr.best td').first()).toHaveText('4');
  await expect(table.locator('tr')).toHaveCount(8);
  const heat = (await board(page).getAttribute('data-heat'))!.split(' ').map((h) => h.split(':'));
  expect(heat).toHaveLength(7);
  await page.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/connect4-solve-phone.png', fullPage: false });
  await page.setViewportSize({ width: 1366, height: 768 });

  // Begin-Medium's 1511475 without the book: millions of positions, with
  // progress, then every column's exact value as the engine gives it.
  const record = '1 5 1 1 4 7 5';
  await page.goto(`/#/connect4?first=human&second=human&seed=1&moves=${record.split(' ').join('+')}`);
  await expect.poll(() => cursor(page)).toBe(7);
  await page.getByTestId('solve-book').uncheck();
  await page.getByTestId('solve').click();
  await expect(page.getByTestId('solve-stop')).toBeVisible();
  await expect(status).toContainText('positions in', { timeout: 30_000 });
  await expect(status).toContainText('The position after 7 moves:', { timeout: 90_000 });
  await expect(page.getByTestId('solve-stop')).toBeHidden();
  const s = new Session('connect4');
  for (const m of record.split(' ')) s.play(m);
  const a = new Agent('connect4', 'perfect', { book: false }, null).analyze(s.position(), { unbounded: true }, null) as {
    moves: { text: string; value: number | null; label: string | null; best: boolean }[];
  };
  s.free();
  const rows = await table.locator('tr').allTextContents();
  for (const m of a.moves) {
    const sign = m.value! > 0 ? `+${m.value}` : String(m.value);
    expect(rows).toContain(`${m.text}${sign}${m.label}${m.best ? ' (best)' : ''}`);
  }
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/connect4-solve-desktop.png' });

  // Stop: the empty board without the book takes minutes; stopped after the
  // first report, the game goes on and a new solve starts.
  await page.goto('/#/connect4?first=human&second=human&seed=1');
  await expect(board(page)).toHaveAttribute('data-legal', /\w/);
  await page.getByTestId('solve-book').uncheck();
  await page.getByTestId('solve').click();
  await expect(status).toContainText('now move 4', { timeout: 30_000 });
  await page.getByTestId('solve-stop').click();
  await expect(status).toContainText('Stopped.');
  await expect(page.getByTestId('solve')).toBeEnabled();
  // The keyboard's place moves from the gone Stop button to Solve.
  await expect(page.getByTestId('solve')).toBeFocused();
  await board(page).focus();
  await page.keyboard.press('4');
  await expect.poll(() => cursor(page)).toBe(1);
  await page.getByTestId('solve-book').check();
  await page.getByTestId('solve').click();
  await expect(status).toContainText('The position after 1 move: the side to move loses');
  expect(errors).toEqual([]);
});

test('Method 1 in the worker pool: six runs learn to survive, and the page’s curve is the engine’s', async ({ page }) => {
  test.setTimeout(300_000);
  const errors = watchErrors(page);
  await page.goto('/#/connect4?first=human&second=stupid&seed=1&delay=0');
  await page.getByRole('tab', { name: 'Train' }).click();
  await choosePreset(page, '1');
  await expect(page.getByTestId('preset-sentence')).toBeVisible();
  await page.getByTestId('train-start').click();
  const runs = page.getByTestId('run');
  await expect(runs).toHaveCount(6);
  for (let i = 0; i < 6; i++) await expect(runs.nth(i)).toHaveAttribute('data-status', 'finished', { timeout: 240_000 });
  // Run 1 (exploration 0%) is the last card: its last point, exactly as the engine computes it.
  const first = runs.last();
  const pageLast = JSON.parse((await first.getAttribute('data-last'))!) as Record<string, number>;
  const config = (presetRuns('connect4', 'q_table', '1', 1n))[0];
  const run = Run.create('connect4', 'q_table', config);
  while (!run.done) run.step(20_000);
  const curve = run.points() as { x: number; y: Record<string, number> }[];
  run.free();
  expect(pageLast).toEqual(curve[curve.length - 1].y);
  // It learned to last: far more moves a game than at the start.
  expect(curve[curve.length - 1].y.moves).toBeGreaterThan(curve[0].y.moves + 10);
  // The share of optimal moves, in its own games and on test positions: two
  // curves a run on a chart of their own, each explained in its legend
  // entry's tooltip.
  expect(Object.keys(pageLast)).toEqual(expect.arrayContaining(['optimal_own', 'optimal_test']));
  const optimal = page.locator('[data-chart="q_table.optimal"] .legend-entry');
  await expect(optimal).toHaveCount(12);
  const own = optimal.filter({ hasText: 'optimal moves in its own games' });
  await expect(own).toHaveCount(6);
  await expect(own.first()).toHaveAttribute('title', /exact solver rates best.*against the stupid player/);
  const tests = optimal.filter({ hasText: 'optimal moves on test positions' });
  await expect(tests.first()).toHaveAttribute('data-dash', '6 4');
  await expect(tests.first()).toHaveAttribute('title', /benchmark sets/);
  // Saved, it is in the library and plays.
  await first.getByTestId('run-save').click();
  await expect(first.getByTestId('run-note')).toContainText('Saved to the library');
  await first.getByTestId('run-play').click();
  await expect(page.getByRole('tab', { name: 'Play' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('player-0')).toHaveValue(/^net:/);
  await expect.poll(() => cursor(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  expect(errors).toEqual([]);
});

test('a learned table plays with a lookahead set in its settings: two moves ahead, it blocks a four', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  // A table that has learned 200 games as Red against the random player.
  const config = { ...(presetRuns('connect4', 'q_table', '2', 1n))[0], total_games: 200, perfect_sample: 0 };
  const run = Run.create('connect4', 'q_table', config);
  while (!run.done) run.step(1_000);
  const file = testInfo.outputPath('table.selfplay');
  writeFileSync(file, run.model('small table'));
  run.free();
  await page.goto('/#/connect4?tab=models&delay=0');
  await page.getByTestId('model-import').setInputFiles(file);
  await expect(page.getByTestId('model')).toHaveCount(1);
  await page.getByTestId('model').first().getByTestId('model-play').click();
  await expect(page.getByTestId('player-0')).toHaveValue(/^net:/);
  const net = await page.getByTestId('player-0').inputValue();
  // Yellow has three discs in column 2 and Red (the table) is about to move.
  await page.goto(`/#/connect4?first=human&second=human&seed=1&delay=0&moves=1+2+3+2+1`);
  await expect.poll(() => cursor(page)).toBe(5);
  await page.getByTestId('player-0').selectOption(net);
  const depth = page.getByLabel('Look ahead (moves)');
  await expect(page.locator('.player-settings-box[data-player="model"] summary')).toHaveText('Learned model: settings');
  await page.locator('.player-settings-box[data-player="model"] summary').click();
  await depth.fill('2');
  await depth.press('Tab');
  // The settings box is named and reachable like every form of the page.
  const axe = await new AxeBuilder({ page }).include('.player-settings-box[data-player="model"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  // Yellow plays column 2 (the key 2); the table, looking two moves ahead, blocks column 2.
  await board(page).focus();
  await page.keyboard.press('2');
  await expect(page.getByTestId('moves').locator('.move')).toHaveText(['1', '2', '3', '2', '1', '2', '2'], { timeout: 30_000 });
  expect(errors).toEqual([]);
});

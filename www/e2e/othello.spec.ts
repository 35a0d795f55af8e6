// End-to-end: the built page in headless Chromium. A person plays Othello
// against the fixed players with mouse, keyboard and touch; the page's final
// score must equal the engine's, the page must log no error, and the page
// thread must never be blocked for more than 50 ms while the computer thinks.
// That is measured on the browser's trace of the page's thread in thread time
// (the processor time the page's own code used): on a machine with few cores
// the page's thread shares them with the engine's workers, the browser and the
// test runner, which stretches its wall time.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { Agent, initSync, Session } from '../../pkg/selfplay.js';
import { holdEngineRestart, holdRequests, pageTasks, squarePoint, type TraceEvent, watchErrors } from './helpers';

// The same wasm module the page uses, run here in node to check the page.
initSync({ module: readFileSync(fileURLToPath(new URL('../../pkg/selfplay_bg.wasm', import.meta.url))) });

interface EngineState {
  counts: [number, number];
  outcome: { winner: 0 | 1 | null; text: string } | null;
}

const board = (page: Page) => page.locator('canvas.board-canvas');

/** The number of moves on the board, as the page last drew it. */
async function cursor(page: Page): Promise<number> {
  return Number(await board(page).getAttribute('data-cursor'));
}

/** Waits until Black (the person) is to move or the game is over. */
async function waitForBlackOrEnd(page: Page): Promise<'over' | 'move' | 'pass'> {
  const handle = await page.waitForFunction(() => {
    const play = document.querySelector<HTMLElement>('.play');
    const canvas = document.querySelector<HTMLCanvasElement>('canvas.board-canvas');
    const pass = document.querySelector<HTMLButtonElement>('[data-testid=pass]');
    if (!play || !canvas) return null;
    if (play.dataset.over === 'true') return 'over';
    if (play.dataset.toMove !== '0') return null;
    if (pass && !pass.hidden && !pass.disabled) return 'pass';
    return canvas.dataset.legal ? 'move' : null;
  });
  return (await handle.jsonValue()) as 'over' | 'move' | 'pass';
}

/** Replays the page's move list in the engine and returns its final state. */
function engineReplay(moves: string[]): EngineState {
  const s = new Session('othello');
  try {
    for (const m of moves) s.play(m);
    return s.state() as EngineState;
  } finally {
    s.free();
  }
}

test('a whole game against MVB, by clicking, with undo and redo', async ({ browser, page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /teach themselves/ })).toBeVisible();
  // Every game of this build is playable: none is listed as coming, no card is a dead link.
  await expect(page.locator('.card.coming')).toHaveCount(0);
  await expect(page.locator('.card.coming a')).toHaveCount(0);
  await expect(page.getByTestId('open-othello')).toHaveAttribute('href', '#/othello');
  // The game without the pause before the computer's moves (the card's link is followed in othello-ready.spec.ts).
  await page.goto('/#/othello?delay=0');
  await page.getByTestId('player-1').selectOption('mvb');
  await page.getByTestId('player-0').selectOption('human');
  await page.getByTestId('new-game').click();
  await expect(page.getByTestId('count-0')).toHaveText('2');
  // No network plays: no Q heat-map switch.
  await expect(page.getByTestId('heat-toggle')).toBeHidden();
  await browser.startTracing(page, { categories: ['toplevel'] });

  let plies = 0;
  let undone = false;
  for (;;) {
    const what = await waitForBlackOrEnd(page);
    if (what === 'over') break;
    const before = await cursor(page);
    if (what === 'pass') {
      await page.getByTestId('pass').click();
    } else {
      const legal = (await board(page).getAttribute('data-legal'))!.split(' ');
      // Vary the choice so that games differ from the computer's greedy line.
      const move = legal[(plies * 7) % legal.length];
      const p = await squarePoint(page, move);
      await page.mouse.click(p.x, p.y);
    }
    await expect.poll(() => cursor(page)).toBeGreaterThan(before);
    plies++;

    if (!undone && plies === 6) {
      // Undo takes back the computer's reply and our move; redo restores them.
      await waitForBlackOrEnd(page);
      const at = await cursor(page);
      const movesBefore = await page.getByTestId('moves').locator('.move').allTextContents();
      await page.getByTestId('undo').click();
      await expect.poll(() => cursor(page)).toBe(at - 2);
      await expect(page.getByTestId('moves').locator('.move.undone')).toHaveCount(2);
      await page.getByTestId('redo').click();
      await expect.poll(() => cursor(page)).toBe(at);
      expect(await page.getByTestId('moves').locator('.move').allTextContents()).toEqual(movesBefore);
      undone = true;
    }
  }
  expect(undone).toBe(true);

  const moves = await page.getByTestId('moves').locator('.move').allTextContents();
  const shown: [number, number] = [
    Number(await page.getByTestId('count-0').textContent()),
    Number(await page.getByTestId('count-1').textContent()),
  ];
  const engine = engineReplay(moves);
  expect(engine.outcome, 'the engine agrees that the game is over').not.toBeNull();
  expect(shown).toEqual(engine.counts);
  await expect(page.getByTestId('turn')).toHaveText(engine.outcome!.text);
  // The last move's discs finish turning over (250 ms, grid-turns.ts) before the picture:
  // without the computer's pause the game ends while they turn.
  await page.waitForTimeout(500);
  await page.screenshot({ path: 'test-results/othello-final.png' });
  // The check works: a deliberate task of 600 ms of wall time on the page
  // thread, after the game, is the longest of the trace in wall time and
  // over 50 ms of thread time (unless other processes leave the page's thread
  // under a twelfth of a core); no other task is over 50 ms.
  await page.evaluate(() => {
    const end = performance.now() + 600;
    while (performance.now() < end);
  });
  await page.waitForTimeout(200);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  const tasks = pageTasks(trace.traceEvents);
  expect(tasks.length, 'the trace holds the page’s tasks').toBeGreaterThan(100);
  const ms = (us: number) => Math.round(us / 1000);
  const deliberate = tasks.reduce((a, t) => (t.dur > a.dur ? t : a));
  expect(ms(deliberate.dur), 'the deliberate task, in wall time').toBeGreaterThanOrEqual(600);
  const game = tasks.filter((t) => t !== deliberate);
  const longest = game.reduce((a, t) => (t.tdur > a.tdur ? t : a));
  console.log(`a game against MVB: longest task ${ms(longest.tdur)} ms of thread time (${ms(longest.dur)} ms wall)`);
  expect(game.filter((t) => t.tdur > 50_000).map((t) => ms(t.tdur)), 'tasks of the game over 50 ms of thread time').toEqual([]);
  expect(ms(deliberate.tdur), 'the deliberate task, in thread time').toBeGreaterThan(50);
  expect(errors).toEqual([]);
});

test('keyboard only: tab to the board, arrows and Enter play, U and R undo and redo', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/othello?first=human&second=human&seed=1');
  await expect(page.getByTestId('count-0')).toHaveText('2');
  // Tab until the board has the focus.
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    if (await board(page).evaluate((c) => c === document.activeElement)) break;
  }
  await expect(board(page)).toBeFocused();
  // The cursor starts on d3; d3 → e3 → f3 → f4 → f5 (a legal move for Black).
  for (const k of ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown']) await page.keyboard.press(k);
  await expect(board(page)).toHaveAttribute('data-focus-square', 'f5');
  await page.keyboard.press('Enter');
  await expect.poll(() => cursor(page)).toBe(1);
  await expect(page.getByTestId('moves').locator('.move')).toHaveText(['f5']);
  await expect(page.getByTestId('count-0')).toHaveText('4');
  // White answers with Space on a legal square: f5 → f6 is legal for White.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press(' ');
  await expect.poll(() => cursor(page)).toBe(2);
  await page.keyboard.press('u');
  await expect.poll(() => cursor(page)).toBe(1);
  await page.keyboard.press('Control+z');
  await expect.poll(() => cursor(page)).toBe(0);
  await page.keyboard.press('r');
  await expect.poll(() => cursor(page)).toBe(1);
  await page.keyboard.press('Control+y');
  await expect.poll(() => cursor(page)).toBe(2);
  // An illegal square says so and plays nothing.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('turn')).toContainText('not a legal move');
  expect(await cursor(page)).toBe(2);
  // Every control is reachable by Tab.
  const reached = new Set<string>();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    reached.add(await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? ''));
  }
  for (const id of ['player-0', 'player-1', 'new-game', 'undo']) expect(reached).toContain(id);
  expect(errors).toEqual([]);
});

test('touch: tapping a legal square plays it on a phone-sized screen', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/#/othello?first=human&second=msb&seed=2');
  await expect(page.getByTestId('count-0')).toHaveText('2');
  // The canvas's backing store follows the pixel ratio: crisp on this screen.
  const [css, px] = await board(page).evaluate((c: HTMLCanvasElement) => [c.getBoundingClientRect().width, c.width]);
  expect(Math.abs(px - css * 3)).toBeLessThanOrEqual(3);
  const p = await squarePoint(page, 'c4');
  await page.touchscreen.tap(p.x, p.y);
  await expect.poll(() => cursor(page)).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('moves').locator('.move').first()).toHaveText('c4');
  // Its squares are large enough for a finger: the tap played at once, no stone waits for a second tap.
  expect(Number(await board(page).getAttribute('data-cell'))).toBeGreaterThanOrEqual(28);
  expect(await board(page).getAttribute('data-pending')).toBeNull();
  await expect(page.getByTestId('pending-place')).toBeHidden();
  // MSB answers.
  await expect.poll(() => cursor(page)).toBe(2);
  await page.screenshot({ path: 'test-results/othello-phone.png' });
  expect(errors).toEqual([]);
  await context.close();
});

test('a move made while the engine is still loading is kept and played once it has loaded', async ({ page }) => {
  const errors = watchErrors(page);
  // The engine's download waits until the test lets it go: the move is made while it loads.
  const letGo = await holdRequests(page, '**/*.wasm');
  await page.goto('/#/othello?first=human&second=msb&seed=2');
  await expect(page.getByTestId('engine-progress')).toBeVisible();
  await expect(board(page)).toHaveAttribute('data-legal', /c4/);
  const p = await squarePoint(page, 'c4');
  await page.mouse.click(p.x, p.y);
  await expect(page.getByTestId('turn')).toContainText('Your move c4 will be played as soon as it has loaded');
  expect(await cursor(page)).toBe(0);
  letGo();
  await expect(page.getByTestId('moves').locator('.move').first()).toHaveText('c4', { timeout: 30_000 });
  // MSB answers.
  await expect.poll(() => cursor(page), { timeout: 30_000 }).toBe(2);
  expect(errors).toEqual([]);
});

test('the board follows the window size', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1200, height: 900 });
  await page.goto('/#/othello?first=human&second=random&seed=3');
  await expect(page.getByTestId('count-0')).toHaveText('2');
  const wide = (await board(page).boundingBox())!.width;
  await page.setViewportSize({ width: 700, height: 600 });
  await expect.poll(async () => (await board(page).boundingBox())!.width).toBeLessThan(wide);
  const narrow = await board(page).evaluate((c: HTMLCanvasElement) => [c.getBoundingClientRect().width, c.width]);
  expect(Math.abs(narrow[1] - narrow[0])).toBeLessThanOrEqual(1);
  expect(errors).toEqual([]);
});

test('if the engine worker dies, the page says so, restarts it and keeps the game', async ({ page }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto('/#/othello?first=human&second=human&seed=5');
  await expect(page.getByTestId('count-0')).toHaveText('2');
  const p = await squarePoint(page, 'd3');
  await page.mouse.click(p.x, p.y);
  await expect.poll(() => cursor(page)).toBe(1);
  const workers = page.workers();
  expect(workers.length).toBe(1);
  // The restarted worker is held until the test lets it go: the game is
  // being restored for as long as the test needs (a restore is otherwise
  // over within moments, before a busy machine's test may look).
  const letGo = await holdEngineRestart(page);
  // An uncaught error kills the worker's script.
  await workers[0].evaluate(() => {
    setTimeout(() => {
      throw new Error('simulated engine failure');
    });
  });
  await expect(page.locator('.notice-error')).toContainText('engine stopped');
  // The new worker is slow to start: a move made while the record is played
  // into it waits, and is played once the game is back.
  await expect(page.locator('.play')).toHaveAttribute('data-busy', 'true');
  const q = await squarePoint(page, 'c3');
  await page.mouse.click(q.x, q.y);
  expect(await cursor(page)).toBe(1);
  letGo();
  await expect(page.locator('.play')).toHaveAttribute('data-busy', 'false', { timeout: 30_000 });
  await expect.poll(() => page.workers().length).toBe(1);
  await expect.poll(() => cursor(page)).toBe(2);
  await expect(page.getByTestId('moves').locator('.move')).toHaveText(['d3', 'c3']);
  // The notice can be dismissed.
  await page.locator('.notice-close').first().click();
  await expect(page.locator('.notice-error')).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('a hint: the search player values every legal move, on the board and in words, as the engine does', async ({ page }) => {
  const errors = watchErrors(page);
  // The hint searches to its end however slow the machine (`hintMs`), as the engine in node does below.
  await page.goto('/#/othello?first=human&second=human&seed=1&hintMs=600000');
  await expect(board(page)).toHaveAttribute('data-legal', /\w/);
  await page.getByTestId('hint-player').selectOption('search');
  await page.getByTestId('hint').click();
  const result = page.getByTestId('hint-result');
  await expect(result).toContainText('(best)', { timeout: 120_000 });
  await expect(result, 'the page’s hint searched to its end').not.toContainText('Partial');
  // The same values from the engine in node, for the same position.
  const s = new Session('othello');
  const analysis = new Agent('othello', 'search', null, null).analyze(s.position(), { unbounded: true }, null) as {
    moves: { text: string; value: number | null }[];
    complete: boolean;
  };
  expect(analysis.complete).toBe(true);
  const heat = (await board(page).getAttribute('data-heat'))!.split(' ').sort();
  const expected = analysis.moves.map((m) => `${m.text}:${m.value!.toFixed(2)}`).sort();
  expect(heat).toEqual(expected);
  for (const m of analysis.moves) await expect(result).toContainText(`${m.text}`);
  // Far from the end the values are the search's heuristic, and the hint says so.
  await expect(result).toContainText("heuristic: the study's evaluation after 4 plies");
  // The next move clears it.
  const p = await squarePoint(page, 'f5');
  await page.mouse.click(p.x, p.y);
  await expect(result).toHaveText('');
  expect(errors).toEqual([]);
});

test('a hint near the end: every move’s exact final disc difference, as the engine gives it, said to be exact', async ({ page }) => {
  const errors = watchErrors(page);
  // A game of MVB against itself, stopped 8 squares from the end (the
  // default level 4 solves the last 8).
  const s = new Session('othello');
  const moves: string[] = [];
  const empties = () => [...s.position().slice(0, 64)].filter((c) => c === '-').length;
  for (let i = 0; empties() > 8; i++) moves.push(s.aiMove('mvb', BigInt(i)));
  expect((s.state() as EngineState).outcome).toBeNull();
  const a = new Agent('othello', 'search', null, null).analyze(s.position(), { unbounded: true }, null) as {
    units: string;
    moves: { text: string; value: number | null; label: string | null; best: boolean }[];
    complete: boolean;
  };
  s.free();
  expect(a.complete).toBe(true);
  expect(a.units).toBe('exact: the final disc difference with perfect play');
  await page.goto(`/#/othello?first=human&second=human&seed=1&hintMs=600000&moves=${moves.join('+')}`);
  await expect.poll(() => cursor(page)).toBe(moves.length);
  await page.getByTestId('hint-player').selectOption('search');
  await page.getByTestId('hint').click();
  const result = page.getByTestId('hint-result');
  await expect(result).toContainText('(best)', { timeout: 120_000 });
  await expect(result, 'the page’s hint searched to its end').not.toContainText('Partial');
  await expect(result).toContainText('exact: the final disc difference with perfect play');
  // Every legal move's value on the board and its words in the hint, as the engine gives them.
  const heat = (await board(page).getAttribute('data-heat'))!.split(' ').sort();
  expect(heat).toEqual(a.moves.map((m) => `${m.text}:${m.value!.toFixed(2)}`).sort());
  for (const m of a.moves) await expect(result).toContainText(`${m.text}${m.best ? ' (best)' : ''}: ${m.label}`);
  // On the fixed scale of disc differences.
  await expect(page.getByTestId('heat-legend')).toHaveAttribute('data-fixed', 'true');
  await expect(page.getByTestId('heat-legend')).toHaveAttribute('data-min', '-64');
  expect(errors).toEqual([]);
});

test('the search player’s settings: a level out of range is refused in words; a good one plays', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/othello?first=human&second=search&seed=1&delay=0');
  const box = page.locator('.player-settings-box[data-player=search]');
  await expect(box).toHaveCount(1);
  await box.locator('summary').click();
  await expect(page.getByTestId('player-search-weights.a')).toHaveValue('60');
  await page.getByTestId('player-search-level').fill('99');
  const p = await squarePoint(page, 'f5');
  await page.mouse.click(p.x, p.y);
  await expect(page.getByRole('alert').filter({ hasText: 'Level: a whole number from 1 to 10' })).toHaveCount(1);
  expect(await cursor(page)).toBe(1);
  await page.getByTestId('player-search-level').fill('2');
  await page.getByTestId('continue').click();
  await expect.poll(() => cursor(page)).toBe(2);
  // A human side has no settings to show.
  await page.getByTestId('player-1').selectOption('human');
  await expect(box).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('an engine worker that stops answering is restarted after its silence limit, and the game is kept', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  // A silence limit of 3 s instead of 15 s.
  await page.goto('/#/othello?first=human&second=human&seed=1&silenceMs=3000');
  await expect(board(page)).toHaveAttribute('data-legal', /\w/);
  const f5 = await squarePoint(page, 'f5');
  await page.mouse.click(f5.x, f5.y);
  await expect.poll(() => cursor(page)).toBe(1);
  const engine = page.workers().find((w) => w.url().includes('engine.worker'));
  expect(engine).toBeDefined();
  // The worker hangs (a long loop, as a stuck computation would): it is alive but silent.
  await engine!.evaluate(() => {
    setTimeout(() => {
      const end = Date.now() + 120_000;
      while (Date.now() < end) {
        /* busy */
      }
    });
  });
  const d6 = await squarePoint(page, 'd6');
  await page.mouse.click(d6.x, d6.y);
  await expect(page.getByRole('alert').filter({ hasText: 'no sign of life for 3 s' })).toHaveCount(1, { timeout: 40_000 });
  // The restarted engine has the game back, and it goes on.
  await expect.poll(() => cursor(page), { timeout: 20_000 }).toBe(1);
  await expect(page.locator('.play')).toHaveAttribute('data-busy', 'false');
  await page.mouse.click(d6.x, d6.y);
  await expect.poll(() => cursor(page)).toBe(2);
  await expect(page.getByTestId('moves').locator('.move')).toHaveText(['f5', 'd6']);
  expect(errors).toEqual([]);
});

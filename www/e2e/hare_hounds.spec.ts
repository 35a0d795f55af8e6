// End-to-end: Hare and Hounds in headless Chromium. A person plays the
// hounds against the simple hare by clicking (and one move by keyboard);
// the page's result must equal the engine's for the same moves. The
// Experiments tab runs experiment 3 in the worker pool and its curve points
// appear; the learned hounds are saved and loaded for the hints. A running
// experiment is checkpointed and resumes after a reload with the result of a
// run that never stopped; so is a run where both sides learn. The page must
// log no error.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { HhRun, hhPreset, initSync, Session } from '../src/pkg/selfplay.js';
import { watchErrors } from './helpers';

initSync({ module: readFileSync(fileURLToPath(new URL('../src/pkg/selfplay_bg.wasm', import.meta.url))) });

interface EngineState {
  toMove: 0 | 1 | null;
  outcome: { winner: 0 | 1 | null; text: string } | null;
  history: { text: string }[];
  cursor: number;
  position: string;
}

const board = (page: Page) => page.getByTestId('board');

async function cursor(page: Page): Promise<number> {
  return Number(await board(page).getAttribute('data-cursor'));
}

/**
 * Opens Hare and Hounds (checkpoints every `checkpointMs` if given), starts
 * experiment `preset` by clicking, and returns the runs' table rows.
 */
async function startExperiment(page: Page, preset: string, checkpointMs?: number) {
  await page.goto(`/#/hare_hounds?first=human&second=simple&seed=1&delay=0${checkpointMs ? `&checkpointMs=${checkpointMs}` : ''}`);
  await page.getByRole('tab', { name: 'Experiments' }).click();
  await page.getByTestId('preset').selectOption(preset);
  await page.getByTestId('exp-start').click();
  return page.getByTestId('exp-runs').locator('tr[data-points]');
}

test('a whole game as the hounds against the simple hare, by clicking', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/hare_hounds?first=human&second=simple&seed=3&delay=0');
  await expect(page.getByRole('heading', { name: 'Hare and Hounds', level: 1 })).toBeVisible();
  await expect(board(page)).toHaveAttribute('data-cursor', '0');
  await expect(board(page)).toHaveAttribute('data-interactive', 'true');
  await expect(page.locator('[data-point="L"]')).toHaveAttribute('data-content', 'hound');
  await expect(page.locator('[data-point="R"]')).toHaveAttribute('data-content', 'hare');
  // The hints show the solution's verdict on the start position.
  await expect(page.getByTestId('hint-value')).toContainText('hounds win in 23 plies');
  // No disc counts in this game; the stalling counter instead.
  await expect(page.getByTestId('count-0')).toBeHidden();
  await expect(page.getByTestId('stall')).toContainText('in a row: 0 of 10');

  // The same game in the engine, run here: the hounds play perfect moves.
  const mirror = new Session('hare_hounds');
  let seed = 1;
  let byKeyboard = true;
  for (let turn = 0; turn < 40; turn++) {
    const st = mirror.state() as EngineState;
    if (st.outcome) break;
    expect(st.toMove).toBe(0);
    const before = await cursor(page);
    expect(before).toBe(st.cursor);
    const move = mirror.aiMove('perfect', seed++);
    const [from, to] = move.split('-');
    if (byKeyboard) {
      // Keyboard: focus the hound, Enter; the target, Enter.
      await page.locator(`[data-point="${from}"]`).focus();
      await page.keyboard.press('Enter');
      await expect(page.locator(`[data-point="${to}"]`)).toHaveAttribute('data-target', 'true');
      await page.locator(`[data-point="${to}"]`).focus();
      await page.keyboard.press('Enter');
      byKeyboard = false;
    } else {
      await page.locator(`[data-point="${from}"]`).click();
      await expect(page.locator(`[data-point="${to}"]`)).toHaveAttribute('data-target', 'true');
      await page.locator(`[data-point="${to}"]`).click();
    }
    const after = mirror.state() as EngineState;
    if (after.outcome) {
      await expect(board(page)).toHaveAttribute('data-cursor', String(before + 1));
      break;
    }
    // The simple hare answers on the page; play its move in the mirror.
    await expect(board(page)).toHaveAttribute('data-cursor', String(before + 2));
    const hare = (await page.getByTestId('moves').locator('li').nth(before + 1).textContent())!.trim();
    mirror.play(hare);
    // The stalling counter on the page is the engine's.
    const stall = /stall=(\d+)/.exec((mirror.state() as EngineState).position)![1];
    await expect(page.getByTestId('stall')).toContainText(`in a row: ${stall} of 10`);
  }
  const final = mirror.state() as EngineState;
  expect(final.outcome).not.toBeNull();
  expect(final.outcome!.winner).toBe(0);
  await expect(page.getByTestId('turn')).toHaveText(final.outcome!.text);
  await expect(board(page)).toHaveAttribute('data-to-move', '');
  const pageMoves = await page.getByTestId('moves').locator('li').allTextContents();
  expect(pageMoves.map((m) => m.trim())).toEqual(final.history.map((m) => m.text));
  mirror.free();
  expect(errors).toEqual([]);
});

test('a click on a point that is not a legal move changes nothing', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/hare_hounds?first=human&second=simple&seed=1&delay=0');
  await expect(board(page)).toHaveAttribute('data-interactive', 'true');
  await page.locator('[data-point="c"]').click();
  await page.locator('[data-point="a"]').click();
  await page.locator('[data-point="c"]').click();
  await expect(page.getByTestId('turn')).toContainText('not a legal move');
  expect(await cursor(page)).toBe(0);
  expect(errors).toEqual([]);
});

test('experiment 3 in the worker pool: curve points appear; the hounds are saved, exported, imported again and give hints', async ({ page }, testInfo) => {
  const errors = watchErrors(page);
  const row = await startExperiment(page, '3');
  await expect(row).toHaveCount(1);
  await expect
    .poll(async () => Number(await row.getAttribute('data-points')), { timeout: 60_000 })
    .toBeGreaterThanOrEqual(3);
  await expect(page.locator('.exp-charts canvas').first()).toBeVisible();
  // Save the learned hounds now, stop, and load them for the hints.
  await page.getByTestId('save-hounds').click();
  await page.getByTestId('exp-stop').click();
  await expect(row).toHaveAttribute('data-status', 'stopped');
  // The Models tab lists it like every other model, with its latest win rate.
  await page.getByRole('tab', { name: 'Models' }).click();
  const model = page.getByTestId('model');
  await expect(model.getByTestId('model-name')).toContainText('Hounds simple hare');
  await expect(model.locator('.rates')).toContainText(/vs simple hare \d+%/);
  const listed = await model.locator('.rates').textContent();
  // Exported, deleted and imported again, it comes back the same.
  const [download] = await Promise.all([page.waitForEvent('download'), model.getByTestId('model-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^hare-hounds-hounds-simple-hare-.*\.selfplay$/);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  await model.getByTestId('model-delete').click();
  await expect(model).toHaveCount(0);
  await page.getByTestId('model-import').setInputFiles(file);
  await expect(model).toHaveCount(1);
  await expect(model.getByTestId('model-name')).toContainText('Hounds simple hare');
  await expect(model.locator('.rates')).toHaveText(listed!);
  await page.getByRole('tab', { name: 'Play' }).click();
  await expect(page.getByTestId('hint-model').locator('option')).toContainText(['Hounds simple hare']);
  await page.getByTestId('load-model').click();
  await expect(page.getByTestId('loaded-model')).toContainText('Hounds simple hare');
  await expect(page.getByTestId('hints').locator('tr[data-move]').first()).not.toContainText('–');
  expect(errors).toEqual([]);
});

test('experiment 4: a state–action pair is picked on the board, by clicking, without playing the move', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/hare_hounds?first=human&second=simple&seed=1&delay=0');
  await expect(board(page)).toHaveAttribute('data-interactive', 'true');
  // One move played first: the pair's position is the one on the board.
  await page.locator('[data-point="a"]').click();
  await page.locator('[data-point="b"]').click();
  await expect.poll(() => cursor(page)).toBe(2);
  await expect(board(page)).toHaveAttribute('data-to-move', '0');
  // The simple hare took c, its lowest-numbered free neighbour.
  await expect(page.locator('[data-point="c"]')).toHaveAttribute('data-content', 'hare');
  await page.getByRole('tab', { name: 'Experiments' }).click();
  await page.getByTestId('preset').selectOption('4');
  const pick = page.getByTestId('probe-pick-1');
  // Pressed twice: cancelled, nothing taken.
  await pick.click();
  await expect(pick).toHaveAttribute('aria-pressed', 'true');
  await pick.click();
  await expect(pick).toHaveAttribute('aria-pressed', 'false');
  await expect(board(page)).not.toHaveAttribute('data-capturing', 'true');
  await pick.click();
  await expect(board(page)).toHaveAttribute('data-capturing', 'true');
  await page.locator('[data-point="g"]').click();
  await expect(page.locator('[data-point="h"]')).toHaveAttribute('data-target', 'true');
  await page.locator('[data-point="h"]').click();
  await expect(page.getByTestId('probe-move-1')).toHaveValue('g-h');
  await expect(page.getByTestId('probe-pos-1')).toHaveValue(/^hounds=(?=\S*L)(?=\S*b)(?=\S*g)\S+ hare=c stall=0$/);
  await expect(pick).toHaveAttribute('aria-pressed', 'false');
  // The move was taken, not played.
  expect(await cursor(page)).toBe(2);
  await expect(page.locator('[data-point="g"]')).toHaveAttribute('data-content', 'hound');
  await expect(page.locator('[data-point="h"]')).toHaveAttribute('data-content', 'empty');
  // The run samples the picked pair: its Q-value curve is named after it.
  await page.getByTestId('exp-start').click();
  const row = page.getByTestId('exp-runs').locator('tr[data-points]');
  await expect.poll(async () => Number(await row.getAttribute('data-points')), { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
  await expect(page.locator('.exp-charts')).toContainText('hare=c · g-h');
  await page.getByTestId('exp-stop').click();
  expect(errors).toEqual([]);
});

test('a saved model continues training in the Experiments tab: the curve goes on, and saving again adds a model', async ({ page }) => {
  const errors = watchErrors(page);
  const rows = await startExperiment(page, '3');
  await expect
    .poll(async () => Number(await rows.first().getAttribute('data-points')), { timeout: 60_000 })
    .toBeGreaterThanOrEqual(3);
  await page.getByTestId('exp-stop').click();
  await expect(rows.first()).toHaveAttribute('data-status', 'stopped');
  await rows.first().getByTestId('save-hounds').click();

  // The Models tab: Continue training, by keyboard.
  await page.getByRole('tab', { name: 'Models' }).click();
  const models = page.getByTestId('model');
  await expect(models).toHaveCount(1);
  const original = (await models.first().getByTestId('model-name').textContent())!.trim();
  // The games the model was saved with, from its name ("…, 1,234 games)").
  const saved = Number(/([\d,]+) games\)$/.exec(original)![1].replace(/,/g, ''));
  expect(saved).toBeGreaterThanOrEqual(20);
  await models.first().getByTestId('model-train').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Experiments' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('continue-box')).toBeVisible();
  await expect(page.getByTestId('continue-games')).toBeFocused();
  await expect(page.getByTestId('continue-games')).toHaveValue('10000');
  await page.getByTestId('continue-games').fill('100');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('continue-box')).toBeHidden();

  // The continued run joins the table beside the stopped one, with the
  // saved curve (a point every 10 games from 0) and then new points.
  await expect(rows).toHaveCount(2);
  const continued = rows.nth(1);
  await expect(continued).toHaveAttribute('data-continued-from', String(saved));
  await expect(continued).toContainText('(continued)');
  await expect(continued).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  expect(Number(await continued.getAttribute('data-games'))).toBe(saved + 100);
  const last = Number(await continued.getAttribute('data-last-point'));
  expect(last).toBeGreaterThan(saved);
  expect(last).toBe(Math.floor((saved + 100) / 10) * 10);
  expect(Number(await continued.getAttribute('data-points'))).toBe(last / 10 + 1);
  expect(last / 10 + 1).toBeGreaterThan(Math.floor(saved / 10) + 1);

  // Saved again: a new model; the original is unchanged.
  await continued.getByTestId('save-hounds').click();
  await page.getByRole('tab', { name: 'Models' }).click();
  await expect(models).toHaveCount(2);
  await expect(page.getByTestId('model-name').filter({ hasText: '(continued)' })).toContainText(`${(saved + 100).toLocaleString('en-US')} games`);
  await expect(page.getByTestId('model-name').filter({ hasText: original })).toHaveCount(1);
  await expect(page.locator('.notice-error')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('touch: a saved model continues training by tapping; a bad number of games is refused with a notice', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/#/hare_hounds?first=human&second=simple&seed=1&delay=0');
  await page.getByRole('tab', { name: 'Experiments' }).tap();
  await page.getByTestId('preset').selectOption('3');
  await page.getByTestId('exp-start').tap();
  const rows = page.getByTestId('exp-runs').locator('tr[data-points]');
  await expect
    .poll(async () => Number(await rows.first().getAttribute('data-points')), { timeout: 60_000 })
    .toBeGreaterThanOrEqual(2);
  await page.getByTestId('exp-stop').tap();
  await rows.first().getByTestId('save-hounds').tap();
  await page.getByRole('tab', { name: 'Models' }).tap();
  await expect(page.getByTestId('model')).toHaveCount(1);
  await page.getByTestId('model-train').tap();
  await expect(page.getByTestId('continue-box')).toBeVisible();
  await page.getByTestId('continue-games').fill('0');
  await page.getByTestId('continue-start').tap();
  await expect(page.getByRole('alert').filter({ hasText: 'further games must be a whole number' })).toHaveCount(1);
  await expect(page.getByTestId('continue-box')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await page.getByTestId('continue-games').fill('20');
  await page.getByTestId('continue-hare').selectOption('random');
  await page.getByTestId('continue-start').tap();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const from = Number(await rows.nth(1).getAttribute('data-continued-from'));
  expect(Number(await rows.nth(1).getAttribute('data-games'))).toBe(from + 20);
  expect(errors).toEqual([]);
  await context.close();
});

test('touch: the hare is played by tapping on a phone-sized screen', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = watchErrors(page);
  // The perfect hounds move first; a person plays the hare.
  await page.goto('/#/hare_hounds?first=perfect&second=human&seed=4&delay=0');
  await expect(board(page)).toHaveAttribute('data-cursor', '1');
  await expect(board(page)).toHaveAttribute('data-interactive', 'true');
  // The hare is picked up by itself: its targets are marked at once.
  const target = page.locator('[data-point][data-target="true"]').first();
  const name = await target.getAttribute('data-point');
  await target.tap();
  await expect.poll(() => cursor(page)).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('moves').locator('li').nth(1)).toHaveText(`R-${name}`);
  await expect.poll(() => cursor(page)).toBe(3);
  expect(errors).toEqual([]);
  await context.close();
});

test('a learned player without a model: one message, and the game waits', async ({ page }) => {
  await page.goto('/#/hare_hounds?first=human&second=learned&seed=1&delay=0');
  await expect(board(page)).toHaveAttribute('data-interactive', 'true');
  await page.locator('[data-point="a"]').click();
  await page.locator('[data-point="b"]').click();
  await expect(page.getByRole('alert').filter({ hasText: 'no learned model is loaded' })).toHaveCount(1);
  await expect(page.getByTestId('continue')).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.getByRole('alert').filter({ hasText: 'no learned model is loaded' })).toHaveCount(1);
  expect(await cursor(page)).toBe(1);
});

/** Experiment 3 (seed 1) run to its end in the engine, without a stop: its last curve point and point count. */
function experiment3Uninterrupted(): { points: number; win: string; perfect: string; exact: string } {
  const run = new HhRun((hhPreset(3, 1, null) as unknown[])[0]);
  while (!run.done) run.step(1000);
  const curve = run.curve as Array<{ win_percent: number; hounds_perfect: { all: number; winning: number } }>;
  run.free();
  const last = curve[curve.length - 1];
  const p = last.hounds_perfect;
  return { points: curve.length, win: last.win_percent.toFixed(1), perfect: (100 * p.winning).toFixed(1), exact: `${p.all} ${p.winning}` };
}

test('a running experiment is checkpointed; after a reload it resumes from the checkpoint and ends as if it had never stopped', async ({ page }) => {
  const errors = watchErrors(page);
  const url = '/#/hare_hounds?first=human&second=simple&seed=1&delay=0&checkpointMs=300';
  await page.goto(url);
  await page.getByRole('tab', { name: 'Experiments' }).click();
  await expect(page.getByTestId('hh-resume-offer')).toHaveCount(0);
  await page.getByTestId('preset').selectOption('3');
  await page.getByTestId('exp-start').click();
  const rows = page.getByTestId('exp-runs').locator('tr[data-points]');
  await expect(rows.first()).toHaveAttribute('data-checkpoint', /^\d+$/, { timeout: 60_000 });
  const at = Number(await rows.first().getAttribute('data-checkpoint'));
  expect(at).toBeGreaterThan(0);
  expect(at).toBeLessThan(10_000);

  // A reload ends the run mid-way; the tab offers its last checkpoint.
  await page.reload();
  await page.getByRole('tab', { name: 'Experiments' }).click();
  const offer = page.getByTestId('hh-resume-offer');
  await expect(offer).toHaveCount(1);
  const offered = Number(await offer.getAttribute('data-games'));
  expect(offered).toBeGreaterThanOrEqual(at);
  await expect(offer).toContainText(`simple hare, experiment 3, seed 1000003: ${offered.toLocaleString('en-US')} of 10,000 games`);
  // Resume by keyboard.
  await offer.getByTestId('hh-resume-run').focus();
  await page.keyboard.press('Enter');
  await expect(offer).toHaveCount(0);
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  // The saved curve comes back (a point every 10 games from 0), then it goes on to the end.
  expect(Number(await row.getAttribute('data-points'))).toBeGreaterThanOrEqual(Math.floor(offered / 10) + 1);
  await expect(row).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('exp-status')).toHaveText(/ — all done\.$/);
  expect(Number(await row.getAttribute('data-games'))).toBe(10_000);
  // The same curve and the same hounds as a run that never stopped.
  const whole = experiment3Uninterrupted();
  await expect(row).toHaveAttribute('data-points', String(whole.points));
  await expect(row).toHaveAttribute('data-last-point', '10000');
  await expect(row.locator('td').nth(2)).toHaveText(whole.win);
  await expect(row.locator('td').nth(3)).toHaveText(whole.perfect);
  // Exactly: a resumed run with another random stream differs in the fourth digit.
  await expect(row).toHaveAttribute('data-last-perfect', whole.exact);
  // A finished run keeps no checkpoint: nothing to resume after another reload.
  await expect(row).not.toHaveAttribute('data-checkpoint', /.*/);
  await page.reload();
  await page.getByRole('tab', { name: 'Experiments' }).click();
  await expect(page.getByTestId('exp-start')).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByTestId('hh-resume-offer')).toHaveCount(0);
  await expect(page.locator('.notice-error')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('experiment 5, both sides learning, is checkpointed too: stopped, it is offered and resumes to the end', async ({ page }) => {
  const errors = watchErrors(page);
  const row = (await startExperiment(page, '5', 300)).first();
  await expect(row).toHaveAttribute('data-checkpoint', /^\d+$/, { timeout: 60_000 });
  await page.getByTestId('exp-stop').click();
  await expect(page.getByTestId('exp-status')).toHaveText(/ — stopped\.$/);
  const offer = page.getByTestId('hh-resume-offer');
  await expect(offer).toHaveCount(1);
  const offered = Number(await offer.getAttribute('data-games'));
  expect(offered).toBeGreaterThan(0);
  expect(offered).toBeLessThan(300_000);
  await expect(row).toHaveAttribute('data-checkpoint', String(offered));
  await offer.getByTestId('hh-resume-run').click();
  await expect(offer).toHaveCount(0);
  // The same run goes on from its checkpoint, the hare's table with it, to its end.
  const resumed = page.getByTestId('exp-runs').locator('tr[data-points]');
  await expect(resumed).toHaveCount(1);
  expect(Number(await resumed.first().getAttribute('data-games'))).toBeGreaterThanOrEqual(offered);
  await expect(resumed.first()).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  await expect(resumed.first()).toHaveAttribute('data-games', '300000');
  // A point every 300 games from 0, none lost or repeated across the stop.
  await expect(resumed.first()).toHaveAttribute('data-last-point', '300000');
  await expect(resumed.first()).toHaveAttribute('data-points', String(300_000 / 300 + 1));
  await expect(page.getByTestId('exp-status')).toHaveText(/ — all done\.$/);
  await expect(page.locator('.notice-error')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('touch: a stopped experiment leaves a checkpoint that is offered; discarding it by tapping removes it for good', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/#/hare_hounds?first=human&second=simple&seed=1&delay=0');
  await page.getByRole('tab', { name: 'Experiments' }).tap();
  await page.getByTestId('preset').selectOption('3');
  await page.getByTestId('exp-start').tap();
  const rows = page.getByTestId('exp-runs').locator('tr[data-points]');
  await expect
    .poll(async () => Number(await rows.first().getAttribute('data-points')), { timeout: 60_000 })
    .toBeGreaterThanOrEqual(2);
  // Stopping checkpoints the run (the interval, 30 s, has not passed): it is offered at once.
  await page.getByTestId('exp-stop').tap();
  const offer = page.getByTestId('hh-resume-offer');
  await expect(offer).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-checkpoint', await offer.getAttribute('data-games') ?? '');
  await offer.getByTestId('hh-discard-run').tap();
  await expect(offer).toHaveCount(0);
  await page.reload();
  await page.getByRole('tab', { name: 'Experiments' }).tap();
  await expect(page.getByTestId('exp-start')).toBeVisible();
  await page.waitForTimeout(500);
  await expect(offer).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});

test('a crashed experiment worker: the run is offered from its last checkpoint and ends as if it had never stopped', async ({ page }) => {
  const errors = watchErrors(page);
  const row = (await startExperiment(page, '3', 300)).first();
  await expect(row).toHaveAttribute('data-checkpoint', /^\d+$/, { timeout: 60_000 });
  // An uncaught error kills the pool's workers, as a trap would.
  const pool = page.workers().filter((w) => /\/worker-[^/]*\.js/.test(w.url()));
  expect(pool.length).toBeGreaterThan(0);
  for (const w of pool) {
    await w.evaluate(() => setTimeout(() => {
      throw new Error('simulated crash');
    }));
  }
  await expect(row).toHaveAttribute('data-status', 'failed');
  const offer = page.getByTestId('hh-resume-offer');
  await expect(offer).toHaveCount(1);
  await offer.getByTestId('hh-resume-run').click();
  // The same row goes on, in a fresh worker, to the end.
  await expect(row).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const whole = experiment3Uninterrupted();
  await expect(row).toHaveAttribute('data-points', String(whole.points));
  await expect(row).toHaveAttribute('data-last-perfect', whole.exact);
  await expect(offer).toHaveCount(0);
  expect(errors.filter((e) => !e.includes('simulated crash'))).toEqual([]);
});

test('without IndexedDB the checkpoints live in the tab: a notice says so and a stopped run is still offered', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true }));
  const errors = watchErrors(page);
  const row = (await startExperiment(page, '3', 300)).first();
  await expect(row).toHaveAttribute('data-checkpoint', /^\d+$/, { timeout: 60_000 });
  await expect(page.locator('.notice-info')).toContainText('kept in this tab only');
  await page.getByTestId('exp-stop').click();
  await expect(page.getByTestId('hh-resume-offer')).toHaveCount(1);
  await page.getByTestId('hh-resume-run').click();
  await expect(row).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(row).toHaveAttribute('data-last-perfect', experiment3Uninterrupted().exact);
  await expect(page.locator('.notice-error')).toHaveCount(0);
  expect(errors).toEqual([]);
});

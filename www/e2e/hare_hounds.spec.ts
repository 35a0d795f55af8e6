// End-to-end: Hare and Hounds in headless Chromium. A person plays the
// hounds against the simple hare by clicking (and one move by keyboard);
// the page's result must equal the engine's for the same moves. The Train
// tab runs the study's experiment 3 in the worker pool and its curve points
// appear; the learned hounds are saved and chosen for the hints. A running
// experiment is checkpointed and resumes after a reload with the result of a
// run that never stopped; so is a run where both sides learn. The page must
// log no error.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { Agent, initSync, presetRuns, Run, Session } from '../../pkg/selfplay.js';
import { choosePreset, pressWhen, recordGames, stopIfGoing, watchErrors } from './helpers';

initSync({ module: readFileSync(fileURLToPath(new URL('../../pkg/selfplay_bg.wasm', import.meta.url))) });

interface EngineState {
  toMove: 0 | 1 | null;
  outcome: { winner: 0 | 1 | null; text: string; cells: number[] } | null;
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
 * experiment `preset` in the Train tab by clicking (after `beforeStart`),
 * and returns the runs' cards.
 */
async function startExperiment(page: Page, preset: string, checkpointMs?: number, beforeStart?: () => Promise<void>) {
  await page.goto(`/#/hare_hounds?first=human&second=simple&seed=1&delay=0${checkpointMs ? `&checkpointMs=${checkpointMs}` : ''}`);
  await page.getByRole('tab', { name: 'Train' }).click();
  await choosePresetShown(page, preset);
  await beforeStart?.();
  await page.getByTestId('train-start').click();
  return page.getByTestId('run');
}

/** Chooses a preset; the form is filled (or the seed shown) once the engine has read it. */
async function choosePresetShown(page: Page, preset: string): Promise<void> {
  await choosePreset(page, preset);
  await expect(page.getByTestId('preset-sentence')).toBeVisible();
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
  await expect(page.getByTestId('game-status')).toContainText('in a row: 0 of 10');

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
    const move = mirror.aiMove('perfect', BigInt(seed++));
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
    const hare = (await page.getByTestId('moves').locator('.move').nth(before + 1).textContent())!.trim();
    mirror.play(hare);
    // The stalling counter on the page is the engine's.
    const stall = /stall=(\d+)/.exec((mirror.state() as EngineState).position)![1];
    await expect(page.getByTestId('game-status')).toContainText(`in a row: ${stall} of 10`);
  }
  const final = mirror.state() as EngineState;
  expect(final.outcome).not.toBeNull();
  expect(final.outcome!.winner).toBe(0);
  // The engine's sentence, and where the hare was trapped.
  const at = final.outcome!.cells.map((c) => ['a', 'b', 'c', 'L', 'd', 'e', 'f', 'R', 'g', 'h', 'i'][c]);
  await expect(page.getByTestId('turn')).toHaveText(at.length === 1 ? `${final.outcome!.text.replace(/\.$/, '')} (at ${at[0]}).` : final.outcome!.text);
  await expect(board(page)).toHaveAttribute('data-to-move', '');
  const pageMoves = await page.getByTestId('moves').locator('.move').allTextContents();
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
  // Experiment 3's 10,000 games take a second or two: Stop is pressed the
  // moment the points are there (by the page, not a look of the test later,
  // which on a busy machine could come after the run's end).
  const row = await startExperiment(page, '3', undefined, () => pressWhen(page, 'data-points', /^([3-9]|\d\d+)$/, 'run-stop'));
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-status', 'stopped', { timeout: 60_000 });
  expect(Number(await row.getAttribute('data-points'))).toBeGreaterThanOrEqual(3);
  // On a wide screen the chart is in the board's place after Start.
  await expect(page.locator('.run-chart:not([hidden]) canvas').first()).toBeVisible();
  // Save the learned hounds, and choose them for the hints.
  await page.getByTestId('run-save').click();
  await expect(page.getByTestId('run-note')).toContainText('Saved to the library');
  // The Models tab lists it like every other model, with its latest win rate.
  await page.getByRole('tab', { name: 'Models' }).click();
  const model = page.getByTestId('model');
  await expect(model.getByTestId('model-name')).toContainText('simple hare, seed 1000003');
  await expect(model.locator('.rates')).toContainText(/vs simple hare \d+%/);
  const listed = await model.locator('.rates').textContent();
  // Exported, deleted and imported again, it comes back the same.
  const [download] = await Promise.all([page.waitForEvent('download'), model.getByTestId('model-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^hare-hounds-simple-hare-.*\.selfplay$/);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  await model.getByTestId('model-delete').click();
  await expect(model).toHaveCount(0);
  await page.getByTestId('model-import').setInputFiles(file);
  await expect(model).toHaveCount(1);
  await expect(model.getByTestId('model-name')).toContainText('simple hare, seed 1000003');
  await expect(model.locator('.rates')).toHaveText(listed!);
  await page.getByRole('tab', { name: 'Play' }).click();
  const choice = page.getByTestId('hint-model').locator('option', { hasText: 'simple hare, seed 1000003' });
  await expect(choice).toHaveCount(1);
  await page.getByTestId('hint-model').selectOption((await choice.getAttribute('value')));
  await expect(page.getByTestId('hint-model-note')).toContainText('simple hare, seed 1000003');
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
  await page.getByRole('tab', { name: 'Train' }).click();
  await choosePresetShown(page, '4');
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
  await page.getByTestId('train-start').click();
  const row = page.getByTestId('run');
  await expect.poll(async () => Number(await row.getAttribute('data-points')), { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
  await expect(page.locator('.run-charts')).toContainText('hare=c · g-h');
  // Not stopped: on a loaded machine the run may have finished by now, and a finished run has no Stop.
  expect(errors).toEqual([]);
});

test('a saved model continues training in the Train tab: the curve goes on, and saving again adds a model', async ({ page }) => {
  const errors = watchErrors(page);
  // Experiment 3's 10,000 games take a second or two: Stop is pressed the
  // moment the points are there (by the page, not a look of the test later,
  // which on a busy machine could come after the run's end).
  const rows = await startExperiment(page, '3', undefined, () => pressWhen(page, 'data-points', /^([3-9]|\d\d+)$/, 'run-stop'));
  await expect(rows.first()).toHaveAttribute('data-status', 'stopped', { timeout: 60_000 });
  await rows.first().getByTestId('run-save').click();

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
  await expect(page.getByRole('tab', { name: 'Train' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('continue-box')).toBeVisible();
  await expect(page.getByTestId('continue-games')).toBeFocused();
  await expect(page.getByTestId('continue-games')).toHaveValue('10000');
  await page.getByTestId('continue-games').fill('100');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('continue-box')).toBeHidden();

  // The continued run joins the list above the stopped one, with the
  // saved curve (a point every 10 games from 0) and then new points.
  await expect(rows).toHaveCount(2);
  const continued = rows.first();
  await expect(continued).toHaveAttribute('data-continued-from', String(saved));
  await expect(continued).toContainText('(continued)');
  await expect(continued).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  expect(Number(await continued.getAttribute('data-games'))).toBe(saved + 100);
  // A point every 10 games from 0 to the end, and the run's last game when
  // it is off that grid (the saved run's last game too, if it had one).
  const end = saved + 100;
  expect(Number(await continued.getAttribute('data-last-point'))).toBe(end);
  const curve = (await continued.getAttribute('data-curve'))!.split(' ').map(Number);
  expect(curve.filter((g) => g % 10 === 0)).toEqual(Array.from({ length: Math.floor(end / 10) + 1 }, (_, i) => 10 * i));
  expect(curve.filter((g) => g % 10 !== 0).every((g) => g === saved || g === end)).toBe(true);
  expect(curve.filter((g) => g > saved).length).toBeGreaterThanOrEqual(Math.floor(end / 10) - Math.floor(saved / 10));

  // Saved again: a new model; the original is unchanged.
  await continued.getByTestId('run-save').click();
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
  await page.getByRole('tab', { name: 'Train' }).tap();
  await choosePresetShown(page, '3');
  // Experiment 3's 10,000 games take a second or two: Stop is pressed the
  // moment the points are there (by the page, not a look of the test later,
  // which on a busy machine could come after the run's end).
  await pressWhen(page, 'data-points', /^([2-9]|\d\d+)$/, 'run-stop');
  await page.getByTestId('train-start').tap();
  const rows = page.getByTestId('run');
  await expect(rows.first()).toHaveAttribute('data-status', 'stopped', { timeout: 60_000 });
  await rows.first().getByTestId('run-save').tap();
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
  await expect(rows.first()).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  const from = Number(await rows.first().getAttribute('data-continued-from'));
  expect(Number(await rows.first().getAttribute('data-games'))).toBe(from + 20);
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
  await expect(page.getByTestId('moves').locator('.move').nth(1)).toHaveText(`R-${name}`);
  await expect.poll(() => cursor(page)).toBe(3);
  expect(errors).toEqual([]);
  await context.close();
});

test('a model player whose file cannot be read: one message, and the game waits', async ({ page }) => {
  await page.goto('/#/hare_hounds?first=human&second=simple&seed=1&delay=0');
  await expect(board(page)).toHaveAttribute('data-interactive', 'true');
  // A library record whose model file is damaged (as storage can be).
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('selfplay');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['modelMeta', 'modelData'], 'readwrite');
          const now = Date.now();
          tx.objectStore('modelMeta').put({
            id: 'damaged', name: 'Damaged hare', game: 'hare_hounds', algorithm: 'q_table', summary: 'hare', side: 1,
            continuesAs: null, gamesTrained: 10, winRates: {}, fileName: 'damaged.selfplay', size: 3, created: now, modified: now,
          });
          tx.objectStore('modelData').put({ id: 'damaged', bytes: new Uint8Array([1, 2, 3]) });
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
  await page.goto('/#/hare_hounds?first=human&second=net:damaged&seed=1&delay=0');
  await expect(page.getByTestId('player-1')).toHaveValue('net:damaged');
  await expect(board(page)).toHaveAttribute('data-interactive', 'true');
  await page.locator('[data-point="a"]').click();
  await page.locator('[data-point="b"]').click();
  await expect(page.getByRole('alert').filter({ hasText: 'not a readable model file' })).toHaveCount(1);
  await expect(page.getByTestId('continue')).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.getByRole('alert').filter({ hasText: 'not a readable model file' })).toHaveCount(1);
  expect(await cursor(page)).toBe(1);
});

/** Experiment 3 (seed 1) run to its end in the engine, without a stop: its curve's length and last point. */
function experiment3Uninterrupted(): { points: number; win: string; perfect: string; last: Record<string, number> } {
  const run = Run.create('hare_hounds', 'q_table', (presetRuns('hare_hounds', 'q_table', '3', 1n))[0]);
  while (!run.done) run.step(1000);
  const curve = run.points() as Array<{ x: number; y: Record<string, number> }>;
  run.free();
  const last = curve[curve.length - 1].y;
  return { points: curve.length, win: last.win.toFixed(1), perfect: last.perfect.toFixed(1), last };
}

/** The exact values of a run card's last curve point. */
async function lastValues(card: Locator): Promise<Record<string, number>> {
  return JSON.parse((await card.getAttribute('data-last')) ?? 'null') as Record<string, number>;
}

test('a running experiment is checkpointed; after a reload it resumes from the checkpoint and ends as if it had never stopped', async ({ page }) => {
  const errors = watchErrors(page);
  const url = '/#/hare_hounds?first=human&second=simple&seed=1&delay=0&checkpointMs=300';
  await page.goto(url);
  await page.getByRole('tab', { name: 'Train' }).click();
  await expect(page.getByTestId('resume-offer')).toHaveCount(0);
  await choosePresetShown(page, '3');
  const rows = page.getByTestId('run');
  // A reload ends the run mid-way, the moment its first checkpoint is stored
  // (made by the page: the run takes a second or two, and a look of the test
  // could come after its end); the tab offers its last checkpoint.
  const reloaded = page.waitForEvent('load');
  await page.evaluate(() => {
    const seen = new MutationObserver(() => {
      const at = document.querySelector('[data-testid="run"]')?.getAttribute('data-checkpoint');
      if (!at) return;
      seen.disconnect();
      sessionStorage.setItem('e2e-reloaded-at', at);
      location.reload();
    });
    seen.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-checkpoint'] });
  });
  await page.getByTestId('train-start').click();
  await reloaded;
  const at = Number(await page.evaluate(() => sessionStorage.getItem('e2e-reloaded-at')));
  expect(at).toBeGreaterThan(0);
  expect(at).toBeLessThan(10_000);
  await page.getByRole('tab', { name: 'Train' }).click();
  const offer = page.getByTestId('resume-offer');
  await expect(offer).toHaveCount(1);
  const offered = Number(await offer.getAttribute('data-games'));
  expect(offered).toBeGreaterThanOrEqual(at);
  await expect(offer).toContainText(`simple hare, seed 1000003 (Experiment 3 · against the simple hare): ${offered.toLocaleString('en-US')} of 10,000 games`);
  // Resume by keyboard.
  await offer.getByTestId('resume-run').focus();
  await page.keyboard.press('Enter');
  await expect(offer).toHaveCount(0);
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  // The saved curve comes back (a point every 10 games from 0), then it goes on to the end.
  await expect.poll(async () => Number(await row.getAttribute('data-points'))).toBeGreaterThanOrEqual(Math.floor(offered / 10) + 1);
  await expect(row).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  await expect(page.getByTestId('runs-status')).toHaveText(/ — all done\.$/);
  expect(Number(await row.getAttribute('data-games'))).toBe(10_000);
  // The same curve and the same hounds as a run that never stopped.
  const whole = experiment3Uninterrupted();
  await expect(row).toHaveAttribute('data-points', String(whole.points));
  await expect(row).toHaveAttribute('data-last-point', '10000');
  await expect(row.getByTestId('run-latest')).toContainText(`greedy hounds win ${whole.win}%`);
  await expect(row.getByTestId('run-latest')).toContainText(`perfect moves ${whole.perfect}%`);
  // Exactly: a resumed run with another random stream differs in the fourth digit.
  expect(await lastValues(row)).toEqual(whole.last);
  // A finished run keeps no checkpoint: nothing to resume after another reload.
  await expect(row).not.toHaveAttribute('data-checkpoint', /.*/);
  await page.reload();
  await page.getByRole('tab', { name: 'Train' }).click();
  await expect(page.getByTestId('train-start')).toBeVisible();
  // The list of unfinished runs has been read from storage: an empty list means none.
  await expect(page.getByTestId('resume-list')).toHaveAttribute('data-loaded', 'true');
  await expect(page.getByTestId('resume-offer')).toHaveCount(0);
  await expect(page.locator('.notice-error')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('experiment 5, both sides learning, is checkpointed too: stopped, it is offered and resumes to the end', async ({ page }) => {
  const errors = watchErrors(page);
  const row = (await startExperiment(page, '5', 300)).first();
  await expect(row).toHaveAttribute('data-checkpoint', /^\d+$/, { timeout: 60_000 });
  await page.getByTestId('run-stop').click();
  await expect(page.getByTestId('runs-status')).toHaveText(/ — stopped\.$/);
  const offer = page.getByTestId('resume-offer');
  await expect(offer).toHaveCount(1);
  const offered = Number(await offer.getAttribute('data-games'));
  expect(offered).toBeGreaterThan(0);
  expect(offered).toBeLessThan(300_000);
  await expect(row).toHaveAttribute('data-checkpoint', String(offered));
  await offer.getByTestId('resume-run').click();
  await expect(offer).toHaveCount(0);
  // The same run goes on from its checkpoint, the hare's table with it, to its end.
  const resumed = page.getByTestId('run');
  await expect(resumed).toHaveCount(1);
  expect(Number(await resumed.first().getAttribute('data-games'))).toBeGreaterThanOrEqual(offered);
  await expect(resumed.first()).toHaveAttribute('data-status', 'finished', { timeout: 120_000 });
  await expect(resumed.first()).toHaveAttribute('data-games', '300000');
  // A point every 300 games from 0, none lost or repeated across the stop.
  await expect(resumed.first()).toHaveAttribute('data-last-point', '300000');
  await expect(resumed.first()).toHaveAttribute('data-points', String(300_000 / 300 + 1));
  await expect(page.getByTestId('runs-status')).toHaveText(/ — all done\.$/);
  await expect(page.locator('.notice-error')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('touch: a stopped experiment leaves a checkpoint that is offered; discarding it by tapping removes it for good', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/#/hare_hounds?first=human&second=simple&seed=1&delay=0');
  await page.getByRole('tab', { name: 'Train' }).tap();
  await choosePresetShown(page, '3');
  // Stopping checkpoints the run (the interval, 30 s, has not passed): it is offered at once.
  // Experiment 3's 10,000 games take a second or two: Stop is pressed the
  // moment the points are there (by the page, not a look of the test later,
  // which on a busy machine could come after the run's end).
  await pressWhen(page, 'data-points', /^([2-9]|\d\d+)$/, 'run-stop');
  await page.getByTestId('train-start').tap();
  const rows = page.getByTestId('run');
  await expect(rows.first()).toHaveAttribute('data-status', 'stopped', { timeout: 60_000 });
  const offer = page.getByTestId('resume-offer');
  await expect(offer).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-checkpoint', await offer.getAttribute('data-games') ?? '');
  await offer.getByTestId('discard-run').tap();
  await expect(offer).toHaveCount(0);
  await page.reload();
  await page.getByRole('tab', { name: 'Train' }).tap();
  await expect(page.getByTestId('train-start')).toBeVisible();
  await expect(page.getByTestId('resume-list')).toHaveAttribute('data-loaded', 'true');
  await expect(offer).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});

test('a crashed experiment worker: the run is offered from its last checkpoint and ends as if it had never stopped', async ({ page }) => {
  const errors = watchErrors(page);
  // Paused by the page the moment its first checkpoint is stored, so that it
  // has not ended (in a second or two) when the test kills its worker.
  const row = (await startExperiment(page, '3', 300, () => pressWhen(page, 'data-checkpoint', /^\d+$/, 'run-pause'))).first();
  await expect(row).toHaveAttribute('data-status', 'paused', { timeout: 60_000 });
  // An uncaught error kills the pool's workers, as a trap would.
  const pool = page.workers().filter((w) => w.url().includes('pool.worker'));
  expect(pool.length).toBeGreaterThan(0);
  for (const w of pool) {
    await w.evaluate(() => setTimeout(() => {
      throw new Error('simulated crash');
    }));
  }
  await expect(row).toHaveAttribute('data-status', 'crashed');
  const offer = page.getByTestId('resume-offer');
  await expect(offer).toHaveCount(1);
  const saved = Number(await offer.getAttribute('data-games'));
  expect(saved).toBeGreaterThan(0);
  const games = await recordGames(row);
  await offer.getByTestId('resume-run').click();
  // The same run goes on, in a fresh worker, to the end.
  await expect(row).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  // From its checkpoint, not from the start: the count never went below the checkpoint's.
  const seen = await games();
  expect(seen.length).toBeGreaterThan(0);
  expect(Math.min(...seen)).toBeGreaterThanOrEqual(saved);
  const whole = experiment3Uninterrupted();
  await expect(row).toHaveAttribute('data-points', String(whole.points));
  expect(await lastValues(row)).toEqual(whole.last);
  await expect(offer).toHaveCount(0);
  expect(errors.filter((e) => !e.includes('simulated crash'))).toEqual([]);
});

test('without IndexedDB the checkpoints live in the tab: a notice says so and a stopped run is still offered', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true }));
  const errors = watchErrors(page);
  // Stopped by the page the moment its first checkpoint is kept (the run takes a second or two).
  const row = (await startExperiment(page, '3', 300, () => pressWhen(page, 'data-checkpoint', /^\d+$/, 'run-stop'))).first();
  await expect(row).toHaveAttribute('data-status', 'stopped', { timeout: 60_000 });
  await expect(page.locator('.notice-info')).toContainText('kept in this tab only');
  await expect(page.getByTestId('resume-offer')).toHaveCount(1);
  await page.getByTestId('resume-run').click();
  await expect(row).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  expect(await lastValues(row)).toEqual(experiment3Uninterrupted().last);
  await expect(page.locator('.notice-error')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the ready-made learned hare answers the hounds with the moves its table values best', async ({ page }) => {
  const errors = watchErrors(page);
  const file = 'hare_hounds-hare-300000.selfplay';
  const hare = new Agent('hare_hounds', 'model', null, readFileSync(fileURLToPath(new URL(`../public/ready/${file}`, import.meta.url))));
  await page.goto('/#/hare_hounds?first=human&second=ready:hare-300000&seed=1&delay=0');
  await expect(page.getByTestId('player-1')).toHaveValue('ready:hare-300000');
  await expect(page.getByTestId('player-about-1')).toContainText('ready-made');
  // The learned hare is offered for the hare only.
  await expect(page.getByTestId('player-1').locator('option[value="ready:hare-1000"]')).toHaveCount(1);
  await expect(page.getByTestId('player-0').locator('option[value^="ready:hare-"]')).toHaveCount(0);
  const mirror = new Session('hare_hounds');
  let answered = 0;
  for (let turn = 0; turn < 8; turn++) {
    const before = await cursor(page);
    const [from, to] = mirror.aiMove('random', BigInt(turn + 1)).split('-');
    await page.locator(`[data-point="${from}"]`).click();
    await expect(page.locator(`[data-point="${to}"]`)).toHaveAttribute('data-target', 'true');
    await page.locator(`[data-point="${to}"]`).click();
    const st = mirror.state() as EngineState;
    if (st.outcome) break;
    await expect(board(page)).toHaveAttribute('data-cursor', String(before + 2));
    const played = (await page.getByTestId('moves').locator('.move').nth(before + 1).textContent())!.trim();
    const values = hare.analyze(st.position, null, null)!;
    const best = values.moves.filter((m) => m.best).map((m) => m.text);
    expect(best.length).toBeGreaterThan(0);
    expect(best).toContain(played);
    mirror.play(played);
    answered++;
  }
  expect(answered).toBeGreaterThanOrEqual(3);
  mirror.free();
  hare.free();
  expect(errors).toEqual([]);
});

test('a link naming a ready-made agent for the wrong side, or one the page lacks, says so and gives that side to a person', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/hare_hounds?first=ready:hare-300000&second=ready:nobody-1&delay=0');
  const notices = page.getByTestId('notices').locator('.notice');
  await expect(notices.filter({ hasText: 'The ready-made agent named in the link plays Hare, not Hounds' })).toHaveCount(1);
  await expect(notices.filter({ hasText: 'this page does not have (nobody-1)' })).toHaveCount(1);
  await expect(page.getByTestId('player-0')).toHaveValue('human');
  await expect(page.getByTestId('player-1')).toHaveValue('human');
  // The link's own sides are kept right: the learned hare on its side plays.
  await page.goto('/#/hare_hounds?first=human&second=ready:hare-300000&delay=0');
  await page.reload();
  await expect(page.getByTestId('player-1')).toHaveValue('ready:hare-300000');
  await expect(page.getByTestId('notices').locator('.notice')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('an experiment’s chart in the board’s place gives it back when all its runs are closed', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  const cards = await startExperiment(page, '2');
  await expect(cards).toHaveCount(4);
  // The experiment's first chart goes to the board's place by itself (on a wide screen, after Start).
  await expect(page.locator('.board-area .run-chart canvas').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.board-area .run-chart')).toHaveCount(1);
  await expect(board(page)).toBeHidden();
  // Closing the experiment's runs: with the last, its charts go and the board comes back.
  for (let i = 0; i < 4; i++) {
    const card = cards.first();
    await stopIfGoing(card);
    await expect(card.getByTestId('run-close')).toBeVisible();
    await card.getByTestId('run-close').click();
    await expect(cards).toHaveCount(3 - i);
    if (i < 3) await expect(page.locator('.board-area .run-chart')).toHaveCount(1);
  }
  await expect(page.locator('.board-area .run-chart')).toHaveCount(0);
  await expect(board(page)).toBeVisible();
  expect(errors).toEqual([]);
});

// End-to-end: Connect6's learner (the study's TD(0) pattern weights) in the
// page. Its code is in the page's learners' module, which a worker loads
// only when a run or a learned player needs it: playing the engine does not
// fetch it. The page's run, with the CLI's settings and seed, gives the
// CLI's weights exactly, and its model then plays in the page; so does a
// run that learns from the sample of game records. A run
// paused, reloaded and resumed from its checkpoint, then continued from the
// library, keeps every game and curve point. A visitor watches it learn:
// the stones it considered, valued as chances, are the engine's.
//
// The CLI is the binary `cargo test` builds (target/debug/selfplay), or the
// one named by SELFPLAY_CLI.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { initSync, Run } from '../../pkg/learners/selfplay_learners.js';
import { choosePreset, clickSquare, pressWhen, selfplay, startTraining, watchedLook, watchErrors } from './helpers';

initSync({ module: readFileSync(fileURLToPath(new URL('../../pkg/learners/selfplay_learners_bg.wasm', import.meta.url))) });


/** Counts the page's fetches of the learners' module. */
function countLearnerFetches(page: Page): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (r.url().includes('selfplay_learners')) n++;
  });
  return () => n;
}

/** What the CLI says of a model's weights: the study's table, and the array's statistics. */
function weightsOf(file: string): string {
  const table = selfplay('connect6', 'weights', file);
  const arrays = selfplay('model', 'inspect', file).split('\n').filter((l) => /^\s+w\s/.test(l));
  expect(arrays).toHaveLength(1);
  return `${table}\n${arrays[0]}`;
}

test('a game against the engine does not fetch the learners’ module', async ({ page }) => {
  const errors = watchErrors(page);
  const fetches = countLearnerFetches(page);
  await page.goto('/#/connect6?first=human&second=engine&seed=1&delay=0');
  await clickSquare(page, 'j10');
  await expect(page.getByTestId('moves').locator('.move')).toHaveCount(3, { timeout: 30_000 });
  expect(fetches()).toBe(0);
  expect(errors).toEqual([]);
});

test('the page trains the study’s learner in the learners’ module, with the CLI’s settings and seed the CLI’s weights, and its model plays', async ({ page }, testInfo) => {
  const errors = watchErrors(page);
  const fetches = countLearnerFetches(page);
  const cliFile = testInfo.outputPath('cli-c6.selfplay');
  selfplay('connect6', 'train', '--preset', 'tss', '--games', '6', '--eval-every', '3', '--openings', '1', '--seed', '3', '--out', cliFile);

  // People on both sides: nothing on the page needs the learners' module until the run starts.
  await page.goto('/#/connect6?tab=train&first=human&second=human');
  await expect(page.getByTestId('train-kind')).toContainText('TD(0)');
  await page.getByTestId('train-games').fill('6');
  await page.getByTestId('train-eval_every').fill('3');
  await page.getByTestId('train-openings').fill('1');
  await page.getByTestId('train-seed').fill('3');
  expect(fetches()).toBe(0);
  await page.getByTestId('train-start').click();
  const run = page.getByTestId('run').first();
  await expect(run).toHaveAttribute('data-status', 'finished', { timeout: 90_000 });
  expect(fetches()).toBeGreaterThan(0);
  // The curve's three points (0, 3 and 6 games) against the hand-set weights, and the learned weights' chart.
  await expect(run.getByTestId('run-stats')).toContainText('6');
  await expect(run).toHaveAttribute('data-curve', '0 3 6');
  await expect(page.locator('.run-charts')).toContainText('What it learned');
  await expect(page.locator('.run-charts')).toContainText('opponent\'s one threat');

  const [download] = await Promise.all([page.waitForEvent('download'), run.getByTestId('run-export').click()]);
  const pageFile = testInfo.outputPath('page-c6.selfplay');
  await download.saveAs(pageFile);
  expect(weightsOf(pageFile)).toBe(weightsOf(cliFile));

  // What it learned, from the run's card: every pattern's weights; Escape goes back to the card.
  await run.getByTestId('run-weights').click();
  const view = page.getByTestId('weights-view');
  await expect(view.getByRole('heading', { level: 2 })).toContainText('Run 1 at 6 games');
  await expect(view.getByTestId('weights-table').locator('tbody tr[data-row]')).toHaveCount(33);
  await page.keyboard.press('Escape');
  await expect(view).toHaveCount(0);
  await expect(run.getByTestId('run-weights')).toBeFocused();

  // The learned weights play (in a worker with the learners' module): Black opens, they answer with two stones.
  await run.getByTestId('run-play').click();
  await expect(page.locator('canvas.board-canvas')).toBeVisible();
  await clickSquare(page, 'j10');
  await expect(page.getByTestId('moves').locator('.move')).toHaveCount(3, { timeout: 30_000 });
  expect(errors).toEqual([]);
});

test('the page learns from the sample records as the CLI learns from the same file; missing or bad records are refused with their line', async ({ page }, testInfo) => {
  const errors = watchErrors(page);
  const sample = fileURLToPath(new URL('../public/records/connect6-engine-level-2.txt', import.meta.url));
  const cliFile = testInfo.outputPath('cli-records.selfplay');
  selfplay('connect6', 'train', '--preset', 'records', '--records', sample, '--games', '6', '--eval-every', '3', '--openings', '1', '--seed', '3', '--out', cliFile);

  await page.goto('/#/connect6?tab=train');
  await choosePreset(page, 'records');
  const notice = page.locator('.notice-error').last();
  // No records yet: the page says what is missing, and no run starts.
  await page.getByTestId('train-start').click();
  await expect(notice).toContainText('no game records');
  // A game that is not over and has no result: the engine names the line.
  await page.getByTestId('records-text').fill('J10; A1 A2; K10 L10; A3 A4; M10 N10; A6 B1; O10\nJ10; K11 K9\n');
  await expect(page.getByTestId('records-status')).toContainText('2 games');
  await page.getByTestId('train-start').click();
  await expect(page.locator('.notice-error')).toContainText(['line 2: the game is not over']);
  await expect(page.getByTestId('run')).toHaveCount(0);

  await page.getByTestId('records-sample').click();
  await expect(page.getByTestId('records-status')).toContainText('100 games from the sample');
  await page.getByTestId('records-text').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('c6-records.png') });
  const run = await startTraining(page, {}, { games: 6, eval_every: 3, openings: 1, seed: 3 });
  await expect(run).toHaveAttribute('data-status', 'finished', { timeout: 90_000 });
  await expect(run).toContainText('from 100 records');
  await expect(run).toHaveAttribute('data-curve', '0 3 6');
  const [download] = await Promise.all([page.waitForEvent('download'), run.getByTestId('run-export').click()]);
  const pageFile = testInfo.outputPath('page-records.selfplay');
  await download.saveAs(pageFile);
  expect(weightsOf(pageFile)).toBe(weightsOf(cliFile));
  expect(errors).toEqual([]);
});

test('a Connect6 run paused, resumed after a reload from its checkpoint, then continued from the library: nothing lost', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/connect6?tab=train');
  await page.getByTestId('train-games').fill('300');
  await page.getByTestId('train-eval_every').fill('100');
  await page.getByTestId('train-openings').fill('1');
  // Paused by the page at its first games (a pause pressed after a look of
  // the test could come after the run's end on a busy machine).
  await pressWhen(page, 'data-games', /^[1-9]\d*$/, 'run-pause');
  await page.getByTestId('train-start').click();
  const run = page.getByTestId('run').first();
  await expect(run).toHaveAttribute('data-status', 'paused', { timeout: 60_000 });
  await expect(run).toHaveAttribute('data-checkpoint', /\d+/);
  const pausedAt = Number(await run.getAttribute('data-checkpoint'));
  expect(pausedAt).toBeLessThan(300);

  // After a reload the run goes on from its checkpoint (its worker finds the learners' module) and keeps its curve.
  await page.reload();
  await page.getByTestId('resume-run').click();
  await expect(run).toHaveAttribute('data-status', 'finished', { timeout: 90_000 });
  expect(Number(await run.getAttribute('data-games'))).toBe(300);
  await expect(run).toHaveAttribute('data-curve', '0 100 200 300');
  await expect(run).toHaveAttribute('data-saved', 'true');

  // The library describes the model (the first module reads it) and continues it (in the learners' module).
  await page.getByRole('tab', { name: 'Models' }).click();
  const model = page.getByTestId('model').first();
  await expect(model).toContainText('492');
  await model.getByTestId('model-train').click();
  await page.getByTestId('continue-games').fill('100');
  await page.getByTestId('continue-start').click();
  const continued = page.getByTestId('run').first();
  await expect(continued).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  expect(Number(await continued.getAttribute('data-games'))).toBe(400);
  await expect(continued).toHaveAttribute('data-curve', '0 100 200 300 400');
  await expect(page.locator('.notice-error')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a visitor watches the study’s learner play itself: each stone’s candidates, valued as chances, as the engine records them', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.goto('/#/connect6?tab=train&delay=0');
  const card = await startTraining(page, {}, { games: 100000, eval_every: 100000, openings: 1, seed: 5 });
  await expect(card).toHaveAttribute('data-status', 'running', { timeout: 60_000 });
  const config = JSON.parse((await card.getAttribute('data-config'))!) as Record<string, unknown>;
  await card.getByTestId('run-watch').click();
  const strip = page.getByTestId('watch-strip');
  await expect(strip).toHaveAttribute('data-game', /\d+/, { timeout: 30_000 });
  // A stone some moves in: its few candidates near the stones, each a chance
  // in words, and the heat map with the game and move it is drawn for, read
  // at once (the watched game moves on every 0.4 s).
  const thinks = /it thinks [A-S]\d+ is worth \d+% \(of the \d+ moves? it considered\)/;
  const seen = await watchedLook(page, (l) => Number(l.ply) >= 3 && l.heat !== '' && thinks.test(l.sentence));
  // The engine's own game of that number: the heat map is its decision's values at that stone.
  const run = Run.create('connect6', 'td', config);
  run.step(Number(seen.game) - 1);
  const w = run.stepWatched() as { candidates: boolean; selfPlay: boolean; decisions: { ply: number; values: [string, number][] }[] };
  run.free();
  expect(w.candidates && w.selfPlay).toBe(true);
  const d = w.decisions.find((x) => x.ply === Number(seen.ply));
  expect(d, `a decision at ply ${seen.ply}`).toBeTruthy();
  expect(d!.values.length).toBeGreaterThan(1);
  // The heat map names its cells in lower case ("j10").
  const cells = new Map(seen.heat.split(' ').map((h) => h.split(':') as [string, string]));
  expect([...cells.keys()].sort()).toEqual(d!.values.map(([m]) => m.toLowerCase()).sort());
  for (const [m, v] of d!.values) expect(Number(cells.get(m.toLowerCase()))).toBe(Number(v.toFixed(2)));
  await page.getByTestId('watch-back').click();
  await expect(strip).toBeHidden();
  await card.getByTestId('run-stop').click();
  expect(errors).toEqual([]);
});

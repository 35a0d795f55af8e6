// End-to-end: train a Q-network in the page, pause (a checkpoint is stored),
// reload, resume the same run and finish it, save it to the library, export
// the file, delete the model, import the file again and play against it;
// a corrupt file is refused with the decoder's reason and changes nothing.
// The page must log no error.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { games, initSync } from '../../pkg/selfplay.js';
import { choosePreset, holdWorkerScripts, pressWhen, recordGames, squarePoint, watchErrors } from './helpers';

// The engine the page uses, in node: the preset list must be the engine's.
initSync({ module: readFileSync(fileURLToPath(new URL('../../pkg/selfplay_bg.wasm', import.meta.url))) });
const othelloInfo = (games() as { id: string; runs: { id: string; presets: unknown[] }[] }[]).find((g) => g.id === 'othello')!;
/** "Custom settings" and every preset of the first kind of run. */
const presetOptions = 1 + othelloInfo.runs[0].presets.length;

const run = (page: Page) => page.getByTestId('run').first();

async function runNumber(page: Page, attr: string): Promise<number> {
  return Number(await run(page).getAttribute(attr));
}

test('train, pause, reload, resume, save, export, delete, import, play', async ({ page }, testInfo) => {
  const errors = watchErrors(page);
  await page.goto('/#/othello?tab=train&checkpointMs=1000&delay=0');
  await expect(page.getByRole('tab', { name: 'Train' })).toHaveAttribute('aria-selected', 'true');
  // The presets come from the engine.
  await expect(page.getByTestId('train-preset').locator('option')).toHaveCount(presetOptions);

  // Long enough that the pause below comes well before the end.
  await page.getByTestId('train-games').fill('12000');
  await page.getByTestId('train-eval_every').fill('1500');
  await page.getByTestId('train-eval_games').fill('20');
  await page.getByTestId('train-seed').fill('7');
  // Curve points appear as the run goes. Pause, at its second (pressed by
  // the page then, well before the end whatever the machine's pace): the
  // worker posts a checkpoint, the page stores it.
  await pressWhen(page, 'data-points', /^([2-9]|\d\d+)$/, 'run-pause');
  await page.getByTestId('train-start').click();
  await expect(run(page)).toHaveAttribute('data-status', 'paused', { timeout: 60_000 });
  await expect(page.locator('.run-chart:not([hidden]) canvas').first()).toBeVisible();
  await expect(run(page)).toHaveAttribute('data-checkpoint', /\d+/);
  // A network's weights are not shown as a table: its card has no Weights button.
  await expect(run(page).getByTestId('run-weights')).toBeHidden();
  const pausedAt = await runNumber(page, 'data-checkpoint');
  const pointsAtPause = await runNumber(page, 'data-points');
  expect(pausedAt).toBeGreaterThan(0);
  expect(pausedAt).toBeLessThan(12000);

  // Reload: the page offers to resume; the run continues the same curve.
  await page.reload();
  await expect(page.getByTestId('resume-offer')).toHaveCount(1);
  await expect(page.getByTestId('resume-offer')).toContainText(`${pausedAt.toLocaleString('en')} of 12,000 games`);
  await page.getByTestId('resume-run').click();
  await expect.poll(() => runNumber(page, 'data-points')).toBeGreaterThanOrEqual(pointsAtPause);
  expect(await runNumber(page, 'data-games')).toBeGreaterThanOrEqual(pausedAt);
  await expect(run(page)).toHaveAttribute('data-status', 'finished', { timeout: 120_000 });
  expect(await runNumber(page, 'data-games')).toBe(12000);
  // One curve point for the untrained net, then one every 1,500 games, none lost or repeated.
  await expect(run(page)).toHaveAttribute('data-curve', '0 1500 3000 4500 6000 7500 9000 10500 12000');
  // Finishing saves the model and drops the checkpoint.
  await expect(run(page)).toHaveAttribute('data-saved', 'true');
  await page.getByTestId('run-save').click();
  await expect(page.getByTestId('run-note')).toContainText('Saved to the library');

  // No error was shown on the page while training.
  await expect(page.locator('.notice-error')).toHaveCount(0);

  // Models: one model, exported as a file.
  await page.getByRole('tab', { name: 'Models' }).click();
  const models = page.getByTestId('model');
  await expect(models).toHaveCount(1);
  await expect(models.first()).toContainText('12k games trained');
  await expect(models.first()).toContainText('vs ');
  const [download] = await Promise.all([page.waitForEvent('download'), models.first().getByTestId('model-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^othello-.*\.selfplay$/);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const bytes = readFileSync(file);
  expect(bytes.length).toBeGreaterThan(1000);

  // Delete, then import the exported file again.
  await models.first().getByTestId('model-delete').click();
  await expect(models).toHaveCount(0);
  await expect(page.getByTestId('undo-bar')).toBeVisible();
  await page.getByTestId('model-import').setInputFiles(file);
  await expect(models).toHaveCount(1);
  await expect(page.getByTestId('models-status')).toContainText('Imported');

  // A corrupt file: refused with the decoder's reason, the library unchanged.
  const corrupt = Buffer.from(bytes);
  corrupt[corrupt.length - 10] ^= 0xff;
  await page.getByTestId('model-import').setInputFiles({ name: 'corrupt.selfplay', mimeType: 'application/octet-stream', buffer: corrupt });
  await expect(page.getByTestId('models-status')).toHaveAttribute('data-kind', 'error');
  await expect(page.getByTestId('models-status')).toContainText('corrupt.selfplay was not imported:');
  const reason = await page.getByTestId('models-status').textContent();
  expect(reason!.length).toBeGreaterThan('corrupt.selfplay was not imported: '.length + 5);
  await page.getByTestId('model-import').setInputFiles({ name: 'notes.selfplay', mimeType: 'text/plain', buffer: Buffer.from('just some text') });
  await expect(page.getByTestId('models-status')).toContainText('notes.selfplay was not imported:');
  await expect(models).toHaveCount(1);

  // Play against the imported model: the visitor is Black, the network White.
  await models.first().getByTestId('model-play').click();
  await expect(page.getByRole('tab', { name: 'Play' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('player-1')).toHaveValue(/^net:/);
  const board = page.locator('canvas.board-canvas');
  // The heat map shows Q(s, a) on the four legal opening squares.
  await expect(board).toHaveAttribute('data-heat', /^(\w\d:-?\d+\.\d\d ?){4}$/);
  // Close the two import errors, which sit over the top of the page.
  const dismiss = page.getByRole('button', { name: 'Dismiss' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
  await board.scrollIntoViewIfNeeded();
  const legal = (await board.getAttribute('data-legal'))!.split(' ');
  const p = await squarePoint(page, legal[0]);
  await page.mouse.click(p.x, p.y);
  // The network answers.
  await expect.poll(async () => Number(await board.getAttribute('data-cursor'))).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('moves').locator('.move')).toHaveCount(2);

  // The finished run left no checkpoint behind: nothing to resume after a reload.
  await page.goto('/#/othello?tab=train');
  await page.reload();
  await expect(page.getByTestId('train-start')).toBeVisible();
  // (The Models tab's panel is built when it is first shown.)
  await expect(page.getByRole('tab', { name: 'Models' })).toBeVisible();
  await expect(page.getByTestId('resume-list')).toHaveAttribute('data-loaded', 'true');
  await expect(page.getByTestId('resume-offer')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Models' }).click();
  await expect(models).toHaveCount(1);

  expect(errors).toEqual([]);
});

test('two runs at once, curves overlaid, the page never blocked; continue training a model', { tag: '@timing' }, async ({ page }) => {
  const errors = watchErrors(page);
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto('/#/othello?tab=train');
  // A preset fills the configuration.
  const presets = page.getByTestId('train-preset');
  await expect(presets.locator('option')).toHaveCount(presetOptions);
  await choosePreset(page, { index: 2 });
  expect(await page.getByTestId('train-encoding').inputValue()).toMatch(/^ql[12]$/);
  const workersBefore = page.workers().filter((w) => w.url().includes('pool.worker')).length;
  // No training worker starts until both runs are asked for: the first run
  // cannot be over (its worker idle, and so chosen for the second) before
  // the second is started, however fast or slow the machine.
  const letWorkersStart = await holdWorkerScripts(page, '**/pool.worker*');
  for (const [seed, activation] of [
    ['1', 'arctan'],
    ['2', 'sigmoid'],
  ]) {
    await page.getByTestId('train-activation').selectOption(activation);
    // Any hidden size, not only the study's 40 and 64.
    await page.getByTestId('train-hidden').fill(seed === '1' ? '24' : '64');
    await page.getByTestId('train-opponent').selectOption('self');
    await page.getByTestId('train-games').fill('3000');
    await page.getByTestId('train-eval_every').fill('1000');
    await page.getByTestId('train-eval_games').fill('20');
    await page.getByTestId('train-seed').fill(seed);
    // Keyboard: Enter in the form starts the run.
    await page.getByTestId('train-seed').press('Enter');
  }
  const runs = page.getByTestId('run');
  await expect(runs).toHaveCount(2);
  expect(workersBefore, 'no training worker before the first run').toBe(0);
  letWorkersStart();
  await expect(runs.filter({ hasText: /-H24 arctan/ })).toHaveCount(1);
  const t0 = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks.length);
  // The runs go to the pool's workers, one each while there are cores for
  // both (a short run may already be finished by now: its worker stays, to
  // play against its network).
  const cores = await page.evaluate(() => Math.max(1, Math.min(8, navigator.hardwareConcurrency || 2)));
  // (Where the runs go is checked here, not how fast a worker starts: a busy
  // machine may take more than the default 5 s to start the second one.)
  await expect
    .poll(() => page.workers().filter((w) => w.url().includes('pool.worker')).length, { timeout: 30_000 })
    .toBe(Math.min(2, cores));
  const on = await runs.evaluateAll((cards) => cards.map((c) => (c as HTMLElement).dataset.worker));
  expect(new Set(on).size).toBe(Math.min(2, cores));
  for (const i of [0, 1]) await expect(runs.nth(i)).toHaveAttribute('data-status', 'finished', { timeout: 120_000 });
  // Both runs' curves are on the chart: 2 runs × 3 opponents × 2 colours.
  await expect(page.locator('.chart-data tr')).toHaveCount(1 + 12);
  // The legend has one entry per line (run × opponent × colour); pressing
  // one hides its line, pressing again shows it.
  const entries = page.locator('.chart-legend .legend-entry');
  await expect(entries).toHaveCount(12);
  await expect(entries.first()).toHaveAttribute('aria-pressed', 'true');
  await entries.first().click();
  await expect(entries.first()).toHaveAttribute('aria-pressed', 'false');
  await entries.first().press('Enter');
  await expect(entries.first()).toHaveAttribute('aria-pressed', 'true');
  const long = await page.evaluate((n) => (window as unknown as { __longTasks: number[] }).__longTasks.slice(n), t0);
  expect(long.filter((d) => d > 100)).toEqual([]);

  // Play against a run's current network, with the heat map of Q(s, a).
  await runs.nth(1).getByTestId('run-play').click();
  await expect(page.getByRole('tab', { name: 'Play' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('player-1')).toHaveValue(/^net:/);
  await expect(page.locator('canvas.board-canvas')).toHaveAttribute('data-heat', /^(\w\d:-?\d+\.\d\d ?){4}$/);
  // The toggle hides it.
  await page.getByTestId('heat-toggle').uncheck();
  await expect(page.locator('canvas.board-canvas')).not.toHaveAttribute('data-heat', /./);

  // Continue training the first saved model for 1,000 more games.
  await page.getByRole('tab', { name: 'Models' }).click();
  const models = page.getByTestId('model');
  await expect(models).toHaveCount(2);
  await models.first().getByTestId('model-train').click();
  await expect(page.getByRole('tab', { name: 'Train' })).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('continue-games').fill('1000');
  await page.getByTestId('continue-start').click();
  await expect(runs).toHaveCount(3);
  await expect(runs.first()).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  expect(Number(await runs.first().getAttribute('data-games'))).toBe(4000);
  // The continued run carries the model's curve and extends it.
  await expect(runs.first()).toHaveAttribute('data-curve', '0 1000 2000 3000 4000');
  await expect(page.locator('.notice-error')).toHaveCount(0);

  expect(errors).toEqual([]);
});

test('a crashed training worker: the run resumes from its last checkpoint and continues the same curve', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/othello?tab=train&checkpointMs=1000');
  await page.getByTestId('train-games').fill('200000');
  await page.getByTestId('train-eval_every').fill('1000');
  await page.getByTestId('train-eval_games').fill('20');
  await page.getByTestId('train-start').click();
  await expect(run(page)).toHaveAttribute('data-checkpoint', /\d+/, { timeout: 30_000 });
  const worker = page.workers().find((w) => w.url().includes('pool.worker'));
  expect(worker).toBeDefined();
  // An uncaught error kills the worker, as a trap would.
  await worker!.evaluate(() => setTimeout(() => {
    throw new Error('simulated crash');
  }));
  await expect(run(page)).toHaveAttribute('data-status', 'crashed');
  await expect(page.getByTestId('run-status')).toContainText('resume from the last checkpoint');
  const saved = await runNumber(page, 'data-checkpoint');
  expect(saved).toBeGreaterThan(0);
  const games = await recordGames(run(page));
  await page.getByTestId('run-pause').click();
  // In a new worker, which starts first (the engine's module fetched and compiled): on a busy machine more than 5 s.
  await expect(run(page)).toHaveAttribute('data-status', 'running', { timeout: 30_000 });
  await expect.poll(() => runNumber(page, 'data-games')).toBeGreaterThan(saved + 1000);
  // A resume, not a restart: the count never went below the checkpoint's.
  const seen = await games();
  expect(seen.length).toBeGreaterThan(0);
  expect(Math.min(...seen)).toBeGreaterThanOrEqual(saved);
  // The curve goes on from the checkpoint's: strictly increasing, every 1,000 games.
  const curve = (await run(page).getAttribute('data-curve'))!.split(' ').map(Number);
  curve.forEach((g, i) => expect(g).toBe(i * 1000));
  await page.getByTestId('run-stop').click();
  await expect(run(page)).toHaveAttribute('data-status', 'stopped');
  expect(errors.filter((e) => !e.includes('simulated crash'))).toEqual([]);
});

test('library: rename by keyboard, duplicate, delete and undo; kept across a reload', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/othello?tab=train');
  await page.getByTestId('train-games').fill('200');
  await page.getByTestId('train-eval_every').fill('100');
  await page.getByTestId('train-eval_games').fill('10');
  await page.getByTestId('train-start').click();
  await expect(run(page)).toHaveAttribute('data-saved', 'true', { timeout: 60_000 });

  await page.getByRole('tab', { name: 'Models' }).click();
  const models = page.getByTestId('model');
  await expect(models).toHaveCount(1);
  await models.first().getByTestId('model-rename').click();
  const input = page.getByTestId('model-rename-input');
  await expect(input).toBeFocused();
  await input.fill('My first network');
  await input.press('Enter');
  await expect(models.first().getByTestId('model-name')).toHaveText('My first network');

  await models.first().getByTestId('model-duplicate').click();
  await expect(models).toHaveCount(2);
  await expect(page.getByTestId('model-name')).toContainText(['My first network (copy)', 'My first network']);

  await models.first().getByTestId('model-delete').click();
  await expect(models).toHaveCount(1);
  // Undo is focused: Enter brings the model back.
  await expect(page.getByTestId('undo-delete')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(models).toHaveCount(2);

  await page.reload();
  await page.getByRole('tab', { name: 'Models' }).click();
  await expect(models).toHaveCount(2);
  await expect(page.getByTestId('model-name')).toContainText(['My first network (copy)', 'My first network']);

  // Drag and drop: an exported file dropped on the drop zone is imported under its name.
  const [download] = await Promise.all([page.waitForEvent('download'), models.nth(1).getByTestId('model-export').click()]);
  const bytes = readFileSync(await download.path());
  const drop = await page.evaluateHandle((data) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(data)], 'dropped.selfplay', { type: 'application/octet-stream' }));
    return dt;
  }, [...bytes]);
  await page.getByTestId('drop-zone').dispatchEvent('dragover', { dataTransfer: drop });
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: drop });
  await expect(models).toHaveCount(3);
  await expect(page.getByTestId('models-status')).toContainText('Imported “My first network” from dropped.selfplay');
  expect(errors).toEqual([]);
});

test('without IndexedDB: the page says models last only for this tab, and export still works', async ({ page }) => {
  const errors = watchErrors(page);
  await page.addInitScript(() => Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true }));
  await page.goto('/#/othello?tab=train&checkpointMs=1000');
  await page.getByTestId('train-games').fill('100000');
  await page.getByTestId('train-eval_every').fill('1000');
  await page.getByTestId('train-eval_games').fill('10');
  await page.getByTestId('train-start').click();
  await expect(page.getByTestId('run-note')).toContainText('in this tab only', { timeout: 30_000 });
  await page.getByTestId('run-stop').click();
  // A run's network downloads straight from its worker.
  const [fromRun] = await Promise.all([page.waitForEvent('download'), page.getByTestId('run-export').click()]);
  expect(fromRun.suggestedFilename()).toMatch(/^othello-ql1-h64-arctan.*\.selfplay$/);
  await page.getByTestId('run-save').click();
  await expect(page.getByTestId('run-note')).toContainText('Saved to the library');
  await page.getByRole('tab', { name: 'Models' }).click();
  await expect(page.getByTestId('storage-note')).toContainText('Models are kept only until this tab closes');
  await expect(page.getByTestId('model')).toHaveCount(1);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('model-export').click()]);
  expect(download.suggestedFilename()).toMatch(/\.selfplay$/);
  expect(errors).toEqual([]);
});

test('a full IndexedDB: the page says so, the stored model is kept, export still works', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/othello?tab=train');
  await page.getByTestId('train-games').fill('200');
  await page.getByTestId('train-eval_every').fill('100');
  await page.getByTestId('train-eval_games').fill('10');
  await page.getByTestId('train-start').click();
  await expect(run(page)).toHaveAttribute('data-saved', 'true', { timeout: 60_000 });
  await page.getByRole('tab', { name: 'Models' }).click();
  const models = page.getByTestId('model');
  await expect(models).toHaveCount(1);

  // From now on the browser refuses every write as over quota.
  await page.evaluate(() => {
    const refuse = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    IDBObjectStore.prototype.put = refuse as never;
    IDBObjectStore.prototype.add = refuse as never;
  });
  await models.first().getByTestId('model-duplicate').click();
  await expect(page.locator('.notice-error').last()).toContainText('storage for this page is full');
  await expect(models).toHaveCount(1);

  // The page stays usable: the model still exports.
  const [download] = await Promise.all([page.waitForEvent('download'), models.first().getByTestId('model-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^othello-.*\.selfplay$/);
  expect(readFileSync(await download.path()).subarray(0, 8).toString()).toBe('SELFPLAY');

  // Nothing stored was lost or half-written.
  await page.reload();
  await page.getByRole('tab', { name: 'Models' }).click();
  await expect(models).toHaveCount(1);
  expect(errors).toEqual([]);
});

// End-to-end: Othello's n-tuple network in the page. Its learner is in the
// page's learners' module; the first module reads and plays its models.
// The page's run, with the CLI's settings and seed, gives the CLI's
// weights exactly; its model then plays in the page and is described in
// the library.
//
// The CLI is the binary `cargo test` builds (target/debug/selfplay), or the
// one named by SELFPLAY_CLI.

import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { choosePreset, clickSquare, holdRequests, selfplay, stopIfGoing, watchErrors } from './helpers';

/**
 * A model file's arrays, byte for byte (docs/model-format.md: the header's
 * length at offset 20, the header from 24, the arrays after it up to the
 * 4-byte checksum), and `selfplay model inspect`'s lines of its weights.
 */
function weightsOf(file: string): { bytes: Buffer; lines: string[] } {
  const b = readFileSync(file);
  const h = b.readUInt32LE(20);
  const lines = selfplay('model', 'inspect', file)
    .split('\n')
    .filter((l) => /^\s+(wq|scale)\s/.test(l));
  expect(lines).toHaveLength(2);
  return { bytes: b.subarray(24 + h, b.length - 4), lines };
}

test('the page trains an n-tuple network to the CLI’s weights, and its model plays and is described', async ({ page }, testInfo) => {
  const errors = watchErrors(page);
  const cliFile = testInfo.outputPath('cli-ntuple.selfplay');
  selfplay('run', 'othello', 'ntuple', '--preset', 'fast', '--set', 'games=3000', '--set', 'eval_every=1000', '--set', 'eval_games=20', '--seed', '3', '--out', cliFile);

  await page.goto('/#/othello?tab=train');
  await page.getByTestId('train-kind').selectOption('ntuple');
  await choosePreset(page, 'fast');
  await page.getByTestId('train-games').fill('3000');
  await page.getByTestId('train-eval_every').fill('1000');
  await page.getByTestId('train-eval_games').fill('20');
  await page.getByTestId('train-seed').fill('3');
  await page.getByTestId('train-start').click();
  const run = page.getByTestId('run').first();
  await expect(run).toHaveAttribute('data-status', 'finished', { timeout: 90_000 });
  await expect(run).toHaveAttribute('data-curve', '0 1000 2000 3000');
  await expect(run.getByTestId('run-stats')).toContainText('3,000');

  const [download] = await Promise.all([page.waitForEvent('download'), run.getByTestId('run-export').click()]);
  const pageFile = testInfo.outputPath('page-ntuple.selfplay');
  await download.saveAs(pageFile);
  const [fromPage, fromCli] = [weightsOf(pageFile), weightsOf(cliFile)];
  expect(fromPage.lines).toEqual(fromCli.lines);
  expect(fromPage.bytes.length).toBeGreaterThan(1_000);
  expect(fromPage.bytes.equals(fromCli.bytes)).toBe(true);

  // The network plays: black opens f5, it answers as white.
  await run.getByTestId('run-play').click();
  await clickSquare(page, 'f5');
  await expect(page.getByTestId('moves').locator('.move')).toHaveCount(2, { timeout: 30_000 });

  // The library says what the model is, with its last win rates.
  await page.getByRole('tab', { name: 'Models' }).click();
  const model = page.getByTestId('model').first();
  await expect(model).toContainText('n-tuple network');
  await expect(model).toContainText('3000 games');
  await expect(page.locator('.notice-error')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a visitor watches the n-tuple network learn, game by game, with its values on the board', async ({ page }) => {
  const errors = watchErrors(page);
  // The charts' code is held back until the watch has begun: the run's first
  // chart is drawn while its games are watched (as on a machine where the
  // first point comes after the visitor pressed Watch), and must not take
  // the board from them.
  const letCharts = await holdRequests(page, '**/assets/curve-chart-*.js');
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/#/othello?tab=train');
  await page.getByTestId('train-kind').selectOption('ntuple');
  await choosePreset(page, 'fast');
  await page.getByTestId('train-games').fill('1000000');
  await page.getByTestId('train-start').click();
  const run = page.getByTestId('run').first();
  await expect(run).toHaveAttribute('data-status', 'running', { timeout: 30_000 });
  await run.getByTestId('run-watch').click();
  const strip = page.getByTestId('watch-strip');
  // Faster: one move shown every 0.1 s, so that the next game comes within seconds.
  const speed = page.getByTestId('watch-speed');
  await speed.fill((await speed.getAttribute('max'))!);
  await expect(strip).toHaveAttribute('data-game', /\d+/, { timeout: 30_000 });
  const first = Number(await strip.getAttribute('data-game'));
  letCharts();
  await expect(page.locator('[data-chart][data-points]:not([data-points="0"])').first()).toBeAttached({ timeout: 30_000 });
  // The chart stayed in the Train tab: the watched games keep the board.
  await expect(page.locator('.board-away')).toHaveCount(0);
  await expect(strip).toBeVisible();
  // The games come one at a time, and the board shows the network's values of the moves.
  await expect(strip).toHaveAttribute('data-game', String(first + 1), { timeout: 60_000 });
  await expect(strip).toBeVisible();
  await expect(page.locator('canvas.board-canvas')).toHaveAttribute('data-heat', /./, { timeout: 30_000 });
  await expect(page.getByTestId('watch-sentence')).toContainText('it thinks');
  await page.getByTestId('watch-back').click();
  await expect(strip).toBeHidden();
  await stopIfGoing(run);
  await expect(run).toHaveAttribute('data-status', /stopped|finished/, { timeout: 30_000 });
  expect(errors).toEqual([]);
});

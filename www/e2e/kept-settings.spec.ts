// A player's settings kept as a model: the search player's level and
// coefficients saved to the library, loaded back into the form, played
// against from the library, exported, and read by the command line.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { squarePoint, watchErrors } from './helpers';

const cli = process.env.SELFPLAY_CLI ?? fileURLToPath(new URL('../../target/debug/selfplay', import.meta.url));

const cursor = async (page: Page) => Number(await page.locator('canvas.board-canvas').getAttribute('data-cursor'));

test('the search player’s coefficients are kept in the library, load back into the form, play, and export to the CLI', async ({ page }, testInfo) => {
  const errors = watchErrors(page);
  await page.goto('/#/othello?first=human&second=search&seed=1&delay=0');
  const box = page.locator('.player-settings-box[data-player=search]');
  await box.locator('summary').click();
  await page.getByTestId('player-search-level').fill('2');
  await page.getByTestId('player-search-weights.a').fill('77');
  await page.getByTestId('player-search-noise').fill('0.5');
  const list = page.getByTestId('settings-sets-search-list');
  await expect(list).toBeDisabled();
  await page.getByTestId('settings-sets-search-name').fill('Corners 77');
  await page.getByTestId('settings-sets-search-save').click();
  await expect(box.locator('.settings-sets-status')).toContainText('Saved “Corners 77”');
  await expect(list).toBeEnabled();
  await expect(list.locator('option')).toHaveText(['Corners 77']);

  // Other values in the form; loading the kept set brings the saved ones back.
  await page.getByTestId('player-search-level').fill('7');
  await page.getByTestId('player-search-weights.a').fill('5');
  await page.getByTestId('player-search-noise').fill('0');
  await page.getByTestId('settings-sets-search-load').click();
  await expect(box.locator('.settings-sets-status')).toContainText('Loaded “Corners 77”');
  await expect(page.getByTestId('player-search-level')).toHaveValue('2');
  await expect(page.getByTestId('player-search-weights.a')).toHaveValue('77');
  await expect(page.getByTestId('player-search-noise')).toHaveValue('0.5');
  await expect(page.getByTestId('player-search-weights.b')).toHaveValue('-30');
  await page.getByTestId('settings-sets-search-load').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/kept-settings-desktop.png' });

  // The kept set plays from the library, as a model.
  const second = page.getByTestId('player-1');
  const option = second.locator('option', { hasText: 'Corners 77' });
  await expect(option).toHaveCount(1);
  await second.selectOption((await option.getAttribute('value')));
  const f5 = await squarePoint(page, 'f5');
  await page.mouse.click(f5.x, f5.y);
  await expect.poll(() => cursor(page)).toBe(2);

  // The library describes it in words, and the exported file is one the CLI reads and plays.
  await page.getByRole('tab', { name: 'Models' }).click();
  const model = page.getByTestId('model').filter({ hasText: 'Corners 77' });
  await expect(model).toContainText('level 2');
  await expect(model).toContainText("the study's weights except corners (a) 77");
  const [download] = await Promise.all([page.waitForEvent('download'), model.getByTestId('model-export').click()]);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  if (!existsSync(cli)) throw new Error(`the selfplay CLI is not built at ${cli}: run cargo test (or set SELFPLAY_CLI)`);
  const inspected = execFileSync(cli, ['model', 'inspect', file], { encoding: 'utf8' });
  expect(inspected).toContain('Corners 77');
  expect(inspected).toContain('"a": 77');
  const match: unknown = JSON.parse(execFileSync(cli, ['othello', 'match', file, 'random', '--games', '2', '--json'], { encoding: 'utf8', timeout: 120_000 }));
  expect(match).toBeTruthy();
  expect(errors).toEqual([]);
});

test('kept settings with a bad level or without a name are refused in words', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/#/othello?first=human&second=search&seed=1&delay=0');
  const box = page.locator('.player-settings-box[data-player=search]');
  await box.locator('summary').click();
  await page.getByTestId('player-search-level').fill('12');
  await page.getByTestId('settings-sets-search-save').click();
  await expect(box.locator('.settings-sets-status')).toContainText('Not saved: Level: a whole number from 1 to 10');
  await page.getByTestId('player-search-level').fill('3');
  await page.getByTestId('settings-sets-search-name').fill('   ');
  await page.getByTestId('settings-sets-search-save').click();
  await expect(box.locator('.settings-sets-status')).toContainText('Not saved: a name, please');
  await expect(page.getByTestId('settings-sets-search-list')).toBeDisabled();
  // Nothing of the settings is wider than the phone's screen (a long player name once was).
  for (const part of [page.locator('fieldset.players'), box, page.getByTestId('settings-sets-search-save')]) {
    const b = await part.boundingBox();
    expect(b!.x + b!.width).toBeLessThanOrEqual(390);
  }
  await page.screenshot({ path: 'test-results/kept-settings-phone.png' });
  expect(errors).toEqual([]);
});

test('settings kept while the ready-made players are still loading reach the player lists', async ({ page }) => {
  const errors = watchErrors(page);
  // The list of ready-made players arrives late (a slow network).
  await page.route('**/ready/manifest.json', async (route) => {
    await new Promise((r) => setTimeout(r, 5000));
    await route.continue();
  });
  await page.goto('/#/othello?first=human&second=search&seed=1&delay=0');
  const box = page.locator('.player-settings-box[data-player=search]');
  await box.locator('summary').click();
  await page.getByTestId('settings-sets-search-name').fill('Early set');
  // Saved while the ready-made players are still on their way.
  await expect(page.getByTestId('player-1').locator('option', { hasText: 'N-tuple net' })).toHaveCount(0);
  await page.getByTestId('settings-sets-search-save').click();
  await expect(box.locator('.settings-sets-status')).toContainText('Saved “Early set”');
  await expect(page.getByTestId('player-1').locator('option', { hasText: 'Early set' })).toHaveCount(1);
  // Once the ready-made list arrives, the kept set is still offered.
  await expect(page.getByTestId('player-1').locator('option', { hasText: 'N-tuple net' })).not.toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('player-1').locator('option', { hasText: 'Early set' })).toHaveCount(1);
  expect(errors).toEqual([]);
});

// End-to-end: model files travel between the native CLI and the page. A
// Q-network and a hounds Q-table written by `selfplay … train` are imported
// into the page and played against; the page's export of the Q-network is
// read back by `selfplay model inspect` and `selfplay othello eval`. A link
// naming a library network as a player brings it back after a reload; in a
// browser without it, the page asks for its file and then goes on with it.
//
// The CLI is the binary `cargo test` builds (target/debug/selfplay), or the
// one named by SELFPLAY_CLI.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { Agent, initSync, Session } from '../../pkg/selfplay.js';
import { holdEngineRestart, pressWhen, selfplay, squarePoint, watchErrors } from './helpers';

initSync({ module: readFileSync(fileURLToPath(new URL('../../pkg/selfplay_bg.wasm', import.meta.url))) });



test('an Othello network trained by the CLI plays in the page; the page export loads in the CLI', async ({ page }, testInfo) => {
  const errors = watchErrors(page);
  const cliFile = testInfo.outputPath('cli-net.selfplay');
  selfplay('othello', 'train', 'qnet', '--hidden', '40', '--opponent', 'msb', '--games', '300', '--eval-every', '0', '--seed', '11', '--out', cliFile);

  await page.goto('/#/othello?tab=models&delay=0');
  await expect(page.getByRole('tab', { name: 'Models' })).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('model-import').setInputFiles(cliFile);
  const models = page.getByTestId('model');
  await expect(models).toHaveCount(1);
  await expect(page.getByTestId('models-status')).toContainText('Imported');
  await expect(models.first()).toContainText('300 games trained');

  // Play against it: the heat map shows its Q-values and it answers a move.
  await models.first().getByTestId('model-play').click();
  await expect(page.getByTestId('player-1')).toHaveValue(/^net:/);
  const board = page.locator('canvas.board-canvas');
  await expect(board).toHaveAttribute('data-heat', /^(\w\d:-?\d+\.\d\d ?){4}$/);
  const legal = (await board.getAttribute('data-legal'))!.split(' ');
  const p = await squarePoint(page, legal[0]);
  await page.mouse.click(p.x, p.y);
  await expect.poll(async () => Number(await board.getAttribute('data-cursor'))).toBeGreaterThanOrEqual(2);

  // A reload (or the link) brings the same network back as White.
  const player = await page.getByTestId('player-1').inputValue();
  await page.reload();
  await expect(page.getByTestId('player-1')).toHaveValue(player);
  await expect(page.getByTestId('player-0')).toHaveValue('human');
  await expect(board).toHaveAttribute('data-heat', /^(\w\d:-?\d+\.\d\d ?){4}$/);
  // A link to a network this browser does not have: said so, with the file picker; White waits for it.
  await page.goto('/#/othello?first=human&second=net:no-such-model&seed=3');
  await expect(page.getByTestId('missing-model')).toContainText('White was played by a trained model that this browser does not have');
  await expect(page.getByTestId('player-1')).toHaveValue('net:no-such-model');
  await page.goto('/#/othello?tab=models&delay=0');
  await page.reload();

  // Export from the page; the CLI reads the file and plays with it.
  await page.getByRole('tab', { name: 'Models' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), models.first().getByTestId('model-export').click()]);
  const exported = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(exported);
  const inspected = selfplay('model', 'inspect', exported);
  expect(inspected).toMatch(/for Othello, qnet \(\d+ bytes, checksum ok\)/);
  expect(inspected).toContain('"games_trained": 300');
  expect(inspected).toContain('"seed": 11');
  type Rec = { wins: number; draws: number; losses: number };
  const evaluation = JSON.parse(selfplay('othello', 'eval', exported, '--games', '20', '--opponents', 'random', '--json')) as {
    games_trained: number;
    results: { opponent: string; black: Rec; white: Rec }[];
  };
  expect(evaluation.games_trained).toBe(300);
  expect(evaluation.results.map((r) => r.opponent)).toEqual(['random']);
  const { black, white } = evaluation.results[0];
  expect(black.wins + black.draws + black.losses + white.wins + white.draws + white.losses).toBe(20);
  expect(errors).toEqual([]);
});

test('hounds trained by the CLI give hints in the page', async ({ page }, testInfo) => {
  const errors = watchErrors(page);
  const cliFile = testInfo.outputPath('cli-hounds.selfplay');
  selfplay('hare-hounds', 'train', '--side', 'hounds', '--opponent', 'simple', '--games', '2000', '--seed', '4', '--out', cliFile);

  await page.goto('/#/hare_hounds?first=human&second=simple&seed=1&delay=0');
  await page.getByRole('tab', { name: 'Models' }).click();
  // An empty library says where this game's models come from.
  await expect(page.locator('li.empty')).toContainText('in the Train tab');
  await page.getByTestId('model-import').setInputFiles(cliFile);
  await expect(page.getByTestId('model')).toHaveCount(1);
  await expect(page.getByTestId('models-status')).toContainText('Imported');
  // Under Hints, its Q-values beside the solution's verdicts.
  await page.getByRole('tab', { name: 'Play' }).click();
  await page.getByTestId('hint-model').selectOption({ index: 1 });
  await expect(page.getByTestId('hint-model-note')).toContainText('Q-values of');
  // Every legal opening move of the hounds has a learned Q-value beside the solution's verdict.
  const rows = page.getByTestId('hints').locator('tr[data-move]');
  await expect(rows).toHaveCount(7);
  await expect(rows.first()).not.toContainText('–');

  // The model stays chosen for a new game, and across an engine restart.
  const board = page.getByTestId('board');
  await page.locator('[data-point="L"]').click();
  await page.locator('[data-point="d"]').click();
  await expect(board).toHaveAttribute('data-cursor', '2');
  await page.getByTestId('new-game').click();
  await expect(board).toHaveAttribute('data-cursor', '0');
  await expect(rows).toHaveCount(7);
  await expect(rows.first()).not.toContainText('–');
  const engine = page.workers().find((w) => w.url().includes('engine'));
  expect(engine, 'the engine worker').toBeTruthy();
  // A move made while the restarted engine comes up (held by the test until
  // then) is played once the game is back.
  const letGo = await holdEngineRestart(page);
  await engine!.evaluate(() => {
    setTimeout(() => {
      throw new Error('simulated engine failure');
    });
  });
  await expect(page.locator('.notice-error')).toContainText('engine stopped');
  await expect(page.locator('.play')).toHaveAttribute('data-busy', 'true');
  await page.locator('[data-point="a"]').click();
  await page.locator('[data-point="b"]').click();
  expect(await board.getAttribute('data-cursor')).toBe('0');
  letGo();
  // The worker comes up, the game is restored, the move played and the hare
  // answers: on a busy machine more than 5 s.
  await expect(board).toHaveAttribute('data-cursor', '2', { timeout: 30_000 });
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('hints').locator('tr[data-move^="a-"]')).toHaveCount(0);
  for (const row of await rows.all()) await expect(row).not.toContainText('–');
  expect(errors.filter((e) => !e.includes('simulated engine failure'))).toEqual([]);
});

test('the page trains, with the same settings and seed, exactly the network the native CLI trains', async ({ page }, testInfo) => {
  const errors = watchErrors(page);
  const cliFile = testInfo.outputPath('cli-same.selfplay');
  selfplay('othello', 'train', 'qnet', '--encoding', 'ql1', '--hidden', '40', '--activation', 'arctan', '--opponent', 'msb', '--c', '1500000',
    '--games', '300', '--eval-every', '0', '--seed', '11', '--out', cliFile);

  await page.goto('/#/othello?tab=train');
  await page.getByTestId('train-encoding').selectOption('ql1');
  await page.getByTestId('train-hidden').fill('40');
  await page.getByTestId('train-activation').selectOption('arctan');
  await page.getByTestId('train-opponent').selectOption('msb');
  await page.getByTestId('train-c').fill('1500000');
  await page.getByTestId('train-games').fill('300');
  await page.getByTestId('train-eval_every').fill('0');
  await page.getByTestId('train-seed').fill('11');
  await page.getByTestId('train-start').click();
  const run = page.getByTestId('run').first();
  await expect(run).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), run.getByTestId('run-export').click()]);
  const pageFile = testInfo.outputPath('page-same.selfplay');
  await download.saveAs(pageFile);

  // Equal weights give equal Q-values everywhere: compare them on the positions of a game.
  const fromCli = new Agent('othello', 'model', null, readFileSync(cliFile));
  const fromPage = new Agent('othello', 'model', null, readFileSync(pageFile));
  const s = new Session('othello');
  for (const m of ['f5', 'd6', 'c3', 'd3', 'c4', 'f4', 'c5', 'b3', 'c2', 'e6']) {
    const a = fromCli.analyze(s.position(), null, null) as { moves: { text: string; value: number }[] };
    const b = fromPage.analyze(s.position(), null, null) as { moves: { text: string; value: number }[] };
    expect(b.moves).toEqual(a.moves);
    expect(a.moves.some((x) => x.value !== 0)).toBe(true);
    s.play(m);
  }
  s.free();
  expect(errors).toEqual([]);
});

test('the shipped module in Chromium, with exploration, evaluation and a stop and resume, trains the native network', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  const cliFile = testInfo.outputPath('cli-explore.selfplay');
  // C = 20: β = games / C reaches 400, so exploration and its random draws matter all along.
  selfplay('othello', 'train', 'qnet', '--encoding', 'ql2', '--hidden', '40', '--activation', 'sigmoid', '--opponent', 'self', '--c', '20',
    '--games', '8000', '--eval-every', '2000', '--eval-games', '10', '--seed', '5', '--out', cliFile);

  await page.goto('/#/othello?tab=train&checkpointMs=200');
  await page.getByTestId('train-encoding').selectOption('ql2');
  await page.getByTestId('train-hidden').fill('40');
  await page.getByTestId('train-activation').selectOption('sigmoid');
  await page.getByTestId('train-opponent').selectOption('self');
  await page.getByTestId('train-c').fill('20');
  await page.getByTestId('train-games').fill('8000');
  await page.getByTestId('train-eval_every').fill('2000');
  await page.getByTestId('train-eval_games').fill('10');
  await page.getByTestId('train-seed').fill('5');
  // Stopped at its first checkpoint, then resumed from it.
  await pressWhen(page, 'data-checkpoint', /^[1-9]\d*$/, 'run-stop');
  await page.getByTestId('train-start').click();
  const run = page.getByTestId('run').first();
  await expect(run).toHaveAttribute('data-status', 'stopped', { timeout: 60_000 });
  const at = Number(await run.getAttribute('data-games'));
  expect(at).toBeLessThan(8000);
  await run.getByTestId('run-pause').click();
  await expect(run).toHaveAttribute('data-status', 'finished', { timeout: 120_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), run.getByTestId('run-export').click()]);
  const pageFile = testInfo.outputPath('page-explore.selfplay');
  await download.saveAs(pageFile);

  const fromCli = new Agent('othello', 'model', null, readFileSync(cliFile));
  const fromPage = new Agent('othello', 'model', null, readFileSync(pageFile));
  const s = new Session('othello');
  for (const m of ['f5', 'f6', 'e6', 'f4', 'e3', 'c5', 'c4', 'd3']) {
    const a = fromCli.analyze(s.position(), null, null) as { moves: { text: string; value: number }[] };
    const b = fromPage.analyze(s.position(), null, null) as { moves: { text: string; value: number }[] };
    expect(b.moves).toEqual(a.moves);
    s.play(m);
  }
  s.free();
  expect(errors).toEqual([]);
});

test('a link naming a model this browser does not have: the page says so, offers the file picker, and goes on with the imported model', async ({ page, browser }, testInfo) => {
  const errors = watchErrors(page);
  const file = testInfo.outputPath('hare.selfplay');
  selfplay('hare-hounds', 'train', '--side', 'hare', '--opponent', 'random', '--games', '2000', '--seed', '4', '--out', file);
  const cursor = async (p: Page) => Number(await p.getByTestId('board').getAttribute('data-cursor'));
  const moveTexts = (p: Page) => p.getByTestId('moves').locator('.move').allTextContents();

  // The browser the link comes from: the hare model is in its library and answers the hounds' first move.
  await page.goto('/#/hare_hounds?tab=models&delay=0');
  await page.getByTestId('model-import').setInputFiles(file);
  const model = page.getByTestId('model');
  await expect(model).toHaveCount(1);
  const id = await model.getAttribute('data-model-id');
  const link = `/#/hare_hounds?first=human&second=net:${id}&seed=7&delay=0&moves=a-e`;
  await page.goto(link);
  await expect(page.getByTestId('player-1')).toHaveValue(`net:${id}`);
  await expect(page.getByTestId('missing-model')).toBeHidden();
  await page.getByTestId('continue').click();
  await expect.poll(() => cursor(page)).toBe(2);
  const answer = (await moveTexts(page))[1];

  // Another browser, whose library is empty, opens the link.
  const other = await (await browser.newContext()).newPage();
  const otherErrors = watchErrors(other);
  await other.goto(link);
  const box = other.getByTestId('missing-model');
  await expect(box).toContainText('Hare was played by a trained model that this browser does not have');
  await expect(box).toContainText('Import its .selfplay file');
  await expect(other.getByTestId('player-1')).toHaveValue(`net:${id}`);
  await expect(other.getByTestId('turn')).toContainText('waiting for its file');
  await expect(other.getByTestId('continue')).toBeHidden();
  await other.waitForTimeout(1000);
  expect(await cursor(other)).toBe(1);
  await expect(other.getByRole('alert')).toHaveCount(0);

  // The button opens the file picker; the same model file goes on with the game, as in the first browser.
  const pick = box.getByRole('button', { name: 'Import the model file…' });
  const [chooser] = await Promise.all([other.waitForEvent('filechooser'), pick.click()]);
  await chooser.setFiles(file);
  await expect(box).toBeHidden();
  await expect.poll(() => cursor(other)).toBe(2);
  expect((await moveTexts(other))[1]).toBe(answer);
  // The side's player is now this browser's copy, in the list and in the address.
  const copy = await other.getByTestId('player-1').inputValue();
  expect(copy).toMatch(/^net:/);
  expect(copy).not.toBe(`net:${id}`);
  expect(other.url()).toContain(`second=${encodeURIComponent(copy)}`);
  await other.getByRole('tab', { name: 'Models' }).click();
  await expect(other.getByTestId('model')).toHaveCount(1);
  expect(otherErrors).toEqual([]);
  await other.context().close();
  expect(errors).toEqual([]);
});

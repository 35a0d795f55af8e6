// End-to-end: "Watch it learn". A seeded Connect Four run is watched: the
// board shows its training games move by move (the engine's own game for
// that seed and game number, with the learner's values as the heat map),
// the games count goes up one at a time, "Back to full speed" gives the board
// back to the Play tab's game exactly as it was and the run goes on fast, and
// the run ends with exactly the model and curve of the same run never
// watched. At a laptop and a phone size the board and the button are on
// screen and not covered while watching.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { games, initSync, renameModel, Run } from '../../pkg/selfplay.js';
import { choosePreset, recordGames, stopIfGoing, watchedLook, watchErrors } from './helpers';

initSync({ module: readFileSync(fileURLToPath(new URL('../../pkg/selfplay_bg.wasm', import.meta.url))) });

const board = (page: Page) => page.locator('canvas.board-canvas');
const TOTAL = 1_000_000;

interface Watched {
  game: number;
  moves: string[];
  learner: number;
  decisions: { ply: number; values: [string, number][] }[];
}

/** The engine's run of `config`, its watched game number `n` (1-based). */
function engineGame(config: Record<string, unknown>, n: number): Watched {
  const run = Run.create('connect4', 'q_table', config);
  if (n > 1) run.step(n - 1);
  const w = run.stepWatched() as Watched;
  run.free();
  return w;
}

async function startRun(page: Page): Promise<Locator> {
  await page.getByRole('tab', { name: 'Train' }).click();
  await choosePreset(page, '');
  await page.getByTestId('train-total_games').fill(String(TOTAL));
  await page.getByTestId('train-block_games').fill('250000');
  await page.getByTestId('train-perfect_sample').fill('0');
  await page.getByTestId('train-seed').fill('5');
  await page.getByTestId('train-start').click();
  const card = page.getByTestId('run');
  await expect(card).toHaveAttribute('data-status', 'running', { timeout: 30_000 });
  return card;
}

/**
 * A model file's header (JSON, without its `created` time and `train_seconds`) and its arrays'
 * bytes (docs/model-format.md: the header's length at offset 20, the header
 * from 24, the arrays after it up to the 4-byte checksum).
 */
function modelParts(bytes: Uint8Array): { header: Record<string, unknown>; arrays: Buffer } {
  const b = Buffer.from(bytes);
  const h = b.readUInt32LE(20);
  const header = JSON.parse(b.subarray(24, 24 + h).toString('utf8')) as Record<string, unknown>;
  // When it was made and how long it took are the two fields that differ from run to run.
  expect(header.train_seconds).toBeGreaterThan(0);
  delete header.created;
  delete header.train_seconds;
  // The curves the page drew, which only a file the page wrote carries.
  delete header.charts;
  return { header, arrays: b.subarray(24 + h, b.length - 4) };
}

/** The element is inside the viewport and is what a click at its centre hits. */
async function onScreen(page: Page, target: Locator): Promise<void> {
  const box = (await target.boundingBox())!;
  const vp = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(vp.height + 1);
  expect(box.x + box.width).toBeLessThanOrEqual(vp.width + 1);
  // Its centre and its top and bottom edges are not under anything (the page's header).
  const hits = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return [r.top + 2, r.top + r.height / 2, r.bottom - 2].map((y) => {
      const top = document.elementFromPoint(r.left + r.width / 2, y);
      return top === el || el.contains(top);
    });
  });
  expect(hits).toEqual([true, true, true]);
}

test('watching a run shows its real training games and changes nothing it learns', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/#/connect4?first=human&second=human&seed=1&delay=0&moves=4+4+3');
  await expect(board(page)).toHaveAttribute('data-cursor', '3');
  const playLegal = await board(page).getAttribute('data-legal');
  const playLast = await board(page).getAttribute('data-last-move');

  const card = await startRun(page);
  const config = JSON.parse((await card.getAttribute('data-config'))!) as Record<string, unknown>;
  await card.getByTestId('run-watch').click();
  const strip = page.getByTestId('watch-strip');
  await expect(strip).toBeVisible();
  await expect(card.getByTestId('run-watch')).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByTestId('run-stats')).toContainText('watched: one game at a time');
  // The worker takes the watch between two pieces of its run: on a busy
  // machine that may be more than the default 5 s.
  await expect(strip).toHaveAttribute('data-game', /\d+/, { timeout: 30_000 });
  // Until the watch began the run went at full speed; from then on, one game at a time.
  const watchedFrom = Number(await strip.getAttribute('data-game'));
  const games = await recordGames(card);

  // The game on the board is the engine's watched game of this seed with the
  // number the strip shows. At the learner's decision the heat map holds its
  // values. The strip, the board and the sentence are read in one look of
  // the page, at a decision some moves in (a move is shown for 0.4 s: on a
  // busy machine a test may look once a move, so it takes whichever decision
  // a look finds, and works out that game in the engine only then).
  const seen = await watchedLook(page, (l) => l.heat !== '' && Number(l.ply) >= 2, 40_000);
  const first = Number(seen.game);
  const w = engineGame(config, first);
  expect(w.game).toBe(first);
  const d = w.decisions.find((x) => x.ply === Number(seen.ply));
  expect(d, `the learner's decision at move ${seen.ply} of game ${first}`).toBeTruthy();
  expect(seen.cursor).toBe(String(d!.ply));
  const heat = seen.heat.split(' ').map((h) => Number(h.split(':')[1])).sort();
  expect(heat).toEqual(d!.values.map(([, v]) => Number(v.toFixed(2))).sort());
  expect(seen.sentence).toContain(`Game ${first.toLocaleString('en-US')} of the run`);
  expect(seen.sentence).toContain('it thinks');
  // Connect Four's moves are columns, and the sentences say so.
  expect(seen.sentence).toMatch(/(thinks|plays) column [1-7]\b/);
  await expect.poll(async () => Number(await board(page).getAttribute('data-cursor')), { timeout: 20_000 }).toBeGreaterThan(d!.ply);
  // The next games come one at a time.
  await expect(strip).toHaveAttribute('data-game', String(first + 1), { timeout: 60_000 });
  await expect(strip).toHaveAttribute('data-game', String(first + 2), { timeout: 60_000 });
  // (A card redrawn without news writes the same count again.)
  const counts = (await games()).filter((n, i, all) => i === 0 || n !== all[i - 1]);
  expect(counts.length).toBeGreaterThanOrEqual(2);
  for (let i = 1; i < counts.length; i++) expect(counts[i] - counts[i - 1]).toBe(1);

  // The board and the button are on screen and not covered, on a laptop.
  await onScreen(page, board(page));
  await onScreen(page, page.getByTestId('watch-back'));
  await page.screenshot({ path: testInfo.outputPath('watch-desktop.png') });
  // A chart with no point yet says so over its empty axes; one with points does not. This run's
  // first point is at 250,000 games. The watch normally begins well before it, and from then on the
  // run plays one game at a time, so it has no point yet; a busy machine can let the run pass it
  // before the watch begins, and then every chart has one. The charts and the run's curve are read
  // in one task of the page.
  const charts = await page.locator('[data-chart][data-points]').all();
  const { points, curveNow } = await page.evaluate(() => ({
    points: [...document.querySelectorAll<HTMLElement>('[data-chart][data-points]')].map((c) => c.dataset.points ?? ''),
    curveNow: document.querySelector<HTMLElement>('[data-testid="run"]')!.dataset.curve ?? '',
  }));
  expect(points.length).toBe(charts.length);
  expect(points.length).toBeGreaterThan(0);
  if (watchedFrom < 240_000) expect(curveNow).toBe('');
  for (const p of points) expect(p === '0').toBe(curveNow === '');
  for (const [i, chart] of charts.entries()) {
    const empty = chart.getByTestId('chart-empty');
    if (points[i] === '0') await expect(empty).toBeVisible();
    else await expect(empty).toBeHidden();
  }

  // Back to full speed: the Play tab's game is back on the board, the run goes fast.
  await page.getByTestId('watch-back').click();
  await expect(strip).toBeHidden();
  await expect(board(page)).toHaveAttribute('data-cursor', '3');
  await expect(board(page)).toHaveAttribute('data-legal', playLegal!);
  await expect(board(page)).toHaveAttribute('data-last-move', playLast!);
  await expect(board(page)).not.toHaveAttribute('data-heat', /./);
  await expect(card).toHaveAttribute('data-status', 'finished', { timeout: 180_000 });

  // Exactly the run that was never watched.
  const plain = Run.create('connect4', 'q_table', config);
  while (!plain.done) plain.step(1_000_000);
  const curve = plain.points() as { x: number; y: Record<string, number> }[];
  expect(JSON.parse((await card.getAttribute('data-last'))!)).toEqual(curve[curve.length - 1].y);
  expect(await card.getAttribute('data-curve')).toBe(curve.map((p) => p.x).join(' '));
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('run-export').click()]);
  // The same model: its arrays (table and generator) byte for byte, and its
  // header (settings, curve, games) but for the time the file was made; the
  // name a file is given aside, renamed alike on both sides.
  const pageBytes = renameModel(new Uint8Array(readFileSync((await download.path()))), 'compared');
  const nodeBytes = renameModel(plain.model('engine'), 'compared');
  plain.free();
  const fromPage = modelParts(pageBytes);
  const fromEngine = modelParts(nodeBytes);
  expect(fromPage.header).toEqual(fromEngine.header);
  expect(fromPage.header.games_trained).toBe(TOTAL);
  expect(fromPage.arrays.length).toBeGreaterThan(100_000);
  expect(fromPage.arrays.equals(fromEngine.arrays)).toBe(true);
  expect(errors).toEqual([]);
});

test('on a phone the watched board and the way back are on screen', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/#/connect4?first=human&second=human&seed=1&delay=0');
  const card = await startRun(page);
  await card.getByTestId('run-watch').click();
  await expect(page.getByTestId('watch-strip')).toHaveAttribute('data-game', /\d+/, { timeout: 30_000 });
  await expect.poll(async () => Number(await board(page).getAttribute('data-cursor')), { timeout: 20_000 }).toBeGreaterThan(0);
  await onScreen(page, board(page));
  await onScreen(page, page.getByTestId('watch-back'));
  await page.screenshot({ path: testInfo.outputPath('watch-phone.png') });
  // The strip and the card's buttons pass axe while watching.
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  // Keyboard: the way back has the focus and Enter takes it.
  await expect(page.getByTestId('watch-back')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('watch-strip')).toBeHidden();
  await expect(card.getByTestId('run-watch')).toHaveAttribute('aria-pressed', 'false');
  // Back at full speed its million games may be over in moments.
  await stopIfGoing(card);
  expect(errors).toEqual([]);
});

test('Othello self-play and Hare and Hounds are watched too: the engine’s game and values', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  const strip = page.getByTestId('watch-strip');
  const sentence = page.getByTestId('watch-sentence');

  // Othello: the Q-network plays both sides; the heat map at its first decision is the engine's.
  await page.goto('/#/othello?tab=train&delay=0');
  await page.getByTestId('train-games').fill('500000');
  await page.getByTestId('train-eval_every').fill('250000');
  await page.getByTestId('train-eval_games').fill('10');
  await page.getByTestId('train-seed').fill('3');
  await page.getByTestId('train-start').click();
  let card = page.getByTestId('run');
  await expect(card).toHaveAttribute('data-status', 'running', { timeout: 30_000 });
  let config = JSON.parse((await card.getAttribute('data-config'))!) as Record<string, unknown>;
  await card.getByTestId('run-watch').click();
  // The worker takes the watch between two pieces of its run: on a busy machine that may be more than 5 s.
  await expect(strip).toHaveAttribute('data-game', /\d+/, { timeout: 30_000 });
  // A decision's values on the board, with the game and the move they are
  // drawn for, read at once (the watched game moves on every 0.4 s).
  const seen = await watchedLook(page, (l) => l.heat !== '');
  const run = Run.create('othello', 'qnet', config);
  run.step(Number(seen.game) - 1);
  const w = run.stepWatched() as Watched & { selfPlay: boolean };
  run.free();
  expect(w.selfPlay).toBe(true);
  const decision = w.decisions.find((x) => x.ply === Number(seen.ply));
  expect(decision, `a decision at move ${seen.ply} of game ${seen.game}`).toBeTruthy();
  const cells = new Map(seen.heat.split(' ').map((h) => h.split(':') as [string, string]));
  expect([...cells.keys()].sort()).toEqual(decision!.values.map(([m]) => m).sort());
  for (const [m, v] of decision!.values) expect(Number(cells.get(m))).toBe(Number(v.toFixed(2)));
  await expect(sentence).toContainText('the agent plays both sides');
  await page.getByTestId('watch-back').click();
  await expect(strip).toBeHidden();
  await stopIfGoing(card);

  // Hare and Hounds: its board draws no heat map, so every value is in words.
  await page.goto('/#/hare_hounds?tab=train&delay=0');
  await choosePreset(page, '');
  await page.getByTestId('train-total_games').fill('2000000');
  await page.getByTestId('train-learn_games').fill('1000000');
  await page.getByTestId('train-eval_games').fill('10');
  await page.getByTestId('train-seed').fill('4');
  await page.getByTestId('train-start').click();
  card = page.getByTestId('run');
  await expect(card).toHaveAttribute('data-status', 'running', { timeout: 30_000 });
  config = JSON.parse((await card.getAttribute('data-config'))!) as Record<string, unknown>;
  await card.getByTestId('run-watch').click();
  await expect(strip).toHaveAttribute('data-game', /\d+/, { timeout: 30_000 });
  // A decision of the hounds in words, with its game and move, read at once.
  const said = await watchedLook(page, (l) => l.sentence.includes('Its values:'));
  const hh = Run.create('hare_hounds', 'q_table', config);
  hh.step(Number(said.game) - 1);
  const g = hh.stepWatched() as Watched;
  hh.free();
  expect(g.learner).toBe(0);
  const d = g.decisions.find((x) => x.ply === Number(said.ply));
  expect(d, `a decision at move ${said.ply} of game ${said.game}`).toBeTruthy();
  const sign = (v: number) => `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(2)}`;
  expect(said.sentence).toContain(`Its values: ${d!.values.map(([m, v]) => `${m} ${sign(v)}`).join(' · ')}.`);
  await page.getByTestId('watch-back').click();
  await stopIfGoing(card);
  expect(errors).toEqual([]);
});

test('one run is watched at a time: watching another sends the first back to full speed', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/#/connect4?tab=train&delay=0');
  // Method 2's runs: eight of a million games each.
  await choosePreset(page, '2');
  await page.getByTestId('train-start').click();
  const runs = page.getByTestId('run');
  await expect(runs).toHaveCount(8);
  const a = runs.nth(0);
  const b = runs.nth(1);
  await expect(a).toHaveAttribute('data-status', 'running', { timeout: 30_000 });
  await expect(b).toHaveAttribute('data-status', 'running', { timeout: 30_000 });
  const strip = page.getByTestId('watch-strip');
  await a.getByTestId('run-watch').click();
  await expect(strip).toHaveAttribute('data-run', (await a.getAttribute('data-run-id'))!);
  await expect(strip).toHaveAttribute('data-game', /\d+/, { timeout: 30_000 });
  await b.getByTestId('run-watch').click();
  await expect(strip).toHaveAttribute('data-run', (await b.getAttribute('data-run-id'))!);
  await expect(a.getByTestId('run-watch')).toHaveAttribute('aria-pressed', 'false');
  await expect(b.getByTestId('run-watch')).toHaveAttribute('aria-pressed', 'true');
  await expect(a).toHaveAttribute('data-watched', 'false');
  // The first is back at full speed: many games between two news, not one.
  const before = Number(await a.getAttribute('data-games'));
  await expect.poll(async () => Number(await a.getAttribute('data-games')), { timeout: 30_000 }).toBeGreaterThan(before + 1000);
  // The card's own button, pressed again, is the way back too.
  await expect(b.getByTestId('run-watch')).toHaveText('Back to full speed');
  await b.getByTestId('run-watch').click();
  await expect(strip).toBeHidden();
  await expect(b.getByTestId('run-watch')).toHaveAttribute('aria-pressed', 'false');
  await page.getByTestId('runs-stop-all').click();
  expect(errors).toEqual([]);
});

test('a kind of run whose games cannot be shown says so, with no watch button', async ({ page }) => {
  const errors = watchErrors(page);
  const othello = (games() as { id: string; runs: { id: string; watchable: boolean }[] }[]).find((g) => g.id === 'othello')!;
  const kind = othello.runs.find((k) => !k.watchable)!;
  await page.goto('/#/othello?tab=train&delay=0');
  await page.getByTestId('train-kind').selectOption(kind.id);
  await page.getByTestId('train-start').click();
  const card = page.getByTestId('run');
  await expect(card).toHaveAttribute('data-status', /running|finished/, { timeout: 30_000 });
  await expect(card.getByTestId('run-watch-note')).toHaveText('This kind of run cannot be watched game by game.');
  await expect(card.getByTestId('run-watch')).toBeHidden();
  await stopIfGoing(card);
  expect(errors).toEqual([]);
});

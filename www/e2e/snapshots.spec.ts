// Snapshots of a run: the model kept in the library after chosen numbers of
// learning games. The worker stops its chunks exactly on each point, so a
// snapshot "after 500 games" is the model the engine gives for the same seed
// stopped at 500 games (checked here in node with the same wasm module, array
// by array). The run card lists the snapshots; "Match these two" opens the
// Play tab with one on each side and the game plays itself. A run paused,
// reloaded and resumed from its checkpoint does not take a snapshot again; a
// storage failure while saving one is told and the run goes on.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { games, initSync, Run } from '../../pkg/selfplay.js';
import { pressWhen, watchErrors } from './helpers';

initSync({ module: readFileSync(fileURLToPath(new URL('../../pkg/selfplay_bg.wasm', import.meta.url))) });

interface Field {
  id: string;
  default: unknown;
}
const kinds = (games() as unknown as { id: string; runs: { id: string; fields: Field[]; snapshots: number[] }[] }[]).flatMap((g) =>
  g.runs.map((k) => ({ game: g.id, ...k })),
);

/** A run's settings as the Train tab's form reads them: every field's default, then `changes`. */
function config(game: string, kind: string, changes: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const set = (path: string, v: unknown) => {
    const keys = path.split('.');
    let o = out;
    for (const k of keys.slice(0, -1)) o = (o[k] ??= {}) as Record<string, unknown>;
    o[keys[keys.length - 1]] = v;
  };
  for (const f of kinds.find((k) => k.game === game && k.id === kind)!.fields) set(f.id, f.default);
  for (const [k, v] of Object.entries(changes)) set(k, v);
  return out;
}

/** A model file's header and arrays (docs/model-format.md), each array's elements as stored uncompressed. */
function readModel(bytes: Uint8Array): { header: Record<string, unknown>; arrays: Map<string, { type: number; shape: number[]; data: Buffer }> } {
  const b = Buffer.from(bytes);
  expect(b.subarray(0, 8).toString()).toBe('SELFPLAY');
  const h = b.readUInt32LE(20);
  const header = JSON.parse(b.subarray(24, 24 + h).toString('utf8')) as Record<string, unknown>;
  let o = 24 + h;
  const n = b.readUInt32LE(o);
  o += 4;
  const arrays = new Map<string, { type: number; shape: number[]; data: Buffer }>();
  for (let i = 0; i < n; i++) {
    const k = b.readUInt16LE(o);
    const name = b.subarray(o + 2, o + 2 + k).toString('ascii');
    o += 2 + k;
    const [type, compression, dims] = [b[o], b[o + 1], b[o + 2]];
    o += 3;
    const shape: number[] = [];
    for (let d = 0; d < dims; d++, o += 8) shape.push(Number(b.readBigUInt64LE(o)));
    const stored = Number(b.readBigUInt64LE(o + 8));
    o += 16;
    const raw = b.subarray(o, o + stored);
    o += stored;
    // The same elements give the same stored form; compression is undone so that the comparison is of the values.
    arrays.set(name, { type: type * 10 + compression, shape, data: compression === 0 ? Buffer.from(raw) : inflateRawSync(raw) });
  }
  return { header, arrays };
}

/** A model's record in the library (the fields the tests read). */
type StoredMeta = { name: string; gamesTrained: number; modified: number; side: number | null };

/** The library's record and file of a model, read from IndexedDB in the page. */
async function stored(page: Page, id: string): Promise<{ meta: StoredMeta; bytes: number[] }> {
  return page.evaluate(
    (id) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('selfplay');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['modelMeta', 'modelData']);
          const meta = tx.objectStore('modelMeta').get(id);
          const data = tx.objectStore('modelData').get(id);
          tx.oncomplete = () => {
            open.result.close();
            resolve({ meta: meta.result as StoredMeta, bytes: [...(data.result as { bytes: Uint8Array }).bytes] });
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    id,
  );
}

/** The ids of every model in the library. */
async function libraryIds(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('selfplay');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const keys = open.result.transaction('modelMeta').objectStore('modelMeta').getAllKeys();
          keys.onsuccess = () => {
            open.result.close();
            resolve(keys.result.map(String));
          };
        };
      }),
  );
}

/** The model the engine gives for `settings`, stopped after exactly `at` games. */
function engineModel(game: string, kind: string, settings: Record<string, unknown>, at: number): { at: Uint8Array; after: Uint8Array } {
  const run = Run.create(game, kind, settings);
  while (Number(run.games) < at) run.step(Math.min(1_000, at - Number(run.games)));
  expect(Number(run.games)).toBe(at);
  const model = run.model('engine');
  run.step(1);
  const after = run.model('engine');
  run.free();
  return { at: model, after };
}

const card = (page: Page) => page.getByTestId('run').first();
const cursor = async (page: Page) => Number(await page.locator('canvas.board-canvas').getAttribute('data-cursor'));

test('the engine suggests snapshot points, ascending, for every kind of run (every model of these plays)', () => {
  expect(kinds.length).toBeGreaterThan(0);
  for (const k of kinds) {
    expect(k.snapshots.length, `${k.game} ${k.id}`).toBeGreaterThan(0);
    expect([...k.snapshots].sort((a, b) => a - b)).toEqual(k.snapshots);
    expect(k.snapshots[0]).toBeGreaterThan(0);
  }
});

test('Connect Four: snapshots after 500 and 2,000 games are the engine’s models at exactly those games, and two of them play each other', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.goto('/#/connect4?tab=train&delay=0');
  // None unless asked: the kind's suggestion is one press away.
  await expect(page.getByTestId('train-snapshots')).toHaveValue('');
  await page.getByTestId('train-snapshots-suggest').click();
  await expect(page.getByTestId('train-snapshots')).toHaveValue('1000, 10000');
  await page.getByTestId('train-total_games').fill('3000');
  await page.getByTestId('train-perfect_sample').fill('0');
  await page.getByTestId('train-side').selectOption('2');
  await page.getByTestId('train-seed').fill('5');
  // Thousands written with a comma are read as one number.
  await page.getByTestId('train-snapshots').fill('500, 2,000');
  await page.getByTestId('train-start').click();
  await expect(card(page)).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  const snaps = card(page).getByTestId('snapshot');
  await expect(snaps).toHaveCount(2);
  await expect(snaps.nth(0)).toHaveAttribute('data-games', '500');
  await expect(snaps.nth(1)).toHaveAttribute('data-games', '2000');
  await expect(card(page).getByTestId('snapshot-plan')).toHaveText('Kept after 500 and 2,000 games.');
  await expect(snaps.nth(0)).toContainText('After 500 games');

  // In the library with their exact games, and equal, array by array, to the engine's run stopped there.
  const settings = config('connect4', 'q_table', { total_games: 3000, perfect_sample: 0, side: '2', seed: 5 });
  for (const [i, at] of [500, 2000].entries()) {
    const id = (await snaps.nth(i).getAttribute('data-id'))!;
    const { meta, bytes } = await stored(page, id);
    expect(meta.gamesTrained).toBe(at);
    expect(meta.name).toMatch(new RegExp(`· after ${at.toLocaleString('en-US')} games$`));
    const page_ = readModel(new Uint8Array(bytes));
    const engine = engineModel('connect4', 'q_table', settings, at);
    const want = readModel(engine.at);
    expect(page_.header.games_trained ?? page_.header.gamesTrained).toBe(at);
    expect([...page_.arrays.keys()]).toEqual([...want.arrays.keys()]);
    expect(page_.arrays.size).toBeGreaterThan(0);
    for (const [name, a] of want.arrays) {
      const got = page_.arrays.get(name)!;
      expect(got.shape, name).toEqual(a.shape);
      expect(got.type, name).toBe(a.type);
      expect(got.data.equals(a.data), `${name} after ${at} games`).toBe(true);
    }
    // The comparison sees one game's difference: one more game changes the table.
    const later = readModel(engine.after);
    expect([...later.arrays].some(([name, a]) => !a.data.equals(page_.arrays.get(name)?.data ?? Buffer.alloc(0)))).toBe(true);
  }

  // The list, its buttons and the two sides' lists are named and pass axe.
  const axe = await new AxeBuilder({ page }).include('[data-testid="run-snapshots"]').analyze();
  expect(axe.violations).toEqual([]);
  await expect(card(page).getByRole('button', { name: /^Play against .*· after 500 games$/ })).toBeVisible();

  // Match these two: the older snapshot has the first side, the newer the second, and the game plays itself.
  const first = (await snaps.nth(0).getAttribute('data-id'))!;
  const second = (await snaps.nth(1).getAttribute('data-id'))!;
  await expect(card(page).getByTestId('snapshot-side-0')).toHaveValue(first);
  await expect(card(page).getByTestId('snapshot-side-1')).toHaveValue(second);
  await card(page).getByTestId('snapshot-match').click();
  await expect(page.getByRole('tab', { name: 'Play' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('player-0')).toHaveValue(`net:${first}`);
  await expect(page.getByTestId('player-1')).toHaveValue(`net:${second}`);
  await expect.poll(() => cursor(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
  // The players are in the address, so the match can be shared.
  expect(decodeURIComponent(page.url())).toContain(`first=net:${first}`);

  // Ordinary library models: listed in the Models tab with the finished run's model.
  await page.getByRole('tab', { name: 'Models' }).click();
  await expect(page.getByTestId('model')).toHaveCount(3);
  const early = page.getByTestId('model').filter({ hasText: '· after 500 games' });
  await expect(early).toHaveCount(1);
  // Exported, it is a model file of 500 games; deleted, the run card's list follows the library.
  const [download] = await Promise.all([page.waitForEvent('download'), early.getByTestId('model-export').click()]);
  expect(readModel(readFileSync((await download.path()))).header.games_trained).toBe(500);
  await early.getByTestId('model-delete').click();
  await expect(page.getByTestId('model')).toHaveCount(2);
  await page.getByRole('tab', { name: 'Train' }).click();
  await expect(snaps).toHaveCount(1);
  await expect(snaps.first()).toHaveAttribute('data-games', '2000');
  await expect(card(page).getByTestId('snapshot-match')).toBeHidden();
  expect(errors).toEqual([]);
});

test('Othello: a run paused at a checkpoint, reloaded and resumed does not take its snapshots again', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await page.goto('/#/othello?tab=train&checkpointMs=1000&delay=0');
  await expect(page.getByTestId('train-snapshots-suggest')).toHaveText('Use 1000, 10000');
  // The second point is far enough on that the pause comes well before it.
  await page.getByTestId('train-games').fill('8000');
  await page.getByTestId('train-eval_every').fill('4000');
  await page.getByTestId('train-eval_games').fill('10');
  await page.getByTestId('train-seed').fill('3');
  await page.getByTestId('train-snapshots').fill('100; 6k');
  // Paused by the page as soon as it has played its first 100 games (a look
  // of the test for the stored snapshot could come, on a busy machine, after
  // all 8,000); the snapshot is stored meanwhile.
  await pressWhen(page, 'data-games', /^[1-9]\d{2,}$/, 'run-pause');
  await page.getByTestId('train-start').click();
  const snaps = card(page).getByTestId('snapshot');
  await expect(card(page)).toHaveAttribute('data-status', 'paused', { timeout: 60_000 });
  await expect(snaps).toHaveCount(1, { timeout: 60_000 });
  await expect(card(page)).toHaveAttribute('data-checkpoint', /\d+/);
  const pausedAt = Number(await card(page).getAttribute('data-checkpoint'));
  expect(pausedAt).toBeGreaterThanOrEqual(100);
  expect(pausedAt).toBeLessThan(6000);
  const firstId = (await snaps.first().getAttribute('data-id'))!;
  const before = (await stored(page, firstId)).meta;
  expect(before.gamesTrained).toBe(100);

  await page.reload();
  await page.getByTestId('resume-run').click();
  await expect(card(page)).toHaveAttribute('data-status', 'finished', { timeout: 120_000 });
  // Both snapshots, listed again from the library, the first one untouched since it was taken.
  await expect(snaps).toHaveCount(2);
  await expect(snaps.nth(1)).toHaveAttribute('data-games', '6000');
  expect((await stored(page, firstId)).meta).toEqual(before);
  const ids = await libraryIds(page);
  expect(ids.filter((id) => id.includes('-after-')).sort()).toEqual([firstId, (await snaps.nth(1).getAttribute('data-id'))!].sort());
  expect(errors).toEqual([]);
});

test('a snapshot that cannot be stored is told in words and the run goes on to its end', async ({ page }) => {
  test.setTimeout(60_000);
  const errors = watchErrors(page);
  await page.goto('/#/connect4?tab=train&delay=0');
  await page.getByTestId('train-total_games').fill('3000');
  await page.getByTestId('train-perfect_sample').fill('0');
  await page.getByTestId('train-snapshots').fill('500');
  // From now on the browser refuses every write as over quota.
  await page.evaluate(() => {
    const refuse = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    IDBObjectStore.prototype.put = refuse as never;
    IDBObjectStore.prototype.add = refuse as never;
  });
  await page.getByTestId('train-start').click();
  await expect(card(page).getByTestId('snapshot-note')).toContainText('The snapshot after 500 games could not be stored', { timeout: 60_000 });
  await expect(card(page).getByTestId('snapshot-note')).toContainText('The run goes on.');
  await expect(card(page)).toHaveAttribute('data-games', '3000', { timeout: 60_000 });
  await expect(card(page)).toHaveAttribute('data-status', 'finished');
  await expect(card(page).getByTestId('snapshot')).toHaveCount(0);
  expect(errors).toEqual([]);
});

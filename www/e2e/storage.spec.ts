import { readFileSync, writeFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { pressWhen, watchErrors } from './helpers';

// The library across versions and tabs: a database written by the first
// schema version opens after the upgrade with everything in it; a run that
// trains in one tab is not offered in another until that tab lets go of it;
// a run that finishes while storage is full keeps its checkpoint.

interface Fixture {
  version: number;
  modelMeta: Record<string, unknown>[];
  modelData: { id: string; bytes: string }[];
  checkpoints: (Record<string, unknown> & { bytes: string })[];
}
const fixture = JSON.parse(readFileSync(new URL('./fixtures/library-v1.json', import.meta.url), 'utf8')) as Fixture;

/** Fills IndexedDB "selfplay" as schema version 1 did, from a page of the same origin that is not the app. */
async function fillVersion1(page: Page): Promise<void> {
  await page.route('**/blank-for-fixture.html', (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>fixture</title>' }));
  await page.goto('/blank-for-fixture.html');
  await page.evaluate(async (fx: Fixture) => {
    const bytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('selfplay', fx.version);
      req.onupgradeneeded = () => {
        const d = req.result;
        d.createObjectStore('modelMeta', { keyPath: 'id' }).createIndex('byGame', 'game');
        d.createObjectStore('modelData', { keyPath: 'id' });
        d.createObjectStore('checkpoints', { keyPath: 'runId' });
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const tx = db.transaction(['modelMeta', 'modelData', 'checkpoints'], 'readwrite');
    for (const m of fx.modelMeta) tx.objectStore('modelMeta').put(m);
    for (const d of fx.modelData) tx.objectStore('modelData').put({ id: d.id, bytes: bytes(d.bytes) });
    for (const c of fx.checkpoints) tx.objectStore('checkpoints').put({ ...c, bytes: bytes(c.bytes) });
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, fixture);
}

test('a library written by the first version: after the upgrade its model plays, renames and its run is offered', async ({ page }) => {
  const errors = watchErrors(page);
  await fillVersion1(page);
  await page.goto('/#/hare_hounds?first=human&second=simple&seed=1&delay=0');
  await page.getByRole('tab', { name: 'Models' }).click();
  const model = page.getByTestId('model');
  await expect(model).toHaveCount(1);
  await expect(model.getByTestId('model-name')).toHaveText('Hounds from the first library');
  // Renamed in one step, and kept.
  await model.getByTestId('model-rename').click();
  await page.getByTestId('model-rename-input').fill('Old hounds');
  await page.getByTestId('model-rename-input').press('Enter');
  await expect(model.getByTestId('model-name')).toHaveText('Old hounds');
  // Its checkpoint is offered in the Train tab (listed through the index the upgrade added).
  await page.getByRole('tab', { name: 'Train' }).click();
  const offer = page.getByTestId('resume-offer');
  await expect(offer).toHaveCount(1);
  await expect(offer).toContainText('Run from the first library: 2,000 of 4,000 games');
  // The database is at the page's version now, with the new index.
  const after = await page.evaluate(
    () =>
      new Promise<{ version: number; indexes: string[] }>((resolve) => {
        const req = indexedDB.open('selfplay');
        req.onsuccess = () => {
          const db = req.result;
          const indexes = [...db.transaction('checkpoints').objectStore('checkpoints').indexNames];
          resolve({ version: db.version, indexes });
          db.close();
        };
      }),
  );
  expect(after).toEqual({ version: 3, indexes: ['byGame'] });
  await page.reload();
  await page.getByRole('tab', { name: 'Models' }).click();
  await expect(model.getByTestId('model-name')).toHaveText('Old hounds');
  expect(errors).toEqual([]);
});

test('two tabs: a run training in one is shown as training elsewhere in the other, and offered once it stops', async ({ page, context }) => {
  const errors = watchErrors(page);
  // A long run, so that it is still training when the other tab looks.
  await page.goto('/#/othello?tab=train&checkpointMs=200');
  await page.getByTestId('train-games').fill('10000000');
  await page.getByTestId('train-eval_every').fill('1000000');
  await page.getByTestId('train-eval_games').fill('10');
  await page.getByTestId('train-start').click();
  const run = page.getByTestId('run');
  // Its worker starts first (the engine's module fetched and compiled): on a busy machine more than 5 s.
  await expect(run).toHaveAttribute('data-status', 'running', { timeout: 30_000 });
  // As shown ("Checkpoint" is explained in a box that opens on it).
  await expect(page.getByTestId('run-note')).toContainText('Checkpoint saved', { timeout: 30_000, useInnerText: true });
  await expect(page.getByTestId('run-note').locator('.term')).toHaveAttribute('title', /copy of a run’s learning/);

  const other = await context.newPage();
  const otherErrors = watchErrors(other);
  await other.goto('/#/othello?first=human&second=human&seed=1');
  await other.getByRole('tab', { name: 'Train' }).click();
  await expect(other.getByTestId('run-elsewhere')).toHaveCount(1);
  await expect(other.getByTestId('run-elsewhere')).toContainText('training in another tab');
  await expect(other.getByTestId('resume-list')).toHaveAttribute('data-loaded', 'true');
  await expect(other.getByTestId('resume-offer').filter({ has: other.getByTestId('resume-run') })).toHaveCount(0);

  // The first tab stops it: the other tab is told and offers it now.
  await page.getByTestId('run-stop').click();
  await expect(run).toHaveAttribute('data-status', 'stopped');
  await expect(other.getByTestId('resume-run')).toHaveCount(1, { timeout: 10_000 });
  await expect(other.getByTestId('run-elsewhere')).toHaveCount(0);
  expect(errors).toEqual([]);
  expect(otherErrors).toEqual([]);
});

test('a run that finishes while storage is full keeps its checkpoint and says so', async ({ page }) => {
  const errors = watchErrors(page);
  // Every write of a model to the library is refused as over quota; checkpoints still go in.
  await page.addInitScript(() => {
    // Kept unbound on purpose: the wrapper below calls it on the store it is given.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'modelMeta' || this.name === 'modelData') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    } as never;
  });
  await page.goto('/#/othello?tab=train&checkpointMs=200');
  await page.getByTestId('train-games').fill('4000');
  await page.getByTestId('train-eval_every').fill('1000');
  await page.getByTestId('train-eval_games').fill('10');
  await page.getByTestId('train-start').click();
  const run = page.getByTestId('run');
  await expect(run).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  const note = page.getByTestId('run-note');
  await expect(note).toContainText('not stored');
  await expect(note).toContainText('last checkpoint');
  await expect(page.locator('.notice-error').last()).toContainText('storage for this page is full');
  // The run is not lost: after a reload its checkpoint is offered.
  await page.reload();
  await page.getByRole('tab', { name: 'Train' }).click();
  await expect(page.getByTestId('resume-offer')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('a newer version opened in another tab: this tab lets go of the library at once and says so', async ({ page, context }) => {
  const errors = watchErrors(page);
  await page.goto('/#/othello?tab=models');
  await expect(page.getByRole('tab', { name: 'Models' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('models-status')).toHaveCount(1);
  // Another tab asks for the next schema version, as a newer page would.
  const newer = await context.newPage();
  await newer.route('**/blank-for-upgrade.html', (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>newer</title>' }));
  await newer.goto('/blank-for-upgrade.html');
  const outcome = await newer.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const req = indexedDB.open('selfplay', 99);
        req.onblocked = () => resolve('blocked');
        req.onsuccess = () => {
          req.result.close();
          resolve('opened');
        };
        req.onerror = () => resolve(`error: ${req.error?.message}`);
      }),
  );
  // Not blocked: the old tab closed its connection.
  expect(outcome).toBe('opened');
  await expect(page.getByRole('alert').filter({ hasText: 'A newer version of this page was opened in another tab' })).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('a model deleted from the library while its run is under way is not brought back when the run ends', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/othello?tab=train');
  await page.getByTestId('train-games').fill('10000');
  await page.getByTestId('train-eval_every').fill('0');
  // Paused while its model is saved and deleted, so that it cannot end first;
  // it is still the same unfinished run. Pressed by the page at its first
  // games (after a look of the test, all 10,000 could be over on a busy machine).
  await pressWhen(page, 'data-games', /^[1-9]\d*$/, 'run-pause');
  await page.getByTestId('train-start').click();
  const run = page.getByTestId('run').first();
  await expect(run).toHaveAttribute('data-status', 'paused', { timeout: 60_000 });
  await run.getByTestId('run-save').click();
  await expect(run.getByTestId('run-note')).toContainText('Saved to the library');
  await page.getByRole('tab', { name: 'Models' }).click();
  const models = page.getByTestId('model');
  await expect(models).toHaveCount(1);
  await models.first().getByTestId('model-delete').click();
  await expect(models).toHaveCount(0);
  await page.getByRole('tab', { name: 'Train' }).click();
  // Resumed, it trains to its end.
  await run.getByTestId('run-pause').click();
  await expect(run).toHaveAttribute('data-status', /running|finished/);
  await expect(run).toHaveAttribute('data-status', 'finished', { timeout: 120_000 });
  await expect(run.getByTestId('run-note')).toContainText('deleted from the library while it trained');
  await page.getByRole('tab', { name: 'Models' }).click();
  await expect(page.getByTestId('models-status')).toHaveCount(1);
  await expect(models).toHaveCount(0);
  // Save stores it again, on purpose.
  await page.getByRole('tab', { name: 'Train' }).click();
  await run.getByTestId('run-save').click();
  await page.getByRole('tab', { name: 'Models' }).click();
  await expect(models).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('a real quota failure, reported when the transaction commits, stores nothing and says storage is full', async ({ page }, testInfo) => {
  const errors = watchErrors(page);
  // Every transaction's abort is noted with its error: a quota failure
  // arrives that way (at commit), not as a write that throws at once.
  await page.addInitScript(() => {
    const w = window as unknown as { __aborts: string[] };
    w.__aborts = [];
    // Kept unbound on purpose: the wrapper below calls it on the database it is given.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const transaction = IDBDatabase.prototype.transaction;
    IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
      const tx = transaction.apply(this, args);
      tx.addEventListener('abort', () => w.__aborts.push(tx.error?.name ?? 'no error'));
      return tx;
    } as never;
  });
  const file = testInfo.outputPath('hounds.selfplay');
  writeFileSync(file, Buffer.from(fixture.modelData[0].bytes, 'base64'));
  await page.goto('/#/hare_hounds?tab=models');
  await expect(page.getByTestId('models-status')).toHaveCount(1);
  await expect(page.getByTestId('model')).toHaveCount(0);
  // The origin's quota is what it uses now and 4 KB more; the model file is 45 KB.
  const cdp = await page.context().newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: usage + 4096 });
  await page.getByTestId('model-import').setInputFiles(file);
  // Said once, beside the drop zone.
  await expect(page.getByTestId('models-status')).toContainText('hounds.selfplay was not imported');
  await expect(page.getByTestId('models-status')).toContainText('storage for this page is full');
  await expect(page.locator('.notice-error')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __aborts: string[] }).__aborts)).toEqual(['QuotaExceededError']);
  await expect(page.getByTestId('model')).toHaveCount(0);
  // Nothing of it was stored: not after a reload either, with the quota back.
  await cdp.send('Storage.overrideQuotaForOrigin', { origin });
  await page.reload();
  await expect(page.getByTestId('models-status')).toHaveCount(1);
  await expect(page.getByTestId('model')).toHaveCount(0);
  expect(await libraryCount(page)).toEqual({ modelMeta: 0, modelData: 0 });
  // The same file goes in once there is room.
  await page.getByTestId('model-import').setInputFiles(file);
  await expect(page.getByTestId('model')).toHaveCount(1);
  expect(await libraryCount(page)).toEqual({ modelMeta: 1, modelData: 1 });
  expect(errors).toEqual([]);
});

/** What `logTransactions` saw: every transaction by its number, and every request on a store. */
interface IdbLog {
  tx: { stores: string[]; mode: IDBTransactionMode }[];
  req: { tx: number; store: string; op: string; key: string }[];
}

/** Logs, from an init script, every IndexedDB transaction the page opens (its stores and mode) and every get, put, add and delete on a store (the record's key, the transaction's number), in `window.__idbLog`. */
function logTransactions(): void {
  const log: IdbLog = { tx: [], req: [] };
  (window as unknown as { __idbLog: IdbLog }).__idbLog = log;
  const number = new WeakMap<IDBTransaction, number>();
  const db = IDBDatabase.prototype;
  const store = IDBObjectStore.prototype as unknown as Record<string, (...a: unknown[]) => IDBRequest>;
  // Kept unbound on purpose: the wrappers call it on the database they are given.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const transaction = db.transaction;
  db.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
    const tx = transaction.apply(this, args);
    number.set(tx, log.tx.length);
    log.tx.push({ stores: [...tx.objectStoreNames], mode: tx.mode });
    return tx;
  } as never;
  for (const op of ['get', 'put', 'add', 'delete']) {
    const f = store[op];
    store[op] = function (this: IDBObjectStore, ...args: unknown[]) {
      const key = op === 'put' || op === 'add' ? (args[1] ?? (args[0] as { id?: unknown }).id) : args[0];
      log.req.push({ tx: number.get(this.transaction) ?? -1, store: this.name, op, key: String(key) });
      return f.apply(this, args);
    };
  }
}

test('rename is one transaction: a failure after the new name is written leaves the old name', async ({ page }) => {
  const errors = watchErrors(page);
  await fillVersion1(page);
  // The rename's transaction writes the new name, then fails before it
  // commits (as a disk error would): the write is undone with it.
  await page.addInitScript(() => {
    // Kept unbound on purpose: the wrapper below calls it on the store it is given.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      const req = put.apply(this, args);
      if (this.name === 'modelMeta' && (args[0] as { name?: string }).name === 'Never kept') {
        const tx = this.transaction;
        req.addEventListener('success', () => tx.abort());
      }
      return req;
    } as never;
  });
  await page.addInitScript(logTransactions);
  await page.goto('/#/hare_hounds?tab=models');
  const model = page.getByTestId('model');
  await expect(model).toHaveCount(1);
  await model.getByTestId('model-rename').click();
  await page.getByTestId('model-rename-input').fill('Never kept');
  await page.getByTestId('model-rename-input').press('Enter');
  await expect(page.locator('.notice-error').last()).toContainText('renaming the model failed');
  await expect(model.getByTestId('model-name')).toHaveText('Hounds from the first library');
  await page.reload();
  await expect(model).toHaveCount(1);
  await expect(model.getByTestId('model-name')).toHaveText('Hounds from the first library');
  // Stored: the one record under its old name, and no other.
  expect(await libraryCount(page)).toEqual({ modelMeta: 1, modelData: 1 });
  // Renaming works once nothing fails.
  await model.getByTestId('model-rename').click();
  await page.getByTestId('model-rename-input').fill('Kept hounds');
  const id = fixture.modelMeta[0].id;
  const from = await page.evaluate(() => (window as unknown as { __idbLog: IdbLog }).__idbLog.tx.length);
  await page.getByTestId('model-rename-input').press('Enter');
  await expect(model.getByTestId('model-name')).toHaveText('Kept hounds');
  // One transaction did the whole rename, and it was the only one that
  // could write: it read the record and wrote it back renamed. (A new name
  // written in one transaction and the rest in another could be cut in
  // two; a read in one and the write in another could bring back a model
  // deleted in between.)
  const log = await page.evaluate(() => (window as unknown as { __idbLog: IdbLog }).__idbLog);
  const writing = log.tx.flatMap((t, i) => (i >= from && t.mode !== 'readonly' ? [{ ...t, i }] : []));
  expect(writing.map((t) => [t.stores, t.mode])).toEqual([[['modelMeta'], 'readwrite']]);
  expect(log.req.filter((r) => r.tx === writing[0].i).map((r) => [r.op, r.store, r.key])).toEqual([
    ['get', 'modelMeta', id],
    ['put', 'modelMeta', id],
  ]);
  expect(errors).toEqual([]);
});

/** How many records the library's model stores hold, read from IndexedDB in the page. */
async function libraryCount(page: Page): Promise<{ modelMeta: number; modelData: number }> {
  return page.evaluate(
    () =>
      new Promise<{ modelMeta: number; modelData: number }>((resolve, reject) => {
        const open = indexedDB.open('selfplay');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['modelMeta', 'modelData']);
          const meta = tx.objectStore('modelMeta').count();
          const data = tx.objectStore('modelData').count();
          tx.oncomplete = () => {
            open.result.close();
            resolve({ modelMeta: meta.result, modelData: data.result });
          };
        };
      }),
  );
}

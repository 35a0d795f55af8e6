// End-to-end: the page starts fast and never freezes while it starts. The
// browser's trace of the page's own thread records every task it runs, with
// its wall time and its thread time (the processor time the page's code
// used); the page marks the moment its first board (or, on the landing view,
// its list of games) is drawn, and `started` when its start is over. The
// trace runs until then and until the page's thread is idle.
//
// A long task is one over 50 ms, during which the page cannot answer a click.
// The check is on thread time: on a machine with few cores the page's thread
// shares them with the workers compiling the engine's wasm, with the browser
// and with the test runner, and a 20 ms task of the page can take 100 ms of
// wall time there (wall times are printed for reference). A page whose own
// start holds its thread for over 50 ms fails on any machine.

import { expect, test, type Browser, type Page } from '@playwright/test';
import { pageTasks, type TraceEvent, watchErrors } from './helpers';

interface Start {
  /** Thread times of the page's tasks over 50 ms. */
  longTasks: number[];
  /** The longest task: thread time and wall time, ms. */
  longest: { thread: number; wall: number };
  mark: number;
}

/**
 * Waits until the page's start is over: it has marked `started` (the first
 * view drawn and the tab shown built), and then its thread has had two
 * whole idle periods in a row (requestIdleCallback with the full 50 ms
 * left: nothing queued on the thread, no frame due).
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('started', 'mark').length > 0, null, { timeout: 30_000 });
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let quiet = 0;
        const check = (d: IdleDeadline) => {
          quiet = d.timeRemaining() >= 49 ? quiet + 1 : 0;
          if (quiet >= 2) resolve();
          else requestIdleCallback(check);
        };
        requestIdleCallback(check);
      }),
  );
}

/** Opens `path` with the page's thread traced until its start is over (and, with `busyMs`, a task of that long after it). */
async function start(browser: Browser, page: Page, path: string, name: string, busyMs = 0): Promise<Start> {
  await browser.startTracing(page, { categories: ['toplevel'] });
  await page.goto(path);
  await page.waitForFunction((n) => performance.getEntriesByName(n, 'mark').length > 0, name, { timeout: 30_000 });
  if (busyMs > 0) {
    await page.evaluate((ms) => {
      const t = performance.now();
      while (performance.now() - t < ms);
    }, busyMs);
  }
  await settled(page);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  const tasks = pageTasks(trace.traceEvents);
  expect(tasks.length, 'the trace holds the page’s tasks').toBeGreaterThan(20);
  const ms = (us: number) => Math.round(us / 1000);
  const longest = tasks.reduce((a, t) => (t.tdur > a.tdur ? t : a), tasks[0]);
  return {
    longTasks: tasks.filter((t) => t.tdur > 50_000).map((t) => ms(t.tdur)),
    longest: { thread: ms(longest.tdur), wall: ms(longest.dur) },
    mark: await page.evaluate((n) => Math.round(performance.getEntriesByName(n, 'mark')[0].startTime), name),
  };
}

const VIEWS = [
  ['the landing view', '/#/', 'first-view'],
  ['a game (Othello)', '/#/othello', 'first-board'],
  ['a game’s Train tab', '/#/othello?tab=train', 'first-board'],
] as const;

// The first page a freshly launched browser opens has shown a task of 65 to
// 75 ms evaluating its first script, in about one launch of two; later
// loads, in fresh contexts, take 2 to 16 ms. That is the browser starting,
// not the page: a blank page with a one-line script, opened first, takes it
// (then no load of the page had a task over 30 ms in four launches).
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route('**/blank-for-warm-up.html', (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title><script>1</script>' }));
  await page.goto('/blank-for-warm-up.html');
  await context.close();
});

// Thread time is stretched too when the machine is crowded: in one full run
// on two shared cores, one start of the Train tab had a 94 ms task (210 ms
// wall) where its other starts took 2 to 16 ms. A start is traced up to three
// times, each in a fresh context, and one start without a long task passes;
// a page whose own start holds its thread for over 50 ms fails all three.
const START_TRIES = 3;

for (const [what, path, mark] of VIEWS) {
  test(`${what}: no long task on the page’s thread while it starts (one of ${START_TRIES} starts)`, { tag: '@timing' }, async ({ browser }) => {
    const seen: number[][] = [];
    for (let i = 0; i < START_TRIES && !seen.some((l) => l.length === 0); i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors = watchErrors(page);
      const s = await start(browser, page, path, mark);
      console.log(`${what}: ${mark} at ${s.mark} ms; longest task ${s.longest.thread} ms of thread time (${s.longest.wall} ms wall)`);
      seen.push(s.longTasks);
      expect(errors).toEqual([]);
      await context.close();
    }
    expect(seen.at(-1), `tasks over 50 ms of the page’s thread time while it starts, in each of ${seen.length} starts: ${JSON.stringify(seen)}`).toEqual([]);
  });
}

// The time to the first view is wall time, which another process on a busy
// machine stretches: each view is loaded up to three times, each in a fresh
// browser context (nothing cached), and one load within 2 s passes. A page
// that takes over 2 s on an idle machine fails all three.
test.describe('wall time', { tag: '@timing' }, () => {
  const TRIES = 3;
  for (const [what, path, mark] of VIEWS) {
    test(`${what}: drawn within 2 s in one of ${TRIES} loads`, async ({ browser }) => {
      const times: number[] = [];
      for (let i = 0; i < TRIES && !times.some((t) => t < 2000); i++) {
        const context = await browser.newContext();
        const page = await context.newPage();
        const errors = watchErrors(page);
        await page.goto(path);
        await page.waitForFunction((n) => performance.getEntriesByName(n, 'mark').length > 0, mark, { timeout: 30_000 });
        times.push(await page.evaluate((n) => Math.round(performance.getEntriesByName(n, 'mark')[0].startTime), mark));
        expect(errors).toEqual([]);
        await context.close();
      }
      console.log(`${what}: ${mark} at ${times.join(', ')} ms`);
      expect(Math.min(...times), `the fastest of ${times.length} loads, ms`).toBeLessThan(2000);
    });
  }
});

test('the check sees a task that holds the page’s thread', async ({ browser, page }) => {
  // The same measurement, with a script that runs for 600 ms of wall time on
  // the page after its start: over 50 ms of that is the thread's own time
  // unless other processes leave the page's thread under a twelfth of a core,
  // and the check counts a long task (on a crowded machine it may count
  // another one of the start as well).
  const s = await start(browser, page, '/#/', 'first-view', 600);
  console.log(`the check: tasks over 50 ms ${JSON.stringify(s.longTasks)}`);
  expect(s.longTasks.length).toBeGreaterThanOrEqual(1);
  expect(Math.max(...s.longTasks)).toBeLessThanOrEqual(610);
});

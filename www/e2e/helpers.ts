// Helpers shared by the end-to-end tests.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';

/** The CLI that `cargo test` builds (target/debug/selfplay), or the one named by SELFPLAY_CLI. */
export const cli = process.env.SELFPLAY_CLI ?? fileURLToPath(new URL('../../target/debug/selfplay', import.meta.url));

/** Runs the CLI with `args`; its standard output. */
export function selfplay(...args: string[]): string {
  if (!existsSync(cli)) throw new Error(`the selfplay CLI is not built at ${cli}: run cargo test (or set SELFPLAY_CLI)`);
  return execFileSync(cli, args, { encoding: 'utf8', timeout: 120_000 });
}

/** Fails the test on any console error or uncaught exception of the page. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return errors;
}

/**
 * Page coordinates of a square's centre ("f5"), from the board's geometry;
 * on a board seen from the other side, where that square is drawn (turned
 * half round, or columns mirrored).
 */
export async function squarePoint(page: Page, square: string): Promise<{ x: number; y: number }> {
  const c = page.locator('canvas.board-canvas');
  // A board still being shown (a tab switching, a game view opening) is waited for.
  await c.waitFor({ state: 'visible' });
  const box = await c.boundingBox();
  if (!box) throw new Error('the board is not visible');
  const [ox, oy, cell, rows, cols] = await Promise.all(
    ['data-origin-x', 'data-origin-y', 'data-cell', 'data-rows', 'data-cols'].map(async (a) => Number(await c.getAttribute(a))),
  );
  let col = square.charCodeAt(0) - 97;
  let row = Number(square.slice(1)) - 1;
  if ((await c.getAttribute('data-flipped')) === 'true') {
    col = cols - 1 - col;
    if ((await c.getAttribute('data-flip')) !== 'mirror') row = rows - 1 - row;
  }
  return { x: box.x + ox + (col + 0.5) * cell, y: box.y + oy + (row + 0.5) * cell };
}

/**
 * Clicks a square of the board once the game takes moves: the board is laid
 * out and still (Playwright waits for two equal frames and checks that
 * nothing covers the point), and the play panel has no request in flight.
 */
export async function clickSquare(page: Page, square: string): Promise<void> {
  await page.waitForFunction(() => document.querySelector('.play')?.getAttribute('data-busy') === 'false');
  const c = page.locator('canvas.board-canvas');
  const p = await squarePoint(page, square);
  const box = (await c.boundingBox())!;
  await c.click({ position: { x: p.x - box.x, y: p.y - box.y } });
}

/**
 * Taps a square of the board with a finger (a touch screen's tap, not a
 * mouse click) once the game takes moves, as `clickSquare` waits.
 */
export async function tapSquare(page: Page, square: string): Promise<void> {
  await page.waitForFunction(() => document.querySelector('.play')?.getAttribute('data-busy') === 'false');
  const p = await squarePoint(page, square);
  await page.touchscreen.tap(p.x, p.y);
}

/**
 * Holds every request matching `url` until the returned function is called:
 * the page reaches a state (a move made, a watch begun) before what those
 * requests bring (the engine, a chart's code) has come.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let letGo = () => {};
  const held = new Promise<void>((resolve) => (letGo = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return letGo;
}

/**
 * Holds a restarted engine worker until the returned function is called:
 * its script's request waits, so the page's replay of the game into it is
 * still going when the test acts, however fast or slow the machine. (The
 * page hands a restarted worker its compiled module: holding the module's
 * download would hold nothing.)
 */
export function holdEngineRestart(page: Page): Promise<() => void> {
  return holdWorkerScripts(page, '**/engine.worker*');
}

/**
 * Holds the scripts of workers that start from now on (a worker's request
 * is the context's, not the page's) whose address matches `url`, until the
 * returned function is called.
 */
export async function holdWorkerScripts(page: Page, url: string): Promise<() => void> {
  let letGo = () => {};
  const held = new Promise<void>((resolve) => (letGo = resolve));
  await page.context().route(url, async (route) => {
    await held;
    await route.continue();
  });
  return letGo;
}

/**
 * Records every value a run card's games count takes from now on; returns a
 * function that reads them. A resumed run never shows fewer games than its
 * checkpoint; a run restarted from the beginning would show 0.
 */
export async function recordGames(card: Locator): Promise<() => Promise<number[]>> {
  await card.evaluate((el) => {
    const w = window as unknown as { __games: number[] };
    w.__games = [];
    new MutationObserver(() => w.__games.push(Number((el as HTMLElement).dataset.games))).observe(el, {
      attributes: true,
      attributeFilter: ['data-games'],
    });
  });
  return () => card.page().evaluate(() => (window as unknown as { __games: number[] }).__games);
}

/** An event of a Chromium trace (`browser.startTracing`). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** The tasks (µs of wall and thread time) of the busiest renderer main thread of a trace: the page's. */
export function pageTasks(events: TraceEvent[]): { dur: number; tdur: number }[] {
  // A task of the thread's scheduler; older builds name it "RunTask".
  const task = events.some((e) => e.name === 'ThreadControllerImpl::RunTask') ? 'ThreadControllerImpl::RunTask' : 'RunTask';
  const main = new Set(
    events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, { dur: number; tdur: number }[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name !== task || e.ph !== 'X' || !main.has(key) || e.dur === undefined || e.tdur === undefined) continue;
    // A thread cannot spend more processor time than wall time on a task: a
    // reading that says so (seen once on a loaded virtual machine: 102 ms of
    // thread time in 76 ms) is a fault of the thread's clock, not the page's
    // work, and is left out. 1 ms is left for the two clocks' rounding.
    if (e.tdur > e.dur + 1000) continue;
    const list = byThread.get(key) ?? [];
    list.push({ dur: e.dur, tdur: e.tdur });
    byThread.set(key, list);
  }
  const total = (l: { dur: number }[]) => l.reduce((s, t) => s + t.dur, 0);
  const threads = [...byThread.values()].sort((a, b) => total(b) - total(a));
  return threads[0] ?? [];
}

/**
 * Fills the Train tab's form (selects first: `kind`, `preset`; then the
 * fields by id, as `train-<id>`) and presses Start; the first run card.
 */
export async function startTraining(page: Page, selects: { kind?: string; preset?: string }, fields: Record<string, string | number>): Promise<Locator> {
  if (selects.kind !== undefined) await page.getByTestId('train-kind').selectOption(selects.kind);
  if (selects.preset !== undefined) await choosePreset(page, selects.preset);
  for (const [id, v] of Object.entries(fields)) await page.getByTestId(`train-${id}`).fill(String(v));
  await page.getByTestId('train-start').click();
  return page.getByTestId('run').first();
}

/** What a watched run shows at one moment (see `watchedLook`). */
export interface WatchedLook {
  game: string;
  ply: string;
  heat: string;
  cursor: string;
  sentence: string;
}

/**
 * The watched game as the page shows it at one moment — the strip's game
 * and ply, the board's heat map and move count, the sentence — read in one
 * task of the page, once a look satisfies `ready` (say, a heat map drawn).
 * A watched game moves on every 0.1 to 1.2 s: a state that one check saw
 * may be gone by the next, so the parts are never read one check at a time.
 */
export async function watchedLook(page: Page, ready: (look: WatchedLook) => boolean, timeout = 30_000): Promise<WatchedLook> {
  let seen: WatchedLook | null = null;
  await expect
    .poll(
      async () => {
        const look = await page.evaluate(() => {
          const s = document.querySelector<HTMLElement>('[data-testid="watch-strip"]');
          const c = document.querySelector<HTMLElement>('canvas.board-canvas');
          return {
            game: s?.dataset.game ?? '',
            ply: s?.dataset.ply ?? '',
            heat: c?.dataset.heat ?? '',
            cursor: c?.dataset.cursor ?? '',
            sentence: document.querySelector('[data-testid="watch-sentence"]')?.textContent ?? '',
          };
        });
        if (look.game === '' || !ready(look)) return false;
        seen = look;
        return true;
      },
      { timeout, intervals: [50] },
    )
    .toBe(true);
  return seen!;
}

/**
 * Presses a run card's Stop if its run is still going, in one task of the
 * page: a run that ends between a look at its status and a click has no Stop
 * to press (the button is disabled), and a click would wait for it forever.
 */
export async function stopIfGoing(card: Locator): Promise<void> {
  await card.getByTestId('run-stop').evaluate((b) => {
    if (!(b as HTMLButtonElement).disabled) (b as HTMLButtonElement).click();
  });
  await expect(card).not.toHaveAttribute('data-status', /^(running|paused)$/);
}

/**
 * Presses the first run card's button (`run-stop`, `run-pause`) from inside
 * the page at the moment the card's attribute `attr` first matches `when`:
 * a run that must still be training when it is pressed is pressed then, not
 * a look of the test later, by which time a short run on a busy machine may
 * have ended. Call it before Start (a card made, or changed, afterwards is
 * watched); then wait for the status the press leads to.
 */
export async function pressWhen(page: Page, attr: string, when: RegExp, button: 'run-stop' | 'run-pause'): Promise<void> {
  await page.evaluate(
    ([attr, source, flags, button]) => {
      const re = new RegExp(source, flags);
      const press = () => {
        const card = document.querySelector<HTMLElement>('[data-testid="run"]');
        if (!card || !re.test(card.getAttribute(attr) ?? '')) return false;
        card.querySelector<HTMLButtonElement>(`[data-testid="${button}"]`)!.click();
        return true;
      };
      if (press()) return;
      const seen = new MutationObserver(() => {
        if (press()) seen.disconnect();
      });
      seen.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: [attr] });
    },
    [attr, when.source, when.flags, button] as const,
  );
}

/**
 * Chooses a preset in the Train tab and waits until the form shows it (its
 * Start buttons are disabled while the preset is read from the engine): a
 * field filled before then could be overwritten, or added to, by the preset.
 */
export async function choosePreset(page: Page, preset: string | { index: number }): Promise<void> {
  await page.getByTestId('train-preset').selectOption(preset);
  await expect(page.getByTestId('train-start')).toBeEnabled();
}

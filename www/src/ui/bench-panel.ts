// "How fast is this browser?": learning games per second of the game's first
// kind of run, with its default settings and fixed seeds (runs back to back
// when one ends early), trained in one worker and then in N workers at once (N: the cores the browser reports,
// at most the pool's size), each for a few seconds; and the speed-up. The
// runs go to a pool of run workers of its own (the same workers as any
// run), never to the page's thread; nothing is checkpointed or saved, and
// the workers are ended after the measurement.

import { el } from '../core/dom';
import { messageOf } from '../core/notices';
import { poolSize, RunPool, type RunListener } from '../core/pool';
import type { GameInfo, RunNews } from '../core/protocol';
import { setPath, type Settings } from './fields';
import { boundedParam } from './address';

/** How long each measurement trains: 3 s, or `?benchMs=` (300 ms to 10 s) for tests. */
function benchMs(): number {
  return boundedParam(location.hash, 'benchMs', 300, 10_000, 3_000);
}

/**
 * One worker's share of a measurement: its runs back to back (a short run
 * that ends is followed by the next seed) from its first report until the
 * time is up. The clock starts at the first report, so the worker's start
 * (loading the engine) is not counted.
 */
interface Lane {
  /** Time of the first report, or null. */
  start: number | null;
  /** Time of the last report. */
  last: number;
  /** Games counted in runs that ended. */
  counted: number;
  /** Games of the current run at which counting began, and now. */
  base: number;
  games: number;
  /** The current run's id, or null between runs. */
  run: string | null;
  /** No new run is started. */
  stopped: boolean;
  failed: string | null;
  seeds: number;
}

/** Games per second of a lane. */
function rateOf(l: Lane): number {
  if (l.start === null || l.last <= l.start) return 0;
  return ((l.counted + l.games - l.base) * 1000) / (l.last - l.start);
}

const perSecond = (r: number) => `${Math.round(r).toLocaleString('en-US')} games/s`;

class Cancelled extends Error {}

export class BenchPanel {
  readonly element: HTMLElement;
  private readonly startButton = el('button', { type: 'button', className: 'primary', 'data-testid': 'bench-start' }, 'Measure');
  private readonly cancelButton = el('button', { type: 'button', 'data-testid': 'bench-cancel', hidden: true }, 'Cancel');
  private readonly bar = el('progress', { max: 1, value: 0, hidden: true, 'aria-label': 'Measurement progress' });
  private readonly status = el('p', { className: 'bench-status', 'data-testid': 'bench-status', 'aria-live': 'polite' });
  private readonly result = el('dl', { className: 'bench-result', 'data-testid': 'bench-result', hidden: true });
  private pool: RunPool | null = null;
  private cancelled = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private wake: (() => void) | null = null;
  private runs = 0;

  constructor(private readonly info: GameInfo) {
    const kind = info.runs[0];
    const workers = poolSize();
    this.startButton.addEventListener('click', () => void this.measure());
    this.cancelButton.addEventListener('click', () => this.cancel());
    const seconds = benchMs() / 1000;
    this.element = el(
      'details',
      { className: 'bench', 'data-testid': 'bench' },
      el('summary', {}, 'How fast is this browser?'),
      el(
        'p',
        {},
        `Trains “${kind.title}” with its default settings for ${seconds} s in one background worker, then in ${workers} workers at once ` +
          `(one per core this browser reports${workers === 8 ? ', at most 8' : ''}), and shows the learning games per second. Nothing is saved.`,
      ),
      el('div', { className: 'controls' }, this.startButton, this.cancelButton),
      this.bar,
      this.status,
      this.result,
    );
  }

  private cancel(): void {
    this.cancelled = true;
    if (this.timer) clearTimeout(this.timer);
    this.wake?.();
  }

  /** Waits `ms`, or less if the measurement is cancelled. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
      this.timer = setTimeout(resolve, ms);
    });
  }

  private check(): void {
    if (this.cancelled) throw new Cancelled('cancelled');
  }

  /** Starts the lane's next run (the next seed). */
  private next(pool: RunPool, lane: Lane, index: number, n: number): void {
    const kind = this.info.runs[0];
    const config: Settings = {};
    for (const f of kind.fields) setPath(config, f.id, f.default);
    // Seeded: the same work on every visit; each run its own seed.
    if (kind.fields.some((f) => f.id === 'seed')) setPath(config, 'seed', 1 + index + n * lane.seeds++);
    const id = `bench-${++this.runs}`;
    lane.run = id;
    // A run after the first counts from its first game: the time it took to start is in the clock.
    lane.base = lane.games = 0;
    const ended = () => {
      pool.drop(id);
      if (lane.run === id) lane.run = null;
      if (!lane.stopped && !this.cancelled) this.next(pool, lane, index, n);
    };
    const listener: RunListener = {
      onNews: (news: RunNews) => {
        const now = performance.now();
        if (lane.start === null) {
          lane.start = now;
          lane.base = news.games;
        }
        lane.games = news.games;
        lane.last = now;
        if (news.done) {
          lane.counted += lane.games - lane.base;
          lane.base = lane.games = 0;
          ended();
        }
      },
      onCheckpoint: () => {},
      onSnapshot: () => {},
      onError: (message) => (lane.failed = message),
      onCrash: (reason) => (lane.failed = reason),
    };
    // No checkpoints (0) and no snapshots: the runs are thrown away.
    pool.create(id, this.info.id, kind.id, config, 0, null, listener, kind.needsLearners).then(
      (snap) => {
        if (snap.done) ended();
      },
      (e: unknown) => (lane.failed = messageOf(e)),
    );
  }

  /** Trains in `n` workers at once for the bench's time; their games per second together. */
  private async phase(pool: RunPool, n: number, label: string, done: number, of: number): Promise<number> {
    const lanes: Lane[] = [];
    for (let i = 0; i < n; i++) {
      const lane: Lane = { start: null, last: 0, counted: 0, base: 0, games: 0, run: null, stopped: false, failed: null, seeds: 0 };
      lanes.push(lane);
      this.next(pool, lane, i, n);
    }
    const ms = benchMs();
    const t0 = performance.now();
    try {
      for (;;) {
        this.check();
        const now = performance.now();
        const failed = lanes.find((l) => l.failed);
        if (failed) throw new Error(failed.failed!);
        for (const l of lanes) if (l.start !== null && now - l.start >= ms) l.stopped = true;
        const elapsed = Math.min(...lanes.map((l) => (l.start === null ? 0 : now - l.start)));
        this.bar.value = (done + Math.min(1, elapsed / ms)) / of;
        this.status.textContent = `${label}… ${(Math.min(ms, elapsed) / 1000).toFixed(1)} of ${ms / 1000} s`;
        if (lanes.every((l) => l.stopped)) break;
        if (now - t0 >= ms + 60_000) throw new Error('the workers did not report in time');
        await this.sleep(100);
      }
      return lanes.reduce((sum, l) => sum + rateOf(l), 0);
    } finally {
      for (const l of lanes) {
        l.stopped = true;
        const id = l.run;
        if (id) await pool.stop(id).catch(() => {});
        if (id) pool.drop(id);
      }
    }
  }

  async measure(): Promise<void> {
    if (this.pool) return;
    const n = poolSize();
    this.cancelled = false;
    this.startButton.disabled = true;
    this.cancelButton.hidden = false;
    this.bar.hidden = false;
    this.bar.value = 0;
    this.result.hidden = true;
    delete this.element.dataset.state;
    const pool = (this.pool = new RunPool(n));
    try {
      const one = await this.phase(pool, 1, 'Measuring one worker', 0, n > 1 ? 2 : 1);
      this.check();
      const many = n > 1 ? await this.phase(pool, n, `Measuring ${n} workers at once`, 1, 2) : one;
      this.check();
      this.show(one, many, n);
      this.status.textContent = 'Done.';
      this.element.dataset.state = 'done';
    } catch (e) {
      this.result.hidden = true;
      this.status.textContent = e instanceof Cancelled ? 'Cancelled.' : `The measurement failed: ${messageOf(e)}`;
      this.element.dataset.state = e instanceof Cancelled ? 'cancelled' : 'failed';
    } finally {
      pool.destroy();
      this.pool = null;
      this.startButton.disabled = false;
      this.cancelButton.hidden = true;
      this.bar.hidden = true;
    }
  }

  private show(one: number, many: number, n: number): void {
    const ratio = one > 0 ? many / one : 0;
    this.element.dataset.rate1 = String(one);
    this.element.dataset.rateN = String(many);
    this.element.dataset.workers = String(n);
    const row = (term: string, value: string, title: string, test: string) =>
      [el('dt', { title }, term), el('dd', { 'data-testid': test, title }, value)];
    this.result.replaceChildren(
      ...row('One worker', perSecond(one), 'Learning games per second of one run in one background worker.', 'bench-one'),
      ...(n > 1
        ? [
            ...row(`${n} workers`, perSecond(many), `Learning games per second of ${n} runs together, each in its own worker.`, 'bench-many'),
            ...row(
              'Speed-up',
              `× ${ratio.toFixed(2)}`,
              `How many times more games per second ${n} workers play than one. It stays below ${n} when the workers share cores with other programs, or memory.`,
              'bench-ratio',
            ),
          ]
        : [el('dd', {}, 'This browser reports one core, so there is nothing to compare with.')]),
    );
    this.result.hidden = false;
  }

  destroy(): void {
    this.cancel();
    this.pool?.destroy();
  }
}

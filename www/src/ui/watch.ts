// "Watch it learn": one run's training slowed to one game at a time, each
// game drawn on the game's board move by move with the learner's values of
// the legal moves as a heat map, and a sentence on what it thinks. The games
// are the run's real training games (the worker plays them as its chunks
// would have, `Run.stepWatched`), so watching changes nothing the run learns.
// The page paces it: the worker plays the next game only when the last one
// has been shown. "Back to full speed" gives the board back to the Play tab
// as it was, and the run goes back to its chunks at once.

import { signedPlaces, type Heat } from '../boards/board';
import type { BoardLoan } from '../boards/lend';
import { el } from '../core/dom';
import { messageOf, showNotice } from '../core/notices';
import type { RunPool } from '../core/pool';
import type { GameInfo, GameState, WatchedGame } from '../core/protocol';

/** Milliseconds per move: the slider's range and start. */
const SLOWEST = 1200;
const FASTEST = 100;
const START = 400;

/** What the watcher needs from the Train tab. */
export interface WatchHost {
  info: GameInfo;
  pool(): RunPool;
  /** Takes the board from the Play tab; `taken` is called if the view takes it back first. */
  lendBoard(taken: () => void): BoardLoan;
  /** The element that holds the board (the strip goes under the board). */
  boardArea: HTMLElement;
  /** Watching started or ended (the cards' buttons change). */
  changed(runId: string | null): void;
  /** A move as sentences name it ("column 4"). */
  moveWords(move: string): string;
}


export class Watcher {
  /** The strip under the board while a run is watched. */
  readonly element: HTMLElement;
  private runId: string | null = null;
  private runName = '';
  private loan: BoardLoan | null = null;
  /** Bumped at every start and stop: a loop of an older watch ends. */
  private ticket = 0;
  private wake: (() => void) | null = null;
  /** The sentence's tallest height while this run is watched (see `keepHeight`). */
  private tallest = 0;
  private readonly heading = el('h2', { className: 'watch-heading' });
  private readonly sentence = el('p', { className: 'watch-sentence', 'data-testid': 'watch-sentence', 'aria-live': 'polite' });
  private readonly speed = el('input', {
    type: 'range',
    min: String(FASTEST),
    max: String(SLOWEST),
    step: '50',
    value: String(SLOWEST + FASTEST - START),
    'data-testid': 'watch-speed',
    'aria-label': 'Speed of the shown games',
  });
  private readonly backButton = el('button', { type: 'button', className: 'primary', 'data-testid': 'watch-back' }, 'Back to full speed');

  constructor(private readonly host: WatchHost) {
    this.element = el(
      'section',
      { className: 'watch-strip', 'data-testid': 'watch-strip', hidden: true, 'aria-label': 'Watching a run learn' },
      this.heading,
      this.sentence,
      el(
        'div',
        { className: 'watch-controls' },
        el('label', { title: 'How fast the shown games move: one move every 0.1 to 1.2 seconds. The run plays its next game only when this one has been shown.' }, 'Slower ', this.speed, ' Faster'),
        this.backButton,
      ),
    );
    this.backButton.addEventListener('click', () => void this.stop());
    this.speed.addEventListener('input', () => this.wake?.());
    host.boardArea.append(this.element);
  }

  /** The run being watched, if any. */
  get watching(): string | null {
    return this.runId;
  }

  /** Milliseconds between two moves shown. */
  private get delay(): number {
    return SLOWEST + FASTEST - Number(this.speed.value);
  }

  /** Watches run `runId` ("Run 3"), ending the watching of any other. */
  async start(runId: string, runName: string): Promise<void> {
    if (this.runId !== null) await this.stop();
    const ticket = ++this.ticket;
    this.runId = runId;
    this.runName = runName;
    // The view may need the board back (a chart shown in its place): watching ends.
    this.loan = this.host.lendBoard(() => void this.stop());
    this.heading.textContent = `Watching ${runName} learn`;
    this.sentence.textContent = 'The next training game is on its way…';
    this.tallest = 0;
    this.sentence.style.minHeight = '';
    this.element.hidden = false;
    this.host.boardArea.classList.add('watching');
    this.element.dataset.run = runId;
    this.element.dataset.game = '';
    this.element.dataset.ply = '0';
    this.host.changed(runId);
    // The board and this strip where the visitor looks (on a phone the board is above the Train tab).
    this.host.boardArea.scrollIntoView({ block: 'start', behavior: 'instant' as ScrollBehavior });
    this.backButton.focus({ preventScroll: true });
    void this.loop(ticket, runId);
  }

  /** Back to full speed: the board goes back to the Play tab's game. */
  async stop(): Promise<void> {
    const runId = this.runId;
    if (runId === null) return;
    this.ticket++;
    this.runId = null;
    this.wake?.();
    this.loan?.release();
    this.loan = null;
    this.element.hidden = true;
    this.host.boardArea.classList.remove('watching');
    delete this.element.dataset.run;
    this.host.changed(null);
    await this.host.pool().endWatch(runId);
  }

  /** Waits `ms`, or less when the speed changes or watching ends. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async loop(ticket: number, runId: string): Promise<void> {
    while (ticket === this.ticket) {
      let game: WatchedGame | null;
      try {
        game = await this.host.pool().watch(runId);
      } catch (e) {
        if (ticket === this.ticket) this.end(`The run cannot be watched now: ${messageOf(e)}`);
        return;
      }
      if (ticket !== this.ticket) return;
      if (game === null) {
        this.end(`${this.runName} is not training now, so there is no game to show.`);
        return;
      }
      this.element.dataset.game = String(game.game);
      for (let ply = 0; ply < game.states.length; ply++) {
        if (ticket !== this.ticket) return;
        this.draw(game, ply);
        this.keepHeight();
        await this.pause(ply === game.states.length - 1 ? 3 * this.delay : this.delay);
      }
      if (game.done) {
        this.end(`${this.runName} has played all its games.`);
        return;
      }
    }
  }

  /**
   * The sentence, rewritten at every move, keeps the tallest height it has
   * had while this run is watched: the controls under it (the way back to
   * full speed) stay where a visitor is about to press them instead of
   * moving by a line from one move to the next.
   */
  private keepHeight(): void {
    const h = this.sentence.offsetHeight;
    if (h <= this.tallest) return;
    this.tallest = h;
    this.sentence.style.minHeight = `${h}px`;
  }

  /** Ends watching and says why. */
  private end(why: string): void {
    void this.stop().then(() => showNotice(why, 'info'));
  }

  /** Shows the position before move `ply` (after the last move at the end). */
  private draw(game: WatchedGame, ply: number): void {
    const s: GameState = game.states[ply];
    this.loan?.show(s);
    this.element.dataset.ply = String(ply);
    const d = game.decisions.find((x) => x.ply === ply);
    const sides = this.host.info.sides;
    const who = game.replayed ? 'a game of its records, which it learns from' : game.selfPlay ? 'the agent plays both sides' : `the agent plays ${sides[game.learner]}`;
    const head = `Game ${game.game.toLocaleString('en-US')} of the run, move ${Math.min(ply + 1, game.moves.length)} of ${game.moves.length}: ${who}`;
    if (s.outcome) {
      this.loan?.setHeat(null);
      this.sentence.textContent = `Game ${game.game.toLocaleString('en-US')} of the run: ${s.outcome.text}`;
      return;
    }
    // A game stopped before its end (a win a search proved), said why.
    if (ply === game.moves.length && game.ended) {
      this.loan?.setHeat(null);
      this.sentence.textContent = `Game ${game.game.toLocaleString('en-US')} of the run: ${game.ended}.`;
      return;
    }
    if (!d) {
      this.loan?.setHeat(null);
      // A record's stones are neither its own decisions nor an opponent's.
      const mover = game.replayed ? sides[s.toMove ?? 0] : `${sides[s.toMove ?? 0]} (its opponent)`;
      this.sentence.textContent = `${head}; ${mover} plays ${this.host.moveWords(game.moves[ply])}.`;
      return;
    }
    const values = new Map<number, number>();
    const cellOf = new Map(s.legal.map((m) => [m.text, m.cell]));
    for (const [text, v] of d.values) {
      const cell = cellOf.get(text);
      if (cell === null || cell === undefined) continue;
      values.set(cell, Math.max(v, values.get(cell) ?? -Infinity));
    }
    const [min, max] = game.scale ?? [Math.min(...values.values()), Math.max(...values.values())];
    const heat: Heat = { values, min, max, units: game.units, fixed: game.scale !== null };
    this.loan?.setHeat(values.size > 0 ? heat : null);
    const played = game.moves[ply];
    const value = d.values.find(([t]) => t === played)?.[1] ?? 0;
    const best = d.values.reduce((a, b) => (b[1] > a[1] ? b : a));
    const mover = game.selfPlay ? `; ${sides[s.toMove ?? 0]} to move` : '';
    // Values that are chances (from 0 to 1) read as percentages.
    const chance = game.scale !== null && game.scale[0] >= 0 && game.scale[1] <= 1;
    const worth = (v: number) => (chance ? `${Math.round(100 * v)}%` : signedPlaces(v));
    // A learner that searches too may pass over its best-valued move to avoid a loss the search found.
    const words = (move: string) => this.host.moveWords(move);
    const explore = best[1] > value ? (game.candidates ? ` — not its best-valued move, ${words(best[0])} (${worth(best[1])}): exploring, or avoiding a loss its search found` : ` — exploring: its best is ${words(best[0])} (${worth(best[1])})`) : '';
    const among = game.candidates ? ` (of the ${d.values.length} move${d.values.length === 1 ? '' : 's'} it considered)` : '';
    // A board without a heat map: every value in words.
    const all = this.loan?.heat ? '' : ` Its values: ${d.values.map(([t, v]) => `${words(t)} ${worth(v)}`).join(' · ')}.`;
    this.sentence.textContent = `${head}${mover}; it thinks ${words(played)} is worth ${worth(value)}${among} and plays it${explore}.${all}`;
    this.sentence.title = game.units;
  }

  destroy(): void {
    void this.stop();
    this.element.remove();
  }
}

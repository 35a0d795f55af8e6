// The Play tab's game against the engine: new game, moves, undo and redo,
// jumps in the record, records loaded, and the computer players' turns.
// Every computer player moves through a think request to the thinking
// worker, after a short pause so that people can follow the game; while it
// thinks the page stays usable, and New game, Undo, Redo, a jump or a change
// of player cancel the think. The controls are locked while an engine
// request is under way (New game, never locked, may start one while another
// is), and what the visitor asks for meanwhile (a move, an undo, a jump) is
// kept and done once the last of them is over. A restarted engine gets the
// record played into it again.

import type { EngineBoard } from '../../core/engine';
import { compactCount } from '../../core/charts';
import { messageOf, showNotice } from '../../core/notices';
import type { Budget, GameInfo, GameState, PlayerInfo, Progress } from '../../core/protocol';
import type { AgentRequest, Thinker } from '../../core/thinker';
import { Cancelled, WorkerDied } from '../../core/worker-client';
import { waitingText } from './missing-model';

/** How long a searching player may think about a move. */
const THINK_BUDGET: Budget = { ms: 3000 };

/** A search's progress in words: "depth 6 · 12.3k positions · note". */
export function describeProgress(p: Progress): string {
  const parts = [p.depth !== null ? `depth ${p.depth}` : '', `${compactCount(p.nodes)} positions`, p.note].filter(Boolean);
  return parts.join(' · ');
}

/** The most requests kept while the game is busy (see `Game.keep`). */
const MAX_KEPT = 16;

/** A request kept while the game was busy. */
type Kept = { kind: 'move'; move: string; position: string; cursor: number } | { kind: 'undo' } | { kind: 'redo' } | { kind: 'jump'; cursor: number };

/** What the game needs to know of who plays (`Players` gives it). */
export interface Seats {
  get(side: 0 | 1): string;
  isHuman(side: 0 | 1 | null): boolean;
  anyHuman(): boolean;
  /** The game's player of that name, if it is one. */
  player(c: string): PlayerInfo | undefined;
  agentFor(name: string): Promise<AgentRequest>;
  /** A move of that player in that position that needs no think (a ready-made model's opening), or null. */
  openingFor(name: string, position: string): string | null;
  sideLabel(side: 0 | 1): string;
  /** The sides waiting for a model the address names (they do not move). */
  missingSides(): (0 | 1)[];
}

/** Where the game is shown. */
export interface GameView {
  /** Draws a new state; `before` is the state drawn until now. */
  show(s: GameState, before: GameState | null): void;
  /** A new turn line (a computer thinking, a side waiting). */
  turn(text: string): void;
  /** The game became busy or idle, or paused, or a computer started or stopped thinking. */
  controls(): void;
}

export class Game {
  private current: GameState | null = null;
  private seedOf: number;
  /**
   * How many engine requests are under way: more than one when New game is
   * pressed during another. The game is busy until the last one is over, and
   * only then is what was kept meanwhile done.
   */
  private inFlight = 0;
  /** Counts the games begun (New game, a record loaded): a request of several steps stops when another game begins. */
  private begun = 0;
  /** The engine was restarted and the game is being played into it again. */
  private restoring = false;
  private restoreTicket = 0;
  /** Settles when the current replay into a restarted engine is over. */
  private restored: Promise<void> = Promise.resolve();
  private pausedNow = false;
  /** A move made before the first game had started (see `humanMove`). */
  private early: string | null = null;
  /**
   * What the visitor asked for while another request was under way (a move,
   * with the position it was made in; an undo, a redo, a jump in the
   * record), in the order asked: done one after another once the game is
   * free (see `keep`).
   */
  private kept: Kept[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private destroyed = false;
  /** The side whose computer player is thinking, and the ticket of its think. */
  private thinkingSide: 0 | 1 | null = null;
  private thinkTicket = 0;

  /** `delay`: the pause before a computer's move, in ms. */
  constructor(
    private readonly info: GameInfo,
    private readonly engine: EngineBoard,
    private readonly thinker: Thinker,
    private readonly seats: Seats,
    private readonly view: GameView,
    seed: number,
    private readonly delay: number,
    private readonly firstDelay = 0,
  ) {
    this.seedOf = seed;
  }

  /** The state on the board. */
  get state(): GameState | null {
    return this.current;
  }

  /** The seed of the computer players' randomness in this game. */
  get seed(): number {
    return this.seedOf;
  }

  /** A computer to move waits for Continue. */
  get paused(): boolean {
    return this.pausedNow;
  }

  /** The side whose computer player is thinking, if one is. */
  get thinking(): 0 | 1 | null {
    return this.thinkingSide;
  }

  /** True while a move, undo or redo would race another engine request. */
  locked(): boolean {
    return this.inFlight > 0 || this.restoring;
  }

  async newGame(seed: number, beforeStart?: () => void): Promise<void> {
    // What was asked of the last game is not done in this one.
    this.kept = [];
    this.begun++;
    this.cancelTimer();
    this.cancelThink();
    // A new game replaces a record still being restored.
    this.restoreTicket++;
    this.restoring = false;
    this.seedOf = seed;
    this.pausedNow = false;
    beforeStart?.();
    await this.perform(async () => {
      this.show(await this.engine.session({ kind: 'new', game: this.info.id }));
    });
    this.schedule();
    const early = this.early;
    this.early = null;
    if (early !== null) await this.humanMove(early);
  }

  /** Plays a record into a new game (a shared link, an imported record); stops at a move that is not legal. */
  async loadRecord(moves: string[], at?: number): Promise<void> {
    this.kept = [];
    const game = ++this.begun;
    this.cancelTimer();
    this.cancelThink();
    this.pausedNow = true;
    await this.perform(async () => {
      let s = await this.engine.session({ kind: 'new', game: this.info.id });
      for (const [i, m] of moves.entries()) {
        if (game !== this.begun) return;
        try {
          s = await this.engine.session({ kind: 'play', move: m });
        } catch (e) {
          showNotice(`Move ${i + 1} of the record (${m}) cannot be played here, so the game stops before it: ${messageOf(e)}`);
          break;
        }
      }
      if (game !== this.begun) return;
      if (at !== undefined && at < s.cursor) s = await this.engine.session({ kind: 'jump', cursor: Math.max(0, at) });
      this.show(s);
    });
    // A computer to move waits for Continue, so the visitor sees the position first.
    this.pauseForComputer();
    this.view.controls();
    this.schedule();
  }

  /** The whole game (undone moves too) in the game's notation, from the engine. */
  async recordText(): Promise<string> {
    while (this.restoring) await this.restored;
    return this.engine.record();
  }

  /**
   * Replaces the game by a record in the game's notation, shown at its end
   * (a computer to move waits for Continue). Rejects with the engine's
   * message, which names the first bad move, and then the game on the
   * board goes on as it was.
   */
  async importRecord(text: string): Promise<void> {
    while (this.restoring) await this.restored;
    if (this.locked()) throw new Error('the game is busy with another request; try again');
    // A new record replaces the game: nothing asked of it before is done.
    this.kept = [];
    this.begun++;
    this.cancelTimer();
    this.cancelThink();
    this.inFlight++;
    this.view.controls();
    let s: GameState;
    try {
      s = await this.engine.session({ kind: 'loadRecord', game: this.info.id, text });
    } catch (e) {
      this.inFlight--;
      // The game was not touched: a computer to move thinks again, and what was asked meanwhile is done.
      this.schedule();
      this.doKept();
      throw e;
    }
    this.inFlight--;
    this.pausedNow = s.toMove !== null && !this.seats.isHuman(s.toMove);
    this.show(s);
    this.schedule();
    this.doKept();
  }

  /** Shows the position after the first `cursor` moves of the record (a click in the move list). */
  async jumpTo(cursor: number): Promise<void> {
    if (this.locked()) return this.keep({ kind: 'jump', cursor });
    if (!this.current || cursor === this.current.cursor) return;
    this.cancelTimer();
    this.cancelThink();
    await this.perform(async () => {
      this.show(await this.engine.session({ kind: 'jump', cursor }));
    });
    this.pauseForComputer();
    this.view.controls();
    this.schedule();
  }

  /** A person's move, played if it is legal and a person is to move. */
  async humanMove(move: string): Promise<void> {
    // A move made on the first board, drawn before the engine has loaded, is
    // kept and played once the game has started, if it is legal then.
    if (!this.current && !this.destroyed) {
      this.early = move;
      return;
    }
    // A move made while the game is being restored into a restarted engine
    // is played once the record is back, if it is still this side's move.
    while (this.restoring) await this.restored;
    const s = this.current;
    if (!s || !this.seats.isHuman(s.toMove) || !s.legal.some((m) => m.text === move)) return;
    // A move made while another request is under way (New game pressed a
    // moment before, a slow engine) is kept, and played once that request
    // is over if the board still shows the position it was made in.
    if (this.locked()) {
      this.keep({ kind: 'move', move, position: s.position, cursor: s.cursor });
      return;
    }
    await this.perform(async () => {
      this.show(await this.engine.session({ kind: 'play', move }));
    });
    this.schedule();
  }

  /**
   * Keeps what the visitor asked for while the game is busy (a second Undo
   * pressed while the first is under way, a move clicked just after New
   * game), to be tried once it is free. At most `MAX_KEPT` requests wait;
   * more asked meanwhile (a key held down) are dropped.
   */
  private keep(k: Kept): void {
    if (this.kept.length < MAX_KEPT) this.kept.push(k);
  }

  /**
   * Once the game is free, does what was kept while it was busy, in order:
   * each request that starts one ends by coming back here for the next. A
   * move is played only if the board still shows the position it was made
   * in; an undo, a redo or a jump that has nothing to do any more is passed.
   */
  private doKept(): void {
    while (!this.locked() && !this.destroyed) {
      const k = this.kept.shift();
      const s = this.current;
      if (!k || !s) return;
      if (k.kind === 'move') {
        if (s.position === k.position && s.cursor === k.cursor) void this.humanMove(k.move);
      } else if (k.kind === 'undo') void this.undo();
      else if (k.kind === 'redo') void this.redo();
      else if (k.cursor <= s.history.length) void this.jumpTo(k.cursor);
    }
  }

  /** Takes back whole turns until a person is to move (or to the start). */
  async undo(): Promise<void> {
    if (this.locked()) return this.keep({ kind: 'undo' });
    if (!this.current || this.current.cursor === 0) return;
    this.cancelTimer();
    this.cancelThink();
    this.pauseIfNoHuman();
    const game = this.begun;
    await this.perform(async () => {
      let s = await this.engine.session({ kind: 'undo' });
      while (game === this.begun && s.cursor > 0 && !this.seats.isHuman(s.toMove)) s = await this.engine.session({ kind: 'undo' });
      this.show(s);
    });
    this.schedule();
  }

  /** Replays undone turns until a person is to move (or the record ends). */
  async redo(): Promise<void> {
    if (this.locked()) return this.keep({ kind: 'redo' });
    if (!this.current || this.current.cursor === this.current.history.length) return;
    this.cancelTimer();
    this.cancelThink();
    this.pauseIfNoHuman();
    const game = this.begun;
    await this.perform(async () => {
      let s = await this.engine.session({ kind: 'redo' });
      while (game === this.begun && s.cursor < s.history.length && !this.seats.isHuman(s.toMove)) s = await this.engine.session({ kind: 'redo' });
      this.show(s);
    });
    this.schedule();
  }

  /** The player of `side` is about to change: its think is given up, and the game is no longer paused. */
  playerChanging(side: 0 | 1): void {
    if (this.thinkingSide === side) this.cancelThink();
    this.pausedNow = false;
  }

  /** The game goes on (Continue, or a waiting side's model has come). */
  unpause(): void {
    this.pausedNow = false;
  }

  /** Draws the state on the board again (the players changed). */
  redraw(): void {
    if (this.current) this.show(this.current);
  }

  /** The engine lost its state (a new worker): play the record again. */
  restore(): Promise<void> {
    this.restored = this.replay();
    return this.restored;
  }

  destroy(): void {
    this.destroyed = true;
    this.cancelTimer();
    this.cancelThink();
  }

  /** If a computer is to move, lets it move after a short pause. */
  schedule(): void {
    this.cancelTimer();
    const s = this.current;
    if (this.destroyed || this.pausedNow || this.thinkingSide !== null || !s || s.toMove === null || this.seats.isHuman(s.toMove)) {
      this.view.controls();
      return;
    }
    const side = s.toMove;
    if (this.seats.missingSides().includes(side)) {
      this.view.turn(waitingText(this.info, side));
      this.view.controls();
      return;
    }
    this.view.turn(`${this.seats.sideLabel(side)} is thinking…`);
    // The pause lets people follow the moves; a game's first move follows nothing.
    this.timer = setTimeout(
      () => {
        this.timer = null;
        void this.computerMove(side);
      },
      s.cursor === 0 ? this.firstDelay : this.delay,
    );
    this.view.controls();
  }

  private show(s: GameState): void {
    if (this.destroyed) return;
    const before = this.current;
    this.current = s;
    this.view.show(s, before);
  }

  /** After a jump or a loaded record: a computer to move waits for Continue, so the visitor sees the position first. */
  private pauseForComputer(): void {
    this.pausedNow = !!this.current && this.current.toMove !== null && !this.seats.isHuman(this.current.toMove);
  }

  private pauseIfNoHuman(): void {
    if (!this.seats.anyHuman()) this.pausedNow = true;
  }

  private async replay(): Promise<void> {
    const s = this.current;
    this.cancelTimer();
    if (!s) return this.newGame(this.seedOf);
    // Moves, undo and redo wait until the record is back in the engine; a
    // request that failed with the old worker may still be unwinding.
    const ticket = ++this.restoreTicket;
    this.restoring = true;
    this.view.controls();
    try {
      await this.engine.session({ kind: 'new', game: this.info.id });
      // The whole record, then back to where the game stood: redo still works.
      for (const m of s.history) {
        if (ticket !== this.restoreTicket) return;
        await this.engine.session({ kind: 'play', move: m.text });
      }
      const restored = await this.engine.session({ kind: 'jump', cursor: s.cursor });
      if (ticket !== this.restoreTicket) return;
      this.restoring = false;
      this.show(restored);
      this.schedule();
      this.doKept();
    } catch (e) {
      if (ticket !== this.restoreTicket || this.destroyed) return;
      this.restoring = false;
      // What was asked of the game that could not be restored is dropped.
      this.kept = [];
      this.view.controls();
      showNotice(`The game could not be restored: ${messageOf(e)}`);
    }
  }

  /** Runs an engine action with the controls locked; errors become notices. */
  private async perform(action: () => Promise<void>): Promise<void> {
    // A closed view (left while it was still starting) asks nothing more.
    if (this.destroyed) return;
    this.inFlight++;
    this.view.controls();
    try {
      await action();
    } catch (e) {
      // A dead or silent engine has been reported once, by its restart notice.
      if (!this.destroyed && !(e instanceof WorkerDied)) showNotice(messageOf(e));
    } finally {
      this.inFlight--;
      if (!this.destroyed) this.view.controls();
    }
    // Only the last request under way does what was kept (`doKept` waits while the game is locked).
    if (!this.destroyed) this.doKept();
  }

  /** Asks the thinking worker for the move of `side`'s player, then plays it. */
  private async computerMove(side: 0 | 1): Promise<void> {
    const s = this.current;
    if (this.locked() || !s || s.toMove !== side || this.seats.isHuman(side)) return;
    const player = this.seats.get(side);
    const ticket = ++this.thinkTicket;
    this.thinkingSide = side;
    this.view.controls();
    const budget = this.seats.player(player)?.searches ? THINK_BUDGET : null;
    const progress = (p: Progress) => {
      if (ticket === this.thinkTicket) this.view.turn(`${this.seats.sideLabel(side)} is thinking… ${describeProgress(p)}`);
    };
    let move: string;
    try {
      // A ready-made model's first move comes with the manifest: on a slow
      // link its file is still on its way, fetched meanwhile for the next.
      const opening = this.seats.openingFor(player, s.position);
      if (opening !== null) {
        move = opening;
        this.seats.agentFor(player).catch(() => undefined);
      } else {
        const agent = await this.seats.agentFor(player);
        if (ticket !== this.thinkTicket) return;
        move = (await this.thinker.think(agent, s.position, this.seedOf * 1000 + s.cursor, budget, progress)).text;
      }
    } catch (e) {
      if (ticket !== this.thinkTicket || e instanceof Cancelled) return;
      this.thinkingSide = null;
      // A player that cannot move is not asked again and again: the game
      // waits until Continue. (A dead worker has told the visitor itself.)
      this.pausedNow = true;
      if (!this.destroyed && !(e instanceof WorkerDied)) {
        showNotice(`${this.seats.sideLabel(side)} cannot move: ${messageOf(e)}`);
      }
      this.schedule();
      return;
    }
    if (ticket !== this.thinkTicket) return;
    this.thinkingSide = null;
    while (this.restoring) await this.restored;
    // Played only in the position it was chosen for.
    if (this.current?.cursor === s.cursor && this.current.position === s.position && !this.destroyed) {
      await this.perform(async () => {
        this.show(await this.engine.session({ kind: 'play', move }));
      });
    }
    this.schedule();
  }

  /** Gives up a think under way: the thinking worker is replaced. */
  private cancelThink(): void {
    if (this.thinkingSide === null) return;
    this.thinkingSide = null;
    this.thinkTicket++;
    this.thinker.cancel();
  }

  private cancelTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}

import { describe, expect, it, vi } from 'vitest';
import type { EngineBoard } from '../../core/engine';
import type { GameInfo, GameState } from '../../core/protocol';
import type { Thinker } from '../../core/thinker';
import { Game, type Seats } from './game';

// The tests run without a page: a notice is only counted.
const notices = vi.hoisted(() => [] as string[]);
vi.mock('../../core/notices', () => ({
  showNotice: (text: string) => notices.push(text),
  messageOf: (e: unknown) => (e instanceof Error ? e.message : String(e)),
}));

/** A state of a game where the person (side 0) is to move and `moves` are legal. */
const state = (position: string, cursor: number, moves: string[]): GameState =>
  ({ position, cursor, toMove: 0, legal: moves.map((text, cell) => ({ text, cell, from: null })), history: [], outcome: null }) as unknown as GameState;

/** An engine whose "new game" answers only when the test lets it; every request is logged. */
function slowEngine(start: GameState) {
  const log: string[] = [];
  let release: (s: GameState) => void = () => {};
  let held = false;
  const engine = {
    session: (cmd: { kind: string; move?: string }) => {
      log.push(cmd.move ? `${cmd.kind} ${cmd.move}` : cmd.kind);
      if (cmd.kind === 'new' && held) return new Promise<GameState>((r) => (release = r));
      if (cmd.kind === 'play') return Promise.resolve(state(`after ${cmd.move}`, 1, []));
      return Promise.resolve(start);
    },
  };
  return {
    engine: engine as unknown as EngineBoard,
    log,
    hold: () => (held = true),
    release: (s: GameState) => release(s),
  };
}

const seats = {
  get: () => 'human',
  isHuman: (side: 0 | 1 | null) => side === 0,
  anyHuman: () => true,
  missingSides: () => [],
  sideLabel: () => 'Black',
} as unknown as Seats;
const view = { show: () => {}, turn: () => {}, controls: () => {} };
const info = { id: 'game' } as unknown as GameInfo;
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('a move made while the game is busy', () => {
  it('is played once the request is over, when the board still shows the position it was made in', async () => {
    const start = state('start', 0, ['f5', 'd3']);
    const e = slowEngine(start);
    const game = new Game(info, e.engine, {} as Thinker, seats, view, 1, 0);
    await game.newGame(1);
    e.hold();
    const pressed = game.newGame(2);
    // New game's request is under way: the click on the board is not lost.
    await game.humanMove('f5');
    expect(game.locked()).toBe(true);
    e.release(start);
    await pressed;
    await settle();
    expect(e.log).toEqual(['new', 'new', 'play f5']);
    expect(game.state?.position).toBe('after f5');
  });

  it('is dropped when the request ends in another position, or the move was not legal', async () => {
    const e = slowEngine(state('midgame', 9, ['c4']));
    const game = new Game(info, e.engine, {} as Thinker, seats, view, 1, 0);
    await game.newGame(1);
    e.hold();
    const pressed = game.newGame(2);
    await game.humanMove('c4');
    await game.humanMove('h8');
    e.release(state('start', 0, ['c4', 'f5']));
    await pressed;
    await settle();
    expect(e.log).toEqual(['new', 'new']);
    expect(game.state?.position).toBe('start');
  });
});

/**
 * An engine that keeps a record (moves a1, a2, … are legal at every turn)
 * and answers each request only when the test lets it, in order; every
 * request is logged.
 */
function heldEngine() {
  const log: string[] = [];
  const held: (() => void)[] = [];
  let moves: string[] = [];
  let cursor = 0;
  let failing = false;
  let computerOnEven = false;
  const now = (): GameState =>
    ({
      position: moves.slice(0, cursor).join(' '),
      cursor,
      toMove: computerOnEven && cursor % 2 === 0 ? 1 : 0,
      legal: ['a1', 'a2', 'a3'].map((text, cell) => ({ text, cell, from: null })),
      history: moves.map((text) => ({ text })),
      outcome: null,
    }) as unknown as GameState;
  const engine = {
    session: (cmd: { kind: string; move?: string; cursor?: number }) => {
      log.push(cmd.move ? `${cmd.kind} ${cmd.move}` : cmd.cursor !== undefined ? `${cmd.kind} ${cmd.cursor}` : cmd.kind);
      if (cmd.kind === 'new') [moves, cursor] = [[], 0];
      if (cmd.kind === 'play') [moves, cursor] = [[...moves.slice(0, cursor), cmd.move!], cursor + 1];
      if (cmd.kind === 'undo') cursor--;
      if (cmd.kind === 'redo') cursor++;
      if (cmd.kind === 'jump') cursor = cmd.cursor!;
      const s = now();
      if (failing) return Promise.reject(new Error('the engine stopped'));
      return new Promise<GameState>((r) => held.push(() => r(s)));
    },
  };
  /** Lets every request so far answer, and the ones they lead to, until none waits. */
  const answerAll = async () => {
    for (let i = 0; i < 50; i++) {
      await settle();
      const next = held.shift();
      if (!next) return;
      next();
    }
  };
  return {
    engine: engine as unknown as EngineBoard,
    log,
    answerAll,
    answerOne: () => held.shift()?.(),
    /** From now on every request fails at once (or, with false, answers again). */
    fail: (on: boolean) => (failing = on),
    /** From now on the states of requests made have the computer (side 1) to move after an even number of moves (or, with false, the person always). */
    computerOnEven: (on: boolean) => (computerOnEven = on),
  };
}

/** A game on a held engine, started and with `moves` played, every request answered. */
async function gameAfter(moves: string[]) {
  const e = heldEngine();
  const game = new Game(info, e.engine, {} as Thinker, seats, view, 1, 0);
  const started = game.newGame(1);
  await e.answerAll();
  await started;
  for (const m of moves) {
    const played = game.humanMove(m);
    await e.answerAll();
    await played;
  }
  return { e, game };
}

describe('undo, redo and jumps asked for while the game is busy', () => {
  it('an undo of several steps (back past the computer’s turns) stops when New game is pressed during it', async () => {
    const { e, game } = await gameAfter(['a1', 'a2', 'a3']);
    // The first step lands on the computer's turn, so the undo would take back one more move…
    e.computerOnEven(true);
    void game.undo();
    e.computerOnEven(false);
    // …but New game is pressed before that step has answered.
    const started = game.newGame(2);
    await e.answerAll();
    await started;
    expect(e.log.slice(-2)).toEqual(['undo', 'new']);
    expect(game.state?.cursor).toBe(0);
    expect(game.locked()).toBe(false);
  });

  it('are done in the order asked once the request under way is over: two quick undos take back two moves', async () => {
    const { e, game } = await gameAfter(['a1', 'a2', 'a3']);
    expect(game.state?.cursor).toBe(3);
    // The first undo is under way when the second is asked for (a key pressed twice).
    void game.undo();
    expect(game.locked()).toBe(true);
    void game.undo();
    await e.answerAll();
    expect(e.log.slice(-2)).toEqual(['undo', 'undo']);
    expect(game.state?.cursor).toBe(1);
    expect(game.locked()).toBe(false);
  });

  it('a jump in the record clicked meanwhile is made afterwards; a move clicked in a position left by an earlier request is not played', async () => {
    const { e, game } = await gameAfter(['a1', 'a2']);
    // Undo under way; then a jump to the start, and a move in the position the board still shows.
    void game.undo();
    void game.jumpTo(0);
    await game.humanMove('a3');
    await e.answerAll();
    expect(e.log.slice(-2)).toEqual(['undo', 'jump 0']);
    expect(game.state?.cursor).toBe(0);
    expect(game.state?.history).toHaveLength(2);
  });

  it('are not carried into a new game', async () => {
    const { e, game } = await gameAfter(['a1', 'a2']);
    // An undo under way, another one and a redo asked for; then New game.
    void game.undo();
    void game.undo();
    void game.redo();
    void game.newGame(2);
    await e.answerAll();
    expect(e.log.slice(-3)).toEqual(['play a2', 'undo', 'new']);
    expect(game.state?.cursor).toBe(0);
  });

  it('asked for after New game are done only once the new game has started, even when an earlier request ends first', async () => {
    const { e, game } = await gameAfter(['a1', 'a2']);
    // An undo under way, then New game, then U pressed.
    void game.undo();
    void game.newGame(2);
    void game.undo();
    // The undo is over, New game is not: the game is still busy.
    e.answerOne();
    await settle();
    expect(game.state?.cursor).toBe(1);
    expect(game.locked()).toBe(true);
    // A move clicked now, in the last game's position, is kept, not sent to the new game.
    await game.humanMove('a3');
    await e.answerAll();
    expect(e.log.slice(-2)).toEqual(['undo', 'new']);
    expect(game.state?.cursor).toBe(0);
    expect(game.locked()).toBe(false);
  });

  it('a move clicked after New game, while an earlier request ends, is played in the new game when the position is the same', async () => {
    const { e, game } = await gameAfter(['a1']);
    // Undo under way, New game; the undo ends on the start position, where a1 is clicked.
    void game.undo();
    void game.newGame(2);
    e.answerOne();
    await settle();
    expect(game.state?.cursor).toBe(0);
    const clicked = game.humanMove('a1');
    await settle();
    expect(e.log.slice(-2)).toEqual(['undo', 'new']);
    await e.answerAll();
    await clicked;
    expect(e.log.slice(-3)).toEqual(['undo', 'new', 'play a1']);
    expect(game.state?.position).toBe('a1');
  });

  it('are dropped when the game cannot be restored into a restarted engine', async () => {
    const { e, game } = await gameAfter(['a1', 'a2']);
    // The engine restarts and fails; an undo is asked for while the record is being played into it.
    e.fail(true);
    const restored = game.restore();
    void game.undo();
    await restored;
    expect(notices.at(-1)).toMatch(/could not be restored/);
    e.fail(false);
    // The visitor's next action is done alone: the undo asked of the lost game is not.
    const played = game.humanMove('a3');
    await e.answerAll();
    await played;
    expect(e.log.slice(-2)).toEqual(['new', 'play a3']);
  });
});

import { describe, expect, it } from 'vitest';
import type { EngineBoard } from '../../core/engine';
import type { GameInfo, GameState } from '../../core/protocol';
import type { Thinker } from '../../core/thinker';
import { Game, type Seats } from './game';

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

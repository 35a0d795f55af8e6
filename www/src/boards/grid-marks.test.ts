import { describe, expect, it } from 'vitest';
import type { GameState } from '../core/protocol';
import { turnStones } from './grid-marks';

type Facts = Pick<GameState, 'history' | 'cursor' | 'toMove'>;

/** A record of moves as [side, cell] (null: a pass), all on the board unless `cursor` says fewer. */
function record(moves: Array<[0 | 1, number | null]>, toMove: 0 | 1 | null, cursor = moves.length): Facts {
  return { history: moves.map(([side, cell]) => ({ text: String(cell), side, cell })), cursor, toMove };
}

describe('turnStones: the stones of the turn in progress and of the last finished turn', () => {
  it('marks nothing before the first move', () => {
    expect(turnStones(record([], 0))).toEqual({ thisTurn: [], lastTurn: [] });
  });
  it('one move a turn: the last move is the last turn, nothing is in progress', () => {
    expect(turnStones(record([[0, 10], [1, 11], [0, 12]], 1))).toEqual({ thisTurn: [], lastTurn: [12] });
  });
  it('two stones a turn: after the first of a pair it is this turn’s, the other side’s pair the last turn', () => {
    // Black's single opening stone, White's pair, Black's first of its pair.
    const s = record([[0, 180], [1, 181], [1, 182], [0, 200]], 0);
    expect(turnStones(s)).toEqual({ thisTurn: [200], lastTurn: [181, 182] });
  });
  it('two stones a turn: after the second both are the last turn', () => {
    const s = record([[0, 180], [1, 181], [1, 182], [0, 200], [0, 201]], 1);
    expect(turnStones(s)).toEqual({ thisTurn: [], lastTurn: [200, 201] });
  });
  it('after Black’s single opening stone, that stone is the last turn', () => {
    expect(turnStones(record([[0, 180]], 1))).toEqual({ thisTurn: [], lastTurn: [180] });
  });
  it('only the moves on the board count (moves undone stay in the record)', () => {
    const s = record([[0, 180], [1, 181], [1, 182], [0, 200], [0, 201]], 0, 3);
    expect(turnStones(s)).toEqual({ thisTurn: [], lastTurn: [181, 182] });
  });
  it('a game over: the winner’s last stones, even the first of a pair', () => {
    expect(turnStones(record([[0, 180], [1, 181], [1, 182], [0, 200]], null))).toEqual({ thisTurn: [], lastTurn: [200] });
  });
  it('a pass is a turn that marks no cell', () => {
    expect(turnStones(record([[0, 19], [1, null]], 0))).toEqual({ thisTurn: [], lastTurn: [] });
  });
});

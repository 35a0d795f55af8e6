import { describe, expect, it } from 'vitest';
import { AddressKeeper, boundedParam, computerDelayMs, hashParams, readGameAddress, splitHash, writeGameAddress } from './address';

describe('splitHash', () => {
  it('gives the view’s path and its query', () => {
    expect(splitHash('#/othello?seed=7&first=human')).toEqual(['othello', 'seed=7&first=human']);
    expect(splitHash('#/connect4')).toEqual(['connect4']);
    expect(splitHash('#othello?tab=train')).toEqual(['othello', 'tab=train']);
    expect(splitHash('#/')).toEqual(['']);
    expect(splitHash('')).toEqual(['']);
    expect(splitHash('#/?seed=1')).toEqual(['', 'seed=1']);
  });
});

describe('boundedParam', () => {
  const delay = (hash: string) => boundedParam(hash, 'delay', 0, 5000, 400);
  it('takes a number within the bounds, the ends included', () => {
    expect(delay('#/othello?delay=0')).toBe(0);
    expect(delay('#/othello?delay=5000')).toBe(5000);
    expect(delay('#/othello?first=human&delay=12.5')).toBe(12.5);
  });
  it('falls back when it is missing, empty, not a number or out of bounds', () => {
    expect(delay('#/othello')).toBe(400);
    expect(delay('#/othello?delay=')).toBe(400);
    expect(delay('#/othello?delay=soon')).toBe(400);
    expect(delay('#/othello?delay=Infinity')).toBe(400);
    expect(delay('#/othello?delay=-1')).toBe(400);
    expect(delay('#/othello?delay=5001')).toBe(400);
  });
  it('reads the parameter asked for only', () => {
    expect(boundedParam('#/othello?benchMs=500&checkpointMs=250', 'checkpointMs', 200, 30_000, 5_000)).toBe(250);
    expect(boundedParam('#/othello?benchMs=100', 'benchMs', 300, 10_000, 3_000)).toBe(3_000);
    expect(hashParams('#/x?a=1&b=two').get('b')).toBe('two');
  });
});

describe('readGameAddress', () => {
  const read = (query: string) => readGameAddress(new URLSearchParams(query));

  it('reads who plays, the seed, the moves, how many are on the board and the tab', () => {
    expect(read('first=human&second=mvb&seed=7&moves=f5+d6++c3&at=1&tab=train')).toEqual({
      controllers: ['human', 'mvb'],
      seed: 7,
      moves: ['f5', 'd6', 'c3'],
      at: 1,
      tab: 'train',
      settings: {},
    });
  });

  it('reads the players’ settings, the names with a dot', () => {
    expect(read('first=human&second=search&search.level=10&search.weights.a=90').settings).toEqual({ 'search.level': '10', 'search.weights.a': '90' });
  });

  it('leaves out what the address does not say', () => {
    expect(read('')).toEqual({ controllers: undefined, seed: undefined, moves: undefined, at: undefined, tab: null, settings: {} });
  });

  it('needs both players', () => {
    expect(read('first=human').controllers).toBeUndefined();
    expect(read('first=human&second=').controllers).toBeUndefined();
    expect(read('second=mvb').controllers).toBeUndefined();
  });

  it('takes a seed that is a whole number from 0 only', () => {
    expect(read('seed=0').seed).toBe(0);
    expect(read('seed=4294967295').seed).toBe(4294967295);
    expect(read('seed=').seed).toBe(0);
    expect(read('seed=-1').seed).toBeUndefined();
    expect(read('seed=1.5').seed).toBeUndefined();
    expect(read('seed=x').seed).toBeUndefined();
  });

  it('passes `at` on as given (the engine checks it against the moves)', () => {
    expect(read('at=0').at).toBe(0);
    expect(read('at=x').at).toBeNaN();
    expect(read('moves=').moves).toEqual([]);
  });
});

describe('writeGameAddress', () => {
  const game = { controllers: ['human', 'mvb'] as const, seed: 7, moves: ['f5', 'd6'], cursor: 2 };

  it('writes who plays, the seed and the moves, keeping the other parameters', () => {
    expect(writeGameAddress('#/othello?tab=train', 'othello', game)).toBe('#/othello?tab=train&first=human&second=mvb&seed=7&moves=f5+d6');
  });

  it('writes how many moves are on the board after an undo, and forgets it at the end of the game', () => {
    expect(writeGameAddress('#/othello', 'othello', { ...game, cursor: 1 })).toBe('#/othello?first=human&second=mvb&seed=7&moves=f5+d6&at=1');
    expect(writeGameAddress('#/othello?moves=f5&at=0', 'othello', game)).toBe('#/othello?moves=f5+d6&first=human&second=mvb&seed=7');
  });

  it('drops the moves of an empty game', () => {
    expect(writeGameAddress('#/othello?first=a&second=b&seed=1&moves=f5&at=0', 'othello', { ...game, moves: [], cursor: 0 })).toBe(
      '#/othello?first=human&second=mvb&seed=7',
    );
  });

  it('reads back what it wrote', () => {
    const hash = writeGameAddress('#/connect4?tab=models', 'connect4', { controllers: ['net:a b', 'human'], seed: 0, moves: ['4', '4', '3'], cursor: 1 })!;
    const [path, query] = splitHash(hash);
    expect(path).toBe('connect4');
    expect(readGameAddress(new URLSearchParams(query))).toEqual({
      controllers: ['net:a b', 'human'],
      seed: 0,
      moves: ['4', '4', '3'],
      at: 1,
      tab: 'models',
      settings: {},
    });
  });

  it('writes the players’ settings in place of the old ones', () => {
    const hash = writeGameAddress('#/othello?search.level=3&search.noise=2&tab=play', 'othello', { ...game, settings: { 'search.level': '10' } })!;
    expect(hash).toBe('#/othello?tab=play&first=human&second=mvb&seed=7&moves=f5+d6&search.level=10');
    expect(readGameAddress(new URLSearchParams(splitHash(hash)[1])).settings).toEqual({ 'search.level': '10' });
    expect(writeGameAddress(hash, 'othello', game)).toBe('#/othello?tab=play&first=human&second=mvb&seed=7&moves=f5+d6');
  });

  it('does not write over the address of another view', () => {
    expect(writeGameAddress('#/connect4?seed=1', 'othello', game)).toBeNull();
    expect(writeGameAddress('#/', 'othello', game)).toBeNull();
  });
});

describe('computerDelayMs', () => {
  it('is 400 ms, or the address’s delay within 0–5000 ms', () => {
    expect(computerDelayMs('#/othello')).toBe(400);
    expect(computerDelayMs('#/othello?delay=0')).toBe(0);
    expect(computerDelayMs('#/othello?delay=5000')).toBe(5000);
    expect(computerDelayMs('#/othello?delay=5001')).toBe(400);
  });
});

describe('AddressKeeper', () => {
  const game = { controllers: ['human', 'mvb'] as const, seed: 7, moves: ['f5'], cursor: 1 };

  /** A keeper over a fake address; `written` lists what it wrote. */
  function keeperAt(start: string) {
    const page = { hash: start, written: [] as string[] };
    const keeper = new AddressKeeper(
      'othello',
      () => page.hash,
      (a) => {
        page.written.push(a);
        page.hash = a;
      },
    );
    return { page, keeper };
  }

  it('replaces the address with the game’s, and goes on as the game goes on', () => {
    const { page, keeper } = keeperAt('#/othello?tab=play');
    keeper.write(game);
    expect(page.written).toEqual(['#/othello?tab=play&first=human&second=mvb&seed=7&moves=f5']);
    keeper.write({ ...game, moves: ['f5', 'd6'], cursor: 2 });
    expect(page.written).toHaveLength(2);
    expect(page.hash).toBe('#/othello?tab=play&first=human&second=mvb&seed=7&moves=f5+d6');
  });

  it('never writes again once stopped', () => {
    const { page, keeper } = keeperAt('#/othello');
    keeper.stop();
    keeper.write(game);
    expect(page.written).toEqual([]);
  });

  it('leaves an address that someone else changed: a link followed is read by the page, not written over', () => {
    // Another view's address.
    const other = keeperAt('#/othello');
    other.page.hash = '#/connect4';
    other.keeper.write(game);
    expect(other.page.written).toEqual([]);
    // The same game's view, another game in the address (a link with moves):
    // the move the old game plays meanwhile does not replace it, then or later.
    const same = keeperAt('#/othello?first=human&second=mvb&seed=7');
    same.keeper.write(game);
    const link = '#/othello?first=human&second=human&seed=1&moves=d3+c3';
    same.page.hash = link;
    same.keeper.write({ ...game, moves: ['f5', 'd6'], cursor: 2 });
    expect(same.page.hash).toBe(link);
    same.page.hash = '#/othello?first=human&second=mvb&seed=7&moves=f5';
    same.keeper.write(game);
    expect(same.page.written).toHaveLength(1);
  });
});

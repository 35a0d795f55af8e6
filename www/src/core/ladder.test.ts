import { describe, expect, it } from 'vitest';
import { freeName, gameKey, tableKeys, tableLine, tableName, withoutPlayer } from './ladder';

describe('the ladder table', () => {
  const table = '# a comment\n' + tableLine({ opening: 0, first: 'A', second: 'B' }, 1) + tableLine({ opening: 0, first: 'B', second: 'C' }, 0.5);

  it('writes games as the CLI reads them and knows their keys', () => {
    expect(tableLine({ opening: 3, first: 'MSB', second: 'Random' }, 0.5)).toBe('3\tMSB\tRandom\t0.5\n');
    expect([...tableKeys(table)]).toEqual(['0\tA\tB', '0\tB\tC']);
    expect(tableKeys(table).has(gameKey({ opening: 0, first: 'A', second: 'B' }))).toBe(true);
  });

  it('drops a player with its games and nothing else', () => {
    const left = withoutPlayer(table, 'A');
    expect([...tableKeys(left)]).toEqual(['0\tB\tC']);
    expect(left.startsWith('# a comment\n')).toBe(true);
    expect(withoutPlayer(table, 'Nobody')).toBe(table);
  });

  it('names players as the table can hold them, each once', () => {
    expect(tableName('  My\tmodel\n(2)  ')).toBe('My model (2)');
    expect(tableName('\u0007')).toBe('player');
    const taken = new Set(['MSB', 'MSB (2)']);
    expect(freeName('MSB', (n) => taken.has(n))).toBe('MSB (3)');
    expect(freeName('MVB', (n) => taken.has(n))).toBe('MVB');
  });
});

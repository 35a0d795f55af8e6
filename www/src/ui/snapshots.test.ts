import { describe, expect, it } from 'vitest';
import { formatPoints, parsePoints, snapshotId } from './snapshots';

describe('parsePoints: the snapshot points written in the field', () => {
  it('reads whole numbers separated by commas, semicolons or spaces, ascending without repeats', () => {
    expect(parsePoints('1000, 100 ;500  100')).toEqual([100, 500, 1000]);
    expect(parsePoints('3,1,2')).toEqual([1, 2, 3]);
    expect(parsePoints('')).toEqual([]);
    expect(parsePoints('  ')).toEqual([]);
  });
  it('reads “k” as thousands and commas between groups of three digits as one number', () => {
    expect(parsePoints('10k 2.5K')).toEqual([2500, 10_000]);
    expect(parsePoints('1,000, 20,000,000')).toEqual([1000, 20_000_000]);
    expect(parsePoints('1,000,')).toEqual([1000]);
    // Not groups of three: separate numbers.
    expect(parsePoints('10,20')).toEqual([10, 20]);
    expect(() => parsePoints('10,00')).toThrow('“00” is not');
  });
  it('refuses what is not a whole number of games from 1 to a billion, naming it', () => {
    expect(() => parsePoints('0')).toThrow('“0” is not a whole number of games from 1 to 1,000,000,000.');
    expect(() => parsePoints('2.5')).toThrow('“2.5” is not a whole number');
    expect(() => parsePoints('1.0001k')).toThrow('“1.0001k” is not a whole number');
    expect(() => parsePoints('-5')).toThrow('“-5” is not');
    expect(() => parsePoints('1e3')).toThrow('“1e3” is not');
    expect(() => parsePoints('100 ten')).toThrow('“ten” is not');
    expect(parsePoints('1000000k')).toEqual([1_000_000_000]);
    expect(() => parsePoints('1000001k')).toThrow('“1000001k” is not');
  });
  it('takes at most 20 points', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(parsePoints(twenty.join(' '))).toEqual(twenty);
    expect(() => parsePoints([...twenty, 21].join(' '))).toThrow('at most 20 snapshots');
  });
  it('reads back what formatPoints writes', () => {
    expect(formatPoints([100, 1000, 25_000])).toBe('100, 1000, 25000');
    expect(parsePoints(formatPoints([100, 1000, 25_000]))).toEqual([100, 1000, 25_000]);
    expect(formatPoints([])).toBe('');
  });
});

it('a snapshot’s id is its run’s id and its games', () => {
  expect(snapshotId('run-7', 5000)).toBe('run-7-after-5000');
});

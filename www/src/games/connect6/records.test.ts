import { describe, expect, it } from 'vitest';
import { MAX_RECORDS_BYTES, recordCount, recordsSetting } from './records';

describe('records', () => {
  it('counts the lines that hold a game, not comments or blank lines', () => {
    expect(recordCount('# a comment\nJ10; K11 K9 1-0\n\n  \nJ10; A1 A2 0-1 # resigned\n')).toBe(2);
    expect(recordCount('')).toBe(0);
  });
  it('refuses no records and too many bytes, and ends the setting with a new line', () => {
    expect(() => recordsSetting('# nothing\n')).toThrow(/no game records/);
    expect(() => recordsSetting('J10 1-0\n'.repeat(MAX_RECORDS_BYTES / 4))).toThrow(/at most 8 MB/);
    expect(recordsSetting('J10; K11 K9 1-0')).toBe('J10; K11 K9 1-0\n');
  });
});

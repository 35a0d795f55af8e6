import { expect, it } from 'vitest';
import { recordFileName } from './record-section';

it('a game record’s file is named after the game and the day, in local time', () => {
  expect(recordFileName('othello', new Date(2025, 10, 3, 23, 59))).toBe('othello-2025-11-03.txt');
  expect(recordFileName('hare_hounds', new Date(2026, 0, 31, 0, 0))).toBe('hare_hounds-2026-01-31.txt');
});

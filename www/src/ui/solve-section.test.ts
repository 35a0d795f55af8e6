import { expect, it } from 'vitest';
import { duration } from './solve-section';

it('a solve’s duration is written in minutes and seconds', () => {
  expect(duration(0)).toBe('under a second');
  expect(duration(999)).toBe('under a second');
  expect(duration(1000)).toBe('1 s');
  expect(duration(59_999)).toBe('59 s');
  expect(duration(60_000)).toBe('1 min 00 s');
  expect(duration(125_400)).toBe('2 min 05 s');
  expect(duration(3_725_000)).toBe('62 min 05 s');
});

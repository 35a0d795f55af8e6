import { describe, expect, it } from 'vitest';
import { BAND_NOTE, BAND_WORDS, bandHalfWidth, bandShade, compactCount, isSampledRate, movingAverage, SMOOTH_REACH, type Curve } from './charts';

describe('bandHalfWidth: half the 95% range of a win rate, in percentage points', () => {
  it('is 1.96·√(p(1−p)/n)·100', () => {
    // 50% on 100 games: 1.96 · √(0.25/100) = 0.098 → 9.8 points.
    expect(bandHalfWidth(50, 100)).toBeCloseTo(9.8, 10);
    // 20% on 400 games: 1.96 · √(0.16/400) = 0.0392 → 3.92 points.
    expect(bandHalfWidth(20, 400)).toBeCloseTo(3.92, 10);
    // 90% on 25 games: 1.96 · √(0.09/25) = 0.1176 → 11.76 points.
    expect(bandHalfWidth(90, 25)).toBeCloseTo(11.76, 10);
  });

  it('is the same for a rate and its complement, and widest at 50%', () => {
    expect(bandHalfWidth(30, 50)).toBeCloseTo(bandHalfWidth(70, 50), 12);
    expect(bandHalfWidth(50, 50)).toBeGreaterThan(bandHalfWidth(49, 50));
    expect(bandHalfWidth(50, 50)).toBeGreaterThan(bandHalfWidth(51, 50));
  });

  it('shrinks as 1/√n', () => {
    expect(bandHalfWidth(40, 400) * 2).toBeCloseTo(bandHalfWidth(40, 100), 12);
  });

  it('is 0 with no games, and at 0% and 100%', () => {
    expect(bandHalfWidth(50, 0)).toBe(0);
    expect(bandHalfWidth(50, -3)).toBe(0);
    expect(bandHalfWidth(50, NaN)).toBe(0);
    expect(bandHalfWidth(0, 100)).toBe(0);
    expect(bandHalfWidth(100, 100)).toBe(0);
  });

  it('clamps a rate outside 0–100% to the ends', () => {
    expect(bandHalfWidth(-20, 100)).toBe(0);
    expect(bandHalfWidth(130, 100)).toBe(0);
  });
});

describe('movingAverage: centred, over up to `reach` points each side', () => {
  it('averages five points in the middle, fewer at the ends (reach 2)', () => {
    expect(movingAverage([1, 2, 3, 4, 5, 6, 7])).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // Index 0: itself; 1: 0..2; 2: 0..4; 3: 1..5; 4: 3..5; 5: itself.
    expect(movingAverage([0, 3, 0, 6, 0, 9])).toEqual([0, 1, 9 / 5, 18 / 5, 5, 9]);
  });

  it('spans two points each side by default', () => {
    expect(SMOOTH_REACH).toBe(2);
    expect(movingAverage([0, 0, 0, 7, 0, 0, 0])).toEqual([0, 0, 7 / 5, 7 / 5, 7 / 5, 0, 0]);
  });

  it('follows the reach asked for', () => {
    expect(movingAverage([4, 0, 8, 0, 4], 1)).toEqual([4, 4, 8 / 3, 4, 4]);
    expect(movingAverage([4, 0, 8, 0, 4], 0)).toEqual([4, 0, 8, 0, 4]);
  });

  it('keeps the length, and an empty curve stays empty', () => {
    expect(movingAverage([])).toEqual([]);
    expect(movingAverage([7])).toEqual([7]);
    expect(movingAverage([2, 4])).toEqual([2, 4]);
  });
});

describe('isSampledRate', () => {
  const curve = (points: Curve['points']): Curve => ({ label: 'x', color: '#000', points });
  it('is true only when every point has a sample of games', () => {
    expect(isSampledRate(curve([[0, 50, 10], [1, 60, 10]]))).toBe(true);
    expect(isSampledRate(curve([[0, 50, 10], [1, 60]]))).toBe(false);
    expect(isSampledRate(curve([[0, 50, 0]]))).toBe(false);
    expect(isSampledRate(curve([]))).toBe(false);
  });
});

describe('compactCount', () => {
  it('writes counts as 950, 12.5k, 2.1M', () => {
    expect(compactCount(0)).toBe('0');
    expect(compactCount(950)).toBe('950');
    expect(compactCount(999.6)).toBe('1000');
    expect(compactCount(1000)).toBe('1k');
    expect(compactCount(1250)).toBe('1.3k');
    expect(compactCount(12_500)).toBe('13k');
    expect(compactCount(9_999)).toBe('10k');
    expect(compactCount(1_000_000)).toBe('1M');
    expect(compactCount(2_100_000)).toBe('2.1M');
    expect(compactCount(2_000_000)).toBe('2M');
    expect(compactCount(25_000_000)).toBe('25M');
  });
  it('keeps the first two digits of a fraction below 10, so that a log axis of seconds reads 0.01, 0.1', () => {
    expect(compactCount(0.1)).toBe('0.1');
    expect(compactCount(0.01)).toBe('0.01');
    expect(compactCount(0.0858)).toBe('0.086');
    expect(compactCount(0.5)).toBe('0.5');
    expect(compactCount(2.54)).toBe('2.5');
    expect(compactCount(9)).toBe('9');
  });
});

describe('bandShade: fainter bands when many overlap', () => {
  it('keeps one or two bands as they were, fades more, and stops at a floor', () => {
    expect(bandShade(1)).toBe(0.16);
    expect(bandShade(2)).toBe(0.16);
    expect(bandShade(4)).toBeCloseTo(0.08);
    expect(bandShade(3)).toBeLessThan(0.16);
    expect(bandShade(4)).toBeLessThan(bandShade(3));
    expect(bandShade(20)).toBe(0.06);
  });
});

describe('the bands’ note', () => {
  it('speaks of any share of games measured on a sample, so that it fits a chart of games lost as well as one of games won', () => {
    for (const words of [BAND_NOTE, BAND_WORDS]) {
      expect(words).not.toMatch(/win rate/);
      expect(words).toMatch(/share of games/);
    }
  });
});

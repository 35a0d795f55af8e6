import { describe, expect, it } from 'vitest';
import { getPath, setPath } from './fields';

describe('dotted paths into settings', () => {
  it('getPath reads nested values, and undefined where the path leads nowhere', () => {
    const s = { alpha: 0.1, hounds: { alpha: 0.2, net: { hidden: 40 } }, none: null };
    expect(getPath(s, 'alpha')).toBe(0.1);
    expect(getPath(s, 'hounds.alpha')).toBe(0.2);
    expect(getPath(s, 'hounds.net.hidden')).toBe(40);
    expect(getPath(s, 'hounds.net')).toEqual({ hidden: 40 });
    expect(getPath(s, 'hounds.beta')).toBeUndefined();
    expect(getPath(s, 'alpha.x')).toBeUndefined();
    expect(getPath(s, 'none.x')).toBeUndefined();
    expect(getPath(s, 'missing.x.y')).toBeUndefined();
  });

  it('setPath writes nested values, making the objects on the way and keeping the rest', () => {
    const s: Record<string, unknown> = { alpha: 0.1, hounds: { alpha: 0.2 }, flat: 3 };
    setPath(s, 'hounds.gamma', 0.9);
    setPath(s, 'hare.net.hidden', 20);
    setPath(s, 'flat.inner', true);
    setPath(s, 'alpha', 0.5);
    expect(s).toEqual({ alpha: 0.5, hounds: { alpha: 0.2, gamma: 0.9 }, hare: { net: { hidden: 20 } }, flat: { inner: true } });
    expect(getPath(s, 'hare.net.hidden')).toBe(20);
  });
});

import { describe, expect, it } from 'vitest';
import { howTheyPlay, openingsHelp } from './words';

describe('what the Ladder tab says its games are', () => {
  it('pairs the players of one side with those of the other where the sides differ', () => {
    const words = howTheyPlay(['Hounds', 'Hare'], true, [{ side: 0 }, { side: 1 }, { side: 1 }]);
    expect(words).toBe('Every Hounds player in the ladder plays every Hare player from the same starting positions, each always on its own side.');
    expect(words).not.toMatch(/each side/);
    expect(openingsHelp(1600, ['Hounds', 'Hare'], true, [])).toMatch(/^Each pair of a Hounds player and a Hare player plays this many of the 1600 shipped starting positions, once each\./);
  });

  it('says each pair plays on each side where every player plays both', () => {
    expect(howTheyPlay(['Black', 'White'], false, [{ side: null }, {}])).toBe('Every player in the ladder plays every other from the same starting positions, once on each side.');
    expect(openingsHelp(50, ['Black', 'White'], false, [{ side: null }])).toMatch(/each once with each colour\. More/);
  });

  it('says which players play one side only, and that they do not meet each other', () => {
    const words = howTheyPlay(['Red', 'Yellow'], false, [{ side: null }, { side: null }, { side: 0 }, { side: 0 }, { side: 0 }]);
    expect(words).toBe(
      'Every player in the ladder plays every other from the same starting positions, once on each side where both can. 3 players play only as Red (who moves first): they meet the others once from each position, and not each other.',
    );
    expect(howTheyPlay(['Red', 'Yellow'], false, [{ side: null }, { side: 1 }])).toContain('1 player plays only as Yellow: it meets the others once from each position.');
    expect(openingsHelp(100, ['Red', 'Yellow'], false, [{ side: 0 }])).toContain('(once, where a player plays one colour only)');
  });
});

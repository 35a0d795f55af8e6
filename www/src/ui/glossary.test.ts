import { describe, expect, it } from 'vitest';
import type { GlossaryTerm } from '../games/plugin';
import { COMMON_TERMS, glossaryMatches } from './glossary';

const ql: GlossaryTerm = { words: ['QL1', 'QL2'], meaning: 'how the network sees the board' };
const msb: GlossaryTerm = { words: ['MSB'], meaning: 'maximum stable' };
const words = (text: string, terms: GlossaryTerm[]) => glossaryMatches(text, terms).map((m) => [m.index, m.word]);

describe('glossaryMatches: the first use of each word of the glossary', () => {
  it('finds whole words in any case, each term once', () => {
    expect(words('MSB beats msb; QL2 and QL1', [ql, msb])).toEqual([
      [0, 'MSB'],
      [15, 'QL2'],
    ]);
    expect(words('MSBs and XMSB', [msb])).toEqual([]);
  });
  it('finds a word joined by a hyphen to a capital or a digit, not to a lower-case word', () => {
    expect(words('Run 1: QL1-H40 sigmoid self-play', [ql])).toEqual([[7, 'QL1']]);
    expect(words('an MSB-trained network', [msb])).toEqual([]);
    expect(words('ql1-h8-arctan-self', [ql])).toEqual([]);
    expect(words('pre-MSB', [msb])).toEqual([]);
  });
  it('explains the letters of a run’s settings', () => {
    expect(words('α=0.5 γ=0.9 ε=0.02 vs random player', COMMON_TERMS)).toEqual([
      [0, 'α'],
      [6, 'γ'],
      [12, 'ε'],
    ]);
    expect(words('TD(λ = 0.3) and Q-learning', COMMON_TERMS).map(([, w]) => w)).toEqual(['λ', 'Q-learning']);
  });
});

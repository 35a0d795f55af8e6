import { describe, expect, it } from 'vitest';
import type { RunKindInfo } from '../core/protocol';
import { legends } from './legends';

const kinds = [{ fields: [{ id: 'hidden', label: 'Hidden nodes' }, { id: 'c', label: 'β constant C (β = games / C)' }, { id: 'seed', label: 'Seed' }] }] as unknown as RunKindInfo[];
const run = (name: string, settings: Record<string, unknown> | null) => ({ name, settings });

describe('legends', () => {
  it('names an experiment’s runs by their varied settings', () => {
    const runs = [run('Run 1', { label: 'α=0.5 γ=0.9', seed: 3 }), run('Run 2', { label: 'α=0.1 γ=0.9', seed: 4 })];
    expect(legends(runs, kinds)).toEqual(['α 0.5, γ 0.9', 'α 0.1, γ 0.9']);
  });
  it('names other runs by the settings that differ, leaving the seed out when something else differs', () => {
    const runs = [run('Run 1', { hidden: 40, c: 3e6, seed: 1 }), run('Run 2', { hidden: 64, c: 3e6, seed: 2 })];
    expect(legends(runs, kinds)).toEqual(['hidden nodes 40', 'hidden nodes 64']);
    const nested = [run('Run 1', { learner: { alpha: 0.5 }, seed: 1 }), run('Run 2', { learner: { alpha: 0.25 }, seed: 1 })];
    expect(legends(nested, kinds)).toEqual(['alpha 0.5', 'alpha 0.25']);
  });
  it('names runs that differ only by seed by their seeds, and a run alone or identical runs by their names', () => {
    expect(legends([run('Run 1', { hidden: 40, seed: 1 }), run('Run 2', { hidden: 40, seed: 2 })], kinds)).toEqual(['seed 1', 'seed 2']);
    expect(legends([run('Run 1', { hidden: 40 })], kinds)).toEqual(['Run 1']);
    expect(legends([run('Run 1', { hidden: 40 }), run('Run 2', { hidden: 40 })], kinds)).toEqual(['Run 1', 'Run 2']);
  });
});

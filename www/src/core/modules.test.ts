import { describe, expect, it } from 'vitest';
import { lacksLearner, loadsLearners, playerNeedsLearners, runNeedsLearners, workerName } from './modules';
import type { GameInfo } from './protocol';

const info = {
  runs: [
    { id: 'q', needsLearners: false },
    { id: 'td', needsLearners: true },
  ],
  players: [
    { id: 'random', needsLearners: false },
    { id: 'hand', needsLearners: true },
  ],
} as unknown as GameInfo;

describe('the two modules', () => {
  it('a worker’s name says which module it loads', () => {
    expect(loadsLearners(workerName('pool-2', true))).toBe(true);
    expect(loadsLearners(workerName('pool-2', false))).toBe(false);
    expect(workerName('thinker', false)).toBe('thinker');
  });

  it('runs and players that need the learners’ module, by their marks', () => {
    expect(runNeedsLearners(info, 'td')).toBe(true);
    expect(runNeedsLearners(info, 'q')).toBe(false);
    expect(runNeedsLearners(info, 'other')).toBe(false);
    expect(playerNeedsLearners(info, 'hand')).toBe(true);
    expect(playerNeedsLearners(info, 'random')).toBe(false);
    expect(playerNeedsLearners(info, 'model')).toBe(false);
  });

  it('the engine’s error for a learner the first module lacks (src/plugin/mod.rs, in_learners_module) is recognised, and no other', () => {
    expect(lacksLearner("this module has no genetic algorithm: the page's learners' module has it")).toBe(true);
    expect(lacksLearner("this model cannot continue training: this module has no TD learner: the page's learners' module has it")).toBe(true);
    expect(lacksLearner('not a model file: bad magic')).toBe(false);
  });
});

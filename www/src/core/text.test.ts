import { describe, expect, it } from 'vitest';
import { fileCount, formatDuration, resumeRunLabel, runDetail, runText, unrepeatedFileName, upperFirst } from './text';

it('upperFirst capitalises the first letter only', () => {
  expect(upperFirst('the thinking worker')).toBe('The thinking worker');
  expect(upperFirst('Already')).toBe('Already');
  expect(upperFirst('über')).toBe('Über');
  expect(upperFirst('a')).toBe('A');
  expect(upperFirst('')).toBe('');
  expect(upperFirst('1 game')).toBe('1 game');
});

describe('unrepeatedFileName', () => {
  it('drops the games count a name already says', () => {
    expect(unrepeatedFileName('mygame-run-5-200-000-games-200k.selfplay')).toBe('mygame-run-5-200-000-games.selfplay');
    expect(unrepeatedFileName('mygame-method-2-1-000-000-games-1M.selfplay')).toBe('mygame-method-2-1-000-000-games.selfplay');
    expect(unrepeatedFileName('mygame-best-200k-200k-checkpoint.selfplay')).toBe('mygame-best-200k-checkpoint.selfplay');
  });
  it('keeps a count the name does not say', () => {
    expect(unrepeatedFileName('mygame-ql1-h64-arctan-2.1M.selfplay')).toBe('mygame-ql1-h64-arctan-2.1M.selfplay');
    expect(unrepeatedFileName('mygame-run-5-200k.selfplay')).toBe('mygame-run-5-200k.selfplay');
    expect(unrepeatedFileName('mygame-run-5-100-000-games-200k.selfplay')).toBe('mygame-run-5-100-000-games-200k.selfplay');
    expect(unrepeatedFileName('mygame-values-0.selfplay')).toBe('mygame-values-0.selfplay');
    expect(unrepeatedFileName('notes.txt')).toBe('notes.txt');
  });
  it('writes counts as the engine does', () => {
    expect([999, 1000, 1500, 12_345, 999_999, 2_100_000, 9_990_000, 3e9].map(fileCount)).toEqual(['999', '1k', '1.5k', '12k', '1M', '2.1M', '10M', '3G']);
  });
});

describe('formatDuration', () => {
  it('says seconds, minutes and hours, never 60 of the smaller unit', () => {
    expect(formatDuration(0.2)).toBe('1 s');
    expect(formatDuration(59)).toBe('59 s');
    expect(formatDuration(78.5)).toBe('1 min 19 s');
    expect(formatDuration(119.6)).toBe('2 min 0 s');
    expect(formatDuration(3599.7)).toBe('1 h 0 min');
    expect(formatDuration(7170)).toBe('2 h 0 min');
    expect(formatDuration(Infinity)).toBe('–');
  });
});

it('runText names a run in the header’s list by its kind of run, in the page’s words, and tells it from others of that kind by its settings and seed', () => {
  expect(runText('Run 1', 'Q-learning with a neural network', 'QL1-H40 sigmoid self-play, seed 1')).toBe('Run 1: Q-learning with a neural network (QL1-H40 sigmoid self-play, seed 1)');
  expect(runText('', 'Tabular Q-learning', 'simple opponent, seed 7')).toBe('Tabular Q-learning (simple opponent, seed 7)');
  expect(runText('', 'Tabular Q-learning', '')).toBe('Tabular Q-learning');
  // A kind not known (from a later version): the run's own name.
  expect(runText('Run 2', undefined, 'QL1-H40 sigmoid self-play, seed 1')).toBe('Run 2: QL1-H40 sigmoid self-play, seed 1');
  expect(runText('Run 2', undefined, '')).toBe('Run 2: starting');
  expect(runText('', undefined, '')).toBe('a run');
});

it('two unfinished runs of one kind in one game read differently, and so do their Resume buttons', () => {
  // A study preset's runs: no "Run N" (they come from storage), one kind, seeds apart.
  const a = runText('', 'Tabular Q-learning', 'convergence, seed 1000003');
  const b = runText('', 'Tabular Q-learning', 'convergence, seed 1000004');
  expect(a).not.toBe(b);
  expect(a).toContain('seed 1000003');
  expect(resumeRunLabel('A game', a)).not.toBe(resumeRunLabel('A game', b));
  expect(resumeRunLabel('A game', a)).toBe('Resume A game: Tabular Q-learning (convergence, seed 1000003)');
  // Long settings are cut at a word, the seed kept.
  const long = 'α=0.1 γ=0.9 ε=0.5 vs perfect player, learner plays second, mirror images shared, looking 2 moves ahead';
  const c = runText('', 'Tabular Q-learning', `${long}, seed 5`);
  const d = runText('', 'Tabular Q-learning', `${long}, seed 6`);
  expect(c).not.toBe(d);
  expect(c).toMatch(/…, seed 5\)$/);
  expect(runDetail(`${long}, seed 5`).length).toBeLessThanOrEqual(48);
  expect(resumeRunLabel('A game', c)).not.toBe(resumeRunLabel('A game', d));
});

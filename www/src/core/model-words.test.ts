import { describe, expect, it } from 'vitest';
import { describeModel } from './model-words';
import type { FieldSpec, GameInfo, ModelInfo } from './protocol';

/** A model file's reading with the fields describeModel uses; the rest left empty. */
function model(algorithmTitle: string, arrays: [string, number[]][], extra: Partial<ModelInfo> = {}): ModelInfo {
  return {
    name: 'm', kind: 'model', game: 'g', variant: '', algorithm: 'algo', algorithmTitle, encoding: '',
    hyper: {}, seed: 1n, gamesTrained: 0, trainSeconds: 0, evaluation: null, curve: null, charts: null, created: '', producer: '',
    fileName: 'm.selfplay', size: 0, summary: '', winRates: {}, plays: true, side: null, continuesAs: null, weights: false, settingsFor: null,
    arrays: arrays.map(([name, shape]) => ({ name, dtype: 'f32', shape })),
    ...extra,
  };
}

/** A game whose run kinds offer these encodings as a choice field. */
function game(encodings: [string, string][], continueEncodings: [string, string][] = []): GameInfo {
  const choice = (id: string, options: [string, string][]): FieldSpec => ({
    id, label: 'Input encoding', help: '', type: 'choice', default: options[0]?.[0] ?? '',
    options: options.map(([value, label]) => ({ value, label })),
  });
  return {
    id: 'g', title: 'G', blurb: '', sides: ['A', 'B'], geometry: { kind: 'grid', rows: 8, cols: 8 }, players: [], modelSettings: [], built: true, ladderOpenings: 0, ladderPerSide: false,
    runs: [{
      id: 'q', title: 'Q', about: '', presets: [], charts: [], snapshots: [], watchable: false, needsLearners: false, showsWeights: false,
      fields: [{ id: 'alpha', label: 'α', help: '', type: 'float', min: 0, max: 1, step: 0.01, default: 0.1 }, choice('encoding', encodings)],
      continueFields: [choice('encoding2', continueEncodings)],
    }],
  };
}

describe('describeModel', () => {
  it('a network: inputs from the first weights, its hidden units and activation', () => {
    const net = model('a Q-network', [['w/0', [40, 64]], ['b/0', [40]], ['w/1', [1, 40]], ['b/1', [1]]], { hyper: { activation: 'sigmoid' } });
    expect(describeModel(net, undefined)).toBe('Q-network, 64 inputs, 40 hidden units, sigmoid');
  });

  it('a network stored inputs-first reads its inputs from the other side of the shape', () => {
    const net = model('the MLP', [['w/0', [128, 40]], ['b/0', [40]], ['w/1', [40, 1]], ['b/1', [1]]]);
    expect(describeModel(net, undefined)).toBe('MLP, 128 inputs, 40 hidden units');
  });

  it('several hidden layers, counts with thousands separators', () => {
    const net = model('an MLP', [['w/0', [1200, 1500]], ['b/0', [1200]], ['w/1', [30, 1200]], ['b/1', [30]], ['w/2', [1, 30]], ['b/2', [1]]]);
    expect(describeModel(net, undefined)).toBe('MLP, 1,500 inputs, hidden layers of 1,200, 30 units');
  });

  it('a network with the encoding the game names, in the words after the dash', () => {
    const net = model('a Q-network', [['w/0', [40, 64]], ['b/0', [40]], ['w/1', [1, 40]], ['b/1', [1]]], { encoding: 'ql1' });
    const g = game([['ql1', 'QL1 — 64 inputs, mover’s view'], ['ql2', 'QL2']]);
    expect(describeModel(net, g)).toBe('Q-network, 64 inputs, mover’s view, 40 hidden units');
    // A label without a dash is taken whole; continued runs' fields count too.
    expect(describeModel({ ...net, encoding: 'ql2' }, g)).toBe('Q-network, QL2, 40 hidden units');
    expect(describeModel({ ...net, encoding: 'c' }, game([], [['c', 'Cont — by columns']]))).toBe('Q-network, by columns, 40 hidden units');
    // An encoding the game does not offer says nothing; the inputs are counted instead.
    expect(describeModel({ ...net, encoding: 'other' }, g)).toBe('Q-network, 64 inputs, 40 hidden units');
  });

  it('a dense Q-table: positions × moves', () => {
    expect(describeModel(model('a Q-table', [['q', [500, 7]]]), undefined)).toBe('Q-table, 3,500 entries (500 positions × 7 moves)');
  });

  it('a hashed Q-table: entries, hashed when keys of the same length sit beside them', () => {
    expect(describeModel(model('a Q-table', [['q/values', [12345]], ['q/keys', [12345]]]), undefined)).toBe('Q-table, 12,345 entries (hashed)');
    expect(describeModel(model('a Q-table', [['q/values', [12345]], ['q/keys', [99]]]), undefined)).toBe('Q-table, 12,345 entries');
    expect(describeModel(model('a Q-table', [['q', [10]]]), undefined)).toBe('Q-table, 10 entries');
  });

  it('weights, and a genetic algorithm’s population', () => {
    expect(describeModel(model('a weighted player', [['w', [4, 8]]]), undefined)).toBe('Weighted player, 32 weights');
    expect(describeModel(model('a genetic algorithm', [['population', [30, 12]]]), undefined)).toBe('Genetic algorithm, 12 weights, population of 30');
  });

  it('falls back to the algorithm’s id, and says nothing of arrays it does not know', () => {
    expect(describeModel(model('', [['something', [3]]], { algorithm: 'minimax' }), undefined)).toBe('Minimax');
  });
});

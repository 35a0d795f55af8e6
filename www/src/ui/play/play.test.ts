import { describe, expect, it } from 'vitest';
import type { Analysis, GameInfo, GameState, MoveEntry, PlayerInfo, Progress } from '../../core/protocol';
import type { ModelMeta } from '../../core/storage';
import { describeProgress } from './game';
import { fittingModel, waitingText } from './missing-model';
import { isPass, moveRows, moveTitle, playedLine } from './move-list';
import { HUMAN, aboutPlayer, aboutText, firstSentence, settingText } from './players';
import { moveAnnouncement, mustPass } from './status';
import { heatOf, hintWords } from './values';

const move = (text: string, side: 0 | 1, cell: number | null = 0, from?: number): MoveEntry => ({ text, side, cell, from });

describe('the move list', () => {
  it('puts each turn on a row, the first side left and the second right', () => {
    const h = [move('f5', 0), move('d6', 1), move('c3', 0), move('d3', 1), move('c4', 0)];
    expect(moveRows(h)).toEqual([
      [[0], [1]],
      [[2], [3]],
      [[4], null],
    ]);
  });
  it('keeps a turn of several moves in one cell, and starts a row when the second side opens', () => {
    // A game of one stone, then two a turn.
    const c6 = [move('J10', 0), move('L9', 1), move('L10', 1), move('K11', 0), move('L12', 0), move('I9', 1)];
    expect(moveRows(c6)).toEqual([
      [[0], [1, 2]],
      [[3, 4], [5]],
    ]);
    expect(moveRows([move('a', 1), move('b', 0), move('c', 1)])).toEqual([
      [null, [0]],
      [[1], [2]],
    ]);
    expect(moveRows([])).toEqual([]);
  });
  it('tells a pass (no cell, no piece moved) from a move', () => {
    expect(isPass(move('pass', 1, null))).toBe(true);
    expect(isPass(move('a1-a2', 0, null, 3))).toBe(false);
    expect(isPass(move('f5', 0, 37))).toBe(false);
  });
  it('titles a move with its number, side, text and whether it is undone', () => {
    const sides = ['Black', 'White'];
    expect(moveTitle(sides, move('f5', 0), 0, 1)).toBe('Move 1, Black: f5 — show the position after it');
    expect(moveTitle(sides, move('d6', 1), 1, 1)).toBe('Move 2, White: d6 (undone) — show the position after it');
    expect(moveTitle(sides, move('pass', 1, null), 3, 9)).toBe('Move 4, White: passed (no legal move) — show the position after it');
  });
  it('counts the moves played under the list, with the seed', () => {
    expect(playedLine(7, 0)).toBe('Seed 7 · 0 moves played');
    expect(playedLine(7, 1)).toBe('Seed 7 · 1 move played');
    expect(playedLine(123, 12)).toBe('Seed 123 · 12 moves played');
  });
});

const analysis = (extra: Partial<Analysis>): Analysis => ({
  units: 'exact score',
  scale: { kind: 'relative' },
  position: null,
  moves: [],
  complete: true,
  nodes: 0,
  ms: 0,
  ...extra,
});
const valued = (text: string, cell: number | null, value: number | null, best = false, label: string | null = null) => ({ text, cell, from: null, value, label, best });

describe('values on the board and hints', () => {
  it('maps the valued moves by cell, on the analysis’s fixed scale', () => {
    const h = heatOf(analysis({ scale: { kind: 'fixed', min: -1, max: 1 }, units: 'Q', moves: [valued('a1', 0, 0.5), valued('pass', null, 0.1), valued('b1', 1, null)] }));
    expect([...h.values]).toEqual([[0, 0.5]]);
    expect(h).toMatchObject({ min: -1, max: 1, units: 'Q', fixed: true });
  });
  it('stretches a relative scale from the lowest value shown to the highest', () => {
    const h = heatOf(analysis({ moves: [valued('a1', 0, 3), valued('b1', 1, -2), valued('c1', 2, 1)] }));
    expect(h).toMatchObject({ min: -2, max: 3, fixed: false });
  });
  it('words a hint best first, with labels, unvalued moves last and what the values are', () => {
    const a = analysis({ moves: [valued('c4', 2, null), valued('d3', 1, 0.25), valued('f5', 0, 1, true, '+1 (win)')] });
    expect(hintWords(a)).toBe('f5 (best): +1 (win) · d3: +0.25 · c4: – — exact score');
    expect(hintWords({ ...a, complete: false })).toMatch(/^Partial \(time ran out\): f5/);
  });
});

describe('the game’s words', () => {
  it('tells a search’s progress', () => {
    const p: Progress = { nodes: 12_345, ms: 1, depth: 6, best: null, score: null, note: 'pv f5', lower: null, upper: null, moves: [] };
    expect(describeProgress(p)).toBe('depth 6 · 12k positions · pv f5');
    expect(describeProgress({ ...p, depth: null, nodes: 999, note: '' })).toBe('999 positions');
  });

  const state = (extra: Partial<GameState>): GameState => ({
    game: 'test', title: 'Test', sides: ['Black', 'White'], rows: 8, cols: 8, cells: [], toMove: 1, legal: [],
    lastMove: move('f5', 0, 37), changed: [], counts: null, notice: null, status: null, outcome: null, history: [], cursor: 1, position: '',
    ...extra,
  });
  it('announces a move with the engine’s notice and the result', () => {
    expect(moveAnnouncement('Black', state({}))).toBe('Black played f5.');
    // A game whose moves read better named ("column 4").
    expect(moveAnnouncement('Yellow', state({}), (m) => `move ${m}`)).toBe('Yellow played move f5.');
    expect(moveAnnouncement('Black (Minimax)', state({ notice: 'White has no move and passes.', outcome: { winner: 0, text: 'Black wins 40–24.', cells: [] } }))).toBe(
      'Black (Minimax) played f5. White has no move and passes. Black wins 40–24.',
    );
  });
  it('shows Pass only to a person whose every legal move is a pass', () => {
    const pass = { text: 'pass', cell: null };
    const put = { text: 'd3', cell: 19 };
    expect(mustPass(state({ legal: [pass] }), true)).toBe(true);
    expect(mustPass(state({ legal: [pass] }), false)).toBe(false);
    expect(mustPass(state({ legal: [pass, put] }), true)).toBe(false);
    expect(mustPass(state({ legal: [] }), true)).toBe(false);
  });
});

const info = { id: 'test', sides: ['Black', 'White'] } as unknown as GameInfo;

describe('players', () => {
  const minimax: PlayerInfo = { id: 'mm', label: 'Minimax', description: 'searches ahead', sides: [true, true], searches: true, settings: [], savesSettings: false, solve: null, needsLearners: false };
  it('says what the chosen player does', () => {
    const about = (...a: Parameters<typeof aboutPlayer>) => aboutText(aboutPlayer(...a));
    expect(about(HUMAN, undefined, undefined)).toBe('A person plays on the board.');
    expect(about('mm', minimax, undefined)).toBe('Minimax: searches ahead.');
    const model = { name: 'net:1', label: 'Net 1', side: null, key: 'k', bytes: null, libraryId: '1' };
    expect(about('net:1', undefined, model)).toBe('Net 1: a trained model from the library.');
    expect(about('net:2', undefined, undefined)).toBe('A model: a trained model from the library.');
  });
  it('says a rated player’s rating and its word, what they mean in a tooltip, and why another has none', () => {
    const ready = { name: 'ready:a', label: 'Table · after 10 games', side: 0 as const, key: 'ready:a', bytes: null, libraryId: null, ready: { about: 'The textbook’s table.' } as never };
    const seat = { name: 'Table', player: 'model', model: 'a', side: 0 as const, elo: 412, interval: 38, games: 400, score: 250 };
    // The measures are short on the line; what they mean is in their tooltips.
    expect(aboutPlayer('ready:a', undefined, ready, { seat, figures: '412\u00a0±\u00a038', word: 'good', meaning: 'Elo on this game’s ladder.' })).toEqual([
      { text: 'Table · after 10 games: ready-made, the textbook’s table.' },
      { text: 'Rating 412\u00a0±\u00a038 (good)', meaning: 'Elo on this game’s ladder.' },
    ]);
    // A longer description: its first sentence on the line, the rest on request.
    const long = { ...ready, ready: { about: 'A table of 0.5 values. It learned fast.' } as never };
    expect(aboutPlayer('ready:a', undefined, long)).toEqual([{ text: 'Table · after 10 games: ready-made, a table of 0.5 values.', more: 'It learned fast.' }]);
    expect(aboutText(aboutPlayer('ready:a', undefined, long))).toBe('Table · after 10 games: ready-made, a table of 0.5 values. It learned fast.');
    expect(firstSentence('One. Two. Three')).toEqual(['One.', 'Two. Three']);
    expect(firstSentence('TD(0) with a step of 0.5: one sentence.')).toEqual(['TD(0) with a step of 0.5: one sentence.', '']);
    expect(firstSentence('Trained vs. MSB, e.g. Random. Then more.')).toEqual(['Trained vs. MSB, e.g. Random.', 'Then more.']);
    const an = { ...ready, ready: { about: 'A table.' } as never };
    expect(aboutText(aboutPlayer('ready:a', undefined, an))).toBe('Table · after 10 games: ready-made, a table.');
    expect(aboutText(aboutPlayer('mm', minimax, undefined, { seat: { ...seat, elo: 900, interval: 40 }, figures: '900\u00a0±\u00a040', word: 'strong', meaning: 'm' }))).toBe('Minimax: searches ahead. Rating 900\u00a0±\u00a040 (strong).');
    // Not rated as set now: the line says why, in words.
    expect(aboutText(aboutPlayer('mm', minimax, undefined, null, 'Not rated at this level; the ladder rates level 1: 100, 2: 300.'))).toBe('Minimax: searches ahead. Not rated at this level; the ladder rates level 1: 100, 2: 300.');
  });
  it('tells a side that waits for the link’s model', () => {
    expect(waitingText(info, 1)).toBe('White to move: the link’s model is waiting for its file (below the players).');
  });
  it('takes an imported model that plays the waiting sides, or says why none can', () => {
    const meta = (name: string, side: 0 | 1 | null) => ({ id: name, name, side }) as ModelMeta;
    expect(fittingModel(info, [1], [{ meta: meta('w', 1), message: '' }])).toEqual({ meta: meta('w', 1) });
    expect(fittingModel(info, [0, 1], [{ meta: meta('b', 0), message: '' }, { meta: meta('both', null), message: '' }])).toEqual({ meta: meta('both', null) });
    expect(fittingModel(info, [1], [{ meta: meta('b', 0), message: '' }])).toEqual({ why: '“b” plays Black, not White.' });
    expect(fittingModel(info, [1], [{ meta: null, message: 'not a model file' }])).toEqual({ why: 'not a model file' });
    expect(fittingModel(info, [1], [])).toEqual({ why: 'no file was read.' });
  });
});

describe('a player’s setting in its line', () => {
  it('puts the unit of the label after the value, in the singular for 1', () => {
    expect(settingText('Level', '10')).toBe('Level 10');
    expect(settingText('Look ahead (moves)', '0')).toBe('Look ahead 0 moves');
    expect(settingText('Look ahead (moves)', '1')).toBe('Look ahead 1 move');
    expect(settingText('Look ahead (moves)', '2')).toBe('Look ahead 2 moves');
  });
});

// A model in words, for people: what kind of learner it is and its size —
// "Q-network, 64 inputs, mover’s view, 40 hidden units, sigmoid" or
// "Q-table, 12,345 entries (hashed)". Built only from what the engine says
// of any model file (its algorithm, arrays and their shapes, settings and
// input encoding) and of the game (the encoding's name in the run kinds'
// fields), so that it never depends on a particular game.

import type { FieldSpec, GameInfo, ModelInfo } from './protocol';
import { upperFirst } from './text';

const count = (n: number) => n.toLocaleString('en-US');

/** "a Q-network" → "Q-network". */
function noun(title: string): string {
  return upperFirst(title.replace(/^(a|an|the) /i, ''));
}

/** The words the game's fields give an encoding ("QL1 — 64 inputs, mover’s view" → "64 inputs, mover’s view"), if any. */
function encodingWords(encoding: string, game: GameInfo | undefined): string | null {
  if (!game) return null;
  const fields: FieldSpec[] = game.runs.flatMap((k) => [...k.fields, ...k.continueFields]);
  for (const f of fields) {
    if (f.type !== 'choice') continue;
    const c = f.options.find((o) => o.value === encoding);
    if (c) return c.label.includes(' — ') ? c.label.split(' — ').slice(1).join(' — ') : c.label;
  }
  return null;
}

type Arrays = ModelInfo['arrays'];

const shapeOf = (arrays: Arrays, name: string) => arrays.find((a) => a.name === name)?.shape;

/** A network's layers: its inputs and hidden units, from the weights' and biases' shapes ("w/0", "b/0", …). */
function networkWords(arrays: Arrays, hyper: Record<string, unknown>, encoding: string | null): string[] {
  const out: string[] = [];
  const biases: number[] = [];
  for (let i = 0; shapeOf(arrays, `b/${i}`); i++) biases.push(shapeOf(arrays, `b/${i}`)![0]);
  const w0 = shapeOf(arrays, 'w/0');
  if (encoding) out.push(encoding);
  else if (w0 && biases.length > 0) out.push(`${count(w0[0] === biases[0] ? w0[1] : w0[0])} inputs`);
  const hidden = biases.slice(0, -1);
  if (hidden.length === 1) out.push(`${count(hidden[0])} hidden units`);
  else if (hidden.length > 1) out.push(`hidden layers of ${hidden.map(count).join(', ')} units`);
  if (typeof hyper.activation === 'string') out.push(hyper.activation);
  return out;
}

/** A Q-table's size: dense (positions × actions) or hashed (entries, with their keys beside them). */
function tableWords(arrays: Arrays): string[] {
  const q = shapeOf(arrays, 'q') ?? shapeOf(arrays, 'q/values');
  if (!q) return [];
  if (q.length === 2) return [`${count(q[0] * q[1])} entries (${count(q[0])} positions × ${count(q[1])} moves)`];
  const keyed = arrays.some((a) => a.name !== 'q' && a.name !== 'q/values' && a.name.startsWith('q') && a.shape[0] === q[0]);
  return [`${count(q[0])} entries${keyed ? ' (hashed)' : ''}`];
}

/** Weights, tuned or learned: how many, and the population of a genetic algorithm. */
function weightWords(arrays: Arrays): string[] {
  const pop = shapeOf(arrays, 'population');
  if (pop && pop.length === 2) return [`${count(pop[1])} weights`, `population of ${count(pop[0])}`];
  const w = shapeOf(arrays, 'w');
  return w ? [`${count(w.reduce((a, b) => a * b, 1))} weights`] : [];
}

/**
 * The model in words: its kind of learner, then its size and settings,
 * from the engine's reading of the file (`inspectModel`).
 */
export function describeModel(info: ModelInfo, game: GameInfo | undefined): string {
  const parts = [noun(info.algorithmTitle || info.algorithm)];
  const encoding = encodingWords(info.encoding, game);
  if (shapeOf(info.arrays, 'w/0')) parts.push(...networkWords(info.arrays, info.hyper, encoding));
  else {
    if (encoding) parts.push(encoding);
    parts.push(...tableWords(info.arrays), ...weightWords(info.arrays));
  }
  return parts.join(', ');
}

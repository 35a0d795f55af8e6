// What the page knows about model files: the header that `inspectModel`
// returns (read in the engine worker), and the library record made from it.

import type { Engine } from './engine';
import type { EvalPoint, GameId } from './protocol';
import { newId, type ModelMeta } from './storage';

/** A model file's header, as the engine's `inspectModel` describes it. */
export interface ModelInfo {
  name: string;
  kind: string;
  game: GameId;
  variant: string;
  algorithm: string;
  encoding: string;
  hyper: Record<string, unknown>;
  seed: string;
  gamesTrained: number;
  evaluation: unknown;
  curve: unknown;
  created: string;
  producer: string;
  fileName: string;
  size: number;
}

/** Reads a model file's header; rejects with the engine's message for a bad file. */
export function inspect(engine: Engine, bytes: Uint8Array): Promise<ModelInfo> {
  return engine.value<ModelInfo>({ kind: 'inspect', bytes });
}

/** Win percentages of a curve point, by label ("vs msb as black"). */
export function winRates(point: EvalPoint | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  if (!point) return out;
  for (const r of point.results) {
    for (const side of ['black', 'white'] as const) {
      const rec = r[side];
      const n = rec.wins + rec.draws + rec.losses;
      if (n > 0) out[`vs ${r.opponent} as ${side}`] = (100 * rec.wins) / n;
    }
  }
  return out;
}

/** "QL1 · 64 hidden · arctan · self-play" from a header's hyper-parameters. */
export function summaryOf(info: ModelInfo): string {
  const h = info.hyper;
  const parts = [info.encoding.toUpperCase()];
  if (typeof h.hidden === 'number') parts.push(`${h.hidden} hidden`);
  if (typeof h.activation === 'string') parts.push(h.activation);
  if (typeof h.opponent === 'string') parts.push(h.opponent === 'self' ? 'self-play' : `vs ${h.opponent.toUpperCase()}`);
  return parts.join(' · ');
}

/** The library record of a model file. */
export function metaOf(info: ModelInfo, name: string, id = newId()): ModelMeta {
  const curve = Array.isArray(info.curve) ? (info.curve as EvalPoint[]) : [];
  const now = Date.now();
  return {
    id,
    name,
    game: info.game,
    algorithm: info.algorithm,
    summary: summaryOf(info),
    gamesTrained: info.gamesTrained,
    winRates: winRates(curve[curve.length - 1]),
    fileName: info.fileName,
    size: info.size,
    created: Date.parse(info.created) || now,
    modified: now,
  };
}

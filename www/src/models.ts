// What the page knows about model files: the header that `inspectModel`
// returns (read in the engine worker), and the library record made from it.

import type { Engine } from './engine';
import type { GameId } from './protocol';
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
  /** The learner's configuration in a line ("QL1 · 64 hidden · arctan · self-play"). */
  summary: string;
  /** Win percentages at the curve's last point, by label ("vs msb as black"). */
  winRates: Record<string, number>;
}

/**
 * Reads a model file's header; rejects with the engine's message for a bad
 * file, or for one whose learner cannot be rebuilt from it (so nothing that
 * cannot be played is ever stored).
 */
export function inspect(engine: Engine, bytes: Uint8Array): Promise<ModelInfo> {
  return engine.value<ModelInfo>({ kind: 'inspect', bytes });
}

/** The library record of a model file. */
export function metaOf(info: ModelInfo, name: string, id = newId()): ModelMeta {
  const now = Date.now();
  return {
    id,
    name,
    game: info.game,
    algorithm: info.algorithm,
    summary: info.summary,
    gamesTrained: info.gamesTrained,
    winRates: info.winRates,
    fileName: info.fileName,
    size: info.size,
    created: Date.parse(info.created) || now,
    modified: now,
  };
}

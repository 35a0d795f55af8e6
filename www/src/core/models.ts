// The model library as the views share it: opened once for the page, and
// the library record of a model file made from the engine's reading of it.

import { showNotice } from './notices';
import { describeModel } from './model-words';
import type { GameInfo, ModelInfo } from './protocol';
import { ModelLibrary, newId, type ModelMeta } from './storage';

let library: Promise<ModelLibrary> | null = null;

/** The page's model library (IndexedDB, or memory for this tab). */
export function openLibrary(): Promise<ModelLibrary> {
  library ??= ModelLibrary.open(undefined, {
    blocked: (message) => showNotice(message, 'info'),
    closed: (message) => showNotice(message),
  });
  return library;
}

/** The library record of a model file, from `inspectModel`'s reading of it and its game. */
export function metaOf(info: ModelInfo, game: GameInfo, name: string, id = newId()): ModelMeta {
  const now = Date.now();
  return {
    id,
    name,
    game: info.game,
    algorithm: info.algorithm,
    summary: info.summary,
    description: describeModel(info, game),
    side: info.side,
    continuesAs: info.continuesAs,
    weights: info.weights,
    settingsFor: info.settingsFor?.player ?? null,
    gamesTrained: info.gamesTrained,
    trainSeconds: info.trainSeconds,
    winRates: info.winRates,
    fileName: info.fileName,
    size: info.size,
    created: Date.parse(info.created) || now,
    modified: now,
  };
}

// The page has two builds of the engine module. Every worker loads the
// first, `selfplay` (within the module size budget); a learner too large for
// it is built only into the second, `selfplay-learners` (the first plus
// those learners), which a worker loads instead when its work needs one: a
// run of such a kind, or a player that is such a learner's model. The first
// module still describes those kinds, their presets and their models, so the
// page's thread and the engine worker never need the second. A worker learns
// which module to load from its name. Where the page cannot tell in advance
// (a model file, a checkpoint), it asks a worker with the first module, and
// asks again of one with the learners' module when the first says that it
// lacks the learner (`lacksLearner`).

import type { GameInfo } from './protocol';

const SUFFIX = ' (learners)';

/** A worker's name: `base`, marked when it loads the learners' module. */
export function workerName(base: string, learners: boolean): string {
  return learners ? `${base}${SUFFIX}` : base;
}

/** Whether the worker named `name` loads the learners' module. */
export function loadsLearners(name: string): boolean {
  return name.endsWith(SUFFIX);
}

/** Whether a run of `kind` in `info` trains in the learners' module. */
export function runNeedsLearners(info: GameInfo, kind: string): boolean {
  return info.runs.some((r) => r.id === kind && r.needsLearners);
}

/** Whether the named player `player` of `info` plays in the learners' module. */
export function playerNeedsLearners(info: GameInfo, player: string): boolean {
  return info.players.some((p) => p.id === player && p.needsLearners);
}

/**
 * Whether an engine error says the first module lacks the learner that the
 * learners' module has (the engine's `in_learners_module` message).
 */
export function lacksLearner(message: string): boolean {
  return message.includes("the page's learners' module has it");
}

// A ladder worker: plays rating-ladder games and fits ratings (the engine's
// `ladderTodo`, `ladderGame`, `ladderRatings`, in the learners' module). Each
// game is played by fresh agents, so that a game never depends on the ones
// this worker played before: the same game, whichever worker plays it and
// in whatever order, as `selfplay <game> ladder` plays it. Model files come
// once per worker with the first game that needs them.

import type { Agent } from 'selfplay';
import type { AgentSpec } from './protocol';
import { learnersWasm, serve } from './worker-host';

/** Model files by the key the page gave them. */
const models = new Map<string, Uint8Array>();

/** Keeps the model files a request brings, before any agent is built (one that fails must not lose the other's file). */
function keep(...specs: AgentSpec[]): void {
  for (const spec of specs) if (spec.model?.bytes) models.set(spec.model.key, spec.model.bytes);
}

function agent(spec: AgentSpec): Agent {
  let bytes: Uint8Array | null = null;
  if (spec.model) {
    bytes = models.get(spec.model.key) ?? null;
    if (!bytes) throw new Error('the model file was not sent to the ladder worker');
  }
  return new (learnersWasm().Agent)(spec.game, spec.player, spec.settings, bytes);
}

serve('the ladder worker', {
  ladderTodo: (cmd) => learnersWasm().ladderTodo(cmd.game, cmd.table, cmd.players, cmd.openings),
  ladderGame: (cmd, ctx) => {
    keep(cmd.first.agent, cmd.second.agent);
    const first = agent(cmd.first.agent);
    try {
      const second = agent(cmd.second.agent);
      try {
        return learnersWasm().ladderGame(cmd.game, cmd.opening, cmd.first.name, cmd.second.name, first, second, cmd.seed, ctx.progress);
      } finally {
        second.free();
      }
    } finally {
      first.free();
    }
  },
  ladderRatings: (cmd) => learnersWasm().ladderRatings(cmd.table, cmd.anchor, cmd.perSide),
});

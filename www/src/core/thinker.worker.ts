// The thinking worker: every computer player's move and every analysis
// (heat maps, hints) is asked of an `Agent` here, with a budget and progress
// reports; the learners' one also shows a model's weights. Agents are kept
// between requests, one per player, settings and model, so a searching
// player keeps its tables. To cancel a think, the page
// ends this worker and starts a fresh one; agents are rebuilt lazily there,
// and the page sends model files again.

import type { Agent } from 'selfplay';
import type { AgentSpec } from './protocol';
import { learnersWasm, serve, wasm } from './worker-host';

const agents = new Map<string, Agent>();
/** Model files by the key the page gave them. */
const models = new Map<string, Uint8Array>();

function agent(spec: AgentSpec): Agent {
  if (spec.model?.bytes) models.set(spec.model.key, spec.model.bytes);
  const key = JSON.stringify([spec.game, spec.player, spec.settings, spec.model?.key ?? null]);
  let a = agents.get(key);
  if (!a) {
    let bytes: Uint8Array | null = null;
    if (spec.model) {
      bytes = models.get(spec.model.key) ?? null;
      if (!bytes) throw new Error('the model file was not sent to the thinking worker');
    }
    a = new (wasm().Agent)(spec.game, spec.player, spec.settings, bytes);
    agents.set(key, a);
  }
  return a;
}

serve('the thinking worker', {
  think: (cmd, ctx) => agent(cmd.agent).think(cmd.position, cmd.seed, cmd.budget, ctx.progress),
  analyze: (cmd, ctx) => agent(cmd.agent).analyze(cmd.position, cmd.budget, ctx.progress),
  // Only the learners' worker is asked (`Thinker.weights`).
  weights: (cmd) => learnersWasm().modelWeights(cmd.bytes) ?? null,
});

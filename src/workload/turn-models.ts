/**
 * @module workload/turn-models — the models a conversation run's turns go to, for the per-model breakdown.
 *
 * A conversation row's `model` is sent as upstream's agentic_inference sends it (the row's own, else `--model`:
 * dataset/conversations/turn-body), so a dataset whose conversations name several
 * models (an agent routing its planner and its coder apart) is a model mix of its own. Each plan entry's model
 * is its body's; `--model` is index 0, as a plain run's one model is (workload/model-workload). A run whose
 * turns all go to `--model` has no models and no breakdown. Pure.
 */
import type { RunModel } from "../record/run-models.ts";
import { assertModelCount, modelIndexer, namedModels } from "./model-index.ts";

interface TurnModels {
  /** `--model` first, then the others in the order the bodies name them; [] when every turn goes to `--model`. */
  models: RunModel[];
  /** Each plan entry's index into `models`; null with no models. */
  modelIndex: Uint16Array | null;
  /** A console line naming the models the rows chose; null with none. */
  note: string | null;
}

/** `bodyModels[b]`: the model body b names; `sampleIndex[i]`: the body plan entry i sends. */
export function turnModels(
  bodyModels: readonly string[],
  runModel: string,
  sampleIndex: Uint32Array,
  datasetName: string,
): TurnModels {
  const models: RunModel[] = [{ name: runModel, tokenizer: null }];
  const bodyIndex = bodyModels.map(modelIndexer(models));
  if (models.length === 1) return { models: [], modelIndex: null, note: null };
  assertModelCount(models, datasetName);
  const named = namedModels(models, 1);
  const own = bodyIndex.filter((m) => m > 0).length;
  return {
    models,
    modelIndex: Uint16Array.from(sampleIndex, (body) => bodyIndex[body] as number),
    note:
      `${datasetName}: ${own} of ${bodyModels.length} turns name their model (a model field) and go to it ` +
      `(${named.join(", ")}); the others to --model ${runModel}`,
  };
}

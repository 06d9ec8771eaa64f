/**
 * @module workload/model-workload — the models a run's requests go to: a mix's (`--model-mix`), the one
 * model (`--model`), and any a dataset row names itself (its `model` column); with them each request's
 * model and body, fixed before the run.
 *
 * How the two combine: a row that names its model is sent to that model, mix or not; the mix shares the
 * other rows' requests by weight (plan/model-assignment), with the run's seed. A mix whose every row names
 * its model would choose for none, and is refused. The bodies are built once per model (a row's body for
 * each model of the mix), so the send path picks a body by index as before and pays nothing for a mix.
 */
import { InputError } from "../errors.ts";
import type { BenchmarkConfig } from "../config/schema/schema.ts";
import type { Dataset } from "../dataset/load-dataset.ts";
import { buildDatasetBodies, buildRequestBody, type RequestBodyParams } from "../dataset/request-body.ts";
import { assignModels } from "../plan/model-assignment.ts";
import type { PhasePlan } from "../plan/phase-plan.ts";
import type { RunModel } from "../record/run-models.ts";
import type { PythonSeed } from "../rng/python-random.ts";
import { assertModelCount, modelIndexer, namedModels } from "./model-index.ts";

export interface ModelWorkload {
  /** Every model the run may send to, by index: the mix's (or the one model) first, then the rows' own. */
  models: RunModel[];
  /** The bodies the plans index: one block of the dataset's rows per mix model (one block without a mix). */
  bodies: string[];
  /** Sets `plan.modelIndex` and `plan.bodyIndex` for its requests (nothing for a one-model run). */
  assign(plan: PhasePlan, seed: PythonSeed): void;
  /** A line for the console when rows name their own models (a dataset's `model` column may predate this use of it). */
  note: string | null;
}

/** A row's own model (its `model` column), null where it names none; `where` names the row in the refusal of a non-text cell. */
export function rowModel(row: Record<string, unknown>, where: string): string | null {
  const model = row.model;
  if (model === undefined || model === null || model === "") return null;
  if (typeof model !== "string") throw new InputError(`${where}: its model column must be a model name (text)`);
  return model.trim();
}

/** Each row's own model, null where it names none (always for SGLang's `/generate`: its body names none). */
function rowModels(dataset: Dataset, params: RequestBodyParams): (string | null)[] {
  return dataset.rows.map((row, index) =>
    params.apiType === "sglang" ? null : rowModel(row as Record<string, unknown>, `${dataset.path}: row ${index + 1}`),
  );
}

export function modelWorkload(config: BenchmarkConfig, dataset: Dataset, params: RequestBodyParams): ModelWorkload {
  const mix = config.model_params.model_mix ?? [{ name: params.model, weight: 1, tokenizer: null }];
  const own = rowModels(dataset, params);
  const models: RunModel[] = mix.map((e) => ({ name: e.name, tokenizer: e.tokenizer }));
  const indexOf = modelIndexer(models);
  const ownIndex = own.map((name) => (name === null ? -1 : indexOf(name)));
  if (config.model_params.model_mix && dataset.rows.length > 0 && ownIndex.every((i) => i >= 0))
    throw new InputError(
      `--model-mix: every row of ${dataset.path} names its model (its model column), so the mix would choose for none`,
      { hint: "drop --model-mix, or the model column" },
    );
  assertModelCount(models, dataset.path);
  const rows = dataset.rows.length;
  const blocks = mix.map((entry) => buildDatasetBodies(dataset, { ...params, model: entry.name }));
  // A row naming its model is sent to it from every block (the row already built once above, so it cannot fail here).
  own.forEach((name, r) => {
    if (name === null) return;
    const body = buildRequestBody(dataset.rows[r] as Record<string, unknown>, { ...params, model: name });
    for (const block of blocks) block[r] = body;
  });
  const weights = mix.map((e) => e.weight);
  const naming = ownIndex.filter((i) => i >= 0).length;
  const others = config.model_params.model_mix ? "the mix" : `--model ${params.model}`;
  const named = namedModels(models, mix.length);
  const note =
    naming === 0
      ? null
      : `${dataset.name}: ${naming} of ${dataset.rows.length} rows name their model (its model column) and go to it ` +
        `(${named.join(", ") || "models of the mix"}); the others to ${others}`;
  return {
    note,
    models,
    bodies: blocks.flat(),
    assign(plan, seed) {
      if (models.length === 1) return;
      const free = plan.sampleIndex.filter((row) => (ownIndex[row] as number) < 0).length;
      const chosen = assignModels(weights, free, seed);
      const modelIndex = new Uint16Array(plan.sampleIndex.length);
      const bodyIndex = mix.length > 1 ? new Uint32Array(plan.sampleIndex.length) : null;
      let next = 0;
      plan.sampleIndex.forEach((row, i) => {
        const block = (ownIndex[row] as number) < 0 ? (chosen[next++] as number) : 0;
        modelIndex[i] = (ownIndex[row] as number) < 0 ? block : (ownIndex[row] as number);
        if (bodyIndex) bodyIndex[i] = block * rows + row;
      });
      plan.modelIndex = modelIndex;
      if (bodyIndex) plan.bodyIndex = bodyIndex;
    },
  };
}

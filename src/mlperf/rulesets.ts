/**
 * @module mlperf/rulesets — the MLPerf rulesets `submission_ref.ruleset` names, as data: the
 * round's RNG seeds (64-bit, hence bigint) and its models (mlperf/ruleset-models), registered
 * under the names mlcommons/endpoints uses. `mlcommons-current` and `mlperf-edge-current` are
 * aliases of the newest rounds, as upstream.
 */
import { DATACENTER_MODELS, EDGE_MODELS, type ModelRule } from "./ruleset-models.ts";

interface Ruleset {
  /** Round version as upstream names it: `v6.1`, `edge-v0.1`. */
  version: string;
  models: ReadonlyMap<string, ModelRule>;
  /** LoadGen's `schedule_rng_seed` for the round: arrival times. */
  schedulerSeed: bigint;
  /** LoadGen's `sample_index_rng_seed`: sample order (dataloader and warmup). */
  sampleIndexSeed: bigint;
}

const V5_1: Ruleset = {
  version: "v5.1",
  schedulerSeed: 18209322760996052031n,
  sampleIndexSeed: 14771362308971278857n,
  models: DATACENTER_MODELS,
};
const V6_1: Ruleset = {
  version: "v6.1",
  schedulerSeed: 16159082839903944936n,
  sampleIndexSeed: 2747215439041700203n,
  models: DATACENTER_MODELS,
};
const EDGE_V0_1: Ruleset = { version: "edge-v0.1", schedulerSeed: 42n, sampleIndexSeed: 42n, models: EDGE_MODELS };

/** Registered names in upstream's registration order. */
export const RULESETS: ReadonlyMap<string, Ruleset> = new Map([
  ["mlperf-inference-v5.1", V5_1],
  ["mlperf-inference-v6.1", V6_1],
  ["mlcommons-current", V6_1],
  ["mlperf-edge-v0.1", EDGE_V0_1],
  ["mlperf-edge-current", EDGE_V0_1],
]);

export const RULESET_NAMES: readonly string[] = [...RULESETS.keys()];

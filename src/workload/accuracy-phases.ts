/**
 * @module workload/accuracy-phases — one phase per accuracy dataset, after the performance phase.
 *
 * As upstream: each accuracy dataset is issued in order (row 0..n−1, `num_repeats` passes),
 * under the performance phase's load pattern (same concurrency or rate; offline stays
 * max_throughput), with its own request bodies (its `generation_config_override` merged over
 * `model_params`), and the response text is kept for scoring.
 * The phase is named after the dataset.
 */
import { isExternalScorer } from "../accuracy/scoring-setup.ts";
import type { BenchmarkConfig, DatasetConfig } from "../config/schema/schema.ts";
import type { Dataset } from "../dataset/load-dataset.ts";
import { resolveScoringSetup, type ScoringSetup } from "../accuracy/scoring-setup.ts";
import { checkGroundTruth, checkLcbVersion } from "../accuracy/scoring-checks.ts";
import type { PredefinedDataset } from "../dataset/predefined/predefined-types.ts";
import { buildDatasetBodies } from "../dataset/request-body.ts";
import { sequentialOrder } from "../dataset/sample-order.ts";
import type { LoadPattern } from "../load-pattern/schedule.ts";
import type { PhasePlan } from "../plan/phase-plan.ts";
import { buildPhasePlan } from "../plan/phase-plan.ts";
import type { TextTokenizer } from "../tokens/load-tokenizer.ts";
import { loadConfiguredDataset } from "./configured-dataset.ts";
import { requestParams, timeoutMs } from "./config-values.ts";
import type { SessionPhase } from "../run/session.ts";

export interface AccuracyWorkload {
  spec: DatasetConfig;
  dataset: Dataset;
  scoring: ScoringSetup;
  phase: SessionPhase;
}

/**
 * The same pattern with a sequential order: ramps and ceilings carry over, the sample order does
 * not. A conversation or trace run's accuracy datasets are sent as fast as possible (as upstream).
 */
function accuracyPlan(
  name: string,
  pattern: LoadPattern,
  rows: number,
  repeats: number,
  config: BenchmarkConfig,
): PhasePlan {
  const count = rows * repeats;
  const own =
    pattern.type === "agentic_inference" || pattern.type === "trace" ? { type: "max_throughput" as const } : pattern;
  const plan = buildPhasePlan({
    phase: name,
    pattern: own,
    count,
    datasetSize: rows,
    schedulerSeed: config.settings.runtime.scheduler_random_seed,
    dataloaderSeed: config.settings.runtime.dataloader_random_seed,
  });
  plan.sampleIndex = sequentialOrder(rows, count);
  return plan;
}

/** The run's own phase names; an accuracy dataset may share one (upstream counts phases by type, not name). */
const RUN_PHASES: ReadonlySet<string> = new Set(["warmup", "performance"]);

/** The phase an accuracy dataset is sent in: its name, unless that is one of the run's own phases (its results keep the dataset's name). */
function accuracyPhaseName(datasetName: string): string {
  return RUN_PHASES.has(datasetName) ? `${datasetName} (accuracy)` : datasetName;
}

export async function accuracyPhases(
  config: BenchmarkConfig,
  pattern: LoadPattern,
  tokenizer: TextTokenizer | null,
): Promise<AccuracyWorkload[]> {
  const out: AccuracyWorkload[] = [];
  // A dataset scored by an outside service is skipped (only perf mode lets one through validation, as upstream).
  for (const spec of config.datasets.filter(
    (d) => d.type === "accuracy" && !isExternalScorer(d.accuracy_config?.eval_method),
  )) {
    const params = requestParams(config, spec);
    const dataset = await loadConfiguredDataset(spec, config, tokenizer);
    const scoring = resolveScoringSetup(
      spec.name,
      spec.accuracy_config,
      (dataset as PredefinedDataset).accuracyDefaults,
    );
    checkGroundTruth(spec.name, dataset, scoring);
    checkLcbVersion(spec.name, dataset, scoring);
    const bodies = buildDatasetBodies(dataset, params);
    out.push({
      spec,
      dataset,
      scoring,
      phase: {
        kind: "accuracy",
        drainTimeoutMs: timeoutMs(config.settings.drain.accuracy_timeout_s),
        maxDurationMs: 0,
        plan: accuracyPlan(accuracyPhaseName(spec.name), pattern, dataset.rows.length, scoring.numRepeats, config),
        bodies,
        // BFCL grades the tool calls themselves: its responses are kept as their parts.
        keepResponseText: scoring.evalMethod === "bfcl_v4" ? "structured" : true,
      },
    });
  }
  return out;
}

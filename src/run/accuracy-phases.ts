/**
 * @module run/accuracy-phases — one phase per accuracy dataset, after the performance phase.
 *
 * As the seed tool: each accuracy dataset is issued in order (row 0..n−1, `num_repeats` passes),
 * under the performance phase's load pattern (same concurrency or rate; offline stays
 * max_throughput), with its own request bodies, and the response text is kept for scoring.
 * The phase is named after the dataset.
 */
import type { BenchmarkConfig, DatasetConfig } from "../config/schema.ts";
import type { Dataset } from "../dataset/load-dataset.ts";
import { buildRequestBody } from "../dataset/request-body.ts";
import { sequentialOrder } from "../dataset/sample-order.ts";
import type { LoadPattern, PhasePlan } from "../plan/phase-plan.ts";
import { buildPhasePlan } from "../plan/phase-plan.ts";
import type { TextTokenizer } from "../tokens/load-tokenizer.ts";
import { loadConfiguredDataset } from "./configured-dataset.ts";
import { requestParams, timeoutMs } from "./config-values.ts";
import type { SessionPhase } from "./session.ts";

/** How a dataset is scored: its accuracy_config, filled from a predefined dataset's defaults. */
interface ScoringSetup {
  evalMethod: string;
  extractor: string | null;
  groundTruthColumn: string;
  numRepeats: number;
}

export interface AccuracyWorkload {
  spec: DatasetConfig;
  dataset: Dataset;
  scoring: ScoringSetup;
  phase: SessionPhase;
}

type WithDefaults = Dataset & { accuracyDefaults?: { evalMethod: string; extractor: string; groundTruthColumn: string; numRepeats: number } };

function scoringSetup(spec: DatasetConfig, dataset: WithDefaults): ScoringSetup {
  const given = spec.accuracy_config;
  const defaults = dataset.accuracyDefaults;
  return {
    evalMethod: given?.eval_method ?? defaults?.evalMethod ?? "pass_at_1",
    extractor: given?.extractor ?? defaults?.extractor ?? null,
    groundTruthColumn: given?.eval_method ? given.ground_truth : (defaults?.groundTruthColumn ?? given?.ground_truth ?? "ground_truth"),
    numRepeats: given?.num_repeats ?? defaults?.numRepeats ?? 1,
  };
}

/** The same pattern with a sequential order: ramps and ceilings carry over, the sample order does not. */
function accuracyPlan(name: string, pattern: LoadPattern, rows: number, repeats: number, config: BenchmarkConfig): PhasePlan {
  const count = rows * repeats;
  const plan = buildPhasePlan({
    phase: name, pattern, count, datasetSize: rows,
    schedulerSeed: config.settings.runtime.scheduler_random_seed, dataloaderSeed: config.settings.runtime.dataloader_random_seed,
  });
  plan.sampleIndex = sequentialOrder(rows, count);
  return plan;
}

export async function accuracyPhases(config: BenchmarkConfig, pattern: LoadPattern, tokenizer: TextTokenizer | null): Promise<AccuracyWorkload[]> {
  const params = requestParams(config);
  const out: AccuracyWorkload[] = [];
  for (const spec of config.datasets.filter((d) => d.type === "accuracy")) {
    const dataset = await loadConfiguredDataset(spec, config, tokenizer);
    const scoring = scoringSetup(spec, dataset);
    const bodies = dataset.rows.map((row) => buildRequestBody(row, params));
    out.push({
      spec,
      dataset,
      scoring,
      phase: {
        kind: "accuracy",
        drainTimeoutMs: timeoutMs(config.settings.drain.accuracy_timeout_s),
        maxDurationMs: 0,
        plan: accuracyPlan(spec.name, pattern, dataset.rows.length, scoring.numRepeats, config),
        bodies,
        keepResponseText: true,
      },
    });
  }
  return out;
}

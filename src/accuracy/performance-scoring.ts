/**
 * @module accuracy/performance-scoring — the performance dataset scored inline, as upstream does when it carries an `accuracy_config`.
 *
 * Upstream scores the performance phase's own responses after the run and reports them as an
 * accuracy entry named "performance" (the phase's name here too; dataset_type performance, total_samples = the issued
 * count), after the accuracy datasets' entries. The scorer, extractor and ground-truth column are
 * resolved and checked here, before the first request, as for an accuracy dataset; the phase then
 * keeps its response text. A conversation run scores itself (agentic_inference_inline), and a
 * scorer driven by an outside service is skipped in perf mode, as upstream.
 */
import { isExternalScorer, resolveScoringSetup } from "./scoring-setup.ts";
import type { DatasetConfig } from "../config/schema/schema.ts";
import type { Dataset } from "../dataset/load-dataset.ts";
import type { PredefinedDataset } from "../dataset/predefined/predefined-types.ts";
import type { AccuracyWorkload } from "../workload/accuracy-phases.ts";
import { checkGroundTruth, checkLcbVersion } from "./scoring-checks.ts";
import type { SessionPhase } from "../run/session.ts";

/**
 * How the performance phase is scored, or null when its dataset names no scorer. Marks `phase`
 * (the performance phase) to keep its response text.
 */
export function performanceScoring(
  spec: DatasetConfig,
  dataset: Dataset,
  phase: SessionPhase | undefined,
): AccuracyWorkload | null {
  const method = spec.accuracy_config?.eval_method;
  if (!phase || !method || method === "agentic_inference_inline" || isExternalScorer(method)) return null;
  const scoring = resolveScoringSetup(
    spec.name,
    spec.accuracy_config,
    (dataset as Partial<PredefinedDataset>).accuracyDefaults,
  );
  checkGroundTruth(spec.name, dataset, scoring);
  checkLcbVersion(spec.name, dataset, scoring);
  // BFCL grades the tool calls themselves: its responses are kept as their parts.
  phase.keepResponseText = scoring.evalMethod === "bfcl_v4" ? "structured" : true;
  return { spec, dataset, scoring, phase };
}

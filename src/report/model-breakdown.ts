/**
 * @module report/model-breakdown — a run that sent to several models (a mix, or rows naming theirs): every
 * metric again over each model's requests, read back from events.db with the run's own definitions.
 *
 * A LoRA adapter is a model name to the server (vLLM serves adapters by name), so each adapter is broken down
 * as a model is. A run with one model leaves `models` empty and has no breakdown: its report is as it always was.
 * A model that got no request in the phase is left out (`--model` when every row names its own, a mix entry a
 * shard's share never reached): a row of zeros and N/A says nothing.
 */
import type { Database } from "bun:sqlite";
import { readPhaseColumns } from "../metrics/read-phase.ts";
import { summarizePhase, type PhaseContext } from "../metrics/summarize-phase.ts";
import { SortedSeries } from "../metrics/sorted-series.ts";
import { readModels } from "../record/run-models.ts";
import { buildResultSummary, modelSummaryOf, type ModelSummary, type RunInfo } from "./result-summary.ts";

/** Each model's blocks by name, in the models' order; null for a one-model run. */
export function modelBreakdown(
  db: Database,
  phase: string,
  context: PhaseContext,
  run: RunInfo,
): Record<string, ModelSummary> | null {
  const models = readModels(db);
  if (models.length < 2) return null;
  const blocks: Record<string, ModelSummary> = {};
  models.forEach((model, index) => {
    const cols = readPhaseColumns(db, phase, new Set(), index);
    // The plan's per-model counts are not stored: dropped requests are counted for the run as a whole.
    if (cols.count === 0) return;
    const metrics = summarizePhase(cols, { ...context, plannedCount: null }, new SortedSeries(cols));
    blocks[model.name] = modelSummaryOf(buildResultSummary(metrics, run));
  });
  return Object.keys(blocks).length > 0 ? blocks : null;
}

/**
 * @module accuracy/score-accuracy — after the run: score every accuracy phase from events.db.
 *
 * Each accuracy dataset's responses (and the performance phase's, when its dataset has an
 * `accuracy_config`, accuracy/performance-scoring) are scored against its ground truth (src/accuracy), the
 * entries go to accuracy/accuracy_results.json and into events.db (so `report DIR` can show
 * them again without the datasets). Scoring never runs during the measurement.
 */
import type { Database } from "bun:sqlite";
import { scoreDataset, writeAccuracyResults, type AccuracyEntry } from "./index.ts";
import type { BenchmarkConfig } from "../config/schema/schema.ts";
import { readPhaseResponses } from "../record/read-responses.ts";
import type { AccuracyWorkload } from "../workload/accuracy-phases.ts";
import { codeExecutionFor } from "./code-execution.ts";
import type { PhaseOutcome } from "../run/session.ts";

export const ACCURACY_META_KEY = "accuracy_results";

export async function scoreAccuracyPhases(
  db: Database,
  reportDir: string,
  accuracy: readonly AccuracyWorkload[],
  phases: readonly PhaseOutcome[],
  config: BenchmarkConfig,
  log: (line: string) => void,
  options: {
    /** Entries already made (a conversation run's inline score), written to the same file. */
    before?: readonly AccuracyEntry[];
    /** Seconds the client tokenizer spent on each phase after the run, by phase name. */
    tokenizeS?: ReadonlyMap<string, number>;
  } = {},
): Promise<AccuracyEntry[]> {
  const { before = [], tokenizeS } = options;
  const entries: AccuracyEntry[] = [];
  for (const a of accuracy) {
    const name = a.phase.plan.phase;
    const outcome = phases.find((p) => p.name === name);
    if (!outcome) continue; // never started (the run was stopped before it)
    const responses = readPhaseResponses(db, name, a.dataset.rows.length);
    const seconds = tokenizeS?.get(name);
    const codeExecution = a.scoring.codeBench ? codeExecutionFor(config, a.scoring.codeBench, log) : undefined;
    entries.push(
      await scoreDataset({
        // An accuracy dataset keeps its own name, even one its phase could not take (workload/accuracy-phases).
        datasetName: a.phase.kind === "accuracy" ? a.spec.name : name,
        datasetType: a.phase.kind === "performance" ? "performance" : "accuracy",
        evalMethod: a.scoring.evalMethod,
        extractor: a.scoring.extractor,
        groundTruthColumn: a.scoring.groundTruthColumn,
        groundTruthSetting: a.scoring.groundTruthSetting,
        rows: a.dataset.rows,
        numRepeats: a.scoring.numRepeats,
        extras: a.scoring.extras,
        // Every issued request is a row (failures and worker_lost included), so rows = issued.
        issued: responses.length,
        responses,
        durationS: (outcome.endNs - outcome.startNs) / 1e9,
        ...(seconds !== undefined ? { tokenizeS: seconds } : {}),
        ...(codeExecution ? { codeExecution } : {}),
      }),
    );
  }
  if (entries.length + before.length > 0) writeAccuracyResults(reportDir, [...before, ...entries]);
  return entries;
}

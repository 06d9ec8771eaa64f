/**
 * @module accuracy/score-dataset — scores one dataset's responses into an accuracy entry.
 *
 * Population = the issued samples of the dataset; denominator = the issued count. A sample with no
 * response, or a failed/empty one, counts as wrong; when every response is missing the score is
 * 0.0, and when nothing was issued it is null (BFCL: 0.0 and its zero breakdown, as upstream). With `num_repeats = r` every pass is in the
 * population, so the score is the mean over the r passes (average pass@1). Configuration
 * problems — unknown scorer or extractor, a scorer that needs an extractor without one, a
 * ground-truth column the rows lack, a response pointing outside the dataset — are InputErrors,
 * raised before any scoring work (or code execution) starts.
 */
import { InputError } from "../errors.ts";
import { hasValues, rollupSeries } from "../metrics/series-rollup.ts";
import type { AccuracyEntry, ResponseForScoring, ScoreInput } from "./accuracy-entry.ts";
import {
  extractorClassName,
  extractorNames,
  getExtractor,
  identityExtractor,
  type Extractor,
} from "./extractor-registry.ts";
import { countResponses } from "./response-counts.ts";
import type { ExtractedSample } from "./scorer.ts";
import { SCORER_SPECS, type ScorerName } from "./scoring-setup.ts";
import { getScorer } from "./scorer-registry.ts";

function validate(input: ScoreInput): void {
  const where = `dataset '${input.datasetName}'`;
  if (!Number.isInteger(input.numRepeats) || input.numRepeats < 1) {
    throw new InputError(`${where}: num_repeats must be an integer ≥ 1, got ${input.numRepeats}`);
  }
  if (input.datasetType === "performance" && input.numRepeats !== 1) {
    throw new InputError(`${where}: num_repeats must be 1 on a performance dataset, got ${input.numRepeats}`);
  }
  if (!Number.isInteger(input.issued) || input.issued < 0) {
    throw new InputError(`${where}: issued count must be an integer ≥ 0, got ${input.issued}`);
  }
  const rows = input.rows;
  if (rows.length > 0 && !rows.some((row) => Object.hasOwn(row, input.groundTruthColumn))) {
    throw new InputError(`${where} has no ground-truth column '${input.groundTruthColumn}'`, {
      hint: `set accuracy_config.ground_truth to one of: ${Object.keys(rows[0] ?? {}).join(", ")}`,
    });
  }
}

function chooseExtractor(input: ScoreInput): Extractor {
  if (input.extractor !== null) return getExtractor(input.extractor);
  if (SCORER_SPECS[input.evalMethod as ScorerName]?.requiresExtractor) {
    throw new InputError(`eval_method '${input.evalMethod}' needs an extractor (dataset '${input.datasetName}')`, {
      hint: `set accuracy_config.extractor to one of: ${extractorNames().join(", ")}`,
    });
  }
  return identityExtractor;
}

function rowOf(input: ScoreInput, response: ResponseForScoring): Readonly<Record<string, unknown>> {
  const row = Number.isInteger(response.datasetIndex) ? input.rows[response.datasetIndex] : undefined;
  if (!row) {
    throw new InputError(
      `dataset '${input.datasetName}': a response points at row ${response.datasetIndex}, but the dataset has ${input.rows.length} rows`,
    );
  }
  return row;
}

/** Output-token rollup of the responses that carry a count; undefined when none does (upstream: of the non-empty ones). */
function outputLengths(responses: readonly ResponseForScoring[]): AccuracyEntry["output_sequence_lengths"] {
  const tokens = responses.flatMap((r) =>
    r.outputTokens !== null && Number.isFinite(r.outputTokens) ? [r.outputTokens] : [],
  );
  const rollup = rollupSeries(Float64Array.from(tokens), { earlyStopping: false });
  return hasValues(rollup) ? rollup : undefined;
}

/**
 * The issued samples that never completed, for a scorer that scores them: the responses marked
 * lost, then — for samples the caller did not list — the plan's (row, pass) pairs that have no
 * response, in plan order (exact when the whole plan was issued, as in a run).
 */
function missingSamples(
  input: ScoreInput,
  given: readonly ResponseForScoring[],
  lost: readonly ResponseForScoring[],
  count: number,
) {
  const seen = new Set(given.map((r) => `${r.datasetIndex}:${r.repeat}`));
  const identities = lost.map((r) => ({ datasetIndex: r.datasetIndex, repeat: r.repeat }));
  for (let repeat = 0; repeat < input.numRepeats && identities.length < count; repeat++) {
    for (let i = 0; i < input.rows.length && identities.length < count; i++) {
      if (!seen.has(`${i}:${repeat}`)) identities.push({ datasetIndex: i, repeat });
    }
  }
  if (identities.length < count) {
    throw new InputError(
      `dataset '${input.datasetName}': ${count - identities.length} issued samples have no response and no unanswered row to score them under`,
      { hint: "pass a response marked lost for each issued sample that never completed" },
    );
  }
  return identities;
}

/** Scores `input`'s responses; see the module comment for the semantics. */
export async function scoreDataset(input: ScoreInput): Promise<AccuracyEntry> {
  validate(input);
  const scorer = getScorer(input.evalMethod);
  const extract = chooseExtractor(input);
  const ctx = {
    groundTruthColumn: input.groundTruthColumn,
    codeExecution: input.codeExecution,
    extras: input.extras ?? {},
  };
  scorer.preflight?.(ctx);
  const { counts, usable, distinct, lost, denominator } = countResponses(input.issued, input.responses);
  for (const r of [...distinct, ...lost]) rowOf(input, r);
  const samples: ExtractedSample[] = (scorer.scoresEveryResponse ? distinct : usable).map((r) => {
    const row = rowOf(input, r);
    return {
      datasetIndex: r.datasetIndex,
      repeat: r.repeat,
      extracted: r.text === null ? null : extract(r.text),
      response: r.text,
      groundTruth: row[input.groundTruthColumn],
      row,
    };
  });
  if (scorer.scoresMissing) {
    for (const id of missingSamples(input, [...distinct, ...lost], lost, counts.missing)) {
      const row = rowOf(input, { ...id, text: null, outputTokens: null });
      samples.push({
        ...id,
        extracted: null,
        response: null,
        groundTruth: row[input.groundTruthColumn],
        row,
        missing: true,
      });
    }
  }
  const outcome = denominator === 0 && !scorer.scoresNothingIssued ? null : await scorer.score(samples, ctx);
  const entry: AccuracyEntry = {
    dataset_name: input.datasetName,
    extractor: input.extractor === null ? null : extractorClassName(input.extractor),
    ground_truth_column: input.groundTruthSetting === undefined ? input.groundTruthColumn : input.groundTruthSetting,
    score: outcome === null ? null : (outcome.score ?? outcome.passed / denominator),
    unit_samples: input.rows.length,
    num_repeats: input.numRepeats,
    total_samples: input.datasetType === "performance" ? counts.issued : input.rows.length * input.numRepeats,
    duration_s: Number.isFinite(input.durationS) ? Math.round(input.durationS * 1000) / 1000 : 0,
    complete: outcome?.complete ?? true,
    dataset_type: input.datasetType,
    ...(outcome?.breakdown ? { breakdown: outcome.breakdown } : {}),
  };
  // As upstream, the accounting and the output lengths are the accuracy datasets' (the performance entry's are in result_summary.json).
  if (input.datasetType === "accuracy") {
    entry.response_counts = counts;
    const lengths = outputLengths(usable);
    if (lengths) {
      entry.output_sequence_lengths = lengths;
      if (input.tokenizeS !== undefined) entry.osl_tokenize_s = Math.round(input.tokenizeS * 1000) / 1000;
    }
  }
  return entry;
}

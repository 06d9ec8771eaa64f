/**
 * @module dataset/predefined/deepseek-r1 — MLPerf's DeepSeek-R1 set as upstream prepares it
 * (`legacy_mlperf_deepseek_r1`): five subsets (math500, aime, gpqa, mmlu_pro, livecodebench) with
 * the MLPerf prompt already tokenised, as columns `input_tokens, ground_truth, dataset, question`.
 * Sent as token ids (`api_type: openai_completions`), so no chat template touches the prompt.
 *
 * Read from a prepared Parquet: `generate_params.source`, else `$LEGACY_MLPERF_DEEPSEEK_R1_DATASET`,
 * else upstream's cache `dataset_cache/legacy_mlperf_deepseek_r1/deepseek_r1_eval.parquet`
 * (its repository ships the file under examples/07_DeepSeekR1_Example/data/ in git-LFS). Upstream's
 *  `max_samples` draws a per-subset sample with pandas, which is not reproduced here, so it
 * is refused; `max_rows` takes the first rows. Its scorer runs MLCommons' evaluator and is refused
 * at validation, so the set is for performance runs.
 */
import { InputError } from "../../errors.ts";
import type { PredefinedDefinition, SourceRows } from "./predefined-types.ts";
import { findDataFile, readSourceFile, textCell } from "./source-files.ts";

const COLUMNS = ["input_tokens", "ground_truth", "dataset", "question"] as const;

function transform(source: SourceRows): Record<string, unknown>[] {
  return source.rows.map((row, index) => {
    // Parquet int64 lists arrive as bigints.
    const ids = Array.isArray(row.input_tokens)
      ? row.input_tokens.map((id) => (typeof id === "bigint" ? Number(id) : id))
      : row.input_tokens;
    if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => Number.isInteger(id))) {
      throw new InputError(
        `${source.locate(index)}: input_tokens is not a list of token ids; columns: ${Object.keys(row).join(", ")}`,
        {
          hint: "point source= at mlcommons/endpoints' prepared deepseek_r1_eval.parquet (after git lfs pull)",
        },
      );
    }
    return {
      input_tokens: ids,
      ground_truth: textCell(source, index, "ground_truth"),
      dataset: textCell(source, index, "dataset"),
      question: textCell(source, index, "question"),
    };
  });
}

export const deepseekR1: PredefinedDefinition = {
  id: "legacy_mlperf_deepseek_r1",
  hubRepo: "mlcommons/deepseek-r1-eval",
  variants: null,
  sourceEnv: "LEGACY_MLPERF_DEEPSEEK_R1_DATASET",
  maxSamplesRefusal:
    "mlcommons/endpoints' stratified max_samples (pandas sampling per subset) is not reproduced; use max_rows for the first N rows",
  cacheSubdir: () => "legacy_mlperf_deepseek_r1",
  readDirectory(root) {
    const file = findDataFile(root, ["deepseek_r1_eval"]);
    return file === null ? null : readSourceFile(file);
  },
  transform,
  presets: {},
  accuracyDefaults: {
    evalMethod: "legacy_mlperf_deepseek_r1",
    extractor: "identity_extractor",
    groundTruthColumn: "ground_truth",
    numRepeats: 1,
  },
  hubParts: () => null,
  howToProvide: () =>
    `set $LEGACY_MLPERF_DEEPSEEK_R1_DATASET or generate_params.source to mlcommons/endpoints' ` +
    `prepared deepseek_r1_eval.parquet (columns ${COLUMNS.join(", ")})`,
};

/**
 * @module accuracy/scoring-checks — what a dataset's rows must hold for its scorer, checked
 * before the first request rather than found after the run.
 */
import type { Dataset } from "../dataset/load-dataset.ts";
import type { PredefinedDataset } from "../dataset/predefined/predefined-types.ts";
import { InputError } from "../errors.ts";
import type { ScoringSetup } from "./scoring-setup.ts";

/**
 * Test cases come from the rows, so `extras.lcb_version` has only to agree with the LiveCodeBench
 * release a predefined dataset loaded.
 */
export function checkLcbVersion(name: string, dataset: Dataset, scoring: ScoringSetup): void {
  const loaded = (dataset as Partial<PredefinedDataset>).variant;
  const wanted = scoring.codeBench?.lcb_version;
  if (!wanted || !loaded || !(dataset as Partial<PredefinedDataset>).accuracyDefaults || loaded === wanted) return;
  throw new InputError(
    `dataset '${name}': accuracy_config.extras.lcb_version is '${wanted}' but the dataset loaded is LiveCodeBench '${loaded}'`,
    {
      hint: `set the dataset's variant to ${wanted}, or lcb_version to ${loaded}`,
    },
  );
}

/** A ground-truth column none of the rows has is a config error found before the first request. */
export function checkGroundTruth(name: string, dataset: Dataset, scoring: ScoringSetup): void {
  const rows = dataset.rows;
  if (rows.length === 0 || rows.some((row) => Object.hasOwn(row, scoring.groundTruthColumn))) return;
  const field = scoring.codeBench ? "extras.question_id_column" : "ground_truth";
  throw new InputError(`dataset '${name}' has no column '${scoring.groundTruthColumn}' (accuracy_config.${field})`, {
    hint: `its columns: ${Object.keys(rows[0] ?? {}).join(", ")}`,
  });
}

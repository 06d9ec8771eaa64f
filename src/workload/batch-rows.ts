/**
 * @module workload/batch-rows — `--batch-size N` for embeddings: the dataset regrouped so that one row is one request.
 *
 * Rows 0..N−1 become the first request's `input` list, N..2N−1 the second's, and a shorter last
 * group takes what is left. Everything downstream of the regrouping sees requests as samples:
 * `--num-samples` and the sample order count requests, the report's "samples" are requests, and
 * inputs/s counts the vectors they returned (docs/metrics.md). mlcommons/endpoints has no
 * batched API type to follow here.
 *
 * One request names one model, so rows naming their own (a `model` column, docs/datasets.md) are batched with
 * rows naming the same model only: each model's rows are grouped in file order (each model's last group may be
 * shorter), the batch keeps the model, and the requests stay in the order of their first rows.
 */
import { InputError } from "../errors.ts";
import { batchRowIndices } from "../dataset/embeddings-body.ts";
import type { Dataset } from "../dataset/load-dataset.ts";
import { rowModel } from "./model-workload.ts";

/** One text per row: the row's string prompt (token-id rows cannot share a list with texts, so they are refused). */
function rowText(dataset: Dataset, index: number): string {
  const prompt = (dataset.rows[index] as Record<string, unknown>).prompt;
  if (typeof prompt === "string") return prompt;
  throw new InputError(`${dataset.path}: row ${index + 1}: --batch-size needs a string 'prompt' in every row`, {
    hint: "map the text column with parser.prompt=<column>, or send one row per request (--batch-size 1)",
  });
}

/** Row indices of each request: `batchSize` rows at a time among the rows naming the same model (or none). */
function modelBatches(dataset: Dataset, batchSize: number): { model: string | null; rows: number[] }[] {
  const byModel = new Map<string | null, number[]>();
  dataset.rows.forEach((row, index) => {
    const model = rowModel(row as Record<string, unknown>, `${dataset.path}: row ${index + 1}`);
    const rows = byModel.get(model);
    if (rows) rows.push(index);
    else byModel.set(model, [index]);
  });
  const batches = [...byModel].flatMap(([model, rows]) =>
    batchRowIndices(rows.length, batchSize).map((group) => ({ model, rows: group.map((i) => rows[i] as number) })),
  );
  return batches.sort((a, b) => (a.rows[0] as number) - (b.rows[0] as number));
}

/** `dataset` with each group of `batchSize` rows (of one model) merged into one row whose `prompt` lists their texts. */
export function batchDataset(dataset: Dataset, batchSize: number): Dataset {
  if (batchSize === 1) return dataset;
  const rows = modelBatches(dataset, batchSize).map(({ model, rows: group }) => ({
    prompt: group.map((index) => rowText(dataset, index)),
    ...(model === null ? {} : { model }),
  }));
  // The file's columns are kept: warnings name what it held (workload/dropped-columns).
  return { ...dataset, rows };
}

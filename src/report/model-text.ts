/**
 * @module report/model-text — a model mix's breakdown as report lines: one row per model (a LoRA adapter is
 * one), computed over its own requests (result_summary.json `per_model` holds every block).
 *
 * The columns follow the API type as the run's summary does (report/input-text): a generating API's TTFT,
 * TPOT and output tok/s; for embeddings and rerank, which generate nothing, inputs/s and input tok/s in their
 * place (docs/metrics.md, embeddings and rerank), never a column of N/A.
 */
import { hasValues, type Rollup } from "../metrics/series-rollup.ts";
import { generatesNothing } from "./input-text.ts";
import type { ModelSummary, ResultSummary } from "./result-summary.ts";
import { fixed2, nsAsMs } from "./text-format.ts";

const percentile = (rollup: Rollup, key: string): string =>
  hasValues(rollup) ? nsAsMs(rollup.percentiles[key]) : "N/A";

type Column = [header: string, cell: (m: ModelSummary) => string];

const LEAD: Column[] = [
  ["requests", (m) => String(m.n_samples_issued)],
  ["failed", (m) => String(m.n_samples_failed)],
];
const LATENCY: Column[] = [
  ["latency p50 ms", (m) => percentile(m.latency, "50.0")],
  ["latency p99 ms", (m) => percentile(m.latency, "99.0")],
  ["QPS", (m) => fixed2(m.qps)],
];

const GENERATING: Column[] = [
  ...LEAD,
  ["TTFT p50 ms", (m) => percentile(m.ttft, "50.0")],
  ["TPOT p50 ms", (m) => percentile(m.tpot, "50.0")],
  ...LATENCY,
  ["output tok/s", (m) => fixed2(m.tps)],
];

// A model whose every request failed has no `inputs` block: its rates are N/A, as a generating model's tok/s is.
const POOLING: Column[] = [
  ...LEAD,
  ...LATENCY,
  ["inputs/s", (m) => fixed2(m.inputs?.inputs_per_second)],
  ["input tok/s", (m) => fixed2(m.inputs?.input_tokens_per_second)],
];

type Breakdown = Pick<ResultSummary, "per_model" | "inputs">;

/**
 * The breakdown as a header and a row per model, cells as text (report.txt and report.html share it); null for
 * one model. The run's own summary decides the columns, so every row of one table has the same.
 */
export function modelTable(summary: Breakdown): string[][] | null {
  if (!summary.per_model) return null;
  const columns = generatesNothing(summary) ? POOLING : GENERATING;
  return [
    ["model", ...columns.map(([header]) => header)],
    ...Object.entries(summary.per_model).map(([name, m]) => [name, ...columns.map(([, cell]) => cell(m))]),
  ];
}

/** "Per model:" and an aligned table; nothing for a one-model run. */
export function modelLines(summary: Breakdown): string[] {
  const rows = modelTable(summary);
  if (!rows) return [];
  const widths = (rows[0] as string[]).map((_, c) => Math.max(...rows.map((r) => (r[c] as string).length)));
  const line = (r: string[]) =>
    `  ${r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] as number) : cell.padStart(widths[c] as number))).join("  ")}`;
  const count = rows.length - 1;
  return [`Per model (${count} model${count === 1 ? "" : "s"}, each over its own requests):`, ...rows.map(line)];
}

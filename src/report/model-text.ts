/**
 * @module report/model-text — a model mix's breakdown as report lines: one row per model (a LoRA adapter is
 * one), its requests, failures, TTFT, TPOT, latency and throughput, computed over its own requests
 * (result_summary.json `per_model` holds every block).
 */
import { hasValues, type Rollup } from "../metrics/series-rollup.ts";
import type { ModelSummary } from "./result-summary.ts";
import { fixed2, nsAsMs } from "./text-format.ts";

const percentile = (rollup: Rollup, key: string): string =>
  hasValues(rollup) ? nsAsMs(rollup.percentiles[key]) : "N/A";

const HEADER = [
  "model",
  "requests",
  "failed",
  "TTFT p50 ms",
  "TPOT p50 ms",
  "latency p50 ms",
  "latency p99 ms",
  "QPS",
  "output tok/s",
];

/** The columns of one model's row, as text. */
function rowOf(name: string, m: ModelSummary): string[] {
  return [
    name,
    String(m.n_samples_issued),
    String(m.n_samples_failed),
    percentile(m.ttft, "50.0"),
    percentile(m.tpot, "50.0"),
    percentile(m.latency, "50.0"),
    percentile(m.latency, "99.0"),
    fixed2(m.qps),
    fixed2(m.tps),
  ];
}

/** The breakdown as a header and a row per model, cells as text (report.txt and report.html share it); null for one model. */
export function modelTable(perModel: Record<string, ModelSummary> | undefined): string[][] | null {
  if (!perModel) return null;
  return [HEADER, ...Object.entries(perModel).map(([name, m]) => rowOf(name, m))];
}

/** "Per model:" and an aligned table; nothing for a one-model run. */
export function modelLines(perModel: Record<string, ModelSummary> | undefined): string[] {
  const rows = modelTable(perModel);
  if (!rows) return [];
  const widths = HEADER.map((_, c) => Math.max(...rows.map((r) => (r[c] as string).length)));
  const line = (r: string[]) =>
    `  ${r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] as number) : cell.padStart(widths[c] as number))).join("  ")}`;
  return [`Per model (${rows.length - 1} models, each over its own requests):`, ...rows.map(line)];
}

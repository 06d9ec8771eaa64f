/**
 * @module report/gpu-cost-text — throughput per GPU, interactivity and the cost of a million tokens as report
 * lines: label and text, shared by report.txt (and the console) and report.html's summary table.
 *
 * Each line is there only when its figure is: per GPU with `--gpus`, interactivity when TPOT was measured, the
 * cost with `--gpu-hour-cost` (docs/metrics.md, "Per GPU, per user, per dollar").
 */
import { metricNamed } from "../metrics/metric-names.ts";
import type { ResultSummary } from "./result-summary.ts";
import { fixed2 } from "./text-format.ts";

/** Three significant figures: GPU-hours of a short run are thousandths, which two decimals would show as 0.00. */
const sig3 = (v: number | null): string => (v === null ? "N/A" : Number(v.toPrecision(3)).toString());

const usd = (v: number | null): string => (v === null ? "N/A" : `$${v < 1 ? sig3(v) : v.toFixed(2)}`);

/** [label, text] pairs: "Output TPS per GPU", "Interactivity", "Cost". */
export function gpuCostRows(
  s: Pick<ResultSummary, "output_tps_per_gpu" | "interactivity" | "cost">,
): [label: string, text: string][] {
  const rows: [string, string][] = [];
  if (s.output_tps_per_gpu !== null) rows.push([metricNamed("output_tps_per_gpu").label, fixed2(s.output_tps_per_gpu)]);
  if (s.interactivity !== null)
    rows.push([
      metricNamed("interactivity").label,
      `${fixed2(s.interactivity)} tok/s per user (1000 ÷ median TPOT in ms)`,
    ]);
  const c = s.cost;
  if (!c) return rows;
  // Embeddings and rerank generate nothing: their price is per input token (metrics/gpu-cost).
  const priced =
    c.usd_per_million_input_tokens !== undefined
      ? `${usd(c.usd_per_million_input_tokens)} per 1M input tokens (nothing generated)`
      : `${usd(c.usd_per_million_output_tokens)} per 1M output tokens, ${usd(c.usd_per_million_tokens)} per 1M ` +
        "tokens (input + output)";
  rows.push([
    "Cost",
    `${priced}: ${sig3(c.gpu_hours)} GPU-hours (${c.gpus} GPUs over the window) at ` +
      `$${c.usd_per_gpu_hour}/GPU-hour = ${usd(c.usd_total)}`,
  ]);
  return rows;
}

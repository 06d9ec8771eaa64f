/**
 * @module report/input-text — report.txt's lines for the API types that generate nothing (embeddings, rerank).
 *
 * Their throughput is inputs/s and input tokens/s in place of TPS, and the generation series
 * (TTFT, TPOT, ITL, output lengths) are left out rather than shown empty: no token was generated
 * (docs/metrics.md, embeddings and rerank).
 */
import type { ResultSummary } from "./result-summary.ts";
import { fixed2 } from "./text-format.ts";

/** The breakdown series that describe generated tokens. */
export const GENERATION_SERIES: ReadonlySet<string> = new Set(["ttft", "tpot", "itl", "output_sequence_lengths"]);

/** True for a run of an API type that generates nothing: its summary carries `inputs`. */
export const generatesNothing = (s: Pick<ResultSummary, "inputs">): boolean => s.inputs !== undefined;

/** The throughput rows that replace TPS, as [label, text] (report.html's summary table takes them too). */
export function inputRows(s: Pick<ResultSummary, "inputs">): [label: string, text: string][] {
  if (!s.inputs) return [];
  return [
    ["Inputs/s", `${fixed2(s.inputs.inputs_per_second)} (${s.inputs.inputs} texts embedded or documents scored)`],
    ["Input tokens/s", fixed2(s.inputs.input_tokens_per_second)],
  ];
}

/** Those rows as report.txt's lines. */
export function inputLines(s: Pick<ResultSummary, "inputs">): string[] {
  return inputRows(s).map(([label, text]) => `${label}: ${text}`);
}

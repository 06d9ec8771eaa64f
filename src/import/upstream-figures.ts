/**
 * @module import/upstream-figures — mlcommons/endpoints' own figures (its result_summary.json)
 * beside ours. Its definitions and its percentile (the lower rank) are ours, so its TTFT and latency
 * agree; lengths, TPS and TPOT need a tokenizer's counts, which events.jsonl does not hold.
 */
import { z } from "zod";
import { plainFigure, seriesFigure, type Statistic } from "./figure-builders.ts";
import { ourSeries, type OurSeriesName } from "./our-series.ts";
import type { SourceFigure, SourceRequest } from "./source-run.ts";

const Rollup = z.looseObject({
  avg: z.number().nullable().optional(),
  percentiles: z.record(z.string(), z.number().nullable()).optional(),
});
export const UpstreamSummarySchema = z.looseObject({
  version: z.string().nullable().optional(),
  test_started_at: z.number().nullable().optional(),
  n_samples_issued: z.number().int(),
  n_samples_completed: z.number().int(),
  n_samples_failed: z.number().int(),
  duration_ns: z.number().nullable().optional(),
  qps: z.number().nullable().optional(),
  tps: z.number().nullable().optional(),
  ttft: Rollup.optional(),
  tpot: Rollup.optional(),
  latency: Rollup.optional(),
  output_sequence_lengths: Rollup.optional(),
  input_sequence_lengths: Rollup.optional(),
  run_config: z.looseObject({ load_pattern: z.unknown().optional() }).optional(),
});
export type UpstreamSummary = z.infer<typeof UpstreamSummarySchema>;

const NO_SUMMARY = "performance/result_summary.json not found";
const NO_TOKENS = "events.jsonl holds texts, not token counts (upstream counts them with its tokenizer after the run)";

/** A rollup's statistic in display units (ns → ms for times). */
function rollupStat(rollup: z.infer<typeof Rollup> | undefined, stat: Statistic, scale: number): number | null {
  const v = stat === "mean" ? rollup?.avg : rollup?.percentiles?.[`${stat}.0`];
  return typeof v === "number" ? v / scale : null;
}

const SERIES: readonly [OurSeriesName, keyof UpstreamSummary, number][] = [
  ["ttft", "ttft", 1e6],
  ["tpot", "tpot", 1e6],
  ["latency", "latency", 1e6],
  ["osl", "output_sequence_lengths", 1],
  ["isl", "input_sequence_lengths", 1],
];

export function upstreamFigures(summary: UpstreamSummary | null, requests: readonly SourceRequest[]): SourceFigure[] {
  const ours = ourSeries(requests);
  const field = (name: string, v: unknown) => (summary === null ? NO_SUMMARY : v == null ? `${name} is null` : name);
  const num = (v: unknown) => (typeof v === "number" ? v : null);
  const figures: SourceFigure[] = [
    plainFigure(
      "requests_completed",
      num(summary?.n_samples_completed),
      field("n_samples_completed", summary?.n_samples_completed),
    ),
    plainFigure(
      "requests_failed",
      num(summary?.n_samples_failed),
      field("n_samples_failed", summary?.n_samples_failed),
    ),
    plainFigure(
      "duration_s",
      summary?.duration_ns ? summary.duration_ns / 1e9 : null,
      field("duration_ns", summary?.duration_ns),
    ),
    plainFigure("qps", num(summary?.qps), field("qps", summary?.qps)),
    plainFigure("tps", num(summary?.tps), field("tps", summary?.tps), { oursMissing: NO_TOKENS }),
  ];
  for (const [series, key, scale] of SERIES) {
    const rollup = summary?.[key] as z.infer<typeof Rollup> | undefined;
    const tokens = series === "osl" || series === "isl" || series === "tpot";
    for (const stat of (series === "osl" || series === "isl" ? ["mean"] : ["mean", 50, 90, 99]) as Statistic[]) {
      const source = rollupStat(rollup, stat, scale);
      const name = `${String(key)}.${stat === "mean" ? "avg" : `percentiles.${stat}.0`}`;
      figures.push(
        seriesFigure({
          tool: "upstream",
          series,
          stat,
          source,
          field: summary === null ? NO_SUMMARY : source === null ? `${name} not in the summary` : name,
          method: "lower",
          ours,
          ...(tokens ? { oursMissing: NO_TOKENS } : {}),
        }),
      );
    }
  }
  return figures;
}

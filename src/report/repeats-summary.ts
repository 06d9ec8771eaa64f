/**
 * @module report/repeats-summary — repeats.json: each headline metric over N runs, with its mean, std, t-interval and CV.
 *
 * Pure: the runs' result_summary.json objects in, the file's object out. Statistics come from
 * metrics/t-interval (sample std, Student-t interval, as AIPerf reports repeats); a metric whose
 * CV is above `CV_WARNING_PCT` gets a warning line, since its runs disagree by more than a
 * difference one would want to detect. The file's shape, and its type, are report/repeats-schema.
 */
import { finiteOrNull } from "../metrics/json-numbers.ts";
import { repeatSpread } from "../metrics/t-interval.ts";
import { REPEAT_METRICS } from "./repeat-metrics.ts";
import type { RepeatedMetric, RepeatsSummary } from "./repeats-schema.ts";

export const REPEATS_FILE = "repeats.json";
/** A CV above this (%) is warned about. */
export const CV_WARNING_PCT = 5;
const DEFAULT_CONFIDENCE_PCT = 95;

const round = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(1) : v.toPrecision(3));

/** The repeats of `runs` (each with its result_summary.json object), `runsRequested` of them asked for. */
export function buildRepeatsSummary(
  runs: readonly { dir: string; summary: Record<string, unknown> }[],
  runsRequested: number,
  confidencePct = DEFAULT_CONFIDENCE_PCT,
): RepeatsSummary {
  const metrics: Record<string, RepeatedMetric> = {};
  const warnings: string[] = [];
  if (runs.length < runsRequested)
    warnings.push(`${runs.length} of ${runsRequested} runs finished: the figures are over those`);
  for (const metric of REPEAT_METRICS) {
    const values = runs.map((r) => metric.read(r.summary));
    const defined = values.filter((v): v is number => v !== null);
    if (defined.length === 0) continue;
    const spread = repeatSpread(defined, confidencePct / 100);
    metrics[metric.key] = {
      label: metric.label,
      unit: metric.unit,
      direction: metric.direction,
      values,
      n: spread.n,
      mean: finiteOrNull(spread.mean),
      std: finiteOrNull(spread.std),
      ci_low: finiteOrNull(spread.ciLow),
      ci_high: finiteOrNull(spread.ciHigh),
      cv_pct: finiteOrNull(spread.cvPct),
    };
    if (spread.cvPct !== null && spread.cvPct > CV_WARNING_PCT)
      warnings.push(
        `${metric.label} varies between runs: CV ${round(spread.cvPct)} % (above ${CV_WARNING_PCT} %); ` +
          "quote its interval, not one run, or run longer",
      );
  }
  return {
    runs_requested: runsRequested,
    runs: runs.map((r) => ({ dir: r.dir, state: typeof r.summary.state === "string" ? r.summary.state : "unknown" })),
    confidence_pct: confidencePct,
    cv_warning_pct: CV_WARNING_PCT,
    metrics,
    warnings,
  };
}

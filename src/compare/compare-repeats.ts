/**
 * @module compare/compare-repeats — two sets of repeats, metric by metric: Welch's test, the effect size, the verdict and the gate.
 *
 * Pure: two repeats.json objects in, rows out. A change is significant when Welch's two-sided p
 * is below 1 − the confidence (metrics/welch-test), and then it is a regression or an
 * improvement by the metric's direction; otherwise "no significant change". The effect size is
 * the relative change of the means (points for a %, as compare-summaries) and Hedges' g.
 * The `--fail-on-regression T` gate fails a metric only when both hold: the change is a
 * significant regression AND its mean moved the wrong way by more than T. A metric with fewer
 * than two runs on a side has no test ("not tested"), and the gate judges it by T alone, as for
 * single runs.
 */
import { hedgesG, relativeChangePct } from "../metrics/effect-size.ts";
import { mean } from "../metrics/sample-statistics.ts";
import { welchTest } from "../metrics/welch-test.ts";
import type { Direction } from "../report/repeat-metrics.ts";
import type { RepeatedMetric, RepeatsSummary } from "../report/repeats-schema.ts";

type RepeatsVerdict = "regression" | "improvement" | "no significant change" | "not tested";

export interface RepeatsSide {
  n: number;
  mean: number | null;
  ciLow: number | null;
  ciHigh: number | null;
}

export interface RepeatsRow {
  key: string;
  label: string;
  unit: string;
  direction: Direction;
  base: RepeatsSide;
  next: RepeatsSide;
  /** Relative change of the means (%); for a % metric, the change in points. */
  deltaPct: number | null;
  hedgesG: number | null;
  t: number | null;
  df: number | null;
  p: number | null;
  verdict: RepeatsVerdict;
  /** The gate's answer: a significant regression beyond the threshold (or, untested, beyond it alone). */
  regressed: boolean;
}

const definedValues = (m: RepeatedMetric) => m.values.filter((v): v is number => v !== null);
const side = (m: RepeatedMetric): RepeatsSide => ({ n: m.n, mean: m.mean, ciLow: m.ci_low, ciHigh: m.ci_high });

function deltaOf(unit: string, a: readonly number[], b: readonly number[]): number | null {
  if (unit !== "%") return relativeChangePct(a, b);
  const ma = mean(a);
  const mb = mean(b);
  return ma === null || mb === null ? null : mb - ma;
}

/** One metric of both sets of repeats, judged at `confidencePct` and gated at `thresholdPct` (Infinity: no gate). */
export function compareRepeatedMetric(
  key: string,
  base: RepeatedMetric,
  next: RepeatedMetric,
  confidencePct: number,
  thresholdPct: number,
): RepeatsRow {
  const a = definedValues(base);
  const b = definedValues(next);
  const deltaPct = deltaOf(base.unit, a, b);
  const test = welchTest(a, b);
  const worsePct = deltaPct === null ? null : base.direction === "higher_is_better" ? -deltaPct : deltaPct;
  let verdict: RepeatsVerdict = "not tested";
  if (test !== null) {
    const significant = test.p < 1 - confidencePct / 100;
    verdict =
      !significant || worsePct === 0 ? "no significant change" : (worsePct ?? 0) > 0 ? "regression" : "improvement";
  }
  const beyond = worsePct !== null && worsePct > thresholdPct;
  return {
    key,
    label: base.label,
    unit: base.unit,
    direction: base.direction,
    base: side(base),
    next: side(next),
    deltaPct,
    hedgesG: hedgesG(a, b),
    t: test && Number.isFinite(test.t) ? test.t : null,
    df: test?.df ?? null,
    p: test?.p ?? null,
    verdict,
    regressed: beyond && (verdict === "regression" || verdict === "not tested"),
  };
}

/** Every metric both sets of repeats report, in the base's order. */
export function compareRepeats(
  base: RepeatsSummary,
  next: RepeatsSummary,
  confidencePct: number,
  thresholdPct: number,
): RepeatsRow[] {
  return Object.entries(base.metrics).flatMap(([key, metric]) => {
    const other = next.metrics[key];
    return other ? [compareRepeatedMetric(key, metric, other, confidencePct, thresholdPct)] : [];
  });
}

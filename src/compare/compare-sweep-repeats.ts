/**
 * @module compare/compare-sweep-repeats — two sweeps whose steps ran N times each (`sweep --runs N`): each figure of
 * each step both ran judged by Welch's test over its runs' values, and the gate, as for two `benchmark --runs` directories.
 *
 * Pure. The steps and figures are compare/compare-sweeps' (the answers, then achieved, goodput, TTFT
 * and latency p50 and p99 and TPOT p99 of every step both ran); each figure's values are the step's
 * `repeats.figures.<key>.values` (sweep/step-repeats), and compare/compare-repeats gives the verdict
 * — regression, improvement, no significant change — and the gate: `--fail-on-regression T` fails
 * a figure only when its change is a significant regression AND its mean moved by more than T
 * (docs/repeats.md, "The gate"). The max-goodput answer is one number a sweep, so it is "not
 * tested" and gated by T alone.
 */
import type { RepeatedMetric } from "../report/repeats-schema.ts";
import type { Direction } from "../report/repeat-metrics.ts";
import type { SweepStep } from "../sweep/sweep-step.ts";
import { compareRepeatedMetric, type RepeatsRow } from "./compare-repeats.ts";
import { sweepMatches, type SweepFile } from "./compare-sweeps.ts";

/** True when some step of the sweep ran more than once (`sweep --runs N`). */
export function sweepHasRepeats(sweep: SweepFile): boolean {
  return sweep.steps.some((s) => (s.repeats?.runs ?? 1) > 1);
}

/** The runs a sweep's steps each ran (its first repeated step's count), 1 without repeats. */
export function sweepRuns(sweep: SweepFile): number {
  return sweep.steps.find((s) => s.repeats)?.repeats?.runs ?? 1;
}

/** A figure as compare-repeats reads it: the runs' values (one, the figure, when the step has none). */
function repeated(
  label: string,
  unit: string,
  direction: Direction,
  mean: number | null,
  spread: { values: (number | null)[]; ci_low: number | null; ci_high: number | null; cv_pct: number | null } | null,
): RepeatedMetric {
  const values = spread?.values ?? [mean];
  return {
    label,
    unit,
    direction,
    values,
    n: values.filter((v) => v !== null).length,
    mean,
    // Unused by the test (it reads the values); the interval and CV are the step's own.
    std: null,
    ci_low: spread?.ci_low ?? null,
    ci_high: spread?.ci_high ?? null,
    cv_pct: spread?.cv_pct ?? null,
  };
}

const spreadOf = (step: SweepStep, key: string) =>
  (step.repeats?.figures as Record<string, Parameters<typeof repeated>[4]> | undefined)?.[key] ?? null;

/** Rows for every figure both sweeps report, judged at `confidencePct` and gated at `thresholdPct` (Infinity: no gate). */
export function compareSweepRepeats(
  base: SweepFile,
  next: SweepFile,
  confidencePct: number,
  thresholdPct: number,
): { rows: RepeatsRow[]; notes: string[] } {
  const { answers, steps, notes } = sweepMatches(base, next);
  const rows: RepeatsRow[] = [];
  const judge = (key: string, a: RepeatedMetric, b: RepeatedMetric) =>
    rows.push(compareRepeatedMetric(key, a, b, confidencePct, thresholdPct));
  if (answers) {
    const answer = (s: SweepFile) =>
      repeated("max-goodput rate", "req/s", "higher_is_better", s.answer?.rate ?? null, null);
    judge("answer.rate", answer(base), answer(next));
  }
  for (const m of steps)
    for (const f of m.figures) {
      const label = `${m.key}: ${f.name}`;
      judge(
        `${m.key}: ${f.key}`,
        repeated(label, f.unit, f.direction, m.base[f.key] ?? null, spreadOf(m.base, f.key)),
        repeated(label, f.unit, f.direction, m.next[f.key] ?? null, spreadOf(m.next, f.key)),
      );
    }
  return { rows, notes };
}

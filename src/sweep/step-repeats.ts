/**
 * @module sweep/step-repeats — a sweep step run N times (`sweep --runs N`): one step whose figures are the runs' means,
 * each with its 95 % t-interval and CV.
 *
 * Pure: the N runs' steps (sweep/sweep-step's `stepOf`, one per run) in, one step out. Every key
 * of a step has its rule in `MERGE` (a new field without one does not compile): each figure is the
 * mean over the runs that define it, and `repeats.figures` holds its values, interval and CV
 * (metrics/t-interval). A judged step passes, and a step meets its SLO, only when every run did:
 * a rate the endpoint meets two times in three is not a rate it holds. The state, the load
 * generator's verdict and the stability are the worst run's, failures are summed, the length a
 * step would need to be judged is the longest any run asked for, and the note names the first run
 * that did not count.
 */
import { repeatSpread } from "../metrics/t-interval.ts";
import type { StabilityVerdict } from "../metrics/steady-state/stability.ts";
import type { SweepStep } from "./sweep-step.ts";

/** How one key of the runs' steps becomes the merged step's. */
type MergeRule = "same" | "mean" | "mean_each" | "worst" | "sum" | "all_true" | "longest" | "own";

const MERGE = {
  index: "same",
  kind: "same",
  offered: "same",
  report_dir: "own",
  isl_osl: "same",
  state: "worst",
  load_generator: "worst",
  stability: "worst",
  scheduled_qps: "mean",
  achieved_qps: "mean",
  goodput_rps: "mean",
  attainment_pct: "mean",
  judged_requests: "mean",
  ttft_p50_ms: "mean",
  ttft_p99_ms: "mean",
  tpot_p50_ms: "mean",
  tpot_p99_ms: "mean",
  latency_p50_ms: "mean",
  latency_p99_ms: "mean",
  at_slo_percentile: "mean_each",
  n_samples_failed: "sum",
  output_tps_per_gpu: "mean",
  interactivity: "mean",
  usd_per_million_output_tokens: "mean",
  usd_per_million_input_tokens: "mean",
  output_tps: "mean",
  usd_per_million_tokens: "mean",
  server_running_avg: "mean",
  server_waiting_max: "mean",
  server_kv_cache_max: "mean",
  server_ttft_p99_ms: "mean",
  step_length_to_judge_s: "longest",
  passed: "all_true",
  slo_met: "all_true",
  note: "own",
  repeats: "own",
} as const satisfies Record<keyof SweepStep, MergeRule>;

type Averaged = { [K in keyof typeof MERGE]: (typeof MERGE)[K] extends "mean" ? K : never }[keyof typeof MERGE];
type AtSloKey = keyof NonNullable<SweepStep["at_slo_percentile"]>;

/** The figures averaged over the runs: the step's own keys, and `at_slo_percentile.<key>` for the figures at the SLO's share. */
const AVERAGED_FIGURES = Object.entries(MERGE)
  .filter(([, rule]) => rule === "mean")
  .map(([key]) => key as Averaged);
const AT_SLO_KEYS: readonly AtSloKey[] = ["ttft_ms", "tpot_ms", "latency_ms"];

type Figure = Averaged | `at_slo_percentile.${AtSloKey}`;

interface StepFigureSpread {
  values: (number | null)[];
  ci_low: number | null;
  ci_high: number | null;
  cv_pct: number | null;
}

export interface StepRepeats {
  runs: number;
  confidence_pct: number;
  figures: Partial<Record<Figure, StepFigureSpread>>;
}

const STATE_ORDER = ["complete", "interrupted", "failed"];
const STABILITY_ORDER: readonly (StabilityVerdict | null)[] = [null, "stable", "too_short", "unstable"];

const worstOf = <T>(order: readonly T[], values: readonly T[]): T =>
  values.reduce((worst, v) => (order.indexOf(v) > order.indexOf(worst) ? v : worst));

/** True when every run's verdict is true; null when no run was judged (no SLO). */
const allTrue = (values: readonly (boolean | null | undefined)[]): boolean | null =>
  values.every((v) => v === null || v === undefined) ? null : values.every((v) => v === true);

/** The mean of `values` (null where a run did not define it), and its spread when any run did. */
function averaged(
  values: (number | null)[],
  confidencePct: number,
): { mean: number | null; spread?: StepFigureSpread } {
  const defined = values.filter((v): v is number => v !== null);
  if (defined.length === 0) return { mean: null };
  const s = repeatSpread(defined, confidencePct / 100);
  return { mean: s.mean, spread: { values, ci_low: s.ciLow, ci_high: s.ciHigh, cv_pct: s.cvPct } };
}

/** One step from `runs` (each the step as one run gave it, in order); `reportDir` is the step's directory. */
export function mergeStepRuns(runs: readonly SweepStep[], reportDir: string, confidencePct = 95): SweepStep {
  const first = runs[0];
  if (!first) throw new RangeError("mergeStepRuns needs at least one run");
  const figures: StepRepeats["figures"] = {};
  const merged: SweepStep = { ...first, report_dir: reportDir };
  for (const key of AVERAGED_FIGURES) {
    const { mean, spread } = averaged(
      runs.map((r) => r[key] ?? null),
      confidencePct,
    );
    merged[key] = mean;
    if (spread) figures[key] = spread;
  }
  if (runs.some((r) => r.at_slo_percentile !== null)) {
    const atSlo = { ttft_ms: null, tpot_ms: null, latency_ms: null } as Record<AtSloKey, number | null>;
    for (const key of AT_SLO_KEYS) {
      const { mean, spread } = averaged(
        runs.map((r) => r.at_slo_percentile?.[key] ?? null),
        confidencePct,
      );
      atSlo[key] = mean;
      if (spread) figures[`at_slo_percentile.${key}`] = spread;
    }
    merged.at_slo_percentile = atSlo;
  }
  merged.state = worstOf(
    STATE_ORDER,
    runs.map((r) => r.state),
  );
  merged.load_generator = runs.find((r) => r.load_generator !== "ok")?.load_generator ?? first.load_generator;
  merged.stability = worstOf(
    STABILITY_ORDER,
    runs.map((r) => r.stability ?? null),
  );
  const lengths = runs.map((r) => r.step_length_to_judge_s).filter((v): v is number => typeof v === "number");
  merged.step_length_to_judge_s = lengths.length > 0 ? Math.max(...lengths) : null;
  merged.n_samples_failed = runs.reduce((sum, r) => sum + r.n_samples_failed, 0);
  merged.passed = allTrue(runs.map((r) => r.passed));
  merged.slo_met = allTrue(runs.map((r) => r.slo_met));
  // An unjudged run that missed its SLO gets no note (slo_met says it): a note keeps a step out of `compare`.
  const failing = runs.findIndex((r) => r.note !== null || r.passed === false);
  merged.note = failing < 0 ? null : `run ${failing + 1} of ${runs.length}: ${runs[failing]?.note ?? "missed the SLO"}`;
  merged.repeats = { runs: runs.length, confidence_pct: confidencePct, figures };
  return merged;
}

/**
 * @module sweep/step-repeats — a sweep step run N times (`sweep --runs N`): one step whose figures are the runs' means,
 * each with its 95 % t-interval and CV.
 *
 * Pure: the N runs' steps (sweep/sweep-step's `stepOf`, one per run) in, one step out. Each
 * figure is the mean over the runs that define it; `repeats.figures` holds its values,
 * interval and CV (metrics/t-interval). A judged step passes only when every run passed: a
 * rate the endpoint meets two times in three is not a rate it holds. The state and the
 * load generator's verdict are the worst run's, failures are summed, the note names the first run that
 * did not count; the rest (the figures at the SLO's share, the server's view) are the first run's.
 */
import { repeatSpread } from "../metrics/t-interval.ts";
import type { SweepStep } from "./sweep-step.ts";

/** The step figures averaged over the runs, each with its spread. */
const FIGURES = [
  "scheduled_qps",
  "achieved_qps",
  "goodput_rps",
  "attainment_pct",
  "ttft_p50_ms",
  "ttft_p99_ms",
  "tpot_p50_ms",
  "tpot_p99_ms",
  "latency_p50_ms",
  "latency_p99_ms",
  "output_tps_per_gpu",
  "interactivity",
  "usd_per_million_output_tokens",
  "usd_per_million_input_tokens",
] as const satisfies readonly (keyof SweepStep)[];

type Figure = (typeof FIGURES)[number];

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
const worstState = (states: readonly string[]) =>
  states.reduce((worst, s) => (STATE_ORDER.indexOf(s) > STATE_ORDER.indexOf(worst) ? s : worst), "complete");

/** One step from `runs` (each the step as one run gave it, in order); `reportDir` is the step's directory. */
export function mergeStepRuns(runs: readonly SweepStep[], reportDir: string, confidencePct = 95): SweepStep {
  const first = runs[0];
  if (!first) throw new RangeError("mergeStepRuns needs at least one run");
  const merged: SweepStep = { ...first, report_dir: reportDir };
  const figures: StepRepeats["figures"] = {};
  for (const figure of FIGURES) {
    const values = runs.map((r) => r[figure] ?? null);
    const defined = values.filter((v): v is number => v !== null);
    const spread = repeatSpread(defined, confidencePct / 100);
    merged[figure] = spread.mean;
    if (defined.length > 0)
      figures[figure] = { values, ci_low: spread.ciLow, ci_high: spread.ciHigh, cv_pct: spread.cvPct };
  }
  merged.state = worstState(runs.map((r) => r.state));
  merged.load_generator = runs.find((r) => r.load_generator !== "ok")?.load_generator ?? first.load_generator;
  merged.n_samples_failed = runs.reduce((sum, r) => sum + r.n_samples_failed, 0);
  merged.passed = first.passed === null ? null : runs.every((r) => r.passed === true);
  const failing = runs.findIndex((r) => r.note !== null || r.passed === false);
  merged.note = failing < 0 ? null : `run ${failing + 1} of ${runs.length}: ${runs[failing]?.note ?? "missed the SLO"}`;
  merged.repeats = { runs: runs.length, confidence_pct: confidencePct, figures };
  return merged;
}

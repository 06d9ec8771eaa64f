/**
 * @module report/pareto/pareto-points — a sweep's steps as Pareto points, grouped by ISL/OSL pair,
 * each drawn filled or hollow, and the frontier of the filled ones. Pure.
 *
 * A point is hollow, and never on the frontier, when it missed its SLO (the step's own report:
 * goodput's target not met, or a search's verdict), did not count (fell behind, interrupted), or
 * missed the accuracy threshold (`report pareto --min-accuracy`): upstream asks that every submitted
 * Pareto point meet the accuracy target. y is output tokens/s per GPU when every point has it
 * (`--gpus`), else the whole endpoint's output tokens/s for all of them, and the file says which.
 */
import { paretoFrontier } from "./pareto-frontier.ts";
import type { ParetoPoint } from "./pareto-schema.ts";

/** What a point needs of a sweep step (sweep.json's step; sweep/sweep-step). */
export interface ParetoStep {
  index: number;
  kind: string;
  offered: number | null;
  report_dir: string;
  state: string;
  interactivity: number | null;
  output_tps_per_gpu: number | null;
  output_tps?: number | null;
  usd_per_million_output_tokens: number | null;
  usd_per_million_tokens?: number | null;
  slo_met?: boolean | null;
  passed: boolean | null;
  note: string | null;
  isl_osl?: string | null;
}

/** One sweep directory's steps, as `report pareto` or sweep.html gives them. */
export interface ParetoCurveInput {
  label: string;
  steps: readonly ParetoStep[];
  /** A step's accuracy score (accuracy_results.json's average_accuracy), null when it has none; only with a threshold. */
  accuracyOf?: (step: ParetoStep) => number | null;
}

const ALL_PAIRS = "all";

/** Why `step` is hollow, or null. */
function hollowReason(step: ParetoStep, minAccuracy: number | null, accuracy: number | null): string | null {
  if (step.note !== null) return `not counted: ${step.note}`;
  if (step.slo_met === false || step.passed === false) return "missed the SLO";
  if (minAccuracy !== null && accuracy === null) return "no accuracy score";
  if (minAccuracy !== null && accuracy !== null && accuracy < minAccuracy)
    return `accuracy ${accuracy} below ${minAccuracy}`;
  return null;
}

/** True when every step with an interactivity has a per-GPU throughput: then y is per GPU. */
export function perGpu(curves: readonly ParetoCurveInput[]): boolean {
  const steps = curves.flatMap((c) => c.steps).filter((s) => s.state !== "failed" && s.interactivity !== null);
  return steps.length > 0 && steps.every((s) => s.output_tps_per_gpu !== null);
}

/** Every point of every curve; the frontier is per curve and per pair, over its filled points. */
export function paretoPoints(curves: readonly ParetoCurveInput[], minAccuracy: number | null = null): ParetoPoint[] {
  const yPerGpu = perGpu(curves);
  const points: ParetoPoint[] = [];
  for (const curve of curves) {
    for (const s of curve.steps) {
      const y = yPerGpu ? s.output_tps_per_gpu : (s.output_tps ?? null);
      if (s.state === "failed" || s.interactivity === null || y === null) continue;
      const accuracy = minAccuracy === null ? null : (curve.accuracyOf?.(s) ?? null);
      points.push({
        label: curve.label,
        isl_osl: s.isl_osl ?? ALL_PAIRS,
        step: s.index,
        kind: s.kind,
        offered: s.offered,
        report_dir: s.report_dir,
        x: s.interactivity,
        y,
        hollow: hollowReason(s, minAccuracy, accuracy),
        on_frontier: false,
        usd_per_million_output_tokens: s.usd_per_million_output_tokens,
        usd_per_million_tokens: s.usd_per_million_tokens ?? null,
      });
    }
  }
  // The frontier of each curve and pair, over its filled points only.
  const groups = Map.groupBy(
    points.filter((p) => p.hollow === null),
    (p) => `${p.label}\u0000${p.isl_osl}`,
  );
  const onFrontier = new Set([...groups.values()].flatMap((group) => paretoFrontier(group).map((i) => group[i])));
  return points.map((p) => (onFrontier.has(p) ? { ...p, on_frontier: true } : p));
}

/** The pairs the points cover, in first-seen order. */
export function pairsOf(points: readonly ParetoPoint[]): string[] {
  return [...new Set(points.map((p) => p.isl_osl))];
}

/**
 * @module sweep/step-settling — can a rate step have settled in the time it ran? Pure.
 *
 * A trend test sees a queue grow only when the growth beats the arrivals' own noise: at 95–105 %
 * of capacity, 160 Poisson arrivals over 6 s drift by fewer requests than their count varies
 * (√160 ≈ 13), so no test on one short step can tell a queue that settles from one that never
 * will. Queueing theory can: a queue at utilisation ρ of service rate μ approaches its steady
 * state with relaxation time τ = 1 ÷ (μ (1 − √ρ)²) (Morse's result for a single-server queue,
 * used here as the order of magnitude for any engine) and never reaches one at ρ ≥ 1. A step
 * that sent for less than τ cannot show its steady state, so its attainment describes a queue
 * still filling: it is `unstable` and never passes, and τ is how long a step must run to judge
 * that rate.
 *
 * Above capacity (ρ > 1) no length settles, but one long enough still judges the rate: a fluid
 * queue's wait grows by ρ − 1 seconds each second, so the SLO's objective is crossed after
 * (objective − the unloaded response) ÷ (ρ − 1) s, and a run misses its share `p` once it lasts
 * that ÷ (p/100) (the form of metrics/steady-state/stability's estimate); that is the length the note gives.
 *
 * μ is the highest throughput the sweep has seen (the capacity step, or a rate step's
 * steady-state rate if higher); ρ is the step's own scheduled rate over it. A burst can
 * understate μ (an engine may batch a steady stream better), so a step that shows no queue at
 * all — no rising series and its steady TTFT p50 within NO_QUEUE_TTFT_RATIO of its fastest
 * TTFT — is judged by its own trends alone: nothing waited, so there is nothing to settle.
 */

import type { ResultSummary } from "../report/result-summary.ts";
import type { SweepStep } from "./sweep-step.ts";

/** A steady TTFT p50 within this multiple of the fastest TTFT: requests did not wait. */
const NO_QUEUE_TTFT_RATIO = 1.5;

/** Morse's relaxation time (s) of a queue at utilisation `rho` of `serviceRatePerS`; Infinity at ρ ≥ 1. */
export function relaxationTimeS(serviceRatePerS: number, rho: number): number {
  if (!(rho < 1)) return Number.POSITIVE_INFINITY;
  if (rho <= 0) return 0;
  return 1 / (serviceRatePerS * (1 - Math.sqrt(rho)) ** 2);
}

interface SettlingInput {
  /** The rate the step's schedule offered (req/s). */
  scheduledQps: number;
  /** The highest throughput the sweep has seen (req/s). */
  serviceRatePerS: number;
  /** How long the step sent (s). */
  sendingS: number;
  /** Steady TTFT p50 and the run's fastest TTFT (ms), when the run streamed. */
  ttftP50Ms: number | null;
  ttftMinMs: number | null;
}

interface Settling {
  rho: number;
  relaxationS: number;
  /** False: the step sent for less than its queue needs to settle (and showed a queue). */
  settles: boolean;
}

export function settlingOf(input: SettlingInput): Settling {
  const rho = input.scheduledQps / input.serviceRatePerS;
  const relaxationS = relaxationTimeS(input.serviceRatePerS, rho);
  const { ttftP50Ms: p50, ttftMinMs: min } = input;
  const noQueue = p50 !== null && min !== null && min > 0 && p50 <= NO_QUEUE_TTFT_RATIO * min;
  return { rho, relaxationS, settles: noQueue || input.sendingS >= relaxationS };
}

/** The objective on a response time (ms), the step's unloaded response (its fastest, ms) and the share (%) to meet it. */
interface Objective {
  objectiveMs: number;
  unloadedMs: number;
  percentile: number;
}

/** Above capacity: the run length (s) at which its SLO would see the growing queue; null at ρ ≤ 1 or with no headroom. */
export function overloadedLengthS(rho: number, o: Objective): number | null {
  const headroomS = (o.objectiveMs - o.unloadedMs) / 1000;
  if (!(rho > 1) || !(headroomS > 0) || !(o.percentile > 0)) return null;
  return headroomS / (rho - 1) / (o.percentile / 100);
}

/** The note of a step that cannot have settled; `overloadedS` the length that would judge it above capacity. */
export function unsettledNote(
  s: Settling,
  serviceRatePerS: number,
  sendingS: number,
  overloadedS: number | null = null,
): string {
  const share = `${(100 * s.rho).toFixed(0)} % of the ${serviceRatePerS.toFixed(2)} req/s the server has shown`;
  if (Number.isFinite(s.relaxationS))
    return (
      `unstable: at ${share}, a queue settles in about ${Math.ceil(s.relaxationS)} s (1 ÷ (μ(1 − √ρ)²)) and this step ` +
      `sent for ${sendingS.toFixed(1)} s; judging this rate needs steps of about ${Math.ceil(s.relaxationS)} s (--duration)`
    );
  const judged =
    overloadedS === null
      ? ""
      : `; judging this rate needs steps of about ${Math.ceil(overloadedS)} s (--duration), for its SLO to see the queue`;
  return `unstable: offered at ${share}: its queue grows for as long as the step runs, so no step length makes it pass${judged}`;
}

/** The objective a step's SLO verdict reads (TTFT's, else latency's), from its summary; null without one. */
function objectiveOf(summary: ResultSummary): Objective | null {
  const slo = summary.goodput?.slo;
  const percentile = summary.goodput?.target_pct;
  if (!slo || percentile === undefined) return null;
  const [objectiveMs, fastestNs] =
    slo.ttft_ms !== null ? [slo.ttft_ms, summary.ttft.min] : [slo.latency_ms, summary.latency.min];
  if (objectiveMs === null || typeof fastestNs !== "number") return null;
  return { objectiveMs, unloadedMs: fastestNs / 1e6, percentile };
}

/** The highest throughput among `steps` (their achieved rates), or null without a capacity step to anchor it. */
export function serviceRateOf(
  steps: readonly Pick<SweepStep, "kind" | "achieved_qps">[],
  ownSteadyQps: number | null,
): number | null {
  const capacity = steps.find((s) => s.kind === "max_throughput" && s.achieved_qps !== null);
  if (!capacity) return null;
  return Math.max(ownSteadyQps ?? 0, ...steps.map((s) => s.achieved_qps ?? 0));
}

/** `step` (a rate step of a sweep with a capacity step among `earlier`) marked unstable when it cannot have settled. */
export function settledStep(step: SweepStep, summary: ResultSummary, earlier: readonly SweepStep[]): SweepStep {
  const steady = summary.steady_state;
  const mu = serviceRateOf(earlier, steady?.qps ?? null);
  if (!steady || mu === null || !(mu > 0) || step.scheduled_qps === null) return step;
  const ttftMinNs = summary.ttft.min;
  const settling = settlingOf({
    scheduledQps: step.scheduled_qps,
    serviceRatePerS: mu,
    sendingS: steady.sending_s,
    ttftP50Ms: steady.ttft_p50_ms,
    ttftMinMs: typeof ttftMinNs === "number" ? ttftMinNs / 1e6 : null,
  });
  if (settling.settles || step.stability === "unstable") return step;
  const objective = objectiveOf(summary);
  const overloadedS = objective ? overloadedLengthS(settling.rho, objective) : null;
  const length = Number.isFinite(settling.relaxationS) ? settling.relaxationS : overloadedS;
  return {
    ...step,
    stability: "unstable",
    step_length_to_judge_s: length ?? step.step_length_to_judge_s ?? null,
    passed: step.passed === null ? null : false,
    // Only a judged step's note says why it did not count; an unjudged one keeps its figures (compare reads them).
    note: step.passed === null ? step.note : (step.note ?? unsettledNote(settling, mu, steady.sending_s, overloadedS)),
  };
}

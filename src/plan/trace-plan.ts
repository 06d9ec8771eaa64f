/**
 * @module plan/trace-plan — a recorded trace's send instants as an open-loop plan (`--load-pattern trace`, ours).
 *
 * Rows are sent in time order (ties in file order) at (t − t₀) / speedup after the phase
 * start, t₀ the trace's first instant; `count` rows at most (the earliest). As for every
 * open-loop plan, a due request that finds no free connection waits and its wait is schedule
 * lag, so the load-generator verdict says whether the trace was kept. Pure.
 */
import type { LoadPattern } from "../load-pattern/schedule.ts";
import type { PhasePlan } from "./phase-plan.ts";

interface TracePlanInput {
  phase: string;
  /** Each row's instant, ms on the trace's clock. */
  timesMs: Float64Array;
  /** >1 replays faster, <1 slower. */
  speedup: number;
  /** Rows to send (the earliest ones); null = all. */
  count: number | null;
  /** Open-loop ceiling on requests in flight; 0 = only the connections. */
  maxConcurrency: number;
}

export function buildTracePlan(input: TracePlanInput): PhasePlan {
  const order = Array.from(input.timesMs.keys()).sort(
    (a, b) => (input.timesMs[a] as number) - (input.timesMs[b] as number) || a - b,
  );
  const n = Math.min(order.length, input.count ?? order.length);
  const t0 = n > 0 ? (input.timesMs[order[0] as number] as number) : 0;
  const sampleIndex = new Uint32Array(n);
  const offsetNs = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const row = order[i] as number;
    sampleIndex[i] = row;
    offsetNs[i] = Math.round((((input.timesMs[row] as number) - t0) * 1e6) / input.speedup);
  }
  const pattern: LoadPattern = { type: "trace", maxConcurrency: input.maxConcurrency || null };
  return {
    phase: input.phase,
    pattern,
    sampleIndex,
    offsetNs,
    slotOffsetsNs: new Float64Array(0),
    maxConcurrency: input.maxConcurrency,
  };
}

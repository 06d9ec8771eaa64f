/**
 * @module plan/phase-plan — who sends what when, for one phase: a pure function of the config.
 *
 * A plan is two parallel arrays (dataset row, due offset from the phase start) plus the
 * closed-loop concurrency (0 for open-loop patterns). Computing it needs no network and no
 * clock, so it is unit-tested and printable before a run.
 */
import { sampleOrder } from "../dataset/sample-order.ts";
import { PythonRandom } from "../rng/python-random.ts";

export type LoadPatternType = "max_throughput" | "poisson" | "concurrency";

export interface LoadPattern {
  type: LoadPatternType;
  targetQps?: number | null;
  targetConcurrency?: number | null;
}

export interface PhasePlan {
  phase: string;
  pattern: LoadPattern;
  /** Dataset row of each request, in issue order. */
  sampleIndex: Uint32Array;
  /** Due time of each request, ns after the phase start (open loop); all 0 for closed loop. */
  offsetNs: Float64Array;
  /** Requests kept in flight (closed loop), 0 for open loop. */
  concurrency: number;
}

export interface PlanInput {
  phase: string;
  pattern: LoadPattern;
  count: number;
  datasetSize: number;
  schedulerSeed: number | bigint;
  dataloaderSeed: number | bigint;
}

/**
 * Poisson arrivals as the seed tool draws them: gap_i = max(1, int(expovariate(qps/1e9))) ns,
 * accumulated from the phase start (absolute instants: no drift from timer lateness).
 */
export function poissonOffsets(count: number, targetQps: number, seed: number | bigint): Float64Array {
  const rng = new PythonRandom(seed);
  const ratePerNs = targetQps / 1e9;
  const offsets = new Float64Array(count);
  let t = 0;
  for (let i = 0; i < count; i++) {
    t += Math.max(1, Math.trunc(rng.expovariate(ratePerNs)));
    offsets[i] = t;
  }
  return offsets;
}

export function buildPhasePlan(input: PlanInput): PhasePlan {
  const { pattern, count } = input;
  const sampleIndex = sampleOrder(input.datasetSize, count, input.dataloaderSeed);
  switch (pattern.type) {
    case "poisson":
      return { phase: input.phase, pattern, sampleIndex, offsetNs: poissonOffsets(count, pattern.targetQps ?? 0, input.schedulerSeed), concurrency: 0 };
    case "concurrency":
      return { phase: input.phase, pattern, sampleIndex, offsetNs: new Float64Array(count), concurrency: Math.max(1, pattern.targetConcurrency ?? 1) };
    case "max_throughput":
      return { phase: input.phase, pattern, sampleIndex, offsetNs: new Float64Array(count), concurrency: 0 };
  }
}

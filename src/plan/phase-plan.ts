/**
 * @module plan/phase-plan — who sends what when, for one phase: a pure function of the config.
 *
 * A plan is two parallel arrays (dataset row, due offset from the phase start), the open-loop
 * in-flight ceiling, and for closed loop the instants at which each concurrency slot opens.
 * Computing it needs no network and no clock, so it is unit-tested and printable (--dry-run).
 */
import { sampleOrder } from "../dataset/sample-order.ts";
import type { PythonSeed } from "../rng/python-random.ts";
import { arrivalOffsets, slotOffsets } from "./arrivals.ts";

/** The load patterns a phase plan can be made for (the config accepts more names, some refused at validation). */
type PlannedPatternType =
  | "max_throughput"
  | "poisson"
  | "constant"
  | "gamma"
  | "concurrency"
  | "agentic_inference"
  | "trace";

export interface LoadPattern {
  type: PlannedPatternType;
  targetQps?: number | null;
  targetConcurrency?: number | null;
  /** Gamma shape (type gamma); 1 behaves like Poisson. */
  burstiness?: number | null;
  /** Open-loop ceiling on requests in flight; a due request waits for a free slot (counted as lag). */
  maxConcurrency?: number | null;
  /** Linear ramp length (s): rate from rampStartQps to targetQps, or concurrency from 1 slot to all. */
  rampUpS?: number | null;
  rampStartQps?: number | null;
}

export interface PhasePlan {
  phase: string;
  pattern: LoadPattern;
  /** Dataset row of each request, in issue order. */
  sampleIndex: Uint32Array;
  /** Due time of each request, ns after the phase start (open loop); all 0 for closed loop. */
  offsetNs: Float64Array;
  /** Closed loop: when each slot first opens, ns after the phase start. Empty for open loop. */
  slotOffsetsNs: Float64Array;
  /** Open loop: most requests in flight across workers; 0 = only the connection limit. */
  maxConcurrency: number;
  /** A header naming each row's session (a trace's session ids); absent = none. "" = this row has none. */
  sessions?: SessionHeaders;
  /** Model of each request, an index into the run's models (workload/model-workload); absent = model 0. */
  modelIndex?: Uint16Array;
  /** Body of each request when a row has one per model; absent = the body of its sample index. */
  bodyIndex?: Uint32Array;
}

export interface SessionHeaders {
  header: string;
  /** Session of each dataset row, by sample index. */
  bySample: string[];
}

interface PlanInput {
  phase: string;
  pattern: LoadPattern;
  count: number;
  datasetSize: number;
  schedulerSeed: PythonSeed;
  dataloaderSeed: PythonSeed;
}

export const isClosedLoop = (plan: PhasePlan): boolean => plan.slotOffsetsNs.length > 0;

export function buildPhasePlan(input: PlanInput): PhasePlan {
  const { pattern, count } = input;
  const sampleIndex = sampleOrder(input.datasetSize, count, input.dataloaderSeed);
  const base = {
    phase: input.phase,
    pattern,
    sampleIndex,
    slotOffsetsNs: new Float64Array(0),
    maxConcurrency: Math.max(0, pattern.maxConcurrency ?? 0),
  };
  const rampUpS = Math.max(0, pattern.rampUpS ?? 0);
  switch (pattern.type) {
    case "poisson":
    case "constant":
    case "gamma": {
      const schedule = {
        targetQps: pattern.targetQps ?? 1,
        rampUpS,
        rampStartQps: Math.max(0, pattern.rampStartQps ?? 0),
      };
      const offsetNs = arrivalOffsets({
        kind: pattern.type,
        count,
        schedule,
        seed: input.schedulerSeed,
        burstiness: pattern.burstiness ?? 1,
      });
      return { ...base, offsetNs };
    }
    case "concurrency":
      return {
        ...base,
        offsetNs: new Float64Array(count),
        slotOffsetsNs: slotOffsets(Math.max(1, pattern.targetConcurrency ?? 1), rampUpS),
        maxConcurrency: 0,
      };
    // Conversation and trace runs plan their performance phase themselves (plan/conversation-plan,
    // plan/trace-plan) and their accuracy phases as max_throughput (workload/accuracy-phases).
    case "agentic_inference":
    case "trace":
    case "max_throughput":
      return { ...base, offsetNs: new Float64Array(count) };
  }
}

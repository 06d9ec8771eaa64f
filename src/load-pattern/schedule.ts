/**
 * @module load-pattern/schedule — when a phase's requests are due, from its load pattern: a pure function of the config.
 *
 * A pattern's `schedule` (load-pattern/load-patterns) picks the shape: arrival offsets from the
 * phase start (open loop), the instants each concurrency slot opens (closed loop), or every request
 * due at the start. Conversation and trace runs plan their performance phase themselves
 * (plan/conversation-plan, plan/trace-plan) and their accuracy phases as max_throughput
 * (workload/accuracy-phases), so here they are due at the start.
 */
import type { PythonSeed } from "../rng/python-random.ts";
import { arrivalOffsets, slotOffsets } from "./arrivals.ts";
import { LOAD_PATTERNS } from "./load-patterns.ts";

/** The load patterns a phase plan can be made for (the config accepts more names, some refused at validation). */
type PlannedPatternType =
  | "max_throughput"
  | "poisson"
  | "constant"
  | "gamma"
  | "concurrency"
  | "agentic_inference"
  | "trace";

/** A phase's load pattern, as the plan takes it from settings.load_pattern. */
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

interface PhaseSchedule {
  /** Due time of each request, ns after the phase start (open loop); all 0 for closed loop. */
  offsetNs: Float64Array;
  /** Closed loop: when each slot first opens, ns after the phase start. Empty for open loop. */
  slotOffsetsNs: Float64Array;
  /** Open loop: most requests in flight across workers; 0 = only the connection limit. */
  maxConcurrency: number;
}

/** When each of `count` requests is due under `pattern`; `seed` draws the arrivals. */
export function phaseSchedule(pattern: LoadPattern, count: number, seed: PythonSeed): PhaseSchedule {
  const spec = LOAD_PATTERNS[pattern.type];
  const rampUpS = Math.max(0, pattern.rampUpS ?? 0);
  const open = { slotOffsetsNs: new Float64Array(0), maxConcurrency: Math.max(0, pattern.maxConcurrency ?? 0) };
  if (spec.schedule === "arrivals") {
    const schedule = {
      targetQps: pattern.targetQps ?? 1,
      rampUpS,
      rampStartQps: Math.max(0, pattern.rampStartQps ?? 0),
    };
    const kind = spec.arrivals;
    const offsetNs = arrivalOffsets({ kind, count, schedule, seed, burstiness: pattern.burstiness ?? 1 });
    return { ...open, offsetNs };
  }
  if (spec.schedule === "slots")
    return {
      offsetNs: new Float64Array(count),
      slotOffsetsNs: slotOffsets(Math.max(1, pattern.targetConcurrency ?? 1), rampUpS),
      maxConcurrency: 0,
    };
  return { ...open, offsetNs: new Float64Array(count) };
}

/**
 * @module plan/phase-plan — who sends what when, for one phase: a pure function of the config.
 *
 * A plan is two parallel arrays (dataset row, due offset from the phase start), the open-loop
 * in-flight ceiling, and for closed loop the instants at which each concurrency slot opens.
 * Computing it needs no network and no clock, so it is unit-tested and printable (--dry-run). When
 * each request is due is its load pattern's (load-pattern/schedule); which row each sends, here.
 */
import { sampleOrder } from "../dataset/sample-order.ts";
import { type LoadPattern, phaseSchedule } from "../load-pattern/schedule.ts";
import type { PythonSeed } from "../rng/python-random.ts";

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
  return {
    phase: input.phase,
    pattern: input.pattern,
    sampleIndex: sampleOrder(input.datasetSize, input.count, input.dataloaderSeed),
    ...phaseSchedule(input.pattern, input.count, input.schedulerSeed),
  };
}

/** Each (dataset row, model) the plan sends, once: the keys a request's row shares with the body it sent. */
export function planBodyKeys(
  plan: Pick<PhasePlan, "sampleIndex" | "modelIndex">,
): [sampleIndex: number, model: number][] {
  const seen = new Set<number>();
  const keys: [number, number][] = [];
  for (let i = 0; i < plan.sampleIndex.length; i++) {
    const row = plan.sampleIndex[i] as number;
    const model = plan.modelIndex?.[i] ?? 0;
    // A model index is under 2^16 (Uint16Array), so row × 2^16 + model names the pair exactly.
    const key = row * 65_536 + model;
    if (seen.has(key)) continue;
    seen.add(key);
    keys.push([row, model]);
  }
  return keys;
}

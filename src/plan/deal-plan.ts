/**
 * @module plan/deal-plan — splits a phase plan among workers before the start.
 *
 * Entry i goes to the (i mod R)-th receiving worker, so each worker's share of a Poisson
 * schedule is itself evenly spread in time. Closed-loop slots are split as evenly as possible
 * and only workers holding a slot receive entries (a worker with no slot could never send).
 * Every worker gets a share, possibly empty, so every worker reports the phase done.
 */
import type { PhasePlan } from "./phase-plan.ts";

export interface PlanShare {
  planIndex: Uint32Array;
  sampleIndex: Uint32Array;
  offsetNs: Float64Array;
  closedLoopSlots: number;
}

function slotsFor(worker: number, workers: number, concurrency: number): number {
  return Math.floor(concurrency / workers) + (worker < concurrency % workers ? 1 : 0);
}

export function dealPlan(plan: PhasePlan, workers: number): PlanShare[] {
  const total = plan.sampleIndex.length;
  const closedLoop = plan.concurrency > 0;
  const receivers = closedLoop ? Math.min(workers, plan.concurrency) : workers;
  const shares: PlanShare[] = [];
  for (let w = 0; w < workers; w++) {
    const n = w < receivers && w < total ? Math.floor((total - 1 - w) / receivers) + 1 : 0;
    const planIndex = new Uint32Array(n);
    const sampleIndex = new Uint32Array(n);
    const offsetNs = new Float64Array(n);
    for (let j = 0, i = w; j < n; j++, i += receivers) {
      planIndex[j] = i;
      sampleIndex[j] = plan.sampleIndex[i] as number;
      offsetNs[j] = plan.offsetNs[i] as number;
    }
    shares.push({ planIndex, sampleIndex, offsetNs, closedLoopSlots: closedLoop ? slotsFor(w, workers, plan.concurrency) : 0 });
  }
  return shares;
}

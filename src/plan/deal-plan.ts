/**
 * @module plan/deal-plan — splits a phase plan among workers before the start.
 *
 * Entry i goes to the (i mod R)-th receiving worker, so each worker's share of a schedule is
 * itself evenly spread in time. Closed-loop slots go round-robin (slot i to worker i mod W, so
 * a ramp stays a ramp on every worker); an open-loop concurrency ceiling is split as evenly as
 * possible. Only workers that may hold a request receive entries (a worker with no slot could
 * never send); every worker still gets a share, possibly empty, so all report the phase done.
 */
import { isConversationPlan, type ConversationPlan, type TrajectoryTable } from "./conversation-plan.ts";
import { isClosedLoop, type PhasePlan } from "./phase-plan.ts";

export interface PlanShare {
  planIndex: Uint32Array;
  sampleIndex: Uint32Array;
  offsetNs: Float64Array;
  /** Closed loop: when each of this worker's slots opens (ns after the phase start). */
  slotOffsetsNs: Float64Array;
  /** Open loop: this worker's ceiling on requests in flight; 0 = none. */
  inFlightCap: number;
  /** Conversation phase: this worker's trajectories (starts index this share's entries). */
  conversations?: TrajectoryTable;
  /** A model mix: the plan's model and body of each of this share's entries (plan/phase-plan). */
  modelIndex?: Uint16Array;
  bodyIndex?: Uint32Array;
}

function evenShare(total: number, worker: number, workers: number): number {
  return Math.floor(total / workers) + (worker < total % workers ? 1 : 0);
}

export function dealPlan(plan: PhasePlan, workers: number): PlanShare[] {
  if (isConversationPlan(plan)) return dealConversations(plan, workers);
  const total = plan.sampleIndex.length;
  const closed = isClosedLoop(plan);
  const limit = closed ? plan.slotOffsetsNs.length : plan.maxConcurrency;
  const receivers = limit > 0 ? Math.min(workers, limit) : workers;
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
    const slotOffsetsNs = closed ? plan.slotOffsetsNs.filter((_, slot) => slot % workers === w) : new Float64Array(0);
    const inFlightCap = !closed && limit > 0 ? evenShare(limit, w, workers) : 0;
    shares.push({ planIndex, sampleIndex, offsetNs, slotOffsetsNs, inFlightCap, ...modelsOf(plan, planIndex) });
  }
  return shares;
}

/** A mix's model and body of each entry of a share, picked from the plan by the entries' plan indices. */
function modelsOf(plan: PhasePlan, planIndex: Uint32Array): Pick<PlanShare, "modelIndex" | "bodyIndex"> {
  const { modelIndex, bodyIndex } = plan;
  return {
    ...(modelIndex ? { modelIndex: Uint16Array.from(planIndex, (i) => modelIndex[i] as number) } : {}),
    ...(bodyIndex ? { bodyIndex: Uint32Array.from(planIndex, (i) => bodyIndex[i] as number) } : {}),
  };
}

/**
 * Conversations are dealt whole: slot s goes to worker s mod W, and trajectory k to the worker
 * of slot k mod S, so each worker's trajectories match its slots and a conversation's turns
 * never cross processes (no IPC between a response and the next turn).
 */
function dealConversations(plan: ConversationPlan, workers: number): PlanShare[] {
  const table = plan.conversations;
  const slots = plan.slotOffsetsNs.length;
  const trajectories = table.ids.length;
  const perWorker: number[][] = Array.from({ length: workers }, () => []);
  for (let k = 0; k < trajectories; k++) perWorker[(k % slots) % workers]?.push(k);
  return perWorker.map((mine, w) => {
    const entries = mine.reduce((sum, k) => sum + (table.starts[k + 1] as number) - (table.starts[k] as number), 0);
    const planIndex = new Uint32Array(entries);
    const sampleIndex = new Uint32Array(entries);
    const offsetNs = new Float64Array(entries);
    const starts = new Uint32Array(mine.length + 1);
    const salts: string[] = [];
    let j = 0;
    mine.forEach((k, t) => {
      starts[t] = j;
      for (let i = table.starts[k] as number; i < (table.starts[k + 1] as number); i++, j++) {
        planIndex[j] = i;
        sampleIndex[j] = plan.sampleIndex[i] as number;
        offsetNs[j] = plan.offsetNs[i] as number;
      }
      if (table.salts.length > 0) salts.push(table.salts[2 * k] as string, table.salts[2 * k + 1] as string);
    });
    starts[mine.length] = j;
    const slotOffsetsNs = plan.slotOffsetsNs.filter((_, slot) => slot % workers === w);
    const conversations: TrajectoryTable = { ...table, starts, ids: mine.map((k) => table.ids[k] as string), salts };
    return { planIndex, sampleIndex, offsetNs, slotOffsetsNs, inFlightCap: 0, conversations };
  });
}

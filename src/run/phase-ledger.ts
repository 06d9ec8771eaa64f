/**
 * @module run/phase-ledger — which planned requests of a phase have a record, and which worker holds the rest.
 *
 * When a worker dies, its planned requests without a record (in flight or never sent) become
 * `worker_lost` records, so every planned request of the phase is accounted for. A record that
 * arrives after its entry was declared lost is dropped (the loss was already recorded).
 * The ledger keeps one byte per entry and each worker's plan indices; a lost entry's dataset row
 * and due time are read from the plan itself, not from copies of every share.
 */
import type { PhasePlan } from "../plan/phase-plan.ts";
import type { RequestRecord } from "../record/request-record.ts";
import { noResponseRecord } from "../record/no-response-record.ts";

const RECORDED = 1;
const LOST = 2;

export class PhaseLedger {
  private readonly state: Uint8Array;
  private readonly shares = new Map<number, Uint32Array>();

  /** `startNs`: the phase start (ns since T0); entry i is due at startNs + plan.offsetNs[i]. */
  constructor(
    private readonly plan: Pick<PhasePlan, "phase" | "sampleIndex" | "offsetNs" | "modelIndex">,
    private readonly startNs: number,
  ) {
    this.state = new Uint8Array(plan.sampleIndex.length);
  }

  /** The plan entries dealt to `workerId`. */
  assign(workerId: number, planIndex: Uint32Array): void {
    this.shares.set(workerId, planIndex);
  }

  /** Returns false when the entry was already declared lost: drop the late record. */
  markRecorded(planIndex: number): boolean {
    if (this.state[planIndex] === LOST) return false;
    this.state[planIndex] = RECORDED;
    return true;
  }

  /** worker_lost records for the worker's entries that have none yet. */
  takeLost(workerId: number, endpointCount: number, nowNs: number, reason: string): RequestRecord[] {
    const share = this.shares.get(workerId);
    if (!share) return [];
    const { plan } = this;
    const lost: RequestRecord[] = [];
    for (let j = 0; j < share.length; j++) {
      const planIndex = share[j] as number;
      if (this.state[planIndex] !== 0) continue;
      this.state[planIndex] = LOST;
      const who = {
        phase: plan.phase,
        planIndex,
        sampleIndex: plan.sampleIndex[planIndex] as number,
        workerId,
        endpointIndex: planIndex % endpointCount,
        scheduledNs: this.startNs + (plan.offsetNs[planIndex] as number),
      };
      const record = noResponseRecord(who, Number.NaN, nowNs, "worker_lost", reason, 0);
      record.modelIndex = plan.modelIndex?.[planIndex] ?? 0;
      lost.push(record);
    }
    return lost;
  }
}

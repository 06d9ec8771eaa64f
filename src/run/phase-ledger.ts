/**
 * @module run/phase-ledger — which planned requests of a phase have a record, and which worker holds the rest.
 *
 * When a worker dies, its planned requests without a record (in flight or never sent) become
 * `worker_lost` records, so every planned request of the phase is accounted for. A record that
 * arrives after its entry was declared lost is dropped (the loss was already recorded).
 */
import type { RequestRecord } from "../record/request-record.ts";

export interface LedgerShare {
  planIndex: Uint32Array;
  sampleIndex: Uint32Array;
  /** Absolute due instants (ns since T0). */
  scheduledNs: Float64Array;
}

const RECORDED = 1;
const LOST = 2;

export class PhaseLedger {
  private readonly state: Uint8Array;
  private readonly shares = new Map<number, LedgerShare>();

  constructor(readonly phase: string, planLength: number) {
    this.state = new Uint8Array(planLength);
  }

  assign(workerId: number, share: LedgerShare): void {
    this.shares.set(workerId, share);
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
    const lost: RequestRecord[] = [];
    share.planIndex.forEach((planIndex, j) => {
      if (this.state[planIndex] !== 0) return;
      this.state[planIndex] = LOST;
      lost.push({
        phase: this.phase, planIndex, sampleIndex: share.sampleIndex[j] as number, workerId,
        endpointIndex: planIndex % endpointCount, scheduledNs: share.scheduledNs[j] as number, sentNs: Number.NaN,
        responseHeadersNs: null, firstTokenNs: null, doneNs: nowNs, httpStatus: 0, errorKind: "worker_lost",
        errorMessage: reason, inputTokens: null, outputTokens: null, reasoningTokens: null, tokenSource: "none",
        chunkCount: 0, chunkGapsNs: null, chunkTokens: null, finishReason: null, responseText: null, attempt: 0,
      });
    });
    return lost;
  }
}

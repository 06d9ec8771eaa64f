/**
 * @module run/phase-runner — the one send loop, in a worker: a share of a plan, sent on time.
 *
 * Open loop (offline, Poisson, constant rate): entry i is due at scheduledNs[i]; at most
 * `maxInFlight` requests are in flight, and a due entry that finds no free slot waits (its wait
 * shows up as schedule lag — never hidden). Closed loop (concurrency): `slots` requests in
 * flight; each completion frees a slot and the next entry is scheduled at that instant.
 * Waiting: far-off instants use setTimeout (1 ms granularity), the last 2 ms a setImmediate
 * poll on the clock, so sends are late by microseconds, not by a timer tick.
 */
import { ABORT_CANCELLED } from "../client/classify-error.ts";
import { sendRequest, type InFlightHandle, type RequestSettings } from "../client/send-request.ts";
import type { RequestRecord } from "../record/request-record.ts";

const SPIN_WINDOW_NS = 2_000_000;

export interface PhaseShare {
  phase: string;
  workerId: number;
  planIndex: Uint32Array;
  sampleIndex: Uint32Array;
  scheduledNs: Float64Array;
  /** >0: closed loop with this many slots. 0: open loop. */
  closedLoopSlots: number;
  startNs: number;
}

export interface PhaseTargets {
  endpointUrls: readonly string[];
  bodies: readonly string[];
  maxInFlight: number;
  settings: RequestSettings;
}

export interface PhaseOutcome {
  sent: number;
  unsent: number;
}

export class PhaseRunner {
  private next = 0;
  private inFlight = 0;
  private stopped = false;
  private wakeTimer: ReturnType<typeof setTimeout> | null = null;
  private spinning = false;
  private readonly handles = new Set<InFlightHandle>();
  /** Closed loop: instants at which slots became free, oldest first. */
  private readonly freeSlotsNs: number[] = [];
  private readonly finished: Promise<PhaseOutcome>;
  private resolveFinished!: (outcome: PhaseOutcome) => void;

  constructor(
    private readonly share: PhaseShare,
    private readonly targets: PhaseTargets,
    private readonly onRecord: (record: RequestRecord) => void,
  ) {
    this.finished = new Promise((resolve) => (this.resolveFinished = resolve));
    for (let i = 0; i < share.closedLoopSlots; i++) this.freeSlotsNs.push(share.startNs);
  }

  /** Starts at the share's start instant; resolves when every entry was sent and answered or the phase was stopped. */
  run(): Promise<PhaseOutcome> {
    this.pump();
    return this.finished;
  }

  /** Stops issuing; with abortInFlight, cancels what is in flight (recorded as cancelled). */
  stop(abortInFlight: boolean): void {
    this.stopped = true;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    if (abortInFlight) for (const handle of this.handles) handle.abort(ABORT_CANCELLED);
    this.checkFinished();
  }

  private get closedLoop(): boolean {
    return this.share.closedLoopSlots > 0;
  }

  private pump = (): void => {
    this.wakeTimer = null;
    this.spinning = false;
    const { share, targets } = this;
    const total = share.planIndex.length;
    while (!this.stopped && this.next < total) {
      let scheduledNs: number;
      if (this.closedLoop) {
        if (this.freeSlotsNs.length === 0) return;
        scheduledNs = Math.max(this.freeSlotsNs[0] as number, share.startNs);
      } else {
        if (this.inFlight >= targets.maxInFlight) return;
        scheduledNs = share.scheduledNs[this.next] as number;
      }
      const waitNs = scheduledNs - targets.settings.now();
      if (waitNs > 0) return this.sleep(waitNs);
      if (this.closedLoop) this.freeSlotsNs.shift();
      this.launch(this.next++, scheduledNs);
    }
    this.checkFinished();
  };

  private sleep(waitNs: number): void {
    if (waitNs > SPIN_WINDOW_NS) {
      this.wakeTimer = setTimeout(this.pump, Math.floor((waitNs - SPIN_WINDOW_NS) / 1e6) + 1);
    } else if (!this.spinning) {
      this.spinning = true;
      setImmediate(this.pump);
    }
  }

  private launch(i: number, scheduledNs: number): void {
    const { share, targets } = this;
    const planIndex = share.planIndex[i] as number;
    const sampleIndex = share.sampleIndex[i] as number;
    const endpointIndex = planIndex % targets.endpointUrls.length;
    this.inFlight++;
    const register = (handle: InFlightHandle) => {
      this.handles.add(handle);
      return () => this.handles.delete(handle);
    };
    void sendRequest(
      {
        phase: share.phase, workerId: share.workerId, planIndex, sampleIndex, endpointIndex,
        url: targets.endpointUrls[endpointIndex] as string, body: targets.bodies[sampleIndex] as string, scheduledNs,
      },
      targets.settings,
      register,
    ).then((record) => {
      this.inFlight--;
      if (this.closedLoop) this.freeSlotsNs.push(record.doneNs);
      this.onRecord(record);
      if (!this.spinning && this.wakeTimer === null) this.pump();
      else this.checkFinished();
    });
  }

  private checkFinished(): void {
    const total = this.share.planIndex.length;
    if (this.inFlight > 0) return;
    if (!this.stopped && this.next < total) return;
    this.resolveFinished({ sent: this.next, unsent: total - this.next });
  }
}

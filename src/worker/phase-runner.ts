/**
 * @module worker/phase-runner — the one send loop, in a worker: a share of a plan, sent on time.
 *
 * Open loop (offline, Poisson, constant, gamma): entry i is due offsetNs[i] after the phase
 * start (given to `run`, once every worker holds its share); at most
 * `maxInFlight` (and the pattern's ceiling) are in flight, and a due entry that finds no free
 * slot waits (its wait shows up as schedule lag — never hidden). Closed loop (concurrency):
 * each slot opens at its start instant (a ramp opens them one by one); each completion frees a
 * slot and the next entry is scheduled at that instant.
 * Waiting: far-off instants use setTimeout (1 ms granularity), the last 2 ms the alarm thread
 * (clock/precise-alarm) and a setImmediate poll on the clock, so sends are late by
 * microseconds, not by a timer tick. Response work (each completion, each body read — see
 * `poll`) first launches whatever has fallen due, so a send never queues behind a burst of
 * responses being processed in the same event-loop turn.
 * Two moments end a phase: `issued` (nothing more will be sent: every entry went out, or the
 * phase was stopped) and `run()`'s promise (besides, nothing is in flight any more); a phase
 * that does not drain lets the next one start at the first.
 */
import { ABORT_CANCELLED } from "../client/classify-error.ts";
import { PreciseAlarm } from "../clock/precise-alarm.ts";
import { sendRequest, warmSendPath, type InFlightHandle, type RequestSettings } from "../client/send-request.ts";
import type { PlanShare } from "../plan/deal-plan.ts";
import type { SessionHeaders } from "../plan/phase-plan.ts";
import type { RequestRecord } from "../record/request-record.ts";

/** Within this long of a send, wait with the alarm thread (or a setImmediate poll), not a 1 ms timer. */
const SPIN_WINDOW_NS = 2_000_000;
/** The alarm fires this early; the last µs are polled with setImmediate. */
const ALARM_LEAD_NS = 30_000;

/** A worker's share of a phase: what the plan dealt it (plan/deal-plan), named and addressed. */
export interface PhaseShare extends PlanShare {
  phase: string;
  workerId: number;
  /** A header naming each row's session (trace replay); absent = the run's headers only. */
  sessions?: SessionHeaders;
}

export interface PhaseTargets {
  endpointUrls: readonly string[];
  bodies: readonly string[];
  maxInFlight: number;
  settings: RequestSettings;
}

/** What a worker's share of a phase came to (main's view of a whole phase is run/session's PhaseOutcome). */
export interface ShareOutcome {
  sent: number;
  unsent: number;
}

export class PhaseRunner {
  private next = 0;
  private inFlight = 0;
  private stopped = false;
  private wakeTimer: ReturnType<typeof setTimeout> | null = null;
  /** A setImmediate poll is queued (the alarm thread is not ready, or the send is µs away). */
  private immediatePending = false;
  /** The alarm thread will wake us ALARM_LEAD_NS before the next send (the last SPIN_WINDOW_NS). */
  private alarmArmed = false;
  private alarm: PreciseAlarm | null = null;
  private maxLagNs = 0;
  /** The phase start, ns since T0; null until `run`. */
  private startNs: number | null = null;
  private readonly handles = new Set<InFlightHandle>();
  /** Made once, not per send: every in-flight request's handle, so `stop` can abort them. */
  private readonly register = (handle: InFlightHandle): (() => boolean) => {
    this.handles.add(handle);
    return () => this.handles.delete(handle);
  };
  /** Closed loop: instants at which slots became free, oldest first. */
  private readonly freeSlotsNs: number[] = [];
  private readonly cap: number;
  private readonly closedLoop: boolean;
  /** Trace replay: the headers of each session, made once per session. */
  private readonly sessionHeaders = new Map<string, Record<string, string>>();
  private readonly finished: Promise<ShareOutcome>;
  private resolveFinished!: (outcome: ShareOutcome) => void;
  /** Resolves once nothing more will be sent (always before `run()` resolves). */
  readonly issued: Promise<void>;
  private resolveIssued!: () => void;

  constructor(
    private readonly share: PhaseShare,
    private readonly targets: PhaseTargets,
    private readonly onRecord: (record: RequestRecord) => void,
  ) {
    this.finished = new Promise((resolve) => (this.resolveFinished = resolve));
    this.issued = new Promise((resolve) => (this.resolveIssued = resolve));
    this.closedLoop = share.slotOffsetsNs.length > 0;
    this.cap = share.inFlightCap > 0 ? Math.min(share.inFlightCap, targets.maxInFlight) : targets.maxInFlight;
  }

  /**
   * Gets a timed phase ready before its start: the alarm thread boots now (CPU on this core,
   * plus its own JIT) rather than in the first milliseconds of the schedule, where it would make
   * the first sends late, and the send path is compiled (client/send-request `warmSendPath`).
   * Resolves when both are done or after `limitMs`.
   */
  async prepare(limitMs = 1000): Promise<void> {
    if (!this.timed || this.stopped) return;
    this.alarm ??= new PreciseAlarm(this.targets.settings.now, this.pump);
    let timer: ReturnType<typeof setTimeout> | null = null;
    const ready = Promise.all([this.alarm.started, warmSendPath(this.targets.settings)]);
    await Promise.race([ready, new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs)))]);
    if (timer) clearTimeout(timer);
  }

  /** Starts the share at `startNs` (ns since T0); resolves when every entry was sent and answered or the phase was stopped. */
  run(startNs: number): Promise<ShareOutcome> {
    this.startNs = startNs;
    this.freeSlotsNs.push(...Array.from(this.share.slotOffsetsNs, (offset) => offset + startNs).sort((a, b) => a - b));
    this.advance();
    return this.finished;
  }

  /** Stops issuing; with abortInFlight, cancels what is in flight (recorded as cancelled). */
  stop(abortInFlight: boolean): void {
    this.stopped = true;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.alarm?.disarm();
    if (abortInFlight) for (const handle of this.handles) handle.abort(ABORT_CANCELLED);
    this.checkFinished();
  }

  /** The latest any send went out since the last call, ns (0 when none was late). */
  takeMaxLagNs(): number {
    const lag = this.maxLagNs;
    this.maxLagNs = 0;
    return lag;
  }

  /** Open loop with sends due at instants after the start (Poisson, constant, gamma, ramps), not all at once. */
  get timed(): boolean {
    const offsets = this.share.offsetNs;
    return !this.closedLoop && offsets.length > 0 && (offsets[offsets.length - 1] as number) > 0;
  }

  /** Launches every entry already due (the worker calls this whenever a response makes progress). */
  poll(): void {
    if (this.startNs !== null && !this.stopped) this.launchDue();
  }

  private pump = (): void => {
    this.wakeTimer = null;
    this.immediatePending = false;
    this.alarmArmed = false;
    this.advance();
  };

  /** Launches what is due, then waits for the next entry or checks whether the phase is over. */
  private advance(): void {
    const waitNs = this.stopped ? 0 : this.launchDue();
    if (waitNs > 0) this.sleep(waitNs);
    else this.checkFinished();
  }

  /** Sends due entries while slots allow; returns ns until the next entry is due, or 0 when none is waiting on the clock. */
  private launchDue(): number {
    const { share, targets } = this;
    const total = share.planIndex.length;
    while (this.next < total) {
      let scheduledNs: number;
      if (this.closedLoop) {
        if (this.freeSlotsNs.length === 0) return 0;
        scheduledNs = this.freeSlotsNs[0] as number;
      } else {
        if (this.inFlight >= this.cap) return 0;
        scheduledNs = (this.startNs as number) + (share.offsetNs[this.next] as number);
      }
      const waitNs = scheduledNs - targets.settings.now();
      if (waitNs > 0) return waitNs;
      if (-waitNs > this.maxLagNs) this.maxLagNs = -waitNs;
      if (this.closedLoop) this.freeSlotsNs.shift();
      this.launch(this.next++, scheduledNs);
    }
    return 0;
  }

  private sleep(waitNs: number): void {
    if (this.immediatePending || this.alarmArmed) return; // a wake-up for this entry is queued
    if (waitNs > SPIN_WINDOW_NS) {
      if (this.wakeTimer === null)
        this.wakeTimer = setTimeout(this.pump, Math.max(1, Math.floor((waitNs - SPIN_WINDOW_NS) / 1e6)));
      return;
    }
    if (this.wakeTimer !== null) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    this.alarm ??= new PreciseAlarm(this.targets.settings.now, this.pump);
    if (this.alarm.ready && waitNs > ALARM_LEAD_NS) {
      this.alarmArmed = true;
      this.alarm.arm(this.targets.settings.now() + waitNs - ALARM_LEAD_NS);
    } else {
      this.immediatePending = true;
      setImmediate(this.pump);
    }
  }

  private launch(i: number, scheduledNs: number): void {
    const { share, targets } = this;
    const planIndex = share.planIndex[i] as number;
    const sampleIndex = share.sampleIndex[i] as number;
    const endpointIndex = planIndex % targets.endpointUrls.length;
    this.inFlight++;
    void sendRequest(
      {
        phase: share.phase,
        workerId: share.workerId,
        planIndex,
        sampleIndex,
        endpointIndex,
        url: targets.endpointUrls[endpointIndex] as string,
        body: targets.bodies[share.bodyIndex === undefined ? sampleIndex : (share.bodyIndex[i] as number)] as string,
        scheduledNs,
        // One object shape for every request: no spread on the send path.
        headers: share.sessions ? this.headersOf(share.sessions, sampleIndex) : undefined,
      },
      targets.settings,
      this.register,
    ).then((record) => {
      this.inFlight--;
      if (this.closedLoop) this.freeSlotsNs.push(record.releasedNs ?? record.doneNs);
      this.onRecord(record);
      this.advance();
    });
  }

  /** The request headers of a row that names a session: the run's plus the session header. */
  private headersOf(sessions: SessionHeaders, sampleIndex: number): Record<string, string> | undefined {
    const session = sessions.bySample[sampleIndex];
    if (!session) return undefined;
    let headers = this.sessionHeaders.get(session);
    if (!headers) {
      headers = { ...this.targets.settings.headers, [sessions.header]: session };
      this.sessionHeaders.set(session, headers);
    }
    return headers;
  }

  private checkFinished(): void {
    const total = this.share.planIndex.length;
    if (!this.stopped && this.next < total) return;
    this.resolveIssued();
    this.alarm?.dispose();
    this.alarm = null;
    if (this.inFlight > 0) return;
    this.resolveFinished({ sent: this.next, unsent: total - this.next });
  }
}

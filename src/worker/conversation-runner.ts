/**
 * @module worker/conversation-runner — a worker's share of a conversation phase: whole
 * trajectories, each a closed loop of turns, at most one slot's worth running at once.
 *
 * As upstream's agentic_inference: a slot runs one trajectory at a time; a turn is sent when
 * the previous turn's response has ended (after the recorded think time when the plan has
 * one: its offset), so a trajectory never has two requests in flight and a slot stays taken
 * during think time. Every turn carries the routing headers set to the trajectory's logical id
 * and, when salting, its system message salted. A turn that fails (the turn timeout included)
 * ends its trajectory: each turn not yet sent becomes a `conversation_aborted` record, sent
 * nowhere, so issued and failed counts match upstream's. Under `history: live` each turn carries
 * the model's own earlier replies instead (worker/live-history). Over anthropic_messages each turn's
 * chat body goes as a Messages body (dataset/anthropic-turn). A finished trajectory frees its slot
 * for the next one. Stopping forgets turns waiting on think time (never sent, never recorded)
 * and lets in-flight ones finish, or cancels them.
 */
import { ABORT_CANCELLED } from "../client/classify-error.ts";
import { sendRequest, warmSendPath, type InFlightHandle, type RequestSettings } from "../client/send-request.ts";
import { systemContentStart } from "../dataset/conversations/turn-body.ts";
import { anthropicTurnBody } from "../dataset/anthropic-turn.ts";
import { saltedPrompt, type TrajectoryTable } from "../plan/conversation-plan.ts";
import type { RequestRecord } from "../record/request-record.ts";
import { noResponseRecord } from "../record/no-response-record.ts";
import { LiveHistory } from "./live-history.ts";
import type { PhaseShare, PhaseTargets, ShareOutcome } from "./phase-runner.ts";

/** The last stretch of a think time is polled, not left to a timer (1 ms granularity). */
const THINK_POLL_NS = 1_500_000;

export class ConversationRunner {
  readonly timed = false;
  readonly issued: Promise<void>;
  private resolveIssued!: () => void;
  private readonly finished: Promise<ShareOutcome>;
  private resolveFinished!: (outcome: ShareOutcome) => void;
  private readonly table: TrajectoryTable;
  private readonly settings: RequestSettings;
  private nextTrajectory = 0;
  private active = 0;
  private inFlight = 0;
  private recorded = 0;
  private stopped = false;
  private maxLagNs = 0;
  private readonly thinkTimers = new Set<ReturnType<typeof setTimeout>>();
  /** `history: live`: each running trajectory's history (worker/live-history). */
  private readonly live = new Map<number, LiveHistory>();
  private readonly handles = new Set<InFlightHandle>();
  private readonly register = (handle: InFlightHandle): (() => boolean) => {
    this.handles.add(handle);
    return () => this.handles.delete(handle);
  };

  constructor(
    private readonly share: PhaseShare & { conversations: TrajectoryTable },
    private readonly targets: PhaseTargets,
    private readonly onRecord: (record: RequestRecord) => void,
  ) {
    this.table = share.conversations;
    const base = targets.settings;
    const turnMs = this.table.turnTimeoutMs;
    const requestTimeoutMs = base.requestTimeoutMs > 0 ? Math.min(base.requestTimeoutMs, turnMs) : turnMs;
    this.settings = { ...base, requestTimeoutMs };
    this.issued = new Promise((resolve) => (this.resolveIssued = resolve));
    this.finished = new Promise((resolve) => (this.resolveFinished = resolve));
  }

  async prepare(): Promise<void> {
    await warmSendPath(this.settings);
  }

  run(startNs: number): Promise<ShareOutcome> {
    const slots = this.share.slotOffsetsNs.length;
    for (let s = 0; s < slots && this.nextTrajectory < this.table.ids.length; s++)
      this.startTrajectory(this.nextTrajectory++, startNs);
    this.checkFinished();
    return this.finished;
  }

  stop(abortInFlight: boolean): void {
    this.stopped = true;
    for (const timer of this.thinkTimers) clearTimeout(timer);
    this.thinkTimers.clear();
    if (abortInFlight) for (const handle of this.handles) handle.abort(ABORT_CANCELLED);
    this.checkFinished();
  }

  /** Nothing waits on a send instant between responses: think times are timers of their own. */
  poll(): void {}

  takeMaxLagNs(): number {
    const lag = this.maxLagNs;
    this.maxLagNs = 0;
    return lag;
  }

  private startTrajectory(t: number, readyNs: number): void {
    this.active++;
    const headers = { ...this.settings.headers };
    for (const name of this.table.routingHeaders) headers[name] = this.table.ids[t] as string;
    if (this.table.live)
      this.live.set(
        t,
        new LiveHistory(
          this.table.salts.length > 0
            ? [this.table.salts[2 * t] as string, this.table.salts[2 * t + 1] as string]
            : null,
        ),
      );
    this.issueTurn(t, this.table.starts[t] as number, readyNs, headers);
  }

  /** Sends entry `i` of trajectory `t` once its think time after `readyNs` has passed. */
  private issueTurn(t: number, i: number, readyNs: number, headers: Record<string, string>): void {
    const scheduledNs = readyNs + (this.share.offsetNs[i] as number);
    this.at(scheduledNs, () => this.launch(t, i, scheduledNs, headers));
  }

  /**
   * Runs `fn` at `instantNs`: a timer to within THINK_POLL_NS of it, then setImmediate polls,
   * since a timer alone is late by up to a millisecond. Think times are seconds apart per
   * conversation, so the polls cost nothing that matters.
   */
  private at(instantNs: number, fn: () => void): void {
    const waitNs = instantNs - this.settings.now();
    if (this.stopped) return;
    if (waitNs <= 0) return fn();
    if (waitNs <= THINK_POLL_NS) {
      setImmediate(() => this.at(instantNs, fn));
      return;
    }
    const timer = setTimeout(
      () => {
        this.thinkTimers.delete(timer);
        this.at(instantNs, fn);
      },
      (waitNs - THINK_POLL_NS) / 1e6,
    );
    this.thinkTimers.add(timer);
  }

  private launch(t: number, i: number, scheduledNs: number, headers: Record<string, string>): void {
    const lag = this.settings.now() - scheduledNs;
    if (lag > this.maxLagNs) this.maxLagNs = lag;
    const planIndex = this.share.planIndex[i] as number;
    const sampleIndex = this.share.sampleIndex[i] as number;
    const endpointIndex =
      (this.share.planIndex[this.table.starts[t] as number] as number) % this.targets.endpointUrls.length;
    this.inFlight++;
    const request = {
      phase: this.share.phase,
      workerId: this.share.workerId,
      planIndex,
      sampleIndex,
      endpointIndex,
      url: this.targets.endpointUrls[endpointIndex] as string,
      body: this.bodyFor(t, sampleIndex),
      scheduledNs,
      headers,
    };
    void sendRequest(request, this.settings, this.register).then((record) => {
      this.inFlight--;
      if (record.errorKind === "timeout" && this.settings.requestTimeoutMs === this.table.turnTimeoutMs) {
        record.errorMessage = `turn timeout after ${this.table.turnTimeoutMs / 1000} s (agentic_inference.turn_timeout_s)`;
      }
      this.record(record);
      this.afterTurn(t, i, record, headers);
    });
  }

  private afterTurn(t: number, i: number, record: RequestRecord, headers: Record<string, string>): void {
    const end = this.table.starts[t + 1] as number;
    if (this.stopped) return this.checkFinished();
    if (record.errorKind !== null) {
      const reason =
        record.errorKind === "timeout" ? "prior turn timed out" : `prior turn errored: ${record.errorKind}`;
      for (let j = i + 1; j < end; j++) this.record(this.abortedTurn(j, reason));
    } else if (i + 1 < end) {
      this.live.get(t)?.answered(record.responseText);
      return this.issueTurn(t, i + 1, record.releasedNs ?? record.doneNs, headers);
    }
    this.live.delete(t);
    this.active--;
    if (this.nextTrajectory < this.table.ids.length) this.startTrajectory(this.nextTrajectory++, this.settings.now());
    this.checkFinished();
  }

  /** The body of a turn as sent: the chat body, or over anthropic_messages its Messages body (dataset/anthropic-turn). */
  private bodyFor(t: number, sampleIndex: number): string {
    const chat = this.chatBodyFor(t, sampleIndex);
    return this.table.anthropic ? anthropicTurnBody(chat) : chat;
  }

  /** The chat body of a turn; salted: the system content wrapped in the trajectory's salts (upstream's format). */
  private chatBodyFor(t: number, sampleIndex: number): string {
    const body = this.targets.bodies[sampleIndex] as string;
    const live = this.live.get(t);
    if (live) return live.body(body, this.table.ownCounts[sampleIndex] as number);
    const { salts, systemEnds } = this.table;
    if (salts.length === 0) return body;
    const end = systemEnds[sampleIndex] as number;
    const start = systemContentStart(body);
    const salted = saltedPrompt(body.slice(start, end), [salts[2 * t] as string, salts[2 * t + 1] as string], "\\n");
    return `${body.slice(0, start)}${salted}${body.slice(end)}`;
  }

  private record(record: RequestRecord): void {
    this.recorded++;
    this.onRecord(record);
  }

  private abortedTurn(i: number, reason: string): RequestRecord {
    const now = this.settings.now();
    const who = {
      phase: this.share.phase,
      planIndex: this.share.planIndex[i] as number,
      sampleIndex: this.share.sampleIndex[i] as number,
      workerId: this.share.workerId,
      endpointIndex: 0,
      scheduledNs: now,
    };
    return noResponseRecord(who, Number.NaN, now, "conversation_aborted", reason, 0);
  }

  private checkFinished(): void {
    const allStarted = this.nextTrajectory >= this.table.ids.length;
    if (!this.stopped && !(allStarted && this.active === 0)) return;
    this.resolveIssued();
    if (this.inFlight > 0) return;
    const total = this.share.planIndex.length;
    this.resolveFinished({ sent: this.recorded, unsent: total - this.recorded });
  }
}

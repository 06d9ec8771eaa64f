/**
 * @module run/trajectory-watch — upstream's `stop_issuing_on_first_user_complete`, watched from the main process.
 *
 * Upstream stops issuing the first time a conversation ends when none is left to start. Here
 * each worker runs its own dealt trajectories (plan/deal-plan), so worker w starts its last
 * one when (trajectories_w − slots_w) of its trajectories have ended; once every worker has,
 * the next trajectory to end stops the phase's issuing (in-flight turns finish). Ends are seen
 * in the workers' result frames, so turns sent in the few ms a frame takes are still sent; the
 * report leaves them out of the measured window anyway (metrics/conversation-window).
 */
import { dealPlan } from "../plan/deal-plan.ts";
import type { ConversationPlan } from "../plan/conversation-plan.ts";
import { trajectoryOf } from "../record/read-conversations.ts";
import type { RequestRecord } from "../record/request-record.ts";

export class TrajectoryWatch {
  private readonly remaining: Uint32Array;
  /** Entries already counted: a retried turn's superseded attempts arrive as records too. */
  private readonly seen: Uint8Array;
  /** Trajectories each worker must see end before it has started all of its own. */
  private readonly untilExhausted: number[];
  private exhaustedWorkers = 0;
  private fired = false;

  constructor(
    private readonly plan: ConversationPlan,
    workers: number,
    private readonly onStop: () => void,
  ) {
    const { starts } = plan.conversations;
    this.remaining = Uint32Array.from(
      { length: starts.length - 1 },
      (_, t) => (starts[t + 1] as number) - (starts[t] as number),
    );
    this.seen = new Uint8Array(plan.sampleIndex.length);
    this.untilExhausted = dealPlan(plan, workers).map((share) =>
      Math.max(0, (share.conversations?.ids.length ?? 0) - share.slotOffsetsNs.length),
    );
    this.exhaustedWorkers = this.untilExhausted.filter((n) => n === 0).length;
  }

  /** Feed every record of the phase as it arrives. */
  add(records: readonly RequestRecord[]): void {
    for (const record of records) {
      if (this.fired || this.seen[record.planIndex] === 1) continue;
      this.seen[record.planIndex] = 1;
      const t = trajectoryOf(this.plan.conversations.starts, record.planIndex);
      if (this.remaining[t] === 0) continue;
      this.remaining[t] = (this.remaining[t] as number) - 1;
      if (this.remaining[t] === 0) this.ended(record.workerId);
    }
  }

  private ended(workerId: number): void {
    if (this.exhaustedWorkers >= this.untilExhausted.length) {
      this.fired = true;
      this.onStop();
      return;
    }
    const left = this.untilExhausted[workerId];
    if (left === undefined || left === 0) return;
    this.untilExhausted[workerId] = left - 1;
    if (left - 1 === 0) this.exhaustedWorkers++;
  }
}

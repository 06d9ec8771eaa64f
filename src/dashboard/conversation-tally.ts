/**
 * @module dashboard/conversation-tally — conversations started and ended in a conversation phase, from its records as they arrive.
 *
 * A trajectory (one replay of a conversation, plan/conversation-plan) has started once any of
 * its turns is recorded and is done once every turn is: a turn that fails ends its trajectory,
 * and the turns it never sends are recorded too (`conversation_aborted`). Active = started −
 * done. A retried turn's attempts are one turn. A binary search and two counters per record,
 * in main, only while the dashboard is up on a conversation phase.
 */
import type { ConversationPlan } from "../plan/conversation-plan.ts";
import { trajectoryOf } from "../record/read-conversations.ts";
import type { RequestRecord } from "../record/request-record.ts";

interface ConversationCounts {
  total: number;
  active: number;
  done: number;
}

export class ConversationTally {
  /** Turns of each trajectory not recorded yet. */
  private readonly left: Uint32Array;
  private readonly seen: Uint8Array;
  private started = 0;
  private done = 0;

  constructor(private readonly plan: ConversationPlan) {
    const { starts } = plan.conversations;
    this.left = Uint32Array.from(
      { length: starts.length - 1 },
      (_, t) => (starts[t + 1] as number) - (starts[t] as number),
    );
    this.seen = new Uint8Array(plan.sampleIndex.length);
  }

  add(records: readonly RequestRecord[]): void {
    const { starts } = this.plan.conversations;
    for (const r of records) {
      if (r.phase !== this.plan.phase || this.seen[r.planIndex] === 1) continue;
      this.seen[r.planIndex] = 1;
      const t = trajectoryOf(starts, r.planIndex);
      const turns = (starts[t + 1] as number) - (starts[t] as number);
      const left = this.left[t] as number;
      if (left === turns) this.started++;
      this.left[t] = left - 1;
      if (left === 1) this.done++;
    }
  }

  read(): ConversationCounts {
    return { total: this.left.length, active: this.started - this.done, done: this.done };
  }
}

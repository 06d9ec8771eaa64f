import { describe, expect, test } from "bun:test";
import { ConversationTally } from "../../src/dashboard/conversation-tally.ts";
import type { ConversationPlan } from "../../src/plan/conversation-plan.ts";
import { makeRecord } from "../metrics/make-record.ts";

/** Three trajectories of 3, 2 and 1 turns (entries 0–2, 3–4, 5). */
function plan(): ConversationPlan {
  const starts = Uint32Array.from([0, 3, 5, 6]);
  return {
    phase: "performance",
    pattern: { type: "agentic_inference", targetConcurrency: 2 },
    sampleIndex: new Uint32Array(6),
    offsetNs: new Float64Array(6),
    slotOffsetsNs: new Float64Array(2),
    maxConcurrency: 0,
    conversations: { starts, ids: ["a", "b", "c"] },
  } as unknown as ConversationPlan;
}

const turn = (planIndex: number, extra: Parameters<typeof makeRecord>[0] = {}) => makeRecord({ planIndex, ...extra });

describe("dashboard/conversation-tally", () => {
  test.each<[string, number[], { active: number; done: number }]>([
    ["nothing recorded: none active, none done", [], { active: 0, done: 0 }],
    ["a first turn starts a conversation", [0], { active: 1, done: 0 }],
    ["two conversations under way", [0, 3], { active: 2, done: 0 }],
    ["a one-turn conversation is done with its turn", [5], { active: 0, done: 1 }],
    ["every turn of the first: done", [0, 1, 2, 3], { active: 1, done: 1 }],
    ["all of them", [0, 1, 2, 3, 4, 5], { active: 0, done: 3 }],
  ])("%s", (_name, recorded, expected) => {
    const tally = new ConversationTally(plan());
    tally.add(recorded.map((i) => turn(i)));
    expect(tally.read()).toEqual({ total: 3, ...expected });
  });

  test("a retried turn is one turn; other phases' records are not counted", () => {
    const tally = new ConversationTally(plan());
    tally.add([turn(5, { errorKind: "timeout" }), turn(5, { attempt: 1 }), turn(0, { phase: "warmup" })]);
    expect(tally.read()).toEqual({ total: 3, active: 0, done: 1 });
  });
});

/** @module test/plan/conversation-plan.test — trajectories, repeats, salts and how conversations are dealt to workers. */
import { describe, expect, test } from "bun:test";
import {
  buildConversationPlan,
  trajectorySalts,
  type ConversationPlanInput,
} from "../../src/plan/conversation-plan.ts";
import { dealPlan } from "../../src/plan/deal-plan.ts";

/** Three conversations of 2, 1 and 3 turns; the second turn of each has a 0.5 s think time. */
const source = {
  ids: ["a", "b", "c"],
  turnStart: Uint32Array.from([0, 2, 3, 6]),
  delaysS: Float64Array.from([0, 0.5, 0, 0, 0.5, 0]),
  systemEnds: new Uint32Array(6),
  ownCounts: Uint32Array.from([1, 1, 1, 1, 1, 1]),
};
const input = (over: Partial<ConversationPlanInput> = {}): ConversationPlanInput => ({
  phase: "performance",
  source,
  trajectories: null,
  concurrency: 2,
  injectDelay: false,
  salt: false,
  routingHeaders: ["X-Session-ID"],
  turnTimeoutMs: 1000,
  ...over,
});

describe("plan/conversation-plan", () => {
  test("one pass by default: every turn once, trajectory-major", () => {
    const plan = buildConversationPlan(input());
    expect(plan.conversations.ids).toEqual(["a", "b", "c"]);
    expect(Array.from(plan.conversations.starts)).toEqual([0, 2, 3, 6]);
    expect(Array.from(plan.sampleIndex)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(plan.slotOffsetsNs.length).toBe(2);
    expect(Array.from(plan.offsetNs)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  test("more trajectories than conversations repeat them as <id>__repeat_<r>, in order", () => {
    const plan = buildConversationPlan(input({ trajectories: 7 }));
    expect(plan.conversations.ids).toEqual(["a", "b", "c", "a__repeat_2", "b__repeat_2", "c__repeat_2", "a__repeat_3"]);
    expect(Array.from(plan.sampleIndex)).toEqual([0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0, 1]);
    expect(plan.sampleIndex.length).toBe(plan.conversations.starts[7] as number);
  });

  test("fewer trajectories than conversations take the first ones; slots never exceed trajectories", () => {
    const plan = buildConversationPlan(input({ trajectories: 1, concurrency: 8 }));
    expect(plan.conversations.ids).toEqual(["a"]);
    expect(plan.slotOffsetsNs.length).toBe(1);
  });

  test("think times become offsets only with inject_tool_delay", () => {
    expect(Array.from(buildConversationPlan(input({ injectDelay: true })).offsetNs)).toEqual([0, 5e8, 0, 0, 5e8, 0]);
  });

  test("salts are upstream's BLAKE2b-16 of the repeat number and the source conversation id", () => {
    const plan = buildConversationPlan(input({ trajectories: 4, salt: true }));
    expect(trajectorySalts(1, "conv1")).toEqual(["4461", "e643"]);
    expect(plan.conversations.salts.slice(0, 2)).toEqual(trajectorySalts(1, "a"));
    expect(plan.conversations.salts.slice(6, 8)).toEqual(["ba75", trajectorySalts(1, "a")[1]]);
  });

  test("deals whole trajectories to the workers of their slots", () => {
    const plan = buildConversationPlan(input({ trajectories: 6, concurrency: 3 }));
    const shares = dealPlan(plan, 2);
    // Slots 0 and 2 are worker 0's, slot 1 worker 1's: trajectories k with k mod 3 ∈ {0, 2} go to worker 0.
    expect(shares.map((s) => s.conversations?.ids)).toEqual([
      ["a", "c", "a__repeat_2", "c__repeat_2"],
      ["b", "b__repeat_2"],
    ]);
    expect(shares.map((s) => s.slotOffsetsNs.length)).toEqual([2, 1]);
    const [first] = shares;
    expect(Array.from(first?.conversations?.starts ?? [])).toEqual([0, 2, 5, 7, 10]);
    expect(Array.from(first?.planIndex ?? [])).toEqual([0, 1, 3, 4, 5, 6, 7, 9, 10, 11]);
    const all = shares.flatMap((s) => Array.from(s.planIndex)).sort((x, y) => x - y);
    expect(all).toEqual(Array.from({ length: plan.sampleIndex.length }, (_, i) => i));
  });

  test("a worker without a slot gets no trajectory", () => {
    const shares = dealPlan(buildConversationPlan(input({ concurrency: 1 })), 3);
    expect(shares.map((s) => s.conversations?.ids.length)).toEqual([3, 0, 0]);
  });
});

/** @module test/plan/shard-plan.test — `--shard I/N`: which shard this host is, and that the shards' parts add up to the one plan. */
import { describe, expect, test } from "bun:test";
import { buildConversationPlan } from "../../src/plan/conversation-plan.ts";
import { buildPhasePlan } from "../../src/plan/phase-plan.ts";
import { resolveShard, shardPlan } from "../../src/plan/shard-plan.ts";

describe("plan/shard-plan", () => {
  test.each<[string, string | null, number | null, Record<string, string>, { index: number; count: number } | null]>([
    ["off", null, null, {}, null],
    ["I/N", "1/3", null, {}, { index: 1, count: 3 }],
    ["auto under srun", "auto", null, { SLURM_PROCID: "2", SLURM_NTASKS: "4" }, { index: 2, count: 4 }],
    ["auto in an Indexed Job", "auto", 5, { JOB_COMPLETION_INDEX: "3" }, { index: 3, count: 5 }],
  ])("resolves %s", (_name, text, shards, env, expected) => {
    expect(resolveShard(text, shards, env)).toEqual(expected);
  });

  test.each<[string, string, number | null, Record<string, string>, RegExp]>([
    ["a malformed shard", "1-2", null, {}, /--shard expects I\/N \(0-based shard of N\) or auto, got '1-2'/],
    ["a shard past the count", "2/2", null, {}, /the shard must be 0 … 1 of 2/],
    ["auto without an engine", "auto", null, {}, /neither SLURM_PROCID\/SLURM_NTASKS/],
    ["auto in a Job without --shards", "auto", null, { JOB_COMPLETION_INDEX: "0" }, /neither SLURM_PROCID/],
  ])("refuses %s", (_name, text, shards, env, message) => {
    expect(() => resolveShard(text, shards, env)).toThrow(message);
  });

  test("Poisson: the shards' entries, with their absolute instants, are exactly the single-host schedule", () => {
    const plan = buildPhasePlan({
      phase: "performance",
      pattern: { type: "poisson", targetQps: 400 },
      count: 1001,
      datasetSize: 50,
      schedulerSeed: 42,
      dataloaderSeed: 42,
    });
    const parts = [0, 1, 2].map((index) => shardPlan(plan, { index, count: 3 }));
    expect(parts.map((p) => p.sampleIndex.length)).toEqual([334, 334, 333]);
    const union = parts
      .flatMap((p) => Array.from(p.offsetNs, (offset, i) => [offset, p.sampleIndex[i] as number] as const))
      .sort((a, b) => a[0] - b[0]);
    expect(union).toEqual(Array.from(plan.offsetNs, (offset, i) => [offset, plan.sampleIndex[i] as number] as const));
  });

  test("concurrency: slots and entries split, remainders to the first shards", () => {
    const plan = buildPhasePlan({
      phase: "performance",
      pattern: { type: "concurrency", targetConcurrency: 5 },
      count: 100,
      datasetSize: 10,
      schedulerSeed: 42,
      dataloaderSeed: 42,
    });
    const parts = [0, 1].map((index) => shardPlan(plan, { index, count: 2 }));
    expect(parts.map((p) => p.slotOffsetsNs.length)).toEqual([3, 2]);
    expect(parts.map((p) => p.sampleIndex.length)).toEqual([50, 50]);
  });

  test("conversations go whole to the shard of their slot", () => {
    const source = {
      ids: ["a", "b", "c", "d"],
      turnStart: Uint32Array.from([0, 2, 3, 5, 6]),
      delaysS: new Float64Array(6),
      systemEnds: new Uint32Array(6),
      ownCounts: new Uint32Array(6),
    };
    const plan = buildConversationPlan({
      phase: "performance",
      source,
      trajectories: null,
      concurrency: 2,
      injectDelay: false,
      salt: false,
      routingHeaders: [],
      turnTimeoutMs: 1000,
    });
    const parts = [0, 1].map((index) => shardPlan(plan, { index, count: 2 }) as typeof plan);
    expect(parts.map((p) => p.conversations.ids)).toEqual([
      ["a", "c"],
      ["b", "d"],
    ]);
    expect(parts.map((p) => Array.from(p.conversations.starts))).toEqual([
      [0, 2, 4],
      [0, 1, 2],
    ]);
    expect(parts.map((p) => p.slotOffsetsNs.length)).toEqual([1, 1]);
  });

  test("one shard of one is the whole plan", () => {
    const plan = buildPhasePlan({
      phase: "performance",
      pattern: { type: "max_throughput" },
      count: 10,
      datasetSize: 10,
      schedulerSeed: 42,
      dataloaderSeed: 42,
    });
    expect(shardPlan(plan, { index: 0, count: 1 })).toBe(plan);
  });
});

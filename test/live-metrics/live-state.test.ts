import { describe, expect, test } from "bun:test";
import { LiveState } from "../../src/live-metrics/live-state.ts";
import type { PhasePlan } from "../../src/plan/phase-plan.ts";
import { makeRecord } from "../metrics/make-record.ts";

const MS = 1e6;

/** A plan of `count` entries: due every 100 ms from the start, or a closed loop of `slots`. */
function plan(count: number, options: { slots?: number; maxConcurrency?: number; type?: string } = {}): PhasePlan {
  const slots = options.slots ?? 0;
  return {
    phase: "performance",
    pattern: { type: (options.type ?? (slots > 0 ? "concurrency" : "constant")) as PhasePlan["pattern"]["type"] },
    sampleIndex: new Uint32Array(count),
    offsetNs: Float64Array.from({ length: count }, (_, i) => (slots > 0 ? 0 : i * 100 * MS)),
    slotOffsetsNs: new Float64Array(slots),
    maxConcurrency: options.maxConcurrency ?? 0,
  };
}

/** A state over one phase, with the clock in the test's hands. */
function state(p: PhasePlan, maxInFlight = 1000) {
  const clock = { ms: 0 };
  const live = new LiveState([p.phase], maxInFlight, () => clock.ms);
  live.startPhase(p, 0);
  return { live, clock, figures: () => live.read().requests[0] };
}

const ok = (planIndex: number) => makeRecord({ planIndex, sentNs: planIndex * 100 * MS + 2 * MS });

describe("live-metrics/live-state", () => {
  test("counts successes, failures by kind and tokens; a retry is a row of its own, not another entry", () => {
    const { live, figures } = state(plan(10));
    live.add("performance", [
      ok(0),
      ok(1),
      makeRecord({ planIndex: 2, errorKind: "http_5xx", outputTokens: null }),
      makeRecord({ planIndex: 2, attempt: 1, errorKind: "timeout", outputTokens: null }),
      makeRecord({ planIndex: 3, errorKind: "http_5xx", outputTokens: null }),
    ]);
    const f = figures();
    expect(f).toMatchObject({ completed: 2, failed: { http_5xx: 2, timeout: 1 }, outputTokens: 20, inputTokens: 200 });
    expect(f?.latency.count).toBe(2);
    expect(f?.ttft.count).toBe(2);
    expect(f?.scheduleLag.count).toBe(5);
    expect(f?.scheduleLag.sumS).toBeCloseTo((2 + 102 + 0 + 0 + 0) / 1000, 9);
  });

  test("records of a phase that was never started are left out", () => {
    const { live, figures } = state(plan(10));
    live.add("warmup", [ok(0)]);
    expect(figures()?.completed).toBe(0);
    expect(live.figures("warmup")).toBeNull();
  });

  test("a new phase starts from nothing; the earlier phase keeps its figures, and one phase reads as all do", () => {
    const { live } = state({ ...plan(10), phase: "warmup" });
    live.add("warmup", [ok(0), ok(1)]);
    live.startPhase(plan(10), 0);
    live.add("performance", [ok(0)]);
    expect([live.figures("warmup")?.completed, live.figures("performance")?.completed]).toEqual([2, 1]);
    expect(live.figures("performance")).toEqual(live.read().requests[1] as never);
  });

  test("ITL is tallied from the phase after a view asks for it", () => {
    const { live } = state({ ...plan(10), phase: "warmup" });
    const stream = makeRecord({ chunkGapsNs: Float64Array.of(2 * MS, 3 * MS) });
    live.add("warmup", [stream]);
    live.tallyItl();
    live.startPhase(plan(10), 0);
    live.add("performance", [stream]);
    expect([live.figures("warmup")?.itl.count, live.figures("performance")?.itl.count]).toEqual([0, 2]);
  });

  test.each([
    ["a schedule: the entries due and not recorded", plan(10), 1000, [6, 4]],
    ["a schedule under max_concurrency", plan(10, { maxConcurrency: 3 }), 1000, [3, 3]],
    ["a schedule under the run's in-flight limit", plan(10), 2, [2, 2]],
    ["a closed loop: its slots", plan(10, { slots: 4 }), 1000, [4, 4]],
    ["max_throughput: every entry left", plan(10, { type: "max_throughput" }), 1000, [10, 8]],
  ])("in flight for %s", (_name, p, limit, [before, after]) => {
    const { live, clock, figures } = state(p, limit);
    clock.ms = 550; // 6 entries due: 0, 100, … 500 ms
    expect(figures()?.inFlight).toBe(before as number);
    live.add("performance", [ok(0), ok(1)]);
    expect(figures()?.inFlight).toBe(after as number);
  });

  test("issued is recorded + in flight, never goes down, and is the rows once the phase ended", () => {
    const { live, clock, figures } = state(plan(10));
    clock.ms = 550;
    expect(figures()?.issued).toBe(6);
    live.add("performance", [ok(0), ok(1), makeRecord({ planIndex: 1, attempt: 1 })]);
    expect(figures()?.issued).toBe(7); // 3 rows + 4 entries due and not recorded
    live.endPhase("performance");
    expect(figures()).toMatchObject({ inFlight: 0, issued: 7 });
    live.add(
      "performance",
      Array.from({ length: 8 }, (_, i) => ok(i + 2)),
    );
    expect(figures()).toMatchObject({ inFlight: 0, issued: 11 });
  });

  test("the phase gauge: starting, the running phase, finishing", () => {
    const live = new LiveState(["warmup", "performance"], 10, () => 0);
    expect(live.read()).toMatchObject({
      current: "starting",
      phases: ["starting", "warmup", "performance", "finishing"],
    });
    live.startPhase({ ...plan(1), phase: "warmup" }, 0);
    expect(live.read().current).toBe("warmup");
    live.startPhase(plan(1), 0);
    expect(live.read().current).toBe("performance");
    live.finish();
    expect(live.read().current).toBe("finishing");
    expect(live.read().requests.map((r) => r.inFlight)).toEqual([0, 0]);
  });

  test("keeps each worker's latest loop-health sample", () => {
    const live = new LiveState([], 1, () => 0);
    live.health(1, Float64Array.from([250 * MS, 3 * MS, 0.5, 500 * MS, 1 * MS, 0.25]));
    live.health(0, Float64Array.from([250 * MS, 2 * MS, 0.1]));
    expect(live.read().workers).toEqual([
      { worker: 0, latenessS: 0.002, cpuRatio: 0.1 },
      { worker: 1, latenessS: 0.001, cpuRatio: 0.25 },
    ]);
  });
});

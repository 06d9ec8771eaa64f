import { describe, expect, test } from "bun:test";
import { dashboardSnapshot } from "../../src/dashboard/dashboard-snapshot.ts";
import { FrameHistory } from "../../src/dashboard/frame-history.ts";
import { planFacts } from "../../src/dashboard/plan-facts.ts";
import { LiveState } from "../../src/live-metrics/live-state.ts";
import type { PhasePlan } from "../../src/plan/phase-plan.ts";
import type { RequestRecord } from "../../src/record/request-record.ts";
import { type SloLimitsMs, SloTally } from "../../src/dashboard/slo-tally.ts";
import { makeRecord } from "../metrics/make-record.ts";
import { loadGeneratorHealth, meanScheduleGapNs, verdictLagsNs } from "../../src/metrics/load-generator-health.ts";
import { sortedFinite } from "../../src/metrics/percentiles.ts";

const MS = 1e6;

/** `count` entries due every `gapMs` (open loop), or a closed loop of `slots`. */
function plan(count: number, gapMs: number, slots = 0): PhasePlan {
  return {
    phase: "performance",
    pattern:
      slots > 0 ? { type: "concurrency", targetConcurrency: slots } : { type: "poisson", targetQps: 1000 / gapMs },
    sampleIndex: new Uint32Array(count),
    offsetNs: Float64Array.from({ length: count }, (_, i) => (slots > 0 ? 0 : i * gapMs * MS)),
    slotOffsetsNs: new Float64Array(slots),
    maxConcurrency: 0,
  };
}

/** Request `i` of a plan due every `gapMs`: sent `lagMs` late, first token after `ttftMs`, done 20 ms after that. */
function sent(
  i: number,
  gapMs: number,
  lagMs: number,
  ttftMs: number,
  errorKind: RequestRecord["errorKind"] = null,
): RequestRecord {
  const scheduledNs = i * gapMs * MS;
  const sentNs = scheduledNs + lagMs * MS;
  return makeRecord({
    planIndex: i,
    scheduledNs,
    sentNs,
    firstTokenNs: errorKind ? null : sentNs + ttftMs * MS,
    doneNs: sentNs + (ttftMs + 20) * MS,
    errorKind,
    outputTokens: errorKind ? null : 10,
  });
}

/** A phase fed batch by batch at the given instants (ms after its start), the history sampled at each. */
function feed(p: PhasePlan, batches: [number, RequestRecord[]][], atMs: number, slo: SloLimitsMs | null = null) {
  const clock = { ms: 0 };
  const live = new LiveState([p.phase], 1000, () => clock.ms);
  live.tallyItl();
  live.startPhase(p, 0);
  const tally = slo ? new SloTally(slo) : null;
  tally?.startPhase(p.phase);
  const history = new FrameHistory();
  history.reset({ atMs: 0, figures: live.read().requests[0] as never, slo: tally?.read() ?? null });
  for (const [at, records] of batches) {
    clock.ms = at;
    live.add(p.phase, records);
    tally?.add(records);
    history.observe({ atMs: at, figures: live.read().requests[0] as never, slo: tally?.read() ?? null });
  }
  clock.ms = atMs;
  const read = live.read();
  return dashboardSnapshot({
    nowMs: atMs,
    phaseStartMs: 0,
    current: read.current,
    figures: read.requests[0] as never,
    facts: planFacts(p),
    base: history.windowBase(atMs),
    points: history.points(),
    workers: read.workers,
    server: null,
    context: [],
    logs: [],
    stopping: null,
    draining: false,
    slo: tally ? { counts: tally.read(), targetPct: 99 } : null,
  });
}

/** One batch a second for `seconds` seconds, `perS` requests each, due every 1000/perS ms. */
function steady(seconds: number, perS: number, lagMs: number, ttftMs: (second: number) => number) {
  const gapMs = 1000 / perS;
  const batches: [number, RequestRecord[]][] = [];
  for (let s = 1; s <= seconds; s++)
    batches.push([s * 1000, Array.from({ length: perS }, (_, k) => sent((s - 1) * perS + k, gapMs, lagMs, ttftMs(s)))]);
  return { gapMs, batches };
}

describe("dashboard/dashboard-snapshot", () => {
  test.each<[string, number, "ok" | "falling behind"]>([
    ["lag well inside the limit (one mean gap, 10 ms): ok", 0.3, "ok"],
    ["lag p99 past the limit: falling behind", 40, "falling behind"],
  ])("%s", (_name, lagMs, verdict) => {
    const { gapMs, batches } = steady(3, 100, lagMs, () => 15);
    const s = feed(plan(1000, gapMs), batches, 3000);
    expect(s.lag.verdict).toBe(verdict);
    expect(s.lag.limitMs).toBeCloseTo(10, 6);
    expect(s.target).toBe("target 100 req/s");
  });

  test("a closed loop's target is its concurrency, and its in flight is the plan's busy slots, not a measure", () => {
    const s = feed(plan(100, 0, 4), [[1000, [sent(0, 0, 0.1, 15)]]], 1000);
    expect(s.target).toBe("concurrency target 4");
    expect(s.closedLoop).toBe(true);
    expect(feed(plan(100, 10), [], 0).closedLoop).toBe(false);
  });

  test("rates and percentiles of the last 10 s leave the older requests out; since start keeps them", () => {
    // 5 s of slow first tokens (400 ms), then 10 s of fast ones (15 ms), 20 a second.
    const { gapMs, batches } = steady(15, 20, 0.1, (second) => (second <= 5 ? 400 : 15));
    const s = feed(plan(1000, gapMs), batches, 15_000);
    const ttft = s.latency.find((r) => r.name === "TTFT");
    expect(ttft?.recent?.p99 as number).toBeLessThanOrEqual(25);
    expect(ttft?.total?.p90 as number).toBeGreaterThan(250);
    // makeRecord streams 10 tokens evenly from first token to done (20 ms): gaps of 20/9 ms.
    const itl = s.latency.find((r) => r.name === "ITL");
    expect(itl?.total?.p50 as number).toBeGreaterThan(1);
    expect(itl?.total?.p99 as number).toBeLessThanOrEqual(2.5);
    expect(s.windowS).toBe(10);
    expect(s.achievedQps).toBeCloseTo(20, 6);
    expect(s.outputTokensPerS).toBeCloseTo(200, 6);
    expect(s.completed).toBe(300);
    // One sparkline point a second, newest last.
    expect(s.series.rate).toHaveLength(15);
    expect(s.series.rate.at(-1) as number).toBeCloseTo(20, 6);
  });

  test("a TTFO row under TTFT once a request reasoned, none before; its p50 the reasoning requests' first answer", () => {
    const plainOnly = feed(plan(100, 100), [[1000, [sent(0, 100, 0, 15)]]], 1000);
    expect(plainOnly.latency.map((r) => r.name)).toEqual(["TTFT", "TPOT", "ITL", "latency"]);
    // Three requests that reasoned for 80 ms before answering, one that did not (its TTFO is its TTFT).
    const reasoned = [1, 2, 3].map((i) => {
      const r = sent(i, 100, 0, 15);
      return { ...r, firstAnswerNs: (r.sentNs as number) + 95 * MS, reasoningChunks: 20 };
    });
    const s = feed(plan(100, 100), [[1000, [sent(0, 100, 0, 15), ...reasoned]]], 1000);
    expect(s.latency.map((r) => r.name)).toEqual(["TTFT", "TTFO", "TPOT", "ITL", "latency"]);
    const ttfo = s.latency.find((r) => r.name === "TTFO");
    expect(ttfo?.total?.p50 as number).toBeGreaterThan(80); // log buckets: the 95 ms values' bucket
    expect(ttfo?.total?.p50 as number).toBeLessThan(110);
    expect(s.latency.find((r) => r.name === "TTFT")?.total?.p50 as number).toBeLessThan(20);
  });

  test("failures are counted by kind and the ETA is at least the schedule's end", () => {
    const s = feed(plan(100, 100), [[1000, [sent(0, 100, 0, 15), sent(1, 100, 0, 15, "timeout")]]], 1000);
    expect(s.failed).toEqual({ timeout: 1 });
    expect(s.completed).toBe(1);
    // The last request is due at 9.9 s; 1 s has passed.
    expect(s.etaS as number).toBeGreaterThanOrEqual(8.9 - 1e-9);
  });

  test("goodput: the last 10 s's share meeting --slo leaves the older misses out", () => {
    // 5 s of 400 ms first tokens (over a 100 ms TTFT limit), then 10 s of 15 ms ones.
    const { gapMs, batches } = steady(15, 20, 0.1, (second) => (second <= 5 ? 400 : 15));
    const s = feed(plan(1000, gapMs), batches, 15_000, { ttft_ms: 100, tpot_ms: null, latency_ms: null });
    expect(s.goodput?.recentPct).toBe(100);
    expect(s.goodput?.totalPct as number).toBeCloseTo((100 * 200) / 300, 6);
    expect(s.goodput?.recentPerS as number).toBeCloseTo(20, 6);
    expect(s.goodput?.targetPct).toBe(99);
  });

  test("without --slo there is no goodput", () => {
    const { gapMs, batches } = steady(1, 10, 0.1, () => 15);
    expect(feed(plan(100, gapMs), batches, 1000).goodput).toBeNull();
  });

  /** A plan of `type` with `slots` (closed loop) and requests scheduled at `scheduledMs`, each sent `lagMs` late. */
  function judgedRun(type: "concurrency" | "agentic_inference" | "poisson", slots: number, sends: [number, number][]) {
    const p: PhasePlan = {
      ...plan(sends.length, 10, slots),
      pattern: type === "poisson" ? { type, targetQps: 100 } : { type, targetConcurrency: slots },
    };
    if (type === "poisson") p.offsetNs = Float64Array.from(sends, ([at]) => at * MS);
    const records = sends.map(([at, lagMs], i) =>
      makeRecord({
        planIndex: i,
        scheduledNs: at * MS,
        sentNs: (at + lagMs) * MS,
        firstTokenNs: null,
        doneNs: (at + lagMs + 5) * MS,
      }),
    );
    return { p, records };
  }

  /** `count` sends every `gapMs` after a burst of `slots` at 0, the burst `burstLagMs` late and the rest `lagMs`. */
  const closedLoop = (
    slots: number,
    burstLagMs: number,
    count: number,
    gapMs: number,
    lagMs: number,
  ): [number, number][] => [
    ...Array.from({ length: slots }, (): [number, number] => [0, burstLagMs]),
    ...Array.from({ length: count }, (_, i): [number, number] => [40 + i * gapMs, lagMs]),
  ];

  test.each<[string, "concurrency" | "agentic_inference" | "poisson", number, [number, number][], string]>([
    [
      "concurrency: a late opening burst is left out, as the report does",
      "concurrency",
      4,
      closedLoop(4, 30, 196, 2.5, 0.2),
      "ok",
    ],
    [
      "concurrency: sends after the burst later than the mean gap",
      "concurrency",
      4,
      closedLoop(4, 0.1, 196, 2.5, 10),
      "falling behind",
    ],
    [
      "conversations: every send is judged, the opening ones too",
      "agentic_inference",
      4,
      closedLoop(4, 30, 196, 2.5, 0.2),
      "falling behind",
    ],
    ["poisson: the plan's mean gap", "poisson", 0, closedLoop(0, 0, 200, 10, 40), "falling behind"],
    ["poisson within its gap", "poisson", 0, closedLoop(0, 0, 200, 10, 0.3), "ok"],
  ])("the live verdict is the report's: %s", (_name, type, slots, sends, expected) => {
    const { p, records } = judgedRun(type, slots, sends);
    const s = feed(p, [[1000, records]], 1000);
    const scheduled = Float64Array.from(records, (r) => r.scheduledNs);
    const sentAt = Float64Array.from(records, (r) => r.sentNs);
    const report = loadGeneratorHealth(
      sortedFinite(Float64Array.from(records, (r) => r.sentNs - r.scheduledNs)),
      records.length,
      records.length,
      type,
      { meanGapNs: meanScheduleGapNs(scheduled), verdictLagNs: verdictLagsNs(scheduled, sentAt, type) },
    );
    expect(s.lag.verdict).toBe(expected as never);
    expect(report.verdict).toBe(expected === "ok" ? "ok" : "fell_behind");
    expect(s.lag.limitMs as number).toBeCloseTo((report.lagLimitNs as number) / 1e6, 6);
    expect(Math.abs((s.lag.p99Ms as number) - (report.lagP99Ns as number) / 1e6)).toBeLessThanOrEqual(
      ((report.lagP99Ns as number) / 1e6) * 0.02,
    );
  });

  test("max throughput is not judged, as in the report", () => {
    const p: PhasePlan = { ...plan(10, 0), pattern: { type: "max_throughput" } };
    const s = feed(p, [[1000, [sent(0, 0, 50, 15)]]], 1000);
    expect(s.lag).toMatchObject({ verdict: null, judged: false });
  });
});

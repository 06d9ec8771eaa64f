import { describe, expect, test } from "bun:test";
import { LiveState } from "../../src/live-metrics/live-state.ts";
import { buildPhasePlan } from "../../src/plan/phase-plan.ts";
import { ProgressLine } from "../../src/run/progress.ts";
import { renderProgress } from "../../src/run/progress-text.ts";
import { makeRecord } from "../metrics/make-record.ts";

const base = {
  phase: "performance",
  planned: 1000,
  completed: 512,
  failed: 3,
  inFlight: 24,
  recentQps: 198.44,
  recentTokensPerS: 9512,
  ttftP50Ms: 16.24,
  elapsedS: 2.61,
  etaS: 2.46,
};

describe("run/progress-text", () => {
  test.each([
    [
      "everything",
      base,
      "performance: 512/1000 done (51%) · 3 failed · 24 in flight · 198 req/s · 9512 tok/s · TTFT p50 16.2 ms · 2.6 s, ETA 2.5 s",
    ],
    [
      "no streaming, no plan knowledge",
      { ...base, inFlight: null, ttftP50Ms: null, recentTokensPerS: 0, etaS: null, recentQps: 12.34 },
      "performance: 512/1000 done (51%) · 3 failed · 12.3 req/s · 2.6 s",
    ],
    [
      "nothing planned",
      { ...base, planned: 0, completed: 0 },
      "performance: 0/0 done (0%) · 3 failed · 24 in flight · 198 req/s · 9512 tok/s · TTFT p50 16.2 ms · 2.6 s, ETA 2.5 s",
    ],
  ])("renders %s", (_name, snapshot, expected) => {
    expect(renderProgress(snapshot)).toBe(expected);
  });
});

describe("run/progress", () => {
  const plan = buildPhasePlan({
    phase: "performance",
    pattern: { type: "max_throughput" },
    count: 100_000,
    datasetSize: 10,
    schedulerSeed: 1,
    dataloaderSeed: 1,
  });
  const batch = (n: number) => Array.from({ length: n }, (_, i) => makeRecord({ planIndex: i, outputTokens: 2 }));

  /** A progress line on a live state fed as main feeds it, with the clock in the test's hands. */
  function opened(enabled: boolean) {
    const clock = { ms: 0 };
    const lines: string[] = [];
    const live = new LiveState(["performance"], 64, () => clock.ms);
    const progress = new ProgressLine(
      (text) => lines.push(text),
      enabled,
      true,
      live,
      () => clock.ms,
    );
    live.startPhase(plan, 0);
    progress.startPhase(plan);
    return { clock, lines, live, progress };
  }

  test.each([
    ["drawn every 250 ms (a TTY)", true, 250],
    ["drawn every 5 s (a pipe)", true, 5000],
    ["never drawn (--quiet)", false, 0],
  ])("keeps only the last 5 s of samples when %s; the rate is over them", (_name, enabled, everyMs) => {
    const { clock, lines, live, progress } = opened(enabled);
    for (let i = 0; i < 600; i++, clock.ms += 100) {
      if (everyMs > 0 && clock.ms % everyMs === 0) progress.draw();
      live.add("performance", batch(10));
    }
    expect(progress.heldSamples).toBeLessThanOrEqual(enabled ? 5000 / everyMs + 2 : 1);
    progress.stop();
    if (enabled) expect(lines.at(-1)).toContain("6000/100000 done (6%) · 0 failed · 100 req/s · 200 tok/s");
  });

  test("the rate is the last 5 s's, not the phase's: a stall shows as 0 req/s", () => {
    const { clock, lines, live, progress } = opened(true);
    for (let i = 0; i < 100; i++, clock.ms += 100) {
      live.add("performance", batch(10));
      progress.draw();
    }
    for (; clock.ms < 16_000; clock.ms += 250) progress.draw();
    expect(lines.at(-1)).toContain("1000/100000 done (1%) · 0 failed · 0.0 req/s");
  });

  test("done, failed and TTFT p50 are the live state's: a retried entry counts once, TTFT p50 within 2 %", () => {
    const { live, lines, progress } = opened(true);
    live.add("performance", [
      makeRecord({ planIndex: 0, firstTokenNs: 10e6 }),
      makeRecord({ planIndex: 1, firstTokenNs: 20e6 }),
      makeRecord({ planIndex: 2, firstTokenNs: 30e6 }),
      makeRecord({ planIndex: 3, errorKind: "http_5xx", firstTokenNs: null }),
      makeRecord({ planIndex: 3, attempt: 1, errorKind: "http_5xx", firstTokenNs: null }),
      makeRecord({ planIndex: 4, errorKind: "timeout", firstTokenNs: null }),
      makeRecord({ planIndex: 4, attempt: 1, firstTokenNs: 40e6 }),
    ]);
    progress.stop();
    const ttft = Number(/TTFT p50 ([\d.]+) ms/.exec(lines.at(-1) as string)?.[1]);
    expect(lines.at(-1)).toContain("performance: 5/100000 done (0%) · 1 failed ·");
    expect(Math.abs(ttft - 20) / 20).toBeLessThanOrEqual(0.02 + 0.05 / 20);
  });
});

import { describe, expect, test } from "bun:test";
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

  test.each([
    ["drawn (a TTY)", true],
    ["never drawn (--quiet)", false],
  ])("keeps only the last 5 s of result batches when %s", (_name, enabled) => {
    let nowMs = 0;
    const lines: string[] = [];
    const progress = new ProgressLine(
      (text) => lines.push(text),
      enabled,
      true,
      () => nowMs,
    );
    progress.startPhase(plan);
    for (let i = 0; i < 600; i++, nowMs += 100) progress.add(batch(10));
    expect(progress.recentBatches).toBeLessThanOrEqual(51);
    progress.stop();
    if (enabled) expect(lines.at(-1)).toContain("6000/100000 done (6%) · 0 failed · 100 req/s · 200 tok/s");
  });
});

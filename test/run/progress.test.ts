import { describe, expect, test } from "bun:test";
import { renderProgress } from "../../src/run/progress-text.ts";

const base = { phase: "performance", planned: 1000, completed: 512, failed: 3, inFlight: 24, recentQps: 198.44, recentTokensPerS: 9512, ttftP50Ms: 16.24, elapsedS: 2.61, etaS: 2.46 };

describe("run/progress-text", () => {
  test.each([
    ["everything", base, "performance: 512/1000 done (51%) · 3 failed · 24 in flight · 198 req/s · 9512 tok/s · TTFT p50 16.2 ms · 2.6 s, ETA 2.5 s"],
    ["no streaming, no plan knowledge", { ...base, inFlight: null, ttftP50Ms: null, recentTokensPerS: 0, etaS: null, recentQps: 12.34 }, "performance: 512/1000 done (51%) · 3 failed · 12.3 req/s · 2.6 s"],
    ["nothing planned", { ...base, planned: 0, completed: 0 }, "performance: 0/0 done (0%) · 3 failed · 24 in flight · 198 req/s · 9512 tok/s · TTFT p50 16.2 ms · 2.6 s, ETA 2.5 s"],
  ])("renders %s", (_name, snapshot, expected) => {
    expect(renderProgress(snapshot)).toBe(expected);
  });
});

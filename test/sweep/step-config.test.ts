/** @module test/sweep/step-config.test — each kind of step's overrides, and how long a step lasts when runs are sized by duration. */
import { describe, expect, test } from "bun:test";
import { stepDurationMs, stepOverrides } from "../../src/sweep/step-config.ts";

const settings = { ratePattern: "poisson", streaming: "on", durationMs: 60_000 };

describe("sweep/step-config", () => {
  test.each([
    [
      "--duration 60s alone: steps last 60 s",
      { min_duration_ms: 60_000, max_duration_ms: 0, n_samples_to_issue: null },
      60_000,
    ],
    [
      "--num-samples: the count sizes every step",
      { min_duration_ms: 60_000, max_duration_ms: 0, n_samples_to_issue: 300 },
      null,
    ],
    [
      "a cap of the user's stands",
      { min_duration_ms: 60_000, max_duration_ms: 30_000, n_samples_to_issue: null },
      null,
    ],
    ["--duration 0", { min_duration_ms: 0, max_duration_ms: 0, n_samples_to_issue: null }, null],
  ] as const)("%s", (_what, runtime, expected) => {
    expect(stepDurationMs(runtime)).toBe(expected);
  });

  test.each([
    // 5.8 req/s for 60 s: 348 requests, not 1.1 × 348 padded up to a 1,000-row dataset (172 s).
    [
      "a rate step sends rate × duration",
      "rate",
      5.8,
      {
        "settings.load_pattern.type": "poisson",
        "settings.load_pattern.target_qps": 5.8,
        "settings.runtime.n_samples_to_issue": 348,
      },
    ],
    [
      "a concurrency step stops issuing at the duration",
      "concurrency",
      8,
      {
        "settings.load_pattern.type": "concurrency",
        "settings.load_pattern.target_concurrency": 8,
        "settings.runtime.max_duration_ms": 60_000,
      },
    ],
    [
      "the capacity step too, streaming as the others",
      "max_throughput",
      null,
      {
        "settings.load_pattern.type": "max_throughput",
        "model_params.streaming": "on",
        "settings.runtime.max_duration_ms": 60_000,
      },
    ],
  ] as const)("%s", (_what, kind, offered, expected) => {
    expect(stepOverrides(kind, offered, settings)).toEqual(expected);
  });

  test("sized by a count, steps set only their pattern", () => {
    expect(stepOverrides("rate", 10, { ...settings, durationMs: null })).toEqual({
      "settings.load_pattern.type": "poisson",
      "settings.load_pattern.target_qps": 10,
    });
    expect(stepOverrides("max_throughput", null, { ...settings, streaming: null, durationMs: null })).toEqual({
      "settings.load_pattern.type": "max_throughput",
    });
  });
});

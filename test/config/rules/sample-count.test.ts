import { describe, expect, test } from "bun:test";
import { buildConfig } from "../../../src/config/build-config.ts";
import { samplesToIssueForConfig, totalSamplesToIssue } from "../../../src/config/rules/sample-count.ts";

describe("config/rules/sample-count", () => {
  test.each([
    { what: "defaults with 1000 rows", n: null, minMs: 600_000, qps: null, size: 1000, expected: 7000 },
    { what: "duration 0 issues the dataset once", n: null, minMs: 0, qps: null, size: 1000, expected: 1000 },
    { what: "duration 0 with an empty dataset issues one", n: null, minMs: 0, qps: null, size: 0, expected: 1 },
    { what: "explicit count wins", n: 123, minMs: 600_000, qps: 50, size: 1000, expected: 123 },
    { what: "target qps scales the count", n: null, minMs: 60_000, qps: 100, size: 1000, expected: 7000 },
    {
      what: "binary noise adds a sample, as upstream (110.00000000000001)",
      n: null,
      minMs: 10_000,
      qps: 10,
      size: 10,
      expected: 120,
    },
    { what: "an exact product stays (10 × 1.1 is 11.0)", n: null, minMs: 1_000, qps: 10, size: 1, expected: 11 },
    { what: "rounds up to a dataset multiple", n: null, minMs: 1_000, qps: 10, size: 5, expected: 15 },
  ])("$what → $expected", ({ n, minMs, qps, size, expected }) => {
    expect(totalSamplesToIssue({ nSamplesToIssue: n, minDurationMs: minMs, targetQps: qps, datasetSize: size })).toBe(
      expected,
    );
  });

  test("reads the values from a config", () => {
    const config = buildConfig({
      command: "online",
      overrides: {
        "model_params.name": "m",
        "endpoint_config.endpoints": ["http://localhost:8000"],
        "settings.load_pattern.type": "poisson",
        "settings.load_pattern.target_qps": 20,
        "settings.runtime.min_duration_ms": "1m",
      },
      datasets: ["d.jsonl"],
    });
    expect(samplesToIssueForConfig(config, 500)).toBe(1500);
  });
});

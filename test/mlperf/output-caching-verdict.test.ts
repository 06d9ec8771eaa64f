/** @module test/audit/output-caching-verdict — TEST04's pass rule on upstream's own cases (reference 100 QPS, 1000/1000 done). */
import { describe, expect, test } from "bun:test";
import { outputCachingVerdict } from "../../src/mlperf/output-caching-verdict.ts";

const done = (qps: number, completed = 1000) => ({ qps, completed, requested: 1000 });

describe("mlperf/output-caching-verdict", () => {
  test.each([
    ["audit 105 at 0.10", done(100), done(105), 0.1, true],
    ["audit 120 at 0.10", done(100), done(120), 0.1, false],
    ["audit 115 at 0.10", done(100), done(115), 0.1, false],
    ["audit 115 at 0.20", done(100), done(115), 0.2, true],
    ["audit 105 at 0.02", done(100), done(105), 0.02, false],
    ["audit exactly 100 × 1.1 (110.00000000000001)", done(100), done(100 * 1.1), 0.1, false],
    ["reference 800/1000", done(100, 800), done(100), 0.1, false],
    ["audit 800/1000", done(100), done(100, 800), 0.1, false],
    ["900/1000 at 0.10 is complete (inclusive)", done(100, 900), done(100, 900), 0.1, true],
  ] as const)("%s", (_title, reference, audit, threshold, passed) => {
    expect(outputCachingVerdict(reference, audit, threshold).passed).toBe(passed);
  });

  test("reasons and key order as upstream writes them", () => {
    const pass = outputCachingVerdict(
      { qps: 1.234, completed: 64, requested: 64 },
      { qps: 1.201, completed: 64, requested: 64 },
      0.1,
    );
    expect(JSON.stringify(pass)).toBe(
      '{"test":"output_caching_test","passed":true,"ref_qps":1.234,"audit_qps":1.201,"threshold":0.1,"ref_completed":64,"ref_requested":64,"audit_completed":64,"audit_requested":64,"reason":"audit_qps=1.2010 < ref_qps * (1 + 10%) = 1.3574"}',
    );
    expect(outputCachingVerdict(done(100), done(120), 0.1).reason).toBe(
      "audit_qps=120.0000 >= ref_qps * (1 + 10%) = 110.0000",
    );
    expect(outputCachingVerdict(done(100, 800), done(100), 0.1).reason).toBe(
      "Phase incomplete: reference 800/1000, audit 1000/1000 (threshold 10%)",
    );
  });

  test("exact ties format as Python's: to even (0.03125 → 0.0312, 12.5% → 12%, 0.5% → 0%)", () => {
    const one = (qps: number, completed = 64) => ({ qps, completed, requested: 64 });
    expect(outputCachingVerdict(one(1), one(0.03125), 0.125).reason).toBe(
      "audit_qps=0.0312 < ref_qps * (1 + 12%) = 1.1250",
    );
    expect(outputCachingVerdict(one(1, 1), one(0.03125), 0.005).reason).toBe(
      "Phase incomplete: reference 1/64, audit 64/64 (threshold 0%)",
    );
  });
});

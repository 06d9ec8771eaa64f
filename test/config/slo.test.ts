/** @module test/config/slo.test — `--slo`: limits and the share `p=`, read the same by benchmark and sweep. */
import { describe, expect, test } from "bun:test";
import { parseSloSpec } from "../../src/config/slo.ts";

describe("config/slo", () => {
  test.each([
    ["ttft:300ms", { "slo.ttft_ms": 300 }],
    ["ttft:300ms,p=95", { "slo.ttft_ms": 300, "slo.percentile": 95 }],
    ["p=99.5, tpot:5.2ms", { "slo.tpot_ms": 5.2, "slo.percentile": 99.5 }],
    ["e2e:2s,p = 90", { "slo.latency_ms": 2000, "slo.percentile": 90 }],
    ["p=100", { "slo.percentile": 100 }],
    ["p=95", { "slo.percentile": 95 }],
  ])("%s", (text, want) => {
    expect(parseSloSpec(text)).toEqual(want);
  });

  test.each([
    ["ttft:1s,p=0", "--slo: p=0: the share of requests must be a percentage above 0 and at most 100"],
    ["ttft:1s,p=101", "--slo: p=101: the share"],
    ["ttft:1s,p=", "--slo: p=: the share"],
    ["ttft:1s,p=most", "--slo: p=most: the share"],
    ["ttft:1s,q=95", "--slo: unknown metric 'q=95'"],
    ["ttft:fast", "--slo: ttft:"],
    ["", "--slo needs at least one metric:limit pair"],
  ])("refuses %p", (text, message) => {
    expect(() => parseSloSpec(text)).toThrow(message);
  });
});

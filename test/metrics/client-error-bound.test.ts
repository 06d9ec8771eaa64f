/** @module test/metrics/client-error-bound.test — the bound from the loop's lateness, and with a probe the larger of it and the run's TTFT excess. */
import { describe, expect, test } from "bun:test";
import { clientErrorBound, type ClientErrorBound, type ProbeTtfts } from "../../src/metrics/client-error-bound.ts";

const MS = 1e6;
const LATE = { p50Ns: 1 * MS, p99Ns: 20 * MS, stamps: 400 };
const probe = (p50Ms: number, p99Ms: number): ProbeTtfts => ({
  requests: 50,
  failures: 0,
  ttft_p50_ns: p50Ms * MS,
  ttft_p99_ns: p99Ms * MS,
});

describe("metrics/client-error-bound", () => {
  test.each<
    [string, ProbeTtfts | null, { p50Ns: number; p99Ns: number } | null, number, number, ClientErrorBound["from"]]
  >([
    ["no probe: the lateness itself", null, { p50Ns: 30 * MS, p99Ns: 60 * MS }, 1, 20, "loop_lateness"],
    [
      "a probe the lateness covers: the lateness",
      probe(29.5, 50),
      { p50Ns: 30 * MS, p99Ns: 60 * MS },
      1,
      20,
      "loop_lateness_and_probe",
    ],
    [
      "a probe showing more excess than the lateness: the excess",
      probe(20, 30),
      { p50Ns: 30 * MS, p99Ns: 60 * MS },
      10,
      30,
      "loop_lateness_and_probe",
    ],
    [
      "a probe slower than the run: no excess, the lateness",
      probe(40, 90),
      { p50Ns: 30 * MS, p99Ns: 60 * MS },
      1,
      20,
      "loop_lateness_and_probe",
    ],
    ["a probe but no TTFT in the run: the lateness", probe(20, 30), null, 1, 20, "loop_lateness_and_probe"],
    // 2,000 streams on one worker: fetch's own thread is late where the loop's timer cannot see it.
    [
      "an excess at p50 above the lateness at p99: p99 is at least p50",
      probe(9, 1263),
      { p50Ns: 1044 * MS, p99Ns: 1972 * MS },
      1035,
      1035,
      "loop_lateness_and_probe",
    ],
  ])("%s", (_name, p, ttft, p50Ms, p99Ms, from) => {
    const bound = clientErrorBound(LATE, "saturated", p, ttft);
    expect(bound.p50_ms).toBeCloseTo(p50Ms, 9);
    expect(bound.p99_ms).toBeCloseTo(p99Ms, 9);
    expect(bound.from).toBe(from);
    expect(bound.verdict).toBe("saturated");
  });

  test("the probe's figures and the excess are reported beside the bound", () => {
    const bound = clientErrorBound(LATE, "ok", probe(20, 30), { p50Ns: 25 * MS, p99Ns: 28 * MS });
    expect(bound.probe).toEqual({
      requests: 50,
      failures: 0,
      ttft_p50_ms: 20,
      ttft_p99_ms: 30,
      run_ttft_p50_ms: 25,
      run_ttft_p99_ms: 28,
      excess_p50_ms: 5,
      excess_p99_ms: 0,
    });
    expect(bound.p50_ms).toBe(5);
    expect(bound.p99_ms).toBe(20);
  });
});

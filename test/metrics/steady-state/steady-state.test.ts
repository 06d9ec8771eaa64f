import { describe, expect, test } from "bun:test";
import { columnsFromRecords } from "../../../src/metrics/phase-columns.ts";
import { steadyStateOf } from "../../../src/metrics/steady-state/steady-state.ts";
import { makeRecord } from "../make-record.ts";

const MS = 1e6;

/** Requests sent every `gapMs` for `n`, each answered by a FIFO server of one slot taking `serviceMs`: first token 10 ms before the end. */
function fifoRun(n: number, gapMs: number, serviceMs: number) {
  let freeAtMs = 0;
  return Array.from({ length: n }, (_, i) => {
    const sentMs = i * gapMs;
    const doneMs = Math.max(sentMs, freeAtMs) + serviceMs;
    freeAtMs = doneMs;
    return makeRecord({
      planIndex: i,
      sentNs: sentMs * MS,
      scheduledNs: sentMs * MS,
      firstTokenNs: (doneMs - 10) * MS,
      doneNs: doneMs * MS,
      outputTokens: 11,
    });
  });
}

describe("metrics/steady-state/steady-state", () => {
  test("a closed loop of 2 with 100 ms requests: its whole span, about 20 req/s, latency 100 ms, stable", () => {
    const records = Array.from({ length: 200 }, (_, i) => {
      const sentMs = Math.floor(i / 2) * 100;
      return makeRecord({
        planIndex: i,
        sentNs: sentMs * MS,
        firstTokenNs: (sentMs + 10) * MS,
        doneNs: (sentMs + 100) * MS,
      });
    });
    const s = steadyStateOf(columnsFromRecords(records));
    expect(s).toMatchObject({ plateau_in_flight: 2, start_ns: 0, end_ns: 10_000 * MS, ramp_up_s: 0, drain_s: 0 });
    expect(s?.requests).toBe(200);
    // 199 gaps between the first completions (100 ms) and the last (10 s).
    expect(s?.qps).toBeCloseTo(199 / 9.9, 9);
    expect(s?.output_tps).toBeCloseTo((10 * 199) / 9.9, 9);
    expect(s?.latency_p50_ms).toBe(100);
    expect(s?.ttft_p99_ms).toBe(10);
    expect(s?.tpot_p50_ms).toBeCloseTo(10, 9);
    expect(s?.stability).toBe("stable");
    expect(s?.step_length_to_judge_s).toBeNull();
  });

  test("an open loop at half a server's capacity is stable", () => {
    const s = steadyStateOf(columnsFromRecords(fifoRun(120, 100, 50)), {
      slo: { ttft_ms: 3000, tpot_ms: null, latency_ms: null, percentile: 95 },
    });
    expect(s?.stability).toBe("stable");
    expect(s?.trends.map((t) => [t.series, t.rising])).toEqual([
      ["in_flight", false],
      ["ttft", false],
    ]);
    expect(s?.ttft_p50_ms).toBe(40);
  });

  test("an open loop at twice a server's capacity is unstable, and says how long a step would need", () => {
    // 40 req/s into a 20 req/s server: the wait grows 25 ms for each request, 1000 ms per second of sending.
    const s = steadyStateOf(columnsFromRecords(fifoRun(200, 25, 50)), {
      slo: { ttft_ms: 3000, tpot_ms: null, latency_ms: null, percentile: 95 },
    });
    expect(s?.stability).toBe("unstable");
    const rising = Object.fromEntries(s?.trends.map((t) => [t.series, t.rising]) ?? []);
    expect(rising).toEqual({ in_flight: true, ttft: true });
    // Interval medians over whole sends: within 1 % of the true 1000 ms/s.
    const slope = s?.trends.find((t) => t.series === "ttft")?.slope_per_s as number;
    expect(Math.abs(slope / 1000 - 1)).toBeLessThan(0.01);
    // TTFT = 40 + 1000 t ms (t since the first send) crosses 3000 ms at 2.96 s; ÷ 0.95, within the slope's 1 %.
    expect(Math.abs((s?.step_length_to_judge_s as number) / (2.96 / 0.95) - 1)).toBeLessThan(0.01);
  });

  test("a server's waiting count that grows marks the run unstable on its own", () => {
    const records = fifoRun(120, 100, 50);
    const tNs = Array.from({ length: 120 }, (_, i) => i * 100 * MS);
    const s = steadyStateOf(columnsFromRecords(records), { waiting: { tNs, values: tNs.map((_, i) => i / 10) } });
    expect(s?.trends.map((t) => [t.series, t.rising])).toEqual([
      ["in_flight", false],
      ["ttft", false],
      ["server_waiting", true],
    ]);
    expect(s?.stability).toBe("unstable");
  });

  test("a run of a few requests is too short to judge", () => {
    expect(steadyStateOf(columnsFromRecords(fifoRun(20, 100, 50)))?.stability).toBe("too_short");
  });
});

/** @module test/report/html/time-series.test — the run's buckets: per second of each bucket's own span, the short last one included. */
import { describe, expect, test } from "bun:test";
import { columnsFromRecords } from "../../../src/metrics/phase-columns.ts";
import { runBuckets } from "../../../src/report/html/time-series.ts";
import { makeRecord } from "../../metrics/make-record.ts";

const MS = 1e6;

/** One completion every 10 ms from 5 ms on, for `count` requests (sent every 10 ms, each 5 ms long). */
const steady = (count: number) =>
  columnsFromRecords(
    Array.from({ length: count }, (_, i) =>
      makeRecord({
        planIndex: i,
        sentNs: i * 10 * MS,
        firstTokenNs: i * 10 * MS + 1 * MS,
        doneNs: i * 10 * MS + 5 * MS,
      }),
    ),
  );

describe("report/html/time-series", () => {
  test.each([
    // [requests, the run's span in s, what the last bucket holds / is divided by]
    ["ends mid-bucket: the last bucket is divided by its own 45 ms", 255, 5, 0.045],
    ["ends just past a bucket edge: a 15 ms sliver holding 2 is divided by half a bucket", 202, 2, 0.025],
  ])("a steady 100 req/s run that %s", (_what, count, lastEvents, divisorS) => {
    const b = runBuckets(steady(count), 0);
    expect(b.widthS).toBe(0.05);
    const rates = Array.from(b.completionsPerS);
    for (const r of rates.slice(0, -1)) expect(r).toBeCloseTo(100, 9);
    expect(rates.at(-1) as number).toBeCloseTo(lastEvents / divisorS, 9);
    // The last point sits at the middle of the span it stands for.
    expect(b.xs.at(-1) as number).toBeCloseTo((rates.length - 1) * b.widthS + divisorS / 2, 9);
  });
});

/** @module test/report/html/scatter.test — the per-request scatter keeps errors visible within its point budget. */
import { describe, expect, test } from "bun:test";
import { columnsFromRecords } from "../../../src/metrics/phase-columns.ts";
import { strideIndices } from "../../../src/report/html/downsample.ts";
import { renderScatterChart, scatterSample } from "../../../src/report/html/scatter.ts";
import { makeFailure, makeRecord } from "../../metrics/make-record.ts";
import { syntheticColumns } from "./synthetic-columns.ts";

const MS = 1e6;

describe("report/html/scatter", () => {
  // A million requests' columns built and sampled: seconds on a busy shared host, more than bun's 5 s.
  test.each([
    [1000, 100, 2000, 990, 10],
    [1000, 2, 2000, 500, 500],
    [1_000_000, 100, 2000, 1500, 500],
    [1_000_000, 100, 400, 300, 100],
  ])(
    "samples %p requests (every %p-th failing) into a budget of %p: %p successes, %p errors",
    (count, failEvery, budget, ok, failed) => {
      const sample = scatterSample(syntheticColumns(count, { failEvery, itlPerRequest: 0 }), budget);
      expect([sample.ok.length, sample.failed.length]).toEqual([ok, failed]);
    },
    60_000,
  );

  test.each([
    [10, 3, 4],
    [5000, 7, 300],
    [20_000, 2, 2000],
    [1500, 0, 2000],
  ])(
    "picks the rows that striding the list of finished rows would: %p requests, every %p-th failing, budget %p",
    (count, failEvery, budget) => {
      const cols = syntheticColumns(count, { failEvery, itlPerRequest: 0 });
      cols.doneNs[1] = Number.NaN;
      const finished = Array.from({ length: count }, (_, i) => i).filter((i) =>
        Number.isFinite(cols.doneNs[i] as number),
      );
      const failed = finished.filter((i) => cols.failed[i]);
      const ok = finished.filter((i) => !cols.failed[i]);
      const failedShown = strideIndices(failed.length, Math.min(failed.length, Math.floor(budget / 4))).map(
        (k) => failed[k],
      );
      const okShown = strideIndices(ok.length, budget - failedShown.length).map((k) => ok[k]);
      expect(scatterSample(cols, budget)).toEqual({ ok: okShown as number[], failed: failedShown as number[] });
    },
  );

  test("is deterministic and skips requests that never finished", () => {
    const cols = columnsFromRecords([
      makeRecord({ sentNs: 0, doneNs: 10 * MS }),
      makeRecord({ sentNs: 1 * MS, doneNs: Number.NaN }),
      makeFailure({ sentNs: 2 * MS, doneNs: 3 * MS }),
    ]);
    expect(scatterSample(cols)).toEqual({ ok: [0], failed: [2] });
    const big = syntheticColumns(50_000, { itlPerRequest: 0 });
    expect(scatterSample(big)).toEqual(scatterSample(big));
  });

  test("draws successes as circles and errors as crosses, saying how many were left out", () => {
    const svg = renderScatterChart(syntheticColumns(10_000, { failEvery: 10, itlPerRequest: 0 }), 5e9);
    expect(svg).toContain('data-chart="latency-scatter"');
    expect(svg.match(/<circle [^>]*r="2.2"/g)?.length).toBe(1500);
    expect(svg.match(/l6 6m0 -6l-6 6/g)?.length).toBe(500);
    expect(svg).toContain("success (1500 of 9000)");
    expect(svg).toContain("error (500 of 1000)");
    expect(svg).toContain("send time since phase start (s)");
    expect(svg).toContain("latency, done − sent (ms)");
  });

  test("draws nothing when no request finished", () => {
    expect(renderScatterChart(columnsFromRecords([]), 0)).toBe("");
  });
});

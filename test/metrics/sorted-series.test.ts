/** @module test/metrics/sorted-series — each series' finite values, ascending, computed once and shared. */
import { describe, expect, test } from "bun:test";
import { columnsFromRecords } from "../../src/metrics/phase-columns.ts";
import { sortedFinite } from "../../src/metrics/percentiles.ts";
import { seriesValues, type SeriesName } from "../../src/metrics/request-values.ts";
import { SortedSeries } from "../../src/metrics/sorted-series.ts";
import { makeFailure, makeRecord } from "./make-record.ts";

const MS = 1e6;

/** Successes with decreasing latency, a one-token response, a plain (no first token) response, a failure. */
const RECORDS = [
  makeRecord({
    planIndex: 0,
    sentNs: 0,
    scheduledNs: 0,
    doneNs: 300 * MS,
    chunkGapsNs: Float64Array.of(5 * MS, 1 * MS),
  }),
  makeRecord({ planIndex: 1, sentNs: 1 * MS, scheduledNs: 0, doneNs: 201 * MS, chunkGapsNs: Float64Array.of(3 * MS) }),
  makeRecord({ planIndex: 2, sentNs: 2 * MS, scheduledNs: 1 * MS, doneNs: 52 * MS, outputTokens: 1 }),
  makeRecord({ planIndex: 3, sentNs: 3 * MS, scheduledNs: 3 * MS, firstTokenNs: null, doneNs: 23 * MS }),
  makeFailure({ planIndex: 4, sentNs: 4 * MS, scheduledNs: 2 * MS, doneNs: 5 * MS }),
];

const NAMES: SeriesName[] = [
  "ttft",
  "ttfb",
  "tpot",
  "latency",
  "scheduleLag",
  "scheduledLatency",
  "inputTokens",
  "outputTokens",
];

describe("metrics/sorted-series", () => {
  test.each([
    ["ttft", [8, 9, 10].map((x) => x * MS)],
    ["tpot", [(191 / 9) * MS, (290 / 9) * MS]],
    ["latency", [20, 50, 200, 300].map((x) => x * MS)],
    ["scheduleLag", [0, 0, 1, 1, 2].map((x) => x * MS)],
    ["scheduledLatency", [3, 20, 51, 201, 300].map((x) => x * MS)],
    ["outputTokens", [1, 10, 10, 10]],
    ["itl", [1, 3, 5].map((x) => x * MS)],
  ] as const)("gives %s over its rows, ascending", (name, expected) => {
    const sorted = Array.from(new SortedSeries(columnsFromRecords(RECORDS)).get(name));
    expect(sorted.length).toBe(expected.length);
    sorted.forEach((v, i) => expect(v).toBeCloseTo(expected[i] as number, 3));
  });

  test.each(NAMES)("sorts %s exactly as sortedFinite(seriesValues)", (name) => {
    const cols = columnsFromRecords(RECORDS);
    expect(Array.from(new SortedSeries(cols).get(name))).toEqual(Array.from(sortedFinite(seriesValues(cols, name))));
  });

  test("computes a series once and hands the same array to every reader", () => {
    const series = new SortedSeries(columnsFromRecords(RECORDS));
    expect(series.get("latency")).toBe(series.get("latency"));
  });

  test("does not keep a mostly empty buffer alive for a sparse series", () => {
    const cols = columnsFromRecords([
      ...RECORDS,
      ...Array.from({ length: 100 }, (_, i) => makeFailure({ planIndex: 5 + i })),
    ]);
    const ttft = new SortedSeries(cols).get("ttft");
    expect(ttft.length).toBe(3);
    expect(ttft.buffer.byteLength).toBe(3 * 8);
  });
});

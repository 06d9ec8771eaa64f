/** @module test/metrics/read-phase.test — events.db read back into columns equal to the records written, at any size. */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { columnsFromRecords, type PhaseColumns } from "../../src/metrics/phase-columns.ts";
import { EventsDb } from "../../src/record/events-db.ts";
import { ROWS_PER_COLLECTION } from "../../src/record/garbage-pacer.ts";
import { openEventsDbReadonly, readPhaseColumns, rowsPerCollection } from "../../src/metrics/read-phase.ts";
import type { RequestRecord } from "../../src/record/request-record.ts";
import { makeFailure, makeRecord } from "./make-record.ts";

const dir = mkdtempSync(join(tmpdir(), "ie-read-phase-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Row i of a varied phase: streams with 1- and 3-token chunks, plain responses, failures, a lost worker, retries. */
function varied(i: number): RequestRecord {
  const sentNs = 1_000 * i;
  switch (i % 6) {
    case 0:
      return makeRecord({
        planIndex: i,
        sentNs,
        chunkGapsNs: Float64Array.of(10, 20, 30),
        chunkTokens: null,
        finishReason: "stop",
      });
    case 1:
      return makeRecord({
        planIndex: i,
        sentNs,
        chunkGapsNs: Float64Array.of(90, 9),
        chunkTokens: Uint16Array.of(3, 1),
        tokenSource: "chunk_count",
        finishReason: "length",
      });
    case 2:
      return makeRecord({
        planIndex: i,
        sentNs,
        firstTokenNs: null,
        chunkCount: 1,
        outputTokens: 7 + (i % 50),
        finishReason: null,
      });
    case 3:
      return makeFailure({
        planIndex: i,
        sentNs,
        errorKind: "http_5xx",
        httpStatus: 503,
        errorMessage: `HTTP 503: busy ${i % 5}`,
      });
    case 4:
      return makeFailure({
        planIndex: i,
        sentNs: Number.NaN,
        errorKind: "worker_lost",
        errorMessage: "worker 0 exited",
      });
    default:
      return makeRecord({ planIndex: i, sentNs, inputTokens: null, reasoningTokens: 4, tokenSource: "tokenizer" });
  }
}

function writeDb(name: string, records: RequestRecord[]): string {
  const path = join(dir, name);
  const db = new EventsDb(path);
  for (let start = 0; start < records.length; start += 512) db.addRecords(records.slice(start, start + 512));
  db.close();
  return path;
}

/** Columns with typed arrays as plain arrays: toEqual compares typed arrays bytewise, and NaN has several encodings. */
function plain(cols: PhaseColumns): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(cols).map(([key, value]) => [
      key,
      ArrayBuffer.isView(value) ? Array.from(value as Float64Array) : value,
    ]),
  );
}

function readBack(path: string, phase = "performance") {
  const db = openEventsDbReadonly(path);
  try {
    return readPhaseColumns(db, phase);
  } finally {
    db.close();
  }
}

describe("metrics/read-phase", () => {
  // More rows than one collection interval (ROWS_PER_COLLECTION) written to and read from a real
  // events.db take seconds on a busy shared host: more than bun's 5 s.
  test.each([
    ["no rows", 0],
    ["one of each kind", 6],
    ["more rows than one collection interval", ROWS_PER_COLLECTION + 1234],
  ])(
    "reads back the columns of the records written: %s",
    (_name, count) => {
      const records = Array.from({ length: count }, (_, i) => varied(i));
      const cols = readBack(writeDb(`${count}.db`, records));
      expect(plain(cols)).toEqual(plain({ ...columnsFromRecords(records), retries: 0 }));
      expect(cols.count).toBe(count);
    },
    60_000,
  );

  test("spreads multi-token chunks into per-token gaps, successful streams only", () => {
    const cols = readBack(writeDb("itl.db", [varied(0), varied(1), varied(3)]));
    expect(Array.from(cols.itlNs)).toEqual([10, 20, 30, 30, 30, 30, 9]);
  });

  test("keeps one shared string per distinct token source, finish reason and error kind", () => {
    const cols = readBack(
      writeDb(
        "shared.db",
        Array.from({ length: 60 }, (_, i) => varied(i)),
      ),
    );
    expect(new Set(cols.tokenSources).size).toBe(4);
    expect(cols.errorKinds.filter((k) => k !== null)).toHaveLength(20);
    expect(cols.errorSamples.map((s) => s.kind)).toEqual(["http_5xx", "worker_lost", "http_5xx", "http_5xx"]);
  });

  test("reads only the phase asked for, after rows of another phase", () => {
    const warmup = Array.from({ length: 5 }, (_, i) => ({ ...varied(i), phase: "warmup" }));
    const performance = Array.from({ length: 7 }, (_, i) => varied(i + 10));
    const path = writeDb("phases.db", [...warmup, ...performance]);
    expect(readBack(path).count).toBe(7);
    expect(readBack(path, "warmup").count).toBe(5);
    expect(readBack(path, "accuracy").count).toBe(0);
  });
});

describe("metrics/read-phase rowsPerCollection", () => {
  test.each([
    ["no rows", 0, 0, ROWS_PER_COLLECTION],
    ["plain responses: no gap blobs", 1_000_000, 0, ROWS_PER_COLLECTION],
    [
      "32-token streams: 248-byte blobs weigh two rows more",
      300_000,
      300_000 * 31,
      Math.round(ROWS_PER_COLLECTION / 3),
    ],
    ["very long streams: at least one row", 10, 10 * 100_000_000, 1],
  ])("%s", (_name, rows, gaps, expected) => {
    expect(rowsPerCollection(rows, gaps)).toBe(expected);
  });
});

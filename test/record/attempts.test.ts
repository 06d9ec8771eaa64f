/** @module test/record/attempts.test — retried attempts: one row each in events.db, the last attempt counted, old databases still read. */
import { buildPhasePlan } from "../../src/plan/phase-plan.ts";
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readRecordBatch, RecordBatchBuilder } from "../../src/ipc/record-batch.ts";
import { columnsFromRecords } from "../../src/metrics/phase-columns.ts";
import { EventsDb } from "../../src/record/events-db.ts";
import { readPhaseColumns } from "../../src/metrics/read-phase.ts";
import type { RequestRecord } from "../../src/record/request-record.ts";
import { LiveState } from "../../src/live-metrics/live-state.ts";
import { ProgressLine } from "../../src/run/progress.ts";
import { makeFailure, makeRecord } from "../metrics/make-record.ts";

const dir = mkdtempSync(join(tmpdir(), "ie-attempts-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const http503 = (planIndex: number, attempt: number) =>
  makeFailure({ planIndex, attempt, errorKind: "http_5xx", httpStatus: 503, errorMessage: "HTTP 503: overloaded" });

/** Entry 0 succeeds at once; 1 fails once then succeeds; 2 fails three times; 3 is refused once. */
const RECORDS: RequestRecord[] = [
  makeRecord({ planIndex: 0 }),
  http503(1, 0),
  http503(2, 0),
  makeFailure({ planIndex: 3, errorKind: "refused", errorMessage: "ECONNREFUSED" }),
  makeRecord({ planIndex: 1, attempt: 1 }),
  http503(2, 1),
  http503(2, 2),
];

describe("record/attempts", () => {
  test("columns hold each entry's last attempt and count the retried ones", () => {
    const cols = columnsFromRecords(RECORDS);
    expect(cols.count).toBe(4);
    expect(cols.retries).toBe(3);
    expect(cols.errorKinds).toEqual([null, "refused", null, "http_5xx"]);
    expect(cols.errorSamples).toEqual([
      { kind: "refused", message: "ECONNREFUSED" },
      { kind: "http_5xx", message: "HTTP 503: overloaded" },
    ]);
  });

  test("events.db keeps every attempt and reads back the same columns", () => {
    const path = join(dir, "events.db");
    const db = new EventsDb(path);
    const builder = new RecordBatchBuilder();
    for (const r of RECORDS) builder.add(r);
    db.addRecords(readRecordBatch(builder.take(), RECORDS[0]!.phase, RECORDS[0]!.workerId));
    db.close();
    const raw = new Database(path, { readonly: true });
    expect(raw.query("SELECT plan_index AS p, attempt AS a FROM requests ORDER BY id").all()).toEqual(
      RECORDS.map((r) => ({ p: r.planIndex, a: r.attempt })),
    );
    const cols = readPhaseColumns(raw, "performance");
    raw.close();
    const expected = columnsFromRecords(RECORDS);
    expect([cols.count, cols.retries, cols.errorKinds, cols.errorSamples]).toEqual([
      expected.count,
      expected.retries,
      expected.errorKinds,
      expected.errorSamples,
    ]);
  });

  test("reads a schema-1 events.db (no attempt column) as first attempts only", () => {
    const path = join(dir, "old.db");
    const db = new Database(path, { create: true });
    db.exec(`CREATE TABLE requests (id INTEGER PRIMARY KEY, phase TEXT, plan_index INTEGER, scheduled_ns INTEGER, sent_ns INTEGER,
      response_headers_ns INTEGER, first_token_ns INTEGER, done_ns INTEGER, http_status INTEGER, error_kind TEXT, error_message TEXT,
      input_tokens INTEGER, output_tokens INTEGER, reasoning_tokens INTEGER, token_source TEXT, tokenizer_output_tokens INTEGER,
      chunk_count INTEGER, chunk_gaps_ns BLOB, chunk_tokens BLOB, finish_reason TEXT)`);
    db.exec(`INSERT INTO requests (phase, plan_index, scheduled_ns, sent_ns, done_ns, http_status, error_kind, token_source, chunk_count)
      VALUES ('performance', 0, 0, 0, 10, 200, NULL, 'none', 1), ('performance', 1, 0, 0, 10, 500, 'http_5xx', 'none', 0)`);
    const cols = readPhaseColumns(db, "performance");
    db.close();
    expect([cols.count, cols.retries, cols.errorKinds]).toEqual([2, 0, [null, "http_5xx"]]);
  });

  test("the progress line counts a retried entry once, by its latest attempt", () => {
    const lines: string[] = [];
    const plan = buildPhasePlan({
      phase: "performance",
      pattern: { type: "max_throughput" },
      count: 4,
      datasetSize: 4,
      schedulerSeed: 1,
      dataloaderSeed: 1,
    });
    const live = new LiveState(["performance"], 4);
    const progress = new ProgressLine((text) => lines.push(text), true, false, live);
    live.startPhase(plan, 0);
    progress.startPhase(plan);
    live.add("performance", RECORDS);
    progress.stop();
    expect(lines.at(-1)).toStartWith("performance: 4/4 done (100%) · 2 failed ·");
  });
});

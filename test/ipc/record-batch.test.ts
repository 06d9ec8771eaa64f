/**
 * @module test/ipc/record-batch.test — records survive the columnar worker → main batch exactly:
 * through a real frame (encodeFrame / FrameDecoder), nulls and NaN, codes, chunk arrays and texts.
 */
import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeFrame, FrameDecoder } from "../../src/ipc/frame-codec.ts";
import { readRecordBatch, RecordBatchBuilder, type RecordBatch } from "../../src/ipc/record-batch.ts";
import { EventsDb } from "../../src/record/events-db.ts";
import type { RequestRecord } from "../../src/record/request-record.ts";
import { makeRecord } from "../metrics/make-record.ts";

/** Builds a batch of `records`, sends it through a frame, and reads it back as main does. */
function roundTrip(records: RequestRecord[]): RequestRecord[] {
  const builder = new RecordBatchBuilder();
  for (const r of records) builder.add(r);
  expect(builder.size).toBe(records.length);
  const frame = encodeFrame({ type: "results", workerId: 3, phase: "performance", records: builder.take() });
  expect(builder.size).toBe(0);
  const [message] = new FrameDecoder().push(frame) as { records: RecordBatch }[];
  return readRecordBatch((message as { records: RecordBatch }).records, "performance", 3);
}

const streamed = makeRecord({
  planIndex: 7,
  sampleIndex: 2,
  endpointIndex: 1,
  scheduledNs: 1_000,
  sentNs: 1_250,
  responseHeadersNs: 9_000,
  firstTokenNs: 10_000,
  doneNs: 40_000,
  inputTokens: 12,
  outputTokens: 33,
  reasoningTokens: 5,
  tokenSource: "server_usage",
  chunkCount: 4,
  chunkGapsNs: Float64Array.from([100.5, 200, 300]),
  chunkTokens: Uint16Array.from([1, 65535, 2]),
  finishReason: "length",
  attempt: 2,
  hiddenTokens: 17,
  streamNotes: 5,
  chunkChars: Uint32Array.from([3, 70_000, 1, 9]),
  firstAnswerNs: 41_000_000,
  reasoningChunks: 2,
  reasoningTextChars: 12,
  cachedTokens: 8,
  serverPrefillNs: 3_318_000,
  serverDecodeNs: 8_006_000,
  serverOutputTokens: 33,
  serverQueueNs: 12_000_000,
  serverInferenceNs: 305_000_000,
  serverTotalNs: 318_000_000,
  serverTtftNs: 41_500_000,
  serverKvTransferNs: 2_750_000,
  responseId: "chatcmpl-XBuRVP0QWeZLFSn5fYYFFaiDwfreBHoQ",
  serverRequestId: "req-7",
});
const failed = makeRecord({
  planIndex: 8,
  sentNs: Number.NaN,
  responseHeadersNs: null,
  firstTokenNs: null,
  httpStatus: 0,
  errorKind: "refused",
  errorMessage: "ECONNREFUSED: «nobody» listens",
  inputTokens: null,
  outputTokens: null,
  tokenSource: "none",
  chunkCount: 0,
  chunkGapsNs: null,
  chunkTokens: null,
  finishReason: null,
});
const accurate = makeRecord({
  planIndex: 9,
  responseText: "The answer is (B).\n",
  firstChunkChars: 4,
  chunkGapsNs: new Float64Array(0),
  finishReason: "stop",
});

describe("ipc/record-batch", () => {
  test.each([
    ["an empty batch", []],
    ["one streamed record (gaps, tokens per chunk, every number set)", [streamed]],
    ["a failure: NaN sentNs, nulls, an error message", [failed]],
    ["a record with response text and an empty gap array", [accurate]],
    ["a mix, in order, sharing the coded strings", [streamed, failed, accurate, streamed, failed]],
  ] as const)("%s comes back field for field", (_name, records) => {
    const back = roundTrip([...records]);
    expect(back).toHaveLength(records.length);
    back.forEach((r, i) => {
      const original = records[i] as RequestRecord;
      expect(r).toEqual({ ...original, phase: "performance", workerId: 3 });
      expect(Object.is(r.sentNs, original.sentNs)).toBe(true);
      expect(r.chunkGapsNs?.constructor).toBe(original.chunkGapsNs?.constructor);
      expect(r.chunkTokens?.constructor).toBe(original.chunkTokens?.constructor);
      expect(r.chunkChars?.constructor).toBe(original.chunkChars?.constructor);
    });
  });

  test("a record's model is not sent: main sets it from the plan (run/session)", () => {
    const [back] = roundTrip([{ ...streamed, modelIndex: 3 }]);
    expect(back?.modelIndex).toBeUndefined();
  });

  test("a batch of 512 streamed records is a handful of columns, not 512 rows", () => {
    const builder = new RecordBatchBuilder();
    for (let i = 0; i < 512; i++) builder.add({ ...streamed, planIndex: i });
    const batch = builder.take();
    expect(batch.numbers.length).toBe(18 * 512);
    expect(batch.arrays[0]?.values.length).toBe(3 * 512); // chunkGapsNs, the first typed-array field
    // The 11 numbers most records leave null travel as (index, value) pairs: this record sets them all.
    expect(batch.sparse.map((pairs) => pairs.length)).toEqual(Array(11).fill(2 * 512));
    expect(batch.dictionary).toEqual(["server_usage", "length"]);
    expect(readRecordBatch(batch, "p", 0).map((r) => r.planIndex)).toEqual(Array.from({ length: 512 }, (_, i) => i));
  });

  test("numbers a record leaves null cost a batch nothing: no column of NaN, an empty list each", () => {
    const builder = new RecordBatchBuilder();
    for (let i = 0; i < 512; i++) builder.add({ ...accurate, planIndex: i });
    const batch = builder.take();
    expect(batch.sparse.map((pairs) => pairs.length)).toEqual(Array(11).fill(0));
    expect(readRecordBatch(batch, "p", 0).every((r) => r.serverTotalNs === null && r.reasoningChunks === null)).toBe(
      true,
    );
  });

  test("a sparse number of 0 is a value, not a null", () => {
    const zeros = { ...accurate, cachedTokens: 0, serverQueueNs: 0, reasoningChunks: 0 };
    const [back] = roundTrip([accurate, zeros, accurate]).slice(1, 2);
    expect([back?.cachedTokens, back?.serverQueueNs, back?.reasoningChunks]).toEqual([0, 0, 0]);
    expect(back?.serverTotalNs).toBeNull();
  });

  test("chunk arrays read back as views into the batch are stored in events.db byte for byte", () => {
    const dir = mkdtempSync(join(tmpdir(), "ie-batch-"));
    try {
      const records = roundTrip([
        streamed,
        failed,
        { ...streamed, planIndex: 10, chunkGapsNs: Float64Array.from([1, 2]), chunkTokens: null },
      ]);
      const db = new EventsDb(join(dir, "events.db"));
      db.addRecords(records);
      db.close();
      const raw = new Database(join(dir, "events.db"), { readonly: true });
      const rows = raw.query("SELECT chunk_gaps_ns AS g, chunk_tokens AS t FROM requests ORDER BY id").all() as {
        g: Uint8Array | null;
        t: Uint8Array | null;
      }[];
      raw.close();
      const gaps = rows.map((row) => (row.g ? Array.from(new Float64Array(row.g.slice().buffer)) : null));
      const tokens = rows.map((row) => (row.t ? Array.from(new Uint16Array(row.t.slice().buffer)) : null));
      expect(gaps).toEqual([[100.5, 200, 300], null, [1, 2]]);
      expect(tokens).toEqual([[1, 65535, 2], null, null]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("more distinct finish reasons than one-byte codes still come back exactly", () => {
    const records = Array.from({ length: 300 }, (_, i) => makeRecord({ planIndex: i, finishReason: `reason-${i}` }));
    expect(roundTrip(records).map((r) => r.finishReason)).toEqual(records.map((r) => r.finishReason));
  });
});

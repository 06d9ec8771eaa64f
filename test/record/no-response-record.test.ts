/** @module test/record/no-response-record — the unanswered request's record, derived from record/request-fields. */
import { describe, expect, test } from "bun:test";
import { noResponseRecord } from "../../src/record/no-response-record.ts";
import { FIELD_LIST } from "../../src/record/request-field-lists.ts";

const WHO = { phase: "performance", planIndex: 7, sampleIndex: 3, workerId: 2, endpointIndex: 1, scheduledNs: 500 };

describe("record/no-response-record", () => {
  test("fills every measured field without a fallback, in declaration order, and releasedNs", () => {
    const record = noResponseRecord(WHO, Number.NaN, 900, "worker_lost", "worker 2 exited", 0);
    const filled = FIELD_LIST.filter((f) => f.wire !== "after-run" && f.fallback === undefined).map((f) => f.name);
    expect(Object.keys(record)).toEqual([...filled, "releasedNs"]);
  });

  test("gives what the three hand-written records gave: null, 0, NaN for the unsent instant, no token source", () => {
    const record = noResponseRecord(WHO, Number.NaN, 900, "conversation_aborted", "stopped", 0);
    expect(record).toEqual({
      ...WHO,
      sentNs: Number.NaN,
      responseHeadersNs: null,
      firstTokenNs: null,
      doneNs: 900,
      httpStatus: 0,
      errorKind: "conversation_aborted",
      errorMessage: "stopped",
      inputTokens: null,
      outputTokens: null,
      reasoningTokens: null,
      tokenSource: "none",
      chunkCount: 0,
      chunkGapsNs: null,
      chunkTokens: null,
      finishReason: null,
      responseText: null,
      attempt: 0,
      hiddenTokens: null,
      streamNotes: 0,
      chunkChars: null,
      releasedNs: undefined,
    });
  });

  test.each([
    ["a first attempt, not yet failed", Number.NaN, 0, null, null, 0],
    ["a retry", 10, 20, "timeout", "no complete response", 2],
  ] as const)("passes the caller's values through: %s", (_what, sentNs, doneNs, kind, message, attempt) => {
    const record = noResponseRecord(WHO, sentNs, doneNs, kind, message, attempt);
    expect([record.sentNs, record.doneNs, record.errorKind, record.errorMessage, record.attempt]).toEqual([
      sentNs,
      doneNs,
      kind,
      message,
      attempt,
    ]);
  });

  test("returns a new object each call", () => {
    const a = noResponseRecord(WHO, 1, 2, null, null, 0);
    a.httpStatus = 200;
    expect(noResponseRecord(WHO, 1, 2, null, null, 0).httpStatus).toBe(0);
  });
});

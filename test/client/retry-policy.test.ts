/** @module test/client/retry-policy.test — which failed attempts are retried, and the waits between them (pure). */
import { describe, expect, test } from "bun:test";
import { isRetryable, parseRetryAfterMs, retryDelayMs } from "../../src/client/retry-policy.ts";
import type { ErrorKind } from "../../src/record/request-record.ts";

describe("client/retry-policy", () => {
  test.each([
    [null, false, false, false],
    ["refused", false, false, true],
    ["reset", false, false, true],
    ["reset", true, false, false],
    ["http_429", true, false, true],
    ["http_5xx", true, false, true],
    ["http_4xx", true, false, false],
    ["timeout", false, false, true],
    ["timeout", true, false, true],
    ["timeout", true, true, false],
    ["stalled_stream", true, false, false],
    ["malformed_stream", true, true, false],
    ["invalid_json", true, false, false],
    ["too_large", true, false, false],
    ["tls", false, false, false],
    ["cancelled", false, false, false],
    ["worker_lost", false, false, false],
  ] as const)("%s (headers %p, token %p) → retry %p", (kind, headersArrived, tokenSeen, expected) => {
    expect(isRetryable({ errorKind: kind as ErrorKind | null, headersArrived, tokenSeen })).toBe(expected);
  });

  test.each([
    [0, null, 100],
    [1, null, 200],
    [3, null, 800],
    [10, null, 10_000],
    [0, 1000, 1000],
    [2, 100, 400],
    [0, 60_000, 10_000],
  ])("retry %i with Retry-After %p waits %i ms", (index, retryAfterMs, expected) => {
    expect(retryDelayMs(index, retryAfterMs)).toBe(expected);
  });

  const now = Date.parse("2026-01-01T00:00:00Z");
  test.each([
    [null, null],
    ["1", 1000],
    [" 30 ", 30_000],
    ["Thu, 01 Jan 2026 00:00:05 GMT", 5000],
    ["Wed, 31 Dec 2025 23:59:00 GMT", 0],
    ["soon", null],
  ])("Retry-After %p is %p ms", (value, expected) => {
    expect(parseRetryAfterMs(value, now)).toBe(expected);
  });
});

/** @module test/metrics/server-timing.test — the server's own per-request figures beside ours, on tables and on a real events.db. */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openEventsDbReadonly } from "../../src/metrics/read-phase.ts";
import {
  readServerTimingRows,
  summarizeServerTiming,
  type ServerTimingRow,
  type ServerTimingSummary,
} from "../../src/metrics/server-timing.ts";
import { EventsDb } from "../../src/record/events-db.ts";
import { makeFailure, makeRecord } from "./make-record.ts";

const MS = 1e6;
const dir = mkdtempSync(join(tmpdir(), "ie-server-timing-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const blank: ServerTimingRow = {
  ttftNs: null,
  tpotNs: null,
  prefillNs: null,
  decodeNs: null,
  outputTokens: null,
  cachedTokens: null,
  inputTokens: null,
  latencyNs: null,
  queueNs: null,
  inferenceNs: null,
  totalNs: null,
  serverTtftNs: null,
  kvTransferNs: null,
};

const noSpreads = {
  queue_ms: null,
  inference_ms: null,
  total_ms: null,
  latency_rest_ms: null,
  server_ttft_ms: null,
  ttft_outside_server_ms: null,
  kv_transfer_ms: null,
};

describe("metrics/server-timing summarizeServerTiming", () => {
  test("no row carries a figure: no section at all", () => {
    expect(summarizeServerTiming([])).toBeNull();
  });

  test("TTFT − prefill per request; the server's decode time over its tokens after the first", () => {
    const rows: ServerTimingRow[] = [10, 20, 30].map((k) => ({
      ...blank,
      ttftNs: (k + 5) * MS,
      tpotNs: 2.1 * MS,
      prefillNs: k * MS,
      decodeNs: 63 * 2 * MS,
      outputTokens: 64,
      cachedTokens: k === 10 ? 0 : 50,
      inputTokens: 100,
    }));
    expect(summarizeServerTiming(rows)).toEqual({
      ...noSpreads,
      requests_reporting: 3,
      prefill_ms: { count: 3, p50: 20, p90: 20, p99: 20 },
      ttft_rest_ms: { count: 3, p50: 5, p90: 5, p99: 5 },
      server_tpot_ms: { count: 3, p50: 2, p90: 2, p99: 2 },
      client_tpot_ms: { count: 3, p50: 2.1, p90: 2.1, p99: 2.1 },
      cache: { requests_hit: 2, cached_prompt_share: 100 / 300 },
    });
  });

  test("with the server's queue wait, TTFT's rest is TTFT − (queue + prefill); latency's rest is latency − its whole time", () => {
    // TGI or SGLang with --enable-metrics: a 4 ms queue, 10 ms prefill, 2 ms more before our first token; 50 ms inside, 3 ms outside.
    const rows: ServerTimingRow[] = [1, 2, 3].map(() => ({
      ...blank,
      ttftNs: 16 * MS,
      latencyNs: 53 * MS,
      queueNs: 4 * MS,
      prefillNs: 10 * MS,
      inferenceNs: 40 * MS,
      totalNs: 50 * MS,
    }));
    expect(summarizeServerTiming(rows)).toMatchObject({
      requests_reporting: 3,
      queue_ms: { count: 3, p50: 4, p90: 4, p99: 4 },
      ttft_rest_ms: { count: 3, p50: 2, p90: 2, p99: 2 },
      inference_ms: { count: 3, p50: 40, p90: 40, p99: 40 },
      total_ms: { count: 3, p50: 50, p90: 50, p99: 50 },
      latency_rest_ms: { count: 3, p50: 3, p90: 3, p99: 3 },
    });
  });

  test("Dynamo's TTFT beside ours: what lies outside the server; its KV transfer as it comes", () => {
    // Disaggregated: a 3 ms wait, 38 ms prefill, 41 ms to the first token inside; ours 46 ms; 2.5 ms of KV transfer.
    const rows: ServerTimingRow[] = [1, 2, 3].map(() => ({
      ...blank,
      ttftNs: 46 * MS,
      queueNs: 3 * MS,
      prefillNs: 38 * MS,
      serverTtftNs: 41 * MS,
      totalNs: 300 * MS,
      kvTransferNs: 2.5 * MS,
    }));
    expect(summarizeServerTiming(rows)).toMatchObject({
      server_ttft_ms: { count: 3, p50: 41, p90: 41, p99: 41 },
      ttft_outside_server_ms: { count: 3, p50: 5, p90: 5, p99: 5 },
      kv_transfer_ms: { count: 3, p50: 2.5, p90: 2.5, p99: 2.5 },
      ttft_rest_ms: { count: 3, p50: 5, p90: 5, p99: 5 },
    });
  });

  test.each([
    [
      "TGI's whole response: queue, inference, whole time and latency's rest, no prefill so no TTFT rest",
      { latencyNs: 320 * MS, queueNs: 12 * MS, inferenceNs: 305 * MS, totalNs: 318 * MS, outputTokens: 16 },
      ["queue_ms", "inference_ms", "total_ms", "latency_rest_ms"],
    ],
    ["only cached tokens (vLLM's usage): no timing spreads", { cachedTokens: 4, inputTokens: 8 }, ["cache"]],
    ["a prefill without our TTFT: no rest", { prefillNs: 3 * MS }, ["prefill_ms"]],
    ["one generated token: no per-token time", { decodeNs: MS, outputTokens: 1 }, []],
  ] as [string, Partial<ServerTimingRow>, string[]][])("%s", (_name, row, present) => {
    const s = summarizeServerTiming([{ ...blank, ...row }]);
    const keys: (keyof ServerTimingSummary)[] = [
      "queue_ms",
      "prefill_ms",
      "ttft_rest_ms",
      "server_tpot_ms",
      "client_tpot_ms",
      "inference_ms",
      "total_ms",
      "latency_rest_ms",
      "cache",
    ];
    expect(keys.filter((k) => s?.[k] !== null) as string[]).toEqual(present);
  });
});

describe("metrics/server-timing readServerTimingRows", () => {
  test("successful rows that carry a figure, with our TTFT and TPOT by their definitions", () => {
    const path = join(dir, "timing.db");
    const db = new EventsDb(path);
    db.addRecords([
      makeRecord({
        planIndex: 0,
        sentNs: 0,
        firstTokenNs: 12 * MS,
        doneNs: 75 * MS,
        outputTokens: 64,
        serverPrefillNs: 9 * MS,
      }),
      makeRecord({ planIndex: 1, outputTokens: 4 }),
      makeFailure({ planIndex: 2, serverPrefillNs: 1 }),
      makeRecord({
        planIndex: 3,
        sentNs: 0,
        firstTokenNs: null,
        chunkGapsNs: null,
        chunkCount: 1,
        doneNs: 320 * MS,
        serverQueueNs: 12 * MS,
        serverInferenceNs: 305 * MS,
        serverTotalNs: 318 * MS,
        serverOutputTokens: 16,
      }),
      makeRecord({ planIndex: 4, sentNs: 0, firstTokenNs: 45 * MS, serverTtftNs: 41 * MS, serverKvTransferNs: 2 * MS }),
    ]);
    db.close();
    const read = openEventsDbReadonly(path);
    try {
      expect(readServerTimingRows(read, "performance")).toEqual([
        { ...blank, ttftNs: 12 * MS, tpotNs: MS, prefillNs: 9 * MS, inputTokens: 100, latencyNs: 75 * MS },
        {
          ...blank,
          ttftNs: null,
          latencyNs: 320 * MS,
          queueNs: 12 * MS,
          inferenceNs: 305 * MS,
          totalNs: 318 * MS,
          outputTokens: 16,
          inputTokens: 100,
        },
        {
          ...blank,
          ttftNs: 45 * MS,
          tpotNs: (100 * MS - 45 * MS) / 9,
          latencyNs: 100 * MS,
          inputTokens: 100,
          serverTtftNs: 41 * MS,
          kvTransferNs: 2 * MS,
        },
      ]);
    } finally {
      read.close();
    }
  });
});

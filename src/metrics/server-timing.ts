/**
 * @module metrics/server-timing — the server's own per-request figures beside ours: TTFT split
 * into the server's queue wait, its prefill and the rest, its per-token decode time beside our
 * TPOT, its whole time beside our latency, and the prompt tokens its prefix cache served.
 *
 * Only successful requests whose response carried a figure count; a run whose server reports
 * none has no section ("not reported by the server", never zeros). TTFT's rest = our TTFT −
 * (the server's queue wait + its prefill), or TTFT − prefill where it reports no queue wait:
 * what the server did not count (tokenising, a decode step it waited for, and its queue when
 * unreported), the network and the client. Latency's rest = our latency − the server's whole
 * time: the network, the HTTP layers and the client. The server's per-token time is its decode
 * time over its tokens after the first (llama.cpp's first token comes with the prompt step), our
 * TPOT's denominator. Where the server reports its own TTFT (Dynamo; SGLang with its metrics on),
 * our TTFT − its TTFT is what lies outside it: the network, the HTTP layers, the client. Dynamo's
 * KV transfer estimate (disaggregated serving) is summarised as it comes. Percentiles are "lower"
 * ones, as everywhere (metrics/percentiles).
 */
import type { Database } from "bun:sqlite";
import { z } from "zod";
import { lowerPercentile, sortedFinite } from "./percentiles.ts";
import { latencyNsOf, tokensAfterFirstChunk, tpotOf, ttftNsOf } from "./request-values.ts";

/** One successful request's figures, ns and tokens; null where the server did not report it. */
export interface ServerTimingRow {
  ttftNs: number | null;
  tpotNs: number | null;
  prefillNs: number | null;
  decodeNs: number | null;
  outputTokens: number | null;
  cachedTokens: number | null;
  inputTokens: number | null;
  /** Our latency: sent to done. */
  latencyNs: number | null;
  queueNs: number | null;
  inferenceNs: number | null;
  totalNs: number | null;
  serverTtftNs: number | null;
  kvTransferNs: number | null;
}

/** p50 / p90 / p99 in ms, over `count` requests. */
const num = z.number().nullable();
/** p50 / p90 / p99 in ms, over `count` requests; null where no request reported the figure. */
const MsSpreadSchema = z
  .strictObject({ count: z.number().int().min(1), p50: z.number(), p90: z.number(), p99: z.number() })
  .nullable();
export type MsSpread = NonNullable<z.infer<typeof MsSpreadSchema>>;

/** result_summary.json's `server_timing` block: its shape, declared once. */
export const ServerTimingSummarySchema = z.strictObject({
  /** Successful requests whose response carried any of the figures below. */
  requests_reporting: z.number().int().min(1),
  /** The server's queue wait before it started on the request. */
  queue_ms: MsSpreadSchema,
  prefill_ms: MsSpreadSchema,
  /** Our TTFT − (the server's queue wait + its prefill), per request; TTFT − prefill where it reports no queue wait. */
  ttft_rest_ms: MsSpreadSchema,
  /** The server's decode time ÷ its tokens after the first. */
  server_tpot_ms: MsSpreadSchema,
  /** Our TPOT over the same requests, for the comparison. */
  client_tpot_ms: MsSpreadSchema,
  /** The server's time from starting on the request to its last token (prefill and decode). */
  inference_ms: MsSpreadSchema,
  /** The server's whole time on the request, arrival to last token. */
  total_ms: MsSpreadSchema,
  /** Our latency − the server's whole time, per request. */
  latency_rest_ms: MsSpreadSchema,
  /** The server's own TTFT, from the request's arrival to its first token. */
  server_ttft_ms: MsSpreadSchema,
  /** Our TTFT − the server's own TTFT, per request. */
  ttft_outside_server_ms: MsSpreadSchema,
  /** Disaggregated serving: the server's upper bound on the KV transfer (prefill done to the decode worker's first token). */
  kv_transfer_ms: MsSpreadSchema,
  /** Requests whose prompt a prefix cache served in part, and the share of prompt tokens it served. */
  cache: z.strictObject({ requests_hit: z.number().int().min(0), cached_prompt_share: num }).nullable(),
});

export type ServerTimingSummary = z.infer<typeof ServerTimingSummarySchema>;

function spread(values: number[]): MsSpread | null {
  const sorted = sortedFinite(Float64Array.from(values));
  if (sorted.length === 0) return null;
  const ms = (p: number) => lowerPercentile(sorted, p) / 1e6;
  return { count: sorted.length, p50: ms(50), p90: ms(90), p99: ms(99) };
}

/** The summary over the rows that carry figures; null when none does. */
export function summarizeServerTiming(rows: readonly ServerTimingRow[]): ServerTimingSummary | null {
  if (rows.length === 0) return null;
  const queue: number[] = [];
  const prefill: number[] = [];
  const rest: number[] = [];
  const inference: number[] = [];
  const total: number[] = [];
  const latencyRest: number[] = [];
  const serverTpot: number[] = [];
  const clientTpot: number[] = [];
  const serverTtft: number[] = [];
  const ttftOutside: number[] = [];
  const kvTransfer: number[] = [];
  let hits = 0;
  let cached = 0;
  let prompt = 0;
  let cacheRows = 0;
  for (const r of rows) {
    if (r.queueNs !== null) queue.push(r.queueNs);
    if (r.prefillNs !== null) {
      prefill.push(r.prefillNs);
      if (r.ttftNs !== null) rest.push(r.ttftNs - r.prefillNs - (r.queueNs ?? 0));
    }
    if (r.inferenceNs !== null) inference.push(r.inferenceNs);
    if (r.totalNs !== null) {
      total.push(r.totalNs);
      if (r.latencyNs !== null) latencyRest.push(r.latencyNs - r.totalNs);
    }
    if (r.serverTtftNs !== null) {
      serverTtft.push(r.serverTtftNs);
      if (r.ttftNs !== null) ttftOutside.push(r.ttftNs - r.serverTtftNs);
    }
    if (r.kvTransferNs !== null) kvTransfer.push(r.kvTransferNs);
    if (r.decodeNs !== null && r.outputTokens !== null && r.outputTokens >= 2) {
      serverTpot.push(r.decodeNs / (r.outputTokens - 1));
      if (r.tpotNs !== null) clientTpot.push(r.tpotNs);
    }
    if (r.cachedTokens !== null) {
      cacheRows++;
      if (r.cachedTokens > 0) hits++;
      cached += r.cachedTokens;
      prompt += r.inputTokens ?? 0;
    }
  }
  return {
    requests_reporting: rows.length,
    queue_ms: spread(queue),
    prefill_ms: spread(prefill),
    ttft_rest_ms: spread(rest),
    server_tpot_ms: spread(serverTpot),
    client_tpot_ms: spread(clientTpot),
    inference_ms: spread(inference),
    total_ms: spread(total),
    latency_rest_ms: spread(latencyRest),
    server_ttft_ms: spread(serverTtft),
    ttft_outside_server_ms: spread(ttftOutside),
    kv_transfer_ms: spread(kvTransfer),
    cache: cacheRows > 0 ? { requests_hit: hits, cached_prompt_share: prompt > 0 ? cached / prompt : null } : null,
  };
}

/** Our TPOT of a row as the metric columns would give it (metrics/request-values), null where it has none. */
function tpotOfRow(r: {
  first: number | null;
  done: number | null;
  streamed: number;
  chunks: number;
  later: Uint8Array | null;
  counted: number | null;
}) {
  if (!r.streamed || r.first === null || r.done === null) return null;
  const later = r.later ? new Uint16Array(r.later.buffer, r.later.byteOffset, r.later.byteLength / 2) : null;
  const tpot = tpotOf(r.done, r.first, tokensAfterFirstChunk(r.counted, later, r.chunks));
  return Number.isFinite(tpot) ? tpot : null;
}

/**
 * A phase's rows that carry a server figure, read straight from events.db (successful requests
 * only; an older file without the columns has none, or none of the later ones), each with our
 * TPOT by its one definition.
 */
export function readServerTimingRows(db: Database, phase: string): ServerTimingRow[] {
  const columns = new Set((db.query("PRAGMA table_info(requests)").all() as { name: string }[]).map((c) => c.name));
  if (!columns.has("server_prefill_ns")) return [];
  const later = (column: string) => (columns.has(column) ? column : "NULL");
  const [queueColumn, inferenceColumn, totalColumn, ttftColumn, kvColumn] = [
    "server_queue_ns",
    "server_inference_ns",
    "server_total_ns",
    "server_ttft_ns",
    "server_kv_transfer_ns",
  ].map(later);
  // A figure of a missing instant is NaN (metrics/request-values); a row says null, as SQL did.
  const nullIfNaN = (ns: number): number | null => (Number.isNaN(ns) ? null : ns);
  type Row = {
    first: number | null;
    done: number | null;
    streamed: number;
    chunks: number;
    later: Uint8Array | null;
    counted: number | null;
    sent: number | null;
    prefill: number | null;
    decode: number | null;
    output: number | null;
    cached: number | null;
    input: number | null;
    queue: number | null;
    inference: number | null;
    total: number | null;
    serverTtft: number | null;
    kv: number | null;
  };
  const rows = db
    .query(
      `SELECT first_token_ns AS first, done_ns AS done, chunk_gaps_ns IS NOT NULL AS streamed, chunk_count AS chunks,
        chunk_tokens AS later, tokenizer_tokens_after_first AS counted, sent_ns AS sent,
        server_prefill_ns AS prefill, server_decode_ns AS decode, server_output_tokens AS output, cached_tokens AS cached,
        input_tokens AS input, ${queueColumn} AS queue, ${inferenceColumn} AS inference, ${totalColumn} AS total,
        ${ttftColumn} AS serverTtft, ${kvColumn} AS kv FROM requests
      WHERE phase = ? AND error_kind IS NULL
        AND (server_prefill_ns IS NOT NULL OR server_decode_ns IS NOT NULL OR cached_tokens IS NOT NULL
          OR ${queueColumn} IS NOT NULL OR ${inferenceColumn} IS NOT NULL OR ${totalColumn} IS NOT NULL
          OR ${ttftColumn} IS NOT NULL OR ${kvColumn} IS NOT NULL)`,
    )
    .all(phase) as Row[];
  return rows.map((r) => ({
    ttftNs: nullIfNaN(ttftNsOf({ sentNs: r.sent, firstTokenNs: r.first })),
    tpotNs: tpotOfRow(r),
    prefillNs: r.prefill,
    decodeNs: r.decode,
    outputTokens: r.output,
    cachedTokens: r.cached,
    inputTokens: r.input,
    latencyNs: nullIfNaN(latencyNsOf({ sentNs: r.sent, doneNs: r.done })),
    queueNs: r.queue,
    inferenceNs: r.inference,
    totalNs: r.total,
    serverTtftNs: r.serverTtft,
    kvTransferNs: r.kv,
  }));
}

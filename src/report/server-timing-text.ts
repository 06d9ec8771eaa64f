/**
 * @module report/server-timing-text — the server's own per-request figures in report.txt and on
 * the console: TTFT split into the server's queue wait, its prefill and the rest, its own TTFT
 * beside ours, its per-token time beside ours, its whole time beside our latency, the KV transfer
 * of disaggregated serving, its prefix-cache hits (metrics/server-timing).
 */
import type { MsSpread, ServerTimingSummary } from "../metrics/server-timing.ts";
import { fixed2 } from "./text-format.ts";

const spreadText = (s: MsSpread) => `${fixed2(s.p50)} / ${fixed2(s.p90)} / ${fixed2(s.p99)} ms`;

/** The figures only some servers report, by name: shown when reported, else listed as not reported. */
export function optionalFigures(t: ServerTimingSummary): [string, MsSpread | null][] {
  return [
    ["queue wait", t.queue_ms],
    ["server TTFT", t.server_ttft_ms],
    ["inference", t.inference_ms],
    ["whole time", t.total_ms],
    ["KV transfer", t.kv_transfer_ms],
  ];
}

/** One line per figure the server reported; a figure it did not report is said to be so, never 0. */
export function serverTimingLines(t: ServerTimingSummary): string[] {
  const missing = "not reported by the server";
  const lines = [`Server's own per-request figures (${t.requests_reporting} requests reported them):`];
  if (t.queue_ms) lines.push(`  queue wait p50/p90/p99: ${spreadText(t.queue_ms)}`);
  lines.push(`  prefill p50/p90/p99: ${t.prefill_ms ? spreadText(t.prefill_ms) : missing}`);
  if (t.ttft_rest_ms)
    lines.push(
      t.queue_ms
        ? `  TTFT − (queue + prefill) p50/p90/p99: ${spreadText(t.ttft_rest_ms)} (what the server does not count, ` +
            "the network, the client)"
        : `  TTFT − prefill p50/p90/p99: ${spreadText(t.ttft_rest_ms)} (the server's queue and what it does not ` +
            "count as prefill, the network, the client)",
    );
  if (t.server_tpot_ms) {
    const ours = t.client_tpot_ms ? `; ours over the same requests ${spreadText(t.client_tpot_ms)}` : "";
    lines.push(`  server time per output token p50/p90/p99: ${spreadText(t.server_tpot_ms)}${ours}`);
  } else lines.push(`  server time per output token: ${missing}`);
  if (t.server_ttft_ms)
    lines.push(`  server's TTFT (arrival to first token) p50/p90/p99: ${spreadText(t.server_ttft_ms)}`);
  if (t.ttft_outside_server_ms)
    lines.push(
      `  TTFT − server's TTFT p50/p90/p99: ${spreadText(t.ttft_outside_server_ms)} (the network, HTTP, the client)`,
    );
  if (t.inference_ms) lines.push(`  inference (prefill and decode) p50/p90/p99: ${spreadText(t.inference_ms)}`);
  if (t.total_ms) lines.push(`  server's whole time p50/p90/p99: ${spreadText(t.total_ms)}`);
  if (t.latency_rest_ms)
    lines.push(
      `  latency − server's whole time p50/p90/p99: ${spreadText(t.latency_rest_ms)} (the network, HTTP, the client)`,
    );
  if (t.kv_transfer_ms)
    lines.push(`  KV transfer, prefill to decode (upper bound) p50/p90/p99: ${spreadText(t.kv_transfer_ms)}`);
  if (t.cache) {
    const share =
      t.cache.cached_prompt_share === null ? "" : `, ${fixed2(t.cache.cached_prompt_share * 100)} % of prompt tokens`;
    lines.push(`  prefix-cache hits: ${t.cache.requests_hit} requests${share}`);
  } else lines.push(`  prefix-cache hits: ${missing}`);
  const absent = optionalFigures(t).filter(([, s]) => s === null);
  if (absent.length > 0) lines.push(`  ${missing}: ${absent.map(([name]) => name).join(", ")}`);
  return lines;
}

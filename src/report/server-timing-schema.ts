/**
 * @module report/server-timing-schema — the shape of result_summary.json's `server_timing` block
 * (metrics/server-timing: the server's own per-request figures), as a zod schema for report/summary-schema.
 */
import { z } from "zod";

const num = z.number().nullable();
/** p50 / p90 / p99 in ms over `count` requests; null: not reported by the server. */
const msSpread = z
  .strictObject({ count: z.number().int().min(1), p50: z.number(), p90: z.number(), p99: z.number() })
  .nullable();

export const ServerTimingSchema = z.strictObject({
  requests_reporting: z.number().int().min(1),
  queue_ms: msSpread,
  prefill_ms: msSpread,
  ttft_rest_ms: msSpread,
  server_tpot_ms: msSpread,
  client_tpot_ms: msSpread,
  inference_ms: msSpread,
  total_ms: msSpread,
  latency_rest_ms: msSpread,
  server_ttft_ms: msSpread,
  ttft_outside_server_ms: msSpread,
  kv_transfer_ms: msSpread,
  cache: z.strictObject({ requests_hit: z.number().int().min(0), cached_prompt_share: num }).nullable(),
});

/**
 * @module report/error-bound-schema — the shape of result_summary.json's `client_error_bound` block
 * (metrics/client-error-bound), as a zod schema for report/summary-schema.
 */
import { z } from "zod";

const num = z.number().nullable();

export const ClientErrorBoundSchema = z.strictObject({
  verdict: z.enum(["ok", "saturated"]).describe("client_read_side's verdict"),
  p50_ms: z.number().describe("half of the run's stamps are at most this much later than their bytes' arrival"),
  p99_ms: z.number().describe("99 % of them are at most this much later"),
  from: z.enum(["loop_lateness", "loop_lateness_and_probe"]),
  loop_lateness_p50_ms: z.number(),
  loop_lateness_p99_ms: z.number(),
  stamps: z.number().int().min(0).describe("first tokens and ends weighed; 0: the windows themselves were"),
  probe: z
    .strictObject({
      requests: z.number().int().min(0),
      failures: z.number().int().min(0),
      ttft_p50_ms: z.number(),
      ttft_p99_ms: z.number(),
      run_ttft_p50_ms: num,
      run_ttft_p99_ms: num,
      excess_p50_ms: num,
      excess_p99_ms: num,
    })
    .nullable()
    .describe("--calibrate: the raw-socket probe's TTFT beside the run's"),
});

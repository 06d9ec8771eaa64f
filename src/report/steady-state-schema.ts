/**
 * @module report/steady-state-schema — the shape of result_summary.json's `steady_state` block
 * (metrics/steady-state/steady-state), as a zod schema for report/summary-schema.
 */
import { z } from "zod";

const num = z.number().nullable();

export const SteadyStateSchema = z.strictObject({
  rule: z.literal("in_flight_plateau"),
  plateau_in_flight: z.number().int().min(1),
  start_ns: z.number(),
  end_ns: z.number(),
  duration_s: z.number(),
  ramp_up_s: z.number(),
  drain_s: z.number(),
  sending_s: z.number(),
  requests: z.number().int().min(0),
  qps: num,
  output_tps: num,
  ttft_p50_ms: num,
  ttft_p99_ms: num,
  tpot_p50_ms: num,
  tpot_p99_ms: num,
  latency_p50_ms: num,
  latency_p99_ms: num,
  stability: z.enum(["stable", "unstable", "too_short"]),
  trends: z.array(
    z.strictObject({
      series: z.enum(["in_flight", "ttft", "latency", "server_waiting"]),
      intervals: z.number().int().min(0),
      slope_per_s: num,
      z: num,
      p_value: num,
      rise_pct: num,
      rising: z.boolean(),
    }),
  ),
  step_length_to_judge_s: num,
});

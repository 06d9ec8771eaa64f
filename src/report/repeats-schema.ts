/**
 * @module report/repeats-schema — the shape of repeats.json, as a zod schema.
 *
 * The committed JSON Schema (src/report/repeats.schema.json, made from this by
 * scripts/make-repeats-schema.ts) is what scripts can validate against; a test keeps the two
 * equal and checks a real run's repeats.json against it. `satisfies` ties it to RepeatsSummary.
 */
import { z } from "zod";
import type { RepeatsSummary } from "./repeats-summary.ts";

const num = z.number().nullable();

const RepeatedMetricSchema = z.strictObject({
  label: z.string(),
  unit: z.string(),
  direction: z.enum(["higher_is_better", "lower_is_better"]),
  values: z.array(num),
  n: z.number().int().min(1),
  mean: num,
  std: num,
  ci_low: num,
  ci_high: num,
  cv_pct: num,
});

export const RepeatsSummarySchema = z.strictObject({
  runs_requested: z.number().int().min(1),
  runs: z.array(z.strictObject({ dir: z.string(), state: z.string() })),
  confidence_pct: z.number().gt(0).lt(100),
  cv_warning_pct: z.number(),
  metrics: z.record(z.string(), RepeatedMetricSchema),
  warnings: z.array(z.string()),
}) satisfies z.ZodType<RepeatsSummary>;

/** The JSON Schema document (draft 2020-12) for repeats.json. */
export function repeatsJsonSchema(): Record<string, unknown> {
  return { title: "inference-endpoint repeats.json (benchmark --runs N)", ...z.toJSONSchema(RepeatsSummarySchema) };
}

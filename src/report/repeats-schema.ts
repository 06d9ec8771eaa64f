/**
 * @module report/repeats-schema — the shape of repeats.json, as a zod schema.
 *
 * The one declaration of the file's shape: the RepeatsSummary type is inferred from it, and the
 * committed JSON Schema (src/report/repeats.schema.json, made from this by
 * scripts/make-repeats-schema.ts) is what scripts can validate against; a test keeps the two
 * equal and checks a real run's repeats.json against it.
 */
import { z } from "zod";

const num = z.number().nullable();

const RepeatedMetricSchema = z.strictObject({
  label: z.string(),
  unit: z.string(),
  direction: z.enum(["higher_is_better", "lower_is_better"]),
  /** One per run, in run order; null where that run did not define it. */
  values: z.array(num),
  /** The values the figures are computed from (the non-null ones). */
  n: z.number().int().min(1),
  mean: num,
  std: num,
  ci_low: num,
  ci_high: num,
  cv_pct: num,
});

export const RepeatsSummarySchema = z.strictObject({
  runs_requested: z.number().int().min(1),
  /** Each run's directory, relative to the repeats' directory (`run-1`), and its state. */
  runs: z.array(z.strictObject({ dir: z.string(), state: z.string() })),
  confidence_pct: z.number().gt(0).lt(100),
  cv_warning_pct: z.number(),
  metrics: z.record(z.string(), RepeatedMetricSchema),
  warnings: z.array(z.string()),
});

export type RepeatsSummary = z.infer<typeof RepeatsSummarySchema>;
export type RepeatedMetric = z.infer<typeof RepeatedMetricSchema>;

/** The JSON Schema document (draft 2020-12) for repeats.json. */
export function repeatsJsonSchema(): Record<string, unknown> {
  return { title: "inference-endpoint repeats.json (benchmark --runs N)", ...z.toJSONSchema(RepeatsSummarySchema) };
}

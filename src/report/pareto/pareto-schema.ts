/**
 * @module report/pareto/pareto-schema — the shape of pareto.json (`report pareto`), as a zod schema.
 *
 * The one declaration of the file's shape: ParetoPoint and ParetoFile are inferred from it, and the
 * committed JSON Schema (src/report/pareto/pareto.schema.json, made by scripts/make-sweep-schemas.ts)
 * is what scripts validate against; a test keeps the two equal and checks real files against it.
 */
import { z } from "zod";

const ParetoPointSchema = z.strictObject({
  label: z.string().describe("the curve: --label, or the sweep directory's name"),
  isl_osl: z.string().describe("the ISL/OSL pair (isl1024-osl128), or all for a sweep that is not a grid"),
  step: z.number().int().min(1).describe("the step's index in its sweep.json"),
  kind: z.string().describe("rate, concurrency or max_throughput"),
  offered: z.number().nullable().describe("req/s of a rate step, slots of a concurrency step"),
  report_dir: z.string().describe("the step's report directory"),
  x: z.number().describe("interactivity: tokens/s per user, 1000 ÷ TPOT p50 ms"),
  y: z.number().describe("output tokens/s per GPU (y_per_gpu), else of the whole endpoint"),
  hollow: z
    .string()
    .nullable()
    .describe("why the point does not count (missed the SLO, accuracy, not counted), or null"),
  on_frontier: z
    .boolean()
    .describe("no counted point of its curve and pair is at least as good on both axes and better on one"),
  usd_per_million_output_tokens: z.number().nullable().describe("with --gpu-hour-cost"),
  usd_per_million_tokens: z.number().nullable().describe("input + output tokens, with --gpu-hour-cost"),
});

export type ParetoPoint = z.infer<typeof ParetoPointSchema>;

export const ParetoFileSchema = z.strictObject({
  y_per_gpu: z.boolean().describe("true: y is per GPU (every step had --gpus)"),
  min_accuracy: z.number().nullable().describe("--min-accuracy, or null"),
  curves: z.array(z.strictObject({ label: z.string(), dir: z.string() })),
  pairs: z.array(z.string()).describe("the ISL/OSL pairs, in order"),
  points: z.array(ParetoPointSchema),
});

export type ParetoFile = z.infer<typeof ParetoFileSchema>;

/** The JSON Schema document (draft 2020-12) for pareto.json. */
export function paretoJsonSchema(): Record<string, unknown> {
  return { title: "inference-endpoint pareto.json", ...z.toJSONSchema(ParetoFileSchema) };
}

/**
 * @module server-metrics/summary-block — the shape of result_summary.json's `server_metrics` block, declared once.
 *
 * server-metrics/summary fills it (the counters' part is server-metrics/counter-rates'), and
 * report/result-summary's schema, and so the committed JSON Schema, read it; its type is inferred
 * from it, so a new figure is one entry here.
 */
import { z } from "zod";
import { COUNTER_FIGURES_SHAPE } from "./counter-rates.ts";

const num = z.number().nullable();
/** A histogram bucket (lower, upper] in ms; upper null for +Inf. */
const bucket = z.tuple([z.number(), z.number().nullable()]).nullable();

/** result_summary.json's `server_metrics` block: its shape, declared once. */
export const ServerMetricsSummarySchema = z.strictObject({
  url: z.string(),
  scrapes: z.number().int().min(0),
  failed_scrapes: z.number().int().min(0),
  /** Failed scrapes by what went wrong (timeout, HTTP status, not the format), most frequent first. */
  failed_scrape_errors: z.record(z.string(), z.number().int().min(1)),
  gauges: z.record(
    z.string(),
    z.strictObject({
      source: z.string(),
      min: z.number(),
      avg: z.number(),
      max: z.number(),
      samples: z.number().int().min(1),
    }),
  ),
  ...COUNTER_FIGURES_SHAPE,
  /** TTFT as the server measured it, from its histogram's growth over the window. */
  ttft_ms: z
    .strictObject({
      source: z.string(),
      count: z.number(),
      p50: num,
      p90: num,
      p99: num,
      /** Of `count`, warmup requests whose first token came inside the window (warmup not drained): the server cannot tell them apart. */
      warmup_requests: z.number().int().min(0),
      /** The bucket (lower, upper] each quantile falls in, ms (upper null: +Inf): the true value lies there, the interpolated one is a guess within it. */
      buckets: z.strictObject({ p50: bucket, p90: bucket, p99: bucket }),
    })
    .nullable(),
});

export type ServerMetricsSummary = z.infer<typeof ServerMetricsSummarySchema>;

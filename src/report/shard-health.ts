/**
 * @module report/shard-health — each shard's own keeping of its schedule, for a merged report.
 *
 * The merged rows give one schedule lag over all hosts; a host that fell behind hides in it when
 * the others kept time. So `report merge` summarises every shard from its own events.db and
 * stores the figures here (run.merged_shard_health); the merged report lists them per shard
 * (result_summary.json `shards`, report.txt), beside the shards that are missing.
 */
import type { Rollup } from "../metrics/series-rollup.ts";
import { LoadGeneratorVerdictSchema } from "../metrics/load-generator-health.ts";
import { z } from "zod";
import type { ResultSummary } from "./result-summary.ts";
import { nsAsMs } from "./text-format.ts";

/** events.db `run` key holding the JSON array of ShardHealth of a merged run. */
export const SHARD_HEALTH_META_KEY = "merged_shard_health";

const num = z.number().nullable();

const ShardHealthSchema = z.strictObject({
  /** `I/N`. */
  shard: z.string(),
  /** The report directory the shard was merged from. */
  dir: z.string(),
  state: z.string(),
  n_samples_issued: z.number().int().min(0),
  n_samples_completed: z.number().int().min(0),
  n_samples_failed: z.number().int().min(0),
  schedule_lag_p50_ns: num,
  schedule_lag_p99_ns: num,
  schedule_lag_max_ns: num,
  load_generator: LoadGeneratorVerdictSchema.nullable(),
  n_samples_delayed: z.number().int().min(0).nullable(),
  /** How long the shard waited for --start-at (null without one). */
  start_wait_ms: num,
  /** The shard's T0 minus the first shard's, by their wall clocks. */
  t0_offset_ns: z.number(),
});

export type ShardHealth = z.infer<typeof ShardHealthSchema>;

/** The `shards` block of a merged run's result_summary.json: its shape, declared once. */
export const MergedShardsSchema = z.strictObject({
  /** N of `I/N`. */
  of: z.number().int().min(1),
  /** Shards of the plan that were not merged, as `I/N`. */
  missing: z.array(z.string()),
  merged: z.array(ShardHealthSchema),
});

export type MergedShards = z.infer<typeof MergedShardsSchema>;

const percentile = (rollup: Rollup, key: string): number | null => rollup.percentiles?.[key] ?? null;

/** A shard's health from its own summary and run facts. */
export function shardHealth(
  summary: ResultSummary,
  facts: { shard: string; dir: string; startWaitMs: number | null; t0OffsetNs: number },
): ShardHealth {
  return {
    shard: facts.shard,
    dir: facts.dir,
    state: summary.state,
    n_samples_issued: summary.n_samples_issued,
    n_samples_completed: summary.n_samples_completed,
    n_samples_failed: summary.n_samples_failed,
    schedule_lag_p50_ns: percentile(summary.schedule_lag, "50.0"),
    schedule_lag_p99_ns: percentile(summary.schedule_lag, "99.0"),
    schedule_lag_max_ns: summary.schedule_lag.max ?? null,
    load_generator: summary.load_generator,
    n_samples_delayed: summary.n_samples_delayed,
    start_wait_ms: facts.startWaitMs,
    t0_offset_ns: facts.t0OffsetNs,
  };
}

/** report.txt's Shards lines: one per merged shard, then the missing ones. */
export function shardLines(shards: MergedShards): string[] {
  const lines = [
    `Shards: ${shards.merged.length} of ${shards.of} merged${shards.missing.length > 0 ? `; MISSING ${shards.missing.join(", ")}` : ""}`,
  ];
  lines.push("  shard  state        issued  failed  lag p50 ms  lag p99 ms  lag max ms  load generator  start wait s");
  for (const s of shards.merged) {
    const wait = s.start_wait_ms === null ? "-" : (s.start_wait_ms / 1000).toFixed(3);
    lines.push(
      `  ${s.shard.padEnd(5)}  ${s.state.padEnd(11)}  ${String(s.n_samples_issued).padStart(6)} ` +
        ` ${String(s.n_samples_failed).padStart(6)}  ${nsAsMs(s.schedule_lag_p50_ns).padStart(10)} ` +
        ` ${nsAsMs(s.schedule_lag_p99_ns).padStart(10)}  ` +
        `${nsAsMs(s.schedule_lag_max_ns).padStart(10)}  ${(s.load_generator ?? "-").padEnd(14)}  ` +
        `${wait.padStart(12)}`,
    );
  }
  return lines;
}

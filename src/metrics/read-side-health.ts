/**
 * @module metrics/read-side-health — the verdict on the client's read side: were the workers
 * quick enough to stamp arriving bytes when they arrived?
 *
 * The load-generator verdict judges sends only. A worker whose event loop runs late stamps every
 * byte late by as much, inflating TTFT, ITL and latency with no error: worker/loop-health samples
 * its timer's lateness and its CPU use through the phase. Lateness p99 above LATE_MS is a client
 * delay worth naming ("saturated"), and it bounds that delay. The cause is the worker's own work
 * when its CPU was busy (BUSY_CPU of a core at p90: thousands of streams' callbacks in one turn of
 * the loop), else the host (other processes held the core). Pure, apart from the reader at the end.
 */
import type { Database } from "bun:sqlite";
import { lowerPercentile, sortedFinite } from "./percentiles.ts";
import { z } from "zod";

/** Timer lateness p99 above this (ms) is named: an idle loop's 10 ms timer already fires up to ~1 ms late (its granularity). */
const LATE_MS = 2;
/** CPU use (fraction of one core) at p90 from which the worker's own work, not the host, made it late. */
const BUSY_CPU = 0.5;

/** result_summary.json's `client_read_side` block: its shape, declared once. */
export const ReadSideHealthSchema = z.strictObject({
  verdict: z.enum(["ok", "saturated"]),
  /** What made the loop late when saturated: the worker's own work, or the host; null when ok. */
  cause: z.enum(["worker", "host"]).nullable(),
  /** Samples (one per worker per 250 ms window) and workers they came from. */
  samples: z.number().int().min(1),
  workers: z.number().int().min(0),
  lateness_p99_ms: z.number(),
  lateness_max_ms: z.number(),
  /** CPU use of a worker process, as a fraction of one core (its helper threads included). */
  cpu_p90: z.number(),
  cpu_max: z.number(),
  /** What a stamp may carry of the client's own delay: the lateness p99, ms; 0 when ok. */
  bound_ms: z.number(),
});

export type ReadSideHealth = z.infer<typeof ReadSideHealthSchema>;

/** The verdict over every worker's samples; null without samples (an older events.db, or none sent). */
export function readSideHealth(
  latenessNs: ArrayLike<number>,
  cpu: ArrayLike<number>,
  workers: number,
): ReadSideHealth | null {
  if (latenessNs.length === 0) return null;
  const late = sortedFinite(Float64Array.from(latenessNs));
  const busy = sortedFinite(Float64Array.from(cpu));
  const latenessP99 = lowerPercentile(late, 99) / 1e6;
  const cpuP90 = busy.length > 0 ? lowerPercentile(busy, 90) : 0;
  const verdict = latenessP99 <= LATE_MS ? "ok" : "saturated";
  return {
    verdict,
    cause: verdict === "ok" ? null : cpuP90 >= BUSY_CPU ? "worker" : "host",
    samples: late.length,
    workers,
    lateness_p99_ms: latenessP99,
    lateness_max_ms: (late[late.length - 1] as number) / 1e6,
    cpu_p90: cpuP90,
    cpu_max: busy.length > 0 ? (busy[busy.length - 1] as number) : 0,
    bound_ms: verdict === "ok" ? 0 : latenessP99,
  };
}

/** The phase's samples inside [startNs, endNs], read from events.db; null when the file has none. */
export function readReadSideHealth(db: Database, phase: string, startNs: number, endNs: number): ReadSideHealth | null {
  const hasTable = db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'worker_health'").get();
  if (!hasTable) return null;
  const rows = db
    .query("SELECT worker, lateness_ns AS late, cpu FROM worker_health WHERE phase = ? AND t_ns >= ? AND t_ns <= ?")
    .all(phase, startNs, endNs) as { worker: number; late: number; cpu: number }[];
  return readSideHealth(
    rows.map((r) => r.late),
    rows.map((r) => r.cpu),
    new Set(rows.map((r) => r.worker)).size,
  );
}

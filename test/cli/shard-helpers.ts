/**
 * @module test/cli/shard-helpers — what the sharded-run tests read back: a shard's run facts and
 * rows, its schedule's start on the wall clock, and the dispersion of arrivals the server saw.
 */
import { Database } from "bun:sqlite";
import { join } from "node:path";

/** A shard's `run` table and its number of performance rows. */
export function runMeta(dir: string): { meta: Record<string, string>; rows: number } {
  const db = new Database(join(dir, "events.db"), { readonly: true });
  const meta = Object.fromEntries((db.query("SELECT key, value FROM run").all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
  const rows = (db.query("SELECT COUNT(*) AS n FROM requests WHERE phase = 'performance'").get() as { n: number }).n;
  db.close();
  return { meta, rows };
}

/** Every successful performance request's latency (done − sent), ns. */
export function latenciesNs(dir: string): number[] {
  const db = new Database(join(dir, "events.db"), { readonly: true });
  const rows = db.query("SELECT done_ns - sent_ns AS l FROM requests WHERE phase = 'performance' AND error_kind IS NULL").all() as { l: number }[];
  db.close();
  return rows.map((r) => r.l);
}

/** Each performance request's scheduled and sent instants, ns after the phase start (the shards of one `--start-at` share that start). */
export function scheduleRows(dir: string): { scheduledNs: number; sentNs: number }[] {
  const db = new Database(join(dir, "events.db"), { readonly: true });
  const start = (db.query("SELECT start_ns AS s FROM phases WHERE name = 'performance'").get() as { s: number }).s;
  const rows = db.query("SELECT scheduled_ns AS scheduled, sent_ns AS sent FROM requests WHERE phase = 'performance'").all() as { scheduled: number; sent: number }[];
  db.close();
  return rows.map((r) => ({ scheduledNs: r.scheduled - start, sentNs: r.sent - start }));
}

/** The performance phase's start, epoch ns: T0's wall clock plus the phase's offset from T0. */
export function phaseStartEpochNs(dir: string): bigint {
  const db = new Database(join(dir, "events.db"), { readonly: true });
  const t0 = BigInt((db.query("SELECT value FROM run WHERE key = 't0_epoch_ns'").get() as { value: string }).value);
  const start = (db.query("SELECT start_ns AS s FROM phases WHERE name = 'performance'").get() as { s: number }).s;
  db.close();
  return t0 + BigInt(start);
}

/** Achieved rate (per s) over the span of ascending `arrivalsNs`. */
export function arrivalRate(arrivalsNs: readonly number[]): number {
  return ((arrivalsNs.length - 1) / ((arrivalsNs.at(-1) as number) - (arrivalsNs[0] as number))) * 1e9;
}

/**
 * Variance ÷ mean of the arrival counts per `windowNs` window (ascending `arrivalsNs`): 1 for a
 * Poisson stream, near 0 for evenly spaced sends, well above 1 for bursts.
 */
export function indexOfDispersion(arrivalsNs: readonly number[], windowNs: number): number {
  const first = arrivalsNs[0] as number;
  const windows = new Array<number>(Math.floor(((arrivalsNs.at(-1) as number) - first) / windowNs)).fill(0);
  for (const t of arrivalsNs) {
    const w = Math.floor((t - first) / windowNs);
    if (w < windows.length) windows[w] = (windows[w] as number) + 1;
  }
  const mean = windows.reduce((a, b) => a + b, 0) / windows.length;
  const variance = windows.reduce((a, n) => a + (n - mean) ** 2, 0) / (windows.length - 1);
  return variance / mean;
}

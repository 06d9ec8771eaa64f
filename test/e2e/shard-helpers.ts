/**
 * @module test/e2e/shard-helpers — what the sharded-run tests read back: a shard's run facts and
 * rows, its schedule's start on the wall clock, and the dispersion of arrivals the server saw.
 */
import { Database } from "bun:sqlite";
import { expect } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** A shard's `run` table and its number of performance rows. */
export function runMeta(dir: string): { meta: Record<string, string>; rows: number } {
  const db = new Database(join(dir, "events.db"), { readonly: true });
  const meta = Object.fromEntries(
    (db.query("SELECT key, value FROM run").all() as { key: string; value: string }[]).map((r) => [r.key, r.value]),
  );
  const rows = (db.query("SELECT COUNT(*) AS n FROM requests WHERE phase = 'performance'").get() as { n: number }).n;
  db.close();
  return { meta, rows };
}

/** Every successful performance request's latency (done − sent), ns. */
export function latenciesNs(dir: string): number[] {
  const db = new Database(join(dir, "events.db"), { readonly: true });
  const rows = db
    .query("SELECT done_ns - sent_ns AS l FROM requests WHERE phase = 'performance' AND error_kind IS NULL")
    .all() as { l: number }[];
  db.close();
  return rows.map((r) => r.l);
}

/** What loopback and the server's handler may add to the arrivals' span over the sends' span, beside the server's and the senders' own stalls. */
const SPAN_MARGIN_MS = 5;
/**
 * How much burstier than the plan the sends may be before the run must say it fell behind: a
 * stall releases its backlog into one 10 ms window (a 40 ms stall adds ~0.06, one of 1 s ~40);
 * a client that batched its sends measured 2.6.
 */
const DISPERSION_MARGIN = 1;

/**
 * What the runs (or shards) of one Poisson plan decide, whatever the host does: together their scheduled
 * instants are the whole plan (the target rate within 3 %, one Poisson stream: a few hundred
 * 10 ms windows scatter the index by under ±0.1), nothing is sent early, the sends are no burstier
 * than the plan allows unless a run reports that it fell behind, and the server (in this
 * process, whose worst stall is `serverStallMs`, which also bunches the arrivals it stamps) saw
 * the requests over the span the rows say they were sent in (1st to 99th percentile, so a single
 * preempted send at either end is the host's, not ours), within the senders' own recorded loop stalls.
 */
export function expectPlanKept(
  runDirs: readonly string[],
  arrivalsNs: readonly number[],
  targetQps: number,
  serverStallMs: number,
): void {
  const rows = runDirs.flatMap(scheduleRows);
  const scheduled = rows.map((r) => r.scheduledNs).sort((x, y) => x - y);
  const sent = rows.map((r) => r.sentNs).sort((x, y) => x - y);
  expect(Math.abs(arrivalRate(scheduled) - targetQps) / targetQps).toBeLessThan(0.03);
  const plannedDispersion = indexOfDispersion(scheduled, 10e6);
  expect(plannedDispersion).toBeGreaterThan(0.7);
  expect(plannedDispersion).toBeLessThan(1.5);
  for (const r of rows) expect(r.sentNs).toBeGreaterThanOrEqual(r.scheduledNs);
  const arrivals = [...arrivalsNs].sort((x, y) => x - y);
  expect(arrivals.length).toBe(rows.length);
  // A send stamped and then preempted before its bytes left is late at the server by at most the sender's worst loop stall.
  const senderStallMs = Math.max(...runDirs.map(worstWorkerLatenessMs));
  expect(Math.abs(innerSpanMs(arrivals) - innerSpanMs(sent))).toBeLessThan(
    SPAN_MARGIN_MS + serverStallMs + senderStallMs,
  );
  const bursty = indexOfDispersion(sent, 10e6) >= plannedDispersion + DISPERSION_MARGIN;
  const reported = runDirs.some((dir) => loadGeneratorVerdict(dir) === "fell_behind");
  expect({ bursty, reported, sentDispersion: indexOfDispersion(sent, 10e6), plannedDispersion }).toMatchObject(
    bursty ? { reported: true } : { bursty: false },
  );
}

/** The worst event-loop lateness any worker of a run recorded in its performance phase (events.db worker_health), ms. */
function worstWorkerLatenessMs(dir: string): number {
  const db = new Database(join(dir, "events.db"), { readonly: true });
  const row = db.query("SELECT MAX(lateness_ns) AS worst FROM worker_health WHERE phase = 'performance'").get() as {
    worst: number | null;
  };
  db.close();
  return (row.worst ?? 0) / 1e6;
}

/**
 * The span between the 1st and 99th percentile of ascending `times`, ms. A host that preempts a
 * worker between stamping a send and writing it delays that one request (seen: 15.6 ms against a
 * 12.2 ms bound, with other work on both cores); a stamp that does not keep the server's time
 * stretches or shrinks every gap, which the inner span shows as plainly as the whole one.
 */
function innerSpanMs(times: readonly number[]): number {
  const at = (q: number) => times[Math.round(q * (times.length - 1))] as number;
  return (at(0.99) - at(0.01)) / 1e6;
}

/** A run's load-generator verdict (performance/result_summary.json). */
function loadGeneratorVerdict(dir: string): string | null {
  return (
    JSON.parse(readFileSync(join(dir, "performance", "result_summary.json"), "utf8")) as {
      load_generator: string | null;
    }
  ).load_generator;
}

/** Each performance request's scheduled and sent instants, ns after the phase start (the shards of one `--start-at` share that start). */
function scheduleRows(dir: string): { scheduledNs: number; sentNs: number }[] {
  const db = new Database(join(dir, "events.db"), { readonly: true });
  const start = (db.query("SELECT start_ns AS s FROM phases WHERE name = 'performance'").get() as { s: number }).s;
  const rows = db
    .query("SELECT scheduled_ns AS scheduled, sent_ns AS sent FROM requests WHERE phase = 'performance'")
    .all() as { scheduled: number; sent: number }[];
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

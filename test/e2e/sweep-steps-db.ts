/**
 * @module test/e2e/sweep-steps-db — what a sweep step's own events.db says, recomputed by the definitions
 * (docs/metrics.md) with no code of the report's: its SLO attainment and its schedule's
 * shape beside the seeded plan's. The sweep tests hold sweep.json's figures and verdicts to these.
 */
import { Database } from "bun:sqlite";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { poissonOffsets } from "../../src/load-pattern/arrivals.ts";
import type { SweepResult } from "../../src/sweep/run-sweep.ts";

export type SweepFile = SweepResult & { slo: Record<string, number | null> };

export const readSweep = (dir: string) => JSON.parse(readFileSync(join(dir, "sweep.json"), "utf8")) as SweepFile;

interface StepRow {
  scheduled_ns: number | null;
  sent_ns: number | null;
  first_token_ns: number | null;
  done_ns: number | null;
  error_kind: string | null;
}

/** The performance phase's requests of one step. */
export function stepRows(reportDir: string): StepRow[] {
  const db = new Database(join(reportDir, "events.db"), { readonly: true });
  try {
    return db
      .query(
        "SELECT scheduled_ns, sent_ns, first_token_ns, done_ns, error_kind FROM requests WHERE phase = 'performance'",
      )
      .all() as StepRow[];
  } finally {
    db.close();
  }
}

/** Attainment (%) of a TTFT limit: requests that succeeded within it over those that completed (failures counted, cancelled not). */
export function ttftAttainmentPct(rows: readonly StepRow[], limitMs: number): number {
  const completed = rows.filter((r) => r.done_ns !== null && r.error_kind !== "cancelled");
  const met = completed.filter(
    (r) =>
      r.error_kind === null && r.first_token_ns !== null && r.first_token_ns - (r.sent_ns as number) <= limitMs * 1e6,
  );
  return (100 * met.length) / completed.length;
}

/** Each step's instants relative to its first, ns: the shape of its schedule, whatever instant it started at. */
export function scheduleShapeNs(rows: readonly StepRow[]): number[] {
  const at = rows.map((r) => r.scheduled_ns as number).sort((a, b) => a - b);
  return at.map((t) => t - (at[0] as number));
}

/** The seeded plan's instants relative to its first, ns (as `scheduleShapeNs` gives a step's). */
export function plannedShapeNs(count: number, targetQps: number): number[] {
  const offsets = [...poissonOffsets(count, targetQps, 42)];
  return offsets.map((t) => t - (offsets[0] as number));
}

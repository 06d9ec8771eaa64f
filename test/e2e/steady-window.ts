/**
 * @module test/e2e/steady-window — a run's steady-state window held to its rule (docs/metrics.md), recomputed from the
 * run's events.db with no code of the report's: the plateau is the time-weighted median of the requests in flight
 * over the middle half of the run (first send to last completion, its first and last quarter left out), at least 1;
 * the window opens where the level first reaches it and closes where it last holds; its requests are the successful
 * ones that completed inside it, its QPS their (n − 1) gaps; what was trimmed is those instants' differences.
 */
import { Database } from "bun:sqlite";
import { expect } from "bun:test";
import { join } from "node:path";
import type { ResultSummary } from "../../src/report/result-summary.ts";

type SteadyState = NonNullable<ResultSummary["steady_state"]>;

interface Row {
  sent_ns: number;
  done_ns: number;
  error_kind: string | null;
}

/** In flight at each send or completion instant (completions before sends at one instant). */
function levels(rows: readonly Row[]): { t: number; level: number }[] {
  const events = rows.flatMap((r) => [
    { t: r.sent_ns, delta: 1 },
    { t: r.done_ns, delta: -1 },
  ]);
  events.sort((a, b) => a.t - b.t || a.delta - b.delta);
  const out: { t: number; level: number }[] = [];
  let level = 0;
  for (const e of events) {
    level += e.delta;
    if (out.at(-1)?.t === e.t) (out.at(-1) as { level: number }).level = level;
    else out.push({ t: e.t, level });
  }
  return out;
}

/** The level held for at least half of [from, to) with at most half above it. */
function medianLevel(steps: readonly { t: number; level: number }[], from: number, to: number): number {
  const held = new Map<number, number>();
  for (const [i, s] of steps.entries()) {
    const a = Math.max(s.t, from);
    const b = Math.min(steps[i + 1]?.t ?? to, to);
    if (b > a) held.set(s.level, (held.get(s.level) ?? 0) + (b - a));
  }
  const sorted = [...held].sort((x, y) => x[0] - y[0]);
  const total = sorted.reduce((sum, [, ns]) => sum + ns, 0);
  let acc = 0;
  for (const [level, ns] of sorted) if ((acc += ns) >= total / 2) return level;
  return Number.NaN;
}

/** Holds `steady` to the rule over the performance phase of `reportDir`'s events.db; returns its rows. */
export function expectSteadyWindow(reportDir: string, steady: SteadyState): Row[] {
  const db = new Database(join(reportDir, "events.db"), { readonly: true });
  const phase = db.query("SELECT start_ns, end_ns FROM phases WHERE name = 'performance'").get() as {
    start_ns: number;
    end_ns: number | null;
  };
  const rows = db
    .query("SELECT sent_ns, done_ns, error_kind FROM requests WHERE phase = 'performance' AND sent_ns IS NOT NULL")
    .all() as Row[];
  db.close();
  const firstSend = Math.min(...rows.map((r) => r.sent_ns));
  const lastSend = Math.max(...rows.map((r) => r.sent_ns));
  const lastDone = Math.max(...rows.map((r) => r.done_ns));
  const steps = levels(rows);
  const quarter = (lastDone - firstSend) / 4;
  const plateau = Math.max(1, medianLevel(steps, firstSend + quarter, lastDone - quarter));
  const held = steps.map((s, i) => i).filter((i) => i < steps.length - 1 && (steps[i]?.level as number) >= plateau);

  expect(steady.rule).toBe("in_flight_plateau");
  expect(steady.plateau_in_flight).toBe(plateau);
  expect([steady.start_ns, steady.end_ns]).toEqual([
    steps[held[0] as number]?.t as number,
    steps[(held.at(-1) as number) + 1]?.t as number,
  ]);
  // The window lies inside the phase: after the first send, before the last completion, which the phase spans.
  expect(phase.start_ns).toBeLessThanOrEqual(firstSend);
  expect(firstSend).toBeLessThanOrEqual(steady.start_ns);
  expect(steady.start_ns).toBeLessThan(steady.end_ns);
  expect(steady.end_ns).toBeLessThanOrEqual(lastDone);
  if (phase.end_ns !== null) expect(lastDone).toBeLessThanOrEqual(phase.end_ns);
  // What was trimmed, and how long the run sent, are those instants' differences.
  expect(steady.ramp_up_s).toBeCloseTo((steady.start_ns - firstSend) / 1e9, 9);
  expect(steady.drain_s).toBeCloseTo((lastDone - steady.end_ns) / 1e9, 9);
  expect(steady.duration_s).toBeCloseTo((steady.end_ns - steady.start_ns) / 1e9, 9);
  expect(steady.sending_s).toBeCloseTo((lastSend - firstSend) / 1e9, 9);
  // Its requests are the successful ones that completed inside it, and its QPS their (n − 1) gaps.
  const inside = rows
    .filter((r) => r.error_kind === null && r.done_ns >= steady.start_ns && r.done_ns <= steady.end_ns)
    .map((r) => r.done_ns);
  expect(steady.requests).toBe(inside.length);
  if (inside.length > 1)
    expect(steady.qps as number).toBeCloseTo(
      (inside.length - 1) / ((Math.max(...inside) - Math.min(...inside)) / 1e9),
      6,
    );
  return rows;
}

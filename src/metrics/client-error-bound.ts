/**
 * @module metrics/client-error-bound — how much later than the bytes' arrival this run's timestamps
 * may be, at p50 and p99: the client's own error bound. Pure, apart from the reader at the end.
 *
 * A byte is stamped when its read callback runs, so a stamp is late by as long as the worker's event
 * loop was busy when the byte arrived. Each worker samples, every 250 ms window, how late a 10 ms timer
 * fired (worker/loop-health): the window's worst lateness bounds the wait of every callback in it. Each
 * stamp the metrics use (a request's first token and its end) takes the lateness of its worker's window,
 * so the p50 and p99 are over stamps, not windows: a busy window with many responses weighs more. With
 * `--calibrate`, a raw-socket client beside the run (client/raw-probe) measured TTFT with no HTTP
 * library and an idle loop; the run's TTFT above the probe's is the client's whole excess, fetch's own
 * thread included, which the timer cannot see: the bound is the larger of the two at each percentile.
 */
import type { Database } from "bun:sqlite";
import { z } from "zod";
import type { PhaseColumns } from "./phase-columns.ts";
import { stampLateness, type LoopWindow, type Stamp } from "./stamp-lateness.ts";

/** The raw-socket probe's TTFTs beside the run (run/calibration-probe). */
export interface ProbeTtfts {
  requests: number;
  failures: number;
  ttft_p50_ns: number;
  ttft_p99_ns: number;
}

const num = z.number().nullable();

/** result_summary.json's `client_error_bound` block. */
export const ClientErrorBoundSchema = z.strictObject({
  verdict: z.enum(["ok", "saturated"]).describe("client_read_side's verdict"),
  p50_ms: z.number().describe("half of the run's stamps are at most this much later than their bytes' arrival"),
  p99_ms: z.number().describe("99 % of them are at most this much later"),
  from: z.enum(["loop_lateness", "loop_lateness_and_probe"]),
  loop_lateness_p50_ms: z.number(),
  loop_lateness_p99_ms: z.number(),
  stamps: z.number().int().min(0).describe("first tokens and ends weighed; 0: the windows themselves were"),
  probe: z
    .strictObject({
      requests: z.number().int().min(0),
      failures: z.number().int().min(0),
      ttft_p50_ms: z.number(),
      ttft_p99_ms: z.number(),
      run_ttft_p50_ms: num,
      run_ttft_p99_ms: num,
      excess_p50_ms: num.describe("the run's TTFT above the probe's (0 when below): the client's whole share"),
      excess_p99_ms: num,
    })
    .nullable()
    .describe("--calibrate: the raw-socket probe's TTFT beside the run's"),
});

export type ClientErrorBound = z.infer<typeof ClientErrorBoundSchema>;

const ms = (ns: number) => ns / 1e6;

/**
 * The bound from the stamps' lateness percentiles (ns), the read side's verdict, and when calibrated the
 * probe's TTFTs beside the run's (ns; null when the run has no TTFT).
 */
export function clientErrorBound(
  lateness: { p50Ns: number; p99Ns: number; stamps: number },
  verdict: ClientErrorBound["verdict"],
  probe: ProbeTtfts | null,
  runTtft: { p50Ns: number; p99Ns: number } | null,
): ClientErrorBound {
  const late50 = ms(lateness.p50Ns);
  const late99 = ms(lateness.p99Ns);
  const excess = (run: number | undefined, floor: number) => (run === undefined ? null : Math.max(0, ms(run - floor)));
  const excess50 = probe ? excess(runTtft?.p50Ns, probe.ttft_p50_ns) : null;
  const excess99 = probe ? excess(runTtft?.p99Ns, probe.ttft_p99_ns) : null;
  const p50 = Math.max(late50, excess50 ?? 0);
  return {
    verdict,
    p50_ms: p50,
    // A bound for 99 % of stamps is at least the bound for half of them (the probe may show more at p50 than the loop at p99).
    p99_ms: Math.max(late99, excess99 ?? 0, p50),
    from: probe ? "loop_lateness_and_probe" : "loop_lateness",
    loop_lateness_p50_ms: late50,
    loop_lateness_p99_ms: late99,
    stamps: lateness.stamps,
    probe: probe
      ? {
          requests: probe.requests,
          failures: probe.failures,
          ttft_p50_ms: ms(probe.ttft_p50_ns),
          ttft_p99_ms: ms(probe.ttft_p99_ns),
          run_ttft_p50_ms: runTtft ? ms(runTtft.p50Ns) : null,
          run_ttft_p99_ms: runTtft ? ms(runTtft.p99Ns) : null,
          excess_p50_ms: excess50,
          excess_p99_ms: excess99,
        }
      : null,
  };
}

/** The successful requests' columns the bound weighs: who stamped each, its first token and its end. */
export type StampColumns = Pick<PhaseColumns, "count" | "failed" | "workerId" | "firstTokenNs" | "doneNs">;

/**
 * The phase's windows in [startNs, endNs] from events.db, and the stamps of its successful requests from the columns
 * the report already read (metrics/read-phase), not a second scan of the table; null without windows.
 */
export function readClientErrorBound(
  db: Database,
  phase: string,
  startNs: number,
  endNs: number,
  verdict: ClientErrorBound["verdict"],
  probe: ProbeTtfts | null,
  runTtft: { p50Ns: number; p99Ns: number } | null,
  cols: StampColumns,
): ClientErrorBound | null {
  const hasTable = db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'worker_health'").get();
  if (!hasTable) return null;
  const windows = db
    .query(
      "SELECT worker, t_ns AS endNs, lateness_ns AS latenessNs FROM worker_health WHERE phase = ? AND t_ns >= ? AND t_ns <= ?",
    )
    .all(phase, startNs, endNs) as LoopWindow[];
  if (windows.length === 0) return null;
  // One stamp object, refilled: stampLateness counts each before it asks for the next.
  const stamp: Stamp = { worker: 0, atNs: 0 };
  function* stamps(): Generator<Stamp> {
    for (let i = 0; i < cols.count; i++) {
      if (cols.failed[i] === 1) continue;
      stamp.worker = cols.workerId[i] as number;
      const first = cols.firstTokenNs[i] as number;
      if (!Number.isNaN(first)) {
        stamp.atNs = first;
        yield stamp;
      }
      stamp.atNs = cols.doneNs[i] as number;
      yield stamp;
    }
  }
  return clientErrorBound(stampLateness(windows, stamps()), verdict, probe, runTtft);
}

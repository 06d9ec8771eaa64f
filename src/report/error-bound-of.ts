/**
 * @module report/error-bound-of — the run's `client_error_bound` from its events.db: the workers' loop
 * windows, its stamps, and with `--calibrate` the raw-socket probe's TTFTs the run stored beside its own.
 */
import type { Database } from "bun:sqlite";
import {
  readClientErrorBound,
  type ClientErrorBound,
  type ProbeTtfts,
  type StampColumns,
} from "../metrics/client-error-bound.ts";
import type { ResultSummary } from "./result-summary.ts";

/** events.db's `run` key holding the probe's TTFTs (run/calibration-probe). */
export const CALIBRATION_META_KEY = "calibration_probe";

const PHASE = "performance";

/** The bound over the performance phase's window; null when the workers sent no loop samples. */
export function errorBoundOf(
  db: Database,
  meta: Record<string, string>,
  startNs: number,
  endNs: number,
  verdict: ClientErrorBound["verdict"],
  summary: Pick<ResultSummary, "ttft">,
  cols: StampColumns,
): ClientErrorBound | null {
  const stored = meta[CALIBRATION_META_KEY];
  const probe = stored ? (JSON.parse(stored) as ProbeTtfts) : null;
  const p50 = summary.ttft.percentiles?.["50.0"];
  const p99 = summary.ttft.percentiles?.["99.0"];
  const runTtft = typeof p50 === "number" && typeof p99 === "number" ? { p50Ns: p50, p99Ns: p99 } : null;
  return readClientErrorBound(db, PHASE, startNs, endNs, verdict, probe?.requests ? probe : null, runTtft, cols);
}

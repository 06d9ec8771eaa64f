/**
 * @module metrics/goodput — requests per second that met every service-level objective.
 *
 * A request meets the SLO when it succeeded and each metric with a limit is within it:
 * TTFT (first token − sent), TPOT (as metrics/request-values defines it; met by a request
 * that streamed one token, which has no gap to exceed it), latency (done − sent). A limit on a
 * metric the request does not have (TTFT or TPOT of a non-streaming request) counts as not met.
 * Attainment = met / completed (failures included, requests the run cancelled not) × 100;
 * goodput = met / duration.
 */
import type { PhaseColumns } from "./phase-columns.ts";
import { isCompleted, tpotNs } from "./request-values.ts";

export interface SloLimitsMs {
  ttft_ms: number | null;
  tpot_ms: number | null;
  latency_ms: number | null;
}

export interface Goodput {
  slo: SloLimitsMs;
  completed: number;
  met: number;
  attainment_pct: number | null;
  requests_per_s: number | null;
}

function hasSlo(slo: SloLimitsMs | null | undefined): slo is SloLimitsMs {
  return !!slo && (slo.ttft_ms !== null || slo.tpot_ms !== null || slo.latency_ms !== null);
}

function meets(cols: PhaseColumns, i: number, slo: SloLimitsMs): boolean {
  if (cols.failed[i]) return false;
  const sent = cols.sentNs[i] as number;
  const first = cols.firstTokenNs[i] as number;
  const done = cols.doneNs[i] as number;
  if (slo.ttft_ms !== null && !(first - sent <= slo.ttft_ms * 1e6)) return false;
  if (slo.latency_ms !== null && !(done - sent <= slo.latency_ms * 1e6)) return false;
  if (slo.tpot_ms !== null) {
    // No first token (not streamed): TPOT was never measured, so its limit is not met. A stream with nothing after its first chunk has no TPOT to exceed it.
    if (!Number.isFinite(first)) return false;
    if ((cols.tpotTokens[i] as number) >= 1 && !(tpotNs(cols, i) <= slo.tpot_ms * 1e6)) return false;
  }
  return true;
}

export function goodput(
  cols: PhaseColumns,
  slo: SloLimitsMs | null | undefined,
  durationNs: number | null,
): Goodput | null {
  if (!hasSlo(slo)) return null;
  let completed = 0;
  let met = 0;
  for (let i = 0; i < cols.count; i++) {
    if (!isCompleted(cols, i)) continue;
    completed++;
    if (meets(cols, i, slo)) met++;
  }
  return {
    slo: { ...slo },
    completed,
    met,
    attainment_pct: completed > 0 ? (100 * met) / completed : null,
    requests_per_s: durationNs && durationNs > 0 ? met / (durationNs / 1e9) : null,
  };
}

/**
 * @module metrics/goodput — requests per second that met every service-level objective.
 *
 * A request meets the SLO when it succeeded and each metric with a limit is within it:
 * TTFT (first token − sent), TTFO (first answer chunk − sent: metrics/request-values; a request that
 * never answered past its reasoning does not meet it), TPOT (as metrics/request-values defines it; met by a request
 * that streamed one token, which has no gap to exceed it), latency (done − sent). A limit on a
 * metric the request does not have (TTFT or TPOT of a non-streaming request) counts as not met.
 * Attainment = met / completed (failures included, requests the run cancelled not) × 100;
 * goodput = met / duration. The run meets its SLO when the attainment reaches the share asked for (`p=`, default
 * 99): `meetsTarget`, the one judgement a sweep's search applies to its steps as well.
 */
import { DEFAULT_SLO_PERCENTILE } from "../config/slo.ts";
import { z } from "zod";
import type { PhaseColumns } from "./phase-columns.ts";
import { isCompleted, latencyNsOf, tpotOf, ttfoNsOf, ttftNsOf } from "./request-values.ts";

export interface SloLimitsMs {
  ttft_ms: number | null;
  /** Absent or null: no TTFO limit (reasoning models). */
  ttfo_ms?: number | null;
  tpot_ms: number | null;
  latency_ms: number | null;
}

/** The limits and the share of requests (%) that must meet them; null or absent: config/slo's DEFAULT_SLO_PERCENTILE. */
export interface SloObjectives extends SloLimitsMs {
  percentile?: number | null;
}

const num = z.number().nullable();

/** result_summary.json's `goodput` block: its shape, declared once (the type below and report/result-summary read it). */
export const GoodputSchema = z.strictObject({
  /** ttfo_ms only when set, so the block of a run without one is as before. */
  slo: z.strictObject({ ttft_ms: num, tpot_ms: num, latency_ms: num, ttfo_ms: z.number().optional() }),
  completed: z.number(),
  met: z.number(),
  attainment_pct: num,
  /** The share of requests (%) that had to meet every limit. */
  target_pct: z.number().gt(0).max(100),
  /** attainment_pct ≥ target_pct (meetsTarget); false with nothing completed. */
  target_met: z.boolean(),
  requests_per_s: num,
});

export type Goodput = z.infer<typeof GoodputSchema>;

/** True when an attainment (%) reaches the target share (%): the run, or a sweep's step, met its SLO. */
export function meetsTarget(attainmentPct: number | null, targetPct: number): boolean {
  return attainmentPct !== null && attainmentPct >= targetPct;
}

function hasSlo<T extends SloLimitsMs>(slo: T | null | undefined): slo is T {
  return !!slo && (slo.ttft_ms !== null || slo.tpot_ms !== null || slo.latency_ms !== null || slo.ttfo_ms != null);
}

/** What the rule judges of one request: instants in ns on one clock. */
export interface SloRequest {
  failed: boolean;
  sentNs: number;
  /** NaN without a first token (not streamed). */
  firstTokenNs: number;
  /** The first chunk that was not reasoning; NaN without one. */
  firstAnswerNs: number;
  doneNs: number;
  /** TPOT's divisor (metrics/request-values): the tokens after the first chunk; NaN or 0 when none. */
  tokensAfterFirst: number;
}

/** Whether one request met every limit: the rule above, for the report and for the dashboard as records arrive (dashboard/slo-tally). */
export function meetsSlo(r: SloRequest, slo: SloLimitsMs): boolean {
  if (r.failed) return false;
  if (slo.ttft_ms !== null && !(ttftNsOf(r) <= slo.ttft_ms * 1e6)) return false;
  if (slo.ttfo_ms != null && !(ttfoNsOf(r) <= slo.ttfo_ms * 1e6)) return false;
  if (slo.latency_ms !== null && !(latencyNsOf(r) <= slo.latency_ms * 1e6)) return false;
  if (slo.tpot_ms !== null) {
    // No first token (not streamed): TPOT was never measured, so its limit is not met. A stream with nothing after its first chunk has no TPOT to exceed it.
    if (!Number.isFinite(r.firstTokenNs)) return false;
    const tpot = tpotOf(r.doneNs, r.firstTokenNs, r.tokensAfterFirst);
    if (r.tokensAfterFirst >= 1 && !(tpot <= slo.tpot_ms * 1e6)) return false;
  }
  return true;
}

export function goodput(
  cols: PhaseColumns,
  slo: SloObjectives | null | undefined,
  durationNs: number | null,
): Goodput | null {
  if (!hasSlo(slo)) return null;
  let completed = 0;
  let met = 0;
  // One object reused for every row: a million rows allocate nothing.
  const row: SloRequest = {
    failed: false,
    sentNs: 0,
    firstTokenNs: 0,
    firstAnswerNs: 0,
    doneNs: 0,
    tokensAfterFirst: 0,
  };
  for (let i = 0; i < cols.count; i++) {
    if (!isCompleted(cols, i)) continue;
    completed++;
    row.failed = cols.failed[i] === 1;
    row.sentNs = cols.sentNs[i] as number;
    row.firstTokenNs = cols.firstTokenNs[i] as number;
    row.firstAnswerNs = cols.firstAnswerNs[i] as number;
    row.doneNs = cols.doneNs[i] as number;
    row.tokensAfterFirst = cols.tpotTokens[i] as number;
    if (meetsSlo(row, slo)) met++;
  }
  const attainmentPct = completed > 0 ? (100 * met) / completed : null;
  const targetPct = slo.percentile ?? DEFAULT_SLO_PERCENTILE;
  return {
    slo: {
      ttft_ms: slo.ttft_ms,
      tpot_ms: slo.tpot_ms,
      latency_ms: slo.latency_ms,
      ...(slo.ttfo_ms != null ? { ttfo_ms: slo.ttfo_ms } : {}),
    },
    completed,
    met,
    attainment_pct: attainmentPct,
    target_pct: targetPct,
    target_met: meetsTarget(attainmentPct, targetPct),
    requests_per_s: durationNs && durationNs > 0 ? met / (durationNs / 1e9) : null,
  };
}

/**
 * @module metrics/request-values — the per-request value of every latency metric: their one definition.
 *
 * Each series holds one value per included request, in row order, in ns (NaN where the request
 * has no such value, e.g. no first token; rollups and charts skip NaN). Who is included:
 * successful requests for TTFT, TTFB, latency and lengths; successful requests with ≥ 2 output
 * tokens for TPOT; every sent request for schedule lag and scheduled latency (see
 * metric-names.ts for the words). Both result_summary.json and report.html read these.
 */
import type { PhaseColumns } from "./phase-columns.ts";

export interface RequestValues {
  /** 1 for requests that finished without an error. */
  ok: Uint8Array;
  ttftNs: Float64Array;
  ttfbNs: Float64Array;
  tpotNs: Float64Array;
  latencyNs: Float64Array;
  scheduleLagNs: Float64Array;
  scheduledLatencyNs: Float64Array;
  inputTokens: Float64Array;
  outputTokens: Float64Array;
}

/** Values `valueAt(i)` of the rows where `include[i]` is 1. */
export function pick(include: Uint8Array, valueAt: (i: number) => number): Float64Array {
  const out = new Float64Array(include.length);
  let n = 0;
  for (let i = 0; i < include.length; i++) if (include[i]) out[n++] = valueAt(i);
  return out.subarray(0, n);
}

export function successfulRows(cols: PhaseColumns): Uint8Array {
  const ok = new Uint8Array(cols.count);
  for (let i = 0; i < cols.count; i++) ok[i] = !cols.failed[i] && Number.isFinite(cols.doneNs[i] as number) ? 1 : 0;
  return ok;
}

export function requestValues(cols: PhaseColumns): RequestValues {
  const ok = successfulRows(cols);
  const all = new Uint8Array(cols.count).fill(1);
  const tpotRows = ok.map((v, i) => (v && (cols.outputTokens[i] as number) >= 2 ? 1 : 0));
  const { sentNs: sent, doneNs: done, firstTokenNs: first, scheduledNs: scheduled } = cols;
  return {
    ok,
    ttftNs: pick(ok, (i) => (first[i] as number) - (sent[i] as number)),
    ttfbNs: pick(ok, (i) => (cols.responseHeadersNs[i] as number) - (sent[i] as number)),
    tpotNs: pick(tpotRows, (i) => ((done[i] as number) - (first[i] as number)) / ((cols.outputTokens[i] as number) - 1)),
    latencyNs: pick(ok, (i) => (done[i] as number) - (sent[i] as number)),
    scheduleLagNs: pick(all, (i) => (sent[i] as number) - (scheduled[i] as number)),
    scheduledLatencyNs: pick(all, (i) => (done[i] as number) - (scheduled[i] as number)),
    inputTokens: pick(ok, (i) => cols.inputTokens[i] as number),
    outputTokens: pick(ok, (i) => cols.outputTokens[i] as number),
  };
}

/**
 * @module report/html/metric-values — per-request values of the charted distributions, from phase columns.
 *
 * The same rows and formulas as metrics/summarize-phase.ts (DESIGN §5), so the charts agree with
 * result_summary.json: TTFT, TPOT and latency over successful requests, ITL over their spread
 * token gaps, scheduled latency over every sent request, errors included. Values are ns; NaN
 * (not measured) is left for the caller's `sortedFinite` to drop.
 */
import type { PhaseColumns } from "../../metrics/phase-columns.ts";

export interface MetricValues {
  /** Chart name suffix: "ttft" → data-chart="cdf-ttft" and "histogram-ttft". */
  name: string;
  label: string;
  /** Unit after conversion from ns, for axis labels. */
  unit: string;
  /** What one histogram count is. */
  countLabel: string;
  valuesNs: Float64Array;
}

/** 1 for requests that finished without an error. */
export function successfulRows(cols: PhaseColumns): Uint8Array {
  const ok = new Uint8Array(cols.count);
  for (let i = 0; i < cols.count; i++) ok[i] = !cols.failed[i] && Number.isFinite(cols.doneNs[i] as number) ? 1 : 0;
  return ok;
}

function collect(include: Uint8Array, valueAt: (i: number) => number): Float64Array {
  const out = new Float64Array(include.length);
  let n = 0;
  for (let i = 0; i < include.length; i++) if (include[i]) out[n++] = valueAt(i);
  return out.subarray(0, n);
}

/** The five charted distributions, in page order (some may be empty). */
export function distributionValues(cols: PhaseColumns): MetricValues[] {
  const ok = successfulRows(cols);
  const all = new Uint8Array(cols.count).fill(1);
  const tpotRows = ok.map((v, i) => (v && (cols.outputTokens[i] as number) >= 2 ? 1 : 0));
  const sent = cols.sentNs;
  const done = cols.doneNs;
  const first = cols.firstTokenNs;
  return [
    { name: "ttft", label: "TTFT", unit: "ms", countLabel: "requests", valuesNs: collect(ok, (i) => (first[i] as number) - (sent[i] as number)) },
    {
      name: "tpot",
      label: "TPOT",
      unit: "ms/token",
      countLabel: "requests",
      valuesNs: collect(tpotRows, (i) => ((done[i] as number) - (first[i] as number)) / ((cols.outputTokens[i] as number) - 1)),
    },
    { name: "itl", label: "ITL", unit: "ms", countLabel: "token gaps", valuesNs: cols.itlNs },
    { name: "latency", label: "Latency", unit: "ms", countLabel: "requests", valuesNs: collect(ok, (i) => (done[i] as number) - (sent[i] as number)) },
    {
      name: "scheduled-latency",
      label: "Scheduled latency",
      unit: "ms",
      countLabel: "requests",
      valuesNs: collect(all, (i) => (done[i] as number) - (cols.scheduledNs[i] as number)),
    },
  ];
}

/**
 * @module metrics/steady-state/trend-intervals — the series a run's stability is judged on: its
 * sending span cut into equal intervals of about SENDS_PER_INTERVAL sends, and per interval the
 * mean in flight, the median TTFT and latency of the requests sent in it, and the server's mean
 * waiting count when it was scraped. Pure.
 */
import type { PhaseColumns } from "../phase-columns.ts";
import { isSuccessful, latencyNsAt, ttftNsAt } from "../request-values.ts";
import { meanLevel, type InFlightSteps } from "./in-flight.ts";
import { median } from "./mann-kendall.ts";
import type { IntervalSeries } from "./stability.ts";

/** A gauge's samples over the run (server-metrics/summary's timeline), e.g. the waiting count. */
export interface GaugeSamples {
  tNs: readonly number[];
  values: readonly number[];
}

/** The window's trend series; TTFT null when nothing streamed (latency is tested instead). */
interface RunSeries {
  inFlight: IntervalSeries;
  ttft: IntervalSeries | null;
  latency: IntervalSeries;
  waiting: IntervalSeries | null;
}

/** Sends per trend interval the split aims for, and the most intervals. */
const SENDS_PER_INTERVAL = 8;
const MAX_INTERVALS = 12;

/** The run's trend series over `[fromNs, toNs)` (mid-points in s since `runStartNs`), split so that each interval holds about SENDS_PER_INTERVAL sends. */
export function intervalSeries(
  cols: PhaseColumns,
  steps: InFlightSteps,
  fromNs: number,
  toNs: number,
  runStartNs: number,
  waiting: GaugeSamples | null,
): RunSeries | null {
  let sends = 0;
  for (let i = 0; i < cols.count; i++)
    if ((cols.sentNs[i] as number) >= fromNs && (cols.sentNs[i] as number) < toNs) sends++;
  const k = Math.min(MAX_INTERVALS, Math.floor(sends / SENDS_PER_INTERVAL));
  if (k < 1 || !(toNs > fromNs)) return null;
  const width = (toNs - fromNs) / k;
  const midS = Array.from({ length: k }, (_, j) => (fromNs + (j + 0.5) * width - runStartNs) / 1e9);
  const ttft: number[][] = Array.from({ length: k }, () => []);
  const latency: number[][] = Array.from({ length: k }, () => []);
  for (let i = 0; i < cols.count; i++) {
    const sent = cols.sentNs[i] as number;
    const j = Math.floor((sent - fromNs) / width);
    if (!(j >= 0 && j < k) || !isSuccessful(cols, i)) continue;
    (ttft[j] as number[]).push(ttftNsAt(cols, i) / 1e6);
    (latency[j] as number[]).push(latencyNsAt(cols, i) / 1e6);
  }
  const medians = (groups: number[][]) => groups.map((g) => median(g.filter((v) => Number.isFinite(v))));
  const ttftMedians = medians(ttft);
  const out: RunSeries = {
    inFlight: {
      name: "in_flight",
      midS,
      minRise: 1,
      values: midS.map((_, j) => meanLevel(steps, fromNs + j * width, fromNs + (j + 1) * width)),
    },
    ttft: ttftMedians.some((v) => Number.isFinite(v)) ? { name: "ttft", midS, minRise: 0, values: ttftMedians } : null,
    latency: { name: "latency", midS, minRise: 0, values: medians(latency) },
    waiting: null,
  };
  if (waiting && waiting.tNs.length > 0) {
    const sums = new Array<number>(k).fill(0);
    const counts = new Array<number>(k).fill(0);
    waiting.tNs.forEach((t, s) => {
      const j = Math.floor((t - fromNs) / width);
      if (!(j >= 0 && j < k)) return;
      sums[j] = (sums[j] as number) + (waiting.values[s] as number);
      counts[j] = (counts[j] as number) + 1;
    });
    const values = sums.map((sum, j) => (counts[j] ? sum / (counts[j] as number) : Number.NaN));
    out.waiting = { name: "server_waiting", midS, minRise: 1, values };
  }
  return out;
}

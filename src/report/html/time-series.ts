/**
 * @module report/html/time-series — charts over the run: throughput, requests in flight, schedule lag.
 *
 * x = seconds since the phase start (the performance window's start), bucketed by
 * time-buckets.ts. Rates are per second of bucket — the last one, which ends with the run, per
 * second of its own span (at least half a width), so the curves do not dip at the end:
 * completions by done time, output tokens spread over each stream's [first token, done] (all
 * at done without a first token), in flight as the
 * time-average of open requests, schedule lag (sent − scheduled) as p50 and max of the requests
 * sent in the bucket. With the server's metrics scraped, its running and waiting requests join
 * the in-flight chart at their scrape instants, and its KV-cache use has a chart of its own.
 */
import type { PhaseColumns } from "../../metrics/phase-columns.ts";
import { isSuccessful, scheduleLagNsAt } from "../../metrics/request-values.ts";
import { renderChart, type ChartSeries } from "./svg-chart.ts";
import type { GaugeTimeline } from "../../server-metrics/summary.ts";
import { bucketCount, bucketMedianMax, bucketWidthS, spreadOverBuckets } from "./time-buckets.ts";

const NS_PER_S = 1e9;
const NS_PER_MS = 1e6;

interface RunBuckets {
  widthS: number;
  /** Bucket centres, s since the phase start. */
  xs: number[];
  completionsPerS: Float64Array;
  errorsPerS: Float64Array;
  outputTokensPerS: Float64Array;
  inFlight: Float64Array;
  lagP50Ms: Float64Array;
  lagMaxMs: Float64Array;
}

/** Per second of each bucket's own span: the last bucket ends with the run, usually short of a full width. */
function perSecond(values: Float64Array, widthS: number, lastWidthS: number): Float64Array {
  return values.map((v, b) => v / (b === values.length - 1 ? lastWidthS : widthS));
}

/** Every time series of the phase, bucketed. Rows are read in place: no per-request arrays. */
export function runBuckets(cols: PhaseColumns, windowStartNs: number): RunBuckets {
  let endNs = windowStartNs;
  for (let i = 0; i < cols.count; i++) {
    const done = cols.doneNs[i] as number;
    const sent = cols.sentNs[i] as number;
    if (done > endNs) endNs = done;
    if (sent > endNs) endNs = sent;
  }
  const durationS = (endNs - windowStartNs) / NS_PER_S;
  const widthS = bucketWidthS(durationS);
  const count = bucketCount(durationS, widthS);
  // A last bucket under half a width is divided by half: one event more or less in a sliver would read as a spike.
  const lastWidthS = Math.max(widthS / 2, Math.min(widthS, durationS - (count - 1) * widthS));
  const rows = cols.count;
  const secondsOf = (ns: number): number => (ns - windowStartNs) / NS_PER_S;
  const sentS = (i: number): number => secondsOf(cols.sentNs[i] as number);
  const doneS = (i: number): number => secondsOf(cols.doneNs[i] as number);
  const doneOkS = (i: number): number => (isSuccessful(cols, i) ? doneS(i) : Number.NaN);
  const doneFailedS = (i: number): number => (cols.failed[i] === 1 ? doneS(i) : Number.NaN);
  const tokenStartS = (i: number): number => {
    const first = cols.firstTokenNs[i] as number;
    return Number.isFinite(first) ? secondsOf(first) : doneOkS(i);
  };
  const one = (): number => 1;
  const lag = bucketMedianMax(
    {
      count: rows,
      timeS: sentS,
      value: (i) => scheduleLagNsAt(cols, i) / NS_PER_MS,
    },
    widthS,
    count,
  );
  return {
    widthS,
    xs: Array.from({ length: count }, (_, b) => (b === count - 1 ? b * widthS + lastWidthS / 2 : (b + 0.5) * widthS)),
    completionsPerS: perSecond(
      spreadOverBuckets({ count: rows, startS: doneOkS, endS: doneOkS, amount: one }, widthS, count),
      widthS,
      lastWidthS,
    ),
    errorsPerS: perSecond(
      spreadOverBuckets({ count: rows, startS: doneFailedS, endS: doneFailedS, amount: one }, widthS, count),
      widthS,
      lastWidthS,
    ),
    outputTokensPerS: perSecond(
      spreadOverBuckets(
        { count: rows, startS: tokenStartS, endS: doneOkS, amount: (i) => cols.outputTokens[i] as number },
        widthS,
        count,
      ),
      widthS,
      lastWidthS,
    ),
    inFlight: perSecond(
      spreadOverBuckets({ count: rows, startS: sentS, endS: doneS, amount: (i) => doneS(i) - sentS(i) }, widthS, count),
      widthS,
      lastWidthS,
    ),
    lagP50Ms: lag.p50,
    lagMaxMs: lag.max,
  };
}

function line(label: string, color: string, xs: number[], ys: Float64Array): ChartSeries {
  return { kind: "line", label, color, xs, ys: Array.from(ys) };
}

function hasAny(values: Float64Array): boolean {
  return values.some((v) => v > 0);
}

/** The time-series <svg>s; "" for a phase with no requests. */
/** A server gauge as a line on the phase's time axis (only the scrapes inside the charted span). */
function serverLine(
  label: string,
  color: string,
  gauge: { tNs: number[]; values: number[] } | undefined,
  windowStartNs: number,
  spanS: number,
): ChartSeries[] {
  if (!gauge) return [];
  const xs: number[] = [];
  const ys: number[] = [];
  gauge.tNs.forEach((t, i) => {
    const x = (t - windowStartNs) / 1e9;
    if (x >= 0 && x <= spanS) [xs[xs.length], ys[ys.length]] = [x, gauge.values[i] as number];
  });
  // One scrape draws no line.
  return xs.length > 1 ? [{ kind: "line", label, color, xs, ys }] : [];
}

export function renderTimeSeriesCharts(
  cols: PhaseColumns,
  windowStartNs: number,
  server: GaugeTimeline | null = null,
): string {
  if (cols.count === 0) return "";
  const b = runBuckets(cols, windowStartNs);
  const spanS = b.widthS * b.xs.length;
  const xLabel = `time since phase start (s; ${b.widthS < 1 ? `${Math.round(b.widthS * 1000)} ms` : `${b.widthS} s`} buckets)`;
  const requests = [line("completions/s", "#2563eb", b.xs, b.completionsPerS)];
  if (hasAny(b.errorsPerS)) requests.push(line("errors/s", "#dc2626", b.xs, b.errorsPerS));
  const charts = [
    renderChart({
      name: "throughput-requests",
      title: "Throughput — requests",
      xLabel,
      yLabel: "requests/s",
      series: requests,
    }),
  ];
  if (hasAny(b.outputTokensPerS)) {
    charts.push(
      renderChart({
        name: "throughput-tokens",
        title: "Throughput — output tokens",
        xLabel,
        yLabel: "output tokens/s",
        series: [line("output tok/s", "#7c3aed", b.xs, b.outputTokensPerS)],
      }),
    );
  }
  charts.push(
    renderChart({
      name: "in-flight",
      title: server?.running
        ? "Requests in flight (client, time-average) and at the server"
        : "Requests in flight (time-average)",
      xLabel,
      yLabel: "requests",
      series: [
        line("in flight", "#0d9488", b.xs, b.inFlight),
        ...serverLine("server running", "#2563eb", server?.running, windowStartNs, spanS),
        ...serverLine("server waiting", "#dc2626", server?.waiting, windowStartNs, spanS),
      ],
    }),
    renderChart({
      name: "schedule-lag",
      title: "Schedule lag (sent − scheduled)",
      xLabel,
      yLabel: "lag (ms)",
      series: [line("p50", "#2563eb", b.xs, b.lagP50Ms), line("max", "#ea580c", b.xs, b.lagMaxMs)],
    }),
  );
  const kv = serverLine("KV-cache use", "#7c3aed", server?.kv_cache_usage, windowStartNs, spanS);
  if (kv.length > 0)
    charts.push(
      renderChart({
        name: "server-kv-cache",
        title: "Server KV-cache use",
        xLabel,
        yLabel: "fraction used",
        series: kv,
        yDomain: [0, 1],
      }),
    );
  return charts.join("");
}

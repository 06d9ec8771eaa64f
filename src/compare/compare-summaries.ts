/**
 * @module compare/compare-summaries — two runs side by side, and which metrics regressed.
 *
 * Pure: two result_summary.json objects in, rows out. A metric regresses when it moves in its
 * bad direction by more than the threshold, relative to the base: throughput down, latency up,
 * error rate up (error rate compares percentage points, since a base of 0 % has no ratio).
 * Throughput is compared under one definition (throughputDefs).
 */
type Direction = "higher_is_better" | "lower_is_better";

export interface MetricRow {
  name: string;
  unit: string;
  base: number | null;
  next: number | null;
  /** (next − base) / base × 100; for error rate, next − base in points. */
  deltaPct: number | null;
  direction: Direction;
  regressed: boolean;
}

type Summary = Record<string, unknown>;

function at(summary: Summary, path: readonly string[]): number | null {
  let node: unknown = summary;
  for (const key of path)
    node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  return typeof node === "number" && Number.isFinite(node) ? node : null;
}

function errorRatePct(summary: Summary): number | null {
  const issued = at(summary, ["n_samples_issued"]);
  const failed = at(summary, ["n_samples_failed"]);
  return issued && failed !== null ? (100 * failed) / issued : issued === 0 ? 0 : null;
}

interface MetricDef {
  name: string;
  unit: string;
  direction: Direction;
  read: (s: Summary) => number | null;
  /** Scale from the summary's unit to the displayed one. */
  scale: number;
}

const ms = (series: string, percentile: string): MetricDef => ({
  name: `${series} p${percentile.replace(/\.0$/, "")}`,
  unit: "ms",
  direction: "lower_is_better",
  scale: 1e-6,
  read: (s) => at(s, [series, "percentiles", percentile]),
});

/** The run reported LoadGen's legacy QPS (a Poisson window of its own) rather than the native one. */
const usedLegacy = (s: Summary) => at(s, ["legacy_loadgen_window_duration_ns"]) !== null;

/**
 * Throughput rows: the headline `qps`/`tps` when both runs define them alike; the native values
 * when one run used LoadGen's legacy definition and the other did not (their headlines differ
 * by definition, not by the server).
 */
function throughputDefs(base: Summary, next: Summary): MetricDef[] {
  const native = usedLegacy(base) !== usedLegacy(next);
  const def = (name: "qps" | "tps", unit: string): MetricDef => ({
    name: native ? `${name} (native: the runs define ${name} differently)` : name,
    unit,
    direction: "higher_is_better",
    scale: 1,
    read: (s) => at(s, [native ? `${name}_native` : name]),
  });
  return [def("qps", "req/s"), def("tps", "tok/s")];
}

const LATENCY_METRICS: readonly MetricDef[] = [
  ms("ttft", "50.0"),
  ms("ttft", "99.0"),
  ms("tpot", "50.0"),
  ms("tpot", "99.0"),
  ms("latency", "50.0"),
  ms("latency", "99.0"),
  { name: "error rate", unit: "%", direction: "lower_is_better", scale: 1, read: errorRatePct },
];

/** One compared metric: its change relative to the base (points for a %), and whether it regressed beyond the threshold. */
export function metricRow(
  name: string,
  unit: string,
  direction: Direction,
  base: number | null,
  next: number | null,
  thresholdPct: number,
): MetricRow {
  const row = { name, unit, direction, base, next };
  if (base === null || next === null) return { ...row, deltaPct: null, regressed: false };
  const deltaPct =
    unit === "%"
      ? next - base
      : base === 0
        ? next === 0
          ? 0
          : Number.POSITIVE_INFINITY
        : ((next - base) / Math.abs(base)) * 100;
  const worse = direction === "higher_is_better" ? -deltaPct : deltaPct;
  return { ...row, deltaPct, regressed: worse > thresholdPct };
}

export function compareSummaries(base: Summary, next: Summary, thresholdPct: number): MetricRow[] {
  return [...throughputDefs(base, next), ...LATENCY_METRICS].map((m) => {
    const b = m.read(base);
    const n = m.read(next);
    return metricRow(
      m.name,
      m.unit,
      m.direction,
      b === null ? null : b * m.scale,
      n === null ? null : n * m.scale,
      thresholdPct,
    );
  });
}

/** "5%", "5", "0.5 %" → 5, 5, 0.5; null when not a non-negative number. */
export function parseThresholdPct(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*%?\s*$/.exec(text);
  return match ? Number(match[1]) : null;
}

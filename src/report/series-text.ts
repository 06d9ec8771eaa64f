/**
 * @module report/series-text — one series' block of report.txt's Latency Breakdowns section.
 *
 *   TTFT:
 *     Min: 12.34 ms  … Max, Median, Avg., Std Dev.
 *     Histogram:
 *       [12.34, 15.67) |############################## 120
 *       …                                        (last bucket closed: "]")
 *     Percentiles:
 *       99.9: 56.78 ms …
 *     Early-stopping percentile estimates (N/A = insufficient samples):
 *       99.0: 57.00 ms …
 */
import { hasValues, type Rollup } from "../metrics/series-rollup.ts";

const NS_PER_MS = 1e6;
import { fixed2, type DisplayUnit } from "./text-format.ts";

/** Width of the longest histogram bar. */
const HISTOGRAM_BAR_WIDTH = 30;

/** Bar length for `count` when the fullest bucket holds `maxCount`, truncated as upstream's report does. */
export function barLength(count: number, maxCount: number, width = HISTOGRAM_BAR_WIDTH): number {
  if (count <= 0 || maxCount <= 0) return 0;
  return Math.trunc(count * (width / maxCount));
}

/** Decimals beyond 2 (at most 6) that tell every bucket's edges apart: ITL buckets of microseconds read "[0.01, 0.01)" at 2. */
function edgeDecimals(buckets: [number, number][], unit: DisplayUnit): number {
  const scale = unit === "ms" ? 1e-6 : 1;
  for (let decimals = 2; decimals < 6; decimals++) {
    if (buckets.every(([lo, hi]) => lo === hi || (lo * scale).toFixed(decimals) !== (hi * scale).toFixed(decimals)))
      return decimals;
  }
  return 6;
}

/** A value in its display unit with 2 decimals, or "N/A": upstream's `_scaled` (tokens too: "12.00"). */
const scaled = (v: number | null | undefined, unit: DisplayUnit) =>
  typeof v === "number" ? fixed2(unit === "ms" ? v / NS_PER_MS : v) : "N/A";

/** "[lo, hi) |#### count" lines, labels right-aligned (as upstream's) so the bars line up. */
export function histogramLines(buckets: [number, number][], counts: number[], unit: DisplayUnit): string[] {
  const decimals = edgeDecimals(buckets, unit);
  const edge = (v: number) =>
    decimals === 2 ? scaled(v, unit) : (unit === "ms" ? v / NS_PER_MS : v).toFixed(decimals);
  const labels = buckets.map(([lo, hi], i) => {
    const close = i === buckets.length - 1 ? "]" : ")";
    return `[${edge(lo)}, ${edge(hi)}${close}`;
  });
  const labelWidth = Math.max(0, ...labels.map((l) => l.length));
  const maxCount = Math.max(0, ...counts);
  return labels.map((label, i) => {
    const count = counts[i] ?? 0;
    return `${label.padStart(labelWidth)} |${"#".repeat(barLength(count, maxCount))} ${count}`;
  });
}

/** "    99.9: 19.01 ms": the key right-aligned in 6 columns after two spaces, as upstream's. */
const percentileLine = ([p, v]: [string, number | null], unit: DisplayUnit) =>
  `  ${p.padStart(6)}: ${scaled(v, unit)} ${unit}`;

/**
 * Lines for one series as upstream's report prints them (`N/A ms` where a value is missing); none for a
 * series with no rollup at all (`{}`), which upstream leaves out too.
 */
export function seriesLines(title: string, rollup: Rollup, unit: DisplayUnit): string[] {
  if (Object.keys(rollup).length === 0) return [];
  const stats = hasValues(rollup) ? rollup : null;
  const lines = [
    `${title}:`,
    ...(
      [
        ["Min", stats?.min],
        ["Max", stats?.max],
        ["Median", stats?.median],
        ["Avg.", stats?.avg],
        ["Std Dev.", stats?.std_dev],
      ] as const
    ).map(([name, v]) => `  ${name}: ${scaled(v, unit)} ${unit}`),
    "",
    "  Histogram:",
    ...(stats ? histogramLines(stats.histogram.buckets, stats.histogram.counts, unit).map((l) => `    ${l}`) : []),
    "",
    "  Percentiles:",
    ...Object.entries(stats?.percentiles ?? {}).map((e) => percentileLine(e, unit)),
  ];
  const early = rollup.early_stopping_percentiles;
  if (early && Object.keys(early).length > 0) {
    lines.push("", "  Early-stopping percentile estimates (N/A = insufficient samples):");
    for (const entry of Object.entries(early)) lines.push(percentileLine(entry, unit));
  }
  return lines;
}

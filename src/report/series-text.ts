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
import { displayValue, withUnit, type DisplayUnit } from "./text-format.ts";

/** Width of the longest histogram bar. */
const HISTOGRAM_BAR_WIDTH = 30;

/** Bar length for `count` when the fullest bucket holds `maxCount`: non-empty buckets get ≥ 1 mark. */
export function barLength(count: number, maxCount: number, width = HISTOGRAM_BAR_WIDTH): number {
  if (count <= 0 || maxCount <= 0) return 0;
  return Math.max(1, Math.round((count / maxCount) * width));
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

/** "[lo, hi) |#### count" lines, labels padded so the bars line up. */
export function histogramLines(buckets: [number, number][], counts: number[], unit: DisplayUnit): string[] {
  const decimals = edgeDecimals(buckets, unit);
  const edge = (v: number) =>
    decimals === 2 ? displayValue(v, unit) : (unit === "ms" ? v / 1e6 : v).toFixed(decimals);
  const labels = buckets.map(([lo, hi], i) => {
    const close = i === buckets.length - 1 ? "]" : ")";
    return `[${edge(lo)}, ${edge(hi)}${close}`;
  });
  const labelWidth = Math.max(0, ...labels.map((l) => l.length));
  const maxCount = Math.max(0, ...counts);
  return labels.map((label, i) => {
    const count = counts[i] ?? 0;
    return `${label.padEnd(labelWidth)} |${"#".repeat(barLength(count, maxCount))} ${count}`;
  });
}

/** Lines for one series; a series without values says so in one line. */
export function seriesLines(title: string, rollup: Rollup, unit: DisplayUnit): string[] {
  if (!hasValues(rollup)) return [`${title}: not recorded`];
  const lines = [
    `${title}:`,
    `  Min: ${withUnit(rollup.min, unit)}`,
    `  Max: ${withUnit(rollup.max, unit)}`,
    `  Median: ${withUnit(rollup.median, unit)}`,
    `  Avg.: ${withUnit(rollup.avg, unit)}`,
    `  Std Dev.: ${withUnit(rollup.std_dev, unit)}`,
    "",
    "  Histogram:",
    ...histogramLines(rollup.histogram.buckets, rollup.histogram.counts, unit).map((l) => `    ${l}`),
    "",
    "  Percentiles:",
    ...Object.entries(rollup.percentiles).map(([p, v]) => `    ${p}: ${withUnit(v, unit)}`),
  ];
  if (rollup.early_stopping_percentiles) {
    lines.push("", "  Early-stopping percentile estimates (N/A = insufficient samples):");
    for (const [p, v] of Object.entries(rollup.early_stopping_percentiles))
      lines.push(`    ${p}: ${withUnit(v, unit)}`);
  }
  return lines;
}

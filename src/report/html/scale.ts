/**
 * @module report/html/scale — chart axes: nice domains, tick positions and tick labels (pure).
 *
 * Linear axes use 1-2-5 steps (Heckbert, "Nice numbers for graph labels", Graphics Gems, 1990);
 * log axes snap to whole decades and add 2× and 5× ticks when only a few decades are shown.
 * A chart switches to a log axis when its positive values span more than two decades.
 */

export type ScaleKind = "linear" | "log";

export interface Axis {
  kind: ScaleKind;
  /** Domain after rounding out to ticks; min < max, and min > 0 on a log axis. */
  min: number;
  max: number;
  ticks: number[];
}

/** Values must span more than this ratio (two decades) for a log axis. */
const LOG_SPAN_RATIO = 100;
const DEFAULT_TICK_COUNT = 6;

/** The 1, 2, 5 × 10^k step closest above `raw` (raw > 0). */
export function niceStep(raw: number): number {
  const exp = Math.floor(Math.log10(raw));
  const base = 10 ** exp;
  const f = raw / base;
  const nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
  return nice * base;
}

/** Rounds away binary noise (0.1 + 0.2) so ticks print and compare cleanly. */
function clean(v: number): number {
  return Number(v.toPrecision(12));
}

/** A linear axis covering [lo, hi] with about `target` ticks on multiples of a nice step (≥ minStep). */
export function linearAxis(lo: number, hi: number, target = DEFAULT_TICK_COUNT, minStep = 0): Axis {
  if (!(hi > lo)) {
    const pad = Math.abs(lo) > 0 ? Math.abs(lo) * 0.5 : 1;
    return linearAxis(lo >= 0 && lo - pad < 0 ? 0 : lo - pad, hi + pad, target, minStep);
  }
  const step = Math.max(niceStep((hi - lo) / target), minStep);
  const min = clean(Math.floor(lo / step + 1e-9) * step);
  const max = clean(Math.ceil(hi / step - 1e-9) * step);
  const ticks: number[] = [];
  for (let i = 0; ; i++) {
    const t = clean(min + i * step);
    if (t > max + step * 1e-9) break;
    ticks.push(t);
  }
  return { kind: "linear", min, max, ticks };
}

/** A log axis from the decade at or below `lo` to the decade at or above `hi` (0 < lo ≤ hi). */
export function logAxis(lo: number, hi: number): Axis {
  const minExp = Math.floor(Math.log10(lo) + 1e-9);
  let maxExp = Math.ceil(Math.log10(hi) - 1e-9);
  if (maxExp <= minExp) maxExp = minExp + 1;
  const decades = maxExp - minExp;
  const multiples = decades <= 3 ? [1, 2, 5] : [1];
  const ticks: number[] = [];
  for (let e = minExp; e <= maxExp; e++) {
    for (const m of multiples) {
      if (e === maxExp && m > 1) break;
      ticks.push(clean(m * 10 ** e));
    }
  }
  return { kind: "log", min: clean(10 ** minExp), max: clean(10 ** maxExp), ticks };
}

/** True when the positive values span more than two decades. */
export function spansDecades(minPositive: number, max: number): boolean {
  return minPositive > 0 && max / minPositive > LOG_SPAN_RATIO;
}

/** `v` mapped onto pixels: domain min → `from`, domain max → `to` (clamped to the domain). */
export function project(axis: Axis, v: number, from: number, to: number): number {
  let t: number;
  if (axis.kind === "log") {
    const lv = Math.log10(Math.min(Math.max(v, axis.min), axis.max));
    t = (lv - Math.log10(axis.min)) / (Math.log10(axis.max) - Math.log10(axis.min));
  } else {
    t = (Math.min(Math.max(v, axis.min), axis.max) - axis.min) / (axis.max - axis.min);
  }
  return from + t * (to - from);
}

function trimmed(v: number): string {
  return String(Number(v.toPrecision(4)));
}

/** Short tick label: 0.05, 1.5, 250, 12k, 3.5M. */
export function formatTick(v: number): string {
  const abs = Math.abs(v);
  if (abs >= 1e6) return `${trimmed(v / 1e6)}M`;
  if (abs >= 1e4) return `${trimmed(v / 1e3)}k`;
  return trimmed(v);
}

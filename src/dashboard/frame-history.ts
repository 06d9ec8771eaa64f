/**
 * @module dashboard/frame-history — the phase's figures once a second, for the last-10-s window and the sparklines.
 *
 * The figures are live-metrics/live-state's cumulative counters and histograms (the one tally every
 * live view reads), read when the dashboard redraws (in main, never per request). A window is the difference between now and the sample at least WINDOW_MS
 * old; a sparkline point, between two samples a second apart, is computed when the newer one is
 * kept. Only the samples a window can still start from are kept (about WINDOW_MS of them) and
 * KEPT_POINTS points, so a long run holds as much as a short one.
 */
import type { PhaseFigures } from "../live-metrics/live-state.ts";
import { histogramSince, quantileS } from "../live-metrics/live-histogram.ts";
import type { SloCounts } from "./slo-tally.ts";

/** The recent window of the dashboard's rates and percentiles. */
const WINDOW_MS = 10_000;
const SAMPLE_EVERY_MS = 1_000;
/** Two minutes of points: wider than any sparkline. */
const KEPT_POINTS = 120;

export interface TimedFigures {
  atMs: number;
  figures: PhaseFigures;
  /** Requests judged against `--slo` and those that met it; null without `--slo`. */
  slo: SloCounts | null;
}

/** One point per second: completions per second, TTFT p99 (ms; null: none that second), requests in flight. */
export interface SeriesPoints {
  rate: (number | null)[];
  ttftP99Ms: (number | null)[];
  inFlight: (number | null)[];
}

const noPoints = (): SeriesPoints => ({ rate: [], ttftP99Ms: [], inFlight: [] });

export class FrameHistory {
  private samples: TimedFigures[] = [];
  private series: SeriesPoints = noPoints();

  /** A new phase: its figures start again from zero. */
  reset(first: TimedFigures): void {
    this.samples = [first];
    this.series = noPoints();
  }

  /** Keeps `sample` when a second has passed since the last one kept. */
  observe(sample: TimedFigures): void {
    const last = this.samples[this.samples.length - 1];
    if (last && sample.atMs - last.atMs < SAMPLE_EVERY_MS) return;
    if (last) this.addPoint(last, sample);
    this.samples.push(sample);
    // A window from now on starts at the newest sample WINDOW_MS before this one, or later.
    let oldestNeeded = 0;
    for (let i = 0; i < this.samples.length; i++)
      if (sample.atMs - (this.samples[i] as TimedFigures).atMs >= WINDOW_MS) oldestNeeded = i;
    if (oldestNeeded > 0) this.samples.splice(0, oldestNeeded);
  }

  /** Samples held now (for tests: bounded by the window, not by the run). */
  get held(): number {
    return this.samples.length;
  }

  /** The newest sample at least WINDOW_MS before `nowMs`, else the oldest (the phase is younger than the window). */
  windowBase(nowMs: number): TimedFigures | null {
    let base: TimedFigures | null = this.samples[0] ?? null;
    for (const s of this.samples) {
      if (nowMs - s.atMs >= WINDOW_MS) base = s;
      else break;
    }
    return base;
  }

  points(): SeriesPoints {
    return this.series;
  }

  private addPoint(older: TimedFigures, newer: TimedFigures): void {
    const spanS = (newer.atMs - older.atMs) / 1000;
    const p99 = quantileS(histogramSince(newer.figures.ttft, older.figures.ttft), 99);
    const s = this.series;
    s.rate.push(spanS > 0 ? (newer.figures.completed - older.figures.completed) / spanS : null);
    s.ttftP99Ms.push(p99 === null ? null : p99 * 1000);
    s.inFlight.push(newer.figures.inFlight);
    if (s.rate.length > KEPT_POINTS) for (const list of [s.rate, s.ttftP99Ms, s.inFlight]) list.shift();
  }
}

/**
 * @module dashboard/frame-history — the phase's figures once a second, for the last-10-s window and the sparklines.
 *
 * The figures are live-metrics/live-state's cumulative counters and histograms, read when the
 * dashboard redraws (in main, never per request). A window is the difference between now and
 * the sample at least WINDOW_MS old; a sparkline point is the difference between two samples a
 * second apart. The history is bounded (KEPT_SAMPLES), so a long run holds as much as a short one.
 */
import type { HistogramSnapshot } from "../live-metrics/histogram.ts";
import type { PhaseFigures } from "../live-metrics/live-state.ts";
import { histogramQuantileS, histogramSince } from "./histogram-quantile.ts";
import type { SloCounts } from "./slo-tally.ts";

/** The recent window of the dashboard's rates and percentiles. */
const WINDOW_MS = 10_000;
const SAMPLE_EVERY_MS = 1_000;
/** Two minutes of points: wider than any sparkline, and more than the window. */
const KEPT_SAMPLES = 120;

export interface TimedFigures {
  atMs: number;
  figures: PhaseFigures;
  /** Requests judged against `--slo` and those that met it; null without `--slo`. */
  slo: SloCounts | null;
  /** The phase's inter-token gaps so far (dashboard/itl-tally). */
  itl: HistogramSnapshot;
}

/** One point per second: completions per second, TTFT p99 (ms; null: none that second), requests in flight. */
export interface SeriesPoints {
  rate: (number | null)[];
  ttftP99Ms: (number | null)[];
  inFlight: (number | null)[];
}

export class FrameHistory {
  private samples: TimedFigures[] = [];

  /** A new phase: its figures start again from zero. */
  reset(first: TimedFigures): void {
    this.samples = [first];
  }

  /** Keeps `sample` when a second has passed since the last one kept. */
  observe(sample: TimedFigures): void {
    const last = this.samples[this.samples.length - 1];
    if (last && sample.atMs - last.atMs < SAMPLE_EVERY_MS) return;
    this.samples.push(sample);
    if (this.samples.length > KEPT_SAMPLES) this.samples.splice(0, this.samples.length - KEPT_SAMPLES);
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
    const points: SeriesPoints = { rate: [], ttftP99Ms: [], inFlight: [] };
    for (let i = 1; i < this.samples.length; i++) {
      const older = this.samples[i - 1] as TimedFigures;
      const newer = this.samples[i] as TimedFigures;
      const spanS = (newer.atMs - older.atMs) / 1000;
      points.rate.push(spanS > 0 ? (newer.figures.completed - older.figures.completed) / spanS : null);
      const p99 = histogramQuantileS(histogramSince(newer.figures.ttft, older.figures.ttft), 99);
      points.ttftP99Ms.push(p99 === null ? null : p99 * 1000);
      points.inFlight.push(newer.figures.inFlight);
    }
    return points;
  }
}

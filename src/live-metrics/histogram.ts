/**
 * @module live-metrics/histogram — a Prometheus histogram with fixed bounds in seconds, filled one value at a time.
 *
 * Live views need bounded memory and a cheap update, not exact percentiles (the report keeps those):
 * a value costs a walk over at most a dozen bounds. The bounds are fixed so that every run and
 * every shard can be summed in PromQL (`sum by (le)`); docs/metrics.md "Live metrics" lists them.
 */

/** TTFT and latency: 5 ms to 2 min, for anything from a cached prefix to a long reasoning answer. */
export const LATENCY_BOUNDS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120] as const;
/** TPOT: 1 ms (a fast engine at small batch) to 1 s per token (an overloaded one). */
export const TPOT_BOUNDS_S = [0.001, 0.0025, 0.005, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.25, 0.5, 1] as const;
/** Schedule lag: 100 µs (a quiet host) to 10 s (a run that cannot keep its rate). */
export const LAG_BOUNDS_S = [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 10] as const;

export interface HistogramSnapshot {
  boundsS: readonly number[];
  /** Cumulative counts per bound, then the +Inf bucket (= count). */
  cumulative: number[];
  sumS: number;
  count: number;
}

export class Histogram {
  /** Per bucket (not cumulative): values ≤ bounds[i] and above the bound before; the last is +Inf. */
  private readonly counts: Float64Array;
  private sumS = 0;
  private count = 0;

  constructor(private readonly boundsS: readonly number[]) {
    this.counts = new Float64Array(boundsS.length + 1);
  }

  /** Adds one value, in seconds; NaN (no such value) is skipped. */
  observe(valueS: number): void {
    if (Number.isNaN(valueS)) return;
    let i = 0;
    while (i < this.boundsS.length && valueS > (this.boundsS[i] as number)) i++;
    this.counts[i] = (this.counts[i] as number) + 1;
    this.sumS += valueS;
    this.count++;
  }

  snapshot(): HistogramSnapshot {
    const cumulative: number[] = [];
    let running = 0;
    for (const n of this.counts) cumulative.push((running += n));
    return { boundsS: this.boundsS, cumulative, sumS: this.sumS, count: this.count };
  }
}

/**
 * @module dashboard/itl-tally — the phase's inter-token latencies (gaps between a stream's chunks), as a bounded histogram.
 *
 * The live state keeps TTFT, TPOT and latency but not ITL: a stream's gaps are in its record
 * (chunkGapsNs), one value per chunk, so the dashboard files them here as records arrive, in
 * TPOT's buckets (1 ms to 1 s, live-metrics/histogram). A bucket walk per chunk, in main, only
 * while the dashboard is up; successful streams only, as the report's ITL.
 */
import { Histogram, type HistogramSnapshot, TPOT_BOUNDS_S } from "../live-metrics/histogram.ts";
import type { RequestRecord } from "../record/request-record.ts";

const NS_PER_S = 1e9;

export class ItlTally {
  private phase: string | null = null;
  private gaps = new Histogram(TPOT_BOUNDS_S);

  startPhase(phase: string): void {
    this.phase = phase;
    this.gaps = new Histogram(TPOT_BOUNDS_S);
  }

  add(records: readonly RequestRecord[]): void {
    for (const r of records) {
      if (r.phase !== this.phase || r.errorKind !== null || r.chunkGapsNs === null) continue;
      for (const gapNs of r.chunkGapsNs) this.gaps.observe(gapNs / NS_PER_S);
    }
  }

  snapshot(): HistogramSnapshot {
    return this.gaps.snapshot();
  }
}

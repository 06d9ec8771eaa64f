/** @module scripts/bench/lib/section — what every benchmark section receives and returns. */
import type { Row } from "./table.ts";

export interface SectionContext {
  /** Measurements per figure (medians are reported). */
  repeats: number;
  /** Seconds per throughput run (wrk -d, and the size of inference-endpoint's runs). */
  seconds: number;
  /** `--requests`: the offline sections' run size, fixed (to compare builds at one size); null: calibrated to `seconds`. */
  offlineRequests: number | null;
  /** Requests in the large offline run (1,000,000 by default). */
  millionSamples: number;
  /** wrk is installed: without it the peer columns stay empty. */
  wrk: boolean;
  /** A temp dir of this section's own, removed afterwards. */
  tmp: string;
}

export interface Section {
  name: string;
  description: string;
  run(ctx: SectionContext): Promise<Row[]>;
}

export function progress(message: string): void {
  console.error(`  ${message}`);
}

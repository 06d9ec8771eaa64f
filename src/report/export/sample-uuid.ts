/**
 * @module report/export/sample-uuid — the 32-hex `sample_uuid` of a request, shared by events.jsonl and sample_idx_map.json.
 *
 * Upstream draws a random uuid4 per issued sample and keeps it only in its files. events.db
 * identifies a sample by its run, phase and plan index, so ours is derived from those: the
 * first 16 hex digits are a SHA-256 of the run's T0 (wall clock, ms) and the phase name, the
 * last 16 the plan index. Exporting twice gives the same ids; two runs do not share them; a
 * reader can take the plan index back from the last 16 digits. Retries of one plan entry share
 * its id, as a re-issued sample does upstream.
 */
import { createHash } from "node:crypto";

/** Returns the id function for one run, keyed by its `t0_epoch_ms` (run table). */
export function sampleUuids(t0EpochMs: string): (phase: string, planIndex: number) => string {
  const prefixes = new Map<string, string>();
  return (phase, planIndex) => {
    let prefix = prefixes.get(phase);
    if (prefix === undefined) {
      prefix = createHash("sha256").update(`${t0EpochMs}\0${phase}`).digest("hex").slice(0, 16);
      prefixes.set(phase, prefix);
    }
    return prefix + planIndex.toString(16).padStart(16, "0");
  };
}

/**
 * @module dashboard/slo-tally — how many of the phase's requests met `--slo`, counted as their records arrive.
 *
 * The rule is metrics/goodput's: a request meets the SLO when it succeeded and each metric with
 * a limit is within it (a TTFT or TPOT limit on a request that did not stream is not met; a
 * stream with nothing after its first chunk has no TPOT to exceed). Requests the run cancelled
 * are not judged. Counts are of attempts, as the live state's are. Kept only when the dashboard
 * is up and `--slo` is given: a few comparisons per record, in main.
 */
import { tokensAfterFirstChunk, tpotOf } from "../metrics/request-values.ts";
import type { RequestRecord } from "../record/request-record.ts";

export interface SloLimitsMs {
  ttft_ms: number | null;
  tpot_ms: number | null;
  latency_ms: number | null;
}

export interface SloCounts {
  met: number;
  judged: number;
}

const MS = 1e6;

/** Whether one record met every limit (pure; the report's rule, metrics/goodput). */
export function meetsSlo(r: RequestRecord, slo: SloLimitsMs): boolean {
  if (r.errorKind !== null) return false;
  const first = r.firstTokenNs;
  if (slo.ttft_ms !== null && (first === null || !(first - r.sentNs <= slo.ttft_ms * MS))) return false;
  if (slo.latency_ms !== null && !(r.doneNs - r.sentNs <= slo.latency_ms * MS)) return false;
  if (slo.tpot_ms !== null) {
    if (first === null) return false;
    const after = tokensAfterFirstChunk(null, r.chunkTokens, r.chunkCount);
    if (after >= 1 && !(tpotOf(r.doneNs, first, after) <= slo.tpot_ms * MS)) return false;
  }
  return true;
}

export class SloTally {
  private phase: string | null = null;
  private counts: SloCounts = { met: 0, judged: 0 };

  constructor(private readonly slo: SloLimitsMs) {}

  startPhase(phase: string): void {
    this.phase = phase;
    this.counts = { met: 0, judged: 0 };
  }

  add(records: readonly RequestRecord[]): void {
    for (const r of records) {
      if (r.phase !== this.phase || r.errorKind === "cancelled") continue;
      this.counts.judged++;
      if (meetsSlo(r, this.slo)) this.counts.met++;
    }
  }

  read(): SloCounts {
    return { ...this.counts };
  }
}

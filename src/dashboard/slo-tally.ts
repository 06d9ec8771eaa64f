/**
 * @module dashboard/slo-tally — how many of the phase's requests met `--slo`, counted as their records arrive.
 *
 * The rule is metrics/goodput's own predicate (meetsSlo): a request meets the SLO when it
 * succeeded and each metric with a limit is within it. Requests the run cancelled are not judged,
 * as the report's attainment leaves them out. Counts are of attempts, as the live state's are. Kept only when the dashboard
 * is up and `--slo` is given: a few comparisons per record, in main.
 */
import { meetsSlo, type SloLimitsMs, type SloRequest } from "../metrics/goodput.ts";
import { tokensAfterFirstChunk } from "../metrics/request-values.ts";
import type { RequestRecord } from "../record/request-record.ts";

export type { SloLimitsMs } from "../metrics/goodput.ts";

export interface SloCounts {
  met: number;
  judged: number;
}

/** One record as metrics/goodput's rule reads a request (a TPOT from the chunks' tokens, as the live TPOT's). */
export function sloRequestOf(r: RequestRecord): SloRequest {
  return {
    failed: r.errorKind !== null,
    sentNs: r.sentNs,
    firstTokenNs: r.firstTokenNs ?? Number.NaN,
    firstAnswerNs: r.firstAnswerNs ?? Number.NaN,
    doneNs: r.doneNs,
    tokensAfterFirst: tokensAfterFirstChunk(null, r.chunkTokens, r.chunkCount),
  };
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
      if (meetsSlo(sloRequestOf(r), this.slo)) this.counts.met++;
    }
  }

  read(): SloCounts {
    return { ...this.counts };
  }
}

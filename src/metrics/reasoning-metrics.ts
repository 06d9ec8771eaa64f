/**
 * @module metrics/reasoning-metrics — a phase's figures for reasoning models: TTFO, TPOT over the answer, reasoning and answer tokens.
 *
 * Present only when a successful request reasoned (usage counted reasoning tokens, or reasoning
 * chunks came before its answer), so the reports of runs that did not reason stay as they were.
 * Each series is a request's value from metrics/request-values, rolled up as TTFT and TPOT are
 * (early stopping on neither: upstream has no such estimate for them).
 */
import type { PhaseColumns } from "./phase-columns.ts";
import { isSuccessful } from "./request-values.ts";
import { rollupSorted, type Rollup } from "./series-rollup.ts";
import type { SortedSeries } from "./sorted-series.ts";

export interface ReasoningMetrics {
  /** Sent → the first chunk that is not reasoning. */
  ttfoNs: Rollup;
  /** (done − first answer chunk) / the answer's tokens after it. */
  tpotAnswerNs: Rollup;
  /** Reasoning tokens per successful request (0 where it did not reason). */
  reasoningTokens: Rollup;
  /** Output tokens less reasoning tokens per successful request. */
  answerTokens: Rollup;
  /** Successful requests that reasoned. */
  reasoned: number;
}

/** The phase's reasoning figures, or null when no successful request reasoned. */
export function reasoningMetrics(cols: PhaseColumns, series: SortedSeries): ReasoningMetrics | null {
  let reasoned = 0;
  for (let i = 0; i < cols.count; i++)
    if (isSuccessful(cols, i) && (cols.splitReasoningTokens[i] as number) > 0) reasoned++;
  if (reasoned === 0) return null;
  const plain = { earlyStopping: false };
  return {
    ttfoNs: rollupSorted(series.get("ttfo"), plain),
    tpotAnswerNs: rollupSorted(series.get("tpotAnswer"), { ...plain, float: true }),
    reasoningTokens: rollupSorted(series.get("reasoningTokens"), plain),
    answerTokens: rollupSorted(series.get("answerTokens"), plain),
    reasoned,
  };
}

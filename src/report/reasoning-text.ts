/**
 * @module report/reasoning-text — the reasoning/answer token split as the reports' summary shows it, when a request reasoned.
 *
 * TTFO and TPOT over the answer are series of their own (report.txt's breakdowns, report.html's
 * percentile table); the token split is one line: the mean reasoning and answer tokens per
 * request, which add up to the mean output length.
 */
import { hasValues } from "../metrics/series-rollup.ts";
import type { ResultSummary } from "./result-summary.ts";
import { fixed2 } from "./text-format.ts";

/** [label, text] of the split; none when no request reasoned. */
export function reasoningTokenRows(s: Pick<ResultSummary, "reasoning_tokens" | "answer_tokens">): [string, string][] {
  const reasoning = s.reasoning_tokens;
  const answer = s.answer_tokens;
  if (!reasoning || !answer || !hasValues(reasoning)) return [];
  const answerMean = hasValues(answer) ? fixed2(answer.avg) : "N/A";
  return [["Reasoning / answer tokens per request (mean)", `${fixed2(reasoning.avg)} / ${answerMean}`]];
}

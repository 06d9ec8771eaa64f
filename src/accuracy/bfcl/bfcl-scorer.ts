/**
 * @module accuracy/bfcl/bfcl-scorer — `eval_method: bfcl_v4` as one of our scorers: every issued
 * sample of the BFCL dataset — its response kept as its parts (see client/structured-output), a
 * failed one as empty text, one that never completed as missing — scored by
 * accuracy/bfcl/bfcl-score, with upstream's breakdown in the accuracy entry.
 *
 * The extractor named in the config (function_call_extractor, as upstream requires) is applied
 * inside the scorer to the text upstream scores (the merged tool calls, or the text), not to the
 * stored parts.
 */
import { parseStructuredOutput } from "../../client/structured-output.ts";
import type { Scorer } from "../scorer.ts";
import { scoreBfcl } from "./bfcl-score.ts";

const text = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value ?? null));

export const bfclScorer: Scorer = {
  scoresEveryResponse: true,
  scoresMissing: true,
  scoresNothingIssued: true,
  score: async (samples) => {
    const { score, breakdown } = scoreBfcl(
      samples.map((s) => ({
        subset: text(s.row.subset),
        groundTruth: text(s.row.ground_truth),
        funcDescription: typeof s.row.func_description === "string" ? s.row.func_description : null,
        // As upstream: a sample that never completed scores 0; a failed one is scored as the empty text.
        output: s.missing
          ? null
          : (parseStructuredOutput(s.response ?? "") ?? {
              content: s.response ?? "",
              reasoningContent: "",
              toolCalls: [],
            }),
      })),
    );
    return { passed: score * samples.length, complete: true, score, breakdown };
  },
};

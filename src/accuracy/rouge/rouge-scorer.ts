/**
 * @module accuracy/rouge/rouge-scorer — `eval_method: rouge`, scored as mlcommons/endpoints scores
 * it (the MLPerf reference evaluation for CNN/DailyMail and OpenOrca):
 *
 * - every completed sample counts, a failed one as empty text; the extractor is not applied;
 * - predictions and references are stripped, split into sentences as `nltk.sent_tokenize` splits
 *   English (accuracy/rouge/punkt-*) and rejoined one sentence per line (ROUGE-Lsum reads lines);
 * - ROUGE-1, ROUGE-2, ROUGE-L and ROUGE-Lsum F-measures with stemming (accuracy/rouge/rouge-score),
 *   each averaged over the samples as numpy does, times 100, rounded to 4 decimals as numpy rounds,
 *   and written as Python prints a float;
 * - `gen_len` is the characters of all prepared predictions, `gen_num` how many there are.
 *
 * The score is that mapping, not one number, so it stays out of `average_accuracy`, as upstream.
 */
import { groundTruthText } from "../sample-scorers.ts";
import type { Scorer } from "../scorer.ts";
import { numpyMean, numpyRound, pythonFloatText } from "./numpy-numbers.ts";
import { rougeScores, type RougeFMeasures } from "./rouge-score.ts";

const ROUGE_KEYS = ["rouge1", "rouge2", "rougeL", "rougeLsum"] as const;

async function preparer(): Promise<(text: string) => string> {
  // The sentence splitter's English parameters are only loaded when something is scored with rouge.
  const { splitSentences } = await import("./punkt-tokenizer.ts");
  return (text) => splitSentences(text.trim()).join("\n");
}

export const rougeScorer: Scorer = {
  scoresEveryResponse: true,
  async score(samples) {
    const prepare = await preparer();
    const predictions = samples.map((s) => prepare(s.response ?? ""));
    const references = samples.map((s) => prepare(groundTruthText(s.groundTruth) ?? ""));
    const perSample: RougeFMeasures[] = predictions.map((p, i) => rougeScores(references[i] as string, p));
    const score: Record<string, string | number> = {};
    for (const key of ROUGE_KEYS) {
      score[key] = pythonFloatText(numpyRound(numpyMean(Float64Array.from(perSample, (s) => s[key])) * 100, 4));
    }
    score.gen_len = String(predictions.reduce((sum, p) => sum + [...p].length, 0));
    score.gen_num = predictions.length;
    return { passed: 0, complete: true, score };
  },
};

/**
 * @module accuracy/scorer-registry — scorers by the names configs use (`accuracy_config.eval_method`).
 *
 * Which of them need an extractor, and their options, are in scoring-setup.ts (read by config
 * validation). Upstream's other scorers (the rest of config/schema/dataset's EVAL_METHODS:
 * vbench, …) are recognised and rejected with a clear message rather than as unknown names.
 */
import { EVAL_METHODS } from "../config/schema/dataset.ts";
import { InputError } from "../errors.ts";
import { bfclScorer } from "./bfcl/bfcl-scorer.ts";
import { codeBenchScorer } from "./code-bench/code-bench-scorer.ts";
import { rougeScorer } from "./rouge/rouge-scorer.ts";
import { exactMatch, groundTruthText, passAt1, stringMatch, type SampleComparison } from "./sample-scorers.ts";
import { shopifyCategoryF1Scorer } from "./shopify-category-f1.ts";
import type { Scorer } from "./scorer.ts";
import type { ScorerName } from "./scoring-setup.ts";

/** A scorer that compares each sample's answer with its ground truth. */
function comparisonScorer(compare: SampleComparison): Scorer {
  return {
    score: async (samples) => ({
      passed: samples.reduce((sum, s) => sum + compare(s.extracted, groundTruthText(s.groundTruth)), 0),
      complete: true,
    }),
  };
}

/** Per-sample scorers; agentic_inference_inline grades whole conversations (accuracy/score-conversations). */
const SCORERS: Readonly<Record<Exclude<ScorerName, "agentic_inference_inline">, Scorer>> = {
  bfcl_v4: bfclScorer,
  code_bench_scorer: codeBenchScorer,
  exact_match: comparisonScorer(exactMatch),
  pass_at_1: comparisonScorer(passAt1),
  rouge: rougeScorer,
  shopify_category_f1: shopifyCategoryF1Scorer,
  string_match: comparisonScorer(stringMatch),
};

/** Registered scorer names, sorted. */
export function scorerNames(): string[] {
  return Object.keys(SCORERS).sort();
}

/** The scorer called `name`; an unknown or unsupported name is an InputError listing the registered ones. */
export function getScorer(name: string): Scorer {
  const scorer = Object.hasOwn(SCORERS, name) ? SCORERS[name as keyof typeof SCORERS] : undefined;
  if (scorer) return scorer;
  if (name === "agentic_inference_inline")
    throw new InputError(
      "agentic_inference_inline scores the performance dataset of a conversation run, not an accuracy dataset",
      { hint: "put it on the performance dataset that has the agentic_inference block" },
    );
  const hint = `accuracy_config.eval_method must be one of: ${scorerNames().join(", ")}`;
  if ((EVAL_METHODS as readonly string[]).includes(name))
    throw new InputError(`eval_method '${name}' is not supported by this tool yet`, { hint });
  throw new InputError(`unknown eval_method '${name}'`, { hint });
}

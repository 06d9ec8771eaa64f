/**
 * @module accuracy/bfcl/bfcl-score — `eval_method: bfcl_v4` (single-turn): each sample scored
 * as mlcommons/endpoints' BFCLv4Scorer scores it, and its breakdown.
 *
 * Per sample, the text scored is the JSON of the response's merged tool calls when it made any,
 * else its reasoning and content. Hallucination subsets (irrelevance, live_irrelevance) score 1
 * when the response made no tool call; live_relevance scores 1 when it made one; every other
 * subset goes through BFCL's AST checker (accuracy/bfcl/ast-checker) on the calls
 * function_call_extractor reads from that text, in Java or JavaScript for simple_java and
 * simple_javascript, against the row's ground truth (an empty one: 1 when no call was made). A
 * sample that was issued and never completed scores 0 under its subset (so every mean divides by
 * the issued count); a failed request is scored as its empty text, as upstream (it passes the
 * hallucination subsets). total_samples counts the completed samples, issued_samples all of them. Breakdown, in percent to 2 places:
 * per subset; per category — live weighted by samples, non_live the mean of [mean of the
 * simple_* subsets] and its other subsets, hallucination a plain mean; their mean as
 * normalized_single_turn_score; overall_accuracy = the headline × 100. live_relevance is scored
 * but belongs to no category (unscored_subsets).
 */
import { roundLikePython } from "../agentic-inline/inline-score.ts";
import { extractFunctionCalls, hasNativeToolCalls } from "../extractors/function-call-extractor.ts";
import { numpyMean } from "../rouge/numpy-numbers.ts";
import { BFCL_CATEGORY_SUBSETS, SINGLE_TURN_SUBSETS } from "../../dataset/predefined/bfcl/bfcl-subsets.ts";
import { bfclAstCheck } from "./ast-checker.ts";
import { parseBfclJson } from "./py-values.ts";

// Upstream's category table (multi_turn's subsets never reach this scorer, so it stays empty).
const BFCL_CATEGORIES = BFCL_CATEGORY_SUBSETS;
const HALLUCINATION = new Set(BFCL_CATEGORIES.hallucination);
const RELEVANCE = new Set(["live_relevance"]);
const LANGUAGE: Readonly<Record<string, "java" | "javascript">> = {
  simple_java: "java",
  simple_javascript: "javascript",
};
/** The checker converts underscores back to dots in function names for function-calling models ("-FC"). */
const CHECKER_MODEL_NAME = "gpt-4o-2024-11-20-FC";

interface BfclSample {
  subset: string;
  groundTruth: string;
  funcDescription: string | null;
  /** The response's parts (a failed request's are empty); null when it never completed. */
  output: { content: string; reasoningContent: string; toolCalls: readonly unknown[] } | null;
}

type BfclBreakdown = {
  overall_accuracy: number;
  normalized_single_turn_score: number;
  category_scores: Record<string, number>;
  subset_scores: Record<string, number>;
  unscored_subsets: Record<string, number>;
  total_samples: number;
  issued_samples: number;
};

/** np.mean and Python's round(·, 2), so the breakdown matches upstream's to the last digit. */
const mean = (values: readonly number[]): number => numpyMean(Float64Array.from(values));
const percent = (fraction: number): number => roundLikePython(fraction * 100, 2);

/** The text upstream scores: the merged tool calls as JSON, else reasoning + content. */
export function scoringText(output: NonNullable<BfclSample["output"]>): string {
  return output.toolCalls.length > 0 ? JSON.stringify(output.toolCalls) : output.reasoningContent + output.content;
}

/** Python's `bool(value)` for a JSON value. */
function truthy(value: unknown): boolean {
  if (Array.isArray(value) || typeof value === "string") return value.length > 0;
  if (typeof value === "object" && value !== null) return Object.keys(value).length > 0;
  return Boolean(value);
}

function astScore(sample: BfclSample, text: string): number {
  // Python's JSON reading keeps 1.0 a float, which BFCL's type checks tell from 1 (accuracy/bfcl/py-values).
  let calls: unknown;
  try {
    calls = parseBfclJson(extractFunctionCalls(text) ?? "[]");
  } catch {
    calls = [];
  }
  const list = Array.isArray(calls) ? calls : [];
  let expected: unknown;
  try {
    expected = parseBfclJson(sample.groundTruth);
  } catch {
    return 0;
  }
  if (
    !expected ||
    (Array.isArray(expected) && expected.length === 0) ||
    (typeof expected === "object" && Object.keys(expected).length === 0)
  )
    return truthy(calls) ? 0 : 1;
  const output: Record<string, unknown>[] = [];
  for (const call of list) {
    if (typeof call !== "object" || call === null || !("name" in call)) continue;
    // As upstream's `call.get("arguments", {})`: an explicit null stays null.
    let args: unknown = "arguments" in call ? (call as { arguments: unknown }).arguments : {};
    if (typeof args === "string") {
      try {
        args = parseBfclJson(args);
      } catch {
        args = {};
      }
    }
    output.push({ [String((call as { name: unknown }).name)]: args });
  }
  const descriptions = sample.funcDescription ? (parseBfclJson(sample.funcDescription) as unknown[]) : [];
  return bfclAstCheck(
    descriptions,
    output,
    expected as unknown[],
    LANGUAGE[sample.subset] ?? "python",
    sample.subset,
    CHECKER_MODEL_NAME,
  ).valid
    ? 1
    : 0;
}

function scoreBfclSample(sample: BfclSample): number {
  if (sample.output === null) return 0;
  const text = scoringText(sample.output);
  if (HALLUCINATION.has(sample.subset)) return hasNativeToolCalls(text) ? 0 : 1;
  if (RELEVANCE.has(sample.subset)) return hasNativeToolCalls(text) ? 1 : 0;
  return astScore(sample, text);
}

/** Scores every issued sample; the headline fraction and upstream's breakdown. */
export function scoreBfcl(samples: readonly BfclSample[]): { score: number; breakdown: BfclBreakdown } {
  const completed = samples.filter((s) => s.output !== null).length;
  if (completed === 0) {
    return {
      score: 0,
      breakdown: {
        overall_accuracy: 0,
        normalized_single_turn_score: 0,
        category_scores: {},
        subset_scores: {},
        unscored_subsets: {},
        total_samples: 0,
        issued_samples: samples.length,
      },
    };
  }
  const bySubset = new Map<string, number[]>();
  const all: number[] = [];
  for (const sample of samples) {
    const score = scoreBfclSample(sample);
    all.push(score);
    bySubset.set(sample.subset, [...(bySubset.get(sample.subset) ?? []), score]);
  }
  const subsetMean = new Map([...bySubset].map(([name, scores]) => [name, mean(scores)]));
  const categories: Record<string, number> = {};
  for (const [category, subsets] of Object.entries(BFCL_CATEGORIES)) {
    const present = subsets.filter((s) => subsetMean.has(s));
    if (present.length === 0) continue;
    if (category === "live") {
      const n = present.reduce((sum, s) => sum + (bySubset.get(s)?.length ?? 0), 0);
      categories[category] =
        present.reduce((sum, s) => sum + (subsetMean.get(s) as number) * (bySubset.get(s)?.length ?? 0), 0) / n;
    } else if (category === "non_live") {
      const simple = present.filter((s) => s.startsWith("simple_")).map((s) => subsetMean.get(s) as number);
      categories[category] = mean([
        ...(simple.length > 0 ? [mean(simple)] : []),
        ...present.filter((s) => !s.startsWith("simple_")).map((s) => subsetMean.get(s) as number),
      ]);
    } else categories[category] = mean(present.map((s) => subsetMean.get(s) as number));
  }
  // Upstream's unscored subsets: the single-turn ones no category holds (live_relevance).
  const inCategory = new Set(Object.values(BFCL_CATEGORIES).flat());
  const unscored = new Set<string>(SINGLE_TURN_SUBSETS.filter((s) => !inCategory.has(s)));
  const score = mean(all);
  const categoryValues = Object.values(categories);
  return {
    score,
    breakdown: {
      overall_accuracy: percent(score),
      normalized_single_turn_score: percent(categoryValues.length > 0 ? mean(categoryValues) : 0),
      category_scores: Object.fromEntries(Object.entries(categories).map(([k, v]) => [k, percent(v)])),
      subset_scores: Object.fromEntries([...subsetMean].map(([k, v]) => [k, percent(v)])),
      unscored_subsets: Object.fromEntries(
        [...subsetMean].filter(([k]) => unscored.has(k)).map(([k, v]) => [k, percent(v)]),
      ),
      total_samples: completed,
      issued_samples: samples.length,
    },
  };
}

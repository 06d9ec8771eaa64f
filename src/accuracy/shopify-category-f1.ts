/**
 * @module accuracy/shopify-category-f1 — `eval_method: shopify_category_f1`, MLCommons' Qwen3-VL
 * hierarchical F1 as mlcommons/endpoints computes it.
 *
 * Every completed response counts (a failed one as empty text). A response is read as
 * ProductMetadata JSON — exactly the keys category (string), brand (string) and is_secondhand
 * (boolean, or a value Pydantic's lax mode takes for one), nothing around the object, no code
 * fence stripped — and its category trimmed; one that does not read as that predicts a pad
 * category as deep as the ground truth, which matches no level. Per pair, both paths are split on
 * `extras.category_separator` (" > "), each level trimmed, and the levels equal from the root up
 * to the first difference counted. Micro averages: HP = Σ matched / Σ predicted levels, HR =
 * Σ matched / Σ true levels, F1 = 2·HP·HR / (HP + HR), 0 when both are 0.
 */
import { pyStrip } from "./python-space.ts";
import { groundTruthText } from "./sample-scorers.ts";
import type { Scorer } from "./scorer.ts";

const PAD = "<|__PRED_CATEGORY_PAD__|>";
const KEYS = ["brand", "category", "is_secondhand"];
const TRUE_WORDS = new Set(["1", "on", "t", "true", "y", "yes"]);
const FALSE_WORDS = new Set(["0", "off", "f", "false", "n", "no"]);
/** A UTF-16 surrogate without its pair: Pydantic's JSON reader refuses a string holding one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function laxBoolean(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  if (value === 0 || value === 1) return value === 1;
  if (typeof value === "string") {
    const word = value.toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
  }
  return null;
}

/** The predicted category of a response, or null when it is not ProductMetadata JSON. */
export function predictedCategory(response: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(response);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (Object.keys(record).sort().join(",") !== KEYS.join(",")) return null;
  if (
    typeof record.category !== "string" ||
    typeof record.brand !== "string" ||
    laxBoolean(record.is_secondhand) === null ||
    LONE_SURROGATE.test(response)
  )
    return null;
  return pyStrip(record.category);
}

/** Upstream's pad path for an unreadable response: as many pad levels as the ground truth has. */
export function padCategory(truth: string, separator: string): string {
  return Array.from({ length: truth.split(separator).length }, () => PAD).join(separator);
}

/** The category a response predicts: its ProductMetadata category, else the pad path for `truth`. */
export function responseCategory(response: string, truth: string, separator: string): string {
  return predictedCategory(response) ?? padCategory(truth, separator);
}

/** Levels equal from the root, and each path's level count (upstream's `_match_hierarchical_paths`). */
export function matchLevels(predicted: string, truth: string, separator: string): [number, number, number] {
  const p = predicted.split(separator).map((level) => pyStrip(level));
  const t = truth.split(separator).map((level) => pyStrip(level));
  let matched = 0;
  while (matched < p.length && matched < t.length && p[matched] === t[matched]) matched++;
  return [matched, p.length, t.length];
}

export function hierarchicalF1(pairs: ReadonlyArray<readonly [string, string]>, separator: string): number {
  let matched = 0;
  let predicted = 0;
  let truth = 0;
  for (const [p, t] of pairs) {
    const [m, np, nt] = matchLevels(p, t, separator);
    matched += m;
    predicted += np;
    truth += nt;
  }
  const hp = predicted > 0 ? matched / predicted : 0;
  const hr = truth > 0 ? matched / truth : 0;
  return hp + hr === 0 ? 0 : (2 * hp * hr) / (hp + hr);
}

export const shopifyCategoryF1Scorer: Scorer = {
  scoresEveryResponse: true,
  score: async (samples, ctx) => {
    const separator = typeof ctx.extras.category_separator === "string" ? ctx.extras.category_separator : " > ";
    const pairs = samples.map((s): [string, string] => {
      const truth = pyStrip(groundTruthText(s.groundTruth) ?? "");
      return [responseCategory(s.response ?? "", truth, separator), truth];
    });
    return { passed: 0, complete: true, score: hierarchicalF1(pairs, separator) };
  },
};

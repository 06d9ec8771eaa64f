/**
 * @module accuracy/rouge/rouge-score — ROUGE-N, ROUGE-L and ROUGE-Lsum F-measures of one
 * prediction against one reference, as Google's `rouge_score` package computes them (the one
 * MLPerf's reference evaluation calls through Hugging Face `evaluate`, with `use_stemmer=True`).
 *
 * Tokens: lowercased text, every run of characters other than a–z and 0–9 made a space, split
 * on whitespace, tokens longer than 3 characters Porter-stemmed (NLTK's default mode), then only
 * tokens of a–z/0–9 kept. ROUGE-N counts clipped n-gram overlaps; ROUGE-L is the longest common
 * subsequence; ROUGE-Lsum splits both texts into sentences at newlines and takes, per reference
 * sentence, the union of its LCS with each predicted sentence, each token counted at most as
 * often as it occurs on both sides (ROUGE 1.5.5). F = 2PR/(P+R), 0 when P+R = 0.
 */
import { porterStem } from "./porter-stemmer.ts";

export interface RougeFMeasures {
  rouge1: number;
  rouge2: number;
  rougeL: number;
  rougeLsum: number;
}

const NOT_ALPHANUMERIC = /[^a-z0-9]+/g;
const TOKEN = /^[a-z0-9]+$/;

export function rougeTokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(NOT_ALPHANUMERIC, " ")
    .split(/\s+/)
    .map((token) => (token.length > 3 ? porterStem(token) : token))
    .filter((token) => TOKEN.test(token));
}

function fMeasure(precision: number, recall: number): number {
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

function ngramCounts(tokens: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const gram = tokens.slice(i, i + n).join(" ");
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

function rougeN(reference: readonly string[], prediction: readonly string[], n: number): number {
  const ref = ngramCounts(reference, n);
  const pred = ngramCounts(prediction, n);
  let overlap = 0;
  for (const [gram, count] of ref) overlap += Math.min(count, pred.get(gram) ?? 0);
  const refTotal = Math.max(0, reference.length - n + 1);
  const predTotal = Math.max(0, prediction.length - n + 1);
  return fMeasure(overlap / Math.max(predTotal, 1), overlap / Math.max(refTotal, 1));
}

/** The LCS length table, (rows+1) × (cols+1), row-major. */
function lcsTable(ref: readonly string[], can: readonly string[]): Uint32Array {
  const cols = can.length + 1;
  const table = new Uint32Array((ref.length + 1) * cols);
  for (let i = 1; i <= ref.length; i++) {
    for (let j = 1; j <= can.length; j++) {
      table[i * cols + j] =
        ref[i - 1] === can[j - 1]
          ? (table[(i - 1) * cols + j - 1] as number) + 1
          : Math.max(table[(i - 1) * cols + j] as number, table[i * cols + j - 1] as number);
    }
  }
  return table;
}

function rougeL(reference: readonly string[], prediction: readonly string[]): number {
  if (reference.length === 0 || prediction.length === 0) return 0;
  const lcs = lcsTable(reference, prediction)[(reference.length + 1) * (prediction.length + 1) - 1] as number;
  return fMeasure(lcs / prediction.length, lcs / reference.length);
}

/** Indices into `ref` of one LCS with `can`, read back as rouge_score does (ties move up a row). */
function lcsIndices(ref: readonly string[], can: readonly string[]): number[] {
  const table = lcsTable(ref, can);
  const cols = can.length + 1;
  const indices: number[] = [];
  let i = ref.length;
  let j = can.length;
  while (i > 0 && j > 0) {
    if (ref[i - 1] === can[j - 1]) {
      indices.push(i - 1);
      i--;
      j--;
    } else if ((table[i * cols + j - 1] as number) > (table[(i - 1) * cols + j] as number)) j--;
    else i--;
  }
  return indices.reverse();
}

function countTokens(sentences: readonly string[][]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const sentence of sentences) for (const token of sentence) counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}

function rougeLsum(referenceText: string, predictionText: string): number {
  const sentences = (text: string) =>
    text
      .split("\n")
      .filter((s) => s.length > 0)
      .map(rougeTokens);
  const ref = sentences(referenceText);
  const can = sentences(predictionText);
  const m = ref.reduce((sum, s) => sum + s.length, 0);
  const n = can.reduce((sum, s) => sum + s.length, 0);
  if (ref.length === 0 || can.length === 0 || m === 0 || n === 0) return 0;
  const refLeft = countTokens(ref);
  const canLeft = countTokens(can);
  let hits = 0;
  for (const r of ref) {
    const union = [...new Set(can.flatMap((c) => lcsIndices(r, c)))].sort((a, b) => a - b);
    for (const index of union) {
      const token = r[index] as string;
      if ((canLeft.get(token) ?? 0) > 0 && (refLeft.get(token) ?? 0) > 0) {
        hits++;
        canLeft.set(token, (canLeft.get(token) as number) - 1);
        refLeft.set(token, (refLeft.get(token) as number) - 1);
      }
    }
  }
  return fMeasure(hits / n, hits / m);
}

/** The four F-measures of `prediction` against `reference` (sentences already on their own lines). */
export function rougeScores(reference: string, prediction: string): RougeFMeasures {
  const ref = rougeTokens(reference);
  const pred = rougeTokens(prediction);
  return {
    rouge1: rougeN(ref, pred, 1),
    rouge2: rougeN(ref, pred, 2),
    rougeL: rougeL(ref, pred),
    rougeLsum: rougeLsum(reference, prediction),
  };
}

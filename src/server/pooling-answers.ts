/**
 * @module server/pooling-answers — what the mock answers embeddings and rerank requests with: pure functions.
 *
 * A vector is a function of its text alone (seeded by an FNV-1a hash of it), unit length, so the
 * same text always embeds the same and tests can compare vectors. A rerank score is the share of
 * the query's words the document holds: deterministic, and a document that repeats the query
 * ranks first. Tokens are counted as the mock counts prompts: its tokenizer, else words.
 */
import { seededRandom } from "./latency-model.ts";

/** FNV-1a over the text's UTF-16 units: a fast, stable 32-bit seed. */
function textSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** A unit vector of `dimensions` components for `text`, the same every time. */
export function embeddingOf(text: string, dimensions: number): number[] {
  const random = seededRandom(textSeed(text));
  const raw = Array.from({ length: dimensions }, () => random() * 2 - 1);
  const norm = Math.hypot(...raw) || 1;
  return raw.map((x) => x / norm);
}

/** The vector as OpenAI's `encoding_format: "base64"` sends it: little-endian float32s, base64 (the openai SDK asks for it). */
export function base64Embedding(vector: readonly number[]): string {
  return Buffer.from(new Float32Array(vector).buffer).toString("base64");
}

const wordsOf = (text: string): string[] => text.toLowerCase().split(/\s+/).filter(Boolean);

/** The share of the query's distinct words found in `document`, in [0, 1]. */
export function relevanceScore(query: string, document: string): number {
  const asked = new Set(wordsOf(query));
  if (asked.size === 0) return 0;
  const held = new Set(wordsOf(document));
  let found = 0;
  for (const word of asked) if (held.has(word)) found++;
  return found / asked.size;
}

interface RankedDocument {
  index: number;
  relevance_score: number;
}

/** Every document scored, best first (ties in input order), cut to `topN` when given. */
export function rankDocuments(query: string, documents: readonly string[], topN: number | null): RankedDocument[] {
  const ranked = documents
    .map((document, index) => ({ index, relevance_score: relevanceScore(query, document) }))
    .sort((a, b) => b.relevance_score - a.relevance_score || a.index - b.index);
  return topN === null ? ranked : ranked.slice(0, topN);
}

/** Tokens of `text`: the tokenizer's count, else its words (as the mock counts prompts). */
export function countText(text: string, count: ((text: string) => number) | null): number {
  return count ? count(text) : wordsOf(text).length;
}

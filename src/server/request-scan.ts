/**
 * @module server/request-scan — reads `stream`, `include_usage`, the token cap and the model from raw JSON text without parsing it.
 *
 * Fixed mode serves pre-encoded bytes, and `JSON.parse` of a long prompt would be its
 * largest per-request cost; these scans take a fraction of that. They match keys only: inside a
 * JSON string a quote is always escaped (`\"stream\"`), so `"stream":` cannot come from prompt
 * text. The one blind spot is the same key nested in another object (e.g. under `metadata`).
 */

const STREAM_TRUE = /"stream"\s*:\s*true/;
const INCLUDE_USAGE_TRUE = /"include_usage"\s*:\s*true/;
const MAX_COMPLETION_TOKENS = /"max_completion_tokens"\s*:\s*(\d+)/;
const MAX_TOKENS = /"max_tokens"\s*:\s*(\d+)/;
const MODEL = /"model"\s*:\s*"((?:[^"\\]|\\.)*)"/;

interface ScannedFlags {
  stream: boolean;
  includeUsage: boolean;
  /** `max_completion_tokens` ?? `max_tokens`; null when absent or null. */
  maxTokens: number | null;
  /** The `model` string; null when absent. */
  model: string | null;
}

export function scanRequestFlags(text: string): ScannedFlags {
  const cap = MAX_COMPLETION_TOKENS.exec(text) ?? MAX_TOKENS.exec(text);
  return {
    stream: STREAM_TRUE.test(text),
    includeUsage: INCLUDE_USAGE_TRUE.test(text),
    maxTokens: cap?.[1] === undefined ? null : Number(cap[1]),
    model: scanModel(text),
  };
}

function scanModel(text: string): string | null {
  const raw = MODEL.exec(text)?.[1];
  if (raw === undefined) return null;
  if (!raw.includes("\\")) return raw;
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    // Not a valid JSON string after all: the model is read as written.
    return raw;
  }
}

function isJsonSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** A cheap plausibility check standing in for a full parse: the text is wrapped in `{ … }`. */
export function looksLikeJsonObject(text: string): boolean {
  let start = 0;
  let end = text.length - 1;
  while (start <= end && isJsonSpace(text.charCodeAt(start))) start++;
  while (end >= start && isJsonSpace(text.charCodeAt(end))) end--;
  return end > start && text.charCodeAt(start) === 0x7b && text.charCodeAt(end) === 0x7d;
}

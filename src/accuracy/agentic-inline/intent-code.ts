/**
 * @module accuracy/agentic-inline/intent-code — workflow-domain intent codes (`I` + three digits)
 * for `agentic_inference_inline`: the ground-truth set of an assistant row and the one code a
 * model's answer names.
 *
 * A model's code is the first explicit `intent: I042` (case-insensitive) in its reasoning, else in
 * its content; failing both, the last bare `I042` token of the first of those two fields that has
 * one. Upstream's regexes run in Python's Unicode mode, so word boundaries, `\s` and `\d` here are
 * spelled out to match it rather than JS's ASCII defaults.
 */
import { PYTHON_SPACE } from "./bash-actions.ts";

/**
 * Python's `\w` for str patterns (alphanumerics per `str.isalnum()`, plus `_`); checked equal to
 * `[\p{L}\p{N}_]` over every code point of Unicode 14. JS `\b` only knows ASCII word characters,
 * so `意图I042` would wrongly hold a bare code there.
 */
const WORD = "[\\p{L}\\p{N}_]";
/** Python's IGNORECASE lets `i` match the Turkish dotless ı and dotted İ too; JS's `i` flag does not. */
const I = "[iI\\u0131\\u0130]";
const EXPLICIT = new RegExp(`(?<!${WORD})${I}[nN][tT][eE][nN][tT]:${PYTHON_SPACE}*(${I}\\p{Nd}{3})(?!${WORD})`, "u");
const BARE = new RegExp(`(?<!${WORD})I(\\p{Nd}{3})(?!${WORD})`, "gu");

/** The text fields of a model answer that may name an intent, in the order they are searched. */
interface IntentSource {
  reasoningContent: string;
  content: string;
}

/** The upper-cased non-empty string codes of a row's `intent_codes`; anything but an array gives none. */
export function groundTruthIntents(codes: unknown): Set<string> {
  const intents = new Set<string>();
  if (!Array.isArray(codes)) return intents;
  for (const code of codes) if (typeof code === "string" && code !== "") intents.add(code.toUpperCase());
  return intents;
}

/** The intent code a model's answer names, or null when neither field holds one. */
export function modelIntent(answer: IntentSource): string | null {
  const fields = [answer.reasoningContent, answer.content];
  for (const text of fields) {
    const explicit = EXPLICIT.exec(text);
    // Upper-cased because `i042` counts too; the truth it is compared with is upper-cased.
    if (explicit?.[1] !== undefined) return explicit[1].toUpperCase();
  }
  for (const text of fields) {
    let last: string | undefined;
    for (const match of text.matchAll(BARE)) last = match[1];
    if (last !== undefined) return `I${last}`;
  }
  return null;
}

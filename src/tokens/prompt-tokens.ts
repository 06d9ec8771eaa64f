/**
 * @module tokens/prompt-tokens — input length of a dataset row, counted by the client's tokenizer.
 *
 * Pre-tokenized rows (`input_tokens`) count their ids. Chat rows count the text of their
 * messages (or system + prompt) without the chat template's framing, so the server's
 * `usage.prompt_tokens` (when it sends one) is preferred and the difference is reported.
 */
import type { TextTokenizer } from "./load-tokenizer.ts";

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((part) =>
        typeof part === "object" && part !== null && typeof (part as { text?: unknown }).text === "string"
          ? (part as { text: string }).text
          : "",
      )
      .join("");
  }
  return "";
}

const isTextList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === "string");

function promptTokenCount(row: Record<string, unknown>, tokenizer: TextTokenizer): number | null {
  if (Array.isArray(row.input_tokens)) return row.input_tokens.length;
  if (Array.isArray(row.messages) && row.messages.length > 0) {
    return row.messages.reduce(
      (sum: number, m: unknown) => sum + tokenizer.count(textOf((m as { content?: unknown })?.content)),
      0,
    );
  }
  // An embeddings batch (workload/batch-rows) or a rerank row (query + documents): each text counted on its own.
  if (isTextList(row.prompt) || isTextList(row.documents)) {
    const texts = [row.prompt, row.documents].flatMap((v) => (isTextList(v) ? v : typeof v === "string" ? [v] : []));
    return texts.reduce((sum, text) => sum + tokenizer.count(text), 0);
  }
  const prompt = textOf(row.prompt);
  if (prompt === "" && row.prompt === undefined) return null;
  return tokenizer.count(prompt) + (row.system === undefined ? 0 : tokenizer.count(textOf(row.system)));
}

/** Counts each dataset row once, on first use. */
export function promptTokenCounter(
  rows: readonly Record<string, unknown>[],
  tokenizer: TextTokenizer,
): (row: number) => number | null {
  const cache = new Map<number, number | null>();
  return (index) => {
    if (!cache.has(index))
      cache.set(index, rows[index] ? promptTokenCount(rows[index] as Record<string, unknown>, tokenizer) : null);
    return cache.get(index) ?? null;
  };
}

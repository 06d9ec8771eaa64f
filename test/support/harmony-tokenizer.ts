/** @module test/support/harmony-tokenizer — GPT-2's tokenizer with Harmony's special tokens, for gpt-oss prompt tests. */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeGpt2Tokenizer } from "./gpt2-tokenizer.ts";

/** Ids of `<|start|>`, `<|message|>` and `<|end|>` in the tokenizer written below. */
export const HARMONY_IDS = { start: 50257, message: 50258, end: 50259 } as const;

/** GPT-2's tokenizer.json in `dir`, with Harmony's three special tokens added as ids 50257–50259. */
export function writeHarmonyTokenizer(dir: string): string {
  writeGpt2Tokenizer(dir);
  const file = join(dir, "tokenizer.json");
  const json = JSON.parse(readFileSync(file, "utf8")) as { added_tokens: unknown[] };
  ["<|start|>", "<|message|>", "<|end|>"].forEach((content, i) => {
    json.added_tokens.push({
      id: 50257 + i,
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    });
  });
  writeFileSync(file, JSON.stringify(json));
  return dir;
}

/**
 * @module dataset/harmony — gpt-oss prompts in OpenAI's Harmony format, tokenised before the run,
 * as mlcommons/endpoints does for `openai_completions` and `sglang`: each text prompt becomes a
 * system message (Harmony's default identity, knowledge cutoff 2024-06, today's date, reasoning
 * effort high, the three channels) and a user message, rendered for the assistant to complete,
 * then encoded with the gpt-oss tokenizer into `input_tokens`. Rows that already carry
 * `input_tokens` are left alone, as upstream.
 *
 * The text follows the Harmony format as OpenAI documents it for gpt-oss (the `openai_harmony`
 * library's default system content); the special tokens `<|start|>`, `<|message|>` and `<|end|>`
 * must be special tokens of the tokenizer, which the gpt-oss tokenizer.json declares.
 */
import { InputError } from "../errors.ts";
import type { TextTokenizer } from "../tokens/load-tokenizer.ts";
import { isTokenIds } from "./prompt-check.ts";

const SPECIAL = ["<|start|>", "<|message|>", "<|end|>"] as const;

/** The rendered conversation for one user prompt; `date` is ISO `YYYY-MM-DD`. */
export function harmonyText(userPrompt: string, date: string): string {
  const system = [
    "You are ChatGPT, a large language model trained by OpenAI.",
    "Knowledge cutoff: 2024-06",
    `Current date: ${date}`,
    "",
    "Reasoning: high",
    "",
    "# Valid channels: analysis, commentary, final. Channel must be included for every message.",
  ].join("\n");
  return `<|start|>system<|message|>${system}<|end|><|start|>user<|message|>${userPrompt}<|end|><|start|>assistant`;
}

/** Whether a run's prompts are Harmony-tokenised: gpt-oss behind a token-id API. */
export function usesHarmony(apiType: string, modelName: string): boolean {
  return (apiType === "openai_completions" || apiType === "sglang") && /gpt-oss/i.test(modelName);
}

/** Today's date as Python's `datetime.date.today().isoformat()` gives it (local time). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Rows with `input_tokens` from their Harmony-rendered prompt; rows with ids keep them. */
export function harmonizeRows(
  rows: readonly Record<string, unknown>[],
  tokenizer: TextTokenizer,
  date: string,
): Record<string, unknown>[] {
  for (const special of SPECIAL) {
    if (tokenizer.encode(special).length !== 1) {
      throw new InputError(
        `tokenizer ${tokenizer.source} has no special token ${special}: Harmony prompts need the gpt-oss tokenizer`,
        {
          hint: "give --tokenizer openai/gpt-oss-120b (from the local Hugging Face cache) or its directory",
        },
      );
    }
  }
  return rows.map((row) => {
    if (isTokenIds(row.input_tokens) || typeof row.prompt !== "string") return row;
    return { ...row, input_tokens: tokenizer.encode(harmonyText(row.prompt, date)) };
  });
}

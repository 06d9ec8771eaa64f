/**
 * @module dataset/embeddings-body — the `/v1/embeddings` body of one request: `{model, input}`.
 *
 * A request carries `--batch-size` dataset rows (the last request of a pass may carry fewer): its
 * `input` is a list of their texts, one entry per row, or a row's own list of texts spread in. A
 * row's text is its `prompt` (any of the prompt columns, dataset/column-remap) or its pre-tokenized
 * `input_tokens`, which OpenAI's API takes as an entry too. `encoding_format` and `dimensions` are
 * left to the server's defaults; `--extra-body` sets them.
 */
import { InputError } from "../errors.ts";
import { isTokenIds } from "./prompt-check.ts";

type Row = Record<string, unknown>;

/** The texts one row contributes: its prompt, a list of prompts, or its token ids. */
function rowInputs(row: Row): unknown[] {
  const { prompt } = row;
  if (typeof prompt === "string") return [prompt];
  if (Array.isArray(prompt) && prompt.length > 0 && prompt.every((p) => typeof p === "string")) return prompt;
  if (isTokenIds(row.input_tokens)) return [row.input_tokens];
  throw new InputError("row has no text for an embeddings request (api_type openai_embeddings)", {
    hint: "it needs a string 'prompt' (or a list of strings) or 'input_tokens'; map the column with parser.prompt=<column>",
  });
}

/** The body for `rows` (one request's batch), before `extra_body` fills in. */
export function embeddingsBody(rows: readonly Row[], model: string): Record<string, unknown> {
  const input = rows.flatMap(rowInputs);
  return { model, input: input.length === 1 && rows.length === 1 ? input[0] : input };
}

/** How many vectors the body asks for: one per entry of `input` (a lone string or id list is one). */
export function embeddingInputCount(body: Record<string, unknown>): number {
  const { input } = body;
  if (!Array.isArray(input)) return 1;
  return input.length > 0 && input.every((entry) => typeof entry === "number") ? 1 : input.length;
}

/** Row indices of each request: consecutive groups of `batchSize` (the last one shorter). */
export function batchRowIndices(rowCount: number, batchSize: number): number[][] {
  const batches: number[][] = [];
  for (let start = 0; start < rowCount; start += batchSize)
    batches.push(Array.from({ length: Math.min(batchSize, rowCount - start) }, (_, i) => start + i));
  return batches;
}

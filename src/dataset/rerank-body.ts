/**
 * @module dataset/rerank-body — the `/v1/rerank` body of one dataset row: `{model, query, documents, top_n?}`,
 * the shape llama.cpp's server, vLLM, Jina and Cohere all read.
 *
 * The query is the row's `prompt`: `query` is one of the prompt columns dataset/column-remap
 * detects, so a `query` column arrives as the prompt, and `parser.prompt=<column>` maps another.
 * `documents` is the row's list of texts (`parser.documents=<column>` maps it); a row's own `top_n`
 * is forwarded, and `--extra-body '{"top_n": 3}'` sets it for every row.
 */
import { InputError } from "../errors.ts";

type Row = Record<string, unknown>;

const HINT =
  "rerank rows need a 'query' (or prompt) text and a 'documents' list; map them with parser.prompt=<column> and parser.documents=<column>";

export function rerankBody(row: Row, model: string): Record<string, unknown> {
  const query = typeof row.query === "string" ? row.query : row.prompt;
  if (typeof query !== "string") throw new InputError("row has no query text for a rerank request", { hint: HINT });
  const { documents } = row;
  if (!Array.isArray(documents) || documents.length === 0 || !documents.every((d) => typeof d === "string"))
    throw new InputError("row's 'documents' is not a non-empty list of texts for a rerank request", { hint: HINT });
  const body: Record<string, unknown> = { model, query, documents };
  if (typeof row.top_n === "number") body.top_n = row.top_n;
  return body;
}

/** How many documents the body asks to score: the number of results a full answer holds (fewer with `top_n`). */
export function rerankResultCount(body: Record<string, unknown>): number {
  const documents = Array.isArray(body.documents) ? body.documents.length : 0;
  const topN = body.top_n;
  return typeof topN === "number" && Number.isInteger(topN) && topN >= 0 ? Math.min(topN, documents) : documents;
}

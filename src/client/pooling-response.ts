/**
 * @module client/pooling-response — an embeddings or rerank response, read whole and checked against the request.
 *
 * - `/v1/embeddings` (OpenAI, vLLM, llama.cpp): `{data: [{embedding, index}], usage: {prompt_tokens}}`;
 *   one vector per `input` entry is expected.
 * - `/v1/rerank`: `{results: [{index, relevance_score, document?}], usage}` — llama.cpp's server
 *   (`usage: {prompt_tokens, total_tokens}`), vLLM (`document: {text}`, the same usage), Jina
 *   (`usage: {total_tokens}`) and Cohere (no token usage) alike; one result per document is
 *   expected, or `top_n` of them.
 *
 * A body whose count differs from what was asked is the server's failure to answer it
 * (`wrong_count`); one that is not of the shape at all is `invalid_json`. Input tokens are
 * `usage.prompt_tokens`, else `total_tokens` (these APIs generate none). The request body is
 * parsed here, after its response arrived, so the send path pays nothing for the check; the
 * request's input count is written after the run (dataset/pooling-inputs), not sent over the IPC.
 */
import type { RequestRecord } from "../record/request-record.ts";
import type { PoolingApiType } from "../dataset/pooling-api.ts";
import { inputsAsked } from "../dataset/pooling-inputs.ts";
import { kindForServerError, truncate } from "./classify-error.ts";
import { asCount, asObject, parseJsonObject, readServerError } from "./openai-response.ts";

type Json = Record<string, unknown>;

/** What a pooling body holds: how many vectors or results, or why it is not of the shape. */
type PoolingAnswer = { count: number } | { problem: string };

const isVector = (v: unknown): boolean => Array.isArray(v) || typeof v === "string";

/** The vectors of an embeddings body (`embedding` a number list, or base64 with `encoding_format`). */
function readEmbeddingsAnswer(body: Json): PoolingAnswer {
  const { data } = body;
  if (!Array.isArray(data)) return { problem: "response has no 'data' list of embeddings" };
  if (!data.every((entry) => isVector(asObject(entry)?.embedding)))
    return { problem: "an entry of 'data' has no 'embedding'" };
  return { count: data.length };
}

/** The results of a rerank body: each an `index` with a numeric `relevance_score`. */
function readRerankAnswer(body: Json): PoolingAnswer {
  const { results } = body;
  if (!Array.isArray(results)) return { problem: "response has no 'results' list" };
  const scored = (entry: unknown) => typeof asObject(entry)?.relevance_score === "number";
  if (!results.every(scored)) return { problem: "an entry of 'results' has no numeric 'relevance_score'" };
  return { count: results.length };
}

/** Prompt tokens the body's usage reports (`prompt_tokens`, else `total_tokens`); null when it reports none. */
function poolingInputTokens(body: Json): number | null {
  const usage = asObject(body.usage);
  return usage ? (asCount(usage.prompt_tokens) ?? asCount(usage.total_tokens)) : null;
}

function fail(record: RequestRecord, kind: "invalid_json" | "wrong_count", message: string, text: string): void {
  record.errorKind = kind;
  record.errorMessage = truncate(`${message}: ${text.replace(/\s+/g, " ").trim() || "(empty body)"}`);
}

/** Fills `record` from a 200 body `text` answering `requestBody` (our own JSON). */
export function readPoolingBody(
  text: string,
  record: RequestRecord,
  apiType: PoolingApiType,
  requestBody: string,
  doneNs: number,
): void {
  record.doneNs = doneNs;
  const body = parseJsonObject(text);
  if (!body) return fail(record, "invalid_json", "response is not a JSON object", text);
  const serverError = readServerError(body);
  if (serverError) {
    record.errorKind = kindForServerError(serverError);
    const status = serverError.status === null ? "" : ` (status ${serverError.status})`;
    record.errorMessage = truncate(`error in a ${record.httpStatus} response${status}: ${serverError.message}`);
    return;
  }
  const answer = apiType === "openai_embeddings" ? readEmbeddingsAnswer(body) : readRerankAnswer(body);
  if ("problem" in answer) return fail(record, "invalid_json", answer.problem, text);
  const want = inputsAsked(apiType, JSON.parse(requestBody) as Json);
  if (answer.count !== want.answers) {
    const what = apiType === "openai_embeddings" ? "embeddings" : "rerank results";
    return fail(record, "wrong_count", `${answer.count} ${what} for ${want.answers} inputs sent`, text.slice(0, 120));
  }
  record.chunkCount = 1;
  record.inputTokens = poolingInputTokens(body);
  if (record.inputTokens !== null) record.tokenSource = "server_usage";
}

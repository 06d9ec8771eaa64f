/**
 * @module server/pooling-handler — answers `POST /v1/embeddings` and `POST /v1/rerank` as vLLM does, so the
 * embeddings and rerank API types can run end to end against the mock.
 *
 * - `/v1/embeddings`: `{model, input: string | string[] | ids | ids[], encoding_format?, dimensions?}` →
 *   `{object: "list", data: [{object: "embedding", index, embedding}], model, usage: {prompt_tokens, total_tokens}}`;
 *   `embedding` is base64 when asked (the openai SDK asks by default), of `dimensions` or `--embedding-dim` floats.
 * - `/v1/rerank`: `{model, query, documents, top_n?}` → vLLM's `{id, model, usage, results: [{index,
 *   document: {text}, relevance_score}]}`, best first; usage counts the query once per document, as a
 *   cross-encoder reads each pair.
 * The answer goes out one sampled TTFT (`--ttft-ms`) after the request was admitted
 * (`--max-concurrent`; at once without it): an embedding or a score is one forward pass, the time
 * a first token would take (fixed mode: at once). `/metrics` counts them as finished requests with
 * their prompt tokens. Faults are not injected on these routes.
 */
import { z } from "zod";
import { admitRequest } from "./admitted-request.ts";
import { errorResponse, modelNotFoundResponse } from "./error-response.ts";
import { JSON_HEADERS, type HandlerContext, type RouteHandler } from "./handler-context.ts";
import { waitUntilNs } from "./precise-wait.ts";
import { base64Embedding, countText, embeddingOf, rankDocuments } from "./pooling-answers.ts";
import { readJsonBody } from "./read-json-body.ts";

const EMBEDDINGS_PATH = "/v1/embeddings";
const RERANK_PATH = "/v1/rerank";

const TokenIds = z.array(z.number().int().min(0)).min(1);
const EmbeddingsSchema = z.object({
  model: z.string().nullish(),
  input: z.union([z.string(), TokenIds, z.array(z.string()).min(1), z.array(TokenIds).min(1)]),
  encoding_format: z.enum(["float", "base64"]).nullish(),
  dimensions: z.number().int().min(1).max(65_536).nullish(),
});
const RerankSchema = z.object({
  model: z.string().nullish(),
  query: z.string(),
  documents: z.array(z.string()).min(1),
  top_n: z.number().int().min(0).nullish(),
});

type Json = Record<string, unknown>;
type Answer = (body: unknown, context: HandlerContext, id: string) => { json: Json; promptTokens: number } | string;

/** The texts (or token-id lists) to embed: a lone string or id list is one. */
function entriesOf(input: z.infer<typeof EmbeddingsSchema>["input"]): (string | number[])[] {
  if (typeof input === "string") return [input];
  if (input.every((entry) => typeof entry === "number")) return [input as number[]];
  return input as (string | number[])[];
}

/** zod's report on one line, as the mock's other 400s. */
const problemOf = (error: z.ZodError): string => z.prettifyError(error).replace(/\s*\n\s*/g, " ");

const embeddings: Answer = (raw, context) => {
  const parsed = EmbeddingsSchema.safeParse(raw);
  if (!parsed.success) return problemOf(parsed.error);
  const body = parsed.data;
  const dimensions = body.dimensions ?? context.options.embeddingDim;
  let promptTokens = 0;
  const data = entriesOf(body.input).map((entry, index) => {
    const text = typeof entry === "string" ? entry : entry.join(" ");
    promptTokens += typeof entry === "string" ? countText(entry, context.countTokens) : entry.length;
    const vector = embeddingOf(text, dimensions);
    const embedding = body.encoding_format === "base64" ? base64Embedding(vector) : vector;
    return { object: "embedding", index, embedding };
  });
  const model = body.model ?? context.options.modelName;
  const usage = { prompt_tokens: promptTokens, total_tokens: promptTokens };
  return { json: { object: "list", data, model, usage }, promptTokens };
};

const rerank: Answer = (raw, context, id) => {
  const parsed = RerankSchema.safeParse(raw);
  if (!parsed.success) return problemOf(parsed.error);
  const { query, documents, top_n: topN, model } = parsed.data;
  const queryTokens = countText(query, context.countTokens);
  const promptTokens = documents.reduce((sum, d) => sum + queryTokens + countText(d, context.countTokens), 0);
  const results = rankDocuments(query, documents, topN ?? null).map((r) => ({
    index: r.index,
    document: { text: documents[r.index] },
    relevance_score: r.relevance_score,
  }));
  const usage = { prompt_tokens: promptTokens, total_tokens: promptTokens };
  return { json: { id, model: model ?? context.options.modelName, usage, results }, promptTokens };
};

function poolingHandler(path: string, answer: Answer, context: HandlerContext): RouteHandler {
  let count = 0;
  return async (request) => {
    const receivedNs = Bun.nanoseconds();
    const read = await readJsonBody(request, errorResponse);
    if (!read.ok) return read.response;
    const raw = read.body;
    const model = typeof (raw as Json | null)?.model === "string" ? ((raw as Json).model as string) : null;
    const notServed = modelNotFoundResponse(model, context.servedModels);
    if (notServed) return notServed;
    const answered = answer(raw, context, `${path === RERANK_PATH ? "rerank" : "embd"}-mock-${(++count).toString(16)}`);
    if (typeof answered === "string") return errorResponse(400, `Invalid request: ${answered}`);
    const delayMs = context.options.mode === "fixed" ? 0 : context.sampleLatency(model).ttftMs;
    context.keepOpen(request);
    const admitted = await admitRequest(context, request, errorResponse, {
      receivedNs,
      promptTokens: answered.promptTokens,
      path,
      model: model ?? context.options.modelName,
      generates: false,
    });
    if (admitted instanceof Response) return admitted;
    // Under --max-concurrent the pass starts at admission, as a queued engine's does.
    try {
      await waitUntilNs(admitted.startNs + delayMs * 1e6, admitted.cancelled);
    } finally {
      admitted.release();
    }
    const text = JSON.stringify(answered.json);
    admitted.finish({ firstChunkNs: null, doneNs: Bun.nanoseconds(), outputTokens: 0, streaming: false });
    return new Response(text, { headers: JSON_HEADERS });
  };
}

/** The two routes, keyed by path, for the mock's route table. */
export function poolingRoutes(context: HandlerContext): Record<string, { POST: RouteHandler }> {
  return {
    [EMBEDDINGS_PATH]: { POST: poolingHandler(EMBEDDINGS_PATH, embeddings, context) },
    [RERANK_PATH]: { POST: poolingHandler(RERANK_PATH, rerank, context) },
  };
}

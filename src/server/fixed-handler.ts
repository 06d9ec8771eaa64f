/**
 * @module server/fixed-handler — fixed mode: the same pre-encoded response for every request, for client throughput tests.
 *
 * Nothing is stringified per request: each variant (API × streaming × usage × length × model)
 * is encoded once into bytes and reused, with a constant id. The request body is scanned, not
 * parsed (server/request-scan), so `usage.prompt_tokens` is 0 and only a body not shaped like a
 * JSON object is rejected: unique ids and counted prompts would cost the server a parse and an
 * encoding per request, and this mode exists to be the fastest server a client can meet (use
 * echo or model mode for a faithful one). The requested model is echoed (up to MAX_MODELS
 * distinct names; past them, the server's own name) and `--served-model-name` is honoured.
 * Latency options do not apply; a streamed body leaves in one write.
 */
import { errorResponse, modelNotFoundResponse } from "./error-response.ts";
import { API_PATHS, JSON_HEADERS, SSE_HEADERS, type HandlerContext, type RouteHandler } from "./handler-context.ts";
import { encodeCompletionBody, usageOf, type ResponseIdentity } from "./openai-encoding.ts";
import type { ApiKind } from "./openai-request.ts";
import { looksLikeJsonObject, scanRequestFlags } from "./request-scan.ts";
import { syntheticTokens, type ResponsePlan } from "./response-plan.ts";
import { buildSseWrites, joinSseWrites } from "./sse-writes.ts";

interface FixedVariant {
  kind: ApiKind;
  stream: boolean;
  includeUsage: boolean;
  /** Output length: `fixedTokens`, or less when the request caps it. */
  tokenCount: number;
}

interface FixedEncodingOptions {
  fixedTokens: number;
  tokensPerChunk: number;
  identity: Omit<ResponseIdentity, "id">;
}

/** Distinct requested model names given their own encoded variants; later ones are answered as the server's name. */
const MAX_MODELS = 16;

/** The response body of one fixed-mode variant, as text. */
function encodeFixedResponse(variant: FixedVariant, options: FixedEncodingOptions): string {
  const identity = { ...options.identity, id: variant.kind === "chat" ? "chatcmpl-fixed" : "cmpl-fixed" };
  const plan: ResponsePlan = {
    kind: variant.kind,
    tokens: syntheticTokens(variant.tokenCount),
    finishReason: variant.tokenCount < options.fixedTokens ? "length" : "stop",
    promptTokens: 0,
    ttftMs: 0,
    tpotMs: 0,
  };
  if (variant.stream) {
    const writeOptions = { tokensPerChunk: options.tokensPerChunk, includeUsage: variant.includeUsage };
    return joinSseWrites(buildSseWrites(plan, identity, writeOptions));
  }
  const usage = usageOf(0, variant.tokenCount);
  return encodeCompletionBody(variant.kind, identity, plan.tokens.join(""), plan.finishReason, usage);
}

export function createFixedHandler(kind: ApiKind, context: HandlerContext): RouteHandler {
  const { fixedTokens, tokensPerChunk, modelName } = context.options;
  const encoding = {
    fixedTokens,
    tokensPerChunk,
    identity: { created: Math.floor(Date.now() / 1000), model: modelName },
  };
  const encoder = new TextEncoder();
  const cache = new Map<string, Uint8Array>();
  const models = new Set<string>([modelName]);
  const bytesFor = (
    stream: boolean,
    includeUsage: boolean,
    tokenCount: number,
    requested: string | null,
  ): Uint8Array => {
    if (requested !== null && !models.has(requested) && models.size < MAX_MODELS) models.add(requested);
    const model = requested !== null && models.has(requested) ? requested : modelName;
    const key = `${stream ? 1 : 0}${includeUsage ? 1 : 0}${tokenCount} ${model}`;
    let bytes = cache.get(key);
    if (bytes === undefined) {
      bytes = encoder.encode(
        encodeFixedResponse(
          { kind, stream, includeUsage, tokenCount },
          { ...encoding, identity: { ...encoding.identity, model } },
        ),
      );
      cache.set(key, bytes);
    }
    return bytes;
  };
  // The uncapped variants are encoded at start-up; capped ones on first use (at most 3 × fixedTokens per model).
  for (const [stream, includeUsage] of [
    [false, false],
    [true, false],
    [true, true],
  ] as const) {
    bytesFor(stream, includeUsage, fixedTokens, null);
  }
  const path = API_PATHS[kind];
  return async (request) => {
    const receivedNs = Bun.nanoseconds();
    const text = await request.text();
    if (!looksLikeJsonObject(text)) return errorResponse(400, "Invalid JSON body: expected a JSON object");
    const flags = scanRequestFlags(text);
    const notServed = modelNotFoundResponse(flags.model, context.servedModels);
    if (notServed) return notServed;
    const tokenCount = flags.maxTokens === null ? fixedTokens : Math.max(1, Math.min(fixedTokens, flags.maxTokens));
    const bytes = bytesFor(flags.stream, flags.stream && flags.includeUsage, tokenCount, flags.model);
    if (context.log.enabled) {
      const nowNs = Bun.nanoseconds();
      const firstChunkNs = flags.stream ? nowNs : null;
      context.log.record({
        receivedNs,
        firstChunkNs,
        doneNs: nowNs,
        outputTokens: tokenCount,
        streaming: flags.stream,
        path,
      });
    }
    return new Response(bytes, { headers: flags.stream ? SSE_HEADERS : JSON_HEADERS });
  };
}

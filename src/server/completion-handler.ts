/** @module server/completion-handler — answers chat/completions requests in echo and model modes. */
import { answerTokens } from "./canned-answers.ts";
import { errorResponse } from "./error-response.ts";
import { API_PATHS, JSON_HEADERS, SSE_HEADERS, type HandlerContext, type RouteHandler } from "./handler-context.ts";
import { encodeCompletionBody, usageOf, type ResponseIdentity } from "./openai-encoding.ts";
import { parseMockRequest, type ApiKind, type MockRequest } from "./openai-request.ts";
import { waitUntilNs } from "./precise-wait.ts";
import { completionOffsetMs, planResponse, type ResponsePlan } from "./response-plan.ts";
import { buildSseWrites, joinSseWrites } from "./sse-writes.ts";
import { createTimedSseStream } from "./timed-stream.ts";

type Parsed = { ok: true; request: MockRequest } | { ok: false; response: Response };

async function readRequest(kind: ApiKind, request: Request, countTokens: HandlerContext["countTokens"]): Promise<Parsed> {
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, response: errorResponse(400, `Invalid JSON body: ${reason}`) };
  }
  const parsed = parseMockRequest(kind, body, countTokens);
  if (parsed.ok) return parsed;
  return { ok: false, response: errorResponse(400, `Invalid request:\n${parsed.message}`) };
}

/** Non-streaming: wait until the last token would exist (TTFT + TPOT × (n − 1)), then reply. */
async function replyWhole(
  context: HandlerContext,
  request: Request,
  plan: ResponsePlan,
  identity: ResponseIdentity,
  receivedNs: number,
): Promise<Response> {
  const body = encodeCompletionBody(
    plan.kind,
    identity,
    plan.tokens.join(""),
    plan.finishReason,
    usageOf(plan.promptTokens, plan.tokens.length),
  );
  const delayMs = completionOffsetMs(plan);
  const cancelled = () => context.stopping() || request.signal.aborted;
  if (delayMs > 0) {
    context.keepOpen(request);
    await waitUntilNs(receivedNs + delayMs * 1e6, cancelled);
  }
  const doneNs = Bun.nanoseconds();
  const outputTokens = cancelled() ? 0 : plan.tokens.length;
  context.log.record({ receivedNs, firstChunkNs: null, doneNs, outputTokens, promptTokens: plan.promptTokens, streaming: false, path: API_PATHS[plan.kind] });
  return new Response(body, { headers: JSON_HEADERS });
}

/** Streaming: one body in one write when there is nothing to wait for, else a paced stream. */
function replyStream(
  context: HandlerContext,
  request: Request,
  plan: ResponsePlan,
  identity: ResponseIdentity,
  receivedNs: number,
  includeUsage: boolean,
): Response {
  const writes = buildSseWrites(plan, identity, { tokensPerChunk: context.options.tokensPerChunk, includeUsage });
  const path = API_PATHS[plan.kind];
  const outputTokens = plan.tokens.length;
  if (plan.ttftMs === 0 && plan.tpotMs === 0) {
    const body = joinSseWrites(writes);
    const nowNs = Bun.nanoseconds();
    const firstChunkNs = outputTokens > 0 ? nowNs : null;
    context.log.record({ receivedNs, firstChunkNs, doneNs: nowNs, outputTokens, promptTokens: plan.promptTokens, streaming: true, path });
    return new Response(body, { headers: SSE_HEADERS });
  }
  context.keepOpen(request);
  const stream = createTimedSseStream(writes, {
    receivedNs,
    cancelled: () => context.stopping() || request.signal.aborted,
    onDone: ({ firstChunkNs, doneNs, tokensWritten }) =>
      context.log.record({ receivedNs, firstChunkNs, doneNs, outputTokens: tokensWritten, promptTokens: plan.promptTokens, streaming: true, path }),
  });
  return new Response(stream, { headers: SSE_HEADERS });
}

/** The handler for one API kind; `mode` must be echo or model (fixed mode has its own handler). */
export function createCompletionHandler(kind: ApiKind, mode: "echo" | "model", context: HandlerContext): RouteHandler {
  return async (request) => {
    const receivedNs = Bun.nanoseconds();
    const parsed = await readRequest(kind, request, context.countTokens);
    if (!parsed.ok) return parsed.response;
    const planned = planResponse(mode, parsed.request, context.sampleLatency());
    const canned = context.answers.get(parsed.request.promptText);
    const plan = canned === undefined ? planned : { ...planned, tokens: answerTokens(canned), finishReason: "stop" as const };
    const identity = {
      id: context.nextId(kind),
      created: Math.floor(Date.now() / 1000),
      model: context.options.modelName,
    };
    if (!parsed.request.stream) return replyWhole(context, request, plan, identity, receivedNs);
    return replyStream(context, request, plan, identity, receivedNs, parsed.request.includeUsage);
  };
}

/**
 * @module server/completion-handler — answers chat/completions requests in echo and model modes.
 *
 * As vLLM does: the response names the model the request asked for; with served model names
 * (`--served-model-name`) any other name is a 404; `n` choices per prompt, and one choice per
 * element of a completions prompt array. A body that is not valid is a 400 with a one-line message.
 * Under `--max-concurrent` a request waits for admission first (server/admission); its token
 * times count from admission, its observation and vLLM-style TTFT (server/server-metrics) from
 * arrival.
 */
import { admitRequest, type AdmittedRequest } from "./admitted-request.ts";
import { answerTokens } from "./canned-answers.ts";
import { errorResponse, modelNotFoundResponse } from "./error-response.ts";
import { API_PATHS, JSON_HEADERS, SSE_HEADERS, type HandlerContext, type RouteHandler } from "./handler-context.ts";
import { encodeChoicesBody, usageOf, type ResponseIdentity } from "./openai-encoding.ts";
import { parseMockRequest, type ApiKind, type MockRequest } from "./openai-request.ts";
import { waitUntilNs } from "./precise-wait.ts";
import { readJsonBody } from "./read-json-body.ts";
import {
  completionOffsetMs,
  jsonStringBody,
  planChoices,
  planToolCall,
  toolArgumentFrame,
  type ResponsePlan,
} from "./response-plan.ts";
import { buildSseWrites, joinSseWrites } from "./sse-writes.ts";
import { reasoningCountOf, wholeParts, withReasoning } from "./reasoning-plan.ts";
import { createTimedSseStream } from "./timed-stream.ts";

/** How much faster `--response-cache` answers a prompt it has seen (timed, so QPS reflects it rather than client overhead). */
const CACHE_SPEEDUP = 10;

type Parsed = { ok: true; request: MockRequest } | { ok: false; response: Response };

async function readRequest(
  kind: ApiKind,
  request: Request,
  countTokens: HandlerContext["countTokens"],
): Promise<Parsed> {
  const read = await readJsonBody(request, errorResponse);
  if (!read.ok) return read;
  const parsed = parseMockRequest(kind, read.body, countTokens);
  if (parsed.ok) return parsed;
  return { ok: false, response: errorResponse(400, `Invalid request: ${parsed.message}`) };
}

const tokensOf = (plans: readonly ResponsePlan[]) => plans.reduce((sum, plan) => sum + plan.tokens.length, 0);

/** Non-streaming: wait until the last token of every choice would exist (TTFT + TPOT × (n − 1)), then reply. */
async function replyWhole(
  context: HandlerContext,
  request: Request,
  plans: readonly ResponsePlan[],
  identity: ResponseIdentity,
  admitted: AdmittedRequest,
): Promise<Response> {
  const plan = plans[0] as ResponsePlan;
  const texts = plans.map((p) => {
    if (!p.toolCall) {
      const { reasoning, answer } = wholeParts(p);
      return { text: answer, reasoning, finishReason: p.finishReason };
    }
    const [head, tail] = toolArgumentFrame(p.toolCall);
    return {
      text: head + jsonStringBody(p.tokens.join("")) + tail,
      finishReason: p.finishReason,
      toolCall: p.toolCall,
    };
  });
  const reasoningTokens = plan.kind === "chat" ? plans.reduce((sum, p) => sum + reasoningCountOf(p), 0) : 0;
  const usage = usageOf(plan.promptTokens, tokensOf(plans), reasoningTokens);
  const body = encodeChoicesBody(plan.kind, identity, texts, usage);
  const delayMs = Math.max(...plans.map(completionOffsetMs));
  const { startNs, cancelled } = admitted;
  if (delayMs > 0) {
    context.keepOpen(request);
    await waitUntilNs(startNs + delayMs * 1e6, cancelled);
  }
  const doneNs = Bun.nanoseconds();
  const outputTokens = cancelled() ? 0 : tokensOf(plans);
  admitted.finish({
    firstChunkNs: null,
    firstTokenNs: startNs + plan.ttftMs * 1e6,
    doneNs,
    outputTokens,
    streaming: false,
  });
  return new Response(body, { headers: JSON_HEADERS });
}

/** Streaming: one body in one write when there is nothing to wait for, else a paced stream. */
function replyStream(
  context: HandlerContext,
  request: Request,
  plans: readonly ResponsePlan[],
  identity: ResponseIdentity,
  admitted: AdmittedRequest,
  includeUsage: boolean,
): Response {
  const plan = plans[0] as ResponsePlan;
  const writes = buildSseWrites(plans, identity, { tokensPerChunk: context.options.tokensPerChunk, includeUsage });
  if (plan.ttftMs === 0 && plan.tpotMs === 0) {
    const body = joinSseWrites(writes);
    const nowNs = Bun.nanoseconds();
    const outputTokens = tokensOf(plans);
    admitted.finish({ firstChunkNs: outputTokens > 0 ? nowNs : null, doneNs: nowNs, outputTokens, streaming: true });
    return new Response(body, { headers: SSE_HEADERS });
  }
  context.keepOpen(request);
  const stream = createTimedSseStream(writes, {
    receivedNs: admitted.startNs,
    cancelled: admitted.cancelled,
    keepWriteTimes: context.log.enabled,
    onDone: ({ firstChunkNs, doneNs, tokensWritten, contentWritesNs }) =>
      admitted.finish({ firstChunkNs, doneNs, outputTokens: tokensWritten, streaming: true, contentWritesNs }),
  });
  return new Response(stream, { headers: SSE_HEADERS });
}

/** The handler for one API kind; `mode` must be echo or model (fixed mode has its own handler). */
export function createCompletionHandler(kind: ApiKind, mode: "echo" | "model", context: HandlerContext): RouteHandler {
  return async (request) => {
    const receivedNs = Bun.nanoseconds();
    const parsed = await readRequest(kind, request, context.countTokens);
    if (!parsed.ok) return parsed.response;
    const mock = parsed.request;
    const notServed = modelNotFoundResponse(mock.model, context.servedModels);
    if (notServed) return notServed;
    // A cached prompt is answered ten times faster, as an output-caching server would (server/options responseCache).
    const key = mock.inputs.map((input) => input.promptText).join("\u0000");
    const cached = context.cachedPrompts?.has(key) ?? false;
    context.cachedPrompts?.add(key);
    const plans = planChoices(mode, mock, context.sampleLatency(mock.model)).map((plan, i) => {
      const canned = context.answers.get(mock.inputs[Math.floor(i / mock.n)]?.promptText ?? "");
      const timed = cached
        ? { ...plan, ttftMs: plan.ttftMs / CACHE_SPEEDUP, tpotMs: plan.tpotMs / CACHE_SPEEDUP }
        : plan;
      const answer =
        canned === undefined ? timed : { ...timed, tokens: answerTokens(canned), finishReason: "stop" as const };
      const input = mock.inputs[Math.floor(i / mock.n)];
      if (canned === undefined && context.options.toolCalls && mock.tool && input)
        return planToolCall(timed, mock, input, mock.tool, `call_${context.nextId(kind)}_${i}`);
      return withReasoning(answer, context.options.reasoningTokens);
    });
    const identity = {
      id: context.nextId(kind),
      created: Math.floor(Date.now() / 1000),
      model: mock.model ?? context.options.modelName,
    };
    const admitted = await admitRequest(context, request, errorResponse, {
      receivedNs,
      promptTokens: (plans[0] as ResponsePlan).promptTokens,
      path: API_PATHS[kind],
      model: identity.model,
      generates: true,
      ...(mock.media ? { media: mock.media } : {}),
    });
    if (admitted instanceof Response) return admitted;
    if (!mock.stream) return replyWhole(context, request, plans, identity, admitted);
    return replyStream(context, request, plans, identity, admitted, mock.includeUsage);
  };
}

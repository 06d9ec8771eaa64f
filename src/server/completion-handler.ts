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
import { answerTokens } from "./canned-answers.ts";
import { errorResponse } from "./error-response.ts";
import { API_PATHS, JSON_HEADERS, SSE_HEADERS, type HandlerContext, type RouteHandler } from "./handler-context.ts";
import { modelNotFoundResponse } from "./error-response.ts";
import { encodeChoicesBody, usageOf, type ResponseIdentity } from "./openai-encoding.ts";
import { parseMockRequest, type ApiKind, type MockRequest } from "./openai-request.ts";
import { waitUntilNs } from "./precise-wait.ts";
import {
  completionOffsetMs,
  jsonStringBody,
  planChoices,
  planToolCall,
  toolArgumentFrame,
  type ResponsePlan,
} from "./response-plan.ts";
import { buildSseWrites, joinSseWrites } from "./sse-writes.ts";
import { createTimedSseStream } from "./timed-stream.ts";

/** How much faster `--response-cache` answers a prompt it has seen (timed, so QPS reflects it rather than client overhead). */
const CACHE_SPEEDUP = 10;

type Parsed = { ok: true; request: MockRequest } | { ok: false; response: Response };

async function readRequest(
  kind: ApiKind,
  request: Request,
  countTokens: HandlerContext["countTokens"],
): Promise<Parsed> {
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, response: errorResponse(400, `Invalid JSON body: ${reason}`) };
  }
  const parsed = parseMockRequest(kind, body, countTokens);
  if (parsed.ok) return parsed;
  return { ok: false, response: errorResponse(400, `Invalid request: ${parsed.message}`) };
}

const tokensOf = (plans: readonly ResponsePlan[]) => plans.reduce((sum, plan) => sum + plan.tokens.length, 0);

/** When a request arrived and was admitted, and how it gives its place back (once). */
interface RequestTimes {
  receivedNs: number;
  startNs: number;
  release: () => void;
}

/** Non-streaming: wait until the last token of every choice would exist (TTFT + TPOT × (n − 1)), then reply. */
async function replyWhole(
  context: HandlerContext,
  request: Request,
  plans: readonly ResponsePlan[],
  identity: ResponseIdentity,
  { receivedNs, startNs, release }: RequestTimes,
): Promise<Response> {
  const plan = plans[0] as ResponsePlan;
  const texts = plans.map((p) => {
    if (!p.toolCall) return { text: p.tokens.join(""), finishReason: p.finishReason };
    const [head, tail] = toolArgumentFrame(p.toolCall);
    return {
      text: head + jsonStringBody(p.tokens.join("")) + tail,
      finishReason: p.finishReason,
      toolCall: p.toolCall,
    };
  });
  const body = encodeChoicesBody(plan.kind, identity, texts, usageOf(plan.promptTokens, tokensOf(plans)));
  const delayMs = Math.max(...plans.map(completionOffsetMs));
  const cancelled = () => context.stopping() || request.signal.aborted;
  if (delayMs > 0) {
    context.keepOpen(request);
    await waitUntilNs(startNs + delayMs * 1e6, cancelled);
  }
  const doneNs = Bun.nanoseconds();
  const outputTokens = cancelled() ? 0 : tokensOf(plans);
  release();
  if (outputTokens > 0) {
    context.metrics.firstToken((startNs - receivedNs) / 1e9 + plan.ttftMs / 1e3);
    context.metrics.finished((doneNs - receivedNs) / 1e9, plan.promptTokens, outputTokens);
  }
  context.log.record({
    receivedNs,
    firstChunkNs: null,
    doneNs,
    outputTokens,
    promptTokens: plan.promptTokens,
    streaming: false,
    path: API_PATHS[plan.kind],
    model: identity.model,
  });
  return new Response(body, { headers: JSON_HEADERS });
}

function finishedStream(
  context: HandlerContext,
  receivedNs: number,
  firstChunkNs: number | null,
  doneNs: number,
  promptTokens: number,
  outputTokens: number,
): void {
  if (firstChunkNs === null || outputTokens === 0) return;
  context.metrics.firstToken((firstChunkNs - receivedNs) / 1e9);
  context.metrics.finished((doneNs - receivedNs) / 1e9, promptTokens, outputTokens);
}

/** Streaming: one body in one write when there is nothing to wait for, else a paced stream. */
function replyStream(
  context: HandlerContext,
  request: Request,
  plans: readonly ResponsePlan[],
  identity: ResponseIdentity,
  { receivedNs, startNs, release }: RequestTimes,
  includeUsage: boolean,
): Response {
  const plan = plans[0] as ResponsePlan;
  const writes = buildSseWrites(plans, identity, { tokensPerChunk: context.options.tokensPerChunk, includeUsage });
  const path = API_PATHS[plan.kind];
  const outputTokens = tokensOf(plans);
  if (plan.ttftMs === 0 && plan.tpotMs === 0) {
    const body = joinSseWrites(writes);
    const nowNs = Bun.nanoseconds();
    const firstChunkNs = outputTokens > 0 ? nowNs : null;
    release();
    finishedStream(context, receivedNs, firstChunkNs, nowNs, plan.promptTokens, outputTokens);
    context.log.record({
      receivedNs,
      firstChunkNs,
      doneNs: nowNs,
      outputTokens,
      promptTokens: plan.promptTokens,
      streaming: true,
      path,
      model: identity.model,
    });
    return new Response(body, { headers: SSE_HEADERS });
  }
  context.keepOpen(request);
  const stream = createTimedSseStream(writes, {
    receivedNs: startNs,
    cancelled: () => context.stopping() || request.signal.aborted,
    keepWriteTimes: context.log.enabled,
    onDone: ({ firstChunkNs, doneNs, tokensWritten, contentWritesNs }) => {
      release();
      finishedStream(context, receivedNs, firstChunkNs, doneNs, plan.promptTokens, tokensWritten);
      context.log.record({
        receivedNs,
        firstChunkNs,
        doneNs,
        outputTokens: tokensWritten,
        ...(contentWritesNs ? { contentWritesNs } : {}),
        promptTokens: plan.promptTokens,
        streaming: true,
        path,
        model: identity.model,
      });
    },
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
      if (canned !== undefined) return { ...timed, tokens: answerTokens(canned), finishReason: "stop" as const };
      const input = mock.inputs[Math.floor(i / mock.n)];
      return context.options.toolCalls && mock.tool && input
        ? planToolCall(timed, mock, input, mock.tool, `call_${context.nextId(kind)}_${i}`)
        : timed;
    });
    const identity = {
      id: context.nextId(kind),
      created: Math.floor(Date.now() / 1000),
      model: mock.model ?? context.options.modelName,
    };
    if (!(await context.admission.admit(request.signal)))
      return errorResponse(499, "client closed the request while it waited for admission");
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      context.admission.release();
    };
    // A client that leaves before its stream is read gives its place back too.
    request.signal.addEventListener("abort", release, { once: true });
    const times = { receivedNs, startNs: Bun.nanoseconds(), release };
    if (!mock.stream) return replyWhole(context, request, plans, identity, times);
    return replyStream(context, request, plans, identity, times, mock.includeUsage);
  };
}

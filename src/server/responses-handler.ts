/**
 * @module server/responses-handler — answers OpenAI's Responses API, `POST /v1/responses`,
 * streaming and not, with the latency model and options chat has.
 *
 * The body is read as the chat request it stands for (server/responses-request) and planned as
 * chat is: echo, model, or fixed (answered as model mode with `fixedTokens` as the length, as
 * SGLang's route is); canned answers (`--answers`), `--tool-calls` (a `function_call` item),
 * served model names and `--max-concurrent` apply. The response is OpenAI's object or events
 * (server/responses-encoding). Faults are not injected on this route.
 */
import { answerTokens } from "./canned-answers.ts";
import { errorResponse, modelNotFoundResponse } from "./error-response.ts";
import { JSON_HEADERS, SSE_HEADERS, type HandlerContext, type RouteHandler } from "./handler-context.ts";
import { waitUntilNs } from "./precise-wait.ts";
import { completionOffsetMs, planResponse, planToolCall, type ResponsePlan } from "./response-plan.ts";
import { responseObject, responsesWrites, type ResponsesIdentity } from "./responses-encoding.ts";
import { parseResponsesRequest } from "./responses-request.ts";
import { createTimedSseStream } from "./timed-stream.ts";

export const RESPONSES_PATH = "/v1/responses";

/** What the handler records of one answered request once its last byte is out. */
function recorder(context: HandlerContext, receivedNs: number, plan: ResponsePlan, streaming: boolean, model: string) {
  return (firstChunkNs: number | null, doneNs: number, outputTokens: number) => {
    if (outputTokens > 0) {
      context.metrics.firstToken(((firstChunkNs ?? doneNs) - receivedNs) / 1e9);
      context.metrics.finished((doneNs - receivedNs) / 1e9, plan.promptTokens, outputTokens);
    }
    context.log.record({
      receivedNs,
      firstChunkNs,
      doneNs,
      outputTokens,
      promptTokens: plan.promptTokens,
      streaming,
      path: RESPONSES_PATH,
      model,
    });
  };
}

export function createResponsesHandler(context: HandlerContext): RouteHandler {
  const mode = context.options.mode === "echo" ? "echo" : "model";
  let count = 0;
  return async (request) => {
    const receivedNs = Bun.nanoseconds();
    let body: unknown;
    try {
      body = JSON.parse(await request.text());
    } catch (error) {
      return errorResponse(400, `Invalid JSON body: ${(error as Error).message}`);
    }
    const parsed = parseResponsesRequest(body, context.countTokens);
    if (!parsed.ok) return errorResponse(400, `Invalid request: ${parsed.message}`);
    const mock = parsed.request;
    const notServed = modelNotFoundResponse(mock.model, context.servedModels);
    if (notServed) return notServed;
    const sample = context.sampleLatency(mock.model);
    const fixed = context.options.mode === "fixed" ? { ...sample, outputTokens: context.options.fixedTokens } : sample;
    const serial = (++count).toString(16);
    const input = mock.inputs[0];
    let plan = planResponse(mode, mock, fixed);
    const canned = context.answers.get(input?.promptText ?? "");
    if (canned !== undefined) plan = { ...plan, tokens: answerTokens(canned), finishReason: "stop" };
    else if (context.options.toolCalls && mock.tool && input)
      plan = planToolCall(plan, mock, input, mock.tool, `call_mock_${serial}`);
    const identity: ResponsesIdentity = {
      id: `resp_mock_${serial}`,
      itemId: `${plan.toolCall ? "fc" : "msg"}_mock_${serial}`,
      createdAt: Math.floor(Date.now() / 1000),
      model: mock.model ?? context.options.modelName,
    };
    if (!(await context.admission.admit(request.signal)))
      return errorResponse(499, "client closed the request while it waited for admission");
    let released = false;
    const release = () => {
      if (!released) context.admission.release();
      released = true;
    };
    request.signal.addEventListener("abort", release, { once: true });
    const startNs = Bun.nanoseconds();
    const cancelled = () => context.stopping() || request.signal.aborted;
    const record = recorder(context, receivedNs, plan, mock.stream, identity.model);
    context.keepOpen(request);
    if (!mock.stream) {
      await waitUntilNs(startNs + completionOffsetMs(plan) * 1e6, cancelled);
      release();
      record(null, Bun.nanoseconds(), cancelled() ? 0 : plan.tokens.length);
      return new Response(JSON.stringify(responseObject(plan, identity, true)), { headers: JSON_HEADERS });
    }
    const stream = createTimedSseStream(responsesWrites(plan, identity, context.options.tokensPerChunk), {
      receivedNs: startNs,
      cancelled,
      onDone: ({ firstChunkNs, doneNs, tokensWritten }) => {
        release();
        record(firstChunkNs, doneNs, tokensWritten);
      },
    });
    return new Response(stream, { headers: SSE_HEADERS });
  };
}

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
import { admitRequest } from "./admitted-request.ts";
import { answerTokens } from "./canned-answers.ts";
import { errorResponse, modelNotFoundResponse } from "./error-response.ts";
import { JSON_HEADERS, SSE_HEADERS, type HandlerContext, type RouteHandler } from "./handler-context.ts";
import { waitUntilNs } from "./precise-wait.ts";
import { readJsonBody } from "./read-json-body.ts";
import { completionOffsetMs, planResponse, planToolCall } from "./response-plan.ts";
import { responseObject, responsesWrites, type ResponsesIdentity } from "./responses-encoding.ts";
import { parseResponsesRequest } from "./responses-request.ts";
import { createTimedSseStream } from "./timed-stream.ts";

export const RESPONSES_PATH = "/v1/responses";

export function createResponsesHandler(context: HandlerContext): RouteHandler {
  const mode = context.options.mode === "echo" ? "echo" : "model";
  let count = 0;
  return async (request) => {
    const receivedNs = Bun.nanoseconds();
    const read = await readJsonBody(request, errorResponse);
    if (!read.ok) return read.response;
    const parsed = parseResponsesRequest(read.body, context.countTokens);
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
    const admitted = await admitRequest(context, request, errorResponse, {
      receivedNs,
      promptTokens: plan.promptTokens,
      path: RESPONSES_PATH,
      model: identity.model,
      generates: true,
    });
    if (admitted instanceof Response) return admitted;
    const { startNs, cancelled } = admitted;
    context.keepOpen(request);
    if (!mock.stream) {
      await waitUntilNs(startNs + completionOffsetMs(plan) * 1e6, cancelled);
      // /metrics counts this route's whole body's first token when the body is ready (chat's and Messages': admission + TTFT).
      const doneNs = Bun.nanoseconds();
      const outputTokens = cancelled() ? 0 : plan.tokens.length;
      admitted.finish({ firstChunkNs: null, firstTokenNs: doneNs, doneNs, outputTokens, streaming: false });
      return new Response(JSON.stringify(responseObject(plan, identity, true)), { headers: JSON_HEADERS });
    }
    const stream = createTimedSseStream(responsesWrites(plan, identity, context.options.tokensPerChunk), {
      receivedNs: startNs,
      cancelled,
      onDone: ({ firstChunkNs, doneNs, tokensWritten }) =>
        admitted.finish({ firstChunkNs, doneNs, outputTokens: tokensWritten, streaming: true }),
    });
    return new Response(stream, { headers: SSE_HEADERS });
  };
}

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
import type { HandlerContext, RouteHandler } from "./handler-context.ts";
import { sendPacedAnswer } from "./paced-answer.ts";
import { readJsonBody } from "./read-json-body.ts";
import { planInMode, planToolCall } from "./response-plan.ts";
import { withReasoning } from "./reasoning-plan.ts";
import { responseObject, responsesWrites, type ResponsesIdentity } from "./responses-encoding.ts";
import { parseResponsesRequest } from "./responses-request.ts";

export const RESPONSES_PATH = "/v1/responses";

export function createResponsesHandler(context: HandlerContext): RouteHandler {
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
    const serial = (++count).toString(16);
    const input = mock.inputs[0];
    let plan = planInMode(context.options, mock, context.sampleLatency(mock.model));
    const canned = context.answers.get(input?.promptText ?? "");
    if (canned !== undefined) plan = { ...plan, tokens: answerTokens(canned), finishReason: "stop" };
    else if (context.options.toolCalls && mock.tool && input)
      plan = planToolCall(plan, mock, input, mock.tool, `call_mock_${serial}`);
    plan = withReasoning(plan, context.options.reasoningTokens);
    const identity: ResponsesIdentity = {
      id: `resp_mock_${serial}`,
      itemId: `${plan.toolCall ? "fc" : "msg"}_mock_${serial}`,
      createdAt: Math.floor(Date.now() / 1000),
      model: mock.model ?? context.options.modelName,
    };
    return sendPacedAnswer(context, request, errorResponse, {
      receivedNs,
      path: RESPONSES_PATH,
      model: identity.model,
      plan,
      stream: mock.stream,
      whole: () => JSON.stringify(responseObject(plan, identity, true)),
      writes: () => responsesWrites(plan, identity, context.options.tokensPerChunk),
      // This route's /metrics has counted a whole body's first token when the body is ready.
      wholeFirstToken: "ready",
      ...(mock.media ? { media: mock.media } : {}),
    });
  };
}

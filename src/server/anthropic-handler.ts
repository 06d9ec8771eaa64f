/**
 * @module server/anthropic-handler — answers Anthropic's Messages API, `POST /v1/messages`, streaming and not.
 *
 * The request is read as a chat request (its `system` as the first message, content blocks as
 * content parts) so the latency model, echo/model/fixed modes, `--max-concurrent`, the metrics
 * page and the observations are the chat route's. As Anthropic's API: `max_tokens` is required
 * (a 400 without it), and errors are `{type: "error", error: {type, message}}`. The
 * `x-api-key` and `anthropic-version` headers the official SDK sends are accepted and not
 * checked, as the chat route accepts any `Authorization`. Under `--tool-calls` a request with
 * tools is answered with a `tool_use` block, as the chat route answers with a tool call. Faults
 * are not injected on this route.
 */
import { anthropicErrorResponse, encodeMessageBody, messageStreamWrites } from "./anthropic-encoding.ts";
import type { HandlerContext, RouteHandler } from "./handler-context.ts";
import { parseMockRequest, type MockRequest } from "./openai-request.ts";
import { sendPacedAnswer } from "./paced-answer.ts";
import { withReasoning } from "./reasoning-plan.ts";
import { readJsonBody } from "./read-json-body.ts";
import { planInMode, planToolCall } from "./response-plan.ts";

export const MESSAGES_PATH = "/v1/messages";

type Json = Record<string, unknown>;

/** The Messages body as the chat body the mock's parser reads; a string is the 400's message. */
function asChatBody(body: unknown): Json | string {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "body must be a JSON object";
  const { system, messages, max_tokens: maxTokens, tools, ...rest } = body as Json;
  if (typeof maxTokens !== "number") return "max_tokens: Field required";
  if (!Array.isArray(messages)) return "messages: Field required";
  const chat = system === undefined || system === null ? messages : [{ role: "system", content: system }, ...messages];
  const chatBody: Json = { ...rest, messages: chat, max_tokens: maxTokens };
  // Anthropic's {name, input_schema} as chat's function tools, which `--tool-calls` answers.
  if (Array.isArray(tools))
    chatBody.tools = tools.map((t) => ({
      type: "function",
      function: { name: (t as Json)?.name, parameters: (t as Json)?.input_schema },
    }));
  return chatBody;
}

async function readMessages(request: Request, context: HandlerContext): Promise<MockRequest | Response> {
  const read = await readJsonBody(request, anthropicErrorResponse);
  if (!read.ok) return read.response;
  const chat = asChatBody(read.body);
  if (typeof chat === "string") return anthropicErrorResponse(400, chat);
  const parsed = parseMockRequest("chat", chat, context.countTokens);
  if (!parsed.ok) return anthropicErrorResponse(400, parsed.message);
  const model = parsed.request.model;
  if (context.servedModels !== null && model !== null && !context.servedModels.has(model))
    return anthropicErrorResponse(404, `model: ${model}`);
  return parsed.request;
}

export function createAnthropicHandler(context: HandlerContext): RouteHandler {
  let count = 0;
  return async (request) => {
    const receivedNs = Bun.nanoseconds();
    const mock = await readMessages(request, context);
    if (mock instanceof Response) return mock;
    const planned = planInMode(context.options, mock, context.sampleLatency(mock.model));
    const identity = { id: `msg_mock_${(++count).toString(16)}`, model: mock.model ?? context.options.modelName };
    const input = mock.inputs[0];
    const plan =
      context.options.toolCalls && mock.tool && input
        ? planToolCall(planned, mock, input, mock.tool, `toolu_mock_${count.toString(16)}`)
        : withReasoning(planned, context.options.reasoningTokens);
    return sendPacedAnswer(context, request, anthropicErrorResponse, {
      receivedNs,
      path: MESSAGES_PATH,
      model: identity.model,
      plan,
      stream: mock.stream,
      whole: () => encodeMessageBody(identity, plan),
      writes: () => messageStreamWrites(identity, plan, context.options.tokensPerChunk),
      wholeFirstToken: "planned",
      ...(mock.media ? { media: mock.media } : {}),
    });
  };
}

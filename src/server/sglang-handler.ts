/**
 * @module server/sglang-handler — answers SGLang's native `POST /generate` as SGLang does:
 * `{input_ids | text, sampling_params: {max_new_tokens, min_new_tokens, ignore_eos, …}, stream}`
 * in; out, one JSON `{text, output_ids, meta_info}` or SSE events that each repeat the text so
 * far with the new ids and the running `completion_tokens`, then `data: [DONE]`.
 *
 * Output and pacing follow the mock's modes (echo answers with the prompt's ids as words; fixed
 * mode answers as model mode here, with `fixedTokens` as the mean length). Faults are not injected
 * on this route.
 */
import { errorResponse } from "./error-response.ts";
import { JSON_HEADERS, SSE_HEADERS, type HandlerContext, type RouteHandler } from "./handler-context.ts";
import type { MockRequest } from "./openai-request.ts";
import { waitUntilNs } from "./precise-wait.ts";
import { readJsonBody } from "./read-json-body.ts";
import { chunkSchedule, completionOffsetMs, planInMode, type ResponsePlan } from "./response-plan.ts";
import type { SseWrite } from "./sse-writes.ts";
import { createTimedSseStream } from "./timed-stream.ts";

export const SGLANG_PATH = "/generate";
/** SGLang's default when sampling_params gives no max_new_tokens. */
const DEFAULT_MAX_NEW_TOKENS = 128;

type Json = Record<string, unknown>;

/** The mock's view of a /generate body, or the 400 message for one it cannot read. */
function readGenerate(body: unknown): MockRequest | string {
  if (typeof body !== "object" || body === null) return "body must be a JSON object";
  const { input_ids: ids, text, sampling_params: sampling = {}, stream = false } = body as Json;
  const idsOk = Array.isArray(ids) && ids.every((id) => Number.isInteger(id));
  if (!idsOk && typeof text !== "string") return "one of input_ids (token ids) or text is required";
  const params = (typeof sampling === "object" && sampling !== null ? sampling : {}) as Json;
  const words = idsOk ? (ids as number[]).map(String) : (text as string).split(/\s+/).filter(Boolean);
  const max = params.max_new_tokens;
  return {
    kind: "completions",
    model: null,
    stream: stream === true,
    includeUsage: true,
    maxTokens: typeof max === "number" ? max : DEFAULT_MAX_NEW_TOKENS,
    ignoreEos: params.ignore_eos === true,
    minTokens: typeof params.min_new_tokens === "number" ? params.min_new_tokens : 0,
    n: 1,
    inputs: [{ promptTokens: words.length, echoWords: words, promptText: idsOk ? "" : (text as string) }],
    promptTokens: words.length,
  };
}

function output(id: string, plan: ResponsePlan, sent: number, newIds: number, finished: boolean): Json {
  return {
    text: plan.tokens.slice(0, sent).join(""),
    output_ids: Array.from({ length: newIds }, (_, i) => 1000 + sent - newIds + i),
    meta_info: {
      id,
      finish_reason: finished
        ? { type: plan.finishReason, ...(plan.finishReason === "length" ? { length: plan.tokens.length } : {}) }
        : null,
      prompt_tokens: plan.promptTokens,
      completion_tokens: sent,
      cached_tokens: 0,
    },
  };
}

/** One event per scheduled chunk; the last one carries the finish reason, and `[DONE]` follows it. */
function generateWrites(id: string, plan: ResponsePlan, tokensPerChunk: number): SseWrite[] {
  let sent = 0;
  const slots = chunkSchedule(plan.tokens.length, tokensPerChunk, plan.ttftMs, plan.tpotMs);
  const writes = slots.map((slot, i) => {
    sent += slot.tokenCount;
    return {
      text: `data: ${JSON.stringify(output(id, plan, sent, slot.tokenCount, i === slots.length - 1))}\n\n`,
      offsetMs: slot.offsetMs,
      tokenCount: slot.tokenCount,
    };
  });
  if (writes.length === 0)
    writes.push({
      text: `data: ${JSON.stringify(output(id, plan, 0, 0, true))}\n\n`,
      offsetMs: plan.ttftMs,
      tokenCount: 0,
    });
  (writes[writes.length - 1] as SseWrite).text += "data: [DONE]\n\n";
  return writes;
}

export function createSglangHandler(context: HandlerContext): RouteHandler {
  let count = 0;
  return async (request) => {
    const receivedNs = Bun.nanoseconds();
    const read = await readJsonBody(request, errorResponse);
    if (!read.ok) return read.response;
    const mock = readGenerate(read.body);
    if (typeof mock === "string") return errorResponse(400, `Invalid request: ${mock}`);
    const plan = planInMode(context.options, mock, context.sampleLatency(null));
    const id = `sglang-mock-${(++count).toString(16)}`;
    const cancelled = () => context.stopping() || request.signal.aborted;
    const record = (firstChunkNs: number | null, doneNs: number, outputTokens: number, streaming: boolean) =>
      context.log.record({
        receivedNs,
        firstChunkNs,
        doneNs,
        outputTokens,
        promptTokens: plan.promptTokens,
        streaming,
        path: SGLANG_PATH,
      });
    context.keepOpen(request);
    if (!mock.stream) {
      await waitUntilNs(receivedNs + completionOffsetMs(plan) * 1e6, cancelled);
      record(null, Bun.nanoseconds(), plan.tokens.length, false);
      return new Response(JSON.stringify(output(id, plan, plan.tokens.length, plan.tokens.length, true)), {
        headers: JSON_HEADERS,
      });
    }
    const stream = createTimedSseStream(generateWrites(id, plan, context.options.tokensPerChunk), {
      receivedNs,
      cancelled,
      onDone: ({ firstChunkNs, doneNs, tokensWritten }) => record(firstChunkNs, doneNs, tokensWritten, true),
    });
    return new Response(stream, { headers: SSE_HEADERS });
  };
}

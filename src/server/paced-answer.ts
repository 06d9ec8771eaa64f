/**
 * @module server/paced-answer — one planned answer (a single choice) sent at the plan's pace once
 * the request is admitted: a whole body when its last token would exist, or its SSE writes at
 * their offsets (server/timed-stream); then the request is finished (server/admitted-request).
 *
 * The Messages and Responses routes answer through it, each with its own encoding. The chat and
 * completions route paces its own (several choices, and one write when nothing waits); SGLang's
 * /generate is not admitted.
 */
import type { MediaCounts } from "../dataset/media-parts.ts";
import { admitRequest } from "./admitted-request.ts";
import { JSON_HEADERS, SSE_HEADERS, type ErrorResponder, type HandlerContext } from "./handler-context.ts";
import { waitUntilNs } from "./precise-wait.ts";
import { completionOffsetMs, type ResponsePlan } from "./response-plan.ts";
import type { SseWrite } from "./sse-writes.ts";
import { createTimedSseStream } from "./timed-stream.ts";

interface PacedAnswer {
  /** `Bun.nanoseconds()` when the handler started. */
  receivedNs: number;
  path: string;
  /** The model the answer names. */
  model: string;
  plan: ResponsePlan;
  stream: boolean;
  /** The whole body's text, for a request that does not stream. */
  whole: () => string;
  /** The stream's writes, for one that does. */
  writes: () => SseWrite[];
  /**
   * When `/metrics` counts a whole body's first token: `planned`, its TTFT after admission (as
   * the chat route counts it); `ready`, when the body is (the Responses route's count).
   */
  wholeFirstToken: "planned" | "ready";
  /** The request's image, audio and video parts, for `/metrics` and its observation. */
  media?: MediaCounts;
}

/** Admits the request (the dialect's 499 if its client leaves first), then answers it at the plan's pace. */
export async function sendPacedAnswer(
  context: HandlerContext,
  request: Request,
  reject: ErrorResponder,
  answer: PacedAnswer,
): Promise<Response> {
  const { plan, receivedNs, path, model } = answer;
  const admitted = await admitRequest(context, request, reject, {
    receivedNs,
    promptTokens: plan.promptTokens,
    path,
    model,
    generates: true,
    ...(answer.media ? { media: answer.media } : {}),
  });
  if (admitted instanceof Response) return admitted;
  const { startNs, cancelled } = admitted;
  context.keepOpen(request);
  if (!answer.stream) {
    await waitUntilNs(startNs + completionOffsetMs(plan) * 1e6, cancelled);
    const doneNs = Bun.nanoseconds();
    const firstTokenNs = answer.wholeFirstToken === "planned" ? startNs + plan.ttftMs * 1e6 : doneNs;
    const outputTokens = cancelled() ? 0 : plan.tokens.length;
    admitted.finish({ firstChunkNs: null, firstTokenNs, doneNs, outputTokens, streaming: false });
    return new Response(answer.whole(), { headers: JSON_HEADERS });
  }
  const stream = createTimedSseStream(answer.writes(), {
    receivedNs: startNs,
    cancelled,
    keepWriteTimes: context.log.enabled,
    onDone: ({ firstChunkNs, doneNs, tokensWritten, contentWritesNs }) =>
      admitted.finish({ firstChunkNs, doneNs, outputTokens: tokensWritten, streaming: true, contentWritesNs }),
  });
  return new Response(stream, { headers: SSE_HEADERS });
}

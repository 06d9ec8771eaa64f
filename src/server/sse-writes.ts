/** @module server/sse-writes — turns a response plan into the SSE writes of a stream, each with its due time (pure). */
import { createSseEncoder, SSE_DONE, usageOf, type ResponseIdentity } from "./openai-encoding.ts";
import { chunkSchedule, type ResponsePlan } from "./response-plan.ts";

/** One socket write: one or more whole SSE events due together. */
export interface SseWrite {
  text: string;
  /** Due time in ms after the request arrived. */
  offsetMs: number;
  /** Content tokens this write carries. */
  tokenCount: number;
}

export interface SseWriteOptions {
  tokensPerChunk: number;
  includeUsage: boolean;
}

/**
 * The writes of one streamed response: the chat role event travels with the first content
 * event (vLLM emits both once the first token exists), and the finish event, the optional usage
 * event and `[DONE]` travel with the last one. A response without tokens is one write at TTFT.
 */
export function buildSseWrites(plan: ResponsePlan, identity: ResponseIdentity, options: SseWriteOptions): SseWrite[] {
  const encoder = createSseEncoder(plan.kind, identity);
  const slots = chunkSchedule(plan.tokens.length, options.tokensPerChunk, plan.ttftMs, plan.tpotMs);
  const writes: SseWrite[] = [];
  let next = 0;
  for (const slot of slots) {
    const text = plan.tokens.slice(next, next + slot.tokenCount).join("");
    next += slot.tokenCount;
    writes.push({ text: encoder.content(text), offsetMs: slot.offsetMs, tokenCount: slot.tokenCount });
  }
  const tail =
    encoder.finish(plan.finishReason) +
    (options.includeUsage ? encoder.usage(usageOf(plan.promptTokens, plan.tokens.length)) : "") +
    SSE_DONE;
  const first = writes[0];
  const last = writes[writes.length - 1];
  if (!first || !last) return [{ text: encoder.role() + tail, offsetMs: plan.ttftMs, tokenCount: 0 }];
  first.text = encoder.role() + first.text;
  last.text += tail;
  return writes;
}

/** The whole stream as one body, for responses without delays (one TCP write, the fastest path). */
export function joinSseWrites(writes: SseWrite[]): string {
  return writes.map((write) => write.text).join("");
}

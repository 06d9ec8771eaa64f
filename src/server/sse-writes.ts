/** @module server/sse-writes — turns response plans into the SSE writes of a stream, each with its due time (pure). */
import { createSseEncoder, SSE_DONE, usageOf, type ResponseIdentity } from "./openai-encoding.ts";
import { chunkSchedule, jsonStringBody, toolArgumentFrame, type ResponsePlan } from "./response-plan.ts";
import { reasoningCountOf, splitTokens } from "./reasoning-plan.ts";

/** One socket write: one or more whole SSE events due together. */
export interface SseWrite {
  text: string;
  /** Due time in ms after the request arrived. */
  offsetMs: number;
  /** Content tokens this write carries. */
  tokenCount: number;
}

interface SseWriteOptions {
  tokensPerChunk: number;
  includeUsage: boolean;
}

/** One choice's writes: the chat role event with its first content event, the finish event with its last. */
function choiceWrites(
  plan: ResponsePlan,
  identity: ResponseIdentity,
  index: number,
  tokensPerChunk: number,
): SseWrite[] {
  if (plan.toolCall) return toolCallWrites(plan, identity, index, tokensPerChunk);
  const encoder = createSseEncoder(plan.kind, identity, index);
  const slots = chunkSchedule(plan.tokens.length, tokensPerChunk, plan.ttftMs, plan.tpotMs);
  const writes: SseWrite[] = [];
  let next = 0;
  for (const slot of slots) {
    // A write that holds the last reasoning token and the first answer token carries two events, as vLLM sends them.
    const { reasoning, answer } = splitTokens(plan, next, next + slot.tokenCount);
    next += slot.tokenCount;
    const text = (reasoning ? encoder.reasoning(reasoning) : "") + (answer ? encoder.content(answer) : "");
    writes.push({ text, offsetMs: slot.offsetMs, tokenCount: slot.tokenCount });
  }
  const first = writes[0];
  const last = writes[writes.length - 1];
  if (!first || !last)
    return [{ text: encoder.role() + encoder.finish(plan.finishReason), offsetMs: plan.ttftMs, tokenCount: 0 }];
  first.text = encoder.role() + first.text;
  last.text += encoder.finish(plan.finishReason);
  return writes;
}

/** A tool-call answer: the call's id and name with the first argument text, then argument deltas, then the finish. */
function toolCallWrites(
  plan: ResponsePlan,
  identity: ResponseIdentity,
  index: number,
  tokensPerChunk: number,
): SseWrite[] {
  const call = plan.toolCall as NonNullable<ResponsePlan["toolCall"]>;
  const encoder = createSseEncoder(plan.kind, identity, index);
  const [head, tail] = toolArgumentFrame(call);
  const slots = chunkSchedule(Math.max(1, plan.tokens.length), tokensPerChunk, plan.ttftMs, plan.tpotMs);
  let next = 0;
  const writes = slots.map((slot, i) => {
    let args = jsonStringBody(plan.tokens.slice(next, next + slot.tokenCount).join(""));
    next += slot.tokenCount;
    if (i === 0) args = head + args;
    if (i === slots.length - 1) args += tail;
    return {
      text: i === 0 ? encoder.toolCallOpen(call, args) : encoder.toolArguments(args),
      offsetMs: slot.offsetMs,
      tokenCount: Math.min(slot.tokenCount, plan.tokens.length),
    };
  });
  (writes[writes.length - 1] as SseWrite).text += encoder.finish(plan.finishReason);
  return writes;
}

/**
 * The writes of one streamed response (vLLM's order): each choice's events as choiceWrites
 * says; writes of several choices due at the same instant travel together; the optional usage
 * event and `[DONE]` travel with the last write. A response without tokens is one write at TTFT.
 */
export function buildSseWrites(
  plans: ResponsePlan | readonly ResponsePlan[],
  identity: ResponseIdentity,
  options: SseWriteOptions,
): SseWrite[] {
  const all = Array.isArray(plans) ? plans : [plans as ResponsePlan];
  const perChoice = all.map((plan, index) => choiceWrites(plan, identity, index, options.tokensPerChunk));
  const writes = perChoice.length === 1 ? (perChoice[0] as SseWrite[]) : mergeByTime(perChoice.flat());
  const head = all[0] as ResponsePlan;
  const completionTokens = all.reduce((sum, plan) => sum + plan.tokens.length, 0);
  const reasoningTokens = head.kind === "chat" ? all.reduce((sum, plan) => sum + reasoningCountOf(plan), 0) : 0;
  const last = writes[writes.length - 1] as SseWrite;
  if (options.includeUsage)
    last.text += createSseEncoder(head.kind, identity).usage(
      usageOf(head.promptTokens, completionTokens, reasoningTokens),
    );
  last.text += SSE_DONE;
  return writes;
}

/** Writes ordered by due time, those due at the same instant joined (in choice order). */
function mergeByTime(writes: SseWrite[]): SseWrite[] {
  const sorted = writes
    .map((write, order) => ({ write, order }))
    .sort((a, b) => a.write.offsetMs - b.write.offsetMs || a.order - b.order);
  const merged: SseWrite[] = [];
  for (const { write } of sorted) {
    const last = merged[merged.length - 1];
    if (last && last.offsetMs === write.offsetMs) {
      last.text += write.text;
      last.tokenCount += write.tokenCount;
    } else merged.push({ ...write });
  }
  return merged;
}

/** The whole stream as one body, for responses without delays (one TCP write, the fastest path). */
export function joinSseWrites(writes: SseWrite[]): string {
  return writes.map((write) => write.text).join("");
}

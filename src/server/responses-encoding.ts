/**
 * @module server/responses-encoding — a response plan as OpenAI's Responses API writes it: the
 * whole response object, or its typed SSE events each with its due time (pure).
 *
 * The events and fields are OpenAI's (its API reference, "Streaming events"): every event names
 * its `type` on the `event:` line and in the data, with a running `sequence_number`;
 * `response.created` and `response.in_progress` open, `response.output_item.added` (and, for a
 * message, `response.content_part.added`) announce the one output item, each
 * `response.output_text.delta` (or `response.function_call_arguments.delta` for a tool call)
 * carries a scheduled chunk, the `.done` events repeat the whole text, and
 * `response.completed` — `response.incomplete` with `incomplete_details.reason
 * "max_output_tokens"` when the plan hit the token cap, as OpenAI reports it — carries usage.
 * With `--reasoning-tokens` a `reasoning` item comes first (output_index 0): its
 * `response.reasoning_text.delta`s, then its `.done` events and the message item's opening in the
 * write of the first answer token; usage names them in `output_tokens_details.reasoning_tokens`.
 */
import { chunkSchedule, jsonStringBody, toolArgumentFrame, type ResponsePlan } from "./response-plan.ts";
import { reasoningCountOf, splitTokens, wholeParts } from "./reasoning-plan.ts";
import type { SseWrite } from "./sse-writes.ts";

type Json = Record<string, unknown>;

/** What names one response: its id, its output item's id, creation time and model. */
export interface ResponsesIdentity {
  id: string;
  itemId: string;
  createdAt: number;
  model: string;
}

/** The whole text the plan produces (a tool call's arguments JSON, or the content after any reasoning). */
function planText(plan: ResponsePlan): string {
  if (!plan.toolCall) return wholeParts(plan).answer;
  const [head, tail] = toolArgumentFrame(plan.toolCall);
  return head + jsonStringBody(plan.tokens.join("")) + tail;
}

const textPart = (text: string) => ({ type: "output_text", text, annotations: [], logprobs: [] });

/** The reasoning item (`--reasoning-tokens`) as OpenAI writes one: its text a `reasoning_text` part. */
function reasoningItem(identity: ResponsesIdentity, text: string, status: string): Json {
  const content = status === "in_progress" ? [] : [{ type: "reasoning_text", text }];
  return {
    type: "reasoning",
    id: `rs${identity.itemId.slice(identity.itemId.indexOf("_"))}`,
    summary: [],
    content,
    status,
  };
}

function outputItem(plan: ResponsePlan, identity: ResponsesIdentity, text: string, status: string): Json {
  if (plan.toolCall)
    return {
      type: "function_call",
      id: identity.itemId,
      call_id: plan.toolCall.id,
      name: plan.toolCall.name,
      arguments: text,
      status,
    };
  return {
    type: "message",
    id: identity.itemId,
    status,
    role: "assistant",
    content: text === "" && status === "in_progress" ? [] : [textPart(text)],
  };
}

/** The response object; `done`: with its output, final status and usage. */
export function responseObject(plan: ResponsePlan, identity: ResponsesIdentity, done: boolean): Json {
  const incomplete = done && plan.finishReason === "length";
  const outputTokens = plan.tokens.length;
  return {
    id: identity.id,
    object: "response",
    created_at: identity.createdAt,
    status: done ? (incomplete ? "incomplete" : "completed") : "in_progress",
    error: null,
    incomplete_details: incomplete ? { reason: "max_output_tokens" } : null,
    model: identity.model,
    output: done ? doneOutput(plan, identity, incomplete ? "incomplete" : "completed") : [],
    parallel_tool_calls: true,
    tool_choice: "auto",
    tools: [],
    usage: done
      ? {
          input_tokens: plan.promptTokens,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: outputTokens,
          output_tokens_details: { reasoning_tokens: reasoningCountOf(plan) },
          total_tokens: plan.promptTokens + outputTokens,
        }
      : null,
  };
}

/** A finished response's output items: the reasoning item when the plan reasoned, then the answer's. */
function doneOutput(plan: ResponsePlan, identity: ResponsesIdentity, status: string): Json[] {
  const answer = outputItem(plan, identity, planText(plan), status);
  return reasoningCountOf(plan) > 0
    ? [reasoningItem(identity, wholeParts(plan).reasoning, "completed"), answer]
    : [answer];
}

/** The SSE events of one streamed response, paced by the plan's schedule. */
export function responsesWrites(plan: ResponsePlan, identity: ResponsesIdentity, tokensPerChunk: number): SseWrite[] {
  let sequence = 0;
  const event = (type: string, fields: Json) =>
    `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...fields })}\n\n`;
  const reasoned = reasoningCountOf(plan) > 0;
  const outputIndex = reasoned ? 1 : 0;
  const where = { item_id: identity.itemId, output_index: outputIndex };
  const textWhere = { ...where, content_index: 0 };
  const tool = plan.toolCall;
  const [head, tail] = tool ? toolArgumentFrame(tool) : ["", ""];
  const reasoningWhere = { item_id: reasoningItem(identity, "", "").id, output_index: 0, content_index: 0 };
  // The answer's item opens with the first write, or, after reasoning, with the first answer token.
  const openAnswer = () =>
    event("response.output_item.added", {
      output_index: outputIndex,
      item: outputItem(plan, identity, "", "in_progress"),
    }) + (tool ? "" : event("response.content_part.added", { ...textWhere, part: textPart("") }));
  const closeReasoning = () => {
    const text = wholeParts(plan).reasoning;
    return (
      event("response.reasoning_text.done", { ...reasoningWhere, text }) +
      event("response.output_item.done", { output_index: 0, item: reasoningItem(identity, text, "completed") })
    );
  };
  const opening =
    event("response.created", { response: responseObject(plan, identity, false) }) +
    event("response.in_progress", { response: responseObject(plan, identity, false) }) +
    (reasoned
      ? event("response.output_item.added", { output_index: 0, item: reasoningItem(identity, "", "in_progress") })
      : openAnswer());
  const slots = chunkSchedule(
    tool ? Math.max(1, plan.tokens.length) : plan.tokens.length,
    tokensPerChunk,
    plan.ttftMs,
    plan.tpotMs,
  );
  let next = 0;
  let answerOpen = !reasoned;
  const writes: SseWrite[] = slots.map((slot, i) => {
    const { reasoning, answer } = splitTokens(plan, next, next + slot.tokenCount);
    next += slot.tokenCount;
    let text = reasoning ? event("response.reasoning_text.delta", { ...reasoningWhere, delta: reasoning }) : "";
    if (answer && !answerOpen) {
      text += closeReasoning() + openAnswer();
      answerOpen = true;
    }
    if (tool)
      text += event("response.function_call_arguments.delta", {
        ...where,
        delta: (i === 0 ? head : "") + jsonStringBody(answer) + (i === slots.length - 1 ? tail : ""),
      });
    else if (answer) text += event("response.output_text.delta", { ...textWhere, delta: answer, logprobs: [] });
    return { text, offsetMs: slot.offsetMs, tokenCount: slot.tokenCount };
  });
  // An answer of reasoning only (cut at the cap): its item still closes, and an empty message follows.
  let closing = answerOpen ? "" : closeReasoning() + openAnswer();
  const whole = planText(plan);
  closing += tool
    ? event("response.function_call_arguments.done", { ...where, arguments: whole })
    : event("response.output_text.done", { ...textWhere, text: whole, logprobs: [] }) +
      event("response.content_part.done", { ...textWhere, part: textPart(whole) });
  const final = responseObject(plan, identity, true);
  const itemStatus = final.status === "incomplete" ? "incomplete" : "completed";
  closing +=
    event("response.output_item.done", {
      output_index: outputIndex,
      item: outputItem(plan, identity, whole, itemStatus),
    }) + event(final.status === "incomplete" ? "response.incomplete" : "response.completed", { response: final });
  const first = writes[0];
  const last = writes[writes.length - 1];
  if (!first || !last) return [{ text: opening + closing, offsetMs: plan.ttftMs, tokenCount: 0 }];
  first.text = opening + first.text;
  last.text += closing;
  return writes;
}

/** @module server/response-plan — what one response says and when each of its chunks is due (pure). */
import type { LatencySample } from "./latency-model.ts";
import type { ApiKind, MockRequest, PromptInput, ToolTarget } from "./openai-request.ts";
import type { MockServerOptions } from "./options.ts";

export type FinishReason = "stop" | "length" | "tool_calls";

/** The content of one response and its pacing, decided before anything is written. */
export interface ResponsePlan {
  kind: ApiKind;
  /** Token texts; each after the first carries its leading space. */
  tokens: string[];
  finishReason: FinishReason;
  promptTokens: number;
  ttftMs: number;
  tpotMs: number;
  /** `serve --tool-calls`: the tokens are the text of this call's one argument, not content. */
  toolCall?: ToolCallPlan;
  /** `serve --reasoning-tokens`: the first this many tokens are reasoning (server/reasoning-plan); absent = none. */
  reasoningTokens?: number;
}

export interface ToolCallPlan {
  id: string;
  name: string;
  argument: string;
}

/** One SSE content event: how many tokens it carries and when it is due (ms after the request arrived). */
interface ChunkSlot {
  tokenCount: number;
  offsetMs: number;
}

/** The synthetic output of model and fixed modes: "tok tok tok …", one word per token. */
export function syntheticTokens(count: number): string[] {
  return Array.from({ length: count }, (_, index) => (index === 0 ? "tok" : " tok"));
}

function withLeadingSpaces(words: string[]): string[] {
  return words.map((word, index) => (index === 0 ? word : ` ${word}`));
}

/** Echo: the prompt's words, cut at the token cap ("length" when cut). */
function echoOutput(request: MockRequest, input: PromptInput): { tokens: string[]; finishReason: FinishReason } {
  const cap = request.maxTokens;
  const cut = cap !== null && input.echoWords.length > cap;
  const words = cut ? input.echoWords.slice(0, cap) : input.echoWords;
  return { tokens: withLeadingSpaces(words), finishReason: cut ? "length" : "stop" };
}

/**
 * Model: the sampled length, raised to `min_tokens`, set to the cap with `ignore_eos` (benchmarks
 * ask for exact lengths that way), then capped. Reaching the cap reports "length", as vLLM does.
 */
export function modelOutputLength(
  request: MockRequest,
  sampledTokens: number,
): {
  count: number;
  finishReason: FinishReason;
} {
  const cap = request.maxTokens;
  let wanted = request.ignoreEos && cap !== null ? cap : sampledTokens;
  wanted = Math.max(wanted, request.minTokens);
  if (cap !== null && wanted >= cap) return { count: cap, finishReason: "length" };
  return { count: wanted, finishReason: "stop" };
}

/** Decides one choice's answer to `input` for echo or model mode. */
export function planResponse(
  mode: "echo" | "model",
  request: MockRequest,
  sample: LatencySample,
  input: PromptInput = request.inputs[0] as PromptInput,
): ResponsePlan {
  const timing = {
    kind: request.kind,
    promptTokens: request.promptTokens,
    ttftMs: sample.ttftMs,
    tpotMs: sample.tpotMs,
  };
  if (mode === "echo") return { ...timing, ...echoOutput(request, input) };
  const { count, finishReason } = modelOutputLength(request, sample.outputTokens);
  return { ...timing, tokens: syntheticTokens(count), finishReason };
}

/**
 * The one answer of a route that parses its body but has no fixed-mode encoding of its own
 * (SGLang's /generate, Responses, Messages): fixed mode answers as model mode, with `fixedTokens`
 * as the sampled length.
 */
export function planInMode(
  { mode, fixedTokens }: Pick<MockServerOptions, "mode" | "fixedTokens">,
  request: MockRequest,
  sample: LatencySample,
): ResponsePlan {
  if (mode === "echo") return planResponse("echo", request, sample);
  return planResponse("model", request, mode === "fixed" ? { ...sample, outputTokens: fixedTokens } : sample);
}

/**
 * `serve --tool-calls`: a chat request with tools is answered with a call to its first tool,
 * whose one argument is the last message's words (so a replayed agent's turn gets a call to
 * grade), paced like content tokens and cut at the token cap like them.
 */
export function planToolCall(
  plan: ResponsePlan,
  request: MockRequest,
  input: PromptInput,
  tool: ToolTarget,
  id: string,
): ResponsePlan {
  const all = withLeadingSpaces(input.lastWords ?? []);
  const cap = request.maxTokens;
  const cut = cap !== null && all.length > cap;
  return {
    ...plan,
    tokens: cut ? all.slice(0, cap) : all,
    finishReason: cut ? "length" : "tool_calls",
    toolCall: { id, name: tool.name, argument: tool.argument },
  };
}

/** The argument JSON of a tool call around `text`, split where the streamed text goes: [head, tail]. */
export function toolArgumentFrame(call: ToolCallPlan): [string, string] {
  return [`{${JSON.stringify(call.argument)}: "`, '"}'];
}

/** `text` as it sits inside a JSON string (no quotes). */
export const jsonStringBody = (text: string): string => JSON.stringify(text).slice(1, -1);

/** Every choice of a response: `n` per prompt, prompt after prompt (the `index` of each is its position), sharing one latency sample. */
export function planChoices(mode: "echo" | "model", request: MockRequest, sample: LatencySample): ResponsePlan[] {
  return request.inputs.flatMap((input) =>
    Array.from({ length: request.n }, () => planResponse(mode, request, sample, input)),
  );
}

/** When the last token is ready: TTFT + TPOT × (n − 1). Non-streaming replies wait this long. */
export function completionOffsetMs(plan: Pick<ResponsePlan, "tokens" | "ttftMs" | "tpotMs">): number {
  return plan.ttftMs + plan.tpotMs * Math.max(0, plan.tokens.length - 1);
}

/**
 * Token i is ready at TTFT + i × TPOT. The first token goes out alone as soon as it is ready;
 * later tokens go out `tokensPerChunk` at a time, each event when its last token is ready
 * (vLLM's `--stream-interval` behaviour). So TTFT, TPOT and per-token ITL come out exactly as
 * configured whatever the packing.
 */
export function chunkSchedule(tokenCount: number, tokensPerChunk: number, ttftMs: number, tpotMs: number): ChunkSlot[] {
  if (tokenCount <= 0) return [];
  const slots: ChunkSlot[] = [{ tokenCount: 1, offsetMs: ttftMs }];
  for (let next = 1; next < tokenCount; ) {
    const count = Math.min(tokensPerChunk, tokenCount - next);
    next += count;
    slots.push({ tokenCount: count, offsetMs: ttftMs + (next - 1) * tpotMs });
  }
  return slots;
}

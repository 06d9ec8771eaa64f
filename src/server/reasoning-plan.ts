/**
 * @module server/reasoning-plan — `serve --reasoning-tokens N`: N reasoning tokens before every answer, and how each dialect carries them (pure).
 *
 * The N tokens come first and are paced like any others (token i is ready at TTFT + i × TPOT), so
 * the first answer token is due N × TPOT after the first token: what a client's TTFO − TTFT should
 * read. Chat carries them as `reasoning_content` deltas (DeepSeek's API, vLLM's and SGLang's
 * reasoning parsers), Responses as a `reasoning` item's `response.reasoning_text.delta`s, Messages
 * as a `thinking` block. Completions has no reasoning field (vLLM's parsers serve chat only), so
 * its text holds them as a model without a parser writes them: `<think>` opens the first and
 * `</think>` closes the N-th — the client splits that with `--think-tags`. Usage counts them in
 * the output, and chat and Responses name them (`reasoning_tokens`), as OpenAI and vLLM do.
 */
import type { ResponsePlan } from "./response-plan.ts";

const THINK_OPEN = "<think>";
const THINK_CLOSE = "</think>";

/** The reasoning tokens' text: "think think …", one word per token. */
function reasoningWords(count: number): string[] {
  return Array.from({ length: count }, (_, index) => (index === 0 ? "think" : " think"));
}

/** `plan` with `count` reasoning tokens before its answer (none: the plan itself); completions get them inside think tags. */
export function withReasoning(plan: ResponsePlan, count: number): ResponsePlan {
  if (count === 0) return plan;
  const words = reasoningWords(count);
  if (plan.kind === "completions") {
    words[0] = THINK_OPEN + words[0];
    words[count - 1] += THINK_CLOSE;
  }
  return { ...plan, tokens: [...words, ...plan.tokens], reasoningTokens: count };
}

/** The reasoning tokens of a plan (0 without). */
export const reasoningCountOf = (plan: Pick<ResponsePlan, "reasoningTokens">): number => plan.reasoningTokens ?? 0;

/** Tokens [from, to) of a plan as its reasoning text and its answer text; completions' are all text, tags and all. */
export function splitTokens(plan: ResponsePlan, from: number, to: number): { reasoning: string; answer: string } {
  const boundary = plan.kind === "completions" ? from : Math.min(Math.max(reasoningCountOf(plan), from), to);
  return {
    reasoning: plan.tokens.slice(from, boundary).join(""),
    answer: plan.tokens.slice(boundary, to).join(""),
  };
}

/** The whole answer's reasoning text and answer text (splitTokens over every token). */
export const wholeParts = (plan: ResponsePlan): { reasoning: string; answer: string } =>
  splitTokens(plan, 0, plan.tokens.length);

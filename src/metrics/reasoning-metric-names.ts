/**
 * @module metrics/reasoning-metric-names — the metrics of reasoning models, named and defined (listed in metrics/metric-names' table).
 *
 * A reasoning model streams its reasoning before its answer, and TTFT fires on the first
 * reasoning token: what a user waits for is TTFO. Each is in result_summary.json only when a
 * request reasoned (metrics/reasoning-metrics); docs/metrics.md's "Reasoning models" says where
 * the reasoning is read from.
 */
import type { MetricDefinition } from "./metric-definition.ts";

export const TTFO: MetricDefinition = {
  name: "ttfo",
  label: "TTFO",
  unit: "ns",
  definition:
    "Time to first output: the first delta that is not reasoning (content or a tool call) − sent; TTFT for a " +
    "request that did not reason (streaming, successful requests; present when a request reasoned).",
};

export const TPOT_ANSWER: MetricDefinition = {
  name: "tpot_answer",
  label: "TPOT (answer)",
  unit: "ns/token",
  definition:
    "TPOT over the answer: (done − first answer chunk) / the answer's tokens after that chunk; TPOT for a request " +
    "that did not reason (successful streams with ≥ 1 answer token after it; present when a request reasoned).",
};

export const REASONING_TOKENS: MetricDefinition = {
  name: "reasoning_tokens",
  label: "Reasoning tokens",
  unit: "tokens",
  definition:
    "Reasoning tokens per request: usage's `reasoning_tokens`, else the tokenizer's count of the reasoning text, " +
    "else the tokens of the chunks before the first answer chunk; 0 where it did not reason (successful requests).",
};

export const ANSWER_TOKENS: MetricDefinition = {
  name: "answer_tokens",
  label: "Answer tokens",
  unit: "tokens",
  definition: "Output tokens less reasoning tokens, per successful request: the two add up to the output length.",
};

/**
 * @module metrics/input-throughput — inputs/s and input tokens/s, the throughput of the API types that generate nothing.
 *
 * An embeddings request returns one vector per input and a rerank request scores every document
 * it sent (record/request-fields `inputCount`); a request may carry many (`--batch-size`, a
 * row's documents), so requests/s alone undersells the server. Over the same window as QPS:
 * `inputs_per_second = Σ inputCount / duration` and `input_tokens_per_second = Σ input tokens /
 * duration`, successful requests only, as QPS and TPS count them. Null for the generating APIs,
 * which record no input count; their throughput is TPS.
 */
import type { SeriesArray } from "./percentiles.ts";
import { z } from "zod";

const NS_PER_S = 1e9;

/** result_summary.json's `inputs` block: its shape, declared once. */
export const InputThroughputSchema = z.strictObject({
  /** Vectors returned or documents scored by the successful requests. */
  inputs: z.number().min(0),
  inputs_per_second: z.number().nullable(),
  /** Σ input tokens (usage, else the tokenizer) per second; null when no request had a count. */
  input_tokens_per_second: z.number().nullable(),
});

export type InputThroughput = z.infer<typeof InputThroughputSchema>;

function total(values: SeriesArray): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i] as number;
  return sum;
}

/**
 * `inputCounts`: the successful requests' inputCount values that are known (none: not such an API
 * type); `inputTokens`: their known input token counts. Null when no request counted inputs.
 */
export function inputThroughput(
  inputCounts: SeriesArray,
  inputTokens: SeriesArray,
  durationNs: number | null,
): InputThroughput | null {
  if (inputCounts.length === 0) return null;
  const seconds = durationNs !== null && durationNs > 0 ? durationNs / NS_PER_S : null;
  const inputs = total(inputCounts);
  return {
    inputs,
    inputs_per_second: seconds === null ? null : inputs / seconds,
    input_tokens_per_second: seconds === null || inputTokens.length === 0 ? null : total(inputTokens) / seconds,
  };
}

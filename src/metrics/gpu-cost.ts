/**
 * @module metrics/gpu-cost — output tokens per second per GPU, and what a million tokens cost at a GPU-hour price.
 *
 * As InferenceMAX plots throughput against interactivity: the run's `tps` (metrics/throughput, the same figure
 * result_summary.json reports) ÷ the GPUs serving the endpoint (`--gpus`). The cost is the GPUs' time over the
 * performance window (`duration_ns`): GPU-hours = duration × GPUs ÷ 3600 s, and
 * $/1M output tokens = GPU-hours × price ÷ (output tokens ÷ 10⁶); $/1M tokens counts input + output tokens.
 * Embeddings and rerank generate nothing: their output tokens are 0, not unknown, so $/1M tokens is their
 * input tokens' price, given again as $/1M input tokens, which only they carry (the GPUs' time is spent on
 * the inputs alone; for a generating API it is mostly decoding, and a price per input token would mislead).
 * A count that is 0 or unknown gives null, never a cost of infinity or of nothing. Pure.
 */
import { z } from "zod";

const NS_PER_HOUR = 3600e9;
const PER_MILLION = 1e6;

/** `tps` ÷ `gpus`; null when either is unknown. */
export function tpsPerGpu(tps: number | null, gpus: number | null): number | null {
  return tps === null || gpus === null || !(gpus > 0) ? null : tps / gpus;
}

interface GpuCostInput {
  /** The performance window, ns (result_summary.json's duration_ns); null when nothing completed. */
  durationNs: number | null;
  gpus: number;
  usdPerGpuHour: number;
  /** Σ output tokens of successful requests; null when some had no count. */
  outputTokens: number | null;
  /** Σ input tokens of successful requests; null when some had no count. */
  inputTokens: number | null;
  /** Embeddings or rerank: nothing is generated, so the input tokens are what is priced. */
  generatesNothing?: boolean;
}

const num = z.number().nullable();

/** result_summary.json's `cost` block: its shape, declared once. */
export const GpuCostSchema = z.strictObject({
  gpus: z.number().int().min(1),
  usd_per_gpu_hour: z.number().gt(0),
  gpu_hours: num,
  usd_total: num,
  usd_per_million_output_tokens: num,
  usd_per_million_tokens: num,
  /** Present for embeddings and rerank only: `usd_total` ÷ (input tokens ÷ 10⁶). */
  usd_per_million_input_tokens: num.optional(),
});

export type GpuCost = z.infer<typeof GpuCostSchema>;

/** `usd` ÷ (`tokens` ÷ 10⁶); null when either is unknown or there are no tokens. */
function perMillion(usd: number | null, tokens: number | null): number | null {
  return usd === null || tokens === null || !(tokens > 0) ? null : usd / (tokens / PER_MILLION);
}

export function gpuCost(input: GpuCostInput): GpuCost {
  const { durationNs, gpus, usdPerGpuHour, inputTokens, generatesNothing = false } = input;
  const outputTokens = generatesNothing ? 0 : input.outputTokens;
  const gpuHours = durationNs === null || !(durationNs > 0) ? null : (durationNs * gpus) / NS_PER_HOUR;
  const usd = gpuHours === null ? null : gpuHours * usdPerGpuHour;
  const allTokens = outputTokens === null || inputTokens === null ? null : outputTokens + inputTokens;
  return {
    gpus,
    usd_per_gpu_hour: usdPerGpuHour,
    gpu_hours: gpuHours,
    usd_total: usd,
    usd_per_million_output_tokens: perMillion(usd, outputTokens),
    usd_per_million_tokens: perMillion(usd, allTokens),
    ...(generatesNothing ? { usd_per_million_input_tokens: perMillion(usd, inputTokens) } : {}),
  };
}

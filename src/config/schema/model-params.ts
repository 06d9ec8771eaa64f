/** @module config/schema/model-params — `model_params`: what is sent to the model with every request. */
import { z } from "zod";
import { bool, choice, int, jsonBody, jsonObject, num, text, textOrOff } from "./primitives.ts";
import { modelMix } from "./model-mix.ts";

const STREAMING_MODES = ["auto", "on", "off"] as const;
const OSL_DISTRIBUTIONS = ["original", "fixed", "uniform", "normal"] as const;

/** `streaming: true|false` in YAML means on|off. */
function streamingFromBoolean(v: unknown): unknown {
  if (v === true) return "on";
  if (v === false) return "off";
  return v;
}

/** Output-length distribution. Accepted for compatibility; upstream does not apply it either. */
const OslDistributionSchema = z.strictObject({
  type: choice(OSL_DISTRIBUTIONS).default("original").describe("output length distribution"),
  mean: num().nullable().default(null).describe("mean output tokens (normal)"),
  std: num(z.number().min(0)).nullable().default(null).describe("standard deviation (normal)"),
  min: int(z.number().min(1)).default(1).describe("minimum output tokens"),
  max: int(z.number().min(1)).default(2048).describe("maximum output tokens"),
});

/** Sampling controls that a dataset's `generation_config_override` may change (no defaults). */
export const samplingFields = {
  temperature: num(z.number().min(0)).nullable().optional(),
  top_k: int().nullable().optional(),
  top_p: num(z.number().min(0).max(1)).nullable().optional(),
  repetition_penalty: num().nullable().optional(),
  presence_penalty: num().nullable().optional(),
  frequency_penalty: num().nullable().optional(),
  seed: int().nullable().optional(),
  chat_template_kwargs: jsonObject().nullable().optional(),
  max_new_tokens: int(z.number().min(1)).optional(),
  min_new_tokens: int(z.number().min(0)).optional(),
  skip_special_tokens: bool().optional(),
  osl_distribution: OslDistributionSchema.nullable().optional(),
  extra_body: jsonBody().nullable().optional(),
};

export const ModelParamsSchema = z.strictObject({
  name: text().default("").describe("model name sent in requests; also the default tokenizer"),
  temperature: num(z.number().min(0)).nullable().default(null).describe("sampling temperature (sent only when set)"),
  top_k: int().nullable().default(null).describe("top-k sampling (sent only when set)"),
  top_p: num(z.number().min(0).max(1)).nullable().default(null).describe("nucleus sampling (sent only when set)"),
  repetition_penalty: num().nullable().default(null).describe("repetition penalty (sent only when set)"),
  presence_penalty: num().nullable().default(null).describe("presence penalty (sent only when set)"),
  frequency_penalty: num().nullable().default(null).describe("frequency penalty (sent only when set)"),
  seed: int().nullable().default(null).describe("sampling seed forwarded to the server"),
  chat_template_kwargs: jsonObject().nullable().default(null).describe("extra chat template arguments (JSON object)"),
  max_new_tokens: int(z.number().min(1)).default(1024).describe("maximum output tokens per request"),
  min_new_tokens: int(z.number().min(0)).default(1).describe("minimum output tokens (openai_completions only)"),
  skip_special_tokens: bool().default(true).describe("strip special tokens (openai_completions only)"),
  osl_distribution: OslDistributionSchema.nullable()
    .default(null)
    .describe("stored and not used, as in mlcommons/endpoints (a warning says so)"),
  // ours: vendor fields (sampling knobs, routing hints) no field of ours sends; merged into every body once, before the run.
  extra_body: jsonBody()
    .nullable()
    .default(null)
    .describe("JSON object merged into every request body, e.g. '{\"min_p\": 0.05}'; keys we set are refused"),
  // ours: several models (or LoRA adapters) sharing the run's requests by weight (plan/model-assignment).
  model_mix: modelMix()
    .nullable()
    .default(null)
    .describe(
      "NAME=WEIGHT, repeatable: requests shared among models by weight (instead of --model); YAML adds tokenizer",
    ),
  // ours: rows per embeddings request (config/rules/pooling refuses it with any other api_type).
  batch_size: int(z.number().min(1))
    .default(1)
    .describe("rows per request's `input` list (api_type openai_embeddings only)"),
  streaming: choice(STREAMING_MODES, { normalize: streamingFromBoolean })
    .default("auto")
    .describe("auto|on|off; auto = off for offline, on for online"),
  tokenizer_name: textOrOff()
    .default(null)
    .describe(
      "tokenizer for client-side token counts (HF id or local dir); default: the model name's " +
        "when in the local HF cache (as upstream); false or --no-tokenizer: none",
    ),
});

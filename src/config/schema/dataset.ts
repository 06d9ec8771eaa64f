/** @module config/schema/dataset — one `datasets[]` entry (YAML mapping or `--dataset` grammar string). */
import { z } from "zod";
import { splitDatasetSpec } from "../dataset-spec-grammar.ts";
import { samplingFields } from "./model-params.ts";
import { bool, choice, int, jsonObject, list, num, optionalText, text } from "./primitives.ts";
import { pathStem } from "../../dataset/path-stem.ts";

const DATASET_TYPES = ["performance", "accuracy"] as const;
const DATASET_FORMATS = [".jsonl", ".json", ".csv", ".parquet", "huggingface"] as const;
export const EVAL_METHODS = [
  "pass_at_1",
  "string_match",
  "exact_match",
  "rouge",
  "code_bench_scorer",
  "shopify_category_f1",
  "agentic_inference_inline",
  "vbench",
  "bfcl_v4",
  "legacy_mlperf_deepseek_r1",
  "swe_bench_scorer",
] as const;

/** `jsonl` and `JSONL` mean `.jsonl`; upstream only takes the dotted spelling. */
function normalizeFormat(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const lower = v.toLowerCase();
  return ["jsonl", "json", "csv", "parquet"].includes(lower) ? `.${lower}` : lower;
}

const AccuracyConfigSchema = z.strictObject({
  eval_method: choice(EVAL_METHODS).nullable().default(null).describe("scorer used for this dataset"),
  ground_truth: optionalText()
    .default(null)
    .describe("column holding the expected answer (null: `ground_truth`; code_bench_scorer takes none)"),
  extractor: optionalText().default(null).describe("answer extractor, e.g. boxed_math_extractor"),
  num_repeats: int(z.number().min(1)).default(1).describe("times each sample is issued"),
  extras: jsonObject().nullable().default(null).describe("scorer-specific options"),
});

/** Multi-turn conversations replayed as upstream's agentic_inference (docs/conversations.md). */
export const AgenticInferenceSchema = z.strictObject({
  turn_timeout_s: num(z.number().gt(0)).default(86_400),
  enable_salt: bool().default(false),
  inject_tool_delay: bool().default(false),
  routing_headers: list(text()).default(["X-Session-ID"]),
  num_trajectories_to_issue: int(z.number().min(1)).nullable().default(null),
  stop_issuing_on_first_user_complete: bool().default(false),
  // ours: `live` carries the model's own replies into later turns (docs/conversations.md).
  history: choice(["recorded", "live"] as const).default("recorded"),
});

/** As upstream: per-run keys, since one tokenizer and one metrics pass serve the whole run. */
const identityKey = (key: string) =>
  z
    .never({
      error: `'${key}' is per run, not per dataset: the run's one tokenizer and metrics read it from the top-level model_params; set it there`,
    })
    .optional();

/** Sparse model_params merged over the top-level ones for one dataset. */
const GenerationOverrideSchema = z.strictObject({
  ...samplingFields,
  name: identityKey("name"),
  streaming: identityKey("streaming"),
  tokenizer_name: identityKey("tokenizer_name"),
});

const DatasetObjectSchema = z.strictObject({
  name: text().default("").describe("dataset name (default: file name without extension)"),
  type: choice(DATASET_TYPES).default("performance").describe("performance|accuracy"),
  path: optionalText().default(null).describe("file or directory to load"),
  format: choice(DATASET_FORMATS, { normalize: normalizeFormat })
    .nullable()
    .default(null)
    .describe("default: from the extension"),
  // Upstream stores `samples` and never reads it (its examples set it anyway): so here, with a warning.
  samples: int(z.number().min(1))
    .nullable()
    .default(null)
    .describe("stored and not used, as in mlcommons/endpoints (a warning says so); max_rows takes the first N rows"),
  // ours: the first N rows (in file order; for `random`, how many rows are generated).
  max_rows: int(z.number().min(1))
    .nullable()
    .default(null)
    .describe("use only the first N rows (ours); random dataset: rows generated (default 1000)"),
  template: z
    .string()
    .min(1)
    .nullable()
    .default(null)
    .describe("prompt template with {column} placeholders, {{ }} for braces (ours; no commas on the command line)"),
  split: optionalText().default(null).describe("Hugging Face split (default: train, then test, then the first)"),
  config: optionalText().default(null).describe("Hugging Face config (subset) name (default: default or the only one)"),
  // ours: the synthetic `random` dataset (`--dataset random,isl=128,osl=64`).
  isl: optionalText().default(null).describe("random dataset: prompt tokens, e.g. 128, uniform:64:256, normal:128:32"),
  osl: optionalText()
    .default(null)
    .describe("random dataset: output tokens asked for (max_tokens, min_tokens, ignore_eos)"),
  prefix: int(z.number().min(0))
    .nullable()
    .default(null)
    .describe("random dataset: tokens shared by every prompt (prefix cache)"),
  images: int(z.number().min(0))
    .nullable()
    .default(null)
    .describe("random dataset: distinct synthetic images per request (image_url parts with data URLs)"),
  image_size: optionalText()
    .default(null)
    .describe("random dataset: the images' WIDTHxHEIGHT in pixels (default 256x256)"),
  image_format: choice(["png", "jpeg"] as const)
    .nullable()
    .default(null)
    .describe("random dataset: how the images are encoded (default png)"),
  turns: int(z.number().min(1))
    .nullable()
    .default(null)
    .describe("random dataset as conversations (agentic_inference): user turns per conversation"),
  eval_method: choice(["exact_match", "contains", "judge"]).nullable().default(null).describe("legacy, unused"),
  parser: z.record(z.string(), text()).nullable().default(null).describe("{prompt: column, system: column}"),
  generate_params: jsonObject().nullable().default(null).describe("arguments for predefined datasets"),
  accuracy_config: AccuracyConfigSchema.nullable().default(null).describe("how accuracy is scored"),
  agentic_inference: AgenticInferenceSchema.nullable().default(null).describe("multi-turn conversations"),
  generation_config_override: GenerationOverrideSchema.nullable().default(null).describe("per-dataset model_params"),
});

/** Turns a grammar string into the raw mapping; a malformed string is one issue on this entry. */
function fromSpecString(v: unknown, ctx: z.RefinementCtx): unknown {
  if (typeof v !== "string") return v;
  const parsed = splitDatasetSpec(v);
  if (parsed.ok) return parsed.value;
  ctx.addIssue({ code: "custom", message: `invalid dataset '${v}': ${parsed.message}`, continue: false });
  return v;
}

export const DatasetConfigSchema = z
  .preprocess(fromSpecString, DatasetObjectSchema)
  .transform((d) => (d.name === "" && d.path ? { ...d, name: pathStem(d.path) } : d));

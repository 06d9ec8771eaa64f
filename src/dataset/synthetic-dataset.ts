/**
 * @module dataset/synthetic-dataset — `--dataset random,isl=…,osl=…[,prefix=N][,max_rows=N][,images=N…]` as a Dataset.
 *
 * The name `random` with no such file selects synthetic prompts (random-dataset.ts). Lengths are
 * exact in tokens with `--tokenizer`, in words without one; rows default to 1000. With `images=N`
 * each prompt becomes content parts: its text, then N images of its own (dataset/synthetic-images).
 */
import { existsSync } from "node:fs";
import { InputError } from "../errors.ts";
import type { PythonSeed } from "../rng/python-random.ts";
import { loadTokenizer, type TextTokenizer } from "../tokens/load-tokenizer.ts";
import { parseLengthSpec } from "./length-spec.ts";
import type { Dataset } from "./load-dataset.ts";
import { generateRandomRows } from "./random-dataset.ts";
import { parseImageSize } from "./image-size.ts";
import { upstreamRandomPlan } from "./upstream-random.ts";

const RANDOM_DATASET = "random";
const DEFAULT_ROWS = 1000;

interface SyntheticSpec {
  path: string | null;
  name?: string;
  generate_params?: Readonly<Record<string, unknown>> | null;
  max_rows?: number | null;
  isl?: string | null;
  osl?: string | null;
  prefix?: number | null;
  images?: number | null;
  image_size?: string | null;
  image_format?: "png" | "jpeg" | null;
}

const DEFAULT_IMAGE_SIZE = "256x256";

/** The rows with `spec.images` images after each prompt's text (config/rules/synthetic-images checked the options). */
function withImages(rows: Record<string, unknown>[], spec: SyntheticSpec, seed: PythonSeed): Record<string, unknown>[] {
  if (!spec.images) return rows;
  const size = parseImageSize(spec.image_size ?? DEFAULT_IMAGE_SIZE);
  // Loaded here: the encoders are a dozen modules that a run without images would load for nothing.
  const { syntheticImageParts } = require("./synthetic-images.ts") as typeof import("./synthetic-images.ts");
  const images = syntheticImageParts(
    rows.length,
    { perRow: spec.images, ...size, format: spec.image_format ?? "png" },
    seed,
  );
  return rows.map((row, i) => ({ ...row, prompt: [{ type: "text", text: row.prompt }, ...(images[i] ?? [])] }));
}

export function isSyntheticDataset(spec: SyntheticSpec): boolean {
  return (spec.path ?? spec.name) === RANDOM_DATASET && !existsSync(RANDOM_DATASET);
}

/** Upstream's `name: random` with generate_params (dataset/upstream-random). */
function upstreamRandomDataset(
  spec: SyntheticSpec,
  generateParams: Record<string, unknown>,
  tokenizer: TextTokenizer | null,
): Dataset {
  const plan = upstreamRandomPlan(generateParams, RANDOM_DATASET);
  const rows = generateRandomRows({
    rows: spec.max_rows ?? plan.rows,
    isl: parseLengthSpec(plan.isl, "generate_params.input_seq_length"),
    osl: null,
    prefixTokens: 0,
    seed: plan.seed,
    tokenizer: plan.tokenizer ? loadTokenizer(plan.tokenizer) : tokenizer,
  });
  return { name: RANDOM_DATASET, path: RANDOM_DATASET, rows, columns: ["prompt", "isl"] };
}

export function syntheticDataset(spec: SyntheticSpec, seed: PythonSeed, tokenizer: TextTokenizer | null): Dataset {
  if (!spec.isl && spec.generate_params) return upstreamRandomDataset(spec, spec.generate_params, tokenizer);
  if (!spec.isl || !spec.osl) {
    throw new InputError("the random dataset needs isl= and osl=", {
      hint: "e.g. --dataset random,isl=128,osl=64 (add --tokenizer DIR for exact token counts)",
    });
  }
  const text = generateRandomRows({
    rows: spec.max_rows ?? DEFAULT_ROWS,
    isl: parseLengthSpec(spec.isl, "isl"),
    osl: parseLengthSpec(spec.osl, "osl"),
    prefixTokens: spec.prefix ?? 0,
    seed,
    tokenizer,
  });
  const rows = withImages(text, spec, seed);
  return {
    name: RANDOM_DATASET,
    path: RANDOM_DATASET,
    rows,
    columns: ["prompt", "max_new_tokens", "min_tokens", "ignore_eos", "isl"],
  };
}

/**
 * @module dataset/synthetic-dataset — `--dataset random,isl=…,osl=…[,prefix=N][,max_rows=N]` as a Dataset.
 *
 * The name `random` with no such file selects synthetic prompts (random-dataset.ts). Lengths are
 * exact in tokens with `--tokenizer`, in words without one; rows default to 1000.
 */
import { existsSync } from "node:fs";
import { InputError } from "../errors.ts";
import type { PythonSeed } from "../rng/python-random.ts";
import type { TextTokenizer } from "../tokens/load-tokenizer.ts";
import { parseLengthSpec } from "./length-spec.ts";
import type { Dataset } from "./load-dataset.ts";
import { generateRandomRows } from "./random-dataset.ts";

const RANDOM_DATASET = "random";
const DEFAULT_ROWS = 1000;

interface SyntheticSpec {
  path: string | null;
  max_rows?: number | null;
  isl?: string | null;
  osl?: string | null;
  prefix?: number | null;
}

export function isSyntheticDataset(spec: SyntheticSpec): boolean {
  return spec.path === RANDOM_DATASET && !existsSync(RANDOM_DATASET);
}

export function syntheticDataset(spec: SyntheticSpec, seed: PythonSeed, tokenizer: TextTokenizer | null): Dataset {
  if (!spec.isl || !spec.osl) {
    throw new InputError("the random dataset needs isl= and osl=", { hint: "e.g. --dataset random,isl=128,osl=64 (add --tokenizer DIR for exact token counts)" });
  }
  const rows = generateRandomRows({
    rows: spec.max_rows ?? DEFAULT_ROWS,
    isl: parseLengthSpec(spec.isl, "isl"),
    osl: parseLengthSpec(spec.osl, "osl"),
    prefixTokens: spec.prefix ?? 0,
    seed,
    tokenizer,
  });
  return { name: RANDOM_DATASET, path: RANDOM_DATASET, rows, columns: ["prompt", "max_new_tokens", "min_tokens", "ignore_eos", "isl"] };
}

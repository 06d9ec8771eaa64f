/**
 * @module dataset/predefined/generate-params — a dataset entry's `generate_params` (upstream's
 *  "kwargs for predefined generate()") as options for `loadPredefinedDataset`.
 *
 * Keys: `source` (ours: a local file or directory, or hf://datasets/…), `variant` (or `split`, a
 * list joined with `+`, as upstream names Shopify's prepared copies), `seed`,
 * `max_samples`, and `force_regenerate`, which is accepted and has no effect: we never write
 * a prepared copy, so there is nothing to regenerate. Values given on the command line arrive
 * as strings, so numbers are coerced. Unknown keys are an InputError listing the known ones.
 */
import { z } from "zod";
import { InputError } from "../../errors.ts";
import type { PredefinedOptions } from "./predefined-types.ts";

const wholeNumber = z.coerce.number().int();

const GenerateParamsSchema = z.strictObject({
  source: z.string().min(1).optional(),
  variant: z.string().min(1).optional(),
  // Upstream's Shopify splits: a list is one variant, "train+test".
  split: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
  seed: wholeNumber.min(0).optional(),
  max_samples: wholeNumber.min(1).optional(),
  force_regenerate: z.union([z.boolean(), z.string()]).optional(),
});

const GENERATE_PARAM_KEYS = Object.keys(GenerateParamsSchema.shape);

/** Parses `generate_params` (null → no options). Throws InputError naming the dataset. */
export function parseGenerateParams(
  value: unknown,
  datasetName: string,
): Pick<PredefinedOptions, "source" | "variant" | "seed" | "maxSamples"> {
  if (value === null || value === undefined) return {};
  const result = GenerateParamsSchema.safeParse(value);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const key = issue.path.join(".");
      return key === "" ? issue.message : `${key}: ${issue.message}`;
    });
    throw new InputError(`dataset ${datasetName}: invalid generate_params: ${problems.join("; ")}`, {
      hint: `known keys: ${GENERATE_PARAM_KEYS.join(", ")}`,
    });
  }
  const { source, variant, split, seed, max_samples: maxSamples } = result.data;
  return { source, variant: variant ?? (Array.isArray(split) ? split.join("+") : split), seed, maxSamples };
}

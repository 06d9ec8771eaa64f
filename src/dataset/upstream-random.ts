/**
 * @module dataset/upstream-random — mlcommons/endpoints' own synthetic dataset, `name: random`
 * with `generate_params {tokenizer, num_sequences=1024, input_seq_length=1024, range_ratio=1.0,
 * random_seed=42, save_tokenized_data=false}`, read as our `random` dataset: `num_sequences`
 * rows whose prompt lengths are uniform over [⌊L·range_ratio⌋, L] tokens, seeded by
 * `random_seed`, counted with that tokenizer.
 *
 * The lengths follow upstream's distribution; the prompts do not repeat its text (upstream
 * decodes runs of consecutive token ids drawn with numpy's PCG64; ours are words the tokenizer
 * encodes as one token each), and, as upstream, no output length is forced: `max_new_tokens`
 * comes from model_params. A warning says so. `save_tokenized_data: true` (token-id prompts) is
 * refused: only text prompts are built.
 */
import { z } from "zod";
import { InputError } from "../errors.ts";

const UpstreamRandomParams = z.strictObject({
  tokenizer: z.string().min(1).nullable().default(null),
  num_sequences: z.coerce.number().int().min(1).default(1024),
  input_seq_length: z.coerce.number().int().min(1).default(1024),
  range_ratio: z.coerce.number().gt(0).max(1).default(1.0),
  random_seed: z.coerce.number().int().min(0).default(42),
  save_tokenized_data: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).default(false),
  force_regenerate: z.unknown().optional(),
});

interface UpstreamRandomPlan {
  rows: number;
  /** A length spec in dataset/length-spec's text form. */
  isl: string;
  seed: number;
  tokenizer: string | null;
}

/** The upstream form's plan, or an InputError naming the generate_params key that is wrong. */
export function upstreamRandomPlan(generateParams: Record<string, unknown>, datasetName: string): UpstreamRandomPlan {
  const parsed = UpstreamRandomParams.safeParse(generateParams);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const unknown = issue?.code === "unrecognized_keys" ? issue.keys[0] : undefined;
    const key = unknown ?? issue?.path.join(".") ?? "";
    const what = unknown !== undefined ? "not a parameter of upstream's random dataset" : (issue?.message ?? "invalid");
    throw new InputError(`dataset '${datasetName}': generate_params.${key}: ${what}`, {
      hint: "upstream's random dataset takes tokenizer, num_sequences, input_seq_length, range_ratio, random_seed",
    });
  }
  const p = parsed.data;
  if (p.save_tokenized_data) {
    throw new InputError(
      `dataset '${datasetName}': generate_params.save_tokenized_data: true is not supported; the random dataset sends text prompts`,
      {
        hint: "drop save_tokenized_data, or give a dataset file with an input_tokens column",
      },
    );
  }
  const low = Math.max(1, Math.floor(p.input_seq_length * p.range_ratio));
  return {
    rows: p.num_sequences,
    isl: low === p.input_seq_length ? String(low) : `uniform:${low}:${p.input_seq_length}`,
    seed: p.random_seed,
    tokenizer: p.tokenizer,
  };
}

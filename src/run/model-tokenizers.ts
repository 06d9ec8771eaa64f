/**
 * @module run/model-tokenizers — the tokenizer that counts each model's tokens after the run, by model index.
 *
 * A mix can hold models of different families (a Llama and a Qwen, or adapters on either), whose token counts
 * differ for the same text; so each model counts with its own: the mix entry's `tokenizer`, else the run's
 * `--tokenizer`, else, as mlcommons/endpoints does for `--model`, the model name's when that names a local
 * tokenizer (the Hugging Face cache or a directory). `--no-tokenizer` turns them all off. Loaded before the
 * run, so a missing one fails at the start rather than after it.
 */
import type { BenchmarkConfig } from "../config/schema/schema.ts";
import type { RunModel } from "../record/run-models.ts";
import { loadTokenizer, type TextTokenizer, tokenizerExists } from "../tokens/load-tokenizer.ts";

/** Each model's tokenizer (null: its tokens are not counted here); [] for a one-model run (the run's tokenizer counts). */
export function modelTokenizers(config: BenchmarkConfig, models: readonly RunModel[]): (TextTokenizer | null)[] {
  const runName = config.model_params.tokenizer_name;
  if (runName === false || models.length === 0) return models.map(() => null);
  const loaded = new Map<string, TextTokenizer>();
  const load = (spec: string) => {
    const tokenizer = loaded.get(spec) ?? loadTokenizer(spec);
    loaded.set(spec, tokenizer);
    return tokenizer;
  };
  return models.map((model) => {
    if (model.tokenizer) return load(model.tokenizer);
    if (runName) return load(runName);
    return tokenizerExists(model.name) ? load(model.name) : null;
  });
}

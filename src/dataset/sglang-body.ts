/**
 * @module dataset/sglang-body — the body of SGLang's native `/generate` for one row, as upstream
 * (mlcommons/endpoints) sends it: `{input_ids, sampling_params, stream}`.
 *
 * `sampling_params` holds max_new_tokens, temperature and top_p (1.0 each when unset, as
 * upstream) and top_k unless it is -1 (upstream's encoder leaves -1 out). No model name, seed or
 * penalties: the route serves one model and upstream sends none of them. The prompt must be token
 * ids (`input_tokens`); for gpt-oss, text prompts are Harmony-tokenised first (dataset/harmony). Ours: a row's
 * own output-length request (synthetic datasets) adds min_new_tokens and ignore_eos, which
 * SGLang's sampling parameters honour.
 */
import { InputError } from "../errors.ts";
import { rowMaxTokens, type GenerationParams, type SamplingParams } from "./body-fields.ts";
import { isTokenIds } from "./prompt-check.ts";

/** What the SGLang body takes from the effective model parameters (no model name: the route serves one). */
type SglangParams = Pick<GenerationParams, "maxNewTokens" | "streaming"> &
  Pick<SamplingParams, "temperature" | "topP" | "topK">;

const TOP_K_OFF = -1;

export function sglangBody(row: Record<string, unknown>, params: SglangParams): Record<string, unknown> {
  if (!isTokenIds(row.input_tokens)) {
    throw new InputError("api_type sglang needs 'input_tokens' ids in every row", {
      hint: "give a pre-tokenized dataset (parser.input_tokens=COLUMN); text prompts are Harmony-tokenised only for gpt-oss models, as upstream",
    });
  }
  const sampling: Record<string, unknown> = {
    max_new_tokens: rowMaxTokens(row, params) ?? 1024,
    temperature: params.temperature ?? 1.0,
  };
  const topK = params.topK ?? TOP_K_OFF;
  if (topK !== TOP_K_OFF) sampling.top_k = topK;
  sampling.top_p = params.topP ?? 1.0;
  if (typeof row.min_tokens === "number") sampling.min_new_tokens = row.min_tokens;
  if (row.ignore_eos === true) sampling.ignore_eos = true;
  return { input_ids: row.input_tokens, sampling_params: sampling, stream: params.streaming };
}

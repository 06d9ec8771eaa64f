/**
 * @module dataset/body-fields — the fields the generating request bodies fill alike: the model
 * parameters they read, a field set only when it has a value, the sampling parameters, and a
 * row's own output-length request.
 *
 * Chat, completions and the Responses API send the same sampling fields under the same names
 * (vLLM reads all of them on each route); Anthropic's Messages body takes three of them and
 * SGLang's nests its own (dataset/anthropic-body, dataset/sglang-body). Each body keeps its
 * own key order: these helpers set fields where the body calls them.
 */

type Body = Record<string, unknown>;
type Row = Record<string, unknown>;

/** What every generating body reads of the effective model parameters (camelCase of the YAML `model_params`). */
export interface GenerationParams {
  model: string;
  maxNewTokens: number | null;
  streaming: boolean;
}

/** The sampling parameters; unset (null or absent) ones are left to the server. */
export interface SamplingParams {
  temperature?: number | null;
  topP?: number | null;
  topK?: number | null;
  seed?: number | null;
  repetitionPenalty?: number | null;
  presencePenalty?: number | null;
  frequencyPenalty?: number | null;
}

/** Sets `body[key]` unless the value is null or undefined. */
export function put(body: Body, key: string, value: unknown): void {
  if (value !== null && value !== undefined) body[key] = value;
}

/** The sampling parameters under their OpenAI (and vLLM) names. */
export function putSampling(body: Body, params: SamplingParams): void {
  put(body, "temperature", params.temperature);
  put(body, "top_p", params.topP);
  put(body, "top_k", params.topK);
  put(body, "seed", params.seed);
  put(body, "repetition_penalty", params.repetitionPenalty);
  put(body, "presence_penalty", params.presencePenalty);
  put(body, "frequency_penalty", params.frequencyPenalty);
}

/**
 * A row's own output-length request (synthetic datasets): `max_new_tokens` replaces the
 * configured maximum, and `min_tokens` / `ignore_eos` (vLLM, SGLang) make servers produce it.
 */
export function rowMaxTokens(row: Row, params: Pick<GenerationParams, "maxNewTokens">): number | null {
  return typeof row.max_new_tokens === "number" ? row.max_new_tokens : params.maxNewTokens;
}

/** The row's `min_tokens` and `ignore_eos`, as vLLM and SGLang's OpenAI routes name them. */
export function putLengthControls(body: Body, row: Row): void {
  if (typeof row.min_tokens === "number") body.min_tokens = row.min_tokens;
  if (row.ignore_eos === true) body.ignore_eos = true;
}

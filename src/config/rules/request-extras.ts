/**
 * @module config/rules/request-extras — `--extra-body` and `--header` may add to a request, never change what another field sets.
 *
 * A body key we write (the model, the prompt, streaming, the token limit, a sampling field)
 * given again in extra_body would leave two sources for one value and a run that measures
 * something else than its config says; so would a header the API key or a routing header sets.
 */
import type { ConfigProblem } from "../config-error.ts";
import { apiKeyHeaderNames } from "../api-key-headers.ts";
import { flagLabel } from "../flags.ts";
import type { DraftConfig } from "../schema/schema.ts";
import type { Rule } from "./rule-context.ts";

/** Who sets a body key: a schema path (named by its flag) or a plain phrase. */
type Owner = { path: string } | { phrase: string };

const STREAMING: Owner = { path: "model_params.streaming" };
const MAX_TOKENS: Owner = { path: "model_params.max_new_tokens" };
const param = (name: string): Owner => ({ path: `model_params.${name}` });

const SAMPLING = [
  "temperature",
  "top_p",
  "top_k",
  "seed",
  "repetition_penalty",
  "presence_penalty",
  "frequency_penalty",
];
const COMMON: Record<string, Owner> = {
  model: param("name"),
  stream: STREAMING,
  stream_options: STREAMING,
  max_completion_tokens: MAX_TOKENS,
  max_tokens: MAX_TOKENS,
  ...Object.fromEntries(SAMPLING.map((name) => [name, param(name)])),
};

/** The keys each api_type's body builder writes from the config (dataset/request-body, dataset/sglang-body, dataset/anthropic-body). */
const OWNED: Record<string, Record<string, Owner>> = {
  openai: {
    ...COMMON,
    messages: { phrase: "the dataset's prompt" },
    chat_template_kwargs: param("chat_template_kwargs"),
  },
  openai_completions: {
    ...COMMON,
    prompt: { phrase: "the dataset's prompt" },
    min_tokens: param("min_new_tokens"),
    skip_special_tokens: param("skip_special_tokens"),
  },
  // The Responses API's stream_options (include_obfuscation) is not ours to set: extra_body may.
  openai_responses: {
    ...Object.fromEntries(Object.entries(COMMON).filter(([key]) => key !== "stream_options")),
    input: { phrase: "the dataset's prompt" },
    instructions: { phrase: "the dataset's system prompt" },
    max_output_tokens: MAX_TOKENS,
  },
  openai_embeddings: { model: param("name"), input: { phrase: "the dataset's prompt" } },
  rerank: {
    model: param("name"),
    query: { phrase: "the dataset's query" },
    documents: { phrase: "the dataset's documents" },
  },
  sglang: {
    input_ids: { phrase: "the dataset's input_tokens" },
    stream: STREAMING,
    "sampling_params.max_new_tokens": MAX_TOKENS,
    "sampling_params.temperature": param("temperature"),
    "sampling_params.top_p": param("top_p"),
    "sampling_params.top_k": param("top_k"),
  },
  anthropic_messages: {
    model: param("name"),
    stream: STREAMING,
    max_tokens: MAX_TOKENS,
    messages: { phrase: "the dataset's prompt" },
    system: { phrase: "the dataset's system prompt" },
    temperature: param("temperature"),
    top_p: param("top_p"),
    top_k: param("top_k"),
  },
};

const isMapping = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function ownerText(owner: Owner): string {
  if ("phrase" in owner) return owner.phrase;
  return flagLabel(owner.path) ?? owner.path;
}

/** Every key of `extra` (and of a mapping under it, dotted) that `owned` names. */
function collisions(extra: Record<string, unknown>, owned: Record<string, Owner>): [string, Owner][] {
  const found: [string, Owner][] = [];
  for (const [key, value] of Object.entries(extra)) {
    const owner = owned[key];
    if (owner) found.push([key, owner]);
    else if (isMapping(value))
      for (const inner of Object.keys(value)) {
        const nested = owned[`${key}.${inner}`];
        if (nested) found.push([`${key}.${inner}`, nested]);
      }
  }
  return found;
}

function extraBodyProblems(config: DraftConfig): ConfigProblem[] {
  const owned = OWNED[config.endpoint_config.api_type] ?? {};
  const sources: [string, unknown][] = [["model_params.extra_body", config.model_params.extra_body]];
  config.datasets.forEach((d, i) =>
    sources.push([`datasets[${i}].generation_config_override.extra_body`, d.generation_config_override?.extra_body]),
  );
  return sources.flatMap(([path, extra]) =>
    isMapping(extra)
      ? collisions(extra, owned).map(([key, owner]) => ({
          path,
          message: `sets '${key}', which ${ownerText(owner)} sets; set it there`,
        }))
      : [],
  );
}

function headerProblems(config: DraftConfig): ConfigProblem[] {
  const { headers, api_key: apiKey } = config.endpoint_config;
  const names = Object.keys(headers ?? {});
  const problems: ConfigProblem[] = [];
  const path = "endpoint_config.headers";
  const keyHeaders = apiKeyHeaderNames(config.endpoint_config.api_type);
  const authorization = names.find((n) => keyHeaders.includes(n.toLowerCase()));
  if (authorization && apiKey)
    problems.push({
      path,
      message: `'${authorization}' is also set by ${flagLabel("endpoint_config.api_key")}; give one of them`,
    });
  const routing = config.datasets.flatMap((d) => d.agentic_inference?.routing_headers ?? []);
  // Trace replay names each row's session in this header (workload/trace-workload).
  if (config.settings.load_pattern.type === "trace") routing.push("X-Session-ID");
  for (const name of names) {
    const route = routing.find((r) => r.toLowerCase() === name.toLowerCase());
    if (route)
      problems.push({
        path,
        message: `'${name}' is a routing header, set per conversation or session (agentic_inference.routing_headers, trace replay)`,
      });
  }
  return problems;
}

export const requestExtrasRule: Rule = (config) => [...extraBodyProblems(config), ...headerProblems(config)];

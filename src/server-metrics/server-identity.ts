/**
 * @module server-metrics/server-identity — what served the run: the engine, its version, its model and a few launch settings, from the server's own answers.
 *
 * Pure: the bodies of the paths each engine documents for itself (llama.cpp `GET /props`, SGLang
 * `GET /get_server_info`, TGI `GET /info`, vLLM `GET /version`) and `GET /v1/models` in, one
 * identity out, or null when none of them said anything. Each engine keeps a small allow-listed
 * set of fields, so a big answer (SGLang's holds every server argument, its API keys among them)
 * stores only what tells two runs apart; a name that looks like a credential is dropped even if
 * an allow-list ever names it, long strings are cut and an answer over MAX_ANSWER_CHARS is ignored.
 */
import { z } from "zod";

export const SERVER_IDENTITY_META_KEY = "server_identity";

/** The paths asked, under the server's root, in the order their answers are trusted. */
export const IDENTITY_PATHS = ["/props", "/get_server_info", "/info", "/version", "/v1/models"] as const;
type IdentityPath = (typeof IDENTITY_PATHS)[number];

/** Each path's HTTP status and body, as the server sent it; a path that did not answer (refused, timed out, too big) is absent. */
export type IdentityAnswers = Partial<Record<IdentityPath, { status: number; body: string }>>;

const ENGINES = ["llama.cpp", "vLLM", "SGLang", "TGI"] as const;
type Engine = (typeof ENGINES)[number];

type Setting = string | number | boolean;

/** result_summary.json's `server` block: its shape, declared once. */
export const ServerIdentitySchema = z.strictObject({
  /** null when only /v1/models answered and its cards name no engine. */
  engine: z.enum(ENGINES).nullable(),
  /** Which answer named the engine ("GET /props"), or null with no engine. */
  identified_by: z.string().nullable(),
  version: z.string().nullable(),
  model: z.string().nullable(),
  /** The engine's allow-listed launch settings (slots, context, parallelism, dtype, batch limits). */
  settings: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  /** The cards of /v1/models (at most MAX_MODELS); max_model_len is vLLM's context length, where the card has it. */
  models: z.array(
    z.strictObject({ id: z.string(), owned_by: z.string().nullable(), max_model_len: z.number().nullable() }),
  ),
});

export type ServerIdentity = z.infer<typeof ServerIdentitySchema>;
type ServedModel = ServerIdentity["models"][number];

/** A larger answer is not a server describing itself; reading it whole would only load the main process. */
export const MAX_ANSWER_CHARS = 1_000_000;
const MAX_TEXT_CHARS = 256;
const MAX_MODELS = 16;
/** Names of keys, secrets, passwords and tokens (`hf_token`; not `max_total_tokens`). */
export const CREDENTIAL_NAME = /api[_-]?key|secret|passw|credential|auth|(?:^|_)token$/i;

type Json = Record<string, unknown>;

const cut = (text: string) => (text.length > MAX_TEXT_CHARS ? `${text.slice(0, MAX_TEXT_CHARS - 1)}…` : text);
const text = (value: unknown) => (typeof value === "string" && value !== "" ? cut(value) : null);
const count = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** The body as a JSON object, when the path answered 200 with one of a sane size. */
function objectAt(answers: IdentityAnswers, path: IdentityPath): Json | null {
  const answer = answers[path];
  if (!answer || answer.status !== 200 || answer.body.length > MAX_ANSWER_CHARS) return null;
  try {
    const parsed: unknown = JSON.parse(answer.body);
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Json) : null;
  } catch {
    // Not JSON (an HTML page, a proxy's text): this path told nothing.
    return null;
  }
}

/** `names` of `source` that hold a string, number or boolean, credential-looking names never. */
function pick(source: Json, names: readonly string[]): Record<string, Setting> {
  const out: Record<string, Setting> = {};
  for (const name of names) {
    const value = source[name];
    if (CREDENTIAL_NAME.test(name)) continue;
    if (typeof value === "string" && value !== "") out[name] = cut(value);
    else if (typeof value === "boolean" || count(value) !== null) out[name] = value as Setting;
  }
  return out;
}

type Found = Omit<ServerIdentity, "models">;

/** llama.cpp's /props: `build_info` and its slots; the context is per slot (`default_generation_settings.n_ctx`). */
function llamaCpp(props: Json | null): Found | null {
  if (!props || (typeof props.build_info !== "string" && typeof props.total_slots !== "number")) return null;
  const defaults = (props.default_generation_settings ?? {}) as Json;
  return {
    engine: "llama.cpp",
    identified_by: "GET /props",
    version: text(props.build_info),
    model: text(props.model_path) ?? text(props.model_alias),
    settings: { ...pick(props, ["total_slots", "model_ftype"]), ...pick(defaults, ["n_ctx"]) },
  };
}

/** SGLang's /get_server_info: its server arguments, the scheduler's limits and `version`. */
const SGLANG_SETTINGS = [
  "served_model_name",
  "tp_size",
  "dp_size",
  "pp_size",
  "ep_size",
  "dtype",
  "quantization",
  "kv_cache_dtype",
  "context_length",
  "mem_fraction_static",
  "max_running_requests",
  "max_total_num_tokens",
  "chunked_prefill_size",
  "schedule_policy",
  "attention_backend",
  "speculative_algorithm",
];

function sglang(info: Json | null): Found | null {
  if (!info || typeof info.model_path !== "string" || (typeof info.tp_size !== "number" && !info.version)) return null;
  return {
    engine: "SGLang",
    identified_by: "GET /get_server_info",
    version: text(info.version),
    model: text(info.model_path),
    settings: pick(info, SGLANG_SETTINGS),
  };
}

/** TGI's /info: the router's `model_id`, `version` and its batch limits. */
const TGI_SETTINGS = [
  "model_sha",
  "model_dtype",
  "sha",
  "docker_label",
  "max_concurrent_requests",
  "max_input_tokens",
  "max_input_length",
  "max_total_tokens",
  "max_batch_total_tokens",
  "max_batch_prefill_tokens",
  "max_waiting_tokens",
  "max_client_batch_size",
];

function tgi(info: Json | null): Found | null {
  const router = info?.router === "text-generation-router" || typeof info?.max_concurrent_requests === "number";
  if (!info || typeof info.model_id !== "string" || !router) return null;
  return {
    engine: "TGI",
    identified_by: "GET /info",
    version: text(info.version),
    model: text(info.model_id),
    settings: pick(info, TGI_SETTINGS),
  };
}

/** vLLM's /version is `{"version"}` alone; a server whose model cards name another owner is not taken for vLLM. */
function vllm(version: Json | null, models: readonly ServedModel[]): Found | null {
  if (!version || typeof version.version !== "string" || Object.keys(version).length !== 1) return null;
  if (models.some((m) => m.owned_by !== null && m.owned_by !== "vllm")) return null;
  return { engine: "vLLM", identified_by: "GET /version", version: text(version.version), model: null, settings: {} };
}

/** The owners engines write in their model cards. */
const OWNERS: Record<string, Engine> = { llamacpp: "llama.cpp", vllm: "vLLM", sglang: "SGLang" };

function modelCards(list: Json | null): ServedModel[] {
  const data = Array.isArray(list?.data) ? (list.data as unknown[]) : [];
  return data
    .filter((card): card is Json => card !== null && typeof card === "object" && typeof (card as Json).id === "string")
    .slice(0, MAX_MODELS)
    .map((card) => ({
      id: cut(card.id as string),
      owned_by: text(card.owned_by),
      max_model_len: count(card.max_model_len),
    }));
}

/** The identity the answers give, or null when no path said anything about the server. */
export function identifyServer(answers: IdentityAnswers): ServerIdentity | null {
  const models = modelCards(objectAt(answers, "/v1/models"));
  const found =
    llamaCpp(objectAt(answers, "/props")) ??
    sglang(objectAt(answers, "/get_server_info")) ??
    tgi(objectAt(answers, "/info")) ??
    vllm(objectAt(answers, "/version"), models);
  if (found) return { ...found, model: found.model ?? models[0]?.id ?? null, models };
  if (models.length === 0) return null;
  const owner = models.map((m) => OWNERS[m.owned_by ?? ""]).find((engine) => engine !== undefined) ?? null;
  return {
    engine: owner,
    identified_by: owner ? `GET /v1/models (owned_by ${models.find((m) => OWNERS[m.owned_by ?? ""])?.owned_by})` : null,
    version: null,
    model: models[0]?.id ?? null,
    settings: {},
    models,
  };
}

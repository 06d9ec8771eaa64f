/**
 * @module test/server-metrics/server-identity.test — the server's answers to an identity, per engine, on real or documented bytes.
 *
 * Where each fixture comes from (test/fixtures/server-identity/):
 * - llamacpp-props.json, llamacpp-models.json: llama.cpp's server (the one test/support/llama-server starts, tiny-64x2.gguf,
 *   `-np 2 -c 4096`), `curl /props` and `curl /v1/models`, byte for byte.
 * - sglang-get-server-info.json: SGLang's documented `/get_server_info` (docs "SGLang Native APIs"): its ServerArgs fields
 *   (docs "Server Args": model_path, tp_size, api_key, …), the scheduler's `max_total_num_tokens`, `internal_states` and
 *   `version`; the API keys are made up, as a launch with `--api-key` would hold them.
 * - tgi-info.json: TGI's router `GET /info` (its `Info` struct), as a TGI 3.2.1 server answered it in a client's published example.
 * - vllm-version.json, vllm-models.json: vLLM's `GET /version` (`{"version": VLLM_VERSION}`, as its API tests assert) and
 *   its `/v1/models` card (ModelCard: id, owned_by "vllm", root, parent, max_model_len, permission).
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  CREDENTIAL_NAME,
  identifyServer,
  MAX_ANSWER_CHARS,
  type IdentityAnswers,
} from "../../src/server-metrics/server-identity.ts";

const fixture = (name: string) =>
  readFileSync(join(import.meta.dir, "..", "fixtures", "server-identity", name), "utf8");
const ok = (body: string) => ({ status: 200, body });
const NOT_FOUND = { status: 404, body: '{"error":{"message":"File Not Found","type":"not_found_error","code":404}}' };
const LLAMA_MODEL = "/work/shared/tools/llama-server/models/tiny-64x2.gguf";

describe("server-metrics/server-identity", () => {
  test.each<[string, IdentityAnswers, Record<string, unknown>]>([
    [
      "llama.cpp: /props names it, with its build, model, slots and per-slot context",
      {
        "/props": ok(fixture("llamacpp-props.json")),
        "/v1/models": ok(fixture("llamacpp-models.json")),
        "/version": NOT_FOUND,
        "/info": NOT_FOUND,
        "/get_server_info": NOT_FOUND,
      },
      {
        engine: "llama.cpp",
        identified_by: "GET /props",
        version: "b0-unknown",
        model: LLAMA_MODEL,
        settings: { total_slots: 2, model_ftype: "F16", n_ctx: 2048 },
        models: [{ id: LLAMA_MODEL, owned_by: "llamacpp", max_model_len: null }],
      },
    ],
    [
      "SGLang: /get_server_info names it; a small subset of its arguments is kept",
      { "/get_server_info": ok(fixture("sglang-get-server-info.json")) },
      {
        engine: "SGLang",
        identified_by: "GET /get_server_info",
        version: "0.5.4",
        model: "Qwen/Qwen2.5-0.5B-Instruct",
        settings: {
          served_model_name: "Qwen/Qwen2.5-0.5B-Instruct",
          tp_size: 1,
          dp_size: 1,
          pp_size: 1,
          ep_size: 1,
          dtype: "auto",
          kv_cache_dtype: "auto",
          mem_fraction_static: 0.88,
          max_total_num_tokens: 1015560,
          chunked_prefill_size: 8192,
          schedule_policy: "fcfs",
          attention_backend: "flashinfer",
        },
        models: [],
      },
    ],
    [
      "TGI: /info names it, with its model, version and batch limits",
      { "/info": ok(fixture("tgi-info.json")), "/version": NOT_FOUND },
      {
        engine: "TGI",
        identified_by: "GET /info",
        version: "3.2.1",
        model: "mistralai/Ministral-8B-Instruct-2410",
        settings: {
          model_sha: "4847e87e5975a573a2a190399ca62cd266c899ad",
          sha: "4d28897b4e345f4dfdd93d3434e50ac8afcdf9e1",
          docker_label: "sha-4d28897",
          max_concurrent_requests: 128,
          max_input_tokens: 32767,
          max_total_tokens: 32768,
          max_client_batch_size: 4,
        },
        models: [],
      },
    ],
    [
      "vLLM: /version alone, the model from its /v1/models card",
      {
        "/version": ok(fixture("vllm-version.json")),
        "/v1/models": ok(fixture("vllm-models.json")),
        "/props": NOT_FOUND,
      },
      {
        engine: "vLLM",
        identified_by: "GET /version",
        version: "0.8.5",
        model: "meta-llama/Llama-3.1-8B-Instruct",
        settings: {},
        models: [{ id: "meta-llama/Llama-3.1-8B-Instruct", owned_by: "vllm", max_model_len: 8192 }],
      },
    ],
    [
      "a /version beside model cards another owner wrote is not taken for vLLM",
      {
        "/version": ok('{"version":"2.1"}'),
        "/v1/models": ok('{"object":"list","data":[{"id":"tiny","owned_by":"inference-endpoint"}]}'),
      },
      {
        engine: null,
        identified_by: null,
        version: null,
        model: "tiny",
        settings: {},
        models: [{ id: "tiny", owned_by: "inference-endpoint", max_model_len: null }],
      },
    ],
    [
      "/v1/models alone names the engine by its owner",
      { "/v1/models": ok(fixture("llamacpp-models.json")) },
      {
        engine: "llama.cpp",
        identified_by: "GET /v1/models (owned_by llamacpp)",
        version: null,
        model: LLAMA_MODEL,
        settings: {},
        models: [{ id: LLAMA_MODEL, owned_by: "llamacpp", max_model_len: null }],
      },
    ],
  ])("%s", (_name, answers, identity) => {
    expect(identifyServer(answers)).toEqual(identity as never);
  });

  test.each<[string, IdentityAnswers]>([
    ["nothing answered", {}],
    ["every path 404", { "/props": NOT_FOUND, "/version": NOT_FOUND, "/v1/models": NOT_FOUND }],
    [
      "HTML and text where JSON was asked",
      { "/props": ok("<html>hi</html>"), "/version": ok("1.0"), "/v1/models": ok("[]") },
    ],
    ["a 200 with an error body", { "/info": ok('{"error":"not here"}'), "/v1/models": ok('{"data":[]}') }],
  ])("a server that says nothing about itself gives null: %s", (_name, answers) => {
    expect(identifyServer(answers)).toBeNull();
  });

  test("credential-looking fields are never kept: SGLang's api_key and admin_api_key are nowhere in the identity", () => {
    const identity = identifyServer({ "/get_server_info": ok(fixture("sglang-get-server-info.json")) });
    const stored = JSON.stringify(identity);
    expect(stored).not.toContain("secret");
    expect(Object.keys(identity?.settings ?? {}).filter((k) => /key|token$|secret|passw/i.test(k))).toEqual([]);
  });

  test.each([
    ["api_key", true],
    ["admin_api_key", true],
    ["hf_token", true],
    ["ssl_keyfile_password", true],
    ["client_secret", true],
    ["authorization", true],
    ["max_total_tokens", false],
    ["max_total_num_tokens", false],
    ["tokenizer_path", false],
    ["max_batch_prefill_tokens", false],
  ])(
    "a field named %s looks like a credential: %p (it is dropped even if an allow-list names it)",
    (name, credential) => {
      expect(CREDENTIAL_NAME.test(name)).toBe(credential);
    },
  );

  test("oversize answers are cut: long strings end in …, at most 16 model cards, an answer past the limit is ignored", () => {
    const longId = "m".repeat(1000);
    const cards = Array.from({ length: 40 }, (_, i) => ({ id: i === 0 ? longId : `model-${i}`, owned_by: "vllm" }));
    const identity = identifyServer({
      "/props": ok(JSON.stringify({ build_info: "b1", total_slots: 1, junk: "x".repeat(MAX_ANSWER_CHARS) })),
      "/version": ok(fixture("vllm-version.json")),
      "/v1/models": ok(JSON.stringify({ data: cards })),
    });
    expect(identity?.engine).toBe("vLLM");
    expect(identity?.models).toHaveLength(16);
    expect(identity?.model).toHaveLength(256);
    expect(identity?.model?.endsWith("…")).toBe(true);
  });
});

/** @module test/config/rules/anthropic-params — api_type anthropic_messages: what --extra-body, --header and model_params may set. */
import { describe, expect, test } from "bun:test";
import { buildConfig } from "../../../src/config/build-config.ts";
import { ConfigError } from "../../../src/config/config-error.ts";

const BASE = {
  "model_params.name": "m",
  "endpoint_config.endpoints": ["http://h:1"],
  "endpoint_config.api_type": "anthropic_messages",
};

/** The error text of building an offline config, or "" when it is valid. */
function errorOf(overrides: Record<string, unknown>, datasets = ["d.jsonl"]): string {
  try {
    buildConfig({ command: "offline", overrides: { ...BASE, ...overrides }, datasets });
    return "";
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
}

describe("config/rules/anthropic-params", () => {
  test("the api type is accepted", () => {
    expect(errorOf({})).toBe("");
  });

  test.each([
    ['{"max_tokens":5}', "sets 'max_tokens', which --max-output-tokens sets"],
    ['{"system":"x"}', "sets 'system', which the dataset's system prompt sets"],
    ['{"messages":[]}', "sets 'messages', which the dataset's prompt sets"],
    ['{"stream":true}', "sets 'stream', which --streaming sets"],
    ['{"top_k":5}', "sets 'top_k', which --model-params.top-k sets"],
    ['{"model":"x"}', "sets 'model', which --model sets"],
  ])("--extra-body %s is refused", (extra, message) => {
    expect(errorOf({ "model_params.extra_body": extra })).toContain(message);
  });

  test.each([['{"seed":1,"repetition_penalty":1.1}'], ['{"thinking":{"type":"enabled","budget_tokens":1024}}']])(
    "--extra-body %s is taken (fields the Messages body does not set)",
    (extra) => {
      expect(errorOf({ "model_params.extra_body": extra })).toBe("");
    },
  );

  test.each([
    ["model_params.seed", 1, "model_params.seed (--seed): api_type anthropic_messages has no field for --seed"],
    ["model_params.frequency_penalty", 0.5, "has no field for --model-params.frequency-penalty"],
    ["model_params.chat_template_kwargs", '{"a":1}', "has no field for --model-params.chat-template-kwargs"],
  ])("%s is refused, with --extra-body as the way to send it", (path, value, message) => {
    const text = errorOf({ [path]: value });
    expect(text).toContain(message);
    expect(text).toContain("--extra-body");
  });

  test("a dataset's override is refused by its own path", () => {
    expect(errorOf({}, ["d.jsonl,generation_config_override.seed=3"])).toContain(
      "datasets[0].generation_config_override.seed",
    );
  });

  test.each(["X-Api-Key: k2", "Authorization: Bearer k2"])(
    "%s with --api-key is a conflict (the key goes in both)",
    (header) => {
      const name = header.slice(0, header.indexOf(":"));
      expect(errorOf({ "endpoint_config.headers": [header], "endpoint_config.api_key": "k1" })).toContain(
        `'${name}' is also set by --api-key; give one of them`,
      );
      expect(errorOf({ "endpoint_config.headers": [header] })).toBe("");
    },
  );
});

/** @module test/config/rules/request-extras — `--extra-body` and `--header` refused where they would change what another field sets. */
import { describe, expect, test } from "bun:test";
import { buildConfig } from "../../../src/config/build-config.ts";
import { ConfigError } from "../../../src/config/config-error.ts";

const BASE = { "model_params.name": "m", "endpoint_config.endpoints": ["http://h:1"] };

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

describe("config/rules/request-extras", () => {
  test.each([
    ["openai", '{"stream":false}', "--extra-body): sets 'stream', which --streaming sets"],
    ["openai", '{"stream_options":{}}', "sets 'stream_options', which --streaming sets"],
    ["openai", '{"model":"x"}', "sets 'model', which --model sets"],
    ["openai", '{"messages":[]}', "sets 'messages', which the dataset's prompt sets"],
    ["openai", '{"max_completion_tokens":5}', "which --max-output-tokens sets"],
    ["openai", '{"max_tokens":5}', "which --max-output-tokens sets"],
    ["openai", '{"temperature":0.1}', "sets 'temperature', which --model-params.temperature sets"],
    ["openai", '{"seed":1}', "sets 'seed', which --seed sets"],
    ["openai", '{"chat_template_kwargs":{}}', "which --model-params.chat-template-kwargs sets"],
    ["openai_completions", '{"prompt":"x"}', "sets 'prompt', which the dataset's prompt sets"],
    ["openai_completions", '{"min_tokens":2}', "which --model-params.min-new-tokens sets"],
    ["sglang", '{"input_ids":[1]}', "sets 'input_ids', which the dataset's input_tokens sets"],
    ["openai_responses", '{"input":"x"}', "sets 'input', which the dataset's prompt sets"],
    ["openai_responses", '{"instructions":"x"}', "sets 'instructions', which the dataset's system prompt sets"],
    ["openai_responses", '{"max_output_tokens":5}', "sets 'max_output_tokens', which --max-output-tokens sets"],
    ["openai_responses", '{"stream":true}', "sets 'stream', which --streaming sets"],
    ["openai_responses", '{"top_p":0.5}', "sets 'top_p', which --model-params.top-p sets"],
    [
      "sglang",
      '{"sampling_params":{"temperature":0}}',
      "sets 'sampling_params.temperature', which --model-params.temperature sets",
    ],
  ])("%s refuses %s", (apiType, extra, message) => {
    expect(errorOf({ "endpoint_config.api_type": apiType, "model_params.extra_body": extra })).toContain(message);
  });

  test.each([
    ["openai", '{"min_p":0.05,"repetition_detection":{"window":8}}'],
    ["openai", '{"stop":["\\n"],"min_tokens":4}'],
    ["openai_completions", '{"chat_template_kwargs":{"x":1}}'],
    ["sglang", '{"sampling_params":{"min_p":0.1},"return_logprob":true}'],
    ["openai_responses", '{"reasoning":{"effort":"low"},"store":false}'],
    ["openai_responses", '{"stream_options":{"include_obfuscation":false}}'],
  ])("%s takes %s", (apiType, extra) => {
    expect(errorOf({ "endpoint_config.api_type": apiType, "model_params.extra_body": extra })).toBe("");
  });

  test("a dataset's override is checked too, by its own path", () => {
    const message = errorOf({}, ['d.jsonl,generation_config_override.extra_body={"stream":true}']);
    expect(message).toContain(
      "datasets[0].generation_config_override.extra_body (--dataset): sets 'stream', which --streaming sets",
    );
  });

  test.each([
    ["not JSON", '{"a":1,}', "not valid JSON: at character 8 of 8"],
    ["cut short", '{"a": [1', "not valid JSON: it ends too soon"],
    ["an array", "[1, 2]", 'must be a JSON object ({"key": value, …}), got an array'],
    ["a number", "3", 'must be a JSON object ({"key": value, …}), got a number'],
  ])("--extra-body %s is one line with where it breaks", (_name, extra, message) => {
    const text = errorOf({ "model_params.extra_body": extra });
    expect(text).toBe(`invalid configuration: model_params.extra_body (--extra-body): ${message}`);
  });

  test("invalid JSON is never quoted back: it may hold a credential", () => {
    expect(errorOf({ "model_params.extra_body": '{"api_key": "sk-hidden-1234",' })).not.toContain("sk-hidden");
  });

  test("Authorization with --api-key is a conflict; alone it is a header like any other", () => {
    expect(
      errorOf({ "endpoint_config.headers": ["Authorization: Basic dTpw"], "endpoint_config.api_key": "sk-x" }),
    ).toBe(
      "invalid configuration: endpoint_config.headers (--header): 'Authorization' is also set by --api-key; give one of them",
    );
    expect(errorOf({ "endpoint_config.headers": ["Authorization: Basic dTpw"] })).toBe("");
  });

  test("a routing header is set per conversation, not by --header", () => {
    const conversations = "c.jsonl,agentic_inference.routing_headers=X-Affinity";
    expect(errorOf({ "endpoint_config.headers": ["x-affinity: 1"] }, [conversations])).toContain(
      "'x-affinity' is a routing header",
    );
  });

  test("malformed headers are each one line naming --header, other fields untouched", () => {
    const text = errorOf({ "endpoint_config.headers": ["nocolon-sk-secret", "Host: h", "X-A: a\r\nX-B: sk-secret"] });
    expect(text.split("\n").filter((line) => line.includes("(--header)"))).toHaveLength(3);
    expect(text).not.toContain("endpoint_config.endpoints");
    expect(text).not.toContain("sk-secret");
  });
});

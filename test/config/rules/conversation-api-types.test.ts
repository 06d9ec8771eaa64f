/** @module test/config/rules/conversation-api-types — which api types carry a conversation run's turns. */
import { describe, expect, test } from "bun:test";
import { buildConfig } from "../../../src/config/build-config.ts";
import { ConfigError } from "../../../src/config/config-error.ts";

function errorOf(apiType: string): string {
  try {
    buildConfig({
      command: "online",
      overrides: {
        "model_params.name": "m",
        "endpoint_config.endpoints": ["http://h:1"],
        "endpoint_config.api_type": apiType,
        "settings.load_pattern.type": "agentic_inference",
        "settings.load_pattern.target_concurrency": 2,
      },
      datasets: ["c.jsonl"],
    });
    return "";
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
}

describe("config/rules/conversations: api types", () => {
  test.each(["openai", "openai_responses", "anthropic_messages"])("%s carries conversations", (apiType) => {
    expect(errorOf(apiType)).toBe("");
  });

  test.each(["openai_completions", "sglang"])("%s is refused, naming the ones that do", (apiType) => {
    expect(errorOf(apiType)).toContain(
      `conversations are sent as chat messages, which api_type ${apiType} cannot carry; use openai, openai_responses or anthropic_messages`,
    );
  });
});

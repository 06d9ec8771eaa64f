/** Which loaded datasets' system column an api_type drops, named before the run. */
import { describe, expect, test } from "bun:test";
import { buildConfig } from "../../src/config/build-config.ts";
import { droppedColumnWarnings } from "../../src/workload/dropped-columns.ts";

function config(apiType: string, parser: Record<string, string> | null = null) {
  return buildConfig({
    command: "from-config",
    overrides: {},
    yaml: {
      type: "offline",
      model_params: { name: "m" },
      endpoint_config: { endpoints: ["http://127.0.0.1:9"], api_type: apiType },
      datasets: [{ path: "d.jsonl", parser }],
    },
  });
}

const dataset = (columns: string[]) => ({ name: "d", path: "d.jsonl", rows: [], columns });

describe("workload/dropped-columns", () => {
  test.each([
    ["openai sends the system message", "openai", ["prompt", "system"], null, []],
    ["completions without a system column", "openai_completions", ["prompt"], null, []],
    [
      "completions drop the file's system column",
      "openai_completions",
      ["prompt", "system"],
      null,
      [
        "datasets[0] 'd': its system column is not sent: api_type openai_completions's request body carries the prompt alone (as in mlcommons/endpoints)",
      ],
    ],
    [
      "sglang drops a mapped one",
      "sglang",
      ["input_tokens", "system"],
      { system: "sys" },
      [
        "datasets[0] 'd': its system column (parser.system=sys) is not sent: api_type sglang's request body carries the prompt alone (as in mlcommons/endpoints)",
      ],
    ],
    ["responses sends the system column (as instructions)", "openai_responses", ["prompt", "system"], null, []],
    [
      "responses drops the chat-only columns",
      "openai_responses",
      ["prompt", "stop", "logit_bias"],
      null,
      [
        "datasets[0] 'd': its stop, logit_bias columns are not sent: the Responses API (api_type openai_responses) has no such field",
      ],
    ],
    ["anthropic_messages sends the system column", "anthropic_messages", ["prompt", "system", "user"], null, []],
    [
      "anthropic_messages has no field for logit_bias or chat_template",
      "anthropic_messages",
      ["prompt", "logit_bias", "chat_template"],
      null,
      [
        "datasets[0] 'd': its logit_bias, chat_template columns are not sent: Anthropic's Messages API (api_type anthropic_messages) has no such field",
      ],
    ],
    [
      "embeddings drop it too",
      "openai_embeddings",
      ["prompt", "system"],
      null,
      [
        "datasets[0] 'd': its system column is not sent: api_type openai_embeddings's request body carries the prompt alone",
      ],
    ],
  ])("%s", (_title, apiType, columns, parser, expected) => {
    expect(droppedColumnWarnings(config(apiType, parser), { dataset: dataset(columns), accuracy: [] })).toEqual(
      expected,
    );
  });
});

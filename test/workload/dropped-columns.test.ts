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

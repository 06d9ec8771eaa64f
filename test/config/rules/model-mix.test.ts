/**
 * @module test/config/rules/model-mix.test — `--model-mix NAME=WEIGHT` and `model_params.model_mix`: names
 * split at their last `=`, weights kept as given, and each refusal as the one line the user reads.
 */
import { describe, expect, test } from "bun:test";
import { buildConfig } from "../../../src/config/build-config.ts";
import { parseFlags } from "../../../src/config/parse-argv.ts";
import { readModelMixText } from "../../../src/config/schema/model-mix.ts";

const ONLINE = [
  "--endpoints",
  "http://127.0.0.1:9",
  "--dataset",
  "d.jsonl",
  "--load-pattern",
  "poisson",
  "--target-qps",
  "5",
];
const YAML = {
  type: "online",
  endpoint_config: { endpoints: ["http://127.0.0.1:9"] },
  datasets: [{ path: "d.jsonl" }],
  settings: { load_pattern: { type: "poisson", target_qps: 5 } },
};

const fromFlags = (...argv: string[]) => {
  const parsed = parseFlags([...ONLINE, ...argv], "online");
  return buildConfig({ command: "online", overrides: parsed.overrides, datasets: parsed.datasets });
};
const fromYaml = (modelParams: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  buildConfig({
    command: "from-config",
    yaml: { ...YAML, model_params: modelParams, ...extra },
    overrides: {},
    mode: extra.datasets ? "both" : "perf",
  });

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return "";
}

describe("config/schema/model-mix", () => {
  test.each([
    ["llama=3", { name: "llama", weight: 3 }],
    ["org/model,v2=0.5", { name: "org/model,v2", weight: 0.5 }],
    ["adapter=a=1e1", { name: "adapter=a", weight: 10 }],
    [" spaced = 2 ", { name: "spaced", weight: 2 }],
  ])("reads %p", (text, entry) => {
    expect(readModelMixText(text)).toEqual({ ok: true, entry: { ...entry, tokenizer: null } });
  });

  test.each([
    ["llama", /expected NAME=WEIGHT/],
    ["=3", /expected NAME=WEIGHT/],
    ["llama=", /expected NAME=WEIGHT/],
    ["llama=0", /'llama': the weight must be a positive number, got '0'/],
    ["llama=-1", /positive number/],
    ["llama=x", /positive number, got 'x'/],
  ])("refuses %p", (text, message) => {
    const read = readModelMixText(text);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.problem).toMatch(message);
  });
});

describe("config/rules/model-mix", () => {
  test("each --model-mix is one entry, commas and all; --model is then not needed", () => {
    const config = fromFlags("--model-mix", "a,b=3", "--model-mix", "lora=x=1");
    expect(config.model_params.model_mix).toEqual([
      { name: "a,b", weight: 3, tokenizer: null },
      { name: "lora=x", weight: 1, tokenizer: null },
    ]);
    expect(config.model_params.name).toBe("");
  });

  test("YAML takes NAME=WEIGHT items and {name, weight, tokenizer} mappings", () => {
    const config = fromYaml({
      model_mix: ["small=1", { name: "big", weight: "2.5", tokenizer: "gpt2" }],
    });
    expect(config.model_params.model_mix).toEqual([
      { name: "small", weight: 1, tokenizer: null },
      { name: "big", weight: 2.5, tokenizer: "gpt2" },
    ]);
  });

  test.each([
    [
      ["--model", "m", "--model-mix", "a=1"],
      /model_params\.model_mix \(--model-mix\): names the models itself: drop model_params\.name/,
    ],
    [["--model-mix", "a=1", "--model-mix", "a=2"], /--model-mix.*'a' is named twice/],
    [["--model-mix", "a=0"], /--model-mix.*'a': the weight must be a positive number/],
    [["--model-mix", "a"], /--model-mix.*expected NAME=WEIGHT/],
    [["--model-mix", "a=1", "--api-type", "sglang"], /--model-mix.*SGLang's \/generate serves one model/],
  ])("refuses %p in one line naming the flag", (argv, message) => {
    const text = messageOf(() => fromFlags(...argv));
    expect(text).toMatch(message);
    expect(text.split("\n")).toHaveLength(1);
  });

  test("refuses a mix over a trace in one line", () => {
    const argv = ["--endpoints", "http://127.0.0.1:9", "--dataset", "t.jsonl", "--load-pattern", "trace"];
    const parsed = parseFlags([...argv, "--model-mix", "a=1"], "online");
    const text = messageOf(() =>
      buildConfig({ command: "online", overrides: parsed.overrides, datasets: parsed.datasets }),
    );
    expect(text).toMatch(
      /model_params\.model_mix \(--model-mix\): applies to requests planned one by one, not to load_pattern trace/,
    );
    expect(text.split("\n")).toHaveLength(1);
  });

  test.each([
    [{ model_mix: [{ name: "a", weight: 1, tokeniser: "x" }] }, {}, /unknown key 'tokeniser'/],
    [{ model_mix: [{ weight: 1 }] }, {}, /needs a model name/],
    [{ model_mix: [] }, {}, /at least one model/],
    [{ model_mix: [{ name: "a", weight: 1, tokenizer: "gpt2" }], tokenizer_name: false }, {}, /--no-tokenizer/],
    [
      { model_mix: ["a=1"] },
      {
        datasets: [
          { path: "d.jsonl" },
          {
            path: "q.jsonl",
            type: "accuracy",
            accuracy_config: { eval_method: "exact_match", ground_truth: "answer" },
          },
        ],
      },
      /accuracy datasets are scored per dataset/,
    ],
  ])("refuses YAML %j", (modelParams, extra, message) => {
    expect(messageOf(() => fromYaml(modelParams, extra))).toMatch(message);
  });
});

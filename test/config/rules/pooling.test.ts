/**
 * @module test/config/rules/pooling.test — `--api-type openai_embeddings | rerank` and `--batch-size` from flags and
 * YAML: what reaches the config, and each refusal as the one line the user reads, naming the flag.
 */
import { describe, expect, test } from "bun:test";
import { buildConfig } from "../../../src/config/build-config.ts";
import { parseFlags } from "../../../src/config/parse-argv.ts";
import { ignoredFieldWarnings } from "../../../src/config/upstream/ignored-fields.ts";

const ONLINE = [
  "--model",
  "m",
  "--endpoints",
  "http://127.0.0.1:9",
  "--dataset",
  "d.jsonl",
  "--load-pattern",
  "concurrency",
  "--concurrency",
  "2",
];
const YAML = {
  type: "online",
  model_params: { name: "m" },
  endpoint_config: { endpoints: ["http://127.0.0.1:9"], api_type: "openai_embeddings" },
  datasets: [{ path: "d.jsonl" }],
  settings: { load_pattern: { type: "concurrency", target_concurrency: 2 } },
};

const fromFlags = (...argv: string[]) => {
  const parsed = parseFlags([...ONLINE, ...argv], "online");
  return buildConfig({ command: "online", overrides: parsed.overrides, datasets: parsed.datasets });
};
const fromYaml = (extra: Record<string, unknown>) =>
  buildConfig({ command: "from-config", yaml: { ...YAML, ...extra }, overrides: {} });

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected a refusal");
}

describe("config/rules/pooling", () => {
  test("embeddings take --batch-size (YAML model_params.batch_size); streaming auto is off for both types", () => {
    const flags = fromFlags("--api-type", "openai_embeddings", "--batch-size", "8");
    expect(flags.model_params).toMatchObject({ batch_size: 8, streaming: "off" });
    expect(fromYaml({ model_params: { name: "m", batch_size: 4 } }).model_params.batch_size).toBe(4);
    expect(fromFlags("--api-type", "rerank").model_params).toMatchObject({ batch_size: 1, streaming: "off" });
    expect(fromFlags("--api-type", "openai").model_params.streaming).toBe("on");
  });

  test.each([
    [["--batch-size", "4"], /model_params\.batch_size \(--batch-size\): .*api_type openai does not send/],
    [["--api-type", "rerank", "--batch-size", "2"], /--batch-size\): .*api_type rerank does not send/],
    [["--api-type", "openai_embeddings", "--batch-size", "0"], /--batch-size/],
    [
      ["--api-type", "openai_embeddings", "--streaming", "on"],
      /model_params\.streaming \(--streaming\): api_type openai_embeddings answers in one JSON body and never streams/,
    ],
    [["--api-type", "rerank", "--streaming", "on"], /--streaming\): api_type rerank .*never streams/],
  ])("refuses %p in one line naming the flag", (argv, message) => {
    const text = refusal(() => fromFlags(...argv));
    expect(text).toMatch(message);
    expect(text.split("\n")).toHaveLength(1);
  });

  test.each([
    ["openai_embeddings", "random,isl=16,osl=8"],
    ["rerank", "random,isl=16,osl=uniform:4:8"],
  ])("%s refuses the dataset's osl= in one line naming it", (apiType, spec) => {
    const parsed = parseFlags([...ONLINE.slice(0, 4), "--dataset", spec, "--api-type", apiType], "offline");
    const text = refusal(() =>
      buildConfig({ command: "offline", overrides: parsed.overrides, datasets: parsed.datasets }),
    );
    expect(text).toMatch(
      new RegExp(
        `datasets\\[0\\]\\.osl.*: osl= asks for output tokens, and api_type ${apiType} generates none: drop osl=`,
      ),
    );
    expect(text.split("\n")).toHaveLength(1);
    const isl = parseFlags([...ONLINE.slice(0, 4), "--dataset", "random,isl=16", "--api-type", apiType], "offline");
    expect(buildConfig({ command: "offline", overrides: isl.overrides, datasets: isl.datasets }).datasets[0]?.isl).toBe(
      "16",
    );
  });

  test("refuses a dataset's own max_new_tokens (generation_config_override), naming it", () => {
    const datasets = [{ path: "d.jsonl", generation_config_override: { max_new_tokens: 32 } }];
    expect(refusal(() => fromYaml({ datasets }))).toMatch(
      /^invalid configuration: datasets\[0\]\.generation_config_override\.max_new_tokens: asks for output tokens, and api_type openai_embeddings generates none/,
    );
  });

  test("a TTFT or TPOT objective is refused as needing generated tokens (no --streaming hint); latency is taken", () => {
    expect(refusal(() => fromFlags("--api-type", "openai_embeddings", "--slo", "ttft:100ms"))).toMatch(
      /slo\.ttft_ms.*api_type openai_embeddings generates none: use a latency objective/,
    );
    expect(refusal(() => fromFlags("--api-type", "rerank", "--slo", "tpot:5ms"))).not.toContain("--streaming on");
    expect(fromFlags("--api-type", "rerank", "--slo", "latency:200ms").slo.latency_ms).toBe(200);
  });

  test("refuses an accuracy dataset: these types generate no text to score", () => {
    const datasets = [
      { path: "d.jsonl" },
      {
        name: "gsm",
        type: "accuracy",
        path: "a.jsonl",
        accuracy_config: { eval_method: "exact_match", ground_truth: "a" },
      },
    ];
    expect(refusal(() => fromYaml({ datasets }))).toMatch(
      /datasets\[1\].*'gsm' is scored for accuracy, and api_type openai_embeddings generates no text/,
    );
  });

  test.each([
    [
      ["--api-type", "openai_embeddings", "--extra-body", '{"input": ["x"]}'],
      /extra_body.*'input'.*the dataset's prompt/,
    ],
    [["--api-type", "rerank", "--extra-body", '{"documents": ["x"]}'], /'documents'.*the dataset's documents/],
    [["--api-type", "rerank", "--extra-body", '{"model": "x"}'], /'model'.*--model/],
  ])("refuses an --extra-body key the body builder sets: %p", (argv, message) => {
    expect(refusal(() => fromFlags(...argv))).toMatch(message);
  });

  test("warns that sampling parameters are not sent, one line each", () => {
    const config = fromFlags("--api-type", "rerank", "--seed", "3", "--model-params.temperature", "0.5");
    expect(ignoredFieldWarnings(config, "perf")).toEqual([
      "model_params.temperature is not sent: api_type rerank's request body has no place for it",
      "model_params.seed is not sent: api_type rerank's request body has no place for it",
    ]);
    const limited = fromFlags("--api-type", "openai_embeddings", "--max-output-tokens", "64");
    expect(ignoredFieldWarnings(limited, "perf")).toEqual([
      "model_params.max_new_tokens is not sent: api_type openai_embeddings generates no tokens",
    ]);
    expect(ignoredFieldWarnings(fromFlags("--api-type", "openai_embeddings"), "perf")).toEqual([]);
  });
});

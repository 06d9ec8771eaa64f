import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildConfig } from "../../src/config/build-config.ts";
import { loadYamlConfig } from "../../src/config/load-yaml.ts";
import { DATASET_PLACEHOLDER, MODEL_PLACEHOLDER, renderTemplate, TEMPLATE_NAMES } from "../../src/config/templates.ts";

const dir = mkdtempSync(join(tmpdir(), "config-templates-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function roundTrip(name: (typeof TEMPLATE_NAMES)[number], replace: boolean) {
  let text = renderTemplate(name);
  if (replace)
    text = text
      .replaceAll(MODEL_PLACEHOLDER, "meta-llama/Llama-3.1-8B-Instruct")
      .replaceAll(DATASET_PLACEHOLDER, "datasets/dummy_1k.jsonl");
  const path = join(dir, `${name}-${replace}.yaml`);
  writeFileSync(path, text);
  return buildConfig({ command: "from-config", yaml: loadYamlConfig(path, {}), overrides: {} });
}

describe("config/templates", () => {
  test.each([
    ["offline", "offline", "max_throughput", "offline_benchmark", "off"],
    ["online", "online", "poisson", "online_benchmark", "on"],
    ["concurrency", "online", "concurrency", "concurrency_benchmark", "on"],
  ] as const)("renders %s that re-parses after replacing placeholders", (name, type, pattern, runName, streaming) => {
    const config = roundTrip(name, true);
    expect(config.type).toBe(type);
    expect(config.name).toBe(runName);
    expect(config.settings.load_pattern.type).toBe(pattern);
    expect(config.model_params.name).toBe("meta-llama/Llama-3.1-8B-Instruct");
    expect(config.model_params.streaming).toBe(streaming);
    expect(config.datasets[0]).toMatchObject({
      name: "perf",
      path: "datasets/dummy_1k.jsonl",
      parser: { prompt: "text_input" },
    });
    expect(config.endpoint_config.endpoints).toEqual(["http://localhost:8000"]);
  });

  test.each(TEMPLATE_NAMES)("%s is valid even with its placeholders", (name) => {
    expect(roundTrip(name, false).model_params.name).toBe(MODEL_PLACEHOLDER);
  });

  test("sets the online rate and the concurrency level", () => {
    expect(roundTrip("online", true).settings.load_pattern.target_qps).toBe(10);
    expect(roundTrip("concurrency", true).settings.load_pattern.target_concurrency).toBe(32);
  });

  test("explains key fields in comments and leaves out nulls", () => {
    const text = renderTemplate("offline");
    expect(text).toContain("# inference-endpoint offline benchmark template.");
    expect(text).toMatch(/max_new_tokens: 1024 # .+/);
    expect(text).toMatch(/min_duration_ms: 600000 # .+/);
    expect(text).toMatch(/# server base URLs/);
    expect(text).not.toMatch(/^\s*[\w-]+: null/m);
    expect(text).not.toContain("transport");
  });
  test("the submission template pins the ruleset's seeds and says what it cannot score yet", () => {
    const config = roundTrip("submission", true);
    expect(config).toMatchObject({
      type: "submission",
      benchmark_mode: "offline",
      submission_ref: { model: "llama2-70b", ruleset: "mlperf-inference-v6.1" },
    });
    expect(config.settings.runtime.scheduler_random_seed).toBe(16159082839903944936n);
    const text = renderTemplate("submission");
    expect(text).toContain("scheduler_random_seed: 16159082839903944936");
    expect(text).toContain("(OpenOrca scored with rouge) is not supported yet");
  });
});

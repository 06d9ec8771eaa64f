import { describe, expect, test } from "bun:test";
import { buildConfig } from "../../src/config/build-config.ts";
import { knownRequestCount, requestParams } from "../../src/workload/config-values.ts";

function config(overrides: Record<string, unknown>, datasets = ["d.jsonl"]) {
  return buildConfig({
    command: "offline",
    overrides: { "model_params.name": "m", "endpoint_config.endpoints": ["http://h:1"], ...overrides },
    datasets,
  });
}

describe("workload/config-values knownRequestCount", () => {
  test.each([
    ["an explicit sample count", { "settings.runtime.n_samples_to_issue": 7 }, 7],
    ["no sample count: the dataset decides", {}, null],
    [
      "warmup of a fixed size adds its requests",
      { "settings.runtime.n_samples_to_issue": 7, "settings.warmup.enabled": true, "settings.warmup.n_requests": 3 },
      10,
    ],
    [
      "warmup of the dataset's size",
      { "settings.runtime.n_samples_to_issue": 7, "settings.warmup.enabled": true },
      null,
    ],
  ])("%s", (_name, overrides, expected) => {
    expect(knownRequestCount(config(overrides))).toBe(expected);
  });

  test("an accuracy dataset makes it unknown", () => {
    const withAccuracy = config({ "settings.runtime.n_samples_to_issue": 7 }, [
      "d.jsonl",
      "acc:acc.jsonl,accuracy_config.eval_method=pass_at_1,accuracy_config.extractor=abcd_extractor,accuracy_config.ground_truth=answer",
    ]);
    expect(withAccuracy.datasets.map((d) => d.type)).toContain("accuracy");
    expect(knownRequestCount(withAccuracy)).toBeNull();
  });
});

describe("workload/config-values requestParams with generation_config_override", () => {
  const top = {
    "model_params.max_new_tokens": 10240,
    "model_params.temperature": 1,
    "model_params.chat_template_kwargs": { reasoning_effort: "high", enable_thinking: true },
  };
  const acc = "acc:a.jsonl,accuracy_config.eval_method=pass_at_1,accuracy_config.extractor=abcd_extractor";
  test.each([
    [
      "no override: model_params as they are",
      "",
      { maxNewTokens: 10240, temperature: 1, chatTemplateKwargs: { reasoning_effort: "high", enable_thinking: true } },
    ],
    ["a value replaces", ",generation_config_override.max_new_tokens=32768", { maxNewTokens: 32768, temperature: 1 }],
    [
      "a mapping merges key by key",
      ",generation_config_override.chat_template_kwargs.reasoning_effort=low",
      { chatTemplateKwargs: { reasoning_effort: "low", enable_thinking: true } },
    ],
  ])("%s", (_name, override, expected) => {
    const c = config(top, ["d.jsonl", `${acc}${override}`]);
    expect(requestParams(c, c.datasets[1] ?? null)).toMatchObject(expected);
  });

  test("extra_body: a dataset's keys win over the top level's, the others stay", () => {
    const c = config({ ...top, "model_params.extra_body": '{"min_p":0.05,"vendor":{"route":"a"}}' }, [
      "d.jsonl",
      `${acc},generation_config_override.extra_body={"min_p":0.2}`,
    ]);
    expect(requestParams(c, c.datasets[0] ?? null).extraBody).toEqual({ min_p: 0.05, vendor: { route: "a" } });
    expect(requestParams(c, c.datasets[1] ?? null).extraBody).toEqual({ min_p: 0.2, vendor: { route: "a" } });
  });

  test("an explicit null replaces too (YAML temperature: null)", () => {
    const c = config(top, ["d.jsonl"]);
    const withNull = {
      ...c,
      datasets: c.datasets.map((d) => ({ ...d, generation_config_override: { temperature: null } })),
    } as typeof c;
    expect(requestParams(withNull, withNull.datasets[0] ?? null)).toMatchObject({
      temperature: null,
      maxNewTokens: 10240,
    });
  });

  test("each dataset's requests carry its own override; the top level stays for the others", () => {
    const c = config({ "model_params.max_new_tokens": 10240 }, [
      "d.jsonl",
      `${acc},generation_config_override.max_new_tokens=32768`,
    ]);
    const [perf, accuracy] = c.datasets;
    expect(requestParams(c, perf ?? null).maxNewTokens).toBe(10240);
    expect(requestParams(c, accuracy ?? null).maxNewTokens).toBe(32768);
    expect(requestParams(c).maxNewTokens).toBe(10240);
  });
});

import { describe, expect, test } from "bun:test";
import { buildConfig } from "../../src/config/build-config.ts";
import { knownRequestCount } from "../../src/run/config-values.ts";

function config(overrides: Record<string, unknown>, datasets = ["d.jsonl"]) {
  return buildConfig({ command: "offline", overrides: { "model_params.name": "m", "endpoint_config.endpoints": ["http://h:1"], ...overrides }, datasets });
}

describe("run/config-values knownRequestCount", () => {
  test.each([
    ["an explicit sample count", { "settings.runtime.n_samples_to_issue": 7 }, 7],
    ["no sample count: the dataset decides", {}, null],
    ["warmup of a fixed size adds its requests", { "settings.runtime.n_samples_to_issue": 7, "settings.warmup.enabled": true, "settings.warmup.n_requests": 3 }, 10],
    ["warmup of the dataset's size", { "settings.runtime.n_samples_to_issue": 7, "settings.warmup.enabled": true }, null],
  ])("%s", (_name, overrides, expected) => {
    expect(knownRequestCount(config(overrides))).toBe(expected);
  });

  test("an accuracy dataset makes it unknown", () => {
    const withAccuracy = config({ "settings.runtime.n_samples_to_issue": 7 }, ["d.jsonl", "acc:acc.jsonl,accuracy_config.eval_method=pass_at_1,accuracy_config.extractor=abcd_extractor,accuracy_config.ground_truth=answer"]);
    expect(withAccuracy.datasets.map((d) => d.type)).toContain("accuracy");
    expect(knownRequestCount(withAccuracy)).toBeNull();
  });
});

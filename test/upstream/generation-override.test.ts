/**
 * @module test/upstream/generation-override — upstream's tests/unit/commands/test_benchmark.py per-dataset
 * generation_config_override suite (`_OverrideTestBase`, run for the chat and the text-completions adapter)
 * against buildConfig, requestParams and the request bodies prepareWorkload builds from real files.
 *
 * Upstream's completions rows are pre-tokenised (`input_tokens`) to avoid a tokenizer; ours send the prompt text
 * as written, so both adapters read the same `prompt` rows.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildConfig } from "../../src/config/build-config.ts";
import { ConfigError } from "../../src/config/config-error.ts";
import type { BenchmarkConfig } from "../../src/config/schema/schema.ts";
import { requestParams } from "../../src/workload/config-values.ts";
import { prepareWorkload } from "../../src/workload/prepare-workload.ts";

const T = "tests/unit/commands/test_benchmark.py";
const dir = mkdtempSync(join(tmpdir(), "upstream-override-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const perfPath = join(dir, "perf.jsonl");
const accPath = join(dir, "acc.jsonl");
writeFileSync(perfPath, `${JSON.stringify({ prompt: "perf-prompt" })}\n`);
writeFileSync(accPath, `${JSON.stringify({ prompt: "acc-prompt", ground_truth: "42" })}\n`);

/** Upstream's `_build_config`: a global max_new_tokens of 1024, a perf and an acc dataset with optional overrides. */
function configOf(
  apiType: string,
  accOverride: Record<string, unknown> | null,
  perfOverride?: Record<string, unknown>,
) {
  return buildConfig({
    command: "from-config",
    mode: "both",
    overrides: {},
    yaml: {
      type: "offline",
      model_params: { name: "test-model", max_new_tokens: 1024 },
      endpoint_config: { endpoints: ["http://localhost:8000"], api_type: apiType },
      datasets: [
        { name: "perf", type: "performance", path: perfPath, generation_config_override: perfOverride ?? null },
        {
          name: "acc",
          type: "accuracy",
          path: accPath,
          accuracy_config: {
            eval_method: "pass_at_1",
            ground_truth: "ground_truth",
            extractor: "boxed_math_extractor",
          },
          generation_config_override: accOverride,
        },
      ],
      settings: { runtime: { min_duration_ms: 0 } },
    },
  });
}

function problemsOf(build: () => unknown): string {
  try {
    build();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((p) => `${p.path}: ${p.message}`).join("\n");
    throw error;
  }
  return "";
}

/** The max-tokens value of the first body of the performance and the accuracy dataset. */
async function maxTokens(config: BenchmarkConfig, key: string): Promise<[unknown, unknown]> {
  const w = await prepareWorkload(config, null, "both");
  const first = (bodies: readonly string[] | undefined) => JSON.parse(bodies?.[0] ?? "{}")[key];
  return [first(w.bodies), first(w.accuracy[0]?.phase.bodies)];
}

describe.each([
  ["TestLoadDatasetsGenerationConfigOverrideChat", "openai", "max_completion_tokens"],
  ["TestLoadDatasetsGenerationConfigOverrideCompletions", "openai_completions", "max_tokens"],
])("upstream test_benchmark.py: %s", (_class, apiType, key) => {
  test(`${T}:3359 test_override_propagates_to_loaded_rows`, async () => {
    const override = {
      temperature: 0.2,
      seed: 7,
      max_new_tokens: 32768,
      chat_template_kwargs: { enable_thinking: false },
    };
    const config = configOf(apiType, override);
    expect(await maxTokens(config, key)).toEqual([1024, 32768]);
    const acc = requestParams(config, config.datasets[1]);
    expect([acc.maxNewTokens, acc.temperature, acc.seed, acc.chatTemplateKwargs]).toEqual([
      32768,
      0.2,
      7,
      { enable_thinking: false },
    ]);
    // One endpoint config for every dataset (upstream: `eval_configs[0].endpoint_config is config.endpoint_config`).
    expect(requestParams(config, config.datasets[0]).apiType).toBe(acc.apiType);
  });

  test(`${T}:3385 test_no_override_inherits_global`, async () => {
    expect(await maxTokens(configOf(apiType, null), key)).toEqual([1024, 1024]);
  });

  test(`${T}:3394 test_perf_dataset_override_also_honored`, async () => {
    const config = configOf(apiType, { max_new_tokens: 32768 }, { max_new_tokens: 10240 });
    expect(await maxTokens(config, key)).toEqual([10240, 32768]);
    expect(requestParams(config, config.datasets[1]).maxNewTokens).toBe(32768);
  });

  test(`${T}:3410 test_invalid_override_value_raises_at_construction`, () => {
    expect(problemsOf(() => configOf(apiType, { temperature: "hot" }))).toContain(
      "datasets[1].generation_config_override.temperature",
    );
  });

  test.each(["name", "streaming", "tokenizer_name"])(
    `${T}:3421 test_metrics_decoupled_override_rejected_at_construction [%s] (ours: "per run, not per dataset")`,
    (field) => {
      expect(problemsOf(() => configOf(apiType, { [field]: "whatever" }))).toMatch(
        new RegExp(`generation_config_override\\.${field}: '${field}' is per run, not per dataset`),
      );
    },
  );

  test(`${T}:3430 test_completion_control_override_gated_by_api_type`, () => {
    const found = problemsOf(() => configOf(apiType, { min_new_tokens: 5 }));
    if (apiType === "openai_completions") expect(found).toBe("");
    else expect(found).toContain("openai_completions");
  });
});

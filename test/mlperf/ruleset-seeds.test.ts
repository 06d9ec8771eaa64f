import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildConfig } from "../../src/config/build-config.ts";
import { ConfigError } from "../../src/config/config-error.ts";
import { configWarnings } from "../../src/config/rules/config-warnings.ts";
import { parseExactJson, toExactJson } from "../../src/config/exact-json.ts";
import { loadYamlConfig } from "../../src/config/load-yaml.ts";
import { parseFlags } from "../../src/config/parse-argv.ts";
import { toYamlText } from "../../src/config/yaml-text.ts";
import { describeRun } from "../../src/run/run-benchmark.ts";
import { PythonRandom } from "../../src/rng/python-random.ts";

const dir = mkdtempSync(join(tmpdir(), "ie-ruleset-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const base = {
  type: "offline",
  model_params: { name: "m" },
  endpoint_config: { endpoints: ["http://127.0.0.1:9"] },
  datasets: [{ name: "random", path: "random", isl: "8", osl: "2", max_rows: 20 }],
  settings: {
    runtime: { n_samples_to_issue: 20, scheduler_random_seed: 7, dataloader_random_seed: 8 },
    warmup: { warmup_random_seed: 9 },
  },
};

function seedsOf(yaml: Record<string, unknown>) {
  const config = buildConfig({ command: "from-config", yaml, overrides: {} });
  const { runtime, warmup } = config.settings;
  return [runtime.scheduler_random_seed, runtime.dataloader_random_seed, warmup.warmup_random_seed];
}

function problemOf(yaml: Record<string, unknown>): string {
  try {
    buildConfig({ command: "from-config", yaml, overrides: {} });
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return "valid";
}

describe("config/ruleset seeds", () => {
  // The mlcommons/endpoints round seeds (LoadGen's schedule_rng_seed / sample_index_rng_seed).
  test.each([
    ["mlperf-inference-v5.1", 18209322760996052031n, 14771362308971278857n],
    ["mlperf-inference-v6.1", 16159082839903944936n, 2747215439041700203n],
    ["mlcommons-current", 16159082839903944936n, 2747215439041700203n],
    ["mlperf-edge-v0.1", 42, 42],
    ["mlperf-edge-current", 42, 42],
  ])("%s pins the seeds over the config's own, for any type", (ruleset, scheduler, sampleIndex) => {
    const model = ruleset.includes("edge") ? "qwen3.6-27b" : "llama2-70b";
    expect(seedsOf({ ...base, submission_ref: { model, ruleset } })).toEqual([scheduler, sampleIndex, sampleIndex]);
  });

  test("without submission_ref the config's seeds stand", () => {
    expect(seedsOf(base)).toEqual([7, 8, 9]);
  });

  test("an unregistered ruleset fails a submission and only warns otherwise, seeds unchanged", () => {
    const ref = { submission_ref: { model: "m", ruleset: "mlperf-v0" } };
    expect(problemOf({ ...base, ...ref, type: "submission", benchmark_mode: "offline" })).toContain(
      "submission_ref.ruleset (--ruleset): 'mlperf-v0' is not registered; a submission must pin official RNG seeds and cannot fall back to defaults",
    );
    const config = buildConfig({ command: "from-config", yaml: { ...base, ...ref }, overrides: {} });
    expect(config.settings.runtime.scheduler_random_seed).toBe(7);
    // The config's own warmup seed stands too (and is named as unused without warmup).
    expect(configWarnings(config)).toEqual([
      "submission_ref.ruleset 'mlperf-v0' is not registered; skipping ruleset seed overrides.",
      "settings.warmup.warmup_random_seed: not used while settings.warmup.enabled is false (--warmup turns it on)",
    ]);
  });

  test("a pinned plan orders samples as CPython's random.Random does with the same seed", async () => {
    const config = buildConfig({
      command: "from-config",
      overrides: {},
      yaml: {
        ...base,
        settings: { ...base.settings, warmup: { enabled: true, n_requests: 4 } },
        submission_ref: { model: "llama2-70b", ruleset: "mlperf-inference-v6.1" },
      },
    });
    // python3 -c "import random; r=random.Random(2747215439041700203); a=list(range(20)); r.shuffle(a); print(a)"
    // (and seed + 1 for the warmup), run once with CPython 3.11.
    const plan = await describeRun(config);
    expect(plan).toContain("first dataset rows: 19, 18, 13, 5\n");
    expect(plan).toContain("first dataset rows: 7, 18, 5, 16, 19, 15, 4, 8, 6, 10, …\n");
    expect(plan).toContain(
      "ruleset mlperf-inference-v6.1 pins seeds: scheduler_random_seed=16159082839903944936, dataloader_random_seed=warmup_random_seed=2747215439041700203",
    );
  });

  test("64-bit seeds stay exact through YAML, flags, JSON and the saved config.yaml", () => {
    const path = join(dir, "big.yaml");
    writeFileSync(
      path,
      "type: offline\nsettings:\n  runtime:\n    scheduler_random_seed: 18209322760996052031\n    dataloader_random_seed: 42\n",
    );
    const yaml = loadYamlConfig(path) as { settings: { runtime: Record<string, unknown> } };
    expect(yaml.settings.runtime).toEqual({ scheduler_random_seed: 18209322760996052031n, dataloader_random_seed: 42 });

    const flags = parseFlags(["--runtime.scheduler-random-seed", "18446744073709551615"], "offline");
    expect(flags.overrides["settings.runtime.scheduler_random_seed"]).toBe(18446744073709551615n);

    const json = toExactJson({ seed: 16159082839903944936n, small: 42, ratio: 0.5 });
    expect(json).toBe('{"seed":16159082839903944936,"small":42,"ratio":0.5}');
    expect(parseExactJson(json)).toEqual({ seed: 16159082839903944936n, small: 42, ratio: 0.5 });

    const config = buildConfig({
      command: "from-config",
      yaml: { ...base, submission_ref: { model: "llama2-70b", ruleset: "mlperf-inference-v5.1" } },
      overrides: {},
    });
    const saved = join(dir, "config.yaml");
    writeFileSync(saved, toYamlText(config));
    const reloaded = buildConfig({
      command: "from-config",
      yaml: { ...(loadYamlConfig(saved) as object), submission_ref: null },
      overrides: {},
    });
    expect(reloaded.settings.runtime.scheduler_random_seed).toBe(18209322760996052031n);
    expect(reloaded.settings.warmup.warmup_random_seed).toBe(14771362308971278857n);
  });

  test("a seed that is not a whole number is refused; a negative one is taken, as Python takes it (its absolute value seeds)", () => {
    expect(problemOf({ ...base, settings: { runtime: { scheduler_random_seed: 1.5 } } })).toContain(
      "settings.runtime.scheduler_random_seed",
    );
    expect(problemOf({ ...base, settings: { runtime: { scheduler_random_seed: -1 } } })).toBe("valid");
    expect(new PythonRandom(-3).random()).toBe(new PythonRandom(3).random());
  });
});

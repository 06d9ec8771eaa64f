import { describe, expect, test } from "bun:test";
import { YAML_ONLY_PATHS } from "../../src/config/upstream/flag-aliases.ts";
import { BENCHMARK_COMMANDS, FLAG_SPECS, flagLabel, flagNameForPath, flagsFor } from "../../src/config/flags.ts";
import { listLeaves } from "../../src/config/schema/walk.ts";

const byName = (command: (typeof BENCHMARK_COMMANDS)[number], name: string) =>
  flagsFor(command).find((spec) => spec.flag === name || spec.aliases.includes(name));

describe("config/flags", () => {
  test("gives every non-YAML-only schema leaf a flag", () => {
    const yamlOnly = (path: string) => YAML_ONLY_PATHS.some((p) => path === p || path.startsWith(`${p}.`));
    const paths = new Set(FLAG_SPECS.map((spec) => spec.path));
    const missing = listLeaves().filter((leaf) => !yamlOnly(leaf.path) && !paths.has(leaf.path));
    expect(missing.map((leaf) => leaf.path)).toEqual([]);
  });

  test.each(BENCHMARK_COMMANDS)("has no spelling twice for %s", (command) => {
    const names = flagsFor(command).flatMap((spec) => [spec.flag, ...spec.aliases]);
    expect(names.length).toBe(new Set(names).size);
  });

  test.each([
    ["settings.runtime.min_duration_ms", "--runtime.min-duration-ms"],
    ["settings.client.num_workers", "--client.num-workers"],
    ["settings.drain.warmup_timeout_s", "--drain.warmup-timeout-s"],
    ["settings.load_pattern.type", "--load-pattern"],
    ["settings.load_pattern.target_qps", "--target-qps"],
    ["settings.warmup.enabled", "--enabled"],
    ["settings.warmup.n_requests", "--n-requests"],
    ["settings.profiling.engine", "--engine"],
    ["settings.early_stopping.enabled", "--early-stopping.enabled"],
    ["settings.service_ready_timeout_s", "--service-ready-timeout-s"],
    ["model_params.max_new_tokens", "--model-params.max-new-tokens"],
    ["model_params.osl_distribution.min", "--model-params.osl-distribution.min"],
    ["endpoint_config.api_key", "--endpoint-config.api-key"],
    ["report_dir", "--report-dir"],
  ])("flattens %s to %s", (path, flag) => {
    expect(flagNameForPath(path)).toBe(flag);
  });

  test.each([
    ["--endpoints", "endpoint_config.endpoints"],
    ["--api-key", "endpoint_config.api_key"],
    ["--api-type", "endpoint_config.api_type"],
    ["--model", "model_params.name"],
    ["--tokenizer", "model_params.tokenizer_name"],
    ["--max-output-tokens", "model_params.max_new_tokens"],
    ["--min-output-tokens", "model_params.osl_distribution.min"],
    ["--streaming", "model_params.streaming"],
    ["--seed", "model_params.seed"],
    ["--duration", "settings.runtime.min_duration_ms"],
    ["--num-samples", "settings.runtime.n_samples_to_issue"],
    ["--workers", "settings.client.num_workers"],
    ["--num-workers", "settings.client.num_workers"],
    ["--max-connections", "settings.client.max_connections"],
    ["--max-concurrent-warmup-connects", "settings.client.max_concurrent_warmup_connects"],
    ["--insecure", "settings.client.insecure"],
    ["--request-timeout", "settings.client.request_timeout_s"],
    ["--warmup-drain-timeout", "settings.drain.warmup_timeout_s"],
    ["--performance-drain-timeout", "settings.drain.performance_timeout_s"],
    ["--accuracy-drain-timeout", "settings.drain.accuracy_timeout_s"],
    ["--metrics-drain-timeout", "settings.drain.metrics_drain_timeout_s"],
    ["--metrics-tokenizer-workers", "settings.drain.metrics_tokenizer_workers"],
    ["--warmup", "settings.warmup.enabled"],
    ["--warmup-requests", "settings.warmup.n_requests"],
    ["--warmup-salt", "settings.warmup.salt"],
    ["--warmup-drain", "settings.warmup.drain"],
    ["--warmup-seed", "settings.warmup.warmup_random_seed"],
    ["--profile", "settings.profiling.engine"],
    ["--profile-urls", "settings.profiling.urls"],
    ["--early-stopping", "settings.early_stopping.enabled"],
    ["--service-ready-timeout", "settings.service_ready_timeout_s"],
    ["--report-dir", "report_dir"],
    ["--timeout", "timeout"],
    ["--enable-cpu-affinity", "enable_cpu_affinity"],
    ["--dataset", "dataset"],
    ["--mode", "mode"],
    ["--accuracy-only", "accuracy_only"],
  ])("maps %s to %s for online", (name, path) => {
    expect(byName("online", name)?.path).toBe(path);
  });

  test.each([
    ["--concurrency", "online"],
    ["--target-concurrency", "online"],
    ["--load-pattern", "online"],
    ["--use-legacy-loadgen-qps-metrics", "online"],
  ])("offers %s only to %s", (name) => {
    expect(byName("online", name)).toBeDefined();
    expect(byName("offline", name)).toBeUndefined();
  });

  // Upstream hides offline's load pattern but parses it; its target_qps sizes the sample count.
  test.each(["--target-qps", "--load-pattern.target-qps"])("offers %s to offline too", (name) => {
    expect(byName("offline", name)?.path).toBe("settings.load_pattern.target_qps");
  });

  test("gives from-config its own flags plus every schema flag (they override the YAML), but not --dataset", () => {
    const names = flagsFor("from-config").map((spec) => spec.flag);
    expect(names).toEqual(
      expect.arrayContaining([
        "--accuracy-only",
        "--config",
        "--mode",
        "--report-dir",
        "--timeout",
        "--model-params.name",
        "--target-qps",
      ]),
    );
    expect(names).not.toContain("--dataset");
  });

  test("describes kinds, choices and defaults from the schema", () => {
    expect(byName("online", "--load-pattern")).toMatchObject({ kind: "enum", defaultText: "max_throughput" });
    expect(byName("online", "--load-pattern")?.choices).toContain("poisson");
    expect(byName("online", "--duration")?.kind).toBe("duration");
    expect(byName("online", "--endpoints")).toMatchObject({ kind: "list", commaSeparated: true });
    expect(byName("online", "--dataset")?.commaSeparated).toBeUndefined();
    expect(byName("online", "--insecure")).toMatchObject({ kind: "boolean", negatable: true });
    expect(byName("online", "--max-output-tokens")).toMatchObject({ kind: "integer", defaultText: "1024" });
    expect(FLAG_SPECS.every((spec) => spec.description.length > 0 || spec.path.includes("transport"))).toBe(true);
  });

  test.each([
    ["model_params.name", "--model"],
    ["settings.client.num_workers", "--workers"],
    ["settings.load_pattern.target_concurrency", "--concurrency"],
    ["settings.load_pattern.target_qps", "--target-qps"],
    ["name", undefined],
  ])("labels %s as %s in messages", (path, label) => {
    expect(flagLabel(path)).toBe(label);
  });
});

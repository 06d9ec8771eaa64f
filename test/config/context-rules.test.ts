/**
 * Fields that do nothing where they are set: ours are refused naming the field, upstream's (which
 * upstream itself ignores there) get one warning line. Table-driven over YAML configs.
 */
import { describe, expect, test } from "bun:test";
import { buildConfig } from "../../src/config/build-config.ts";
import { ConfigError } from "../../src/config/config-error.ts";
import { configWarnings } from "../../src/config/config-warnings.ts";
import { setPath } from "../../src/config/object-path.ts";

const BASE = {
  type: "online",
  model_params: { name: "m" },
  datasets: [{ path: "d.jsonl" }],
  settings: { load_pattern: { type: "poisson", target_qps: 10 } },
  endpoint_config: { endpoints: ["http://127.0.0.1:8000"] },
};

/** BASE with each `path: value` set (`datasets[0].x` sets the first dataset's x). */
function configWith(fields: Record<string, unknown>): Record<string, unknown> {
  const yaml = structuredClone(BASE) as Record<string, unknown> & { datasets: Record<string, unknown>[] };
  for (const [path, value] of Object.entries(fields)) {
    if (path.startsWith("datasets[0].")) setPath(yaml.datasets[0] as Record<string, unknown>, path.slice("datasets[0].".length), value);
    else setPath(yaml, path, value);
  }
  return yaml;
}

function verdict(fields: Record<string, unknown>): { problems: string[]; warnings: string[] } {
  try {
    return { problems: [], warnings: configWarnings(buildConfig({ command: "from-config", yaml: configWith(fields), overrides: {} })) };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { problems: error.problems.map((p) => `${p.path}: ${p.message}`), warnings: [] };
  }
}

const SCORED = { eval_method: "string_match", extractor: "identity_extractor" };
const AGENTIC = { "settings.load_pattern": { type: "agentic_inference", target_concurrency: 2 }, "datasets[0].agentic_inference": {} };

describe("config/context rules", () => {
  test.each([
    ["a performance dataset's accuracy_config without a scorer", { "datasets[0].accuracy_config": { ground_truth: "answer" } }, "datasets[0].accuracy_config.eval_method: a performance dataset's accuracy_config needs a scorer"],
    ["a scored conversation dataset other than inline", { ...AGENTIC, "datasets[0].accuracy_config": SCORED }, "datasets[0].accuracy_config.eval_method: a conversation run is scored by agentic_inference_inline only"],
    ["a scored trace", { "settings.load_pattern": { type: "trace" }, "datasets[0].accuracy_config": SCORED }, "datasets[0].accuracy_config: a trace replay is not scored"],
    ["a scored performance dataset on a shard", { shard: "0/2", "datasets[0].accuracy_config": SCORED }, "shard: a sharded run measures performance only"],
  ])("refuses %s", (_title, fields, problem) => {
    expect(verdict(fields).problems.some((p) => p.startsWith(problem))).toBe(true);
  });

  test.each([
    ["a scored performance dataset", { "datasets[0].accuracy_config": SCORED }],
    ["a conversation run scored inline", { ...AGENTIC, "datasets[0].accuracy_config": { eval_method: "agentic_inference_inline" } }],
  ])("accepts %s", (_title, fields) => {
    expect(verdict(fields)).toEqual({ problems: [], warnings: [] });
  });
});

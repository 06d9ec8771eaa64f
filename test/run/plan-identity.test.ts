import { describe, expect, test } from "bun:test";
import { buildConfig } from "../../src/config/build-config.ts";
import { planIdentity } from "../../src/run/open-run.ts";

const yaml = (over: Record<string, unknown>) => ({
  type: "online",
  model_params: { name: "m" },
  datasets: [{ path: "d.jsonl" }],
  settings: { load_pattern: { type: "poisson", target_qps: 10 } },
  endpoint_config: { endpoints: ["http://127.0.0.1:8000"] },
  ...over,
});
const id = (over: Record<string, unknown>, bodies = ["a", "b"]) =>
  planIdentity(buildConfig({ command: "from-config", yaml: yaml(over), overrides: {} }), bodies);

describe("run/open-run planIdentity", () => {
  test("shards of one plan agree whatever their report directory, shard and live page address", () => {
    const base = id({ shard: "0/2", report_dir: "/r/shard-0", live_metrics: "0.0.0.0:9400" });
    expect(id({ shard: "1/2", report_dir: "/r/shard-1", live_metrics: "0.0.0.0:9401" })).toBe(base);
    expect(id({})).toBe(base);
  });

  test("another rate or other bodies is another plan", () => {
    const base = id({});
    expect(id({ settings: { load_pattern: { type: "poisson", target_qps: 11 } } })).not.toBe(base);
    expect(id({}, ["a", "c"])).not.toBe(base);
  });
});

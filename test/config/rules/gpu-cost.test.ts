/**
 * @module test/config/rules/gpu-cost.test — `--gpus`, `--gpu-hour-cost` and the SLO's share from flags and YAML:
 * what works, and each refusal as the one line the user reads, naming the flag.
 */
import { describe, expect, test } from "bun:test";
import { buildConfig } from "../../../src/config/build-config.ts";
import { parseFlags } from "../../../src/config/parse-argv.ts";

const ONLINE = [
  "--model",
  "m",
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
  model_params: { name: "m" },
  endpoint_config: { endpoints: ["http://127.0.0.1:9"] },
  datasets: [{ path: "d.jsonl" }],
  settings: { load_pattern: { type: "poisson", target_qps: 5 } },
};

const fromFlags = (...argv: string[]) => {
  const parsed = parseFlags([...ONLINE, ...argv], "online");
  return buildConfig({ command: "online", overrides: parsed.overrides, datasets: parsed.datasets });
};
const fromYaml = (extra: Record<string, unknown>) =>
  buildConfig({ command: "from-config", yaml: { ...YAML, ...extra }, overrides: {} });

describe("config/rules/gpu-cost", () => {
  test("--gpus and --gpu-hour-cost, or their YAML fields, reach the config", () => {
    expect(fromFlags("--gpus", "2", "--gpu-hour-cost", "3.5")).toMatchObject({ gpus: 2, gpu_hour_cost_usd: 3.5 });
    expect(fromYaml({ gpus: 8, gpu_hour_cost_usd: 2.1 })).toMatchObject({ gpus: 8, gpu_hour_cost_usd: 2.1 });
    expect(fromFlags("--gpus", "4")).toMatchObject({ gpus: 4, gpu_hour_cost_usd: null });
    expect(fromFlags()).toMatchObject({ gpus: null, gpu_hour_cost_usd: null });
  });

  test("benchmark takes the SLO's share as sweep does: --slo …,p=95 and YAML slo.percentile", () => {
    expect(fromFlags("--slo", "ttft:300ms,p=95").slo).toEqual({
      ttft_ms: 300,
      tpot_ms: null,
      ttfo_ms: null,
      latency_ms: null,
      percentile: 95,
    });
    expect(fromYaml({ slo: { ttft_ms: 300, percentile: 90 } }).slo.percentile).toBe(90);
    // p alone keeps the YAML's limits.
    const parsed = parseFlags(["-c", "c.yaml", "--slo", "p=97"], "from-config");
    const config = buildConfig({
      command: "from-config",
      yaml: { ...YAML, slo: { ttft_ms: 300 } },
      overrides: parsed.overrides,
    });
    expect(config.slo).toMatchObject({ ttft_ms: 300, percentile: 97 });
  });

  test.each([
    [["--gpu-hour-cost", "3.5"], /gpu_hour_cost_usd \(--gpu-hour-cost\): .*--gpus/],
    [["--gpus", "0"], /gpus \(--gpus\): must be ≥ 1, got 0/],
    [["--gpus", "1.5"], /--gpus/],
    [["--gpus", "2", "--gpu-hour-cost", "0"], /gpu_hour_cost_usd \(--gpu-hour-cost\): /],
    [["--gpus", "2", "--gpu-hour-cost", "-1"], /--gpu-hour-cost/],
    [["--slo", "p=95"], /slo\.percentile \(--slo\.percentile\): a share of requests needs a limit/],
    [["--slo", "ttft:300ms,p=0"], /--slo: p=0: the share of requests must be a percentage above 0 and at most 100/],
  ])("refuses %p in one line naming the flag", (argv, message) => {
    let error: unknown;
    try {
      fromFlags(...argv);
    } catch (e) {
      error = e;
    }
    expect((error as Error | undefined)?.message).toMatch(message);
    expect((error as Error).message.split("\n")).toHaveLength(1);
  });

  test.each([
    [
      { gpu_hour_cost_usd: 3.5 },
      /gpu_hour_cost_usd \(--gpu-hour-cost\): a GPU-hour price needs the number of GPUs: add gpus \(--gpus N\)/,
    ],
    [{ gpus: 0 }, /gpus \(--gpus\)/],
    [{ slo: { ttft_ms: 300, percentile: 150 } }, /slo\.percentile/],
    [{ slo: { percentile: 95 } }, /slo\.percentile \(--slo\.percentile\): a share of requests needs a limit/],
  ])("refuses YAML %j", (extra, message) => {
    expect(() => fromYaml(extra)).toThrow(message);
  });

  test.each([
    [["--gpus", "2"], ["gpus (--gpus): --mode acc measures accuracy only"]],
    [["--gpu-hour-cost", "3"], ["gpu_hour_cost_usd (--gpu-hour-cost): --mode acc measures accuracy only"]],
    [
      ["--gpus", "2", "--gpu-hour-cost", "3"],
      ["gpus (--gpus): --mode acc", "gpu_hour_cost_usd (--gpu-hour-cost): --mode acc"],
    ],
  ])(
    "--mode acc with %p is refused naming the flag: an accuracy run has no throughput to share or price",
    (argv, parts) => {
      const parsed = parseFlags([...ONLINE, "--mode", "acc", ...argv], "online");
      let error: unknown;
      try {
        buildConfig({ command: "online", overrides: parsed.overrides, datasets: parsed.datasets, mode: "acc" });
      } catch (e) {
        error = e;
      }
      const message = (error as Error | undefined)?.message ?? "accepted";
      for (const part of parts) expect(message).toContain(part);
      expect(message).toContain("drop it, or run --mode perf or both");
    },
  );
});

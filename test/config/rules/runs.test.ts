/**
 * @module test/config/rules/runs.test — `--runs N` (YAML `runs`) from flags and YAML, and each refusal as one line naming it.
 */
import { describe, expect, test } from "bun:test";
import { buildConfig } from "../../../src/config/build-config.ts";
import { parseFlags } from "../../../src/config/parse-argv.ts";

const ONLINE = ["--model", "m", "--endpoints", "http://127.0.0.1:9", "--dataset", "d.jsonl"];
const YAML = {
  type: "online",
  model_params: { name: "m" },
  endpoint_config: { endpoints: ["http://127.0.0.1:9"] },
  datasets: [{ path: "d.jsonl" }],
  settings: { load_pattern: { type: "concurrency", target_concurrency: 2 } },
};

const fromFlags = (...argv: string[]) => {
  const parsed = parseFlags([...ONLINE, "--load-pattern", "concurrency", "--concurrency", "2", ...argv], "online");
  return buildConfig({
    command: "online",
    overrides: parsed.overrides,
    datasets: parsed.datasets,
    ...(parsed.mode ? { mode: parsed.mode } : {}),
  });
};

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return "";
}

describe("config/rules/runs", () => {
  test("--runs and YAML runs reach the config; the default is one run", () => {
    expect(fromFlags("--runs", "3").runs).toBe(3);
    expect(fromFlags().runs).toBe(1);
    expect(buildConfig({ command: "from-config", yaml: { ...YAML, runs: 5 }, overrides: {} }).runs).toBe(5);
    const offline = parseFlags([...ONLINE, "--runs", "2"], "offline");
    expect(buildConfig({ command: "offline", overrides: offline.overrides, datasets: offline.datasets }).runs).toBe(2);
  });

  test.each([
    [["--runs", "0"], /runs \(--runs\): must be ≥ 1, got 0/],
    [["--runs", "2.5"], /--runs/],
    [["--runs", "3", "--shard", "0/2"], /runs \(--runs\): 3 runs cannot be combined with --shard/],
    [
      ["--runs", "3", "--start-at", "+5s", "--start-barrier", "/tmp/b"],
      /runs \(--runs\): 3 runs cannot be combined with --start-at/,
    ],
    [["--runs", "3", "--mode", "acc"], /runs \(--runs\): 3 runs cannot be combined with --mode acc/],
  ])("refuses %p in one line naming the flag", (argv, message) => {
    // Validation reports every problem at once (acc mode also lacks an accuracy dataset here): one line is ours.
    const lines = messageOf(() => fromFlags(...argv))
      .split("\n")
      .filter((line) => line.includes("--runs"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
  });

  test("YAML runs with the output-caching audit is refused naming both", () => {
    const text = messageOf(() =>
      buildConfig({ command: "from-config", yaml: { ...YAML, runs: 2, audit: { samples: 10 } }, overrides: {} }),
    );
    expect(text).toMatch(/runs \(--runs\): 2 runs cannot be combined with the output-caching audit \(audit:\)/);
  });

  test("--runs 1 combines with anything", () => {
    expect(fromFlags("--runs", "1", "--shard", "0/2").runs).toBe(1);
  });
});

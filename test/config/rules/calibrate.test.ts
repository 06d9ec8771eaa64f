/** @module test/config/rules/calibrate.test — `--calibrate` from a flag and from YAML, and its refusal with streaming off, naming it. */
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

const fromFlags = (...argv: string[]) => {
  const parsed = parseFlags([...ONLINE, ...argv], "online");
  return buildConfig({ command: "online", overrides: parsed.overrides, datasets: parsed.datasets });
};

describe("config/rules/calibrate", () => {
  test.each<[string[], boolean]>([
    [["--calibrate"], true],
    [["--calibrate", "--streaming", "on"], true],
    [[], false],
    [["--no-calibrate"], false],
  ])("%p: calibrate %p", (argv, on) => {
    expect(fromFlags(...argv).settings.client.calibrate).toBe(on);
  });

  test("the YAML field is the flag's", () => {
    const config = buildConfig({
      command: "from-config",
      overrides: {},
      yaml: {
        type: "online",
        model_params: { name: "m", streaming: "on" },
        endpoint_config: { endpoints: ["http://127.0.0.1:9"] },
        datasets: [{ path: "d.jsonl" }],
        settings: { load_pattern: { type: "poisson", target_qps: 5 }, client: { calibrate: true } },
      },
    });
    expect(config.settings.client.calibrate).toBe(true);
  });

  test("with streaming off there is no TTFT to compare: refused, naming the flag", () => {
    expect(() => fromFlags("--calibrate", "--streaming", "off")).toThrow(
      /settings\.client\.calibrate.*--calibrate times TTFT beside the run, and streaming is off/,
    );
  });
});

/**
 * Command lines upstream (mlcommons/endpoints) accepts, as a user types them: hidden flags it still
 * parses, cyclopts' automatic `--no-…` negatives, the global `-v` before any command, `init
 * --template`, lowercase level names, and probe against SGLang's native route.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer, type MockServer } from "../../src/server/index.ts";
import { questionDataset, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-upstream-flags-");
let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ mode: "model", ttftMs: 1, tpotMs: 0, outputTokens: 4 });
});
afterAll(async () => {
  await server.stop();
  dirs.cleanup();
});

const OFFLINE_YAML =
  "type: offline\nmodel_params: {name: m}\ndatasets: [{path: d.jsonl}]\nendpoint_config: {endpoints: ['http://127.0.0.1:9']}\n";

describe("cli/upstream flags", () => {
  test.each([
    // 10 QPS default × 600 s × 1.1 with 100 QPS: 66,000, a multiple of the 10 rows.
    ["--target-qps sizes an offline run", ["--target-qps", "100"], "performance: 66000 requests, max_throughput"],
    // 10 QPS × 600 s × 1.1 is 6600.000000000001 in doubles: upstream's total_samples_to_issue gives 6601,
    // padded to the dataset's 10 rows.
    ["--no-accuracy-only", ["--no-accuracy-only"], "performance: 6610 requests"],
    ["a lowercase --client.log-level", ["--client.log-level", "info"], "performance: 6610 requests"],
  ])("benchmark offline: %s", async (_title, flags, plan) => {
    const dir = dirs.make();
    const result = await runCli([
      "benchmark",
      "offline",
      "--endpoints",
      "http://127.0.0.1:9",
      "--model",
      "m",
      "--dataset",
      questionDataset(dir, 10),
      ...flags,
      "--dry-run",
    ]);
    expect(result.stderr).not.toContain("error:");
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(plan);
  });

  test.each([
    [["-v", "info"], "build target:"],
    [["-vv", "rulesets"], "mlperf-inference-v"],
    [["--verbose", "validate-yaml", "-c", "c.yaml"], "Config valid"],
    [["validate-yaml", "-c", "c.yaml", "-v"], "Config valid"],
    [["-v", "init", "offline"], "offline_template.yaml"],
    [["init", "--template", "online"], "online_template.yaml"],
    [["init", "--template=concurrency", "-vv"], "concurrency_template.yaml"],
  ])("%p", async (args, output) => {
    const cwd = dirs.make();
    writeFileSync(join(cwd, "c.yaml"), OFFLINE_YAML);
    const result = await runCli(args, { cwd });
    expect(result.stderr).toBe("");
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(output);
    if (args.includes("init")) expect(existsSync(join(cwd, output))).toBe(true);
  });

  test("init --template without a name is one line naming the choices", async () => {
    const result = await runCli(["init", "--template"], { cwd: dirs.make() });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      "error: --template needs a value\nhint: choose one of: offline, online, concurrency, eval, submission\n",
    );
  });

  test("probe --api-type sglang --no-insecure asks SGLang's /generate", async () => {
    const result = await runCli([
      "probe",
      "--endpoints",
      server.url,
      "--model",
      "m",
      "--api-type",
      "sglang",
      "--no-insecure",
      "--requests",
      "3",
    ]);
    expect(result.stderr).not.toMatch(/^error: /m);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("3/3 requests succeeded");
  });
});

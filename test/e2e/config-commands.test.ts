/** @module test/e2e/config-commands.test — `benchmark from-config`, `init`, `validate-yaml` and `probe` as a user runs them. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer, type MockServer } from "../../src/server/index.ts";
import { questionDataset, readSummary, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs();
let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ mode: "model", ttftMs: 1, tpotMs: 0, outputTokens: 4 });
});
afterAll(async () => {
  await server.stop();
  dirs.cleanup();
});

/** An online poisson config (50 QPS, 10 samples) whose endpoint is `${IE_TEST_ENDPOINT:-<fallback>}`. */
function onlineYaml(dataset: string, fallbackEndpoint: string, yamlReportDir: string): string {
  return [
    "type: online",
    "model_params:",
    "  name: mock-model",
    "datasets:",
    `  - path: ${dataset}`,
    "settings:",
    "  runtime:",
    "    n_samples_to_issue: 10",
    "  load_pattern:",
    "    type: poisson",
    "    target_qps: 50",
    "  client:",
    "    num_workers: 2",
    "endpoint_config:",
    "  endpoints:",
    `    - \${IE_TEST_ENDPOINT:-${fallbackEndpoint}}`,
    `report_dir: ${yamlReportDir}`,
    "",
  ].join("\n");
}

/** A URL nothing listens on: a run that used it would fail with exit 3. */
const CLOSED_ENDPOINT = "http://127.0.0.1:1";

describe("cli/benchmark from-config", () => {
  test("lets command-line flags override the YAML", async () => {
    const dir = dirs.make();
    const configPath = join(dir, "config.yaml");
    writeFileSync(configPath, onlineYaml(questionDataset(dir, 30), server.url, join(dir, "yaml-report")));
    const reportDir = join(dir, "cli-report");

    const result = await runCli([
      "benchmark",
      "from-config",
      "-c",
      configPath,
      "--target-qps",
      "300",
      "--num-samples",
      "60",
      "--report-dir",
      reportDir,
    ]);

    expect(result.stderr).toContain(reportDir);
    expect(result.exitCode).toBe(0);
    expect(existsSync(join(dir, "yaml-report"))).toBe(false);
    const summary = readSummary(reportDir);
    expect(summary.run_config.load_pattern).toMatchObject({ type: "poisson", target_qps: 300 });
    expect(summary).toMatchObject({ n_samples_issued: 60, n_samples_completed: 60, n_samples_failed: 0 });
  });

  test.each([
    ["the environment variable when it is set", true],
    ["the default when the variable is unset", false],
  ])("takes the endpoint from %s", async (_name, fromEnv) => {
    const dir = dirs.make();
    const configPath = join(dir, "config.yaml");
    const reportDir = join(dir, "report");
    writeFileSync(configPath, onlineYaml(questionDataset(dir, 10), fromEnv ? CLOSED_ENDPOINT : server.url, reportDir));

    const result = await runCli(["benchmark", "from-config", "-c", configPath], {
      env: fromEnv ? { IE_TEST_ENDPOINT: server.url } : {},
    });

    expect(result.stderr).toContain(reportDir);
    expect(result.exitCode).toBe(0);
    expect(readSummary(reportDir)).toMatchObject({
      n_samples_issued: 10,
      n_samples_completed: 10,
      n_samples_failed: 0,
    });
  });
});

describe("cli/init", () => {
  test.each(["offline", "online", "concurrency"])("writes the %s template that validate-yaml accepts", async (name) => {
    const cwd = dirs.make();

    const init = await runCli(["init", name], { cwd });

    expect(init.stderr).toBe("");
    expect(init.exitCode).toBe(0);
    const file = `${name}_template.yaml`;
    expect(existsSync(join(cwd, file))).toBe(true);

    const validate = await runCli(["validate-yaml", "-c", file], { cwd });

    expect(validate.stderr).toBe("");
    expect(validate.exitCode).toBe(0);
    expect(validate.stdout).toContain("Config valid");
  });

  test("validate-yaml takes the file alone too, and refuses a second one or an unknown flag", async () => {
    const cwd = dirs.make();
    expect((await runCli(["init", "online"], { cwd })).exitCode).toBe(0);
    const bare = await runCli(["validate-yaml", "online_template.yaml"], { cwd });
    expect(bare.stderr).toBe("");
    expect(bare.stdout).toContain("Config valid: online");
    for (const [args, message] of [
      [["a.yaml", "b.yaml"], "unexpected argument 'a.yaml'"],
      [["--bogus"], "unexpected argument '--bogus'"],
      [["-c", "online_template.yaml", "x"], "unexpected argument 'x'"],
      [[], "missing -c FILE"],
    ] as const) {
      const refused = await runCli(["validate-yaml", ...args], { cwd });
      expect(refused.exitCode).toBe(2);
      expect(refused.stderr.split("\n")[0]).toBe(`error: ${message}`);
    }
  });
});

describe("cli/probe", () => {
  test("reports every request succeeding against a healthy endpoint", async () => {
    const result = await runCli(["probe", "--endpoints", server.url, "--model", "m", "--requests", "3"]);

    expect(result.stderr).not.toMatch(/^error: /m);
    expect(result.exitCode).toBe(0);
    expect(`${result.stdout}${result.stderr}`).toContain("3/3 requests succeeded");
  });
});

describe("cli/global flags and group help", () => {
  test("-v and -vv before the command's words work as after them", async () => {
    const version = await runCli(["-v", "--version"]);
    expect(version.exitCode).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+/);
    const help = await runCli(["-vv", "probe", "--help"]);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toContain("Usage: inference-endpoint probe");
    const dir = dirs.make();
    const missing = await runCli([
      "-vv",
      "benchmark",
      "offline",
      "--endpoints",
      server.url,
      "--model",
      "m",
      "--dataset",
      join(dir, "none.jsonl"),
    ]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain("error: dataset file not found");
  });

  test("benchmark --help lists its commands; benchmark alone does too, with exit 2", async () => {
    const help = await runCli(["benchmark", "--help"]);
    expect(help.exitCode).toBe(0);
    for (const word of ["benchmark offline", "benchmark online", "benchmark from-config"])
      expect(help.stdout).toContain(word);
    const bare = await runCli(["benchmark"]);
    expect(bare.exitCode).toBe(2);
    expect(bare.stdout).toContain("benchmark from-config");
  });

  test("log_level takes Python's level names, WARN included", async () => {
    const dir = dirs.make();
    const path = join(dir, "c.yaml");
    writeFileSync(
      path,
      onlineYaml(questionDataset(dir, 3), server.url, join(dir, "r")).replace(
        "  client:\n",
        "  client:\n    log_level: WARN\n",
      ),
    );
    const result = await runCli(["validate-yaml", "-c", path]);
    expect(result.stderr).toBe("");
    expect(result.exitCode).toBe(0);
  });
});

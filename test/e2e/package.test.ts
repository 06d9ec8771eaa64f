/**
 * `inference-endpoint package`: a real run (performance + accuracy) laid out as the MLPerf results
 * tree with the scaffold files; a second call changes nothing; a changed source is refused
 * without --force; a run with no result files is exit 1, as upstream's publisher.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-package-");
afterAll(() => dirs.cleanup());

describe("cli/package", () => {
  test("the results tree, idempotent, refusing to overwrite without --force", async () => {
    const server = await startMockServer({ mode: "echo" });
    const dir = dirs.make();
    try {
      const data = join(dir, "qa.jsonl");
      writeFileSync(
        data,
        ["alpha", "beta"].map((q) => JSON.stringify({ question: q, ground_truth: q })).join("\n") + "\n",
      );
      const run = join(dir, "run");
      const bench = await runCli([
        "benchmark",
        "offline",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--dataset",
        data,
        "--dataset",
        `acc:${data},accuracy_config.eval_method=string_match,accuracy_config.extractor=identity_extractor`,
        "--mode",
        "both",
        "--duration",
        "0",
        "--report-dir",
        run,
        "-q",
      ]);
      expect(bench.exitCode).toBe(0);
    } finally {
      await server.stop();
    }
    const out = join(dir, "submission");
    const args = [
      "package",
      "--run",
      join(dir, "run"),
      "--submitter",
      "acme",
      "--system",
      "gpu8",
      "--benchmark",
      "llama2-70b",
      "--scenario",
      "Offline",
      "--output",
      out,
    ];
    const first = await runCli(args);
    expect(first.exitCode).toBe(0);
    const scenario = join(out, "closed", "acme", "results", "gpu8", "llama2-70b", "Offline");
    for (const file of [
      "performance/run_1/result_summary.json",
      "performance/run_1/config.yaml",
      "accuracy/accuracy_results.json",
      "accuracy/config.yaml",
      "measurements.json",
    ]) {
      expect(existsSync(join(scenario, file))).toBe(true);
    }
    const system = JSON.parse(readFileSync(join(out, "closed", "acme", "systems", "gpu8.json"), "utf8"));
    expect(system).toMatchObject({
      submitter: "acme",
      division: "closed",
      system_name: "gpu8",
      status: "TODO",
      number_of_nodes: "1",
    });
    expect(first.stdout).toContain("QPS (primary metric): ");

    const again = await runCli(args);
    expect(again.exitCode).toBe(0);
    expect(again.stdout).toContain("result_summary.json: unchanged");
    expect(again.stdout).toContain("measurements.json: left as-is (exists)");

    const summary = join(dir, "run", "performance", "result_summary.json");
    writeFileSync(summary, readFileSync(summary, "utf8").replace('"version"', '"version" ').replace(/\n$/, "\n\n"));
    const changed = await runCli(args);
    expect(changed.exitCode).toBe(2);
    expect(changed.stderr).toMatch(
      /^error: .*run_1\/result_summary\.json exists and differs from .*\nhint: add --force/,
    );
    expect((await runCli([...args, "--force"])).exitCode).toBe(0);
    expect(readFileSync(join(scenario, "performance", "run_1", "result_summary.json"), "utf8")).toBe(
      readFileSync(summary, "utf8"),
    );
  }, 60_000);

  test("a run directory with none of the result files is exit 1; a missing option is exit 2", async () => {
    const dir = dirs.make();
    mkdirSync(join(dir, "empty"));
    const empty = await runCli([
      "package",
      "--run",
      join(dir, "empty"),
      "--submitter",
      "a",
      "--system",
      "s",
      "--benchmark",
      "b",
      "--output",
      join(dir, "out"),
    ]);
    expect(empty.exitCode).toBe(1);
    expect(empty.stderr).toContain("FAILED: no parseable artifacts were copied for: ");
    const missing = await runCli(["package", "--run", join(dir, "empty"), "--system", "s", "--benchmark", "b"]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain("error: missing --submitter");
  });
});

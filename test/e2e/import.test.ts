/**
 * @module test/e2e/import.test — `import` as a user runs it: ours against `serve`, mlcommons/endpoints'
 * run imported, `compare` of the two prints its table; a GuideLLM sweep imported is one `report
 * pareto` reads; a truncated file is one error line and exit 2, with nothing in OUT.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnServe } from "../../src/server/serve-process.ts";
import { BUN_PATH, MAIN_PATH, onServerCpu, questionDataset, runCli, tempDirs } from "./run-cli.ts";

const FIXTURES = join(import.meta.dir, "..", "fixtures", "peer-outputs");
const dirs = tempDirs("ie-import-e2e-");
afterAll(() => dirs.cleanup());

describe("cli/import", () => {
  test("a run of ours against serve and mlcommons/endpoints' imported run: compare prints the table, exit 0", async () => {
    const dir = dirs.make();
    const server = await spawnServe(onServerCpu([BUN_PATH, MAIN_PATH, "serve", "--port", "0"]));
    try {
      const ours = join(dir, "ours");
      const run = await runCli([
        "benchmark",
        "offline",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--dataset",
        questionDataset(dir, 100),
        "--num-samples",
        "100",
        "--duration",
        "0",
        "--streaming",
        "on",
        "--report-dir",
        ours,
      ]);
      expect(run.exitCode).toBe(0);
    } finally {
      await server.stop();
    }
    const imported = join(dir, "upstream");
    const result = await runCli(["import", join(FIXTURES, "up-fast-on"), "--report-dir", imported]);
    expect(result.stderr).toContain(
      "detected: mlcommons/endpoints 0.1.0 (events.jsonl, performance/result_summary.json)",
    );
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("Imported from mlcommons/endpoints 0.1.0");

    const compared = await runCli(["compare", imported, join(dir, "ours")]);
    expect(compared.stderr).toBe("");
    expect(compared.exitCode).toBe(0);
    for (const row of ["qps (req/s)", "ttft p50 (ms)", "ttft p99 (ms)", "latency p50 (ms)", "error rate (%)"])
      expect(compared.stdout).toContain(row);
    // Both sides have a TTFT: the imported one is upstream's own (14.28 ms p50, its summary).
    expect(compared.stdout).toMatch(/ttft p50 \(ms\)\s+14\.28\s+\d/);
  }, 60_000);

  test("a GuideLLM file of two benchmarks imports as a sweep that report pareto draws", async () => {
    const dir = dirs.make();
    const file = JSON.parse(readFileSync(join(FIXTURES, "gl-fast-on", "benchmarks.json"), "utf8"));
    const second = {
      ...file.benchmarks[0],
      config: { ...file.benchmarks[0].config, strategy: { type_: "concurrent", streams: 8 } },
    };
    file.benchmarks = [file.benchmarks[0], second];
    writeFileSync(join(dir, "benchmarks.json"), JSON.stringify(file));
    const out = join(dir, "gl");
    const imported = await runCli(["import", join(dir, "benchmarks.json"), "--report-dir", out]);
    expect(imported.exitCode).toBe(0);
    expect(imported.stderr).toContain("2 benchmarks");
    const pareto = await runCli(["report", "pareto", out, "--out", join(dir, "pareto.html")]);
    expect(pareto.stderr).not.toContain("error:");
    expect(pareto.exitCode).toBe(0);
    expect(existsSync(join(dir, "pareto.html"))).toBe(true);
  }, 60_000);

  test("a truncated file: one error line naming it and what was expected, exit 2, no stack, nothing in OUT", async () => {
    const dir = dirs.make();
    const text = readFileSync(join(FIXTURES, "ap-fast-on", "profile_export.jsonl"), "utf8");
    writeFileSync(join(dir, "profile_export.jsonl"), text.slice(0, Math.floor(text.length * 0.7)));
    const out = join(dir, "out");
    const result = await runCli(["import", dir, "--report-dir", out]);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe("");
    const lines = result.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^error: .*profile_export\.jsonl line \d+: ends before its JSON does \(truncated\?\); expected AIPerf's/,
    );
    expect(result.stderr).not.toContain("    at ");
    expect(existsSync(out)).toBe(false);
  }, 30_000);
});

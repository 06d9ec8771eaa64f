/**
 * `inference-endpoint check` on a real run under the edge round (995 queries, greedy, one request
 * at a time, VALID), with the
 * accuracy results a BFCL run would write added by hand (this tool cannot score BFCL yet): the
 * package passes; an edited seed or a missing summary fails naming the check; a truncated JSON
 * file or a directory that is not a run is exit 2.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { questionDataset, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-check-");
afterAll(() => dirs.cleanup());

async function edgeRun(): Promise<string> {
  const server = await startMockServer({ mode: "echo" });
  try {
    const dir = dirs.make();
    const report = join(dir, "r");
    const result = await runCli([
      "benchmark",
      "offline",
      "--endpoints",
      server.url,
      "--model",
      "m",
      "--ruleset",
      "mlperf-edge-v0.1",
      "--submission-model",
      "qwen3.6-27b",
      "--dataset",
      questionDataset(dir, 995),
      "--duration",
      "0",
      "--model-params.temperature",
      "0",
      "--workers",
      "1",
      "--max-connections",
      "1",
      "--report-dir",
      report,
      "-q",
    ]);
    expect(result.exitCode).toBe(0);
    mkdirSync(join(report, "accuracy"), { recursive: true });
    const entry = {
      dataset_name: "bfcl_v4",
      eval_method: "bfcl_v4",
      score: 0.871,
      breakdown: { overall_accuracy: 87.1, normalized_single_turn_score: "88.02" },
    };
    writeFileSync(join(report, "accuracy", "accuracy_results.json"), JSON.stringify({ accuracy_scores: [entry] }));
    return report;
  } finally {
    await server.stop();
  }
}

describe("cli/check", () => {
  test("a complete package passes; an edited seed or a missing summary fails naming it", async () => {
    const report = await edgeRun();
    const ok = await runCli(["check", report]);
    expect(ok.exitCode).toBe(0);
    expect(ok.stdout).toContain(`Compliance report: ${report}\n  ruleset=mlperf-edge-v0.1 model=qwen3.6-27b\n\n`);
    expect(ok.stdout).toContain("  [PASS] verdict: VALID\n");
    expect(ok.stdout).toContain("  [PASS] temperature==0: model_params.temperature=0\n");
    expect(ok.stdout).toContain("  [PASS] single_stream: num_workers=1 max_connections=1\n");
    expect(ok.stdout).toContain(
      "  [MANUAL] Verify the server was launched with --reasoning off and --ctx-size 32768 (not recorded in client artifacts).\n",
    );
    expect(ok.stdout).toContain("  [PASS] min_sample_count: n_samples_completed=995 >= 995\n");
    expect(ok.stdout).toContain("  [PASS] accuracy:bfcl_overall_accuracy: 87.10 >= 83.64 (=0.97 x 86.23)\n");
    expect(ok.stdout).toContain("  [PASS] accuracy:bfcl_normalized_accuracy: 88.02 >= 85.32 (=0.97 x 87.96)\n");
    expect(ok.stdout).toContain(
      "  [PASS] test06:consistency: 995 of 995 completed responses with a known finish reason; 0 tokenizer/usage mismatches\n",
    );
    expect(ok.stdout).toEndWith("  OVERALL: PASS\n\n");

    const config = join(report, "config.yaml");
    writeFileSync(
      config,
      readFileSync(config, "utf8").replace(/scheduler_random_seed: 42/, "scheduler_random_seed: 7"),
    );
    const seeds = await runCli(["check", report, "--ruleset", "mlperf-edge-v0.1", "--model", "qwen3.6-27b"]);
    expect(seeds.exitCode).toBe(1);
    expect(seeds.stdout).toContain("  [FAIL] seeds_pinned: not the ruleset's: scheduler=7 (expected 42)\n");
    expect(seeds.stdout).toContain("  OVERALL: FAIL");

    rmSync(join(report, "performance", "result_summary.json"));
    const missing = await runCli(["check", report, "--ruleset", "mlperf-edge-v0.1", "--model", "qwen3.6-27b"]);
    expect(missing.exitCode).toBe(1);
    expect(missing.stdout).toContain("  [FAIL] result_summary_present: missing performance/result_summary.json\n");
  }, 60_000);

  test("bad input: not a run, a truncated file, an unknown model", async () => {
    const dir = dirs.make();
    const notRun = await runCli(["check", dir]);
    expect(notRun.exitCode).toBe(2);
    expect(notRun.stderr).toMatch(
      /^error: .* is not a run directory \(no config\.yaml, no performance\/result_summary\.json\)\n/,
    );
    mkdirSync(join(dir, "performance"), { recursive: true });
    writeFileSync(join(dir, "performance", "result_summary.json"), '{"version": "0.1", "n_samp');
    const truncated = await runCli(["check", dir, "--ruleset", "mlperf-edge-v0.1", "--model", "qwen3.6-27b"]);
    expect(truncated.exitCode).toBe(2);
    expect(truncated.stderr).toMatch(/result_summary\.json: not valid JSON/);
    const model = await runCli(["check", dir, "--ruleset", "mlperf-inference-v6.1", "--model", "llama-2-70b"]);
    expect(model.exitCode).toBe(2);
    expect(model.stderr).toContain(
      "error: Model 'llama-2-70b' not found in ruleset. Available: [deepseek-r1, llama3-1-8b, llama2-70b, llama3.1-405b, mixtral-8x7b]",
    );
  });
});

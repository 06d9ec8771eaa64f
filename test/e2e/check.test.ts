/**
 * `inference-endpoint check` on a real run under the edge round (995 queries, greedy, one request
 * at a time), with the accuracy results of a BFCL run added by hand: upstream's checker passes it;
 * an edited seed or missing scorer output fails naming the check; an empty directory fails as
 * upstream's does; a path that is not a directory or a truncated JSON file is exit 2.
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
      extractor: "FunctionCallExtractor",
      score: 0.871,
      breakdown: {
        overall_accuracy: 87.1,
        normalized_single_turn_score: "88.02",
        subset_scores: { simple: 87.1 },
        total_samples: 995,
      },
    };
    writeFileSync(join(report, "accuracy", "accuracy_results.json"), JSON.stringify({ accuracy_scores: [entry] }));
    return report;
  } finally {
    await server.stop();
  }
}

describe("cli/check", () => {
  test("upstream's checker passes a complete edge run; an edited seed or no scorer output fails naming it", async () => {
    const report = await edgeRun();
    const ok = await runCli(["check", report]);
    expect(ok.exitCode).toBe(0);
    expect(ok.stdout).toBe(
      `Compliance report: ${report}\n  ruleset=mlperf-edge-v0.1 model=qwen3.6-27b\n\n` +
        "  [PASS] temperature==0: model_params.temperature=0.0\n" +
        "  [PASS] seed==42: seeds={'dataloader_random_seed': 42}\n" +
        "  [PASS] single_stream: num_workers=1 max_connections=1\n" +
        "  [PASS] accuracy:overall_accuracy: 87.10 >= 83.64 (=0.97 x 86.23)\n" +
        "  [PASS] accuracy:normalized_single_turn_score: 88.02 >= 85.32 (=0.97 x 87.96)\n" +
        "  [PASS] min_sample_count: total_samples=995 >= 995\n" +
        "  [MANUAL] Verify the server was launched with --reasoning off and --ctx-size 32768 (not recorded in client artifacts).\n" +
        "\n  OVERALL: PASS\n\n",
    );

    const config = join(report, "config.yaml");
    writeFileSync(config, readFileSync(config, "utf8").replace(/^model_params:\n/m, "model_params:\n  seed: 7\n"));
    const seeds = await runCli(["check", report, "--ruleset", "mlperf-edge-v0.1", "--model", "qwen3.6-27b"]);
    expect(seeds.exitCode).toBe(1);
    expect(seeds.stdout).toContain(
      "  [FAIL] seed==42: seeds={'model_params.seed': 7, 'dataloader_random_seed': 42} (expected 42; offending: {'model_params.seed': 7})\n",
    );
    expect(seeds.stdout).toContain("  OVERALL: FAIL");

    rmSync(join(report, "accuracy", "accuracy_results.json"));
    const missing = await runCli(["check", report]);
    expect(missing.exitCode).toBe(1);
    expect(missing.stdout).toContain(
      "  [FAIL] scorer_output_present: no accuracy/accuracy_results.json or performance scores.json found\n",
    );
  }, 60_000);

  test("an empty directory fails; bad input: not a directory, a truncated file, an unknown model", async () => {
    const dir = dirs.make();
    const empty = await runCli(["check", dir]);
    expect(empty.exitCode).toBe(1);
    expect(empty.stdout).toContain(`  [FAIL] config_present: missing ${join(dir, "config.yaml")}\n`);
    const notDir = await runCli(["check", join(dir, "nope")]);
    expect(notDir.exitCode).toBe(2);
    expect(notDir.stderr).toMatch(/^error: .*nope is not a directory\n/);
    mkdirSync(join(dir, "performance"), { recursive: true });
    writeFileSync(join(dir, "performance", "result_summary.json"), '{"version": "0.1", "n_samp');
    const truncated = await runCli(["check", dir, "--ruleset", "mlperf-inference-v6.1", "--model", "llama2-70b"]);
    expect(truncated.exitCode).toBe(2);
    expect(truncated.stderr).toMatch(/result_summary\.json: not valid JSON/);
    const model = await runCli(["check", dir, "--ruleset", "mlperf-inference-v6.1", "--model", "llama-2-70b"]);
    expect(model.exitCode).toBe(2);
    expect(model.stderr).toContain(
      "error: Model 'llama-2-70b' not found in ruleset. Available: [deepseek-r1, llama3-1-8b, llama2-70b, llama3.1-405b, mixtral-8x7b]",
    );
  });
});

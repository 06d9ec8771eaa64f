/**
 * Runs under an MLPerf ruleset get a verdict as LoadGen gives one, in result_summary.json,
 * report.txt and report.html: a run too small for llama2-70b, one over the interactive TTFT cap,
 * and a valid one under the edge round (no minimum duration, 995 queries, no latency caps).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { questionDataset, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-verdict-");
afterAll(() => dirs.cleanup());

function reports(report: string) {
  return {
    summary: JSON.parse(readFileSync(join(report, "performance", "result_summary.json"), "utf8")),
    text: readFileSync(join(report, "report.txt"), "utf8"),
    html: readFileSync(join(report, "report.html"), "utf8"),
  };
}

describe("cli/verdict", () => {
  test("too small for llama2-70b: warned before the run, INVALID with the numbers after it; --strict refuses it", async () => {
    const server = await startMockServer({ mode: "echo" });
    try {
      const dir = dirs.make();
      const args = [
        "benchmark",
        "offline",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--ruleset",
        "mlperf-inference-v6.1",
        "--submission-model",
        "llama2-70b",
        "--dataset",
        questionDataset(dir, 10),
        "--num-samples",
        "10",
        "--duration",
        "0",
      ];
      const report = join(dir, "r");
      const result = await runCli([...args, "--report-dir", report]);
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toContain(
        "warning: mlperf-inference-v6.1 (llama2-70b) requires at least 270336 queries; this run issues 10 (--num-samples 270336 or more); the verdict will be INVALID",
      );
      const { summary, text, html } = reports(report);
      expect(summary.result.valid).toBe(false);
      expect(summary.result).toMatchObject({
        ruleset: "mlperf-inference-v6.1",
        model: "llama2-70b",
        priority: "throughput",
      });
      expect(summary.result.reasons).toContain("10 queries completed; the ruleset requires at least 270336");
      expect(
        summary.result.reasons.some((r: string) =>
          /^the run lasted [\d.]+ s; the ruleset requires at least 600 s$/.test(r),
        ),
      ).toBe(true);
      expect(text.startsWith("Result: INVALID (mlperf-inference-v6.1, llama2-70b, throughput)\n  - ")).toBe(true);
      expect(html).toContain(
        '<div class="banner verdict invalid"><strong>INVALID</strong> under mlperf-inference-v6.1',
      );
      expect(result.stdout).toContain("Result: INVALID");

      const strict = await runCli([...args, "--strict", "--report-dir", join(dir, "r2")]);
      expect(strict.exitCode).toBe(2);
      expect(strict.stderr).toMatch(
        /^error: mlperf-inference-v6\.1 \(llama2-70b\) requires at least 270336 queries; .*: refused by --strict\n/,
      );
    } finally {
      await server.stop();
    }
  }, 30_000);

  test("a slow first token is over the interactive TTFT cap, and the reason says which p99 decided", async () => {
    const server = await startMockServer({ mode: "model", ttftMs: 600, tpotMs: 1, outputTokens: 4 });
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      const result = await runCli([
        "benchmark",
        "online",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--ruleset",
        "mlperf-inference-v6.1",
        "--submission-model",
        "llama2-70b",
        "--priority",
        "interactive",
        "--dataset",
        questionDataset(dir, 8),
        "--load-pattern",
        "concurrency",
        "--concurrency",
        "4",
        "--num-samples",
        "8",
        "--duration",
        "0",
        "--report-dir",
        report,
      ]);
      expect(result.exitCode).toBe(0);
      const reasons: string[] = reports(report).summary.result.reasons;
      // The p99 is at least the server's 600 ms; a loaded host may add to it, never take away.
      const ttft = reasons
        .map((r) =>
          /^TTFT p99 (\d+\.\d+) ms \(empirical; too few samples for an early-stopping estimate\) is over the interactive cap of 450 ms$/.exec(
            r,
          ),
        )
        .find((m) => m !== null);
      expect(ttft, reasons.join("\n")).toBeDefined();
      expect(Number(ttft?.[1])).toBeGreaterThanOrEqual(600);
      expect(reasons.some((r) => r.startsWith("TPOT"))).toBe(false);
    } finally {
      await server.stop();
    }
  }, 30_000);

  test("the edge round's 995 queries with no minimum duration: VALID, no reasons", async () => {
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
        "--report-dir",
        report,
      ]);
      expect(result.exitCode).toBe(0);
      expect(result.stderr).not.toContain("the verdict will be INVALID");
      const { summary, text, html } = reports(report);
      expect(summary.result).toEqual({
        valid: true,
        reasons: [],
        ruleset: "mlperf-edge-v0.1",
        model: "qwen3.6-27b",
        priority: "edge_single_stream",
      });
      expect(text.startsWith("Result: VALID (mlperf-edge-v0.1, qwen3.6-27b, edge_single_stream)\n")).toBe(true);
      expect(html).toContain('<div class="banner verdict valid"><strong>VALID</strong>');
    } finally {
      await server.stop();
    }
  }, 30_000);

  test("without a ruleset nothing changes: no result key, no verdict line", async () => {
    const server = await startMockServer({ mode: "echo" });
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      await runCli([
        "benchmark",
        "offline",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--dataset",
        questionDataset(dir, 3),
        "--duration",
        "0",
        "--report-dir",
        report,
      ]);
      const { summary, text } = reports(report);
      expect("result" in summary).toBe(false);
      expect(text).not.toContain("Result:");
    } finally {
      await server.stop();
    }
  }, 30_000);

  test("an unknown model is upstream's message with the round's models, exit 2", async () => {
    const dir = dirs.make();
    const result = await runCli([
      "benchmark",
      "offline",
      "--endpoints",
      "http://127.0.0.1:9",
      "--model",
      "m",
      "--ruleset",
      "mlperf-inference-v6.1",
      "--submission-model",
      "llama-2-70b",
      "--dataset",
      questionDataset(dir, 3),
      "--report-dir",
      join(dir, "r"),
    ]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(
      "submission_ref.model (--submission-model): Model llama-2-70b not found in rules for round v6.1 (models: deepseek-r1, llama3-1-8b, llama2-70b, llama3.1-405b, mixtral-8x7b)",
    );
  });
});

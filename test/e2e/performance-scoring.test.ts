/**
 * A performance dataset with an `accuracy_config` is scored inline, as upstream: its own responses
 * become the "performance" accuracy entry (after the accuracy datasets'), in perf and both modes;
 * a block without a scorer, or a ground-truth column the rows lack, stops the run before the first request.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-perf-scoring-");
afterAll(() => dirs.cleanup());

const SCORED = "accuracy_config.eval_method=string_match,accuracy_config.extractor=identity_extractor";

/** Five questions, three of them their own answer: the echo server gets 3 of 5 right. */
function writeQuestions(dir: string): string {
  const csv = join(dir, "perf.csv");
  writeFileSync(csv, "question,ground_truth\nalpha,alpha\nbeta,beta\ngamma,gamma\ndelta,zeta\neta,theta\n");
  return csv;
}

describe("cli/performance-scoring", () => {
  test.each(["perf", "both"])(
    "--mode %s scores the performance responses as the 'performance' entry, last",
    async (mode) => {
      const server = await startMockServer({ mode: "echo" });
      try {
        const dir = dirs.make();
        const csv = writeQuestions(dir);
        const report = join(dir, "r");
        const acc = mode === "both" ? ["--dataset", `acc:${csv},${SCORED}`] : [];
        const result = await runCli([
          "benchmark",
          "offline",
          "--endpoints",
          server.url,
          "--model",
          "m",
          "--mode",
          mode,
          "--dataset",
          `${csv},${SCORED}`,
          ...acc,
          "--num-samples",
          "10",
          "--workers",
          "1",
          "--report-dir",
          report,
        ]);
        expect(result.stderr).not.toContain("error:");
        expect(result.exitCode).toBe(0);
        const scores = JSON.parse(
          readFileSync(join(report, "accuracy", "accuracy_results.json"), "utf8"),
        ).accuracy_scores;
        expect(scores.map((s: { dataset_name: string }) => s.dataset_name)).toEqual(
          mode === "both" ? ["perf", "performance"] : ["performance"],
        );
        // Two passes over five rows: total_samples is the issued count, as upstream.
        expect(scores.at(-1)).toMatchObject({
          dataset_type: "performance",
          extractor: "IdentityExtractor",
          score: 0.6,
          num_repeats: 1,
          total_samples: 10,
        });
        // As upstream: no response counts on the performance entry, the score as `:.4g`.
        expect(scores.at(-1).response_counts).toBeUndefined();
        expect(result.stdout).toMatch(/performance: 0\.6 \(unit=/);
      } finally {
        await server.stop();
      }
    },
    30_000,
  );

  test("--dry-run says how the performance responses will be scored", async () => {
    const dir = dirs.make();
    const result = await runCli([
      "benchmark",
      "offline",
      "--endpoints",
      "http://127.0.0.1:9",
      "--model",
      "m",
      "--dataset",
      `${writeQuestions(dir)},${SCORED}`,
      "--dry-run",
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(
      "performance responses scored after the run (entry 'performance'): string_match, extractor identity_extractor, ground truth 'ground_truth'",
    );
  });

  test.each([
    [
      "a block without a scorer",
      "accuracy_config.ground_truth=ground_truth",
      /datasets\[0\]\.accuracy_config\.eval_method.*needs a scorer/,
    ],
    [
      "a scorer without its extractor",
      "accuracy_config.eval_method=string_match",
      /datasets\[0\]\.accuracy_config\.extractor.*string_match needs an extractor/,
    ],
    [
      "a ground-truth column the rows lack",
      `${SCORED},accuracy_config.ground_truth=answer`,
      /no column 'answer' \(accuracy_config\.ground_truth\)/,
    ],
  ])("refuses %s before the first request", async (_title, options, message) => {
    const dir = dirs.make();
    const report = join(dir, "r");
    const result = await runCli([
      "benchmark",
      "offline",
      "--endpoints",
      "http://127.0.0.1:9",
      "--model",
      "m",
      "--dataset",
      `${writeQuestions(dir)},${options}`,
      "--report-dir",
      report,
    ]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toContain("    at ");
    expect(existsSync(report)).toBe(false);
  });
});

/**
 * A run naming an MLPerf ruleset: the round's 64-bit seeds reach config.yaml, result_summary.json
 * and events.db as exact bare integers, and the saved config.yaml runs again with the same plan.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { questionDataset, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-ruleset-run-");
afterAll(() => dirs.cleanup());

function answeringServer() {
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: () =>
      Response.json({
        choices: [{ index: 0, message: { role: "assistant", content: "A" }, finish_reason: "stop" }],
        usage: { prompt_tokens: 2, completion_tokens: 1 },
      }),
  });
  return { url: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) };
}

describe("cli/ruleset seeds in a run", () => {
  test("mlperf-inference-v6.1 pins the seeds and every file carries them exactly", async () => {
    const server = answeringServer();
    try {
      const dir = dirs.make();
      const config = join(dir, "c.yaml");
      writeFileSync(
        config,
        [
          "type: offline",
          "submission_ref: {model: llama2-70b, ruleset: mlperf-inference-v6.1}",
          `datasets: [{name: q, path: ${questionDataset(dir, 12)}}]`,
          "settings: {runtime: {n_samples_to_issue: 12, scheduler_random_seed: 1}, warmup: {enabled: true, n_requests: 3}}",
          `endpoint_config: {endpoints: ["${server.url}"]}`,
          "",
        ].join("\n"),
      );
      const report = join(dir, "r");
      const result = await runCli(["benchmark", "from-config", "-c", config, "--report-dir", report, "-q"]);
      expect(result.exitCode).toBe(0);
      const summaryText = readFileSync(join(report, "performance", "result_summary.json"), "utf8");
      expect(summaryText).toContain('"scheduler_random_seed": 16159082839903944936');
      expect(summaryText).toContain('"dataloader_random_seed": 2747215439041700203');
      expect(summaryText).toContain('"warmup_random_seed": 2747215439041700203');
      const saved = readFileSync(join(report, "config.yaml"), "utf8");
      expect(saved).toMatch(/scheduler_random_seed"?: 16159082839903944936\n/);
      expect(result.stdout).toContain("scheduler_random_seed: 16159082839903944936");

      const first = await runCli(["benchmark", "from-config", "-c", config, "--dry-run"]);
      const again = await runCli(["benchmark", "from-config", "-c", join(report, "config.yaml"), "--dry-run"]);
      expect(again.exitCode).toBe(0);
      expect(again.stdout).toBe(first.stdout);
      expect(first.stdout).toContain("ruleset mlperf-inference-v6.1 pins seeds");

      const rebuilt = await runCli(["report", report, "--output", "json"]);
      expect(rebuilt.stdout).toContain('"scheduler_random_seed": 16159082839903944936');
    } finally {
      server.stop();
    }
  });
});

import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { questionDataset, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-goodput-");
afterAll(() => dirs.cleanup());

describe("cli/goodput", () => {
  test("--slo reports goodput and attainment in the summary, report.txt and the console", async () => {
    const server = await startMockServer({ mode: "model", ttftMs: 20, tpotMs: 2, outputTokens: 10, ttftSpreadMs: 15 });
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
        "--dataset",
        questionDataset(dir, 40),
        "--load-pattern",
        "concurrency",
        "--concurrency",
        "8",
        "--num-samples",
        "120",
        "--duration",
        "0",
        "--slo",
        "ttft:20ms,tpot:50ms",
        "--report-dir",
        report,
      ]);
      expect(result.exitCode).toBe(0);
      const s = JSON.parse(await Bun.file(join(report, "performance", "result_summary.json")).text());
      expect(s.goodput.slo).toEqual({ ttft_ms: 20, tpot_ms: 50, latency_ms: null });
      expect(s.goodput.completed).toBe(120);
      // TTFT is uniform in 5–35 ms, so roughly half of the requests meet 20 ms.
      expect(s.goodput.attainment_pct).toBeGreaterThan(20);
      expect(s.goodput.attainment_pct).toBeLessThan(80);
      expect(result.stdout).toMatch(/^Goodput: [\d.]+ req\/s meeting ttft ≤ 20 ms, tpot ≤ 50 ms/m);
    } finally {
      await server.stop();
    }
  }, 30_000);

  test("a malformed --slo is an input error", async () => {
    const result = await runCli([
      "benchmark",
      "offline",
      "--slo",
      "ttft=5",
      "--model",
      "m",
      "--endpoints",
      "http://127.0.0.1:9",
      "--dataset",
      "x.jsonl",
    ]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^error: --slo/);
  });
});

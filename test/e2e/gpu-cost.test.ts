/**
 * @module test/e2e/gpu-cost.test — `--gpus` and `--gpu-hour-cost` against `serve --mode model`: result_summary.json's
 * tokens/s per GPU, interactivity and cost equal what events.db gives computed here on its own; the reports show
 * them; `--slo …,p=95` judges the run; a sweep's steps carry them; embeddings are priced per input token, in a
 * sweep's steps and tables too; a price
 * without GPUs is refused.
 */
import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import type { SweepResult } from "../../src/sweep/run-sweep.ts";
import { questionDataset, readSummary, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-gpu-cost-");
afterAll(() => dirs.cleanup());

const GPUS = 2;
const USD_PER_GPU_HOUR = 3.5;

/** The performance window and token counts straight from events.db: no code of the report's. */
function fromEventsDb(reportDir: string): { durationNs: number; outputTokens: number; inputTokens: number } {
  const db = new Database(join(reportDir, "events.db"), { readonly: true });
  try {
    const { start_ns } = db.query("SELECT start_ns FROM phases WHERE name = 'performance'").get() as {
      start_ns: number;
    };
    const row = db
      .query(
        "SELECT MAX(done_ns) AS last, SUM(output_tokens) AS output, SUM(input_tokens) AS input, COUNT(*) AS n " +
          "FROM requests WHERE phase = 'performance' AND error_kind IS NULL",
      )
      .get() as { last: number; output: number; input: number; n: number };
    return { durationNs: row.last - start_ns, outputTokens: row.output, inputTokens: row.input };
  } finally {
    db.close();
  }
}

const serverOptions = { mode: "model", ttftMs: 5, tpotMs: 2, outputTokens: 12 } as const;

describe("cli/gpu-cost", () => {
  test("--gpus 2 --gpu-hour-cost 3.5: per GPU, interactivity and cost as events.db gives them; --slo p=95 judges the run", async () => {
    const server = await startMockServer(serverOptions);
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      const result = await runCli([
        "benchmark",
        "online",
        ...["--endpoints", server.url, "--model", "m", "--dataset", questionDataset(dir, 30)],
        ...["--load-pattern", "concurrency", "--concurrency", "4", "--num-samples", "30", "--duration", "0"],
        ...["--server-metrics", "off", "--gpus", String(GPUS), "--gpu-hour-cost", String(USD_PER_GPU_HOUR)],
        ...["--slo", "latency:60s,p=95", "--report-dir", report],
      ]);
      expect(result.exitCode).toBe(0);
      const s = readSummary(report);
      const db = fromEventsDb(report);
      expect(s.n_samples_failed).toBe(0);
      expect(s.duration_ns).toBe(db.durationNs);
      const gpuHours = (db.durationNs / 3600e9) * GPUS;
      const usd = gpuHours * USD_PER_GPU_HOUR;
      expect(db.outputTokens).toBe(30 * serverOptions.outputTokens);
      expect(s.cost).not.toBeNull();
      const cost = s.cost as NonNullable<typeof s.cost>;
      expect(cost.gpus).toBe(GPUS);
      expect(cost.usd_per_gpu_hour).toBe(USD_PER_GPU_HOUR);
      expect(cost.gpu_hours as number).toBeCloseTo(gpuHours, 15);
      expect(cost.usd_per_million_output_tokens as number).toBeCloseTo(usd / (db.outputTokens / 1e6), 9);
      expect(cost.usd_per_million_tokens as number).toBeCloseTo(usd / ((db.outputTokens + db.inputTokens) / 1e6), 9);
      // A concurrency run's tps is output tokens over the window.
      expect(s.output_tps_per_gpu as number).toBeCloseTo(db.outputTokens / (db.durationNs / 1e9) / GPUS, 9);
      // Interactivity is 1000 ÷ TPOT p50 in ms; none when no stream had TPOT (every one read in one go on a busy host).
      const tpotMedian = s.tpot.median as number | null | undefined;
      if (tpotMedian) expect(s.interactivity as number).toBeCloseTo(1e9 / tpotMedian, 9);
      else expect(s.interactivity).toBeNull();
      expect(s.goodput).toMatchObject({ attainment_pct: 100, target_pct: 95, target_met: true });

      const text = readFileSync(join(report, "report.txt"), "utf8");
      expect(text).toMatch(/^Output TPS per GPU: \d+\.\d\d$/m);
      expect(text).toMatch(/^Interactivity: \d+\.\d\d tok\/s per user/m);
      expect(text).toMatch(/^Cost: \$[\d.]+ per 1M output tokens, \$[\d.]+ per 1M tokens \(input \+ output\)/m);
      expect(text).toContain("SLO at p95 met");
      expect(result.stdout).toMatch(/^Cost: /m);
      const html = readFileSync(join(report, "report.html"), "utf8");
      for (const label of ["Output TPS per GPU", "Interactivity", "Cost"]) expect(html).toContain(`>${label}</th>`);
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("openai_embeddings: the input tokens are priced, as events.db gives them", async () => {
    const server = await startMockServer({ mode: "model", ttftMs: 2 });
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      const result = await runCli([
        "benchmark",
        "offline",
        ...["--endpoints", server.url, "--model", "m", "--dataset", questionDataset(dir, 20)],
        ...["--api-type", "openai_embeddings", "--server-metrics", "off", "--duration", "0"],
        ...["--gpus", String(GPUS), "--gpu-hour-cost", String(USD_PER_GPU_HOUR), "--report-dir", report],
      ]);
      expect(result.exitCode).toBe(0);
      const s = readSummary(report);
      const db = fromEventsDb(report);
      expect([s.n_samples_completed, s.n_samples_failed]).toEqual([20, 0]);
      expect(db.inputTokens).toBeGreaterThan(0);
      const usd = (db.durationNs / 3600e9) * GPUS * USD_PER_GPU_HOUR;
      const cost = s.cost as NonNullable<typeof s.cost>;
      expect(cost.usd_total as number).toBeCloseTo(usd, 12);
      expect(cost.usd_per_million_input_tokens as number).toBeCloseTo(usd / (db.inputTokens / 1e6), 9);
      expect(cost.usd_per_million_tokens as number).toBeCloseTo(usd / (db.inputTokens / 1e6), 9);
      expect(cost.usd_per_million_output_tokens).toBeNull();
      const text = readFileSync(join(report, "report.txt"), "utf8");
      expect(text).toMatch(/^Cost: \$[\d.]+ per 1M input tokens \(nothing generated\): [\d.e-]+ GPU-hours/m);
      expect(text).not.toMatch(/^Cost: .*N\/A/m);
      expect(readFileSync(join(report, "report.html"), "utf8")).toContain("per 1M input tokens (nothing generated)");
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("a sweep's steps carry tokens/s per GPU, interactivity and $/1M output tokens", async () => {
    const server = await startMockServer(serverOptions);
    try {
      const dir = dirs.make();
      const out = join(dir, "out");
      const result = await runCli([
        "sweep",
        ...["--endpoints", server.url, "--model", "m", "--dataset", questionDataset(dir, 10)],
        ...["--concurrencies", "1,4", "--num-samples", "10", "--duration", "0", "--server-metrics", "off", "-q"],
        ...["--gpus", String(GPUS), "--gpu-hour-cost", String(USD_PER_GPU_HOUR), "--report-dir", out],
      ]);
      expect(result.exitCode).toBe(0);
      const sweep = JSON.parse(readFileSync(join(out, "sweep.json"), "utf8")) as SweepResult;
      expect(sweep.steps).toHaveLength(2);
      for (const step of sweep.steps) {
        const s = readSummary(step.report_dir);
        expect(step.output_tps_per_gpu).toBe(s.output_tps_per_gpu);
        expect(step.interactivity).toBe(s.interactivity);
        expect(step.usd_per_million_output_tokens).toBe(s.cost?.usd_per_million_output_tokens ?? Number.NaN);
        expect(step.output_tps_per_gpu as number).toBeGreaterThan(0);
        expect(step.usd_per_million_output_tokens as number).toBeGreaterThan(0);
        expect(step.usd_per_million_input_tokens).toBeNull();
      }
      expect(result.stdout).toContain("tok/s/GPU");
      expect(result.stdout).toContain("$/1M out");
      expect(result.stdout).not.toContain("$/1M in");
      expect(readFileSync(join(out, "sweep.html"), "utf8")).toContain("$ per 1M output tokens");
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("an embeddings sweep's steps carry $/1M input tokens, and its tables show it in place of $/1M out", async () => {
    const server = await startMockServer({ mode: "model", ttftMs: 2 });
    try {
      const dir = dirs.make();
      const out = join(dir, "out");
      const result = await runCli([
        "sweep",
        ...["--endpoints", server.url, "--model", "m", "--dataset", questionDataset(dir, 10)],
        ...["--api-type", "openai_embeddings", "--concurrencies", "1,2", "--num-samples", "10", "--duration", "0"],
        ...["--server-metrics", "off", "-q", "--gpus", String(GPUS), "--gpu-hour-cost", String(USD_PER_GPU_HOUR)],
        ...["--report-dir", out],
      ]);
      expect(result.exitCode).toBe(0);
      const sweep = JSON.parse(readFileSync(join(out, "sweep.json"), "utf8")) as SweepResult;
      expect(sweep.steps).toHaveLength(2);
      for (const step of sweep.steps) {
        const s = readSummary(step.report_dir);
        expect(step.usd_per_million_input_tokens).toBe(s.cost?.usd_per_million_input_tokens ?? Number.NaN);
        expect(step.usd_per_million_input_tokens as number).toBeGreaterThan(0);
        expect(step.usd_per_million_output_tokens).toBeNull();
      }
      expect(result.stdout).toContain("$/1M in");
      expect(result.stdout).not.toContain("$/1M out");
      const html = readFileSync(join(out, "sweep.html"), "utf8");
      expect(html).toContain("$ per 1M input tokens");
      expect(html).not.toContain("$ per 1M output tokens");
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("--gpu-hour-cost without --gpus is refused in one line naming both", async () => {
    const result = await runCli([
      "benchmark",
      "offline",
      ...["--model", "m", "--endpoints", "http://127.0.0.1:9", "--dataset", "x.jsonl", "--gpu-hour-cost", "3.5"],
    ]);
    expect(result.exitCode).toBe(2);
    const [first] = result.stderr.split("\n");
    expect(first).toMatch(/^error: .*--gpu-hour-cost.*--gpus/);
  });
});

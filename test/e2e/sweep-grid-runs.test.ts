/**
 * @module test/e2e/sweep-grid-runs.test — `sweep --isl-osl … --runs 2`: each grid cell runs twice like a plain step, its
 * CV warnings reach stderr and sweep.json naming the cell, and a re-run counts a cell done only when its repeats.json
 * lists both runs complete (a re-run of a finished grid sends nothing; a cell missing a run's summary runs again).
 *
 * The server draws each request's TTFT from a seeded uniform spread (40 ± 35 ms), so the two runs of a cell differ by
 * their draws — the same ones whatever the host does — and some figure's CV is above 5 %.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { RepeatsSummarySchema } from "../../src/report/repeats-schema.ts";
import { startMockServer } from "../../src/server/index.ts";
import type { SweepResult } from "../../src/sweep/run-sweep.ts";
import { undeclaredKeys } from "../support/schema-keys.ts";
import { runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-sweep-grid-runs-");
afterAll(() => dirs.cleanup());

const SAMPLES = 6;
const CELLS = ["c1", "c2"];
const SWEEP_SCHEMA = JSON.parse(readFileSync(join(import.meta.dir, "../../src/sweep/sweep.schema.json"), "utf8"));
const readJson = (...parts: string[]) => JSON.parse(readFileSync(join(...parts), "utf8"));

describe("cli/sweep grid --runs", () => {
  test("2 cells × --runs 2: each cell the mean of its two runs, its CV warnings passed on, and a re-run sends nothing", async () => {
    const server = await startMockServer({
      mode: "model",
      ttftMs: 40,
      ttftSpreadMs: 35,
      seed: 7,
      outputTokens: 10_000,
      recordObservations: true,
    });
    try {
      const out = join(dirs.make(), "grid");
      const args = [
        "sweep",
        ...["--endpoints", server.url, "--model", "m", "--num-samples", String(SAMPLES), "--duration", "0"],
        ...["--concurrencies", "1,2", "--isl-osl", "16/4", "--runs", "2", "--server-metrics", "off", "-q"],
        ...["--report-dir", out],
      ];
      const first = await runCli(args);
      expect(first.stderr).not.toContain("error:");
      expect(first.exitCode).toBe(0);
      expect(server.observations().length).toBe(CELLS.length * 2 * SAMPLES);
      const sweep = readJson(out, "sweep.json") as SweepResult;
      expect(undeclaredKeys(SWEEP_SCHEMA, sweep)).toEqual([]);
      const expectedWarnings: string[] = [];
      for (const [i, step] of sweep.steps.entries()) {
        const leaf = CELLS[i] as string;
        expect(step.report_dir).toBe(join(out, "isl16-osl4", leaf));
        const repeats = RepeatsSummarySchema.parse(readJson(step.report_dir, "repeats.json"));
        expect(repeats.runs).toEqual([
          { dir: "run-1", state: "complete" },
          { dir: "run-2", state: "complete" },
        ]);
        // The cell's figures are its runs' means, each run's own result file read here.
        const tps = [1, 2].map((r) => readJson(step.report_dir, `run-${r}`, "performance", "result_summary.json").tps);
        expect(step.output_tps as number).toBeCloseTo((tps[0] + tps[1]) / 2, 9);
        expect(step.repeats?.figures.output_tps?.values).toEqual(tps);
        const label = `step ${i + 1} (isl16-osl4 concurrency ${i + 1})`;
        expectedWarnings.push(...repeats.warnings.map((w) => `${label}: ${w}`));
      }
      // The draws make some figure vary by more than 5 % between a cell's two runs: each such warning names its cell.
      expect(expectedWarnings.length).toBeGreaterThan(0);
      expect(sweep.warnings).toEqual(expectedWarnings);
      for (const w of expectedWarnings) expect(first.stderr).toContain(`warning: sweep: ${w}\n`);
      expect(first.stdout).not.toContain("warning:");

      // The same command again: both cells list two complete runs, so nothing is sent and the steps are as they were.
      const seen = server.observations().length;
      const again = await runCli([...args, "-v"]);
      expect(again.exitCode).toBe(0);
      expect(again.stderr.match(/: complete in \S+, skipped/g)?.length).toBe(CELLS.length);
      expect(server.observations().length).toBe(seen);
      const resumed = readJson(out, "sweep.json") as SweepResult;
      expect(resumed.steps.map((s) => [s.output_tps, s.repeats])).toEqual(
        sweep.steps.map((s) => [s.output_tps, s.repeats]),
      );
      expect(resumed.warnings).toEqual(expectedWarnings);

      // A cell whose second run left no summary is not done: it runs again, both runs, and its old directory is kept aside.
      const cell = join(out, "isl16-osl4", "c2");
      rmSync(join(cell, "run-2", "performance", "result_summary.json"));
      const third = await runCli([...args, "-v"]);
      expect(third.exitCode).toBe(0);
      expect(third.stderr.match(/: complete in \S+, skipped/g)?.length).toBe(1);
      expect(server.observations().length).toBe(seen + 2 * SAMPLES);
      expect(existsSync(`${cell}.incomplete`)).toBe(true);
      expect(RepeatsSummarySchema.parse(readJson(cell, "repeats.json")).runs.map((r) => r.state)).toEqual([
        "complete",
        "complete",
      ]);
    } finally {
      await server.stop();
    }
  }, 120_000);
});

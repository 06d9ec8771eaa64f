/**
 * @module test/e2e/live-views.test — the progress line, the dashboard and /metrics read one tally, and agree on one real run.
 *
 * A run of the library (real workers, the mock server with injected failures) draws its dashboard
 * into a string and serves `--live-metrics`; a progress line is opened on the same run's live state,
 * as run/run-display opens one when the terminal gets the line instead (the CLI shows one or the
 * other, so only a run in this process can show both). The run is held at its closing
 * `/stop_profile` call, after its last record, until the test has read all three: a dashboard frame
 * drawn after that instant, a scrape, and the progress line's last line. Counts must be equal,
 * TTFT p50 the same figure on the line and the dashboard (within 2 % of the report's exact one),
 * and inside the /metrics bucket where the p50's rank falls.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { buildConfig } from "../../src/config/build-config.ts";
import { parseFlags } from "../../src/config/parse-argv.ts";
import type { PhasePlan } from "../../src/plan/phase-plan.ts";
import { executeRun } from "../../src/run/execute-run.ts";
import { finishRun } from "../../src/run/finish-run.ts";
import { openRun, type RunIo } from "../../src/run/open-run.ts";
import { ProgressLine } from "../../src/run/progress.ts";
import { parseExposition } from "../../src/server-metrics/exposition.ts";
import { startMockServer } from "../../src/server/index.ts";
import { questionDataset, readSummary, tempDirs, waitFor } from "./run-cli.ts";

const dirs = tempDirs("ie-live-views-");
afterAll(() => dirs.cleanup());

const N = 200;
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;

/** The dashboard's last frame as text: frames start at the top-left corner (`ESC [ H`). */
const lastFrame = (written: string) => (written.split("\x1b[H").at(-1) as string).replace(ANSI, "");

/** The dashboard's figures: done, issued, completed, failed, and TTFT p50 since the start (ms). */
function dashboardFigures(frame: string) {
  const n = (re: RegExp) => Number(re.exec(frame)?.[1] ?? Number.NaN);
  const ttftRow = frame.split("\n").find((l) => l.startsWith("TTFT ")) ?? "";
  return {
    done: n(/ (\d+)\/\d+ \(\d+%\)/),
    issued: n(/issued (\d+)/),
    completed: n(/completed (\d+)/),
    failed: n(/failed (\d+)/),
    ttftP50Ms: Number((ttftRow.split("│")[1] ?? "").trim().split(/\s+/)[0]),
  };
}

/** The progress line's figures: done, failed, TTFT p50 (ms). */
function lineFigures(line: string) {
  const n = (re: RegExp) => Number(re.exec(line)?.[1] ?? Number.NaN);
  return { done: n(/(\d+)\/\d+ done/), failed: n(/· (\d+) failed/), ttftP50Ms: n(/TTFT p50 ([\d.]+) ms/) };
}

describe("live views", () => {
  test("the progress line, the dashboard and /metrics agree on one run: counts equal, TTFT p50 one figure", async () => {
    const server = await startMockServer({
      mode: "model",
      ttftMs: 20,
      tpotMs: 2,
      outputTokens: 8,
      faults: [{ kind: "status", arg: 500 }],
      faultRate: 0.15,
      faultSeed: 11,
    });
    let reached = () => {};
    const atStop = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const profiler = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: async (req) => {
        if (new URL(req.url).pathname === "/stop_profile") {
          reached();
          await held;
        }
        return new Response("ok");
      },
    });
    const dir = dirs.make();
    const report = join(dir, "r");
    const parsed = parseFlags(
      [
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--dataset",
        questionDataset(dir, 50),
        "--load-pattern",
        "poisson",
        "--target-qps",
        "100",
        "--num-samples",
        String(N),
        "--duration",
        "0",
        "--streaming",
        "on",
        "--workers",
        "1",
        "--profile",
        "vllm",
        "--profile-urls",
        `http://127.0.0.1:${profiler.port}`,
        "--live-metrics",
        "127.0.0.1:0",
        "--ui",
        "dashboard",
        "--report-dir",
        report,
      ],
      "online",
    );
    // This process is the run's main: it keeps its CPUs.
    const config = buildConfig({
      command: "online",
      yaml: null,
      overrides: { ...parsed.overrides, enable_cpu_affinity: false },
      datasets: parsed.datasets,
    });
    let drawn = "";
    const logs: string[] = [];
    const io: RunIo = {
      log: (line) => logs.push(line),
      progress: (text) => {
        drawn += text;
      },
      progressEnabled: true,
      isTty: true,
    };
    const lines: string[] = [];
    const run = await openRun(config, io, "perf");
    try {
      const live = (run.live as NonNullable<typeof run.live>).state;
      const plan = run.workload.phases.find((p) => p.plan.phase === "performance")?.plan as PhasePlan;
      const progress = new ProgressLine((text) => lines.push(text), true, false, live);
      const executed = executeRun(run, io);
      progress.startPhase(plan);
      await Promise.race([atStop, executed.then(() => Promise.reject(new Error(`the run ended unheld: ${logs}`)))]);
      // Every record is in (the session is over); the dashboard draws every 500 ms: wait for a frame drawn since.
      const before = drawn.length;
      await waitFor(() => drawn.slice(before).includes("\x1b[H"), 10_000);
      const frame = lastFrame(drawn);
      const page = parseExposition(await (await fetch(run.live?.url as string)).text());
      progress.stop();
      release();
      const result = await executed;
      await finishRun(run, result, io);

      const metric = (name: string, labels: Record<string, string> = {}) =>
        page
          .filter((s) => s.name === name)
          .filter((s) => Object.entries(labels).every(([k, v]) => JSON.parse(s.labels)[k] === v))
          .reduce((sum, s) => sum + s.value, 0);
      const perf = { phase: "performance" };
      const onPage = {
        completed: metric("inference_endpoint_requests_completed_total", perf),
        failed: metric("inference_endpoint_requests_failed_total", perf),
        issued: metric("inference_endpoint_requests_issued_total", perf),
      };
      const dash = dashboardFigures(frame);
      const line = lineFigures(lines.at(-1) as string);
      expect(onPage.failed).toBeGreaterThan(0);
      expect(onPage.completed + onPage.failed).toBe(N);
      expect({ done: dash.done, issued: dash.issued, completed: dash.completed, failed: dash.failed }).toEqual({
        done: N,
        issued: onPage.issued,
        completed: onPage.completed,
        failed: onPage.failed,
      });
      expect({ done: line.done, failed: line.failed }).toEqual({ done: N, failed: onPage.failed });

      // One histogram behind both: the same p50, printed to 0.1 ms on the line and to 0.1 (or 0.01) ms on the dashboard.
      expect(Math.abs(line.ttftP50Ms - dash.ttftP50Ms)).toBeLessThanOrEqual(0.06);
      const exact = ((readSummary(report).ttft.percentiles ?? {})["50.0"] as number) / 1e6;
      expect(Math.abs(dash.ttftP50Ms - exact) / exact).toBeLessThanOrEqual(0.02 + 0.05 / exact);
      // /metrics: the p50's rank falls in the bucket whose bounds hold the dashboard's figure (2 % either side).
      const count = metric("inference_endpoint_ttft_seconds_count", perf);
      expect(count).toBe(onPage.completed);
      const rank = Math.floor(0.5 * (count - 1));
      const buckets = page
        .filter((s) => s.name === "inference_endpoint_ttft_seconds_bucket" && JSON.parse(s.labels).le !== "+Inf")
        .map((s) => ({ le: Number(JSON.parse(s.labels).le) * 1000, below: s.value }));
      const upper = buckets.find((b) => b.below > rank) as { le: number };
      const lower = buckets.filter((b) => b.below <= rank).at(-1)?.le ?? 0;
      expect(dash.ttftP50Ms).toBeLessThanOrEqual(upper.le * 1.02);
      expect(dash.ttftP50Ms).toBeGreaterThanOrEqual(lower * 0.98);
    } finally {
      release();
      run.live?.stop();
      profiler.stop(true);
      await server.stop();
    }
  }, 90_000);
});

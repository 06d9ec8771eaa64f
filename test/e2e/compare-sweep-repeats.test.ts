/**
 * @module test/e2e/compare-sweep-repeats.test — `compare` of two `sweep --runs 2` directories against a real `serve`
 * process: a server twice as slow makes the step say regression by Welch's test, and the gate exits 99; `--confidence`
 * on sweeps of single runs, and a sweep with repeats against one without, are refused in one line.
 *
 * Two runs a side give Welch's test one or two degrees of freedom (a t of 4.3 to 12.7 to be significant), so the change
 * must be many times what the host adds to a run: a request of the slower server is 515 ms longer (1000 ms to the first
 * token, not 500; 10 ms a token, not 5; 4 tokens), while a step's two runs differ by a seeded ±5 ms of TTFT and by what
 * the host adds to a run's median — a few ms quiet, tens of ms on a host loaded many times over, where a server 20 %
 * slower (103 ms, as this file had) was not told apart: 2 × 103 ms ÷ 12.7 leaves 16 ms between a side's runs. A server
 * restarted with the same seed draws the same values (test/e2e/repeats.test).
 *
 * The three sweeps (the base, the slower one, one of single runs) run side by side, each against its own server: a run
 * is three requests, so the file costs about what the slower sweep alone does.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { spawnServe } from "../../src/server/serve-process.ts";
import { BUN_PATH, MAIN_PATH, onServerCpu, questionDataset, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-compare-sweep-repeats-");
afterAll(() => dirs.cleanup());

interface Model {
  ttftMs: number;
  ttftSpreadMs: number;
  tpotMs: number;
}
const BASE: Model = { ttftMs: 500, ttftSpreadMs: 5, tpotMs: 5 };
const SLOWER: Model = { ttftMs: 1000, ttftSpreadMs: 10, tpotMs: 10 };

/** `sweep --concurrencies 1 --runs RUNS` (3 requests a run) into a new directory against a fresh `serve` of `model`. */
async function sweepAgainst(model: Model, runs: number, samples = 3): Promise<string> {
  const server = await spawnServe(
    onServerCpu([
      ...[BUN_PATH, MAIN_PATH, "serve", "--mode", "model", "--port", "0", "--seed", "7", "--output-tokens", "4"],
      ...["--ttft-ms", String(model.ttftMs), "--ttft-spread-ms", String(model.ttftSpreadMs)],
      ...["--tpot-ms", String(model.tpotMs)],
    ]),
  );
  try {
    const dir = dirs.make();
    const out = join(dir, "sweep");
    const result = await runCli([
      ...["sweep", "--endpoints", server.url, "--model", "m", "--dataset", questionDataset(dir, samples)],
      ...["--num-samples", String(samples), "--duration", "0", "--server-metrics", "off", "-q"],
      ...["--concurrencies", "1", "--runs", String(runs), "--report-dir", out],
    ]);
    expect(result.stderr).not.toContain("error:");
    expect(result.exitCode).toBe(0);
    return out;
  } finally {
    await server.stop();
  }
}

describe("cli/compare sweeps with repeats", () => {
  test("two sweeps --runs 2, the second against a server twice as slow: the step says regression, and the gate exits 99", async () => {
    const [base, slower, single] = await Promise.all([
      sweepAgainst(BASE, 2),
      sweepAgainst(SLOWER, 2),
      sweepAgainst(BASE, 1, 2),
    ]);
    const result = await runCli(["compare", base, slower, "--fail-on-regression", "10%"]);
    expect(result.exitCode).toBe(99);
    expect(result.stdout).toContain(`base: ${base} (2 runs)`);
    expect(result.stdout).toContain("Welch's t-test (two-sided) at 95 % confidence");
    // The medians: one request a host stall slowed moves a run's p99 (of three, its slowest), not its p50.
    for (const figure of ["ttft p50 (ms)", "latency p50 (ms)"])
      expect(result.stdout).toMatch(
        new RegExp(
          `^concurrency 1: ${figure.replace(/[()]/g, "\\$&")} .* \\+\\d{2,3}\\.\\d % .* regression — FAILS$`,
          "m",
        ),
      );
    expect(result.stderr).toMatch(
      /^regression: .*concurrency 1: ttft p50.* significantly worse \(Welch, 95 %\) by more than 10 %$/m,
    );

    const json = await runCli(["compare", base, slower, "--output", "json", "--confidence", "90%"]);
    expect(json.exitCode).toBe(0);
    const doc = JSON.parse(json.stdout) as {
      confidence_pct: number;
      metrics: { key: string; verdict: string; p: number }[];
    };
    expect(doc.confidence_pct).toBe(90);
    const ttft = doc.metrics.find((m) => m.key === "concurrency 1: ttft_p50_ms");
    expect(ttft?.verdict).toBe("regression");
    expect(ttft?.p as number).toBeLessThan(0.1);

    // The same sweep against itself: nothing changed, and the gate passes.
    const same = await runCli(["compare", base, base, "--fail-on-regression", "10%"]);
    expect(same.exitCode).toBe(0);
    expect(same.stdout).toMatch(/^concurrency 1: ttft p50 \(ms\) .* no significant change$/m);

    // A sweep of single runs: --confidence is refused saying so, and against a sweep with repeats it is refused too.
    const confidence = await runCli(["compare", single, single, "--confidence", "90%"]);
    expect(confidence.exitCode).toBe(2);
    expect(confidence.stderr).toContain("error: --confidence applies to repeats on both sides");
    expect(confidence.stderr).toContain("hint: the steps of these sweeps are single runs");
    expect(confidence.stderr.split("\n").filter((l) => l.startsWith("error:")).length).toBe(1);
    const mixed = await runCli(["compare", base, single]);
    expect(mixed.exitCode).toBe(2);
    expect(mixed.stderr).toContain(`error: ${base}'s steps hold repeats (sweep --runs N) and ${single}'s do not`);
  }, 120_000);
});

/**
 * @module test/e2e/compare-sweep-repeats.test — `compare` of two `sweep --runs 2` directories against a real `serve`
 * process, the second 20 % slower: each step's figure gets the verdict its rule gives over the two sweeps' runs
 * (Welch's test, at 95 % and at --confidence 90 %: test/e2e/repeats-verdicts), the gate its exit code; the same sweep
 * against itself changes nothing; `--confidence` on sweeps of single runs, and a sweep with repeats against one
 * without, are refused in one line.
 *
 * Two runs a side give Welch's test one or two degrees of freedom (a t of 4.3 to 12.7 to be significant): whether a
 * 20 % slower server comes out significant depends on how far the host moves a side's two runs apart — a few ms
 * quiet, as far as 110 ms on a host loaded many times over (seen here at a 1-minute load of 30) — so that figure is a
 * bench row (`npm run bench -- --only repeats`), and this file checks what compare decides from the runs it is given.
 * The three sweeps (the base, the slower one, one of single runs) run side by side, each against its own server.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { spawnServe } from "../../src/server/serve-process.ts";
import { type ComparedRow, expectRuleVerdict, literal } from "./repeats-verdicts.ts";
import { BUN_PATH, MAIN_PATH, onServerCpu, questionDataset, runCli, tempDirs } from "./run-cli.ts";
import { readSweep } from "./sweep-steps-db.ts";

const dirs = tempDirs("ie-compare-sweep-repeats-");
afterAll(() => dirs.cleanup());

interface Model {
  ttftMs: number;
  ttftSpreadMs: number;
  tpotMs: number;
}
const BASE: Model = { ttftMs: 200, ttftSpreadMs: 5, tpotMs: 5 };
const SLOWER: Model = { ttftMs: 240, ttftSpreadMs: 6, tpotMs: 6 };

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
  test("two sweeps --runs 2, the second against a server 20 % slower: each figure its rule's verdict, the gate its exit code", async () => {
    const [base, slower, single] = await Promise.all([
      sweepAgainst(BASE, 2),
      sweepAgainst(SLOWER, 2),
      sweepAgainst(BASE, 1, 2),
    ]);
    /** Each step's figure's runs (sweep.json's steps[].repeats), by compare's key ("concurrency 1: ttft_p50_ms"). */
    const runValues = (dir: string, key: string) => {
      const [, figure] = key.split(": ") as [string, string];
      const figures = (readSweep(dir).steps[0]?.repeats?.figures ?? {}) as Record<
        string,
        { values: (number | null)[] }
      >;
      return figures[figure]?.values ?? [];
    };
    const [text, gatedJson, json] = await Promise.all([
      runCli(["compare", base, slower, "--fail-on-regression", "10%"]),
      runCli(["compare", base, slower, "--fail-on-regression", "10%", "--output", "json"]),
      runCli(["compare", base, slower, "--output", "json", "--confidence", "90%"]),
    ]);
    expect(text.stdout).toContain(`base: ${base} (2 runs)`);
    expect(text.stdout).toContain("Welch's t-test (two-sided) at 95 % confidence");
    const rows = (JSON.parse(gatedJson.stdout) as { metrics: ComparedRow[] }).metrics;
    expect(rows.map((r) => r.key)).toContain("concurrency 1: ttft_p50_ms");
    for (const row of rows) expectRuleVerdict(row, runValues(base, row.key), runValues(slower, row.key), 95, 10);
    const failed = rows.filter((r) => r.regressed);
    expect([text.exitCode, gatedJson.exitCode]).toEqual(failed.length > 0 ? [99, 99] : [0, 0]);
    for (const row of rows.filter((r) => r.unit === "ms")) {
      const verdict = `${row.verdict}${row.regressed ? " — FAILS" : ""}`;
      expect(text.stdout).toMatch(new RegExp(`^${literal(`${row.label} (ms)`)} .* ${verdict}$`, "m"));
    }
    for (const row of failed)
      expect(text.stderr).toMatch(
        new RegExp(
          `^regression: .*${literal(row.label)}.* significantly worse \\(Welch, 95 %\\) by more than 10 %$`,
          "m",
        ),
      );
    // --confidence 90 %: the same rule at p < 0.1, and no gate.
    expect(json.exitCode).toBe(0);
    const at90 = JSON.parse(json.stdout) as { confidence_pct: number; metrics: ComparedRow[] };
    expect(at90.confidence_pct).toBe(90);
    for (const row of at90.metrics)
      expectRuleVerdict(row, runValues(base, row.key), runValues(slower, row.key), 90, Number.POSITIVE_INFINITY);

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

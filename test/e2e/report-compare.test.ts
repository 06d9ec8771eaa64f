import { REQUEST_FIELDS } from "../../src/record/request-fields.ts";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ResultSummarySchema } from "../../src/report/result-summary.ts";
import { startMockServer } from "../../src/server/index.ts";
import { questionDataset, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-report-");
afterAll(() => dirs.cleanup());

async function runAgainst(ttftMs: number, tpotMs: number, report: string, dataset: string): Promise<void> {
  const server = await startMockServer({ mode: "model", ttftMs, tpotMs, outputTokens: 10 });
  try {
    const result = await runCli([
      "benchmark",
      "online",
      "--endpoints",
      server.url,
      "--model",
      "m",
      "--dataset",
      dataset,
      "--load-pattern",
      "concurrency",
      "--concurrency",
      "8",
      "--num-samples",
      "80",
      "--duration",
      "0",
      "--report-dir",
      report,
    ]);
    expect(result.exitCode).toBe(0);
  } finally {
    await server.stop();
  }
}

let root = "";
beforeAll(async () => {
  root = dirs.make();
  const dataset = questionDataset(root, 40);
  await runAgainst(10, 2, join(root, "base"), dataset);
  // Ten times slower, so that no load on the host brings the two within --fail-on-regression's 5 %.
  await runAgainst(100, 20, join(root, "slow"), dataset);
}, 60_000);

/** A sweep directory holding only a sweep.json of `mode` with one step of `kind` at `offered`. */
function sweepDir(name: string, mode: string, kind: string, offered: number): string {
  const dir = join(root, name);
  mkdirSync(dir);
  const step = {
    index: 1,
    kind,
    offered,
    report_dir: "",
    state: "complete",
    achieved_qps: 10,
    goodput_rps: null,
    attainment_pct: null,
    ttft_p50_ms: 5,
    ttft_p99_ms: 9,
    tpot_p50_ms: 1,
    tpot_p99_ms: 2,
    latency_p50_ms: 50,
    latency_p99_ms: 90,
    load_generator: "ok",
    n_samples_failed: 0,
    passed: null,
    note: null,
  };
  writeFileSync(
    join(dir, "sweep.json"),
    JSON.stringify({
      mode,
      state: "complete",
      percentile: null,
      precision: null,
      steps: [step],
      answer: null,
      slo: {},
    }),
  );
  return dir;
}

describe("cli/report and cli/compare", () => {
  test("compare refuses two sweeps with nothing in common (a rate sweep and a concurrency sweep) instead of an empty table", async () => {
    const result = await runCli([
      "compare",
      sweepDir("rates", "rates", "rate", 8),
      sweepDir("conc", "concurrencies", "concurrency", 8),
    ]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("have nothing in common to compare: no answer and no step at one offered load");
  });

  test("report DIR rebuilds the same summary from a copied events.db alone", async () => {
    const copy = join(root, "copy");
    mkdirSync(copy);
    copyFileSync(join(root, "base", "events.db"), join(copy, "events.db"));
    const result = await runCli(["report", copy, "--output", "json", "--export-csv", join(copy, "requests.csv")]);
    expect(result.exitCode).toBe(0);
    const original = JSON.parse(readFileSync(join(root, "base", "performance", "result_summary.json"), "utf8"));
    expect(ResultSummarySchema.parse(original)).toEqual(original); // a real run's summary matches the committed schema
    expect(JSON.parse(result.stdout)).toEqual(original);
    expect(JSON.parse(readFileSync(join(copy, "performance", "result_summary.json"), "utf8"))).toEqual(original);
    const csv = readFileSync(join(copy, "requests.csv"), "utf8").trim().split("\n");
    expect(csv).toHaveLength(81);
    expect(csv[0]).toStartWith("id,phase,plan_index,sample_index");
    // Every column of the request record's declaration but the chunk blobs, in its order.
    const columns = Object.values(REQUEST_FIELDS)
      .filter((f) => f.sql !== "BLOB" && f.wire !== "frame")
      .map((f) => f.column);
    expect(csv[0]).toEndWith(`,${columns.slice(-6).join(",")}`);
  });

  test("compare of a run with itself exits 0", async () => {
    const result = await runCli(["compare", join(root, "base"), join(root, "base"), "--fail-on-regression", "5%"]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("no metric regressed beyond 5 %");
  });

  test("compare against a 10× slower server exits 99 and names what regressed", async () => {
    const result = await runCli(["compare", join(root, "base"), join(root, "slow"), "--fail-on-regression", "5%"]);
    expect(result.exitCode).toBe(99);
    for (const metric of ["qps", "ttft p50", "tpot p50", "latency p50"]) expect(result.stdout).toContain(`${metric} (`);
    expect(result.stderr).toMatch(/^regression: .*ttft p50.*latency p50/m);
    const json = await runCli(["compare", join(root, "base"), join(root, "slow"), "--output", "json"]);
    expect(json.exitCode).toBe(0);
    // The row is the two summaries' own TTFT p50s and the change between them.
    const p50Ms = (dir: string) =>
      JSON.parse(readFileSync(join(root, dir, "performance", "result_summary.json"), "utf8")).ttft.percentiles["50.0"] /
      1e6;
    const row = JSON.parse(json.stdout).metrics.find((m: { name: string }) => m.name === "ttft p50");
    expect(row.base).toBeCloseTo(p50Ms("base"), 9);
    expect(row.next).toBeCloseTo(p50Ms("slow"), 9);
    expect(row.deltaPct).toBeCloseTo(((row.next - row.base) / row.base) * 100, 9);
  });

  test.each([
    [["compare", "only-one"], 2],
    [["compare", "a", "b", "--fail-on-regression", "lots"], 2],
    [["report"], 2],
    [["report", "/nonexistent-dir"], 2],
  ])("%j is an input error", async (args, code) => {
    const result = await runCli(args);
    expect(result.exitCode).toBe(code);
    expect(result.stderr).toMatch(/^error: /);
  });
});

/**
 * `--shard I/N` with `--start-at`: two shards of one Poisson plan on one machine start at one
 * instant and send its two halves — the server sees the whole schedule (every request, the
 * target rate), and each events.db names its shard and the same plan identity.
 */
import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { questionDataset, readSummary, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-shards-");
afterAll(() => dirs.cleanup());

const TARGET_QPS = 400;
const REQUESTS = 4000;

function runMeta(dir: string): { meta: Record<string, string>; rows: number } {
  const db = new Database(join(dir, "events.db"), { readonly: true });
  const meta = Object.fromEntries((db.query("SELECT key, value FROM run").all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
  const rows = (db.query("SELECT COUNT(*) AS n FROM requests WHERE phase = 'performance'").get() as { n: number }).n;
  db.close();
  return { meta, rows };
}

/** Every successful performance request's latency (done − sent), ns. */
function latenciesNs(dir: string): number[] {
  const db = new Database(join(dir, "events.db"), { readonly: true });
  const rows = db.query("SELECT done_ns - sent_ns AS l FROM requests WHERE phase = 'performance' AND error_kind IS NULL").all() as { l: number }[];
  db.close();
  return rows.map((r) => r.l);
}

/** The performance phase's start, epoch ns: T0's wall clock plus the phase's offset from T0. */
function phaseStartEpochNs(dir: string): bigint {
  const db = new Database(join(dir, "events.db"), { readonly: true });
  const t0 = BigInt((db.query("SELECT value FROM run WHERE key = 't0_epoch_ns'").get() as { value: string }).value);
  const start = (db.query("SELECT start_ns AS s FROM phases WHERE name = 'performance'").get() as { s: number }).s;
  db.close();
  return t0 + BigInt(start);
}

describe("cli/shards", () => {
  test("two shards of a 400 QPS Poisson plan: the server sees all 4,000 requests at 400 QPS", async () => {
    Bun.gc(true);
    const server = await startMockServer({ mode: "fixed", recordObservations: true });
    try {
      const dir = dirs.make();
      const dataset = questionDataset(dir, 100);
      const args = (shard: string) => ["benchmark", "online", "--endpoints", server.url, "--model", "m", "--dataset", dataset, "--load-pattern", "poisson",
        "--target-qps", String(TARGET_QPS), "--num-samples", String(REQUESTS), "--duration", "0", "--streaming", "off", "--workers", "1", "--shard", shard, "--start-at", "+3s", "--start-barrier", join(dir, "run.barrier"), "--report-dir", join(dir, shard.replace("/", "-"))];
      const results = await Promise.all([runCli(args("0/2")), runCli(args("1/2"))]);
      for (const r of results) {
        expect(r.exitCode).toBe(0);
        expect(r.stderr).toMatch(/start: waiting \d+\.\d{3} s for --start-at/);
      }
      const arrivals = server.observations().map((o) => o.receivedNs).sort((a, b) => a - b);
      expect(arrivals.length).toBe(REQUESTS);
      const spanNs = (arrivals.at(-1) as number) - (arrivals[0] as number);
      expect(Math.abs(((arrivals.length - 1) / spanNs) * 1e9 - TARGET_QPS) / TARGET_QPS).toBeLessThan(0.03);
      const [a, b] = [runMeta(join(dir, "0-2")), runMeta(join(dir, "1-2"))];
      expect([a.rows, b.rows]).toEqual([REQUESTS / 2, REQUESTS / 2]);
      expect([a.meta.shard, b.meta.shard]).toEqual(["0/2", "1/2"]);
      expect(a.meta.plan_id).toMatch(/^[0-9a-f]{16}$/);
      expect(b.meta.plan_id).toBe(a.meta.plan_id as string);
      // Both schedules began at the one shared wall-clock instant.
      const [startA, startB] = [phaseStartEpochNs(join(dir, "0-2")), phaseStartEpochNs(join(dir, "1-2"))];
      expect(Math.abs(Number(startA - startB)) / 1e6).toBeLessThan(2);

      // report merge: one report over both, its percentiles those of the union of the rows.
      const merged = await runCli(["report", "merge", join(dir, "0-2"), join(dir, "1-2"), "--output", join(dir, "merged")]);
      expect(merged.stderr).not.toContain("warning:");
      expect(merged.exitCode).toBe(0);
      const summary = readSummary(join(dir, "merged"));
      expect(summary).toMatchObject({ n_samples_issued: REQUESTS, n_samples_failed: 0, complete: true });
      const latencies = [...latenciesNs(join(dir, "0-2")), ...latenciesNs(join(dir, "1-2"))].sort((x, y) => x - y);
      const p99 = latencies[Math.floor(0.99 * (latencies.length - 1))] as number;
      const p50 = latencies[Math.floor(0.5 * (latencies.length - 1))] as number;
      const percentiles = (summary.latency as { percentiles: Record<string, number> }).percentiles;
      expect([percentiles["99.0"], percentiles["50.0"]]).toEqual([p99, p50]);
      expect(Math.abs((summary.qps as number) - TARGET_QPS) / TARGET_QPS).toBeLessThan(0.03);

      // A missing shard is named, and the merged report says it is incomplete; its rows are all there.
      const partial = await runCli(["report", "merge", join(dir, "1-2"), "--output", join(dir, "partial")]);
      expect(partial.exitCode).toBe(0);
      expect(partial.stderr).toContain("warning: shard 0/2 is missing: the merged report is incomplete");
      expect(readSummary(join(dir, "partial"))).toMatchObject({ n_samples_issued: REQUESTS / 2, complete: false });
    } finally {
      await server.stop();
    }
  }, { timeout: 60_000, retry: 1 });

  test("refuses a start instant already past, before anything is sent", async () => {
    const dir = dirs.make();
    const result = await runCli(["benchmark", "offline", "--endpoints", "http://127.0.0.1:9", "--model", "m", "--dataset", questionDataset(dir, 5), "--start-at", "2020-01-01T00:00:00Z", "--report-dir", join(dir, "r")]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/error: --start-at 2020-01-01T00:00:00Z is \d+\.\d{3} s past; the shards would not start together/);
  });

  test("report merge refuses directories that are not shards of one plan", async () => {
    const dir = dirs.make();
    const plain = await runCli(["report", "merge", dir, "--output", join(dir, "m")]);
    expect(plain.exitCode).toBe(2);
    expect(plain.stderr).toContain(`error: no events.db in ${dir}`);
    const server = await startMockServer({ mode: "fixed" });
    try {
      const dataset = questionDataset(dir, 10);
      const shard = (s: string, samples: number) => runCli(["benchmark", "offline", "--endpoints", server.url, "--model", "m", "--dataset", dataset, "--num-samples", String(samples), "--shard", s, "--report-dir", join(dir, `${s.replace("/", "-")}-${samples}`)]);
      for (const r of await Promise.all([shard("0/2", 10), shard("1/2", 12), shard("1/2", 10)])) expect(r.exitCode).toBe(0);
      const mixed = await runCli(["report", "merge", join(dir, "0-2-10"), join(dir, "1-2-12"), "--output", join(dir, "mixed")]);
      expect(mixed.exitCode).toBe(2);
      expect(mixed.stderr).toMatch(/error: .*1-2-12 is a shard of plan [0-9a-f]{16}, .*0-2-10 of plan [0-9a-f]{16}: they cannot be merged/);
      const twice = await runCli(["report", "merge", join(dir, "1-2-10"), join(dir, "1-2-10"), "--output", join(dir, "twice")]);
      expect(twice.exitCode).toBe(2);
      expect(twice.stderr).toContain("are both shard 1/2");
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("refuses a malformed shard and accuracy datasets, naming the field", async () => {
    const bad = await runCli(["benchmark", "offline", "--endpoints", "http://127.0.0.1:9", "--model", "m", "--dataset", "x.jsonl", "--shard", "3/2"]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain("shard (--shard): 3/2: the shard must be 0 … 1 of 2");
    const acc = await runCli(["benchmark", "offline", "--endpoints", "http://127.0.0.1:9", "--model", "m", "--dataset", "x.jsonl", "--dataset", "acc:y.jsonl,accuracy_config.eval_method=string_match", "--shard", "0/2"]);
    expect(acc.exitCode).toBe(2);
    expect(acc.stderr).toContain("a sharded run measures performance only");
  });
});

/**
 * `--shard I/N`: two shards of one Poisson plan on one machine send its two halves — the server
 * sees the whole schedule (every request, the target rate), and each events.db names its shard
 * and the same plan identity.
 */
import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { questionDataset, runCli, tempDirs } from "./run-cli.ts";

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

describe("cli/shards", () => {
  test("two shards of a 400 QPS Poisson plan: the server sees all 4,000 requests at 400 QPS", async () => {
    Bun.gc(true);
    const server = await startMockServer({ mode: "fixed", recordObservations: true });
    try {
      const dir = dirs.make();
      const dataset = questionDataset(dir, 100);
      const args = (shard: string) => ["benchmark", "online", "--endpoints", server.url, "--model", "m", "--dataset", dataset, "--load-pattern", "poisson",
        "--target-qps", String(TARGET_QPS), "--num-samples", String(REQUESTS), "--duration", "0", "--streaming", "off", "--workers", "1", "--shard", shard, "--report-dir", join(dir, shard.replace("/", "-"))];
      const results = await Promise.all([runCli(args("0/2")), runCli(args("1/2"))]);
      for (const r of results) expect(r.exitCode).toBe(0);
      const arrivals = server.observations().map((o) => o.receivedNs).sort((a, b) => a - b);
      expect(arrivals.length).toBe(REQUESTS);
      const spanNs = (arrivals.at(-1) as number) - (arrivals[0] as number);
      expect(Math.abs(((arrivals.length - 1) / spanNs) * 1e9 - TARGET_QPS) / TARGET_QPS).toBeLessThan(0.03);
      const [a, b] = [runMeta(join(dir, "0-2")), runMeta(join(dir, "1-2"))];
      expect([a.rows, b.rows]).toEqual([REQUESTS / 2, REQUESTS / 2]);
      expect([a.meta.shard, b.meta.shard]).toEqual(["0/2", "1/2"]);
      expect(a.meta.plan_id).toMatch(/^[0-9a-f]{16}$/);
      expect(b.meta.plan_id).toBe(a.meta.plan_id as string);
    } finally {
      await server.stop();
    }
  }, { timeout: 60_000, retry: 1 });

  test("refuses a malformed shard and accuracy datasets, naming the field", async () => {
    const bad = await runCli(["benchmark", "offline", "--endpoints", "http://127.0.0.1:9", "--model", "m", "--dataset", "x.jsonl", "--shard", "3/2"]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain("shard (--shard): 3/2: the shard must be 0 … 1 of 2");
    const acc = await runCli(["benchmark", "offline", "--endpoints", "http://127.0.0.1:9", "--model", "m", "--dataset", "x.jsonl", "--dataset", "acc:y.jsonl,accuracy_config.eval_method=string_match", "--shard", "0/2"]);
    expect(acc.exitCode).toBe(2);
    expect(acc.stderr).toContain("a sharded run measures performance only");
  });
});

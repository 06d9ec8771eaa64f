import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { questionDataset, runCli, tempDirs, serveCompletions } from "./run-cli.ts";

const dirs = tempDirs("ie-warmup-");
afterAll(() => dirs.cleanup());

function recordingServer() {
  const prompts: string[] = [];
  const server = serveCompletions(async (req) => {
    const body = (await req.json()) as { messages: { content: string }[] };
    prompts.push(body.messages.at(-1)?.content ?? "");
    return Response.json({
      choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
    });
  });
  return { url: `http://127.0.0.1:${server.port}`, prompts, stop: () => server.stop(true) };
}

function perfOrder(report: string): number[] {
  const db = new Database(join(report, "events.db"), { readonly: true });
  const rows = db
    .query("SELECT sample_index FROM requests WHERE phase = 'performance' ORDER BY plan_index")
    .values() as number[][];
  db.close();
  return rows.map((r) => r[0] as number);
}

describe("cli/warmup", () => {
  test("a salted warmup sends unique prompts first, is left out of the metrics, and does not change the perf order", async () => {
    const server = recordingServer();
    try {
      const dir = dirs.make();
      const dataset = questionDataset(dir, 30);
      const args = (report: string, ...extra: string[]) => [
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
        "4",
        "--num-samples",
        "60",
        "--duration",
        "0",
        "--workers",
        "1",
        "--report-dir",
        join(dir, report),
        ...extra,
      ];
      expect((await runCli(args("plain"))).exitCode).toBe(0);
      server.prompts.length = 0;
      const warm = await runCli(args("warm", "--warmup", "--warmup-requests", "20", "--warmup-salt"));
      expect(warm.exitCode).toBe(0);

      const warmupPrompts = server.prompts.slice(0, 20);
      expect(warmupPrompts.every((p) => /^\[[0-9a-f]{16}\] /.test(p))).toBe(true);
      expect(new Set(warmupPrompts).size).toBe(20);
      expect(server.prompts.slice(20).some((p) => p.startsWith("["))).toBe(false);

      const summary = JSON.parse(await Bun.file(join(dir, "warm", "performance", "result_summary.json")).text());
      expect(summary.n_samples_issued).toBe(60);
      expect(perfOrder(join(dir, "warm"))).toEqual(perfOrder(join(dir, "plain")));
      const db = new Database(join(dir, "warm", "events.db"), { readonly: true });
      expect((db.query("SELECT COUNT(*) AS n FROM requests WHERE phase = 'warmup'").get() as { n: number }).n).toBe(20);
      db.close();
    } finally {
      server.stop();
    }
  }, 30_000);
});

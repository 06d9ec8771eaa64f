import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { questionDataset, readSummary, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-endpoints-");
afterAll(() => dirs.cleanup());

const CHAT_REPLY = {
  choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
  usage: { prompt_tokens: 1, completion_tokens: 1 },
};

function offline(urls: string, dataset: string, reportDir: string, extra: string[] = []): string[] {
  return [
    "benchmark",
    "offline",
    "--endpoints",
    urls,
    "--model",
    "m",
    "--dataset",
    dataset,
    "--duration",
    "0",
    "--workers",
    "2",
    "--report-dir",
    reportDir,
    ...extra,
  ];
}

describe("cli/endpoints", () => {
  test("sends requests round-robin to several endpoints and records which one served each", async () => {
    const [a, b] = await Promise.all([
      startMockServer({ recordObservations: true }),
      startMockServer({ recordObservations: true }),
    ]);
    try {
      const dir = dirs.make();
      const result = await runCli(offline(`${a.url},${b.url}`, questionDataset(dir, 100), join(dir, "r")));
      expect(result.exitCode).toBe(0);
      expect(a.observations().length).toBe(50);
      expect(b.observations().length).toBe(50);
      const db = new Database(join(dir, "r", "events.db"), { readonly: true });
      const rows = db.query("SELECT endpoint, COUNT(*) AS n FROM requests GROUP BY endpoint ORDER BY endpoint").all();
      db.close();
      expect(rows).toEqual([
        { endpoint: 0, n: 50 },
        { endpoint: 1, n: 50 },
      ]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 30_000);

  test("sends the API key as a Bearer token", async () => {
    const seen: (string | null)[] = [];
    const server = Bun.serve({
      port: 0,
      fetch(req) {
        seen.push(req.headers.get("authorization"));
        return req.headers.get("authorization") === "Bearer sk-test-123"
          ? Response.json(CHAT_REPLY)
          : Response.json({ error: { message: "bad key" } }, { status: 401 });
      },
    });
    try {
      const dir = dirs.make();
      const dataset = questionDataset(dir, 20);
      const ok = await runCli(
        offline(`http://127.0.0.1:${server.port}`, dataset, join(dir, "ok"), ["--api-key", "sk-test-123"]),
      );
      expect(ok.exitCode).toBe(0);
      expect(seen.every((h) => h === "Bearer sk-test-123")).toBe(true);

      const denied = await runCli(offline(`http://127.0.0.1:${server.port}`, dataset, join(dir, "denied")));
      expect(denied.exitCode).toBe(4);
      expect(denied.stderr).toMatch(/^error: every request failed/m);
      expect(readSummary(join(dir, "denied")).n_samples_failed).toBe(20);
      const summary = JSON.parse(await Bun.file(join(dir, "denied", "performance", "result_summary.json")).text());
      expect(summary.error_counts).toEqual({ http_4xx: 20 });
      expect(summary.error_samples[0].message).toContain("HTTP 401");
    } finally {
      server.stop(true);
    }
  }, 30_000);

  test("speaks https, and accepts a self-signed certificate only with --insecure", async () => {
    const dir = dirs.make();
    const made = Bun.spawnSync(
      [
        "openssl",
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=localhost",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
      ],
      { stderr: "pipe" },
    );
    expect(made.exitCode).toBe(0);
    const server = Bun.serve({
      port: 0,
      tls: { key: Bun.file(join(dir, "key.pem")), cert: Bun.file(join(dir, "cert.pem")) },
      fetch: (request) =>
        new URL(request.url).pathname === "/metrics"
          ? new Response("vllm:num_requests_running 1\n")
          : Response.json(CHAT_REPLY),
    });
    try {
      const dataset = questionDataset(dir, 10);
      const url = `https://127.0.0.1:${server.port}`;
      const strict = await runCli(offline(url, dataset, join(dir, "strict")));
      expect(strict.exitCode).toBe(4);
      const insecure = await runCli(offline(url, dataset, join(dir, "insecure"), ["--insecure"]));
      expect(insecure.exitCode).toBe(0);
      expect(readSummary(join(dir, "insecure")).n_samples_completed).toBe(10);
      // --insecure holds for the server's metrics page too.
      expect(insecure.stderr).toContain(`server metrics: scraping ${url}/metrics`);
    } finally {
      server.stop(true);
    }
  }, 30_000);
});

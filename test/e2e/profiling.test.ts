/**
 * `--profile vllm`: /start_profile before the performance phase's first request, /stop_profile
 * after the session, both recorded in profiling.json and report.txt, and never fatal.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { questionDataset, runCli, tempDirs, serveCompletions } from "./run-cli.ts";

const dirs = tempDirs("ie-profiling-");
afterAll(() => dirs.cleanup());

/** A chat endpoint that logs the order of requests and profiler triggers, with a vLLM profiler that is on or off. */
function orderServer(profilerOn: boolean) {
  const order: string[] = [];
  const server = serveCompletions(async (req) => {
    const path = new URL(req.url).pathname;
    if (path.endsWith("_profile")) {
      order.push(path);
      return profilerOn ? new Response(null, { status: 200 }) : Response.json({ detail: "Not Found" }, { status: 404 });
    }
    await req.arrayBuffer();
    order.push("request");
    return Response.json({
      choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
      usage: { prompt_tokens: 2, completion_tokens: 1 },
    });
  });
  return { url: `http://127.0.0.1:${server.port}`, order, stop: () => server.stop(true) };
}

async function run(url: string, dir: string, extra: string[]) {
  const report = join(dir, "r");
  const result = await runCli([
    "benchmark",
    "offline",
    "--endpoints",
    url,
    "--model",
    "m",
    "--dataset",
    questionDataset(dir, 6),
    "--workers",
    "1",
    "--duration",
    "0",
    "--report-dir",
    report,
    "--profile",
    "vllm",
    ...extra,
  ]);
  const read = (file: string) => readFileSync(join(report, file), "utf8");
  return { ...result, report, read };
}

describe("cli/profiling", () => {
  test("serve: start before the first measured request, stop after the last; profiling.json and report.txt", async () => {
    const mock = await startMockServer({ mode: "echo" });
    try {
      const dir = dirs.make();
      const result = await run(mock.url, dir, []);
      expect(result.exitCode).toBe(0);
      expect(mock.profilerCalls()).toEqual(["start", "stop"]);
      const record = JSON.parse(result.read("profiling.json"));
      expect(record.engine).toBe("vllm");
      expect(record.starts).toEqual([
        expect.objectContaining({ url: `${mock.url}/start_profile`, status: 200, error: null }),
      ]);
      expect(record.stops).toEqual([
        expect.objectContaining({ url: `${mock.url}/stop_profile`, status: 200, stop_reason: "phase_end" }),
      ]);
      expect(record.stops[0].sent_at_ns).toBeGreaterThan(record.starts[0].sent_at_ns);
      const text = result.read("report.txt");
      expect(text).toContain("------------------- Profiling -------------------");
      expect(text).toMatch(/POST http:\/\/127\.0\.0\.1:\d+\/start_profile @ \d{4}-\d\d-\d\dT[\d:.]+ → 200 OK/);
      expect(text).toMatch(/Trigger span: \d+\.\d\d s/);
      expect(result.stderr + result.stdout).toContain("profiler: started");
    } finally {
      await mock.stop();
    }
  }, 30_000);

  test("after warmup, before the performance phase; a trailing /v1 of --profile-urls is dropped", async () => {
    const server = orderServer(true);
    try {
      const dir = dirs.make();
      const result = await run(server.url, dir, [
        "--warmup",
        "--warmup-drain",
        "--warmup-requests",
        "3",
        "--profile-urls",
        `${server.url}/v1/`,
      ]);
      expect(result.exitCode).toBe(0);
      // Warmup rows come from the same dataset, so tell them apart by position: 3 warmup, start, 6 measured, stop.
      expect(server.order.filter((p) => p.endsWith("_profile"))).toEqual(["/start_profile", "/stop_profile"]);
      const start = server.order.indexOf("/start_profile");
      expect(start).toBe(3);
      expect(server.order.slice(start + 1, -1)).toEqual(Array(6).fill("request"));
      expect(server.order.at(-1)).toBe("/stop_profile");
    } finally {
      server.stop();
    }
  }, 30_000);

  test("a server without its profiler on (404) or nothing answering never fails the run", async () => {
    const server = orderServer(false);
    try {
      const dir = dirs.make();
      const result = await run(server.url, dir, ["--profile-urls", server.url, "--profile-urls", "http://127.0.0.1:1"]);
      expect(result.exitCode).toBe(0);
      const record = JSON.parse(result.read("profiling.json"));
      expect(record.starts.map((c: { status: number | null }) => c.status)).toEqual([404, null]);
      expect(record.starts[1].error).toBeTruthy();
      expect(record.stops).toEqual([]); // no start answered 200
      expect(server.order.filter((p) => p.endsWith("_profile"))).toEqual(["/start_profile"]);
      expect(result.read("report.txt")).toContain("404 (the server's profiler is off");
      expect(result.stderr).toContain("warning: profiler start");
      const summary = JSON.parse(result.read(join("performance", "result_summary.json")));
      expect(summary.n_samples_completed).toBe(6);
      // `report DIR` rebuilds both from events.db alone.
      rmSync(join(result.report, "report.txt"));
      rmSync(join(result.report, "profiling.json"));
      const again = await runCli(["report", result.report]);
      expect(again.exitCode).toBe(0);
      expect(result.read("report.txt")).toContain("------------------- Profiling -------------------");
      expect(JSON.parse(result.read("profiling.json"))).toEqual(record);
    } finally {
      server.stop();
    }
  }, 30_000);
});

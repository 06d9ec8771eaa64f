/**
 * Scoring set-ups that cannot work are refused before the first request (the server counts what
 * it was sent), and a scorer that fails after the run still leaves the performance report.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeFixtureHome } from "../dataset/predefined/predefined-fixtures.ts";
import { questionDataset, runCli, tempDirs, serveCompletions } from "./run-cli.ts";

const dirs = tempDirs("ie-scoring-");
const hub = makeFixtureHome();
afterAll(() => {
  dirs.cleanup();
  hub.remove();
});

/** A chat endpoint that answers every request with one Python block and counts requests. */
function countingServer() {
  let requests = 0;
  const content = "Here it is:\n```python\nprint(input())\n```";
  const server = serveCompletions((req) => {
    requests += 1;
    return Response.json({
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      usage: { prompt_tokens: 3, completion_tokens: 7 },
    });
  });
  return { url: `http://127.0.0.1:${server.port}`, requests: () => requests, stop: () => server.stop(true) };
}

/** A LiveCodeBench evaluation service that answers with `reply` and keeps what it was sent. */
function evaluationService(reply: (request: { codes_dict: Record<string, string[]>; timeout_sec: number }) => unknown) {
  const received: Array<{ codes_dict: Record<string, string[]>; timeout_sec: number }> = [];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (req, srv) => (srv.upgrade(req) ? undefined : new Response("websocket only", { status: 400 })),
    websocket: {
      message(ws, message) {
        const request = JSON.parse(String(message));
        received.push(request);
        ws.send(JSON.stringify({ status: "progress", done: 0 }));
        ws.send(JSON.stringify(reply(request)));
      },
    },
  });
  return { port: server.port, received, stop: () => server.stop(true) };
}

function codeDataset(dir: string): string {
  const path = join(dir, "code.jsonl");
  writeFileSync(
    path,
    ["q1", "q2"].map((id) => JSON.stringify({ question: `solve ${id}`, question_id: id })).join("\n") + "\n",
  );
  return path;
}

async function run(server: { url: string }, dir: string, accuracy: string) {
  const report = join(dir, "r");
  const result = await runCli(
    [
      "benchmark",
      "offline",
      "--endpoints",
      server.url,
      "--model",
      "m",
      "--dataset",
      questionDataset(dir, 4),
      "--dataset",
      accuracy,
      "--duration",
      "0",
      "--workers",
      "1",
      "--report-dir",
      report,
    ],
    { env: hub.env, cwd: dir },
  );
  return { ...result, report };
}

describe("cli/scoring-checks: refused before the first request", () => {
  const refusals: Array<{ name: string; spec: (dir: string) => string; exit: number; error: string }> = [
    {
      name: "a scorer this tool lacks (vbench)",
      spec: (d) =>
        `acc:${codeDataset(d)},accuracy_config.eval_method=vbench,accuracy_config.extractor=identity_extractor`,
      exit: 2,
      error: "datasets[1].accuracy_config.eval_method (--dataset): 'vbench' is not supported by this tool yet",
    },
    {
      name: "an unknown extractor",
      spec: (d) =>
        `acc:${codeDataset(d)},accuracy_config.eval_method=pass_at_1,accuracy_config.extractor=json_extractor`,
      exit: 2,
      error: "unknown extractor 'json_extractor'",
    },
    {
      name: "an extras key the scorer does not take",
      spec: (d) =>
        `acc:${codeDataset(d)},accuracy_config.eval_method=pass_at_1,accuracy_config.extractor=identity_extractor,accuracy_config.extras.temperature=0`,
      exit: 2,
      error: "unknown key 'temperature' (pass_at_1 takes no extras)",
    },
    {
      name: "a ground-truth column the rows lack",
      spec: (d) =>
        `acc:${codeDataset(d)},accuracy_config.eval_method=pass_at_1,accuracy_config.extractor=identity_extractor,accuracy_config.ground_truth=answer`,
      exit: 2,
      error: "dataset 'code' has no column 'answer' (accuracy_config.ground_truth)",
    },
    {
      name: "an lcb_version other than the LiveCodeBench release loaded",
      spec: () =>
        "acc:livecodebench::gptoss,accuracy_config.eval_method=code_bench_scorer,accuracy_config.extractor=python_code_extractor,accuracy_config.extras.lcb_version=release_v5",
      exit: 2,
      error: "accuracy_config.extras.lcb_version is 'release_v5' but the dataset loaded is LiveCodeBench 'release_v6'",
    },
    {
      name: "code_bench with no evaluation service and no --allow-code-execution",
      spec: (d) =>
        `acc:${codeDataset(d)},accuracy_config.eval_method=code_bench_scorer,accuracy_config.extractor=python_code_extractor,accuracy_config.extras.lcb_websocket_port=1`,
      exit: 3,
      error: "no LiveCodeBench evaluation service at ws://localhost:1/evaluate",
    },
  ];
  for (const r of refusals) {
    test(r.name, async () => {
      const server = countingServer();
      try {
        const dir = dirs.make();
        const result = await run(server, dir, r.spec(dir));
        expect(result.stderr).toContain(r.error);
        expect(result.stderr).not.toContain("    at ");
        expect(result.exitCode).toBe(r.exit);
        expect(server.requests()).toBe(0);
        expect(existsSync(join(result.report, "events.db"))).toBe(false);
      } finally {
        server.stop();
      }
    }, 30_000);
  }
});

describe("cli/scoring-checks: code_bench_scorer extras do what upstream's do", () => {
  test("lcb_websocket_port picks the service and timeout is its timeout_sec", async () => {
    const server = countingServer();
    const service = evaluationService((req) => ({
      status: "completed",
      result: { total_samples: 2, results: { q1: [true], q2: [false] } },
      echo: req.timeout_sec,
    }));
    try {
      const dir = dirs.make();
      const spec =
        `acc:${codeDataset(dir)},accuracy_config.eval_method=code_bench_scorer,accuracy_config.extractor=python_code_extractor,` +
        `accuracy_config.extras.lcb_websocket_port=${service.port},accuracy_config.extras.timeout=7`;
      const result = await run(server, dir, spec);
      expect(result.exitCode).toBe(0);
      expect(service.received).toEqual([
        { codes_dict: { q1: ["print(input())"], q2: ["print(input())"] }, timeout_sec: 7 },
      ]);
      const entry = JSON.parse(readFileSync(join(result.report, "accuracy", "accuracy_results.json"), "utf8"))
        .accuracy_scores[0];
      // As upstream: code_bench takes no ground_truth, so the entry's column is null.
      expect(entry).toMatchObject({ extractor: "PythonCodeExtractor", ground_truth_column: null, score: 0.5 });
      expect(result.stderr + result.stdout).toContain('code_bench_scorer: {"status":"progress","done":0}');
    } finally {
      server.stop();
      service.stop();
    }
  }, 30_000);

  test("a scorer that fails after the run still leaves result_summary.json and report.txt", async () => {
    const server = countingServer();
    const service = evaluationService(() => ({ status: "error", error: "grader crashed" }));
    try {
      const dir = dirs.make();
      const spec =
        `acc:${codeDataset(dir)},accuracy_config.eval_method=code_bench_scorer,accuracy_config.extractor=python_code_extractor,` +
        `accuracy_config.extras.lcb_websocket_port=${service.port},accuracy_config.extras.show_lcb_runner_output=false`;
      const result = await run(server, dir, spec);
      expect(result.stderr).toContain("grader crashed");
      expect(result.stderr + result.stdout).toContain(`scoring failed; the performance report is in ${result.report}`);
      expect(result.stderr + result.stdout).not.toContain("code_bench_scorer: {");
      expect(result.exitCode).toBe(4);
      const summary = JSON.parse(readFileSync(join(result.report, "performance", "result_summary.json"), "utf8"));
      expect(summary.n_samples_issued).toBe(4);
      expect(existsSync(join(result.report, "report.txt"))).toBe(true);
      expect(server.requests()).toBe(6);
    } finally {
      server.stop();
      service.stop();
    }
  }, 30_000);
});

/** @module test/e2e/interrupt-secrets.test — Ctrl-C salvages an honest report; secrets never reach the report dir or the console. */
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer, type MockServer } from "../../src/server/index.ts";
import {
  benchmarkArgs,
  BUN_PATH,
  collectOutput,
  countRequestRows,
  MAIN_PATH,
  serveCompletions,
  questionDataset,
  readSummary,
  runCli,
  spawnCli,
  tempDirs,
  waitFor,
} from "./run-cli.ts";

const dirs = tempDirs();
let server: MockServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});
afterAll(() => dirs.cleanup());

describe("cli/interrupt", () => {
  test("stops on SIGINT, drains, exits 0 and writes an interrupted report matching events.db", async () => {
    // 300 ms per request at 20 QPS keeps ~6 requests in flight when the signal arrives.
    server = await startMockServer({
      mode: "model",
      ttftMs: 300,
      tpotMs: 0,
      outputTokens: 8,
      recordObservations: true,
    });
    const dir = dirs.make();
    const reportDir = join(dir, "report");
    const proc = spawnCli([
      "benchmark",
      "online",
      ...benchmarkArgs(server.url, questionDataset(dir, 100), reportDir),
      "--load-pattern",
      "poisson",
      "--target-qps",
      "20",
      "--num-samples",
      "2000",
    ]);
    const stdout = collectOutput(proc.stdout);
    const stderr = collectOutput(proc.stderr);
    try {
      // Readiness signal: completed requests recorded in events.db (a 100 s run is far from done).
      await waitFor(() => countRequestRows(reportDir) >= 5 || proc.exitCode !== null, 30_000).catch((error: Error) => {
        throw new Error(
          `${error.message}; ${countRequestRows(reportDir)} rows, ${server?.observations().length} requests seen; stderr: ${stderr.text}`,
        );
      });
      expect(proc.exitCode).toBeNull();
      proc.kill("SIGINT");
      const exitCode = await proc.exited;

      expect(await stderr.done).toContain("SIGINT");
      expect(exitCode).toBe(0);
      // As upstream's warning, naming the signal that stopped the run.
      expect(await stdout.done).toContain(
        "WARNING: run was interrupted (SIGINT) — metrics below are best-effort partial data.",
      );
      expect(readFileSync(join(reportDir, "report.txt"), "utf8")).toContain("WARNING: run was interrupted (SIGINT)");
      const summary = readSummary(reportDir);
      expect(summary).toMatchObject({ state: "interrupted", complete: false, n_samples_failed: 0 });
      expect(summary.n_samples_issued).toBeGreaterThanOrEqual(5);
      expect(summary.n_samples_issued).toBeLessThan(2000);
      expect(countRequestRows(reportDir, "performance")).toBe(summary.n_samples_issued);
      // In-flight requests were drained, not dropped: the server finished every one that was issued.
      expect(summary.n_samples_completed).toBe(summary.n_samples_issued);
      expect(server.observations()).toHaveLength(summary.n_samples_issued);
    } finally {
      proc.kill("SIGKILL");
    }
  }, 60_000);

  test.skipIf(!Bun.which("setsid"))(
    "a terminal's Ctrl-C (SIGINT to the whole process group) drains like one to the main process: no worker is lost",
    async () => {
      server = await startMockServer({
        mode: "model",
        ttftMs: 300,
        tpotMs: 0,
        outputTokens: 8,
        recordObservations: true,
      });
      const dir = dirs.make();
      const reportDir = join(dir, "report");
      // setsid: the CLI leads a process group of its own, as a shell's foreground job does.
      const proc = spawnCli(
        [
          "benchmark",
          "online",
          ...benchmarkArgs(server.url, questionDataset(dir, 100), reportDir),
          "--load-pattern",
          "poisson",
          "--target-qps",
          "20",
          "--num-samples",
          "2000",
          "--workers",
          "2",
        ],
        { command: ["setsid", BUN_PATH, MAIN_PATH] },
      );
      const stderr = collectOutput(proc.stderr);
      try {
        await waitFor(() => countRequestRows(reportDir) >= 5 || proc.exitCode !== null, 30_000);
        expect(proc.exitCode).toBeNull();
        process.kill(-proc.pid, "SIGINT");
        expect(await proc.exited).toBe(0);
        const text = await stderr.done;
        expect(text).not.toContain("exited unexpectedly");
        const summary = readSummary(reportDir);
        expect(summary).toMatchObject({ state: "interrupted", n_samples_failed: 0 });
        expect(summary.n_samples_completed).toBe(summary.n_samples_issued);
        expect(server.observations()).toHaveLength(summary.n_samples_issued);
      } finally {
        proc.kill("SIGKILL");
      }
    },
    60_000,
  );

  test("quits at once with exit 130 on a second SIGINT", async () => {
    // TTFTs spread over 0.1–29.9 s: once the first request is recorded, many more are still in
    // flight, so the first signal leaves the run draining until the second arrives.
    server = await startMockServer({ mode: "model", ttftMs: 15_000, ttftSpreadMs: 14_900, tpotMs: 0, outputTokens: 1 });
    const dir = dirs.make();
    const reportDir = join(dir, "report");
    const proc = spawnCli([
      "benchmark",
      "online",
      ...benchmarkArgs(server.url, questionDataset(dir, 20), reportDir),
      "--load-pattern",
      "poisson",
      "--target-qps",
      "50",
      "--num-samples",
      "1000",
    ]);
    collectOutput(proc.stdout);
    const stderr = collectOutput(proc.stderr);
    try {
      await waitFor(
        () => countRequestRows(reportDir) >= 1 || proc.exitCode !== null,
        30_000,
        25,
        () => `stderr so far: ${JSON.stringify(stderr.text)}`,
      );
      proc.kill("SIGINT");
      await waitFor(() => stderr.text.includes("SIGINT: stopping") || proc.exitCode !== null, 10_000);
      expect(proc.exitCode).toBeNull();
      proc.kill("SIGINT");

      expect(await proc.exited).toBe(130);
      expect(await stderr.done).toContain("quitting now");
    } finally {
      proc.kill("SIGKILL");
    }
  }, 60_000);
});

/** Every file under `dir` (recursively) with its bytes as a latin1 string, so binary files are searchable. */
function filesUnder(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path, text: readFileSync(path).toString("latin1") };
    });
}

describe("cli/secrets", () => {
  test("keeps the API key and URL credentials out of every output", async () => {
    server = await startMockServer({ mode: "echo" });
    const dir = dirs.make();
    const reportDir = join(dir, "report");
    const urlWithCredentials = server.url.replace("http://", "http://user:pass@");

    const result = await runCli([
      "benchmark",
      "offline",
      ...benchmarkArgs(urlWithCredentials, questionDataset(dir, 20), reportDir),
      "--duration",
      "0",
      "--api-key",
      "sk-SECRET-123",
    ]);

    expect(result.exitCode).toBe(0);
    expect(readSummary(reportDir)).toMatchObject({ n_samples_completed: 20, n_samples_failed: 0 });
    const outputs = [
      { path: "<stdout>", text: result.stdout },
      { path: "<stderr>", text: result.stderr },
      ...filesUnder(reportDir),
    ];
    expect(outputs.map((o) => o.path)).toContain(join(reportDir, "events.db"));
    const leaks = outputs
      .filter(({ text }) => text.includes("sk-SECRET-123") || text.includes("pass@"))
      .map((o) => o.path);
    expect(leaks).toEqual([]);
    expect(readFileSync(join(reportDir, "config.yaml"), "utf8")).toContain("<redacted>");
  });

  test("keeps an API key given as ${ENV} in the YAML out of every output, and sends it", async () => {
    const seen: (string | null)[] = [];
    const keyed = serveCompletions((req) => {
      seen.push(req.headers.get("authorization"));
      return Response.json({
        choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
      });
    });
    try {
      const dir = dirs.make();
      const reportDir = join(dir, "report");
      const yaml = join(dir, "run.yaml");
      writeFileSync(
        yaml,
        [
          "type: offline",
          "model_params:",
          "  name: m",
          "datasets:",
          `  - path: ${questionDataset(dir, 10)}`,
          "settings:",
          "  runtime:",
          "    min_duration_ms: 0",
          "endpoint_config:",
          `  endpoints: [http://127.0.0.1:${keyed.port}]`,
          "  api_key: ${IE_TEST_API_KEY}",
          "",
        ].join("\n"),
      );
      const result = await runCli(["benchmark", "from-config", "-c", yaml, "--report-dir", reportDir], {
        env: { IE_TEST_API_KEY: "sk-ENV-SECRET-456" },
      });
      expect(result.exitCode).toBe(0);
      expect(seen.length).toBe(10);
      expect(seen.every((h) => h === "Bearer sk-ENV-SECRET-456")).toBe(true);
      const outputs = [
        { path: "<stdout>", text: result.stdout },
        { path: "<stderr>", text: result.stderr },
        ...filesUnder(reportDir),
      ];
      expect(outputs.filter(({ text }) => text.includes("sk-ENV-SECRET-456")).map((o) => o.path)).toEqual([]);
    } finally {
      keyed.stop(true);
    }
  });

  test.each([
    [
      "benchmark offline",
      (url: string, dir: string) => [
        "benchmark",
        "offline",
        ...benchmarkArgs(url, questionDataset(dir, 5), join(dir, "report")),
        "--duration",
        "0",
      ],
    ],
    ["probe", (url: string) => ["probe", "--endpoints", url, "--model", "m", "--requests", "1"]],
  ])("%s keeps credentials out of the error for an endpoint without a scheme", async (_name, argsFor) => {
    const dir = dirs.make();

    const result = await runCli(argsFor("user:pass@127.0.0.1:8000", dir));

    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^error: .*http:\/\//);
    expect(result.stderr).not.toContain("pass@");
  });
});

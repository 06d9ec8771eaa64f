/** @module test/e2e/faults.test — the fault matrix through the real CLI: every injected fault is a recorded error of the right kind. */
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { startMockServer, type FaultSpec } from "../../src/server/index.ts";
import { collectOutput, questionDataset, runCli, spawnCli, tempDirs, waitFor } from "./run-cli.ts";

const dirs = tempDirs("ie-faults-");
afterAll(() => dirs.cleanup());

interface Summary {
  n_samples_issued: number;
  n_samples_failed: number;
  error_counts: Record<string, number>;
  error_samples: { kind: string; message: string }[];
  retries: number;
  reconnects: number;
}

/** A performance row of events.db, with how long its request took from its send to its end. */
interface Row {
  plan_index: number;
  attempt: number;
  error_kind: string | null;
  http_status: number;
  took_ns: number;
}

/** `benchmark online` at `concurrency` against `url`; returns the exit code, summary and events.db rows. */
async function bench(url: string, samples: number, extra: readonly string[], concurrency = 4, workers = 2) {
  const dir = dirs.make();
  const report = join(dir, "r");
  const result = await runCli([
    "benchmark",
    "online",
    "--endpoints",
    url,
    "--model",
    "m",
    "--dataset",
    questionDataset(dir, 20),
    "--workers",
    String(workers),
    "--load-pattern",
    "concurrency",
    "--concurrency",
    String(concurrency),
    "--num-samples",
    String(samples),
    "--duration",
    "0",
    "--report-dir",
    report,
    ...extra,
  ]);
  const summary = JSON.parse(await Bun.file(join(report, "performance", "result_summary.json")).text()) as Summary;
  const db = new Database(join(report, "events.db"), { readonly: true });
  const rows = db
    .query(
      "SELECT plan_index, attempt, error_kind, http_status, done_ns - sent_ns AS took_ns FROM requests WHERE phase = 'performance' ORDER BY plan_index, attempt",
    )
    .all() as Row[];
  db.close();
  return { result, summary, rows };
}

const f = (kind: FaultSpec["kind"], arg: number | null = null): FaultSpec => ({ kind, arg });
const N = 8;
/** The stall and request timeouts the stall faults meet, s. */
const LIMIT_S = 0.3;

describe("cli/faults", () => {
  // The other refusals run in process (test/cli/commands/serve); this one crosses the process boundary, exit code and all.
  test("serve with two bad faults names both and exits 2", async () => {
    const result = await runCli(["serve", "--port", "0", "--fault", "status:200", "--fault", "stall"]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("status:200: must be an HTTP error status (400–599)\n--fault stall: stall needs");
    expect(result.stdout).toBe("");
  }, 30_000);

  test.each([
    ["refuse", "reset", f("refuse"), []],
    ["reset-before-headers", "reset", f("reset-before-headers"), []],
    ["reset-mid-stream", "reset", f("reset-mid-stream"), []],
    ["status:429", "http_429", f("status", 429), []],
    ["status:500", "http_5xx", f("status", 500), []],
    ["status:503, not streaming", "http_5xx", f("status", 503), ["--streaming", "off"]],
    [`stall:30 with --stall-timeout ${LIMIT_S}`, "stalled_stream", f("stall", 30), ["--stall-timeout", `${LIMIT_S}`]],
    [
      `stall:30 with --request-timeout ${LIMIT_S}, not streaming`,
      "timeout",
      f("stall", 30),
      ["--streaming", "off", "--request-timeout", `${LIMIT_S}`],
    ],
    ["malformed-sse", "malformed_stream", f("malformed-sse"), []],
    ["invalid-json", "malformed_stream", f("invalid-json"), []],
    ["invalid-json, not streaming", "invalid_json", f("invalid-json"), ["--streaming", "off"]],
    ["huge-body:2 with --max-response-mb 1", "too_large", f("huge-body", 2), ["--max-response-mb", "1"]],
    [
      "huge-body:2 with --max-response-mb 1, not streaming",
      "too_large",
      f("huge-body", 2),
      ["--streaming", "off", "--max-response-mb", "1"],
    ],
    ["huge-body:1 within the default 64 MB", null, f("huge-body", 1), []],
    ["slow-drip:1", null, f("slow-drip", 1), []],
  ] as const)(
    "%s → %p on every request",
    async (_name, kind, fault, flags) => {
      const server = await startMockServer({ faults: [fault] });
      try {
        // A stall or a drip takes its time whatever the concurrency: all N in one round. The others reuse connections (4 for 8).
        const slow = fault.kind === "stall" || fault.kind === "slow-drip";
        const { result, summary, rows } = await bench(server.url, N, flags, slow ? N : 4, 1);
        // A reset before any response byte is sent again once on a new connection; the server resets that one too.
        const sentTwice = fault.kind === "refuse" || fault.kind === "reset-before-headers";
        expect(rows).toHaveLength(sentTwice ? 2 * N : N);
        expect(summary.n_samples_issued).toBe(N);
        expect(summary.reconnects).toBe(sentTwice ? N : 0);
        const label = fault.arg === null ? fault.kind : `${fault.kind}:${fault.arg}`;
        expect(server.faultCounts()).toEqual({ [label]: sentTwice ? 2 * N : N });
        if (kind === null) {
          expect(result.exitCode).toBe(0);
          expect(summary.error_counts).toEqual({});
        } else {
          expect(result.exitCode).toBe(4); // every request failed
          expect(result.stderr).toContain("every request failed");
          expect(summary.error_counts).toEqual({ [kind]: N });
          expect(summary.error_samples.length).toBeGreaterThan(0);
          for (const sample of summary.error_samples) expect(sample.message.length).toBeGreaterThan(10);
        }
        // A stall is cut by its limit, never before it; long wait: not waited out (the server's 30 s).
        if (fault.kind === "stall")
          for (const row of rows) {
            expect(row.took_ns).toBeGreaterThanOrEqual(LIMIT_S * 1e9);
            // long wait: the server stalls 30 s; a cut at the limit ends in a small fraction of it.
            expect(row.took_ns).toBeLessThan(30e9);
          }
      } finally {
        await server.stop();
      }
    },
    30_000,
  );

  test("a mixed run through `serve --fault`: rows equal requests, error counts equal the server's fault counts", async () => {
    const serve = spawnCli([
      "serve",
      "--port",
      "0",
      "--fault",
      "status:500",
      "--fault",
      "reset-mid-stream",
      "--fault",
      "malformed-sse",
      "--fault-rate",
      "0.3",
      "--fault-seed",
      "42",
    ]);
    const stdout = collectOutput(serve.stdout);
    const stderr = collectOutput(serve.stderr);
    try {
      await waitFor(() => stdout.text.includes("\n"), 10_000);
      const url = stdout.text.trim();
      const { result, summary, rows } = await bench(url, 300, [], 16);
      expect(result.exitCode).toBe(0); // some succeeded
      expect(rows).toHaveLength(300);
      expect(summary.n_samples_issued).toBe(300);
      serve.kill("SIGTERM");
      await serve.exited;
      const lines = (await stderr.done).split("\n");
      // The routes whose bytes the faults do not speak are named, not silently left clean.
      expect(lines).toContain(
        "note: faults are injected on /v1/chat/completions and /v1/completions only; " +
          "/v1/responses, /v1/messages, /v1/embeddings, /v1/rerank and /generate answer without them",
      );
      const line = lines.find((l) => l.startsWith("faults injected: "));
      const injected = JSON.parse((line ?? "").slice("faults injected: ".length)) as Record<string, number>;
      const expected: Record<string, number> = {};
      for (const [label, kind] of [
        ["status:500", "http_5xx"],
        ["reset-mid-stream", "reset"],
        ["malformed-sse", "malformed_stream"],
      ] as const) {
        if (injected[label]) expected[kind] = injected[label];
      }
      expect(summary.error_counts).toEqual(expected);
      const faults = Object.values(injected).reduce((a, b) => a + b, 0);
      expect(summary.n_samples_failed).toBe(faults);
      expect(faults).toBeGreaterThan(300 * 0.3 - 30);
      expect(faults).toBeLessThan(300 * 0.3 + 30);
    } finally {
      serve.kill();
    }
  }, 40_000);

  test("--retries 2 against status:503 at rate 0.5: each attempt a row, counts by the last attempt", async () => {
    // ~45 retries expected (half the first attempts, a quarter of the second ones), each after 100 or 200 ms of backoff.
    const ENTRIES = 60;
    const server = await startMockServer({
      faults: [f("status", 503)],
      faultRate: 0.5,
      faultSeed: 9,
      recordObservations: true,
    });
    try {
      const { result, summary, rows } = await bench(server.url, ENTRIES, ["--retries", "2"], 12);
      expect(result.exitCode).toBe(0);
      expect(summary.n_samples_issued).toBe(ENTRIES);
      expect(rows).toHaveLength(server.observations().length); // every attempt reached the server and is a row
      expect(summary.retries).toBe(rows.length - ENTRIES);
      expect(rows.filter((r) => r.error_kind === "http_5xx")).toHaveLength(server.faultCounts()["status:503"] ?? 0);
      const byEntry = Map.groupBy(rows, (r) => r.plan_index);
      expect(byEntry.size).toBe(ENTRIES);
      let finalFailures = 0;
      for (const attempts of byEntry.values()) {
        expect(attempts.map((a) => a.attempt)).toEqual(attempts.map((_, i) => i));
        const last = attempts.at(-1) as (typeof attempts)[number];
        // Every attempt before the last failed with 503; the last either succeeded or was the third 503.
        expect(attempts.slice(0, -1).every((a) => a.error_kind === "http_5xx")).toBe(true);
        expect(last.error_kind === null || (last.attempt === 2 && last.error_kind === "http_5xx")).toBe(true);
        if (last.error_kind !== null) finalFailures++;
      }
      expect(summary.error_counts).toEqual(finalFailures > 0 ? { http_5xx: finalFailures } : {});
      expect(summary.retries).toBeGreaterThan(20);
    } finally {
      await server.stop();
    }
  }, 40_000);
});

/**
 * @module test/e2e/timeouts.test — per-request, stall and whole-run timeouts against raw TCP servers that misbehave, through the real CLI.
 *
 * The limits are fractions of a second: what is held is what our code decides (the error kind of
 * every request, and that none was cut before its limit, from events.db), not how soon after its
 * limit a busy host let the cut happen.
 */
import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { questionDataset, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-timeouts-");
afterAll(() => dirs.cleanup());

type Behaviour = "silent" | "stall-after-first-chunk" | "queue-then-answer" | "short-json-body" | "stall-json-chunk";

/** How long "queue-then-answer" holds a request after its headers, as vLLM does while it waits in the engine queue. */
const QUEUE_MS = 600;

/** A raw TCP server that misbehaves in one way for every completion request it gets (a GET gets a 404). */
function misbehavingServer(behaviour: Behaviour) {
  const server = Bun.listen({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      data(socket, bytes) {
        // The run's GETs before it starts (server identity, /metrics) get a 404 at once, as from a server without them:
        // held, each would cost the run its probe's 2 s limit.
        if (bytes.toString("latin1", 0, 4) === "GET ")
          return void socket.end("HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
        if (behaviour === "silent") return;
        // A whole JSON body that stops part-way, the connection left open: declared longer than sent, or chunked and never ended.
        if (behaviour === "short-json-body")
          return void socket.write(
            'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 500\r\n\r\n{"choices":[',
          );
        if (behaviour === "stall-json-chunk")
          return void socket.write(
            'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\nc\r\n{"choices":[\r\n',
          );
        const chunk = `data: {"choices":[{"index":0,"delta":{"content":"hi"}}]}\n\n`;
        const head = "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n";
        if (behaviour === "queue-then-answer") {
          socket.write(head);
          const rest = `${chunk}data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n`;
          setTimeout(() => socket.write(`${rest.length.toString(16)}\r\n${rest}\r\n0\r\n\r\n`), QUEUE_MS);
          return;
        }
        socket.write(`${head}${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      },
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) };
}

async function run(server: { url: string }, extra: string[]) {
  const dir = dirs.make();
  const report = join(dir, "r");
  const result = await runCli([
    "benchmark",
    "online",
    "--endpoints",
    server.url,
    "--model",
    "m",
    "--dataset",
    questionDataset(dir, 10),
    "--load-pattern",
    "concurrency",
    "--concurrency",
    "4",
    "--num-samples",
    "4",
    "--duration",
    "0",
    "--report-dir",
    report,
    ...extra,
  ]);
  const summary = JSON.parse(await Bun.file(join(report, "performance", "result_summary.json")).text());
  const db = new Database(join(report, "events.db"), { readonly: true });
  // How long each request took from its send to its end (cut or answered).
  const tookNs = (
    db.query("SELECT done_ns - sent_ns AS t FROM requests WHERE phase = 'performance'").all() as { t: number }[]
  ).map((r) => r.t);
  db.close();
  return { result, summary, tookNs, reportText: await Bun.file(join(report, "report.txt")).text() };
}

/** The limit every cut test sets, s: a request cut sooner than this was cut by something else. */
const LIMIT_S = 0.3;

describe("cli/timeouts", () => {
  test.each([
    ["a silent server hits the per-request timeout", "silent" as const, ["--request-timeout", `${LIMIT_S}`], "timeout"],
    [
      "a stream that goes quiet is cut as stalled",
      "stall-after-first-chunk" as const,
      ["--stall-timeout", `${LIMIT_S}`],
      "stalled_stream",
    ],
    [
      "a whole body shorter than its content-length is cut as stalled",
      "short-json-body" as const,
      ["--stall-timeout", `${LIMIT_S}`, "--streaming", "off"],
      "stalled_stream",
    ],
    [
      "a chunked whole body that goes quiet is cut as stalled",
      "stall-json-chunk" as const,
      ["--stall-timeout", `${LIMIT_S}`, "--streaming", "off"],
      "stalled_stream",
    ],
  ])(
    "%s",
    async (_name, behaviour, flags, kind) => {
      const server = misbehavingServer(behaviour);
      try {
        const { result, summary, tookNs } = await run(server, flags);
        expect(result.exitCode).toBe(4); // every request failed
        expect(summary.error_counts).toEqual({ [kind]: 4 });
        expect(summary.n_samples_issued).toBe(4);
        // Cut by its limit, never before it (the server itself never ends these).
        expect(tookNs).toHaveLength(4);
        for (const took of tookNs) expect(took).toBeGreaterThanOrEqual(LIMIT_S * 1e9);
      } finally {
        server.stop();
      }
    },
    20_000,
  );

  test("a request queued past --stall-timeout after its headers (vLLM sends them at admission) succeeds with its TTFT", async () => {
    const server = misbehavingServer("queue-then-answer");
    try {
      // Twice the stall limit of silence after the headers, and not a stall.
      const { result, summary } = await run(server, ["--stall-timeout", `${QUEUE_MS / 2 / 1000}`]);
      expect(result.exitCode).toBe(0);
      expect(summary.error_counts).toEqual({});
      expect(summary.ttft.min / 1e6).toBeGreaterThan(QUEUE_MS - 100);
    } finally {
      server.stop();
    }
  }, 20_000);

  test("the whole-run --run-timeout stops a hung run and writes the report marked interrupted", async () => {
    const server = misbehavingServer("silent");
    try {
      const { result, summary, tookNs, reportText } = await run(server, ["--run-timeout", "0.5"]);
      expect(summary.state).toBe("interrupted");
      expect(result.stderr).toContain("run timeout of 0.5 s reached");
      // Every request sent by then is cancelled, a row apiece, and nothing more is sent. The watchdog runs from the
      // session's start: a host that takes over 0.5 s to ready the worker (seen at load ~20) stops the run before
      // its four requests go, which is the same decision; normally all four are in flight.
      const sent = summary.n_samples_issued as number;
      expect(summary.error_counts).toEqual(sent > 0 ? { cancelled: sent } : {});
      expect(tookNs).toHaveLength(sent);
      expect(reportText).toContain("WARNING: run was interrupted (--run-timeout)");
    } finally {
      server.stop();
    }
  }, 20_000);

  test("a --run-timeout reached before the phase starts (waiting for --start-at) cuts what the phase sends", async () => {
    // The stop lands while the session waits for the start instant: the phase starts stopped, and its requests are
    // cut at once rather than left in flight against a server that never answers (a hang, before this was fixed).
    const server = misbehavingServer("silent");
    try {
      const barrier = join(dirs.make(), "barrier");
      const { result, summary, tookNs } = await run(server, [
        ...["--run-timeout", "0.5", "--start-at", "+5s", "--start-barrier", barrier, "--server-metrics", "off"],
      ]);
      expect(result.stderr).toContain("run timeout of 0.5 s reached");
      expect(summary.state).toBe("interrupted");
      const sent = summary.n_samples_issued as number;
      expect(summary.error_counts).toEqual(sent > 0 ? { cancelled: sent } : {});
      expect(tookNs).toHaveLength(sent);
    } finally {
      server.stop();
    }
  }, 30_000);

  test("upstream's --timeout is stored and not used, as there, and a warning says so", async () => {
    const server = misbehavingServer("silent");
    try {
      // Were --timeout a run timeout, its 0.2 s would cancel the requests before their own 0.4 s.
      const { result, summary, tookNs } = await run(server, ["--timeout", "0.2", "--request-timeout", "0.4"]);
      expect(result.stderr).toContain(
        "warning: timeout 0.2 is stored and not used, as in mlcommons/endpoints; --run-timeout 0.2 (run_timeout_s) stops a run",
      );
      expect(result.stderr).not.toContain("run timeout of");
      expect(summary.error_counts).toEqual({ timeout: 4 }); // each request ran into its own --request-timeout, not a run timeout
      for (const took of tookNs) expect(took).toBeGreaterThanOrEqual(0.4e9);
    } finally {
      server.stop();
    }
  }, 20_000);
});

/** @module test/e2e/bench-bare-fetch.test — the bench's fetch floor, bare and writing events.db rows, against a real mock server. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startMockServer, type MockServer } from "../../src/server/index.ts";

const SCRIPT = join(import.meta.dir, "..", "..", "scripts", "bench", "bare-fetch.ts");

let server: MockServer;
let dir: string;

beforeAll(async () => {
  server = await startMockServer({ mode: "fixed" });
  dir = mkdtempSync(join(tmpdir(), "ie-bare-fetch-"));
});

afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the script for 0.3 s over 4 connections against `url` (in its own process: the server answers from this one). */
function start(url: string, streaming: boolean, eventsDb?: string, parse = false, ipc = false) {
  const bodyFile = join(dir, streaming ? "stream.json" : "plain.json");
  writeFileSync(
    bodyFile,
    JSON.stringify({
      model: "m",
      stream: streaming,
      stream_options: { include_usage: true },
      messages: [{ role: "user", content: "hi" }],
    }),
  );
  const extra = eventsDb ? [eventsDb, ...(parse ? ["parse", ...(ipc ? ["ipc"] : [])] : [])] : [];
  return Bun.spawn([process.execPath, SCRIPT, `${url}/v1/chat/completions`, bodyFile, "0.3", "4", ...extra], {
    stdout: "pipe",
    stderr: "pipe",
  });
}

/** Runs the script against the fixed mock server; its printed request count. */
async function run(streaming: boolean, eventsDb?: string, parse = false, ipc = false): Promise<number> {
  const child = start(server.url, streaming, eventsDb, parse, ipc);
  const [code, out] = await Promise.all([child.exited, new Response(child.stdout).text()]);
  expect(code).toBe(0);
  const printed = JSON.parse(out) as { requests: number; seconds: number };
  expect(printed.seconds).toBeGreaterThan(0.25);
  return printed.requests;
}

describe("scripts/bench/bare-fetch", () => {
  test("without a database it only counts requests", async () => {
    expect(await run(false)).toBeGreaterThan(0);
  });

  test.each([
    ["a streamed response: 31 token gaps", true, 31 * 8, 32, false, false],
    ["a plain response: no gaps", false, null, 1, false, false],
    ["a streamed response, parsed: 31 token gaps", true, 31 * 8, 32, true, false],
    ["a plain response, parsed: no gaps", false, null, 1, true, false],
    ["a streamed response, parsed, rows written by a second process", true, 31 * 8, 32, true, true],
    ["a plain response, parsed, rows written by a second process", false, null, 1, true, true],
  ])(
    "with a database, every request is one events.db row; %s",
    async (_name, streaming, gapBytes, chunkCount, parse, ipc) => {
      const path = join(dir, `events-${streaming}-${parse}-${ipc}.db`);
      const requests = await run(streaming, path, parse, ipc);
      const db = new Database(path, { readonly: true });
      const rows = db
        .query("SELECT length(chunk_gaps_ns) AS gaps, chunk_count, done_ns >= sent_ns AS ordered FROM requests")
        .all() as { gaps: number | null; chunk_count: number; ordered: number }[];
      db.close();
      expect(requests).toBeGreaterThan(0);
      expect(rows.length).toBe(requests);
      expect(existsSync(`${path}.sock`)).toBe(false);
      expect(new Set(rows.map((r) => `${r.gaps}/${r.chunk_count}/${r.ordered}`))).toEqual(
        new Set([`${gapBytes}/${chunkCount}/1`]),
      );
    },
  );

  test("with parse, the body is really parsed: a body that is not JSON stops the script", async () => {
    const broken = await startMockServer({ mode: "fixed", faults: [{ kind: "invalid-json", arg: null }] });
    try {
      const path = join(dir, "events-broken.db");
      const bare = start(broken.url, false, path);
      expect(await bare.exited).toBe(0);
      const parsed = start(broken.url, false, join(dir, "events-broken-parsed.db"), true);
      const [code, err] = await Promise.all([parsed.exited, new Response(parsed.stderr).text()]);
      expect(code).not.toBe(0);
      expect(err).toContain("JSON");
    } finally {
      await broken.stop();
    }
  });
});

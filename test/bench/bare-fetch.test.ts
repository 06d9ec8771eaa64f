/** @module test/bench/bare-fetch.test — the bench's fetch floor, bare and writing events.db rows, against a real mock server. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
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

/** Runs the script for 0.3 s over 4 connections (in its own process: the server answers from this one); its printed request count. */
async function run(streaming: boolean, eventsDb?: string): Promise<number> {
  const bodyFile = join(dir, streaming ? "stream.json" : "plain.json");
  writeFileSync(bodyFile, JSON.stringify({ model: "m", stream: streaming, messages: [{ role: "user", content: "hi" }] }));
  const child = Bun.spawn([process.execPath, SCRIPT, `${server.url}/v1/chat/completions`, bodyFile, "0.3", "4", ...(eventsDb ? [eventsDb] : [])], { stdout: "pipe" });
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
    ["a streamed response: 31 token gaps", true, 31 * 8, 32],
    ["a plain response: no gaps", false, null, 1],
  ])("with a database, every request is one events.db row; %s", async (_name, streaming, gapBytes, chunkCount) => {
    const path = join(dir, `events-${streaming}.db`);
    const requests = await run(streaming, path);
    const db = new Database(path, { readonly: true });
    const rows = db.query("SELECT length(chunk_gaps_ns) AS gaps, chunk_count, done_ns >= sent_ns AS ordered FROM requests").all() as { gaps: number | null; chunk_count: number; ordered: number }[];
    db.close();
    expect(requests).toBeGreaterThan(0);
    expect(rows.length).toBe(requests);
    expect(new Set(rows.map((r) => `${r.gaps}/${r.chunk_count}/${r.ordered}`))).toEqual(new Set([`${gapBytes}/${chunkCount}/1`]));
  });
});

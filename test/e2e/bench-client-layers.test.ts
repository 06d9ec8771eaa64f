/** @module test/e2e/bench-client-layers.test — the client-layers micro-benchmark runs every layer against a real mock server and prints a figure for each. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { startMockServer, type MockServer } from "../../src/server/index.ts";

const SCRIPT = join(import.meta.dir, "..", "..", "scripts", "bench", "client-layers.ts");
let server: MockServer;

beforeAll(async () => {
  server = await startMockServer({ mode: "fixed" });
});

afterAll(async () => {
  await server.stop();
});

/** Runs the script (its own process: the server answers from this one) for 0.2 s per layer, one round, 4 connections. */
async function layers(streaming: "on" | "off"): Promise<string[]> {
  const child = Bun.spawn([process.execPath, SCRIPT, server.url, "0.2", "1", streaming, "4"], {
    stdout: "pipe",
    stderr: "pipe",
  });
  const [code, out, err] = await Promise.all([
    child.exited,
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]);
  expect(err).toBe("");
  expect(code).toBe(0);
  return out.trim().split("\n");
}

describe("scripts/bench/client-layers", () => {
  test.each([
    ["on", "streamed", "+ SSE reading"],
    ["off", "plain", "+ body text and JSON.parse"],
  ] as const)("streaming %s: a positive CPU figure for each of the four layers", async (streaming, kind, reading) => {
    const [title, ...rows] = await layers(streaming);
    expect(title).toStartWith(`${kind} responses from ${server.url}/v1/chat/completions`);
    expect(rows.map((row) => row.trim().split(/\s{2,}/)[0])).toEqual([
      "fetch",
      expect.stringContaining(reading),
      "sendRequest (the whole client path)",
      "+ record batches and IPC frames",
    ]);
    for (const row of rows) expect(Number(row.trim().split(/\s{2,}/)[1])).toBeGreaterThan(0);
  });

  test("a bad argument prints the usage and exits 2", async () => {
    const child = Bun.spawn([process.execPath, SCRIPT, server.url, "1", "1", "maybe"], {
      stdout: "pipe",
      stderr: "pipe",
    });
    expect(await child.exited).toBe(2);
    expect(await new Response(child.stderr).text()).toContain("usage: bun scripts/bench/client-layers.ts");
  });
});

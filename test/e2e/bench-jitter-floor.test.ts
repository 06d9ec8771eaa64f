/** @module test/e2e/bench-jitter-floor.test — the Poisson floor: an empty loop, and the least client keeping the schedule against a real mock server. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startMockServer, type MockServer } from "../../src/server/index.ts";

const SCRIPT = join(import.meta.dir, "..", "..", "scripts", "bench", "jitter-floor.ts");
const QPS = 400;
const SECONDS = 0.5;

let server: MockServer;
let dir: string;

beforeAll(async () => {
  server = await startMockServer({ mode: "fixed" });
  dir = mkdtempSync(join(tmpdir(), "ie-jitter-floor-"));
});

afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Printed {
  p50_us: number;
  p99_us: number;
  count: number;
  failed: number;
}

async function run(extra: string[]): Promise<Printed> {
  const child = Bun.spawn([process.execPath, SCRIPT, String(QPS), String(SECONDS), ...extra], { stdout: "pipe" });
  const [code, out] = await Promise.all([child.exited, new Response(child.stdout).text()]);
  expect(code).toBe(0);
  return JSON.parse(out) as Printed;
}

function body(streaming: boolean): string {
  const path = join(dir, `body-${streaming}.json`);
  writeFileSync(
    path,
    JSON.stringify({
      model: "m",
      stream: streaming,
      stream_options: { include_usage: true },
      messages: [{ role: "user", content: "hi" }],
    }),
  );
  return path;
}

describe("scripts/bench/jitter-floor", () => {
  test("an empty loop takes every due instant and sends nothing", async () => {
    const printed = await run([]);
    expect(printed.count).toBe(QPS * SECONDS);
    expect(printed.failed).toBe(0);
    expect(printed.p99_us).toBeGreaterThanOrEqual(printed.p50_us);
  });

  test.each([true, false])(
    "with a URL (streaming %p), every due instant is one request, read and written as one events.db row",
    async (streaming) => {
      const eventsDb = join(dir, `least-${streaming}.db`);
      const printed = await run([`${server.url}/v1/chat/completions`, body(streaming), eventsDb]);
      const db = new Database(eventsDb, { readonly: true });
      const rows = db
        .query(
          "SELECT count(*) AS n, min(sent_ns >= scheduled_ns) AS late_or_on_time, max(chunk_count) AS chunks FROM requests",
        )
        .get() as { n: number; late_or_on_time: number; chunks: number };
      db.close();
      expect(printed).toMatchObject({ count: QPS * SECONDS, failed: 0 });
      expect(rows).toEqual({ n: QPS * SECONDS, late_or_on_time: 1, chunks: streaming ? 32 : 1 });
    },
  );

  test("requests that fail are counted, not hidden", async () => {
    const broken = await startMockServer({ mode: "fixed", faults: [{ kind: "status", arg: 500 }] });
    try {
      const printed = await run([`${broken.url}/v1/chat/completions`, body(false), join(dir, "broken.db")]);
      expect(printed.failed).toBe(QPS * SECONDS);
    } finally {
      await broken.stop();
    }
  });
});

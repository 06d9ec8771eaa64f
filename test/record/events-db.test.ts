/** @module test/record/events-db.test — client-side token counts applied after the run, chunk by chunk, on a real events.db. */
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EventsDb } from "../../src/record/events-db.ts";
import type { RequestRecord } from "../../src/record/request-record.ts";
import { makeFailure, makeRecord } from "../metrics/make-record.ts";

const dir = mkdtempSync(join(tmpdir(), "ie-events-db-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every 3rd row has server usage, every 7th failed, the rest have text only. */
function row(i: number): RequestRecord {
  if (i % 7 === 6) return makeFailure({ planIndex: i, sampleIndex: i % 10 });
  const text = "x".repeat(1 + (i % 13));
  return i % 3 === 0
    ? makeRecord({
        planIndex: i,
        sampleIndex: i % 10,
        responseText: text,
        outputTokens: 99,
        inputTokens: null,
        tokenSource: "server_usage",
      })
    : makeRecord({
        planIndex: i,
        sampleIndex: i % 10,
        responseText: text,
        outputTokens: null,
        inputTokens: null,
        tokenSource: "none",
      });
}

describe("record/events-db", () => {
  // 30 rows, 26 of them successful (the only ones read in chunks): one chunk of the run's size,
  // then chunks of 8 (the last one short) and of 13 (the last one empty).
  test.each([
    ["a few rows", undefined],
    ["more rows than one chunk", 8],
    ["a whole number of chunks", 13],
  ])("counts tokens of every successful row: %s", (name, chunkRows) => {
    const count = 30;
    const path = join(dir, `${name}.db`);
    const records = Array.from({ length: count }, (_, i) => row(i));
    const db = new EventsDb(path);
    for (let start = 0; start < count; start += 8) db.addRecords(records.slice(start, start + 8));
    const counted = db.applyTokenizerCounts(
      "performance",
      (sampleIndex) => 100 + sampleIndex,
      (text) => text.length,
      chunkRows,
    );
    db.close();
    expect(counted).toBe(records.filter((r) => r.errorKind === null).length);
    const raw = new Database(path, { readonly: true });
    type Stored = {
      plan_index: number;
      input_tokens: number | null;
      output_tokens: number | null;
      token_source: string;
      tokenizer_output_tokens: number | null;
    };
    const stored = raw
      .query(
        "SELECT plan_index, input_tokens, output_tokens, token_source, tokenizer_output_tokens FROM requests ORDER BY id",
      )
      .all() as Stored[];
    raw.close();
    const expected = records.map((r, i) => {
      if (r.errorKind !== null)
        return {
          plan_index: i,
          input_tokens: null,
          output_tokens: null,
          token_source: "none",
          tokenizer_output_tokens: null,
        };
      const length = 1 + (i % 13);
      const usage = r.tokenSource === "server_usage";
      return {
        plan_index: i,
        input_tokens: 100 + (i % 10),
        output_tokens: usage ? 99 : length,
        token_source: usage ? "server_usage" : "tokenizer",
        tokenizer_output_tokens: length,
      };
    });
    expect(stored).toEqual(expected);
  });
});

describe("record/events-db opening beside a reader", () => {
  test("waits for a reader's lock instead of failing the run ('database is locked')", async () => {
    // A reader opened the file first (a user's sqlite3, a script polling the run) and holds a read lock while the
    // run switches it to WAL, which needs the file to itself.
    const path = join(dir, "locked.db");
    new Database(path, { create: true }).close();
    const holder = new Worker(new URL("./hold-read-lock.ts", import.meta.url).href);
    try {
      const held = new Promise<void>((resolve) => {
        holder.onmessage = (m: MessageEvent<string>) => {
          if (m.data === "held") resolve();
        };
      });
      holder.postMessage({ path, holdMs: 200 });
      await held;
      const db = new EventsDb(path);
      db.close();
      const check = new Database(path, { readonly: true });
      expect(check.query<{ journal_mode: string }, []>("PRAGMA journal_mode").get()?.journal_mode).toBe("wal");
      check.close();
    } finally {
      holder.terminate();
    }
  });
});

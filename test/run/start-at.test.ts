/** @module test/run/start-at.test — the forms of `--start-at`, the barrier file shards share, and refusing an instant already past. */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { resolveStartAt } from "../../src/run/start-at.ts";

const dir = mkdtempSync(join(tmpdir(), "start-at-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const NOW = 1_764_640_000_000_000_000n; // epoch ns

describe("run/start-at", () => {
  test.each<[string, bigint]>([
    ["1764640060", NOW + 60_000_000_000n],
    ["1764640060.25", NOW + 60_250_000_000n],
    ["2025-12-02T01:47:40Z", NOW + 60_000_000_000n],
    ["2025-12-02T03:47:40+02:00", NOW + 60_000_000_000n],
  ])("reads %s", (text, expected) => {
    expect(resolveStartAt(text, null, NOW)).toBe(expected);
  });

  test("+Ns: the first shard writes the barrier, the next reads the same instant", () => {
    const barrier = join(dir, "b1");
    const now = BigInt(Date.now()) * 1_000_000n;
    const first = resolveStartAt("+5s", barrier, now) as bigint;
    const written = BigInt(readFileSync(barrier, "utf8")) * 1_000_000n;
    expect(first).toBe(written + 5_000_000_000n);
    expect(resolveStartAt("+5", barrier, now)).toBe(first);
  });

  test.each<[string, string | null, RegExp]>([
    ["soon", null, /expects epoch seconds, an ISO-8601 date-time or \+Ns, got 'soon'/],
    ["+3s", null, /a relative start needs --start-barrier PATH/],
    ["1764639990", null, /--start-at 1764639990 is 10\.000 s past/],
    ["1764640000.5", null, /only 500 ms away/],
  ])("refuses %s", (text, barrier, message) => {
    expect(() => resolveStartAt(text, barrier, NOW)).toThrow(message);
  });

  test("off without --start-at", () => {
    expect(resolveStartAt(null, null, NOW)).toBeNull();
  });
});

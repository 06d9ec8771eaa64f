/**
 * @module test/metrics/request-values.test — TPOT's tokens after the first chunk, by where the count comes from, TPOT from a
 * stream's columns, each per-request figure read alike from a record and from columns, and no other source file subtracting a request's instants.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { columnsFromRecords } from "../../src/metrics/phase-columns.ts";
import {
  latencyNsAt,
  latencyNsOf,
  scheduledLatencyNsOf,
  scheduleLagNsAt,
  scheduleLagNsOf,
  seriesValues,
  tokensAfterFirstChunk,
  ttfbNsOf,
  ttftNsAt,
  ttftNsOf,
} from "../../src/metrics/request-values.ts";
import { makeRecord } from "./make-record.ts";

const MS = 1e6;

describe("metrics/request-values tokensAfterFirstChunk", () => {
  test.each([
    // [case, tokenizer count of the text after the first chunk, tokens of each later chunk, chunks, expected]
    ["the tokenizer's count wins", 7, Uint16Array.of(1, 1), 3, 7],
    ["one token per later chunk (no per-chunk counts)", null, null, 10, 9],
    ["per-chunk usage or shares: their sum", null, Uint16Array.of(3, 1, 2), 4, 6],
    ["a single chunk: nothing after it", null, null, 1, 0],
    ["no chunk at all", null, null, 0, 0],
  ] as [string, number | null, Uint16Array | null, number, number][])(
    "%s",
    (_name, tokenizer, later, chunks, expected) => {
      expect(tokensAfterFirstChunk(tokenizer, later, chunks)).toBe(expected);
    },
  );
});

describe("metrics/request-values tpot", () => {
  test.each([
    // [case, record overrides, expected TPOT values (ns)]
    ["10 chunks of one token over 90 ms", { firstTokenNs: 10 * MS, doneNs: 100 * MS, outputTokens: 10 }, [10 * MS]],
    [
      "a first chunk of 3 tokens, then 2 chunks of 1 (shares from usage): ÷ 2, not ÷ 4",
      {
        outputTokens: 5,
        chunkCount: 3,
        chunkGapsNs: Float64Array.of(30 * MS, 60 * MS),
        chunkTokens: Uint16Array.of(1, 1),
      },
      [45 * MS],
    ],
    [
      "per-chunk usage of 2 and 3 after the first: ÷ 5",
      {
        outputTokens: 6,
        chunkCount: 3,
        chunkGapsNs: Float64Array.of(40 * MS, 50 * MS),
        chunkTokens: Uint16Array.of(2, 3),
      },
      [18 * MS],
    ],
    ["not streamed: no TPOT", { firstTokenNs: null, chunkGapsNs: null }, []],
    ["one chunk: no TPOT", { outputTokens: 4, chunkCount: 1, chunkGapsNs: new Float64Array(0) }, []],
  ] as [string, Parameters<typeof makeRecord>[0], number[]][])("%s", (_name, overrides, expected) => {
    const values = [...seriesValues(columnsFromRecords([makeRecord(overrides)]), "tpot")];
    expect(values.length).toBe(expected.length);
    values.forEach((v, i) => expect(v).toBeCloseTo(expected[i] as number, 6));
  });
});

describe("metrics/request-values per-request figures", () => {
  const record = makeRecord({
    scheduledNs: 1 * MS,
    sentNs: 3 * MS,
    responseHeadersNs: 8 * MS,
    firstTokenNs: 13 * MS,
    doneNs: 103 * MS,
  });
  const cols = columnsFromRecords([record]);

  test.each([
    // [figure, from a record, from columns (or the series the report reads), expected ns]
    ["TTFT", ttftNsOf(record), ttftNsAt(cols, 0), 10 * MS],
    ["TTFB", ttfbNsOf(record), seriesValues(cols, "ttfb")[0], 5 * MS],
    ["latency", latencyNsOf(record), latencyNsAt(cols, 0), 100 * MS],
    ["schedule lag", scheduleLagNsOf(record), scheduleLagNsAt(cols, 0), 2 * MS],
    ["scheduled latency", scheduledLatencyNsOf(record), seriesValues(cols, "scheduledLatency")[0], 102 * MS],
  ])("%s reads the same from a record and from its columns", (_name, ofRecord, ofColumns, expected) => {
    expect(ofRecord).toBe(expected);
    expect(ofColumns).toBe(expected);
  });

  test("a missing instant gives NaN, which every tally and rollup skips", () => {
    expect(ttftNsOf(makeRecord({ firstTokenNs: null }))).toBeNaN();
    expect(latencyNsOf({ sentNs: null, doneNs: 5 })).toBeNaN();
  });

  test("no other source file subtracts a request's instants (docs/dev/design.md: each metric is defined once)", () => {
    const src = join(import.meta.dir, "..", "..", "src");
    const instant =
      "(?:firstTokenNs|first_token_ns|doneNs|done_ns|sentNs|sent_ns|scheduledNs|scheduled_ns|responseHeadersNs)";
    // `a.doneNs - a.sentNs`, `firstTokenNs! - …`, `(cols.doneNs[i] as number) - …`, SQL's `done_ns - sent_ns`.
    const subtraction = new RegExp(`\\b${instant}(?:\\[\\w+\\])?!?(?: as number\\))? - [\\w.(]*${instant}`);
    const offenders = (readdirSync(src, { recursive: true }) as string[])
      .filter((f) => f.endsWith(".ts") && f !== join("metrics", "request-values.ts"))
      .flatMap((f) =>
        readFileSync(join(src, f), "utf8")
          .split("\n")
          .flatMap((line, i) => (subtraction.test(line) ? [`src/${f}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });
});

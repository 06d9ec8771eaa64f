/** @module test/metrics/phase-tallies — tests for metrics/phase-tallies. */
import { describe, expect, test } from "bun:test";
import { columnsFromRecords } from "../../src/metrics/phase-columns.ts";
import {
  countErrorKinds,
  countFinishReasons,
  tallyTokenSources,
  type TokenCountSource,
} from "../../src/metrics/phase-tallies.ts";
import type { TokenSource } from "../../src/record/request-record.ts";
import { makeFailure, makeRecord } from "./make-record.ts";

describe("metrics/phase-tallies", () => {
  test("counts finish reasons, unknown and null as other, with all keys present", () => {
    const reasons = ["stop", "length", "stop", "weird", null, "tool_calls", "stop"];
    const include = Uint8Array.of(1, 1, 1, 1, 1, 1, 0);
    expect(countFinishReasons(reasons, include)).toEqual({
      stop: 2,
      length: 1,
      tool_calls: 1,
      content_filter: 0,
      function_call: 0,
      other: 2,
    });
  });

  test("counts TGI's eos_token and stop_sequence as stop", () => {
    const reasons = ["eos_token", "stop_sequence", "length", "constructor"];
    expect(countFinishReasons(reasons, Uint8Array.of(1, 1, 1, 1))).toEqual({
      stop: 2,
      length: 1,
      tool_calls: 0,
      content_filter: 0,
      function_call: 0,
      other: 1,
    });
  });

  test("counts Anthropic's stop reasons by their chat names", () => {
    const reasons = ["end_turn", "stop_sequence", "max_tokens", "tool_use", "refusal", "pause_turn"];
    expect(countFinishReasons(reasons, Uint8Array.of(1, 1, 1, 1, 1, 1))).toEqual({
      stop: 2,
      length: 1,
      tool_calls: 1,
      content_filter: 1,
      function_call: 0,
      other: 1,
    });
  });

  test.each([
    // [sources, include, source, counts]
    [["server_usage", "server_usage"], [1, 1], "server_usage", { server_usage: 2 }],
    [["server_usage", "tokenizer"], [1, 1], "mixed", { server_usage: 1, tokenizer: 1 }],
    [["server_usage", "tokenizer"], [1, 0], "server_usage", { server_usage: 1 }],
    [["chunk_count"], [0], "none", {}],
  ] as [TokenSource[], number[], TokenCountSource, Record<string, number>][])(
    "tallies token sources %p (included %p) as %p",
    (sources, include, source, counts) => {
      const tally = tallyTokenSources(sources, Uint8Array.from(include));
      expect(tally.source).toBe(source);
      expect(tally.counts).toEqual(counts);
    },
  );

  test("counts failed requests per error kind", () => {
    const cols = columnsFromRecords([
      makeRecord(),
      makeFailure({ errorKind: "timeout" }),
      makeFailure({ errorKind: "http_5xx" }),
      makeFailure({ errorKind: "timeout" }),
    ]);
    expect(countErrorKinds(cols)).toEqual({ timeout: 2, http_5xx: 1 });
  });
});

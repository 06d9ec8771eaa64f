/**
 * @module test/upstream/tpot.test — upstream's TPOT: (complete − first chunk) ÷ the tokens of
 * the text after the first chunk (its metrics aggregator's `TpotTrigger`, and the
 * early-stopping script that mirrors it), on a real events.db read back as a report reads it.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openEventsDbReadonly, readPhaseColumns } from "../../src/metrics/read-phase.ts";
import { seriesValues } from "../../src/metrics/request-values.ts";
import { EventsDb } from "../../src/record/events-db.ts";
import type { RequestRecord } from "../../src/record/request-record.ts";
import { makeRecord } from "../metrics/make-record.ts";

const dir = mkdtempSync(join(tmpdir(), "ie-upstream-tpot-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Upstream's tests count tokens by whitespace (`_ws_counts`). */
const whitespaceTokens = (text: string) => text.split(/\s+/).filter((word) => word.length > 0).length;

/** A stream whose chunks arrived as `chunks` (text), sent at `sentNs`, first chunk at `firstNs`, done at `doneNs`. */
function streamOf(planIndex: number, chunks: string[], sentNs: number, firstNs: number, doneNs: number): RequestRecord {
  const gaps = chunks.slice(1).map(() => (doneNs - firstNs) / Math.max(chunks.length - 1, 1));
  return makeRecord({
    planIndex,
    sentNs,
    firstTokenNs: firstNs,
    doneNs,
    outputTokens: null,
    tokenSource: "none",
    chunkCount: chunks.length,
    chunkGapsNs: Float64Array.from(gaps),
    responseText: chunks.join(""),
    firstChunkChars: chunks[0]?.length ?? null,
  });
}

/** TPOT values (ns) of the records after the run's tokenizer pass, read back from events.db. */
function tpotAfterRun(name: string, records: RequestRecord[]): number[] {
  const path = join(dir, `${name}.db`);
  const db = new EventsDb(path);
  db.addRecords(records);
  db.applyTokenizerCounts("performance", () => null, whitespaceTokens);
  db.close();
  const read = openEventsDbReadonly(path);
  try {
    return [...seriesValues(readPhaseColumns(read, "performance"), "tpot")];
  } finally {
    read.close();
  }
}

describe("upstream TPOT", () => {
  test("tests/unit/scripts/test_early_stopping_estimate_from_events.py:83 test_tracking_window_gating_and_metric_deltas: chunks x | one two | three, issued 100, first 150, complete 400 → (400 − 150) / 2", () => {
    // Upstream joins the later chunks ("one twothree") before counting: 2 whitespace tokens.
    expect(tpotAfterRun("gating", [streamOf(0, ["x", "one two", "three"], 100, 150, 400)])).toEqual([125]);
  });

  test("tests/unit/scripts/test_early_stopping_estimate_from_events.py:97 (row c): a response that never streamed has no TPOT", () => {
    const whole = makeRecord({ planIndex: 0, firstTokenNs: null, chunkGapsNs: null, responseText: "nonstream full" });
    expect(tpotAfterRun("whole", [whole])).toEqual([]);
  });

  test("upstream TpotTrigger: a token count of 0 after the first chunk gives no TPOT (all text in the first chunk)", () => {
    expect(tpotAfterRun("one-chunk", [streamOf(0, ["all of it", ""], 0, 10, 50)])).toEqual([]);
  });

  test("the first chunk is the first with text: a chunk of several words counts whole, the rest by the tokenizer", () => {
    // 1 000 ns after the first chunk for "c d e f" (4 tokens): 250 ns a token, whatever the first chunk held.
    expect(tpotAfterRun("speculative", [streamOf(0, ["a b ", "c d ", "e f"], 0, 1_000, 2_000)])).toEqual([250]);
  });
});

// not transcribed:
// - test_early_stopping_estimate_from_events.py:110 test_imperfect_log_robustness (row a): upstream re-sends
//   a request after its first chunk and keeps the row; here a retry is never sent after the first token,
//   and each attempt is its own row (docs/metrics.md, Errors).
// - test_metrics_table.py:405 test_tpot_tool_calls_only_response and :446 test_tpot_uses_tool_call_deltas_after_first_chunk:
//   upstream tokenises the JSON of the merged tool calls; our kept text holds the calls' names and
//   arguments (docs/metrics.md, Tokens), so a tool-call response's count differs by the JSON's punctuation.

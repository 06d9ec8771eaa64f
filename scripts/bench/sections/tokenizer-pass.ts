/**
 * @module scripts/bench/sections/tokenizer-pass — what upstream's TPOT costs after the run: the
 * tokenizer pass over events.db with and without the count of the text after the first chunk.
 *
 * 20,000 streamed rows of ~200 GPT-2 tokens (one events.db each, written before the clock
 * starts), counted by `EventsDb.applyTokenizerCounts` with GPT-2's tokenizer: once as a run with
 * a tokenizer writes them (the first chunk's length kept, so each response is also counted past
 * its first chunk: TPOT's tokens), once with that length absent (the whole response only, as
 * before TPOT followed upstream). Alternated, `--repeats` pairs, in this process; nothing here is
 * on the send path.
 */
import { join } from "node:path";
import { EventsDb } from "../../../src/record/events-db.ts";
import type { RequestRecord } from "../../../src/record/request-record.ts";
import { loadTokenizer } from "../../../src/tokens/load-tokenizer.ts";
import { makeRecord } from "../../../test/metrics/make-record.ts";
import { writeGpt2Tokenizer } from "../../../test/support/gpt2-tokenizer.ts";
import { progress, type Section } from "../lib/section.ts";
import { fmt, median, runs, type Row } from "../lib/table.ts";

const SECTION = "8 tokenizer pass";
const ROWS = 20_000;
const WORDS = "the quick brown fox jumps over the lazy dog while the model streams one token at a time".split(" ");
const TEXT = Array.from({ length: 200 }, (_, i) => WORDS[i % WORDS.length]).join(" ");

function database(path: string, withFirstChunk: boolean): void {
  const db = new EventsDb(path);
  const records: RequestRecord[] = [];
  for (let i = 0; i < ROWS; i++)
    records.push(
      makeRecord({
        planIndex: i,
        responseText: TEXT,
        firstChunkChars: withFirstChunk ? 4 : null,
        outputTokens: null,
        tokenSource: "none",
      }),
    );
  for (let start = 0; start < ROWS; start += 512) db.addRecords(records.slice(start, start + 512));
  db.close();
}

/** Rows per second of one pass over a fresh database. */
function pass(dir: string, k: number, withFirstChunk: boolean, count: (text: string) => number): number {
  const path = join(dir, `pass-${k}-${withFirstChunk}.db`);
  database(path, withFirstChunk);
  const db = new EventsDb(path);
  const start = Bun.nanoseconds();
  db.applyTokenizerCounts("performance", () => null, count);
  const seconds = (Bun.nanoseconds() - start) / 1e9;
  db.close();
  return ROWS / seconds;
}

export const tokenizerPassSection: Section = {
  name: "tokenizer",
  description: "the after-run tokenizer pass with and without TPOT's count of the text after the first chunk",
  async run(ctx) {
    const tokenizer = loadTokenizer(writeGpt2Tokenizer(ctx.tmp));
    const count = (text: string) => tokenizer.count(text);
    const withTpot: number[] = [];
    const without: number[] = [];
    for (let k = 0; k < ctx.repeats; k++) {
      progress(`tokenizer pass ${k + 1}/${ctx.repeats}: ${ROWS} rows with and without TPOT's count`);
      without.push(pass(ctx.tmp, k, false, count));
      withTpot.push(pass(ctx.tmp, k, true, count));
    }
    const [a, b] = [median(withTpot), median(without)];
    const row = (metric: string, value: string, notes: string): Row => ({
      section: SECTION,
      metric,
      value,
      peer: "–",
      ratio: "–",
      target: "–",
      verdict: "–",
      notes,
    });
    return [
      row(
        "rows/s counted after the run, with TPOT's count (whole text + text after the first chunk)",
        fmt(a),
        runs(withTpot),
      ),
      row("rows/s counted after the run, whole text only", fmt(b), runs(without)),
      row(
        "TPOT's share of the pass: time with ÷ time without",
        `${(b / a).toFixed(2)}×`,
        `${ROWS} rows of ~200 GPT-2 tokens`,
      ),
    ];
  },
};

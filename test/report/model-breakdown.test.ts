/**
 * @module test/report/model-breakdown.test — a run's per-model blocks from a real events.db: each equals the
 * whole-run summary of that model's records alone, and a one-model file has none; a model no request went to
 * has no block; embeddings and rerank runs break inputs/s down and show its columns instead of TTFT's.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { columnsFromRecords } from "../../src/metrics/phase-columns.ts";
import { openEventsDbReadonly } from "../../src/metrics/read-phase.ts";
import { summarizePhase, type PhaseContext } from "../../src/metrics/summarize-phase.ts";
import { EventsDb } from "../../src/record/events-db.ts";
import type { RequestRecord } from "../../src/record/request-record.ts";
import { modelBreakdown } from "../../src/report/model-breakdown.ts";
import { modelLines } from "../../src/report/model-text.ts";
import { renderModelTable } from "../../src/report/html/model-table.ts";
import { buildResultSummary, modelSummaryOf, type RunInfo } from "../../src/report/result-summary.ts";
import { makeFailure, makeRecord } from "../metrics/make-record.ts";

const dir = mkdtempSync(join(tmpdir(), "ie-model-breakdown-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CONTEXT: PhaseContext = {
  windowStartNs: 0,
  loadPatternType: "poisson",
  useLegacyQps: false,
  earlyStopping: false,
  plannedCount: null,
};
const RUN: RunInfo = { version: "t", gitSha: null, testStartedAtEpochMs: 0, state: "complete", runConfig: {} };

/** Model i % 3 (weights 1:1:1 by position), each model with its own TTFT, some failures. */
function record(i: number): RequestRecord {
  const modelIndex = i % 3;
  const sentNs = 1_000_000 * i;
  if (i % 11 === 0) return makeFailure({ planIndex: i, modelIndex, sentNs, doneNs: sentNs + 1_000 });
  return makeRecord({
    planIndex: i,
    modelIndex,
    sentNs,
    firstTokenNs: sentNs + (modelIndex + 1) * 10_000_000 + i,
    doneNs: sentNs + 200_000_000 + i,
    chunkGapsNs: Float64Array.of(1_000 * (modelIndex + 1), 2_000),
    chunkCount: 3,
  });
}

function writeDb(
  name: string,
  records: RequestRecord[],
  models: string[],
  inputsOfSample?: (sample: number) => number,
): string {
  const path = join(dir, name);
  const db = new EventsDb(path);
  if (models.length > 0) db.setModels(models.map((m) => ({ name: m, tokenizer: null })));
  db.addRecords(records);
  if (inputsOfSample) db.applyInputCounts("performance", inputsOfSample);
  db.close();
  return path;
}

/** An embeddings request: no first token, no output; row i % 4 sends 1 + i % 4 texts (applyInputCounts). */
function pooled(i: number): RequestRecord {
  const modelIndex = i % 2;
  const sentNs = 1_000_000 * i;
  return makeRecord({
    planIndex: i,
    sampleIndex: i % 4,
    modelIndex,
    sentNs,
    firstTokenNs: null,
    doneNs: sentNs + (modelIndex + 1) * 5_000_000,
    inputTokens: 7 * (1 + (i % 4)),
    outputTokens: null,
    chunkCount: 0,
    chunkGapsNs: null,
    finishReason: null,
  });
}

describe("report/model-breakdown", () => {
  const records = Array.from({ length: 300 }, (_, i) => record(i));

  test("each model's blocks are the whole-run figures of its own records", () => {
    const db = openEventsDbReadonly(writeDb("mix.db", records, ["a", "b,c=1", "lora-x"]));
    const blocks = modelBreakdown(db, "performance", CONTEXT, RUN);
    db.close();
    expect(Object.keys(blocks ?? {})).toEqual(["a", "b,c=1", "lora-x"]);
    ["a", "b,c=1", "lora-x"].forEach((name, m) => {
      const own = columnsFromRecords(records.filter((r) => r.modelIndex === m));
      const expected = modelSummaryOf(buildResultSummary(summarizePhase(own, CONTEXT), RUN));
      expect(blocks?.[name]).toEqual(expected);
      expect(blocks?.[name]?.n_samples_issued).toBe(100);
    });
    expect(blocks?.a?.ttft.median).toBeLessThan(blocks?.["lora-x"]?.ttft.median as number);
  });

  test("one model: no models table, no breakdown, no report lines", () => {
    const db = openEventsDbReadonly(
      writeDb(
        "one.db",
        records.map((r) => ({ ...r, modelIndex: 0 })),
        [],
      ),
    );
    expect(modelBreakdown(db, "performance", CONTEXT, RUN)).toBeNull();
    db.close();
    expect(modelLines({})).toEqual([]);
  });

  test("the report's table: a row per model, columns aligned", () => {
    const db = openEventsDbReadonly(writeDb("text.db", records, ["a", "b,c=1", "lora-x"]));
    const lines = modelLines({ per_model: modelBreakdown(db, "performance", CONTEXT, RUN) ?? undefined });
    db.close();
    expect(lines[0]).toBe("Per model (3 models, each over its own requests):");
    expect(lines.slice(2).map((l) => l.trim().split(/\s+/)[0])).toEqual(["a", "b,c=1", "lora-x"]);
    expect(new Set(lines.slice(1).map((l) => l.length)).size).toBe(1);
    expect(lines[2]).toContain(" 100 ");
    expect(lines[1]).toMatch(/^ {2}model +requests +failed +TTFT p50 ms +TPOT p50 ms .* output tok\/s$/);
  });

  test("report.html's table: the same rows, escaped; nothing for one model", () => {
    const db = openEventsDbReadonly(writeDb("html.db", records, ["a", "<b>&c", "lora-x"]));
    const html = renderModelTable({ per_model: modelBreakdown(db, "performance", CONTEXT, RUN) ?? undefined });
    db.close();
    expect(html).toContain("<h2>Per model (3)</h2>");
    expect(html).toContain("<td>&lt;b&gt;&amp;c</td><td>100</td>");
    expect(html.match(/<tr>/g)).toHaveLength(4);
    expect(renderModelTable({})).toBe("");
  });

  test("a model no request went to has no block (every row named its own, so --model got none)", () => {
    const own = records.map((r) => ({ ...r, modelIndex: (r.modelIndex ?? 0) + 1 }));
    const shifted = openEventsDbReadonly(writeDb("shifted.db", own, ["m", "a", "b,c=1", "lora-x"]));
    const blocks = modelBreakdown(shifted, "performance", CONTEXT, RUN);
    shifted.close();
    expect(Object.keys(blocks ?? {})).toEqual(["a", "b,c=1", "lora-x"]);
    expect(modelLines({ per_model: blocks ?? undefined })[0]).toBe("Per model (3 models, each over its own requests):");
    // One model left of two: its block still names where the requests went.
    const single = openEventsDbReadonly(
      writeDb(
        "single.db",
        records.map((r) => ({ ...r, modelIndex: 1 })),
        ["m", "x"],
      ),
    );
    const one = modelBreakdown(single, "performance", CONTEXT, RUN);
    single.close();
    expect(Object.keys(one ?? {})).toEqual(["x"]);
    expect(modelLines({ per_model: one ?? undefined })[0]).toBe("Per model (1 model, each over its own requests):");
  });

  test("embeddings: each model's inputs/s and input tok/s over its own requests; the tables show them, not TTFT", () => {
    const pooling = Array.from({ length: 40 }, (_, i) => pooled(i));
    const inputsOf = (sample: number) => 1 + sample;
    const db = openEventsDbReadonly(writeDb("pooling.db", pooling, ["embed-a", "embed-b"], inputsOf));
    const blocks = modelBreakdown(db, "performance", CONTEXT, RUN);
    db.close();
    ["embed-a", "embed-b"].forEach((name, m) => {
      const own = pooling.filter((r) => r.modelIndex === m);
      const block = blocks?.[name];
      const seconds = (block?.duration_ns as number) / 1e9;
      const inputs = own.reduce((sum, r) => sum + inputsOf(r.sampleIndex), 0);
      const tokens = own.reduce((sum, r) => sum + (r.inputTokens as number), 0);
      expect(block?.inputs?.inputs).toBe(inputs);
      expect(block?.inputs?.inputs_per_second as number).toBeCloseTo(inputs / seconds, 9);
      expect(block?.inputs?.input_tokens_per_second as number).toBeCloseTo(tokens / seconds, 9);
    });
    // The whole run's `inputs` (present for these types) picks the columns.
    const summary = {
      per_model: blocks ?? undefined,
      inputs: { inputs: 1, inputs_per_second: 1, input_tokens_per_second: 1 },
    };
    const lines = modelLines(summary);
    expect(lines[1]).toMatch(
      /^ {2}model +requests +failed +latency p50 ms +latency p99 ms +QPS +inputs\/s +input tok\/s$/,
    );
    expect(lines.join("\n")).not.toContain("N/A");
    const b = blocks?.["embed-b"]?.inputs;
    expect(lines[3]).toMatch(
      new RegExp(
        ` ${(b?.inputs_per_second as number).toFixed(2)} +${(b?.input_tokens_per_second as number).toFixed(2)}$`,
      ),
    );
    const html = renderModelTable(summary);
    expect(html).toContain('<th scope="col">inputs/s</th><th scope="col">input tok/s</th>');
    expect(html).not.toContain("TTFT");
    // A generating run's blocks carry no inputs key at all (not a null one).
    const gen = openEventsDbReadonly(writeDb("gen.db", records, ["a", "b"]));
    const genBlocks = modelBreakdown(gen, "performance", CONTEXT, RUN);
    gen.close();
    expect(genBlocks?.a && "inputs" in genBlocks.a).toBe(false);
  });
});

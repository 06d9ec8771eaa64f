/**
 * @module test/report/model-breakdown.test — a run's per-model blocks from a real events.db: each equals the
 * whole-run summary of that model's records alone, and a one-model file has none.
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

function writeDb(name: string, records: RequestRecord[], models: string[]): string {
  const path = join(dir, name);
  const db = new EventsDb(path);
  if (models.length > 0) db.setModels(models.map((m) => ({ name: m, tokenizer: null })));
  db.addRecords(records);
  db.close();
  return path;
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
    expect(modelLines(undefined)).toEqual([]);
  });

  test("the report's table: a row per model, columns aligned", () => {
    const db = openEventsDbReadonly(writeDb("text.db", records, ["a", "b,c=1", "lora-x"]));
    const lines = modelLines(modelBreakdown(db, "performance", CONTEXT, RUN) ?? undefined);
    db.close();
    expect(lines[0]).toBe("Per model (3 models, each over its own requests):");
    expect(lines.slice(2).map((l) => l.trim().split(/\s+/)[0])).toEqual(["a", "b,c=1", "lora-x"]);
    expect(new Set(lines.slice(1).map((l) => l.length)).size).toBe(1);
    expect(lines[2]).toContain(" 100 ");
  });

  test("report.html's table: the same rows, escaped; nothing for one model", () => {
    const db = openEventsDbReadonly(writeDb("html.db", records, ["a", "<b>&c", "lora-x"]));
    const html = renderModelTable(modelBreakdown(db, "performance", CONTEXT, RUN) ?? undefined);
    db.close();
    expect(html).toContain("<h2>Per model (3)</h2>");
    expect(html).toContain("<td>&lt;b&gt;&amp;c</td><td>100</td>");
    expect(html.match(/<tr>/g)).toHaveLength(4);
    expect(renderModelTable(undefined)).toBe("");
  });
});

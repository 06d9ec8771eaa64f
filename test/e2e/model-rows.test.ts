/**
 * @module test/e2e/model-rows.test — rows naming their own model beyond a plain run: a trace replay and a
 * conversation run each send a row to its model and break the report down per model, against `serve`.
 *
 * Each request's model is read back from events.db (its model index, joined to the models table) and checked
 * against the row it sent, independently of the loader; the server's own observations count each model's
 * requests; per_model's counts are those. A trace's rows name theirs through parser.model= too, and --dry-run lists
 * only the models sent to. A mix over a trace stays refused, with a hint that works there.
 */
import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { readSummary, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-model-rows-");
afterAll(() => dirs.cleanup());

/** Each performance request's row (sample_index) and the name of the model it went to. */
function sentModels(reportDir: string): { row: number; model: string }[] {
  const db = new Database(join(reportDir, "events.db"), { readonly: true });
  try {
    return db
      .query(
        "SELECT r.sample_index AS row, m.name AS model FROM requests r JOIN models m ON m.idx = r.model " +
          "WHERE r.phase = 'performance' ORDER BY r.sample_index",
      )
      .all() as { row: number; model: string }[];
  } finally {
    db.close();
  }
}

const writeJsonl = (path: string, rows: unknown[]) =>
  writeFileSync(path, `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`);

describe("cli/rows naming their model", () => {
  test("a trace: each row goes to its model, lengths-only rows too, and the report breaks it down", async () => {
    const server = await startMockServer({ mode: "echo", recordObservations: true });
    try {
      const dir = dirs.make();
      // Row i at 5i ms: rows 0, 3, … name "org/a,v2"; 1, 4, … "lora=b" (a lengths-only row); 2, 5, … none.
      const modelOf = (i: number) => ["org/a,v2", "lora=b", null][i % 3] ?? null;
      const rows = Array.from({ length: 30 }, (_, i) => ({
        timestamp: 5 * i,
        ...(i % 3 === 1 ? { input_length: 4, output_length: 2 } : { prompt: `row ${i}` }),
        ...(modelOf(i) === null ? {} : { model: modelOf(i) }),
      }));
      writeJsonl(join(dir, "trace.jsonl"), rows);
      const report = join(dir, "r");
      const result = await runCli([
        ...["benchmark", "online", "--endpoints", server.url, "--model", "m"],
        ...["--dataset", join(dir, "trace.jsonl"), "--load-pattern", "trace", "--streaming", "off"],
        ...["--report-dir", report, "--server-metrics", "off"],
      ]);
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toContain("20 of 30 rows name their model");
      const sent = sentModels(report);
      expect(sent).toHaveLength(30);
      for (const { row, model } of sent) expect(model).toBe(modelOf(row) ?? "m");
      const seen = server.observations().map((o) => o.model);
      for (const name of ["org/a,v2", "lora=b", "m"]) expect(seen.filter((m) => m === name)).toHaveLength(10);
      const perModel = readSummary(report).per_model ?? {};
      expect(Object.entries(perModel).map(([name, b]) => [name, b.n_samples_issued])).toEqual([
        ["m", 10],
        ["org/a,v2", 10],
        ["lora=b", 10],
      ]);
      expect(readFileSync(join(report, "report.txt"), "utf8")).toContain("Per model (3 models");
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("conversations: a row's model goes with its turn, broken down per model; --model gets the rest", async () => {
    const server = await startMockServer({ mode: "echo", recordObservations: true });
    try {
      const dir = dirs.make();
      // Conversation c has 2 user turns; c0 and c2 name "planner" on turn 1 only, c1 "coder" on both, c3 none.
      const named: Record<string, (string | null)[]> = {
        c0: ["planner", null],
        c1: ["coder", "coder"],
        c2: ["planner", null],
        c3: [null, null],
      };
      const rows = Object.entries(named).flatMap(([id, models]) =>
        models.flatMap((model, t) => [
          { conversation_id: id, turn: 2 * t + 1, role: "user", content: `${id} t${t}`, ...(model ? { model } : {}) },
          { conversation_id: id, turn: 2 * t + 2, role: "assistant", content: "ok" },
        ]),
      );
      writeJsonl(join(dir, "conversations.jsonl"), rows);
      const report = join(dir, "r");
      const result = await runCli([
        ...["benchmark", "online", "--endpoints", server.url, "--model", "m"],
        ...["--dataset", join(dir, "conversations.jsonl"), "--load-pattern", "agentic_inference"],
        ...["--concurrency", "2", "--report-dir", report, "--server-metrics", "off"],
      ]);
      expect(result.exitCode).toBe(0);
      // Bodies are conversation-major: body 2c + t is conversation c's turn t (the row's model, else --model).
      const expected = Object.values(named).flatMap((models) => models.map((m) => m ?? "m"));
      const sent = sentModels(report);
      expect(sent.map((r) => r.model)).toEqual(expected);
      const seen = server.observations().map((o) => o.model);
      const counts = { m: 4, planner: 2, coder: 2 };
      for (const [name, n] of Object.entries(counts)) expect(seen.filter((m) => m === name)).toHaveLength(n);
      const perModel = readSummary(report).per_model ?? {};
      expect(Object.fromEntries(Object.entries(perModel).map(([name, b]) => [name, b.n_samples_issued]))).toEqual(
        counts,
      );
      expect(result.stderr).toContain("4 of 8 turns name their model");
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("a trace's --dry-run: parser.model=COL names each row's model, and --model, sent nothing, is not listed", async () => {
    const dir = dirs.make();
    // Every row names its model through the column parser.model maps; the prompt through parser.prompt.
    const rows = ["a", "b", "a"].map((served, i) => ({ timestamp: i, text: `row ${i}`, served }));
    writeJsonl(join(dir, "trace.jsonl"), rows);
    const result = await runCli([
      ...["benchmark", "online", "--endpoints", "http://127.0.0.1:9", "--model", "m"],
      ...["--dataset", `${join(dir, "trace.jsonl")},parser.prompt=text,parser.model=served`],
      ...["--load-pattern", "trace", "--dry-run"],
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("  models: a 2, b 1\n");
  }, 30_000);

  test("a mix over a trace is refused with the model column as the way", async () => {
    const result = await runCli([
      ...["benchmark", "online", "--endpoints", "http://127.0.0.1:9", "--dataset", "t.jsonl"],
      ...["--load-pattern", "trace", "--model-mix", "a=1", "--model-mix", "b=1"],
    ]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^error: .*--model-mix\): .*not to load_pattern trace: give each row its model/m);
  });
});
